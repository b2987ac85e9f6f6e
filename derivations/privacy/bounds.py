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

import mpmath
import sympy as sp

from symbolic import EvaluationError, Formula, HypothesisError, Identity, Source, mpf_to_rational
from symbolic.evaluate.expressions import lambdify_mpmath, resolve_branches

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
    #: A certified value of the **bound** at the point its evaluator's search chose, for a formula that is a
    #: minimum found by a search (Chien & Li's Theorems 3.1 and 3.7): ``certifier(values, prec)`` returns an
    #: Arb ball containing the theorem's objective at that point (≥ the formula's exact value, a valid bound),
    #: with ≥ ``prec`` bits of relative accuracy, or raises :class:`~symbolic.certify.CertificationError`; it
    #: says where in its attribute ``certified_at`` (text).  It is not the formula's certifier: a ball of the
    #: formula's exact value belongs on its method, ``Formula(..., method=Algorithm(f, certifier=c))``, and
    #: :class:`BoundAt` uses it from there.  ``values``: parameter name -> exact SymPy number (a Rational, or
    #: an algebraic number such as s·√(η/2) that a mapping produces); the caller has checked the hypotheses.
    certifier: Callable | None = None

    def __post_init__(self):
        if self.relation not in RELATIONS:
            raise ValueError(f"{self.id}: relation must be one of {RELATIONS}")
        if not self.valid and not self.corrected_by:
            raise ValueError(f"{self.id}: an invalid (refuted) bound names its correction")
        if self.certifier is not None and not getattr(self.certifier, "certified_at", None):
            raise ValueError(
                f"{self.id}: a bound's certifier certifies it at its evaluator's choice and says where "
                "(certified_at); a ball of the formula's exact value belongs on Algorithm(f, certifier=...)"
            )
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

    @property
    def certified_at(self) -> str | None:
        """Where the certifier's ball is taken when that is a search's choice (e.g. Chien & Li: the window
        and levels their evaluator found), from the certifier's documented ``certified_at``, or None."""
        return None if self.certifier is None else self.certifier.certified_at

    def at(self, subs: Mapping[sp.Symbol, sp.Basic]) -> "BoundAt":
        """The bound's formula at one run: ``subs`` maps the canonical run symbols to exact values."""
        return BoundAt(self, subs)

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
            "certifier": self.certifier is not None or self.formula.certifier is not None,
        }


class BoundAt:
    """A bound's formula with one run's exact values substituted (through the bound's mapping).

    What is left free is the formula's output variable (α, ε or δ) and the parameters the bound holds
    for every value of (:attr:`Bound.free`).  The run's values are rationals, or algebraic numbers when
    a mapping takes a root (σ = s·√(η/2)); the formula takes both (:meth:`symbolic.Formula.check`
    decides its hypotheses on them exactly).

    * :meth:`fast` — an mpmath function of the remaining variables for *searching* (compiled once from
      the formula's verified evaluation expression, branches resolved at the run's values, the values
      passed as numbers at call time); None for a formula computed by an algorithm or an inverse;
    * :meth:`evaluate` — the formula's correct digits at exact values of the remaining variables;
    * :meth:`ball` — an Arb ball containing the exact value: :meth:`symbolic.Formula.certify` (the
      certifier of the formula's method when it has one), the bound's :attr:`Bound.certifier` (a valid
      bound at its evaluator's choice) when it declares one, or, for an algorithm with no certifier
      whose definition ``expr`` has an Arb translation, a ball of that definition (the algorithm is a
      stable rewriting of it); :class:`~symbolic.certify.NotCertifiable` otherwise.
    """

    def __init__(self, bound: Bound, subs: Mapping[sp.Symbol, sp.Basic]):
        self.bound = bound
        self.formula = bound.formula
        self.params = {name: sp.sympify(expr).xreplace(subs) for name, expr in bound.mapping.items()}
        self.rational = all(v.is_Rational for v in self.params.values())
        self.variables = ([bound.output.at] if bound.output.at else []) + list(bound.free)
        self._fast: Callable | None = None

    # -- searching ----------------------------------------------------------------------
    def fast(self) -> Callable | None:
        """mpmath function of :attr:`variables` (in that order) for searching, or None (see the class)."""
        if self.formula.evaluator is not None:
            return None
        if self._fast is None:
            self._fast = search_function(self.formula, self.params, self.variables)
        return self._fast

    def search_value(self, *, validated: bool = True, **values) -> mpmath.mpf:
        """The formula at mpmath ``values`` for searching (NaN where a hypothesis fails or no value exists):
        :meth:`fast` when there is one, else :meth:`evaluate` at the values made exact, or with
        ``validated=False`` (a plotted point: a good value, not validated digits) one run of the formula's
        algorithm (:meth:`symbolic.Formula.estimate`: at the working digits, with no precision loop and no Arb
        bracket; a plotted point of Asoodeh & Diaz (22) ran its root finder at ~40 digits and certified the
        bracket)."""
        fn = self.fast()
        if fn is not None:
            return fn(*[mpmath.mpf(values[n]) for n in self.variables])
        try:
            exact = {k: mpf_to_rational(v if isinstance(v, mpmath.mpf) else mpmath.mpf(v)) for k, v in values.items()}
            if not validated and self.bound.certifier is None:
                try:
                    return self.formula.estimate(mpmath.mp.dps, **self.params, **exact)
                except EvaluationError:
                    return mpmath.nan
            return self.evaluate(mpmath.mp.dps, **exact)
        except HypothesisError:
            return mpmath.nan

    # -- checked values -------------------------------------------------------------------
    def check(self, **values) -> dict:
        """The exact inputs; :class:`~symbolic.HypothesisError` if a domain or hypothesis fails."""
        return self.formula.check(**self.params, **values)

    def evaluate(self, dps: int = 30, **values) -> mpmath.mpf:
        """The formula's value to ``dps`` digits at exact ``values`` of the remaining variables."""
        if self.bound.certifier is not None or self.formula.certifier is not None:
            # one certified ball (the certifier may reuse its search across orders α), no precision loop
            return self._ball_midpoint(dps, values)
        return self.formula.evaluate(dps=dps, **self.params, **values)

    def ball(self, prec: int, **values):
        """An Arb ball containing the exact value at exact ``values`` (see the class)."""
        from symbolic.certify import NotCertifiable  # python-flint is optional: imported on use

        if self.bound.certifier is not None:
            return self.bound.certifier(self.check(**values), prec)
        try:
            return self.formula.certify(prec, **self.params, **values)
        except NotCertifiable:
            if self.formula.evaluator is None or self.formula.inverse is not None:
                raise
        return definition_ball(self.formula, self.check(**values), prec)

    def _ball_midpoint(self, dps: int, values: dict) -> mpmath.mpf:
        from symbolic.certify import bits_for_digits
        from symbolic.certify.arb import endpoints

        lo, hi = endpoints(self.ball(bits_for_digits(dps) + 10, **values))
        with mpmath.workdps(dps + 10):
            return (mpmath.mpf(lo.numerator) / lo.denominator + mpmath.mpf(hi.numerator) / hi.denominator) / 2


