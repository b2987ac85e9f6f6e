"""Limit claims: ``lim_{var -> point} expr = expected``, symbolically and numerically.

The symbolic side is the engine's limit calculus (:mod:`symbolic.limits`)."""

from __future__ import annotations

from typing import Iterable

import mpmath
import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..limits import FIRST_REWRITES, INFINITIES, in_domain, prove_limit, punctured
from ..obligations import Domain, definedness
from ..proving import EngineBug, mp_value, prove_zero, show_point, value_at
from ..sampling import extreme_points, sample_points
from ..verdict import Status, Verdict
from .base import Claim, free_symbols


class Limit(Claim):
    """``lim expr = expected`` as ``var -> point`` (``direction`` '+', '-' or '+-').

    PROVED only by the limit calculus of :func:`prove_limit` (continuity after exact
    rewriting, limit arithmetic outside indeterminate forms, l'Hôpital with a denominator
    derivative of proved sign, an erfc squeeze, finite sums), every side condition proved
    for all parameter values, and the value proved equal to ``expected``; a high-precision
    numeric approach at sample parameters must not contradict it (a contradiction raises
    :class:`~symbolic.proving.EngineBug`).  A proved limit that differs from ``expected``
    at a sample point: REFUTED.

    Otherwise SymPy's ``limit`` (Gruntz, which answers for *generic* parameter values:
    ``x/(x + a) -> 0`` as ``x -> 0`` although the limit is 1 at ``a = 0``) together with the
    numeric approach is evidence only: CHECKED, never PROVED; SymPy and the numerics
    agreeing on a different value at a sample point: REFUTED there; disagreement: UNKNOWN.

    ``squeeze=(lower, upper)``: when the calculus finds no limit, the squeeze theorem.  ``lower ≤ expr ≤ upper``
    must be PROVED as :class:`~symbolic.claims.inequality.Inequality` claims over the whole domain of the
    symbols (``squeeze_hints``: the two inequalities' keyword arguments, e.g. ``decreasing_in=``,
    ``increasing_in=``, ``certificate=``), every side the limit is taken from must lie in the domain of
    ``var`` (so the inequalities hold near the point), and the calculus must prove the same limit for both
    bounds.  For an expression whose terms have limits that depend on the parameters (``ε/r`` as ``r → 0⁺``
    is 0 at ``ε = 0`` and ``∞`` for ``ε > 0``) while the whole does not.

    ``first_rewrite`` (one of :data:`FIRST_REWRITES`) is tried before the other rewrites, which
    follow in their usual order if it fails: for a claim whose stated form sends the calculus
    through l'Hôpital on high-degree polynomials it cannot sign (seconds of ``simplify`` that end
    in no proof) while a rewrite proves it directly.  Order only: the same forms, the same rules.
    """

    kind = "limit"

    def __init__(
        self,
        id,
        expr,
        var: sp.Symbol,
        point,
        expected,
        statement,
        source,
        *,
        direction: str = "+-",
        where: Iterable = (),
        numeric_points: int = 3,
        first_rewrite: str = "",
        squeeze: tuple = (),
        squeeze_hints: tuple = ({}, {}),
        **kw,
    ):
        super().__init__(id, statement, source, **kw)
        if squeeze and len(squeeze) != 2:
            raise ValueError(f"{id}: squeeze must be (lower, upper)")
        self.squeeze = tuple(sp.sympify(b) for b in squeeze)
        self.squeeze_hints = tuple(dict(h) for h in squeeze_hints)
        if first_rewrite and first_rewrite not in FIRST_REWRITES:
            raise ValueError(f"{id}: first_rewrite={first_rewrite!r} is not one of {FIRST_REWRITES}")
        self.first_rewrite = first_rewrite
        self.expr = sp.sympify(expr)
        self.var = var
        self.point = sp.sympify(point)
        self.expected = sp.sympify(expected)
        self.direction = direction
        self.where = tuple(sp.sympify(w) for w in where)
        self.numeric_points = numeric_points

    def _param_points(self, n: int, seed: int = 1) -> list[dict]:
        others = [s for s in free_symbols(self.expr, self.expected, *self.where) if s != self.var]
        where = [w for w in self.where if self.var not in w.free_symbols]
        points = list(sample_points(others, where, n=n, seed=seed))
        # and the corner (every parameter at its value of least magnitude, a = 0 for a ≥ 0): where SymPy's
        # generic limit is most often wrong (x/(x + a) → 0 as x → 0, but 1 at a = 0)
        corner = next(extreme_points(others, where, base=points[0]), None) if points and others else None
        return points + [corner] if corner is not None and corner not in points else points

    def _refute_at(self, value, deadline, how: str):
        """REFUTED at the first sample point where the limit ``value`` differs from the claim."""
        for point in self._param_points(12):
            deadline.check_hang()
            if value in INFINITIES or self.expected in INFINITIES:
                if value != self.expected:
                    return Verdict(
                        Status.REFUTED,
                        how,
                        f"limit is {value}, claimed {self.expected}",
                        counterexample=show_point(point),
                        details={"limit": value, "claimed": self.expected},
                    )
                continue
            try:
                diff = value_at(value - self.expected, point)
                bad = diff.value.is_number and diff.is_certainly_nonzero(50)
            except (TypeError, ValueError, ZeroDivisionError):
                continue
            if bad:
                return Verdict(
                    Status.REFUTED,
                    how,
                    f"limit is {value}, claimed {self.expected}; at {show_point(point)} they differ by "
                    f"{sp.N(diff.value, 15)}",
                    counterexample=show_point(point),
                    details={"limit": value, "claimed": self.expected},
                )
        return None

    def _approaches(self) -> list[list[sp.Basic]]:
        """The sequences of ``var`` values approaching the point: one per side the limit is taken from.

        A two-sided limit is approached from both sides (evidence from one side says nothing
        about the other: |x|/x → 1 from the right only), except a side the variable's declared
        domain excludes (x positive, point 0: only the right side exists).
        """
        if self.point in (sp.oo, -sp.oo):
            sign = 1 if self.point == sp.oo else -1
            return [[sign * sp.Integer(10) ** k for k in (4, 8, 16, 32)]]
        offsets = [sp.Integer(10) ** -k for k in (4, 8, 16, 32)]
        signs = {"+": (1,), "-": (-1,), "+-": (1, -1)}[self.direction]
        out = [[self.point + sign * h for h in offsets] for sign in signs]
        return [xs for xs in out if all(in_domain(self.var, x) for x in xs)] or out[:1]

    def _numeric(self, deadline: Deadline, target):
        """Approach the point (from each side of :meth:`_approaches`) at sample parameters and
        compare with ``target``.

        Returns ``(verdict, note, point)`` with verdict ``"converges"`` (towards
        ``target`` at every sample point, on every side), ``"elsewhere"`` (at ``point`` the
        values settle on a different number), or ``"unclear"``.
        """
        worst = 0.0
        count = 0
        for point in self._param_points(self.numeric_points):
            deadline.check_hang()
            prepared = punctured(self.expr, self.var).xreplace(point)
            for side, values in self._side_values(prepared):
                if values is None:
                    return "unclear", f"at {show_point(point)} the expression could not be evaluated numerically", point
                outcome, err = self._compare(values, target, point, side)
                if outcome is not None:
                    return outcome
                worst = max(worst, err)
            count += 1
        if not count:
            return "unclear", "no sample point evaluated", None
        sides = "; approached from both sides" if len(self._approaches()) == 2 else ""
        if target in INFINITIES:
            return "converges", f"{count} sample points{sides}", None
        return "converges", f"{count} sample points{sides}; final relative distance ≤ {worst:.1e}", None

    def _side_values(self, prepared):
        """``(side, 80-digit values)`` along each approach (values None where they cannot be evaluated)."""
        for xs in self._approaches():
            side = "" if self.point in INFINITIES else (" from the right" if xs[0] > self.point else " from the left")
            try:
                with mpmath.workdps(80):
                    values = [mpmath.mpf(mp_value(prepared, {self.var: x}, 80)) for x in xs]
            except (TypeError, ValueError, ZeroDivisionError, OverflowError):
                values = None
            yield side, values

    def _compare(self, values, target, point, side=""):
        """``(None, relative error)`` if ``values`` approach ``target``, else ``((outcome, note, point), 0)``."""
        if target in INFINITIES:
            sign = 1 if target == sp.oo else -1
            ok = all(sign * v > 0 for v in values) and abs(values[-1]) > 1e6 and abs(values[-1]) > abs(values[0])
            if ok:
                return None, 0.0
            shown = [mpmath.nstr(v, 6) for v in values]
            return ("unclear", f"at {show_point(point)} the values{side} {shown} do not diverge", point), 0.0
        try:
            goal = mpmath.mpf(str(sp.N(value_at(target, point, 80).value, 40)))
        except (TypeError, ValueError, ZeroDivisionError):
            return ("unclear", f"at {show_point(point)} the target {target} is not a real number", point), 0.0
        scale = max(1, abs(goal))
        err = abs(values[-1] - goal) / scale
        if err <= 1e-6 and err <= abs(values[0] - goal) / scale:
            return None, float(err)
        settled = abs(values[-1] - values[-2]) <= 1e-12 * max(1, abs(values[-1]))
        approach = f"the values{side} approach {mpmath.nstr(values[-1], 15)}"
        note = f"at {show_point(point)} {approach}, not {mpmath.nstr(goal, 15)}"
        return (("elsewhere" if settled else "unclear"), note, point), 0.0

    def _obligations(self):
        """No parametric ``Limit`` inside the expression left to SymPy's generic rules, integer bounds of its
        sums (the expression itself only matters near the point), and the expected value defined for every
        parameter value."""
        params = [s for s in free_symbols(self.expr, self.expected) if s != self.var]
        domain = Domain(params, [w for w in getattr(self, "where", ()) if self.var not in w.free_symbols])
        inner = [
            o
            for o in definedness([self.expr], domain)
            if o.kind in ("no-generic-limit", "integer-bounds", "index-range")
        ]
        return inner + definedness([self.expected], domain, real=False)

    def _equal(self, value) -> bool:
        if value in INFINITIES or self.expected in INFINITIES:
            return value == self.expected
        return value == self.expected or prove_zero(value - self.expected).proved

    def _prove(self, deadline: Deadline):
        """(value, how, same): the proved limit (None if not proved), how, and whether it is the stated one."""
        value, how = prove_limit(self.expr, self.var, self.point, self.direction, self.first_rewrite)
        if value is None and self.squeeze:
            value, how = self._squeezed(deadline, how)
        return value, how, value is not None and self._equal(value)

    def _sides_in_domain(self) -> bool:
        """Whether every side the limit is taken from lies in ``var``'s declared domain near the point (a
        half-line of the sign assumptions), so inequalities proved over that domain hold there."""
        if self.var.is_integer or self.point.free_symbols:
            return False
        if self.point in INFINITIES:
            return in_domain(self.var, sp.Integer(1 if self.point == sp.oo else -1))
        signs = {"+": (1,), "-": (-1,), "+-": (1, -1)}[self.direction]
        return all(in_domain(self.var, self.point + sign * sp.Rational(1, 10**30)) for sign in signs)

    def _squeezed(self, deadline: Deadline, reason: str):
        """``(value, how)`` by the squeeze theorem (class docstring), or ``(None, reason)``."""
        from .inequality import Inequality

        if not self._sides_in_domain():
            return None, f"{reason}; squeeze: a side of the limit lies outside the domain of {self.var}"
        methods, values = [], []
        for bound, rel, hints in zip(self.squeeze, (">=", "<="), self.squeeze_hints):
            side = Inequality(f"{self.id}/squeeze", self.expr, rel, bound, "", self.source, **hints)
            method = side._symbolic(deadline)
            if not method:
                return None, f"{reason}; squeeze: expr {rel} {sp.sstr(bound)} not proved"
            value, how = prove_limit(bound, self.var, self.point, self.direction)
            if value is None:
                return None, f"{reason}; squeeze: no limit proved for the bound {sp.sstr(bound)}"
            methods.append(f"expr {rel} {sp.sstr(bound)} ({method.removeprefix('inequality: ')})")
            values.append((value, how))
        (low, low_how), (high, high_how) = values
        if low in INFINITIES or high in INFINITIES or not (low == high or prove_zero(low - high).proved):
            return None, f"{reason}; squeeze: the bounds tend to {low} and {high}"
        return low, f"squeeze: {'; '.join(methods)}; both bounds tend to {sp.sstr(low)} ({low_how}; {high_how})"

    def _check(self, deadline: Deadline) -> Verdict:
        value = None
        try:
            value, how, same = deadline.isolated(0.5, self._prove)
        except PhaseTimeout:
            value, how = None, "the limit calculus ran out of its share of the budget"
        if value is not None:
            if same:
                outcome, note, bad = self._numeric(deadline, value)
                if outcome == "elsewhere":
                    raise EngineBug(
                        f"ENGINE BUG: limit {value} proved ({how}) but the numeric approach disagrees: {note}"
                    )
                return Verdict(
                    Status.PROVED,
                    f"limit calculus ({how}); value proved equal to the claim",
                    f"limit = {value} for all parameter values; numeric: {note}",
                )
            refuted = self._refute_at(value, deadline, "proved limit differs from the claimed value")
            if refuted is not None:
                return refuted
            return Verdict(
                Status.UNKNOWN,
                "limit proved, its equality with the claim undecided",
                f"limit calculus gave {value} ({how})",
            )
        return self._evidence(deadline, how)

    def _evidence(self, deadline: Deadline, reason: str) -> Verdict:
        """No proof: SymPy's limit and the numeric approach as evidence (never PROVED)."""
        symbolic = None
        try:
            symbolic = deadline.isolated(
                0.7, lambda d: sp.limit(punctured(self.expr, self.var), self.var, self.point, self.direction)
            )
            if symbolic.has(sp.Limit, sp.zoo, sp.nan) or isinstance(symbolic, sp.AccumBounds):
                reason += f"; SymPy returned {symbolic}"
                symbolic = None
        except PhaseTimeout:
            reason += "; SymPy limit ran out of its share of the budget"
        except (NotImplementedError, ValueError, TypeError, RecursionError) as exc:
            reason += f"; SymPy limit failed: {type(exc).__name__}"
        if symbolic is not None:
            outcome, numeric_note, _ = self._numeric(deadline, symbolic)
            if outcome != "converges":
                return Verdict(
                    Status.UNKNOWN,
                    "SymPy limit not confirmed numerically",
                    f"{reason}; SymPy gave {symbolic}; numeric: {numeric_note}",
                )
            if self._equal(symbolic):
                return Verdict(
                    Status.CHECKED,
                    "SymPy limit (generic parameters) + numeric approach: evidence, not a proof",
                    f"no proof ({reason}); SymPy gave {symbolic}; numeric: {numeric_note}",
                )
            # SymPy found a different limit and the numerics at the same sample points agree with it.
            for point in self._param_points(self.numeric_points):
                try:
                    diff = value_at(symbolic - self.expected, point) if self.expected not in INFINITIES else None
                except (TypeError, ValueError, ZeroDivisionError):
                    continue
                if diff is not None and diff.value.is_number and diff.is_certainly_nonzero(50):
                    return Verdict(
                        Status.REFUTED,
                        "SymPy limit differs from the claimed value (numerically confirmed)",
                        f"limit is {symbolic}, claimed {self.expected}; at {show_point(point)} "
                        f"they differ by {sp.N(diff.value, 15)}",
                        counterexample=show_point(point),
                        details={"limit": symbolic, "claimed": self.expected},
                    )
            return Verdict(
                Status.UNKNOWN, "limit found but its equality with the claim is undecided", f"SymPy gave {symbolic}"
            )
        outcome, numeric_note, bad = self._numeric(deadline, self.expected)
        if outcome == "converges":
            return Verdict(
                Status.CHECKED,
                "numeric approach only (no proof, SymPy undecided)",
                f"{reason}; numeric: {numeric_note}",
            )
        if outcome == "elsewhere":
            return Verdict(
                Status.REFUTED,
                "numeric approach settles on a different value",
                f"{reason}; {numeric_note}",
                counterexample=show_point(bad),
            )
        return Verdict(Status.UNKNOWN, "undecided", reason)
