"""Numeric claim kinds: quadrature identities, numeric identities and sampled inequalities.

They check statements that have no symbolic form to simplify, so they are never PROVED:
only CHECKED at stated sample points or REFUTED with a point.

:class:`QuadratureCheck` is an identity claim whose left side has no symbolic form we can
simplify (a hockey-stick divergence ∫ (p − γq)_+, a Rényi moment ∫ p^α q^{1−α} at
fractional α): it is an mpmath integral of the *definition*.  The checker never proves:
at each sample point (hints first) it evaluates both sides at ``digits`` + 10 digits and
REFUTES on a relative disagreement beyond 10^−digits, otherwise reports CHECKED with the
number of points and the agreement reached.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

import mpmath
import sympy as sp

from .base import Claim
from .base import free_symbols, named_points
from ..deadline import Deadline
from ..proving import mp_value, show_point
from ..sampling import sample_points
from ..verdict import Status, Verdict


class QuadratureCheck(Claim):
    """``integral(point) = rhs`` at sample points, by quadrature of the definition (never PROVED).

    ``integral`` maps {name: mpf} (parameters at the current mpmath precision) to the
    numerically integrated value; ``rhs`` is the SymPy closed form being checked.
    """

    kind = "quadrature"
    what = "quadrature"

    def __init__(
        self,
        id,
        integral: Callable[[Mapping[str, mpmath.mpf]], mpmath.mpf],
        rhs,
        statement,
        source,
        *,
        where: Iterable = (),
        hints: Iterable[dict] = (),
        samples: int = 6,
        digits: int = 40,
        symbols=None,
        expect: str = "checked",
        **kw,
    ):
        super().__init__(id, statement, source, expect=expect, **kw)
        self.integral = integral
        # rhs: a SymPy closed form, or a callable like ``integral`` (then ``symbols`` is required)
        self.rhs = rhs if callable(rhs) and not isinstance(rhs, sp.Basic) else sp.sympify(rhs)
        self.where = tuple(sp.sympify(w) for w in where)
        self.symbols = list(symbols) if symbols is not None else free_symbols(self.rhs, *self.where)
        self.hints = named_points(hints, self.symbols)
        self.samples = samples
        self.digits = digits

    def _check(self, deadline: Deadline) -> Verdict:
        tested, worst = 0, mpmath.mpf(0)
        dps = self.digits + 10
        for point in sample_points(self.symbols, self.where, n=self.samples, hints=self.hints):
            deadline.check_hang()
            with mpmath.workdps(dps):
                values = {s.name: mpmath.mpf(int(v.p)) / int(v.q) for s, v in point.items()}
                closed = (
                    self.rhs(values)
                    if callable(self.rhs) and not isinstance(self.rhs, sp.Basic)
                    else mp_value(self.rhs, point, dps)
                )
                numeric = self.integral(values)
                scale = max(abs(closed), mpmath.mpf(10) ** (-dps))
                rel = abs(numeric - closed) / scale
            tested += 1
            worst = max(worst, rel)
            if rel > mpmath.mpf(10) ** (-self.digits):
                return Verdict(
                    Status.REFUTED,
                    f"{self.what}: the two sides disagree",
                    f"at {show_point(point)}: lhs {mpmath.nstr(numeric, 25)}, rhs {mpmath.nstr(closed, 25)}",
                    counterexample=show_point(point),
                )
        if not tested:
            return Verdict(Status.UNKNOWN, "no sample point evaluated", "out of time")
        return Verdict(
            Status.CHECKED,
            f"{self.what} at {tested} points ({dps} digits)",
            f"both sides agree to relative {mpmath.nstr(worst, 3)} (≤ 1e-{self.digits}) at {tested} sample points",
        )


_RELATIONS = {"<=": lambda d: d <= 0, ">=": lambda d: d >= 0}


class SampledInequality(Claim):
    """``lhs(point) rel rhs(point)`` at sample points, both sides mpmath callables (never PROVED).

    For statements about evaluators (an optimised RDP → (ε, δ) conversion, an inverse):
    each side is computed at ``digits`` + 10 digits; a violation larger than
    10^−digits relative REFUTES with the point; otherwise CHECKED, with the number of
    points and the smallest relative margin seen.  ``symbols`` lists the sampled
    parameters (their SymPy assumptions choose the candidate values).
    """

    kind = "sampled-inequality"

    def __init__(
        self,
        id,
        lhs: Callable,
        rel: str,
        rhs: Callable,
        statement,
        source,
        *,
        symbols,
        where: Iterable = (),
        hints: Iterable[dict] = (),
        samples: int = 12,
        digits: int = 30,
        expect: str = "checked",
        **kw,
    ):
        super().__init__(id, statement, source, expect=expect, **kw)
        if rel not in _RELATIONS:
            raise ValueError(f"{id}: relation must be one of {list(_RELATIONS)}")
        self.lhs, self.rel, self.rhs = lhs, rel, rhs
        self.where = tuple(sp.sympify(w) for w in where)
        self.symbols = list(symbols)
        self.hints = named_points(hints, self.symbols)
        self.samples = samples
        self.digits = digits

    def _check(self, deadline: Deadline) -> Verdict:
        tested, margin = 0, None
        dps = self.digits + 10
        for point in sample_points(self.symbols, self.where, n=self.samples, hints=self.hints):
            deadline.check_hang()
            with mpmath.workdps(dps):
                values = {s.name: mpmath.mpf(int(v.p)) / int(v.q) for s, v in point.items()}
                left, right = self.lhs(values), self.rhs(values)
                scale = max(abs(left), abs(right), mpmath.mpf(10) ** (-dps))
                rel = (left - right) / scale
            tested += 1
            signed = rel if self.rel == ">=" else -rel
            margin = signed if margin is None else min(margin, signed)
            if signed < -(mpmath.mpf(10) ** (-self.digits)):
                return Verdict(
                    Status.REFUTED,
                    f"counterexample ({dps}-digit evaluation)",
                    f"at {show_point(point)}: lhs {mpmath.nstr(left, 20)} {self.rel} "
                    f"rhs {mpmath.nstr(right, 20)} fails",
                    counterexample=show_point(point),
                )
        if not tested:
            return Verdict(Status.UNKNOWN, "no sample point evaluated", "out of time")
        return Verdict(
            Status.CHECKED,
            f"sampled {tested} points ({dps}-digit evaluation, not interval-certified)",
            f"holds at all {tested} points; smallest relative margin {mpmath.nstr(margin, 3)}",
        )


#: A numeric identity between two callables (or a callable and a closed form) at sample
#: points; the same checker as :class:`QuadratureCheck`, named for uses without an integral.
class NumericIdentity(QuadratureCheck):
    """Two callables (or a callable and a closed form) agree at sample points (never PROVED)."""

    kind = "numeric-identity"
    what = "numeric evaluation"
