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


from .compiled import enclose_formula
from ..numeric import Evaluation
from . import bits_for_digits
from .errors import CertificationError, FlintUnavailable, PrecisionNotReached
from .inverse import enclose_inverse
from ..settle import round_integer, to_mpf

#: Times the requested precision is doubled when a ball straddles a rounding boundary.
MAX_ROUNDING_RETRIES = 3


def round_ball(ball, dps: int) -> tuple[int, int] | None:
    """``(mantissa, exponent)`` with ``mantissa·10^exponent`` the ``dps``-digit rounding of
    every point of ``ball``, or None if two points of the ball round differently."""
    if not ball.is_finite():
        return None
    m, r, e = (int(v) for v in ball.mid_rad_10exp(dps + 10))
    lo, hi = m - r, m + r
    if (lo < 0 < hi) and not (lo == hi):
        return None
    a, b = round_integer(lo, e, dps), round_integer(hi, e, dps)
    return a if a == b else None


def certified_value(formula, exact: dict, dps: int, bits: int):
    """``(digits, ball)``: the correctly rounded ``dps`` digits of ``formula`` at the checked
    exact values, and the Arb ball (≥ ``bits`` bits of relative accuracy) that pins them.

    Raises :class:`~symbolic.certify.NotCertifiable` when there is no Arb translation and
    :class:`PrecisionNotReached` when no ball narrow enough is obtained.
    """
    values = None
    if formula.inverse is None:
        values = {p.symbol: exact[p.name] for p in formula.params}
    ball = None
    for _ in range(MAX_ROUNDING_RETRIES + 1):
        if formula.inverse is not None:
            ball = enclose_inverse(formula, exact, bits).ball(bits + 64)
        else:
            ball = enclose_formula(formula, values, bits)
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


def arb_evaluation(formula, exact, dps: int):
    """The Arb path of :meth:`symbolic.Formula.evaluation_at`: ``(Evaluation, "")`` with the
    correctly rounded digits and their ball, or ``(None, why)`` when Arb cannot pin the digits
    at this point (the caller falls back to mpmath and reports ``why``)."""
    try:
        digits, ball = certified_value(formula, dict(exact), dps, bits_for_digits(dps) + 8)
        return Evaluation(to_mpf(digits, dps), digits, True, formula.evaluation_path, ball), ""
    except FlintUnavailable:
        raise
    except CertificationError as exc:
        return None, str(exc)
    except OverflowError as exc:  # an exact integer beyond what a flint call accepts
        return None, f"Arb: {exc}"
