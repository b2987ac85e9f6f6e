"""ODE claims: a proposed solution satisfies a differential equation and its initial condition."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..obligations import Obligation, definedness
from ..proving import confirm_zero, prove_zero
from ..source import Source
from ..verdict import Status, Verdict
from .base import Claim, free_symbols, named_points
from .identity import SYMBOLIC_SHARE, numeric_verdict
from .recurrence import UnderSpecified


#: Functions with a corner, a jump or a branch switch: a right side built with them is not analytic where it is
#: defined, and Picard–Lindelöf's Lipschitz condition is not read off ∂F/∂f at one point.
_NOT_ANALYTIC = (
    sp.Piecewise,
    sp.Abs,
    sp.sign,
    sp.Max,
    sp.Min,
    sp.floor,
    sp.ceiling,
    sp.Heaviside,
    sp.Mod,
    sp.frac,
    sp.re,
    sp.im,
    sp.arg,
    sp.conjugate,
    sp.DiracDelta,
)


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
    singles it out); otherwise construction fails with :class:`UnderSpecified`, as it does
    when the equation's order exceeds the number of initial values.

    Proof obligations (:mod:`symbolic.obligations`), all discharged for PROVED: the solution and
    the equation along it are defined and real on the whole interval (``var``'s assumptions and
    ``where``); and, for an initial-value claim, *determinacy*: a first-order equation solved as
    ``f' = F(x, f)`` with ``F`` and ``∂F/∂f`` defined at the initial point (Picard–Lindelöf:
    ``f' = 2√f, f(0) = 0`` has ``t²`` and ``0`` as solutions; ``f' = f/x`` is singular at 0).
    Values of a higher-order equation at several points (a boundary-value problem) are an open
    obligation: uniqueness is not established by any rule here.

    Constructor: ``id``, ``statement`` and ``source`` positional (the parameters every claim has, in
    :class:`~symbolic.claims.base.Claim`'s order); what the claim states and every option keyword-only.
    """

    kind = "ode"

    def __init__(
        self,
        id: str,
        statement: str,
        source: Source,
        *,
        equation: sp.Eq,
        func: sp.Basic,
        solution: object,
        initial: Mapping,
        where: Iterable = (),
        hints: Iterable[dict] = (),
        samples: int = 20,
        general_solution: bool = False,
        **kw: Any,
    ) -> None:
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
        self.order = max(
            (d.derivative_count for d in (equation.lhs - equation.rhs).atoms(sp.Derivative) if d.expr == func),
            default=0,
        )
        if not general_solution and self.order > len(initial):
            raise UnderSpecified(
                f"{id}: an ODE of order {self.order} needs {self.order} initial values to single out its solution; "
                f"{len(initial)} given ({dict(initial)}).  Give {self.order} conditions, or general_solution=True"
            )
        self.solution = sp.sympify(solution)
        self.initial = {sp.sympify(k): sp.sympify(v) for k, v in initial.items()}
        self.where = tuple(sp.sympify(w) for w in where)
        self.samples = samples
        # Not evaluated here (.doit() may be expensive): checkers evaluate under the budget.
        sub = (equation.lhs - equation.rhs).subs(func, self.solution)
        self.ode_residual = sub
        self.symbols = free_symbols(sub, *self.where)
        self.hints = named_points(hints, self.symbols)

    def _obligations(self) -> list[Obligation]:
        domain = self.obligation_domain()
        out = definedness([self.solution, self.ode_residual], domain)
        for x0, _value in self.initial.items():
            at = self.solution.subs(self.var, x0)
            if at.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
                out.append(
                    Obligation(
                        "defined",
                        f"solution defined at {self.var} = {x0}",
                        "violated",
                        "evaluates to a non-number",
                        {str(self.var): str(x0)},
                    )
                )
        if self.initial and not self.general_solution:
            out += self._determinacy()
        return out

    def _determinacy(self) -> list[Obligation]:
        """Picard–Lindelöf at the initial point (order 1), else an open boundary-value obligation."""
        what = f"the initial data {dict(self.initial)} determine the solution"
        if self.order != 1 or len(self.initial) != 1:
            return [
                Obligation(
                    "determinacy",
                    what,
                    "open",
                    f"order {self.order} with values at "
                    f"{len(self.initial)} points: no uniqueness rule for boundary-value problems",
                )
            ]
        ((x0, y0),) = self.initial.items()
        yp, y = sp.Dummy("yp"), sp.Dummy("y")
        g = (self.equation.lhs - self.equation.rhs).subs(sp.Derivative(self.func, self.var), yp).subs(self.func, y)
        coeff = sp.diff(g, yp)
        if coeff.has(yp) or g.has(sp.Derivative):
            return [Obligation("determinacy", what, "open", "the equation is not linear in the derivative")]
        F = -g.subs(yp, 0) / coeff
        kinks = sorted({type(a).__name__ for a in F.atoms(*_NOT_ANALYTIC)})
        if kinks:
            # ∂F/∂f finite at the point does not make F Lipschitz near it once F has a corner or a branch
            # switch: f' = Piecewise((√f, f > 0), (0, True)), f(0) = 0 has ∂F/∂f(0) = 0 and both 0 and x²/4
            return [
                Obligation(
                    "determinacy",
                    what,
                    "open",
                    f"F = {sp.sstr(F)[:80]} is built with {', '.join(kinks)}: not analytic, so F and ∂F/∂f finite "
                    "at the initial point do not make it locally Lipschitz (uniqueness not established)",
                )
            ]
        dF = sp.diff(F, y)
        at = {self.var: x0, y: y0}
        try:
            F0, dF0 = sp.simplify(F.subs(at)), sp.simplify(dF.subs(at))
        except (TypeError, ValueError, NotImplementedError):
            F0 = dF0 = sp.nan
        text = f"f' = F({self.var}, f) with F and ∂F/∂f defined at ({x0}, {y0}) (Picard–Lindelöf)"
        if any(v.has(sp.zoo, sp.nan, sp.oo, -sp.oo) for v in (F0, dF0)):
            return [
                Obligation(
                    "determinacy",
                    text,
                    "open",
                    f"F = {sp.sstr(F)[:80]}, ∂F/∂f = {sp.sstr(dF)[:80]}: not finite at the initial point "
                    "(uniqueness not established)",
                )
            ]
        domain_params = [s for s in self.obligation_domain().symbols if s != self.var]
        from ..obligations import Domain, discharge

        inner = definedness([F0, dF0], Domain(domain_params, [w for w in self.where if self.var not in w.free_symbols]))
        discharge(inner, Domain(domain_params, [w for w in self.where if self.var not in w.free_symbols]))
        if all(o.status == "discharged" for o in inner):
            rules = "; ".join(o.rule for o in inner) or "no side condition"
            return [
                Obligation(
                    "determinacy",
                    text,
                    "discharged",
                    f"F({x0}, {y0}) = {sp.sstr(F0)[:60]}, ∂F/∂f = {sp.sstr(dF0)[:60]} finite ({rules})",
                )
            ]
        return [
            Obligation(
                "determinacy", text, "open", "F or ∂F/∂f not proved finite at the initial point for every parameter"
            )
        ]

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
            verdict = numeric_verdict(
                ic_res,
                symbols=free_symbols(ic_res),
                where=[],
                hints=[],
                samples=8,
                deadline=deadline,
                reason=f"initial condition; {reason}",
            )
            if verdict.status is Status.REFUTED:
                verdict.method = "initial condition: " + verdict.method
                return verdict
        # Derivatives must be evaluated before points are substituted for the variable.
        residual = self.ode_residual.doit()
        return numeric_verdict(
            residual,
            symbols=self.symbols,
            where=self.where,
            hints=self.hints,
            samples=self.samples,
            deadline=deadline,
            reason=reason,
        )
