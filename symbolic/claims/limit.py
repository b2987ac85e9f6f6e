"""Limit claims: ``lim_{var -> point} expr = expected``, symbolically and numerically."""

from __future__ import annotations

from typing import Iterable

import mpmath
import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..proving import mp_value, prove_zero, show_point, value_at
from ..sampling import sample_points
from ..verdict import Status, Verdict
from .base import Claim, free_symbols


def _decided(cond: sp.Basic):
    """True/False if the symbols' assumptions decide an equation, else None."""
    if isinstance(cond, sp.Eq):
        diff = cond.lhs - cond.rhs
        for form in (diff, sp.expand(diff), sp.factor(diff)):
            if form.is_zero is not None:
                return form.is_zero
    if cond in (sp.true, sp.false):
        return bool(cond)
    return None


def punctured(expr: sp.Basic, var: sp.Symbol) -> sp.Basic:
    """Drop ``Piecewise`` branches that cannot apply near the limit point.

    A limit depends only on a punctured neighbourhood of the point, where
    measure-zero branches given by an equation in ``var`` (``Eq(L**2, 1)`` as
    ``L -> 1``) never apply; branches whose equation the assumptions refute
    (``Eq((1 + u)**2, 1)`` with ``u > 0``) are dropped too.
    """
    def visit(node):
        if isinstance(node, sp.Piecewise):
            kept = [(visit(p), c) for p, c in node.args
                    if not (isinstance(c, sp.Eq) and var in c.free_symbols) and _decided(c) is not False]
            if len(kept) == 1 and kept[0][1] == sp.true:
                return kept[0][0]
            return sp.Piecewise(*kept)
        if node.is_Atom or not node.args:
            return node
        return node.func(*[visit(a) for a in node.args])

    return visit(sp.piecewise_fold(expr.doit()))


