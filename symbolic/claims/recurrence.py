"""Recurrence claims: a closed form satisfies a recursion for every index, by induction."""

from __future__ import annotations

from typing import Iterable, Mapping

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..proving import prove_zero
from ..verdict import Status, Verdict
from .base import Claim, free_symbols, named_points
from .identity import SYMBOLIC_SHARE, numeric_verdict


class Recurrence(Claim):
    """``sequence(index) = closed_form`` for all integers ``index >= start``, by induction.

    ``recursion`` is an ``Eq`` relating ``sequence(index + 1)`` (and possibly
    earlier terms) to ``sequence(index)``; ``base`` maps the first indices to the
    sequence's values there.  PROVED when every base case and the induction step
    (the closed form substituted into the recursion at a *symbolic* integer
    ``index``) simplify to 0.  Enumerating indices is never a proof: failing
    symbolically, sample points (index included) can only REFUTE or CHECK.
    """

    kind = "recurrence"

    def __init__(self, id, sequence, index: sp.Symbol, closed_form, recursion: sp.Eq,
                 base: Mapping, statement, source, *, start=0, where: Iterable = (),
                 hints: Iterable[dict] = (), samples: int = 24, **kw):
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
        step = self._substitute(recursion.lhs - recursion.rhs)
        self.step_residual = step
        self.symbols = free_symbols(step, *self.where)
        self.hints = named_points(hints, self.symbols)

    def _substitute(self, expr):
        return expr.replace(
            lambda e: isinstance(e, sp.core.function.AppliedUndef) and e.func == self.sequence,
            lambda e: self.closed_form.subs(self.index, e.args[0]),
        )

    def _check(self, deadline: Deadline) -> Verdict:
        reason = ""
        try:
            with deadline.phase(SYMBOLIC_SHARE):
                base_methods = []
                for k, value in self.base.items():
                    proof = prove_zero(self.closed_form.subs(self.index, k) - value, deadline)
                    if not proof.proved:
                        reason = f"base case {self.index} = {k} not reduced to 0"
                        break
                    base_methods.append(str(k))
                else:
                    proof = prove_zero(self.step_residual, deadline)
                    if proof.proved:
                        return Verdict(
                            Status.PROVED,
                            f"induction on {self.index}: base case(s) {', '.join(base_methods)} "
                            f"and step {self.index} -> {self.index}+1 proved symbolically",
                            f"step residual reduced to 0 ({proof.method})",
                        )
                    reason = f"induction step residual: {sp.sstr(proof.residual)[:300]}"
        except PhaseTimeout:
            reason = "symbolic induction ran out of its share of the budget"
        # Numeric fallback: a failing base case or step at a sample point refutes.
        for k, value in self.base.items():
            base_res = self.closed_form.subs(self.index, k) - value
            verdict = numeric_verdict(base_res, free_symbols(base_res), [w.subs(self.index, k) for w in self.where[:-1]],
                                      [], 8, deadline, f"base case {self.index} = {k}; {reason}")
            if verdict.status is Status.REFUTED:
                verdict.method = f"base case {self.index} = {k}: " + verdict.method
                return verdict
        return numeric_verdict(self.step_residual, self.symbols, self.where, self.hints, self.samples,
                               deadline, reason)
