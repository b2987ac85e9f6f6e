"""Identity claims: ``lhs == rhs`` for every value in the domain."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..obligations import Obligation, definedness
from ..proving import confirm_zero, find_counterexample, prove_zero, show_point, value_at
from ..source import Source
from ..verdict import Status, Verdict, shown
from .base import Claim, free_symbols, named_points

#: Fraction of the budget the symbolic attempt may use before numerics take over.
SYMBOLIC_SHARE = 0.7


class Identity(Claim):
    """``lhs = rhs`` on the domain given by the symbols' assumptions and ``where``.

    PROVED when both sides are defined on the whole domain (the obligations of
    :mod:`symbolic.obligations`, each discharged), ``lhs - rhs`` simplifies to 0 (sums evaluated, ``Piecewise``
    branches such as ``L = 1`` checked one by one) and the residual also vanishes at
    seeded random rational points of the domain (:func:`symbolic.proving.confirm_zero`;
    a nonzero value there is an engine bug, raised, never PROVED).  Otherwise sample points in
    the domain (``hints`` first) are evaluated exactly or at 50 digits: a certain
    nonzero residual REFUTES with that counterexample; agreement on all of them
    is only CHECKED.

    Constructor: ``id``, ``statement`` and ``source`` positional (the parameters every claim has, in
    :class:`~symbolic.claims.base.Claim`'s order); what the claim states and every option keyword-only.
    """

    kind = "identity"

    def __init__(
        self,
        id: str,
        statement: str,
        source: Source,
        *,
        lhs: object,
        rhs: object,
        where: Iterable = (),
        hints: Iterable[dict] = (),
        samples: int = 24,
        **kw: Any,
    ) -> None:
        super().__init__(id, statement, source, **kw)
        self.lhs = sp.sympify(lhs)
        self.rhs = sp.sympify(rhs)
        self.where = tuple(sp.sympify(w) for w in where)
        self.symbols = free_symbols(self.lhs, self.rhs, *self.where)
        self.hints = named_points(hints, self.symbols)
        self.samples = samples

    def _obligations(self) -> list[Obligation]:
        """Both sides defined on the whole domain (:func:`symbolic.obligations.definedness`)."""
        return definedness([self.lhs, self.rhs], self.obligation_domain(), real=False)

    def _check(self, deadline: Deadline) -> Verdict:
        residual = self.lhs - self.rhs
        reason = ""
        if self.hints:
            # A hinted counterexample is certain evidence on its own: check it before
            # spending the budget on simplification (nothing is concluded if it holds).
            verdict = numeric_verdict(
                residual,
                symbols=self.symbols,
                where=self.where,
                hints=self.hints,
                samples=len(self.hints),
                deadline=deadline,
                reason="hinted point checked before any simplification",
                lhs=self.lhs,
                rhs=self.rhs,
            )
            if verdict.status is Status.REFUTED:
                return verdict
        try:
            proof = deadline.isolated(SYMBOLIC_SHARE, lambda d: prove_zero(residual, d))
            if proof.proved:
                confirmed = confirm_zero(residual, self.symbols, self.where, deadline=deadline, what="lhs - rhs")
                return Verdict(
                    Status.PROVED,
                    proof.method,
                    f"lhs - rhs = 0 for all parameter values; confirmed at {confirmed} random rational points",
                )
            reason = f"simplified residual: {sp.sstr(proof.residual)[:300]}"
        except PhaseTimeout:
            reason = "symbolic simplification ran out of its share of the budget"
        return numeric_verdict(
            residual,
            symbols=self.symbols,
            where=self.where,
            hints=self.hints,
            samples=self.samples,
            deadline=deadline,
            reason=reason,
            lhs=self.lhs,
            rhs=self.rhs,
        )


def numeric_verdict(
    residual: sp.Expr,
    *,
    symbols: Sequence[sp.Symbol],
    where: Iterable,
    hints: Sequence[dict],
    samples: int,
    deadline: Deadline,
    reason: str,
    lhs: sp.Expr | None = None,
    rhs: sp.Expr | None = None,
) -> Verdict:
    """Counterexample search on ``residual``: REFUTED, CHECKED (all samples agree) or UNKNOWN."""
    sides = (lhs, rhs) if lhs is not None and rhs is not None else None
    point, pv, tested = find_counterexample(residual, symbols, where, hints, n=samples, deadline=deadline, sides=sides)
    extra = 0
    if point is None and tested:
        point, pv, extra = _extreme_counterexample(residual, symbols, where, deadline)
    if point is not None:
        assert pv is not None  # a counterexample comes with the residual's value there
        details = {"residual": pv.value}
        if lhs is not None:
            details["lhs"] = value_at(lhs, point).value
            details["rhs"] = value_at(rhs, point).value
        how = "exact arithmetic" if pv.exact else "50-digit evaluation"
        return Verdict(
            Status.REFUTED,
            f"counterexample ({how})",
            f"residual = {shown(pv.value)} at {show_point(point)}; {reason}",
            counterexample=show_point(point),
            details=details,
        )
    if tested:
        skipped = (
            f" ({samples} requested; the others were not in the domain or not evaluable)" if tested < samples else ""
        )
        more = f"; {extra} more at extremes" if extra else ""
        return Verdict(
            Status.CHECKED,
            f"sampled {tested} points, no counterexample{more}",
            f"not proved symbolically ({reason}); residual vanished at {tested} exact/50-digit sample points{skipped}",
        )
    return Verdict(Status.UNKNOWN, "no proof and no sample point could be evaluated", reason)


def _exact_is_cheap(expr: sp.Basic) -> bool:
    """Whether exact evaluation at an integer up to 100 stays small: no power or exponential whose
    exponent itself grows exponentially (``2**(2**n)`` at ``n = 100`` has 10^29 digits)."""
    for p in expr.atoms(sp.Pow, sp.exp, sp.factorial, sp.gamma):
        inner = p.exp if isinstance(p, sp.Pow) else p.args[0]
        if inner.free_symbols and inner.has(sp.Pow, sp.exp, sp.factorial, sp.gamma, sp.binomial):
            if any(
                isinstance(q, sp.exp)
                or (isinstance(q, sp.Pow) and q.exp.free_symbols)
                or isinstance(q, (sp.factorial, sp.gamma, sp.binomial))
                for q in sp.preorder_traversal(inner)
            ):
                return False
    return True


def _extreme_counterexample(residual, symbols, where, deadline: Deadline):
    """A counterexample at the extreme points of :func:`symbolic.sampling.extreme_points` (the corner, huge and
    tiny magnitudes), or ``(None, None, tested)``: decided by interval arithmetic, or exactly where every
    coordinate is an integer and exact evaluation stays cheap (:func:`_exact_is_cheap`)."""
    from ..proving import PointValue
    from ..sampling import extreme_points
    from .inequality import interval_bounds

    tested = 0
    cheap = _exact_is_cheap(residual)
    for point in extreme_points(symbols, where):
        deadline.check_hang()  # a fixed set of points: the evidence never depends on time
        lo, hi = interval_bounds(residual, point)
        if lo is not None and hi is not None:
            tested += 1
            if lo > 0 or hi < 0:
                return point, PointValue(sp.Float((lo + hi) / 2, 30), False), tested
            continue
        if not (cheap and all(v.is_Integer and abs(v) <= 100 for v in point.values())):
            continue
        try:
            pv = value_at(residual, point)
        except (ZeroDivisionError, ValueError, TypeError):
            continue
        if not pv.exact:
            continue
        tested += 1
        if pv.value != 0:
            return point, pv, tested
    return None, None, tested
