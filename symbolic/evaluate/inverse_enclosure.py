"""Certified enclosure of a formula declared with ``inverse=Inverse(...)``.

:class:`symbolic.evaluate.inverse.Inverse` defines ``x`` as the smallest ``x >= lower``
with ``forward(x) <= target``, for a ``forward`` formula that is non-increasing in
``x`` on ``[lower, ∞)`` (the precondition every ``Inverse`` declares).  The
certificate is the final step of the algorithm, not the algorithm: two exact
rationals ``x_lo < x_hi`` with

    forward(x_lo) > target >= forward(x_hi),

both decided on Arb balls of the verified forward expression.  Monotonicity then
gives ``x_lo < x <= x_hi``: if ``x <= x_lo`` we would have
``forward(x_lo) <= forward(x) <= target``.  When ``forward(lower) <= target`` is
certified, the value is ``lower`` itself.  The mpmath evaluator only proposes
where to look; a wrong proposal can cost time or raise, never a wrong interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath
import sympy as sp

from ..certify.arb import flint, to_fmpq, working_precision
from ..certify.errors import NotCertifiable, PrecisionNotReached
from ..certify.translate import ball_at
from .expressions import resolve_branches
from .certified import certified_bracket, certified_side


@dataclass(frozen=True)
class InverseEnclosure:
    """``lo < x <= hi`` for the inverse's exact value ``x`` (``lo == hi``: ``x`` is exactly ``lo``).

    ``forward_lo`` / ``forward_hi`` are the certified balls of ``forward`` at ``lo`` and
    ``hi``: the first lies entirely above ``target``, the second at or below it.
    """

    lo: Fraction
    hi: Fraction
    target: Fraction
    forward_lo: object
    forward_hi: object

    def ball(self, bits: int) -> Any:
        """An Arb ball containing ``[lo, hi]``."""
        f = flint()
        with working_precision(bits):
            return f.arb(to_fmpq(self.lo)).union(f.arb(to_fmpq(self.hi)))


def _rational(x: mpmath.mpf) -> Fraction:
    """The exact binary value of an mpf (never re-rounded to the current precision)."""
    man, exp = x.man_exp
    return Fraction(int(man) * 2 ** int(exp)) if exp >= 0 else Fraction(int(man), 2 ** int(-exp))


class _Forward:
    """``forward`` at exact values of ``solve_for``, with the other parameters fixed."""

    def __init__(self, inverse, exact: dict, prec: int):
        self.inv = inverse
        self.fwd = inverse.forward
        if self.fwd.evaluator is not None:
            raise NotCertifiable(
                f"{self.fwd.id} (the forward formula of an inverse) is computed by a custom "
                "algorithm; its values cannot be certified"
            )
        self.fixed = {n: v for n, v in inverse.forward_values(exact).items()}
        self.target = Fraction(int(exact[inverse.target].p), int(exact[inverse.target].q))
        self.prec = prec

    def ball(self, x: Fraction, bits: int):
        values = dict(self.fixed)
        values[self.inv.solve_for] = sp.Rational(x.numerator, x.denominator)
        exact = self.fwd.check(**values)  # the forward's own domain and hypotheses
        symbolic = {self.fwd.symbol(n): v for n, v in exact.items()}
        expr = resolve_branches(self.fwd.evaluation_expr, symbolic)
        return ball_at(expr, symbolic, bits, self.fwd.id)

    def side(self, x: Fraction):
        """(+1, ball) if forward(x) > target, (−1, ball) if forward(x) <= target, both certified."""
        return certified_side(
            self.ball,
            self.target,
            x,
            self.prec,
            f"{self.fwd.id}: cannot decide whether {self.fwd.id} at {self.inv.solve_for} = {x}",
        )


def enclose_inverse(formula: Any, exact: dict, prec: int) -> InverseEnclosure:
    """Certified bracket of the inverse ``formula`` at checked exact values (name -> Rational).

    The bracket's relative width is at most ``2**-prec``; raises
    :class:`PrecisionNotReached` rather than return a wider one.
    """
    inv = formula.inverse
    for name, value in exact.items():  # the bracket's ends and the target are Fractions: rationals only
        if not isinstance(value, str) and not getattr(value, "is_Rational", False):
            raise NotCertifiable(
                f"{formula.id}: parameter {name} = {value} is not rational; an inverse is certified at exact "
                "rational inputs only"
            )
    fwd = _Forward(inv, exact, prec)
    fixed_syms = {inv.forward.symbol(n): v for n, v in fwd.fixed.items()}
    lower = sp.sympify(inv.lower).xreplace(fixed_syms)
    if not lower.is_Rational:
        raise NotCertifiable(f"{formula.id}: the lower end {inv.lower} of the inverse is not an exact rational")
    lower = Fraction(int(lower.p), int(lower.q))
    side, ball_lower = fwd.side(lower)
    if side < 0:  # forward(lower) <= target: the value is lower itself
        return InverseEnclosure(lower, lower, fwd.target, ball_lower, ball_lower)
    digits = int(prec * 0.30103) + 10
    # The mpmath evaluator only proposes where to look (one run, no precision loop): the
    # bracket below is what is certified.
    try:
        with mpmath.workdps(digits + 10):
            x0 = formula.evaluator(exact, digits + 10)
    except ArithmeticError as exc:  # ZeroDivisionError, OverflowError, EvaluationError
        raise PrecisionNotReached(
            f"{formula.id}: the evaluator proposed no root ({type(exc).__name__}: {exc})"
        ) from exc
    if not isinstance(x0, mpmath.mpf) or not mpmath.isfinite(x0):
        raise PrecisionNotReached(f"{formula.id}: the evaluator proposed no finite root ({x0})")
    x0 = _rational(x0)
    found = certified_bracket(fwd.side, x0, lower=lower, lower_ball=ball_lower, prec=prec, name=formula.id)
    return InverseEnclosure(found.lo, found.hi, fwd.target, found.ball_lo, found.ball_hi)


def certify_inverse(formula: Any, prec: int = 100, **params: Any) -> InverseEnclosure:
    """The certified bracket (with the forward balls as evidence) of an ``inverse=`` formula."""
    if formula.inverse is None:
        raise NotCertifiable(f"{formula.id} is not declared as an inverse")
    return enclose_inverse(formula, formula.check(**params), prec)
