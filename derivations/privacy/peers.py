"""Adapters to established DP accountants (the ``peers`` extra), behind our API.

Used for numerical composition (which we do not re-implement: no hand-written FFT
composer) and as comparison baselines in ``benchmarks/peers.py``.  Every import is lazy;
a missing package raises :class:`PeersUnavailable` naming the extra to install.  Inputs
are exact strings/rationals like everywhere else; they are converted to float64 here,
because that is what these libraries compute with.
"""

from __future__ import annotations

import importlib

from symbolic.errors import HypothesisError, InputError, SymbolicError
from symbolic.exact_numbers import parse_exact

INSTALL = "pip install 'hidden-state-proofs[peers]'  (or: pip install dp-accounting prv-accountant autodp)"


class PeersUnavailable(SymbolicError, ImportError):
    """An optional peer accountant is not installed."""


def require(module: str):
    """Import ``module`` or raise :class:`PeersUnavailable` with the install command."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise PeersUnavailable(f"{module} is not installed; it comes with the 'peers' extra: {INSTALL}") from exc


def _inputs(p, sigma, steps, delta):
    pe, se, te, de = (
        parse_exact(v, f"compose: {n}") for v, n in ((p, "p"), (sigma, "sigma"), (steps, "steps"), (delta, "delta"))
    )
    for ok, text, vals in (
        (0 <= pe <= 1, "0 ≤ p ≤ 1", {"p": pe}),
        (se > 0, "sigma > 0", {"sigma": se}),
        (te.is_integer and te >= 1, "steps is a positive integer", {"steps": te}),
        (0 < de < 1, "0 < δ < 1", {"delta": de}),
    ):
        if not ok:
            raise HypothesisError("privacy/compose-subsampled-gaussian", text, vals)
    return float(pe), float(se), int(te), float(de)


def compose_poisson_gaussian(p, sigma, steps, delta, *, accountant: str = "pld", **options) -> float:
    """ε(δ) of ``steps`` Poisson-subsampled Gaussian steps (rate p, noise multiplier σ) by a peer accountant.

    ``"pld"``: dp_accounting ``PLDAccountant`` (``options`` forwarded, e.g.
    ``value_discretization_interval=1e-4``); ``"prv"``: prv_accountant ``PRVAccountant``
    (``eps_error`` default 0.01, ``delta_error`` default δ/1000), upper estimate returned.
    """
    pf, sf, t, df = _inputs(p, sigma, steps, delta)
    if accountant == "pld":
        dpa = require("dp_accounting")
        event = dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(pf, dpa.GaussianDpEvent(sf)), t)
        acc = dpa.pld.PLDAccountant(**options)
        acc.compose(event)
        return float(acc.get_epsilon(df))
    if accountant == "prv":
        prv = require("prv_accountant")
        mech = prv.PoissonSubsampledGaussianMechanism(sampling_probability=pf, noise_multiplier=sf)
        acc = prv.PRVAccountant(
            prvs=[mech],
            max_self_compositions=[t],
            eps_error=options.get("eps_error", 0.01),
            delta_error=options.get("delta_error", df / 1000),
        )
        return float(acc.compute_epsilon(delta=df, num_self_compositions=[t])[2])
    raise InputError(f"compose_poisson_gaussian: accountant must be 'pld' or 'prv', not {accountant!r}")
