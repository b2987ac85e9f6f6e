"""The shared privacy toolkit (registry key ``privacy``; content, not engine): currencies and conversions
used by several papers — Gaussian Rényi divergence, GDP / f-DP, hockey-stick
divergence, subsampled-Gaussian RDP, RDP → (ε, δ).  Paper-agnostic: each module
adds its formulas and claims to :data:`toolkit`.

Modules (one job each):

* :mod:`.hockey_stick` — ``privacy/gaussian-hockey-stick`` (eps, r) and its claims.
* :mod:`.gaussian` — Φ, Q, φ helpers; ``privacy/gaussian-rdp`` (alpha, mu, sigma).
* :mod:`.gdp` — ``privacy/gdp-tradeoff``, ``privacy/gdp-delta``, ``privacy/gdp-epsilon``.
* :mod:`.rdp_conversion` — RDP → (ε, δ): :func:`~.rdp_conversion.rdp_to_epsilon` for any curve;
  ``privacy/rdp-linear-epsilon`` (rho, delta, method ∈ {mironov, balle, asoodeh, best}) for
  r(α) = ρα, and ``privacy/rdp-linear-epsilon-mironov``, Mironov's proved closed form.
* :mod:`.sgm` — ``privacy/sgm-rdp`` and ``privacy/sgm-rdp-reverse`` (Poisson-subsampled
  Gaussian, both directions); :func:`~.sgm.sgm_epsilon` for T steps (a thin wrapper).
* :mod:`.sgm_arb` — rigorous Arb enclosures of the SGM moments (binomial sums, ``acb.integral``).
* :mod:`.sgm_accounting` — ``privacy/sgm-epsilon`` (q, sigma, steps, delta, method): certified ε of
  T steps by RDP accounting over continuous α, with ``evaluate`` and ``certify``.
* :mod:`.bounds` — :class:`~.bounds.Bound` declarations and :class:`~.bounds.BoundAt`, a bound's formula
  at one run's exact values (searched, evaluated, certified): the accountant's entry point.
* :mod:`.subsampled` — ``privacy/subsampled-gdp-tradeoff`` C_p(G_μ); composition of many of
  them via :func:`~.subsampled.compose_subsampled_gaussian` (peer accountants, :mod:`.peers`).
"""

from symbolic import Paper

toolkit = Paper(
    "privacy",
    "Privacy currencies toolkit (RDP, GDP / f-DP, hockey-stick divergence)",
    "standard results; each formula cites its own source",
)

#: The toolkit's modules, in load order (each after the modules it imports); each adds its formulas and
#: claims to :data:`toolkit` when imported.  Importing one module (``derivations.privacy.run``,
#: ``.gaussian``) does not import the others (no symbolic work for a paper that needs only a few
#: helpers); reading ``paper.formulas`` / ``.claims`` imports them all, an ``eval`` only the one it needs.
MODULES = ("hockey_stick", "gaussian", "gdp", "subsampled", "sgm", "rdp_conversion", "sgm_accounting")
toolkit.declare_modules(__name__, MODULES)

#: The name the registry reads.
paper = toolkit

#: Public names of the toolkit's modules, imported on first use (``from derivations.privacy import BoundAt``).
_LAZY = {"Bound": "bounds", "BoundAt": "bounds", "definition_ball": "bounds"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
