"""The certified companion of :func:`symbolic.solve_monotone`: a root bracket decided on Arb balls.

For a monotone ``f`` and a target ``t``, two exact rationals ``lo < hi`` with ``f(lo)`` and
``f(hi)`` certified on either side of ``t`` enclose the root (monotonicity does the rest).  The
mpmath root finder only *proposes* where to look: :func:`certified_bracket` widens a bracket
around the proposal (by 4x per step) until both ends are decided, and refuses one wider than
``2**-prec`` relative; a wrong proposal costs time or raises, never a wrong interval.
:func:`certify_monotone` is the whole certificate for a function given as Arb balls;
:func:`symbolic.evaluate.inverse_enclosure.enclose_inverse` builds the one of an ``Inverse`` formula on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..certify.arb import flint, to_fmpq, working_precision
from ..certify.errors import PrecisionNotReached
from ..certify.translate import EXTRA_BITS

#: Times the bracket around the proposed root may be widened (by 4x each) before giving up.
MAX_WIDENINGS = 40

#: ``side(x) -> (+1, ball)`` when the residual is positive at ``x`` (left of the root), ``(-1, ball)``
#: when it is at or below zero; both decided on the ball.
Side = Callable[[Fraction], "tuple[int, Any]"]


@dataclass(frozen=True)
class RootEnclosure:
    """``lo < x <= hi`` for the exact root ``x`` (``lo == hi``: ``x`` is exactly ``lo``), with the
    certified balls of the function at both ends as evidence."""

    lo: Fraction
    hi: Fraction
    ball_lo: Any
    ball_hi: Any

    def ball(self, bits: int) -> Any:
        """An Arb ball containing ``[lo, hi]``."""
        f = flint()
        with working_precision(bits):
            return f.arb(to_fmpq(self.lo)).union(f.arb(to_fmpq(self.hi)))


def certified_side(
    function_ball: Callable[[Fraction, int], Any], target: Fraction, x: Fraction, prec: int, describe: str
) -> "tuple[int, Any]":
    """(+1, ball) if f(x) > target, (−1, ball) if f(x) <= target, both decided on Arb balls of
    ``function_ball(x, bits)`` at rising precision; :class:`PrecisionNotReached` (its message
    starting with ``describe``) when no precision decides it."""
    ball = None
    f = flint()
    for extra in EXTRA_BITS:
        ball = function_ball(x, prec + extra)
        if ball.is_finite():
            with working_precision(prec + extra):
                # Arb comparisons hold for every point of both balls; the target's
                # ball is as narrow as the working precision allows.
                t = f.arb(to_fmpq(target))
                if ball > t:
                    return 1, ball
                if ball <= t:
                    return -1, ball
    raise PrecisionNotReached(f"{describe} is above or below the target {target} (best ball {ball})")


def certified_bracket(
    side: Side,
    proposal: Fraction,
    *,
    lower: Fraction,
    lower_ball: Any,
    prec: int,
    name: str,
) -> RootEnclosure:
    """The certified bracket ``[lo, hi]`` around ``proposal`` of the decreasing residual whose
    sign ``side`` decides (positive at ``lower``, whose ball is ``lower_ball``), of relative
    width at most ``2**-prec``; :class:`PrecisionNotReached` rather than a wider one."""
    x0 = proposal
    # Relative to the proposal itself: a floor (it was 2^-64) made the bracket around a tiny
    # root (ε*_δ ≈ 3.5e-24) wider than 2^-prec relative, and it was rejected.
    step = (abs(x0) if x0 else Fraction(1, 2**64)) / 2 ** (prec + 6)
    lo = hi = None
    lo_ball = hi_ball = None
    width_lo = width_hi = step
    for _ in range(MAX_WIDENINGS):
        if lo is None:
            candidate = max(lower, x0 - width_lo)
            s, b = (1, lower_ball) if candidate == lower else side(candidate)
            if s > 0:
                lo, lo_ball = candidate, b
            else:
                width_lo *= 4
        if hi is None:
            candidate = max(lower, x0) + width_hi
            s, b = side(candidate)
            if s < 0:
                hi, hi_ball = candidate, b
            else:
                width_hi *= 4
        if lo is not None and hi is not None:
            break
    if lo is None or hi is None:
        raise PrecisionNotReached(f"{name}: could not bracket the root near the evaluator's value {float(x0)!r}")
    scale = max(abs(lo), abs(hi))
    if hi - lo > scale / 2**prec:
        raise PrecisionNotReached(
            f"{name}: the certified bracket [{float(lo)!r}, {float(hi)!r}] is wider than "
            f"2^-{prec} relative (the evaluator's value was off)"
        )
    return RootEnclosure(lo, hi, lo_ball, hi_ball)


def certify_monotone(
    function_ball: Callable[[Fraction, int], Any],
    target: Fraction,
    proposal: Fraction,
    *,
    lower: Fraction,
    prec: int,
    increasing: bool = False,
    name: str = "function",
) -> RootEnclosure:
    """A certified bracket of the root of ``f(x) = target`` near ``proposal`` (e.g. what
    :func:`symbolic.solve_monotone` returned, as an exact Fraction), for ``f`` strictly monotone
    on ``[lower, ∞)`` and given by ``function_ball(x, bits)`` (an Arb ball containing ``f(x)``).
    ``lower`` itself when the target is already met there (f(lower) <= target for a decreasing f).
    """

    # Work on a decreasing residual: target − f(x) for an increasing f, i.e. −f against −target.
    def negated(x: Fraction, bits: int) -> Any:
        ball = function_ball(x, bits)
        with working_precision(bits):  # python-flint rounds even a negation to its context's precision
            return -ball

    ball_of = negated if increasing else function_ball
    goal = -target if increasing else target

    def side(x: Fraction) -> "tuple[int, Any]":
        return certified_side(ball_of, goal, x, prec, f"{name}: cannot decide whether f({x})")

    s, ball_lower = side(lower)
    if s < 0:
        return RootEnclosure(lower, lower, ball_lower, ball_lower)
    return certified_bracket(side, proposal, lower=lower, lower_ball=ball_lower, prec=prec, name=name)