def definition_ball(formula: Formula, exact: Mapping, prec: int):
    """An Arb ball containing ``formula.expr`` — the definition an algorithm (``evaluator=``) computes by a
    stable rewriting — at checked exact inputs (rationals or algebraic numbers), ≥ ``prec`` bits.  Arb
    raises its working precision until the ball is accurate, so the cancellations the algorithm avoids
    cost precision, never correctness; :class:`~symbolic.certify.NotCertifiable` when the definition has
    no Arb translation."""
    from symbolic.certify import NotCertifiable
    from symbolic.certify.translate import translatable
    from symbolic.evaluate.methods import expression_ball

    if not translatable(formula.expr):
        raise NotCertifiable(f"{formula.id}: its definition has no Arb translation (no certified enclosure)")
    return expression_ball(formula, formula.expr, exact, prec)


#: (formula ID, resolved expression, parameter names, variables) -> compiled mpmath function: a plotted
#: curve builds one :class:`BoundAt` per step count, each of which would otherwise compile again.
_COMPILED: dict[tuple, Callable] = {}


def search_function(formula: Formula, params: Mapping[str, sp.Basic], variables: list[str]) -> Callable:
    """An mpmath function of ``variables`` (in order): ``formula``'s verified evaluation expression with
    ``params`` fixed, for searching (NaN where it is undefined or complex).

    Compiled over the formula's own symbols with the values passed as mpmath numbers at call time
    (branches resolved exactly once): substituting them first would let SymPy expand e.g. (√2)^(2·10⁶)
    into a 300 000-digit integer literal that the code printer then writes out."""
    names = list(params)
    expr = resolve_branches(formula.evaluation_expr, {formula.symbol(n): v for n, v in params.items()})
    key = (formula.id, expr, tuple(names), tuple(variables))
    fn = _COMPILED.get(key)
    if fn is None:
        fn = _COMPILED[key] = lambdify_mpmath([formula.symbol(n) for n in names + list(variables)], expr)
    cache: dict[int, list] = {}

    def param_values() -> list:
        prec = mpmath.mp.prec
        if prec not in cache:
            cache[prec] = [
                mpmath.mpf(int(v.p)) / int(v.q) if v.is_Rational else mpmath.mpf(sp.N(v, mpmath.mp.dps + 10))
                for v in (params[n] for n in names)
            ]
        return cache[prec]

    def call(*args):
        try:
            v = fn(*param_values(), *args)
        except (ZeroDivisionError, ValueError, OverflowError, TypeError):
            return mpmath.nan
        if isinstance(v, mpmath.mpc):
            return mpmath.nan if abs(v.imag) > 0 else v.real
        return mpmath.mpf(v)

    return call


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
