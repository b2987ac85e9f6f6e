"""Printing the endpoints of a ball as decimals rounded outwards.

``lo`` is rounded toward −∞ and ``hi`` toward +∞, so the printed interval
contains the ball and hence the exact value.  Everything is integer arithmetic
on a decimal mantissa and a separate exponent, so values such as 1e-10^12 (an
erfc far in the tail) print without ever building a huge fraction.  The strings
are accepted back by :func:`symbolic.exact_numbers.parse_exact`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .arb import Ball


def _format(m: int, e: int, digits: int, upward: bool) -> str:
    """The number m·10^e rounded (up if ``upward`` else down) to ``digits`` significant digits.

    Fixed notation for 1e-5 <= |x| < 10**digits, scientific otherwise (as ``eval`` prints values).
    """
    if m == 0:
        return "0"
    negative = m < 0
    text = str(-m if negative else m)
    if len(text) > digits:
        cut = len(text) - digits
        head, tail = int(text[:digits]), text[digits:]
        # Rounding the magnitude up is rounding the number up when it is positive.
        if upward != negative and tail.strip("0"):
            head += 1
        text, e = str(head), e + cut
    exponent = e + len(text) - 1  # of the leading digit
    text = text.rstrip("0") or "0"
    sign = "-" if negative else ""
    if -5 <= exponent < digits:
        if exponent >= 0:
            whole = text[: exponent + 1].ljust(exponent + 1, "0")
            frac = text[exponent + 1 :]
            return sign + whole + ("." + frac if frac else "")
        return sign + "0." + "0" * (-exponent - 1) + text
    mant = text[0] + ("." + text[1:] if len(text) > 1 else "")
    return f"{sign}{mant}e{exponent:+d}"


def directed_decimal(x: Fraction, digits: int, upward: bool) -> str:
    """A rational ``x`` to ``digits`` significant digits, rounded up (``upward``) or down."""
    if x == 0:
        return "0"
    a = abs(x)
    e = (a.numerator.bit_length() - a.denominator.bit_length()) * 30103 // 100000 - digits - 2
    scaled = x / Fraction(10) ** e  # |scaled| has more than `digits` integer digits
    m = -((-scaled.numerator) // scaled.denominator) if upward else scaled.numerator // scaled.denominator
    # m·10^e rounds x in the same direction; _format only rounds further in that direction.
    return _format(m, e, digits, upward)


def interval_strings(ball: Ball, digits: int) -> tuple[str, str]:
    """Decimal ``[lo, hi]`` with ``digits`` significant digits enclosing the Arb ``ball``.

    Arb's ``mid_rad_10exp`` gives integers (m, r, e) with ball ⊂ [(m − r)·10^e, (m + r)·10^e].
    """
    if not ball.is_finite():
        raise ValueError("an infinite or NaN ball has no finite endpoints")
    m, r, e = (int(v) for v in ball.mid_rad_10exp(digits + 5))
    return _format(m - r, e, digits, upward=False), _format(m + r, e, digits, upward=True)
