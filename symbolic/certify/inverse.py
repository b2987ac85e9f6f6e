"""Certified enclosure of a formula declared with ``inverse=Inverse(...)``.

:class:`symbolic.inverse.Inverse` defines ``x`` as the smallest ``x >= lower``
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

import mpmath
import sympy as sp

from ..numeric import resolve_branches
from .arb import flint, to_fmpq, working_precision
from .errors import NotCertifiable, PrecisionNotReached
from .translate import EXTRA_BITS, ball_at

#: Times the bracket around the proposed root may be widened (by 4x each) before giving up.
MAX_WIDENINGS = 40


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

    def ball(self, bits: int):
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
        ball = None
        f = flint()
        for extra in EXTRA_BITS:
            ball = self.ball(x, self.prec + extra)
            if ball.is_finite():
                with working_precision(self.prec + extra):
                    # Arb comparisons hold for every point of both balls; the target's
                    # ball is as narrow as the working precision allows.
                    target = f.arb(to_fmpq(self.target))
                    if ball > target:
                        return 1, ball
                    if ball <= target:
                        return -1, ball
        raise PrecisionNotReached(
            f"{self.fwd.id}: cannot decide whether {self.fwd.id} at {self.inv.solve_for} = {x} "
            f"is above or below the target {self.target} (best ball {ball})"
        )


def enclose_inverse(formula, exact: dict, prec: int) -> InverseEnclosure:
    """Certified bracket of the inverse ``formula`` at checked exact values (name -> Rational).

    The bracket's relative width is at most ``2**-prec``; raises
    :class:`PrecisionNotReached` rather than return a wider one.
    """
    inv = formula.inverse
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
    # Relative to the proposal itself: a floor (it was 2^-64) made the bracket around a tiny
    # root (ε*_δ ≈ 3.5e-24) wider than 2^-prec relative, and it was rejected.
    step = (abs(x0) if x0 else Fraction(1, 2**64)) / 2 ** (prec + 6)
    lo = hi = None
    lo_ball = hi_ball = None
    width_lo = width_hi = step
    for _ in range(MAX_WIDENINGS):
        if lo is None:
            candidate = max(lower, x0 - width_lo)
            s, b = (1, ball_lower) if candidate == lower else fwd.side(candidate)
            if s > 0:
                lo, lo_ball = candidate, b
            else:
                width_lo *= 4
        if hi is None:
            candidate = max(lower, x0) + width_hi
            s, b = fwd.side(candidate)
            if s < 0:
                hi, hi_ball = candidate, b
            else:
                width_hi *= 4
        if lo is not None and hi is not None:
            break
    if lo is None or hi is None:
        raise PrecisionNotReached(f"{formula.id}: could not bracket the root near the evaluator's value {float(x0)!r}")
    scale = max(abs(lo), abs(hi))
    if hi - lo > scale / 2**prec:
        raise PrecisionNotReached(
            f"{formula.id}: the certified bracket [{float(lo)!r}, {float(hi)!r}] is wider than "
            f"2^-{prec} relative (the evaluator's value was off)"
        )
    return InverseEnclosure(lo, hi, fwd.target, lo_ball, hi_ball)
