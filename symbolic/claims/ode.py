"""ODE claims: a proposed solution satisfies a differential equation and its initial condition."""

from __future__ import annotations

from typing import Iterable, Mapping

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..proving import confirm_zero, prove_zero
from ..verdict import Status, Verdict
from .base import Claim, free_symbols, named_points
from .identity import SYMBOLIC_SHARE, numeric_verdict
from .recurrence import UnderSpecified


class ODE(Claim):
    """``equation`` (an ``Eq`` in ``func(var)`` and its derivatives) holds for
    ``func(var) = solution``, and ``solution`` meets ``initial`` ({var0: value}).

    PROVED when both residuals simplify to 0 by direct substitution (under the symbols'
    own assumptions; SymPy's ``checkodesol`` is not used, it substitutes positive symbols
    and forces expansions, so ``f' = 1`` "holds" for ``f = |x|``) and the ODE residual also
    vanishes at seeded random rational points.  Otherwise sample points in the domain
    REFUTE (certain nonzero residual) or CHECK.

    ``initial`` must be non-empty, unless the claim is declared a general-solution claim
    (``general_solution=True``: the solution satisfies the equation, no initial value
    singles it out); otherwise construction fails with :class:`UnderSpecified`.
    """

    kind = "ode"

    def __init__(
        self,
        id,
        equation: sp.Eq,
        func: sp.Basic,
        solution,
        initial: Mapping,
        statement,
        source,
        *,
        where: Iterable = (),
        hints: Iterable[dict] = (),
        samples: int = 20,
        general_solution: bool = False,
        **kw,
    ):
        super().__init__(id, statement, source, **kw)
        if not initial and not general_solution:
            raise UnderSpecified(
                f"{id}: an ODE claim needs initial conditions ({{x0: value}}) to single out its "
                "solution, or general_solution=True to state only that it solves the equation"
            )
        if not isinstance(equation, sp.Eq):
            raise UnderSpecified(f"{id}: the equation must be an Eq, not {equation!r}")
        self.general_solution = general_solution
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

    def _symbolic(self, deadline: Deadline) -> "Verdict | str":
        """PROVED when the residual and every initial condition reduce to 0; else the reason why not."""
        proof = prove_zero(self.ode_residual, deadline)
        if proof.proved:
            for x0, value in self.initial.items():
                ic = prove_zero(self.solution.subs(self.var, x0) - value, deadline)
                if not ic.proved:
                    return f"initial condition at {self.var} = {x0} not reduced to 0"
            confirmed = confirm_zero(
                self.ode_residual.doit(), self.symbols, self.where, deadline=deadline, what="ODE residual"
            )
            ics = "initial condition verified" if self.initial else "general solution (no initial condition)"
            return Verdict(
                Status.PROVED,
                f"ode: solution substituted ({proof.method}); {ics}",
                f"ODE residual and initial-condition residual are 0; confirmed at {confirmed} random rational points",
            )
        return f"ODE residual: {sp.sstr(proof.residual)[:300]}"

    def _check(self, deadline: Deadline) -> Verdict:
        reason = ""
        try:
            outcome = deadline.isolated(SYMBOLIC_SHARE, self._symbolic)
            if isinstance(outcome, Verdict):
                return outcome
            reason = outcome
        except PhaseTimeout:
            reason = "symbolic substitution ran out of its share of the budget"
        for x0, value in self.initial.items():
            ic_res = self.solution.subs(self.var, x0) - value
            verdict = numeric_verdict(ic_res, free_symbols(ic_res), [], [], 8, deadline, f"initial condition; {reason}")
            if verdict.status is Status.REFUTED:
                verdict.method = "initial condition: " + verdict.method
                return verdict
        # Derivatives must be evaluated before points are substituted for the variable.
        residual = self.ode_residual.doit()
        return numeric_verdict(residual, self.symbols, self.where, self.hints, self.samples, deadline, reason)
