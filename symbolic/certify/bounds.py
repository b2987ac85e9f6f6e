"""Printing the endpoints of a ball as decimals rounded outwards.

``lo`` is rounded toward −∞ and ``hi`` toward +∞, so the printed interval
contains the ball and hence the exact value.  The decimal strings are accepted
back by :func:`symbolic.exact.parse_exact`.
"""

from __future__ import annotations

from fractions import Fraction

from .arb import endpoints


def _floor_log10(a: Fraction) -> int:
    """The integer e with 10**e <= a < 10**(e+1), for a > 0 (exact)."""
    e = (a.numerator.bit_length() - a.denominator.bit_length()) * 30103 // 100000
    while Fraction(10) ** e > a:
        e -= 1
    while Fraction(10) ** (e + 1) <= a:
        e += 1
    return e


def directed_decimal(x: Fraction, digits: int, upward: bool) -> str:
    """``x`` to ``digits`` significant digits, rounded up (``upward``) or down, as a string.

    Fixed notation for 1e-5 <= |x| < 10**digits, scientific otherwise (as ``eval`` prints values).
    """
    if x == 0:
        return "0"
    negative = x < 0
    a = -x if negative else x
    e = _floor_log10(a)
    scaled = a * Fraction(10) ** (digits - 1 - e)
    # Rounding the magnitude up is rounding x up when x > 0 and down when x < 0.
    magnitude_up = upward != negative
    m = -((-scaled.numerator) // scaled.denominator) if magnitude_up else scaled.numerator // scaled.denominator
    if m == 10 ** digits:  # rounding carried into a new decade
        m //= 10
        e += 1
    text = str(m).rstrip("0") or "0"
    sign = "-" if negative else ""
    if -5 <= e < digits:
        if e >= 0:
            whole = text[: e + 1].ljust(e + 1, "0")
            frac = text[e + 1:]
            return sign + whole + ("." + frac if frac else "")
        return sign + "0." + "0" * (-e - 1) + text
    mant = text[0] + ("." + text[1:] if len(text) > 1 else "")
    return f"{sign}{mant}e{e:+d}"


def interval_strings(ball, digits: int) -> tuple[str, str]:
    """Decimal ``[lo, hi]`` with ``digits`` significant digits enclosing the Arb ``ball``."""
    lo, hi = endpoints(ball)
    return directed_decimal(lo, digits, upward=False), directed_decimal(hi, digits, upward=True)
