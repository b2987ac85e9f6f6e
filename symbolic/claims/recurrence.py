"""Recurrence claims: a closed form satisfies a recursion for every index, by induction."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..obligations import Obligation, definedness
from ..proving import confirm_zero, prove_zero
from ..sign import manifestly_positive
from ..source import Source
from ..verdict import Status, Verdict
from .base import Claim, free_symbols, named_points
from .identity import SYMBOLIC_SHARE, numeric_verdict


class UnderSpecified(ValueError):
    """A claim that does not pin down what it states (missing base cases, initial values,
    feasible set): rejected when it is built, before any checking."""


class Recurrence(Claim):
    """``sequence(index) = closed_form`` for all integers ``index >= start``, by induction.

    ``recursion`` is an ``Eq`` relating ``sequence(index + 1)`` (and possibly
    earlier terms) to ``sequence(index)``; ``base`` maps the first indices to the
    sequence's values there.  PROVED when every base case and the induction step
    (the closed form substituted into the recursion at a *symbolic* integer
    ``index``) simplify to 0.  Enumerating indices is never a proof: failing
    symbolically, sample points (index included) can only REFUTE or CHECK.

    The claim must determine the sequence, or induction proves nothing; construction
    fails with :class:`UnderSpecified` (a ``ValueError``) unless

    * every term of ``recursion`` is ``sequence(index + c)`` for integer constants ``c``,
      and it determines its highest term: linear in it, with a coefficient that is a
      nonzero number or manifestly positive/negative for every parameter value;
    * ``base`` holds every index from ``start + min(c, 0)`` to ``start + max(c) - 1`` (the
      recursion's order and its start: a second-order recursion needs two base cases);
    * the step, proved for the symbolic ``index`` under its declared assumptions, covers
      every ``index >= start`` (an index declared positive cannot start at 0; one declared
      negative, nonpositive, even or odd covers no such range).

    Proof obligations (:mod:`symbolic.obligations`): the closed form and the recursion along it
    are defined for every index ``>= start`` and every parameter value (``X(n+1) = X(n)·(n − 3)/(n − 2)``
    is not, at ``n = 2``); all discharged for PROVED.

    PROVED also requires the step residual to vanish at seeded random rational points
    (:func:`symbolic.proving.confirm_zero`).

    Constructor: ``id``, ``statement`` and ``source`` positional (the parameters every claim has, in
    :class:`~symbolic.claims.base.Claim`'s order); what the claim states and every option keyword-only.
    """

    kind = "recurrence"

    def __init__(
        self,
        id: str,
        statement: str,
        source: Source,
        *,
        sequence: sp.FunctionClass,
        index: sp.Symbol,
        closed_form: object,
        recursion: sp.Eq,
        base: Mapping,
        start: object = 0,
        where: Iterable = (),
        hints: Iterable[dict] = (),
        samples: int = 24,
        **kw: Any,
    ) -> None:
        super().__init__(id, statement, source, **kw)
        if not index.is_integer:
            raise ValueError(f"{id}: the induction index must be an integer symbol")
        self.sequence = sequence
        self.index = index
        self.closed_form = sp.sympify(closed_form)
        self.recursion = recursion
        self.base = {sp.sympify(k): sp.sympify(v) for k, v in base.items()}
        self.start = sp.sympify(start)
        self.where = tuple(sp.sympify(w) for w in where) + (sp.Ge(index, self.start),)
        self.samples = samples
        self._check_specified()
        step = self._substitute(recursion.lhs - recursion.rhs)
        self.step_residual = step
        self.symbols = free_symbols(step, *self.where)
        self.hints = named_points(hints, self.symbols)

    def _check_specified(self) -> None:
        eq = self.recursion
        if not isinstance(eq, sp.Eq):
            raise UnderSpecified(f"{self.id}: the recursion must be an Eq, not {eq!r}")
        terms = [e for e in (eq.lhs - eq.rhs).atoms(sp.core.function.AppliedUndef) if e.func == self.sequence]
        shifts = []
        for term in terms:
            shift = sp.simplify(term.args[0] - self.index) if len(term.args) == 1 else None
            if shift is None or not shift.is_Integer:
                raise UnderSpecified(
                    f"{self.id}: recursion term {term} is not {self.sequence}({self.index} + c) "
                    "for an integer constant c"
                )
            shifts.append(int(shift))
        if len(set(shifts)) < 2:
            raise UnderSpecified(
                f"{self.id}: the recursion {eq} relates fewer than two terms of {self.sequence}; "
                "it does not define the sequence by induction"
            )
        top = self.sequence(self.index + max(shifts))
        y = sp.Dummy("top")
        g = (eq.lhs - eq.rhs).xreplace({top: y})
        coeff = sp.simplify(sp.diff(g, y))
        if coeff.has(y) or not (coeff.is_nonzero or manifestly_positive(coeff) or manifestly_positive(-coeff)):
            raise UnderSpecified(
                f"{self.id}: the recursion does not determine {top}: it must be linear in it "
                f"with a coefficient nonzero for every parameter value (got {coeff})"
            )
        lo, hi = min(min(shifts), 0), max(shifts)
        if not self.start.is_Integer:
            raise UnderSpecified(f"{self.id}: start must be an integer, not {self.start}")
        needed = [self.start + c for c in range(lo, hi)]
        missing = [k for k in needed if k not in self.base]
        if missing:
            raise UnderSpecified(
                f"{self.id}: a recursion of order {max(shifts) - min(shifts)} from {self.index} = {self.start} needs "
                f"base cases at {self.index} = {', '.join(map(str, needed))}; missing {', '.join(map(str, missing))}"
            )
        declared = [key for key in ("negative", "nonpositive", "even", "odd") if getattr(self.index, f"is_{key}")]
        if declared:
            raise UnderSpecified(
                f"{self.id}: the index {self.index} is declared {', '.join(declared)}, so the step proved under "
                f"those assumptions does not cover every integer {self.index} >= {self.start}; declare it integer "
                "(nonnegative/positive as the start allows)"
            )
        if (self.index.is_positive and self.start < 1) or (self.index.is_nonnegative and self.start < 0):
            raise UnderSpecified(
                f"{self.id}: the step is proved for {self.index} under its assumptions, which "
                f"exclude {self.index} = {self.start}; declare the index to cover start = {self.start}"
            )

    def _obligations(self) -> list[Obligation]:
        """The closed form, the recursion along it and the base values defined for every index >= start."""
        return definedness(
            [self.closed_form, self.step_residual, *self.base.values()], self.obligation_domain(), real=False
        )

    def _substitute(self, expr):
        return expr.replace(
            lambda e: isinstance(e, sp.core.function.AppliedUndef) and e.func == self.sequence,
            lambda e: self.closed_form.subs(self.index, e.args[0]),
        )

    def _symbolic(self, deadline: Deadline) -> "Verdict | str":
        """PROVED by induction when every base case and the step reduce to 0; else the reason why not."""
        base_methods = []
        for k, value in self.base.items():
            proof = prove_zero(self.closed_form.subs(self.index, k) - value, deadline)
            if not proof.proved:
                return f"base case {self.index} = {k} not reduced to 0"
            base_methods.append(str(k))
        proof = prove_zero(self.step_residual, deadline)
        if proof.proved:
            confirmed = confirm_zero(
                self.step_residual,
                self.symbols,
                self.where,
                deadline=deadline,
                what="induction step residual",
            )
            return Verdict(
                Status.PROVED,
                f"induction on {self.index}: base case(s) {', '.join(base_methods)} "
                f"and step {self.index} -> {self.index}+1 proved symbolically",
                f"step residual reduced to 0 ({proof.method}); confirmed at {confirmed} random rational points",
            )
        return f"induction step residual: {sp.sstr(proof.residual)[:300]}"

    def _check(self, deadline: Deadline) -> Verdict:
        reason = ""
        try:
            outcome = deadline.isolated(SYMBOLIC_SHARE, self._symbolic)
            if isinstance(outcome, Verdict):
                return outcome
            reason = outcome
        except PhaseTimeout:
            reason = "symbolic induction ran out of its share of the budget"
        # Numeric fallback: a failing base case or step at a sample point refutes.
        for k, value in self.base.items():
            base_res = self.closed_form.subs(self.index, k) - value
            verdict = numeric_verdict(
                base_res,
                symbols=free_symbols(base_res),
                where=[w.subs(self.index, k) for w in self.where[:-1]],
                hints=[],
                samples=8,
                deadline=deadline,
                reason=f"base case {self.index} = {k}; {reason}",
            )
            if verdict.status is Status.REFUTED:
                verdict.method = f"base case {self.index} = {k}: " + verdict.method
                return verdict
        return numeric_verdict(
            self.step_residual,
            symbols=self.symbols,
            where=self.where,
            hints=self.hints,
            samples=self.samples,
            deadline=deadline,
            reason=reason,
        )