class Limit(Claim):
    """``lim expr = expected`` as ``var -> point`` (``direction`` '+', '-' or '+-').

    PROVED when SymPy's limit (Gruntz) equals ``expected`` symbolically *and* a
    high-precision numeric approach at sample parameter values agrees.  SymPy
    undecided but numerics agreeing: CHECKED.  A definite different limit that
    the numerics confirm: REFUTED at a sample point.  Symbolic and numeric
    disagreeing: UNKNOWN (reported, never resolved in favour of either).
    """

    kind = "limit"

    def __init__(self, id, expr, var: sp.Symbol, point, expected, statement, source, *,
                 direction: str = "+-", where: Iterable = (), numeric_points: int = 3, **kw):
        super().__init__(id, statement, source, **kw)
        self.expr = sp.sympify(expr)
        self.var = var
        self.point = sp.sympify(point)
        self.expected = sp.sympify(expected)
        self.direction = direction
        self.where = tuple(sp.sympify(w) for w in where)
        self.numeric_points = numeric_points

    def _approach(self) -> list[sp.Basic]:
        if self.point in (sp.oo, -sp.oo):
            sign = 1 if self.point == sp.oo else -1
            return [sign * sp.Integer(10) ** k for k in (4, 8, 16, 32)]
        offsets = [sp.Integer(10) ** -k for k in (4, 8, 16, 32)]
        sign = -1 if self.direction == "-" else 1
        return [self.point + sign * h for h in offsets]

    def _numeric(self, deadline: Deadline, target):
        """Approach the point at sample parameters and compare with ``target``.

        Returns ``(verdict, note, point)`` with verdict ``"converges"`` (towards
        ``target`` at every sample point), ``"elsewhere"`` (at ``point`` the values
        settle on a different number), or ``"unclear"``.
        """
        others = [s for s in free_symbols(self.expr, *self.where) if s != self.var]
        infinite = target in (sp.oo, -sp.oo)
        worst = 0.0
        count = 0
        for point in sample_points(others, [w for w in self.where if self.var not in w.free_symbols],
                                   n=self.numeric_points, seed=1):
            if deadline.expired():
                break
            prepared = punctured(self.expr, self.var).xreplace(point)
            with mpmath.workdps(80):
                values = [mp_value(prepared, {self.var: x}, 80) for x in self._approach()]
            if infinite:
                sign = 1 if target == sp.oo else -1
                ok = all(sign * v > 0 for v in values) and abs(values[-1]) > 1e6 and abs(values[-1]) > abs(values[0])
                if not ok:
                    return "unclear", f"at {show_point(point)} the values {[mpmath.nstr(v, 6) for v in values]} do not diverge", point
                count += 1
                continue
            goal = mpmath.mpf(str(sp.N(value_at(target, point, 80).value, 40)))
            scale = max(1, abs(goal))
            err = abs(values[-1] - goal) / scale
            if err <= 1e-6 and err <= abs(values[0] - goal) / scale:
                worst = max(worst, float(err))
                count += 1
                continue
            settled = abs(values[-1] - values[-2]) <= 1e-12 * max(1, abs(values[-1]))
            note = (f"at {show_point(point)} the values approach {mpmath.nstr(values[-1], 15)}, "
                    f"not {mpmath.nstr(goal, 15)}")
            return ("elsewhere" if settled else "unclear"), note, point
        if not count:
            return "unclear", "no sample point evaluated", None
        return "converges", f"{count} sample points; final relative distance ≤ {worst:.1e}", None

    def _check(self, deadline: Deadline) -> Verdict:
        symbolic = None
        reason = ""
        try:
            with deadline.phase(0.7):
                prepared = punctured(self.expr, self.var)
                symbolic = sp.limit(prepared, self.var, self.point, self.direction)
                if symbolic.has(sp.Limit) or symbolic is sp.nan or isinstance(symbolic, sp.AccumBounds):
                    reason = f"SymPy returned {symbolic}"
                    symbolic = None
        except PhaseTimeout:
            reason = "SymPy limit ran out of its share of the budget"
        except (NotImplementedError, ValueError, TypeError, RecursionError) as exc:
            reason = f"SymPy limit failed: {type(exc).__name__}"
        if symbolic is not None:
            same = symbolic == self.expected or (
                self.expected not in (sp.oo, -sp.oo) and symbolic not in (sp.oo, -sp.oo)
                and prove_zero(symbolic - self.expected, deadline).proved)
            outcome, numeric_note, _ = self._numeric(deadline, symbolic)
            ok = outcome == "converges"
            if same and ok:
                return Verdict(Status.PROVED, "SymPy limit (Gruntz) + high-precision numeric confirmation",
                               f"limit = {symbolic}; numeric: {numeric_note}")
            if not ok:
                return Verdict(Status.UNKNOWN, "SymPy limit not confirmed numerically",
                               f"SymPy gave {symbolic}; numeric: {numeric_note}")
            # SymPy found a different limit and numerics agree with SymPy.
            others = [s for s in free_symbols(self.expr) if s != self.var]
            for point in sample_points(others, [w for w in self.where if self.var not in w.free_symbols], n=12):
                diff = value_at(symbolic - self.expected, point)
                if diff.is_certainly_nonzero(50):
                    return Verdict(Status.REFUTED, "SymPy limit differs from the claimed value",
                                   f"limit is {symbolic}, claimed {self.expected}; at {show_point(point)} "
                                   f"they differ by {sp.N(diff.value, 15)}",
                                   counterexample=show_point(point),
                                   details={"limit": symbolic, "claimed": self.expected})
            return Verdict(Status.UNKNOWN, "limit found but its equality with the claim is undecided",
                           f"SymPy gave {symbolic}")
        outcome, numeric_note, bad = self._numeric(deadline, self.expected)
        if outcome == "converges":
            return Verdict(Status.CHECKED, "numeric approach only (SymPy could not decide)",
                           f"{reason}; numeric: {numeric_note}")
        if outcome == "elsewhere":
            return Verdict(Status.REFUTED, "numeric approach settles on a different value",
                           f"{reason}; {numeric_note}", counterexample=show_point(bad))
        return Verdict(Status.UNKNOWN, "undecided", reason)
