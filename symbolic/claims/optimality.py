"""Optimality claims: an allocation attains the optimum of a convex separable program."""

from __future__ import annotations

from typing import Any, Iterable

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..obligations import Domain, Obligation, definedness
from ..proving import confirm_zero, prove_zero
from ..sign import manifestly_nonnegative, manifestly_positive
from ..sums import constants_outside
from ..source import Source
from ..verdict import Status, Verdict
from .base import Claim, free_symbols, named_points
from .identity import SYMBOLIC_SHARE, numeric_verdict
from .recurrence import UnderSpecified


class Optimality(Claim):
    """``candidate`` minimises ``sum_{index=lower}^{upper} objective(x_index)`` subject to
    ``sum c_index x_index = total``, with minimum ``value``.

    ``objective`` is an expression in the variable ``x`` (and possibly ``index``),
    ``coefficient`` and ``candidate`` expressions in ``index``.  The argument is
    KKT for a convex separable objective with one linear equality constraint
    (the Cauchy–Schwarz equality case when the objective is ``x**2``):

    ``feasible`` is the set each coordinate ranges over (required: ``sp.S.Reals``,
    ``sp.Interval(a, sp.oo)`` or ``sp.Interval.open(a, sp.oo)``); the feasible set of the
    program is that box intersected with the constraint.

    1. convexity: ``d²objective/dx²`` is manifestly nonnegative for every ``x`` in
       ``feasible`` (not merely where ``x``'s declared assumptions put it);
    2. stationarity: ``objective'(candidate) = multiplier * coefficient`` for a
       symbolic ``index``, with one multiplier for all coordinates (a multiplier that
       depends on ``index`` is rejected at construction);
    3. feasibility: ``sum c * candidate = total`` and every ``candidate`` lies in
       ``feasible`` (signed at ``index = lower + j`` and ``upper - j``, ``j >= 0``);
    4. value: ``sum objective(candidate) = value``.

    Proof obligations (:mod:`symbolic.obligations`), all discharged for PROVED: the assumptions
    declared on ``index`` hold for every index in ``[lower, upper]`` (convexity and stationarity
    are proved under them: ``(2i − 1)x²`` with ``i`` declared positive but ranging from 0 is
    concave at ``i = 0``), the bounds are integers, and every term is defined over the range.

    Stationarity with convexity on the (convex) feasible set makes every feasible point
    cost at least the candidate's (the Lagrangian is convex there and its derivative
    vanishes at the candidate).  All proved: PROVED.  A failing identity with a sample
    counterexample, or a sample point where the candidate leaves ``feasible``: REFUTED.

    Constructor: ``id``, ``statement`` and ``source`` positional (the parameters every claim has, in
    :class:`~symbolic.claims.base.Claim`'s order); what the claim states and every option keyword-only.
    """

    kind = "optimality"

    def __init__(
        self,
        id: str,
        statement: str,
        source: Source,
        *,
        objective: object,
        x: sp.Symbol,
        index: sp.Symbol,
        lower: object,
        upper: object,
        coefficient: object,
        total: object,
        candidate: object,
        multiplier: object,
        value: object,
        feasible: sp.Set | None = None,
        where: Iterable = (),
        hints: Iterable[dict] = (),
        **kw: Any,
    ) -> None:
        super().__init__(id, statement, source, **kw)
        if feasible is None:
            raise UnderSpecified(
                f"{id}: an optimality claim needs the feasible set of each coordinate "
                "(feasible=sp.S.Reals, sp.Interval(a, sp.oo), ...)"
            )
        self.feasible = feasible
        self._x_in_set, self._membership = _feasible_parts(id, feasible, x)
        self.objective = sp.sympify(objective)
        self.x, self.index = x, index
        self.lower, self.upper = sp.sympify(lower), sp.sympify(upper)
        self.coefficient = sp.sympify(coefficient)
        self.total = sp.sympify(total)
        self.candidate = sp.sympify(candidate)
        self.multiplier = sp.sympify(multiplier)
        self.value = sp.sympify(value)
        self.where = tuple(sp.sympify(w) for w in where)
        if self.index in sp.sympify(multiplier).free_symbols or self.x in sp.sympify(multiplier).free_symbols:
            raise UnderSpecified(
                f"{id}: the multiplier {multiplier} depends on {self.index} or {self.x}; KKT needs "
                "one multiplier for the single constraint"
            )
        at = self.objective.subs(self.x, self.candidate)
        rng = (self.index, self.lower, self.upper)
        self.parts = {
            "stationarity": sp.diff(self.objective, self.x).subs(self.x, self.candidate)
            - self.multiplier * self.coefficient,
            "feasibility": sp.Sum(self.coefficient * self.candidate, rng) - self.total,
            "value": sp.Sum(at, rng) - self.value,
        }
        self.hints_raw = list(hints)

    def obligation_domain(self) -> Domain:
        return Domain(free_symbols(*self.parts.values(), *self.where), self.where)

    def _obligations(self) -> list[Obligation]:
        """The index's declared assumptions hold over [lower, upper] (convexity and stationarity are
        proved under them), integer bounds, and the candidate, coefficients and value defined for
        every index of the range."""
        return definedness([*self.parts.values(), self.multiplier, self.value], self.obligation_domain())

    def _candidate_feasible(self) -> bool:
        """Every coordinate of the candidate lies in ``feasible``, for every index of the range."""
        j = sp.Dummy("j", integer=True, nonnegative=True)
        for at in (self.lower + j, self.upper - j):
            cand = self.candidate.xreplace({self.index: at})
            if all(ok(cand) for ok in self._membership):
                return True
        return False

    def _first_unproved_part(self, deadline: Deadline) -> str | None:
        """The name of the first residual (stationarity, feasibility, value) not proved 0, or None.

        Each residual goes to :func:`prove_zero` with index-free factors taken out of its sums
        (:func:`symbolic.sums.constants_outside`, linearity: the same residual) — the feasibility
        and value sums are a coefficient times the candidate, both geometric in the index, under
        index-free factors SymPy's summation would otherwise expand into many sums.  The
        confirmation points evaluate the residual as stated."""
        for name, residual in self.parts.items():
            if not prove_zero(constants_outside(residual), deadline).proved:
                return name
        return None

    def _check(self, deadline: Deadline) -> Verdict:
        failed, reason = None, ""
        second = sp.diff(self.objective, self.x, 2).xreplace({self.x: self._x_in_set})
        convex = manifestly_nonnegative(sp.simplify(second))
        in_set = self._candidate_feasible()
        try:
            failed = deadline.isolated(SYMBOLIC_SHARE, self._first_unproved_part)
            if failed is None and convex and in_set:
                for name, residual in self.parts.items():
                    confirm_zero(
                        residual,
                        free_symbols(residual, *self.where),
                        self.where,
                        deadline=deadline,
                        what=f"{name} residual",
                    )
                return Verdict(
                    Status.PROVED,
                    "optimality: KKT (convex separable objective, linear constraint): "
                    "convexity on the feasible set, stationarity, feasibility and value proved",
                    f"multiplier = {self.multiplier}; each coordinate in {self.feasible}",
                )
            reason = (
                f"{failed} not reduced to 0"
                if failed is not None
                else "objective not manifestly convex on the feasible set"
                if not convex
                else f"candidate not proved to lie in {self.feasible}"
            )
        except PhaseTimeout:
            reason = "symbolic checks ran out of their share of the budget"
        outside = self._sample_membership(deadline)
        if outside is not None:
            return outside
        statuses = []
        for name, residual in self.parts.items():
            symbols = free_symbols(residual, *self.where)
            verdict = numeric_verdict(
                residual,
                symbols=symbols,
                where=self.where,
                hints=named_points(self.hints_raw, symbols),
                samples=16,
                deadline=deadline,
                reason=f"{name}; {reason}",
            )
            if verdict.status is Status.REFUTED:
                verdict.method = f"{name}: " + verdict.method
                return verdict
            statuses.append(verdict.status)
        if all(s in (Status.CHECKED, Status.PROVED) for s in statuses):
            return Verdict(Status.CHECKED, "optimality conditions hold at sample points only", reason)
        return Verdict(Status.UNKNOWN, "optimality undecided", reason)

    def _sample_membership(self, deadline: Deadline) -> Verdict | None:
        """REFUTED at a sample point (index included) where a coordinate leaves ``feasible``."""
        from ..proving import show_point, value_at
        from ..sampling import sample_points

        where = list(self.where) + [sp.Ge(self.index, self.lower), sp.Le(self.index, self.upper)]
        symbols = free_symbols(self.candidate, *self.where) + [self.index]
        for point in sample_points(symbols, where, n=16):
            deadline.check_hang()
            try:
                pv = value_at(self.candidate, point)
                inside = self.feasible.contains(pv.value) if pv.exact else None
            except (TypeError, ValueError, ZeroDivisionError):
                continue
            if inside == sp.false:
                return Verdict(
                    Status.REFUTED,
                    "feasibility: candidate outside the feasible set",
                    f"x_{self.index} = {pv.value} not in {self.feasible} at {show_point(point)}",
                    counterexample=show_point(point),
                )
        return None


def _feasible_parts(id, feasible, x):
    """(a symbol standing for any point of ``feasible``, tests that an expression lies in it)."""
    if feasible == sp.S.Reals:
        return sp.Dummy("x", real=True), [lambda e: e.is_extended_real is True and e.is_finite is not False]
    if isinstance(feasible, sp.Interval) and feasible.end == sp.oo:
        a = feasible.start
        if feasible.left_open:
            t = sp.Dummy("t", positive=True)
            return a + t, [lambda e: manifestly_positive(sp.simplify(e - a))]
        t = sp.Dummy("t", nonnegative=True)
        return a + t, [lambda e: manifestly_nonnegative(sp.simplify(e - a))]
    raise UnderSpecified(
        f"{id}: feasible set {feasible} not supported (use sp.S.Reals or an interval [a, oo) / (a, oo))"
    )
