"""ODE claims: a proposed solution satisfies a differential equation and its initial condition."""

from __future__ import annotations

from typing import Iterable, Mapping

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..proving import prove_zero
from ..verdict import Status, Verdict
from .base import Claim, free_symbols, named_points
from .identity import SYMBOLIC_SHARE, numeric_verdict


class ODE(Claim):
    """``equation`` (an ``Eq`` in ``func(var)`` and its derivatives) holds for
    ``func(var) = solution``, and ``solution`` meets ``initial`` ({var0: value}).

    PROVED when both residuals simplify to 0 (direct substitution; SymPy's
    ``checkodesol`` as a second opinion).  Otherwise sample points in the domain
    REFUTE (certain nonzero residual) or CHECK.
    """

    kind = "ode"

    def __init__(self, id, equation: sp.Eq, func: sp.Basic, solution, initial: Mapping, statement, source,
                 *, where: Iterable = (), hints: Iterable[dict] = (), samples: int = 20, **kw):
        super().__init__(id, statement, source, **kw)
        self.equation = equation
        self.func = func  # f(x)
        self.var = func.args[0]
        self.solution = sp.sympify(solution)
        self.initial = {sp.sympify(k): sp.sympify(v) for k, v in initial.items()}
        self.where = tuple(sp.sympify(w) for w in where)
        self.samples = samples
        # Not evaluated here (.doit() may be expensive): checkers evaluate under the budget.
        sub = (equation.lhs - equation.rhs).subs(func, self.solution)
        self.ode_residual = sub
        self.symbols = free_symbols(sub, *self.where)
        self.hints = named_points(hints, self.symbols)

    def _check(self, deadline: Deadline) -> Verdict:
        reason = ""
        try:
            with deadline.phase(SYMBOLIC_SHARE):
                proof = prove_zero(self.ode_residual, deadline)
                if not proof.proved:
                    try:
                        ok, res = sp.checkodesol(self.equation, sp.Eq(self.func, self.solution))
                    except (NotImplementedError, ValueError, TypeError):
                        ok, res = False, proof.residual
                    if ok:
                        proof = type(proof)(True, "checkodesol", sp.S.Zero)
                if proof.proved:
                    for x0, value in self.initial.items():
                        ic = prove_zero(self.solution.subs(self.var, x0) - value, deadline)
                        if not ic.proved:
                            reason = f"initial condition at {self.var} = {x0} not reduced to 0"
                            break
                    else:
                        return Verdict(Status.PROVED, f"ode: solution substituted ({proof.method}); initial condition verified",
                                       "ODE residual and initial-condition residual are 0")
                else:
                    reason = f"ODE residual: {sp.sstr(proof.residual)[:300]}"
        except PhaseTimeout:
            reason = "symbolic substitution ran out of its share of the budget"
        for x0, value in self.initial.items():
            ic_res = self.solution.subs(self.var, x0) - value
            verdict = numeric_verdict(ic_res, free_symbols(ic_res), [], [], 8, deadline,
                                      f"initial condition; {reason}")
            if verdict.status is Status.REFUTED:
                verdict.method = "initial condition: " + verdict.method
                return verdict
        # Derivatives must be evaluated before points are substituted for the variable.
        residual = self.ode_residual.doit()
        return numeric_verdict(residual, self.symbols, self.where, self.hints, self.samples, deadline, reason)
