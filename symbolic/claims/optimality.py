"""Optimality claims: an allocation attains the optimum of a convex separable program."""

from __future__ import annotations

from typing import Iterable

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..proving import prove_zero
from ..sign import manifestly_nonnegative
from ..verdict import Status, Verdict
from .base import Claim, free_symbols, named_points
from .identity import SYMBOLIC_SHARE, numeric_verdict


class Optimality(Claim):
    """``candidate`` minimises ``sum_{index=lower}^{upper} objective(x_index)`` subject to
    ``sum c_index x_index = total``, with minimum ``value``.

    ``objective`` is an expression in the variable ``x`` (and possibly ``index``),
    ``coefficient`` and ``candidate`` expressions in ``index``.  The argument is
    KKT for a convex separable objective with one linear equality constraint
    (the Cauchy–Schwarz equality case when the objective is ``x**2``):

    1. convexity: ``d²objective/dx²`` is manifestly nonnegative;
    2. stationarity: ``objective'(candidate) = multiplier * coefficient`` for a
       symbolic ``index`` (one multiplier for all coordinates);
    3. feasibility: ``sum c * candidate = total``;
    4. value: ``sum objective(candidate) = value``.

    Stationarity with convexity makes every feasible point cost at least the
    candidate's (the Lagrangian is convex and minimised there).  All four proved:
    PROVED.  A failing identity with a sample counterexample: REFUTED.
    """

    kind = "optimality"

    def __init__(self, id, objective, x: sp.Symbol, index: sp.Symbol, lower, upper, coefficient, total,
                 candidate, multiplier, value, statement, source, *, where: Iterable = (),
                 hints: Iterable[dict] = (), **kw):
        super().__init__(id, statement, source, **kw)
        self.objective = sp.sympify(objective)
        self.x, self.index = x, index
        self.lower, self.upper = sp.sympify(lower), sp.sympify(upper)
        self.coefficient = sp.sympify(coefficient)
        self.total = sp.sympify(total)
        self.candidate = sp.sympify(candidate)
        self.multiplier = sp.sympify(multiplier)
        self.value = sp.sympify(value)
        self.where = tuple(sp.sympify(w) for w in where)
        at = self.objective.subs(self.x, self.candidate)
        rng = (self.index, self.lower, self.upper)
        self.parts = {
            "stationarity": sp.diff(self.objective, self.x).subs(self.x, self.candidate)
            - self.multiplier * self.coefficient,
            "feasibility": sp.Sum(self.coefficient * self.candidate, rng) - self.total,
            "value": sp.Sum(at, rng) - self.value,
        }
        self.hints_raw = list(hints)

    def _check(self, deadline: Deadline) -> Verdict:
        failed, reason = None, ""
        convex = manifestly_nonnegative(sp.simplify(sp.diff(self.objective, self.x, 2)))
        try:
            with deadline.phase(SYMBOLIC_SHARE):
                for name, residual in self.parts.items():
                    if not prove_zero(residual, deadline).proved:
                        failed = name
                        break
            if failed is None and convex:
                return Verdict(Status.PROVED,
                               "optimality: KKT (convex separable objective, linear constraint): "
                               "convexity, stationarity, feasibility and value proved",
                               f"multiplier = {self.multiplier}")
            reason = "objective not manifestly convex" if failed is None else f"{failed} not reduced to 0"
        except PhaseTimeout:
            reason = "symbolic checks ran out of their share of the budget"
        statuses = []
        for name, residual in self.parts.items():
            symbols = free_symbols(residual, *self.where)
            verdict = numeric_verdict(residual, symbols, self.where, named_points(self.hints_raw, symbols), 16,
                                      deadline, f"{name}; {reason}")
            if verdict.status is Status.REFUTED:
                verdict.method = f"{name}: " + verdict.method
                return verdict
            statuses.append(verdict.status)
        if all(s in (Status.CHECKED, Status.PROVED) for s in statuses):
            return Verdict(Status.CHECKED, "optimality conditions hold at sample points only", reason)
        return Verdict(Status.UNKNOWN, "optimality undecided", reason)
