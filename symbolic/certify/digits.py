"""Correctly rounded decimal digits from an Arb ball.

:func:`round_ball` returns the ``dps``-significant-digit decimal that every point of
a ball rounds to (round half to even), or None when the ball straddles a rounding
boundary (or zero) and more precision is needed.  Everything is integer arithmetic on
Arb's decimal midpoint/radius (``mid_rad_10exp``), so values such as 1e-10^12 never
build a huge fraction.

:func:`certified_value` is the Arb path of :meth:`symbolic.Formula.evaluate`: it raises
the precision until the ball pins the requested digits.
"""

from __future__ import annotations


from .compiled import closed_form_enclosure
from ..numeric import Evaluation
from . import bits_for_digits
from .errors import CertificationError, FlintUnavailable, PrecisionNotReached
from .inverse import enclose_inverse
from ..settle import decimal_length, round_integer, to_mpf

#: Times the requested precision is doubled when a ball straddles a rounding boundary.
MAX_ROUNDING_RETRIES = 3


def round_ball(ball, dps: int) -> tuple[int, int] | None:
    """``(mantissa, exponent)`` with ``mantissa·10^exponent`` the ``dps``-digit rounding of
    every point of ``ball``, or None if two points of the ball round differently."""
    if not ball.is_finite():
        return None
    m, r, e = ball.mid_rad_10exp(dps + 10)
    m, r = int(m), int(r)
    lo, hi = m - r, m + r
    if lo < 0 < hi:
        return None
    return _common_rounding(lo, hi, int(e), dps)


def _common_rounding(lo: int, hi: int, e: int, dps: int):
    """:func:`~symbolic.settle.round_integer` of ``lo·10^e`` and ``hi·10^e`` if they agree, else
    None — with one scale for both ends when they have the same number of digits (the usual
    case: a ball far narrower than a unit in the last place)."""
    sign = -1 if hi <= 0 else 1
    a, b = (lo, hi) if sign == 1 else (-hi, -lo)
    cut = decimal_length(b) - dps if a else 0
    if cut <= 0 or decimal_length(a) != cut + dps:
        x, y = round_integer(lo, e, dps), round_integer(hi, e, dps)
        return x if x == y else None
    unit = 10**cut
    half = unit >> 1  # 5·10^(cut−1): unit is even
    qa, ra = divmod(a, unit)
    qb, rb = divmod(b, unit)
    if ra > half or (ra == half and qa & 1):
        qa += 1
    if rb > half or (rb == half and qb & 1):
        qb += 1
    if qa != qb:
        return None
    e += cut
    while qa % 10 == 0:
        qa //= 10
        e += 1
    return sign * qa, e


def certified_value(formula, exact: dict, dps: int, bits: int):
    """``(digits, ball)``: the correctly rounded ``dps`` digits of ``formula`` at the checked
    exact values, and the Arb ball (≥ ``bits`` bits of relative accuracy) that pins them.

    Raises :class:`~symbolic.certify.NotCertifiable` when there is no Arb translation and
    :class:`PrecisionNotReached` when no ball narrow enough is obtained.
    """
    if formula.inverse is not None:
        exact = dict(exact)
        enclose = lambda bits: enclose_inverse(formula, exact, bits).ball(bits + 64)  # noqa: E731
    else:
        enclose = closed_form_enclosure(formula, {p.symbol: exact[p.name] for p in formula.params})
    ball = None
    for _ in range(MAX_ROUNDING_RETRIES + 1):
        ball = enclose(bits)
        digits = round_ball(ball, dps)
        if digits is not None:
            return digits, ball
        bits *= 2
    # Still straddling after several doublings: the value sits on a rounding boundary (or at
    # 0 without an exact ball).  The ball is far narrower than one unit in the last digit, so
    # its midpoint's rounding is faithful (error below one unit in the last place).
    if ball is not None and ball.is_finite() and ball.rel_accuracy_bits() > bits // 2:
        m, r, e = (int(v) for v in ball.mid_rad_10exp(dps + 10))
        return round_integer(m, e, dps), ball
    raise PrecisionNotReached(
        f"{formula.id}: the Arb ball {ball} does not pin {dps} digits (a value at 0 or on a rounding boundary)"
    )


#: Working bits of the Arb path for the usual digit counts (bits_for_digits(dps) + 8 guard bits).
_BITS = {dps: bits_for_digits(dps) + 8 for dps in range(1, 101)}


def arb_evaluation(formula, exact, dps: int):
    """The Arb path of :meth:`symbolic.Formula.evaluation_at`: ``(Evaluation, "")`` with the
    correctly rounded digits and their ball, or ``(None, why)`` when Arb cannot pin the digits
    at this point (the caller falls back to mpmath and reports ``why``)."""
    try:
        digits, ball = certified_value(formula, exact, dps, _BITS.get(dps) or bits_for_digits(dps) + 8)
        return Evaluation(to_mpf(digits, dps), digits, True, formula.evaluation_path, ball), ""
    except FlintUnavailable:
        raise
    except CertificationError as exc:
        return None, str(exc)
    except OverflowError as exc:  # an exact integer beyond what a flint call accepts
        return None, f"Arb: {exc}"
