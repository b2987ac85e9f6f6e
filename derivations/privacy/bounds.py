"""Bound declarations: what a theorem-level privacy bound outputs, and for which training run.

A :class:`Bound` wraps a registered :class:`~symbolic.Formula` (the theorem's value) and
declares

* its **output** (:class:`Output`): an RDP value ε(α) at order α, a GDP μ, δ at a given ε,
  ε at a given δ, a tradeoff function, or a total-variation bound;
* the **neighbouring relation** (``replace-one`` or ``add-remove``), and that it protects
  the last iterate only;
* the **regime** (:class:`Regime`) it needs, in the canonical run vocabulary of
  :mod:`derivations.privacy.run`: loss classes, batching schemes, which run keys must be
  given, and conditions on them stated in the user's words ("Theorem 4.2 needs m > 0");
* the **mapping** from canonical run symbols to the formula's parameters (the formula's
  output variable α, ε or δ, and the analysis parameters it holds for every value of, are
  left out), and the paper's own **update convention** (:class:`UpdateConvention`), which
  becomes two identity claims ``<bound>/noise-convention`` and ``<bound>/step-convention``
  proving that, under the mapping, the paper's step is the canonical step;
* its **validity**: a printed form refuted by an erratum is declared ``valid=False`` with
  the ID of its correction; it can still be evaluated, but is never offered as a bound.

Declare a bound with :func:`declare` from a paper module, after the formula is added::

    declare(paper, Bound(
        formula=thm, label="Theorem 2.3", output=Output.rdp("alpha"),
        regime=Regime(losses=("nonconvex",), batchings=("cyclic",), needs=("clip", "M"),
                      requires=(Requirement(sp.Eq(sp.Mod(n, b), 0), "b divides n"),)),
        mapping={"sigma": eta * s, "lam": eta, "C": C, "b": b, "k": n, "T": T, ...},
        update=UpdateConvention(noise_std=sigma, gradient_step=lam)))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

import sympy as sp

from symbolic import Formula, Identity, Source

from .run import BATCHINGS, CANONICAL_GRADIENT_STEP, CANONICAL_ITERATE_NOISE_STD, LOSSES, RELATIONS, RUN_SYMBOLS

_CURRENCIES = {
    "rdp": "Rényi DP ε(α) at order α",
    "gdp-mu": "Gaussian DP μ",
    "delta": "δ at a given ε (hockey-stick divergence)",
    "epsilon": "ε at a given δ",
    "tradeoff": "tradeoff function value",
    "tv": "total-variation bound",
}


@dataclass(frozen=True)
class Output:
    """The currency of a bound's value and the formula parameter that is its free variable.

    ``currency`` is one of ``rdp`` (``at`` = the order α's parameter name), ``gdp-mu``,
    ``delta`` (``at`` = ε's name), ``epsilon`` (``at`` = δ's name), ``tradeoff`` (``at`` =
    the type-I error's name) or ``tv``.
    """

    currency: str
    at: str | None = None

    def __post_init__(self):
        if self.currency not in _CURRENCIES:
            raise ValueError(f"unknown currency {self.currency!r}; known: {', '.join(_CURRENCIES)}")
        needs_at = self.currency in ("rdp", "delta", "epsilon", "tradeoff")
        if needs_at != (self.at is not None):
            raise ValueError(f"currency {self.currency!r} {'needs' if needs_at else 'takes no'} `at` parameter")

    @classmethod
    def rdp(cls, alpha: str = "alpha") -> "Output":
        return cls("rdp", alpha)

    @classmethod
    def gdp(cls) -> "Output":
        return cls("gdp-mu")

    @classmethod
    def delta(cls, eps: str = "eps") -> "Output":
        return cls("delta", eps)

    @classmethod
    def epsilon(cls, delta: str = "delta") -> "Output":
        return cls("epsilon", delta)

    @property
    def meaning(self) -> str:
        return _CURRENCIES[self.currency] + (f" (parameter {self.at})" if self.at else "")


@dataclass(frozen=True)
class Requirement:
    """A condition on the canonical run symbols, with the text a user reads when it fails."""

    condition: sp.Basic
    text: str


@dataclass(frozen=True)
class Regime:
    """The training runs a bound covers, in the canonical vocabulary.

    ``losses``: loss classes the theorem is stated for (a run of a more structured class
    qualifies, see :func:`~derivations.privacy.run.loss_satisfies`); ``batchings``: batching
    schemes it covers; ``needs``: run keys that must be present (e.g. ``diameter``,
    ``clip``); ``requires``: conditions on the run symbols; ``clipping``: ``required``,
    ``forbidden`` (clipping breaks the contraction the theorem assumes) or ``allowed``.
    """

    losses: tuple[str, ...]
    batchings: tuple[str, ...]
    needs: tuple[str, ...] = ()
    requires: tuple[Requirement, ...] = ()
    clipping: str = "allowed"

    def __post_init__(self):
        bad = [x for x in self.losses if x not in LOSSES] + [x for x in self.batchings if x not in BATCHINGS]
        bad += [x for x in self.needs if x not in RUN_SYMBOLS]
        if bad or self.clipping not in ("required", "forbidden", "allowed"):
            raise ValueError(f"unknown regime terms {bad or self.clipping!r}")


@dataclass(frozen=True)
class UpdateConvention:
    """The paper's own update step, in the formula's parameters.

    ``noise_std``: standard deviation of the Gaussian noise the paper adds to the iterate;
    ``gradient_step``: the factor multiplying the averaged gradient in the paper's step.
    Under the bound's mapping they must equal η·s and η (proved by identity claims).
    """

    noise_std: sp.Basic
    gradient_step: sp.Basic


@dataclass
class Bound:
    """A theorem-level last-iterate privacy bound (see the module docstring)."""

    formula: Formula
    label: str
    output: Output
    regime: Regime
    mapping: Mapping[str, sp.Basic]
    update: UpdateConvention
    relation: str = "replace-one"
    valid: bool = True
    corrected_by: str | None = None
    #: Formula parameters the bound holds for every value of (the accountant may minimise
    #: over them), name -> (lower, upper) exclusive range as exact strings or None.
    free: Mapping[str, tuple] = field(default_factory=dict)
    note: str = ""
    last_iterate_only: bool = True
    #: For a formula computed by an algorithm (``evaluator=``) with no certified enclosure of its own:
    #: ``certifier(values, prec)`` returns an Arb ball containing the formula's exact value at ``values``
    #: (parameter name -> exact SymPy number: a Rational, or an algebraic number such as s·√(η/2) that a
    #: mapping produces), with ≥ ``prec`` bits of relative accuracy, or raises
    #: :class:`~symbolic.certify.CertificationError`.  The caller has checked the hypotheses exactly.
    certifier: Callable | None = None

    def __post_init__(self):
        if self.relation not in RELATIONS:
            raise ValueError(f"{self.id}: relation must be one of {RELATIONS}")
        if not self.valid and not self.corrected_by:
            raise ValueError(f"{self.id}: an invalid (refuted) bound names its correction")
        names = set(self.formula.names)
        covered = set(self.mapping) | set(self.free) | ({self.output.at} if self.output.at else set())
        if covered != names:
            raise ValueError(
                f"{self.id}: mapping + free + output variable must be exactly the formula's "
                f"parameters {sorted(names)}; got {sorted(covered)}"
            )
        canonical = set(RUN_SYMBOLS.values())
        for name, expr in self.mapping.items():
            extra = sp.sympify(expr).free_symbols - canonical
            if extra:
                raise ValueError(f"{self.id}: mapping of {name} uses non-canonical symbols {extra}")

    @property
    def id(self) -> str:
        return self.formula.id

    def _param_symbols(self) -> dict[sp.Symbol, sp.Basic]:
        return {p.symbol: sp.sympify(self.mapping[p.name]) for p in self.formula.params if p.name in self.mapping}

    def convention_claims(self) -> list[Identity]:
        """The two identity claims: under the mapping, the paper's step is the canonical step."""
        subs = self._param_symbols()
        src = Source(
            self.formula.source.paper,
            self.label,
            (),
            "derived",
            "the paper's update step in the canonical run vocabulary",
        )
        return [
            Identity(
                f"{self.id}/noise-convention",
                lhs=sp.sympify(self.update.noise_std).subs(subs),
                rhs=CANONICAL_ITERATE_NOISE_STD,
                statement=f"under the mapping of {self.id}, the paper's iterate noise std equals η·s",
                source=src,
                covers=[self.id],
            ),
            Identity(
                f"{self.id}/step-convention",
                lhs=sp.sympify(self.update.gradient_step).subs(subs),
                rhs=CANONICAL_GRADIENT_STEP,
                statement=f"under the mapping of {self.id}, the paper's gradient step equals η",
                source=src,
                covers=[self.id],
            ),
        ]

    def describe(self) -> dict:
        """A JSON-ready description (``list --bounds``)."""
        return {
            "id": self.id,
            "label": self.label,
            "output": self.output.currency,
            "at": self.output.at,
            "relation": self.relation,
            "last_iterate_only": self.last_iterate_only,
            "valid": self.valid,
            "corrected_by": self.corrected_by,
            "regime": {
                "losses": list(self.regime.losses),
                "batchings": list(self.regime.batchings),
                "needs": list(self.regime.needs),
                "clipping": self.regime.clipping,
                "requires": [r.text for r in self.regime.requires],
            },
            "mapping": {k: str(v) for k, v in self.mapping.items()},
            "free": {k: list(v) for k, v in self.free.items()},
            "note": self.note,
            "certifier": self.certifier is not None,
        }


def declare(paper, bound: Bound) -> Bound:
    """Register ``bound`` (and its two convention claims) with ``paper``."""
    if bound.formula.id not in paper.formulas:
        raise ValueError(f"{bound.id}: declare the bound after adding its formula to the paper")
    if not bound.valid and bound.corrected_by not in paper.formulas:
        raise ValueError(f"{bound.id}: its correction {bound.corrected_by} is not registered")
    paper.add_bound(bound)
    for claim in bound.convention_claims():
        paper.add(claim)
    return bound
