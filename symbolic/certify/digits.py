"""Correctly rounded decimal digits from an Arb ball.

:func:`round_ball` returns the ``dps``-significant-digit decimal that every point of
a ball rounds to (round half to even), or None when the ball straddles a rounding
boundary (or zero) and more precision is needed.  Everything is integer arithmetic on
Arb's decimal midpoint/radius (``mid_rad_10exp``), so values such as 1e-10^12 never
build a huge fraction.

:func:`round_at_working_precision` decides the same digits in Arb itself, at the precision
the ball was computed at (a multiplication by 10^k and a floor, no decimal conversion): the
closed forms' first-precision shortcut rounds this way, and falls back to :func:`round_ball`
where it declines.

:func:`certified_value` is the Arb path of :meth:`symbolic.Formula.evaluate`: it raises
the precision until the ball pins the requested digits.
"""

from __future__ import annotations

from math import floor as _floor, log10 as _log10
from typing import TYPE_CHECKING, Callable, Mapping

import sympy as sp

from .arb import Ball
from .compiled import closed_form_enclosure, program_for
from ..evaluate.expressions import Evaluation
from . import bits_for_digits

if TYPE_CHECKING:
    from ..evaluate.methods import FormulaView
    from ..formula import Formula

#: A closed form's first-precision shortcut (:func:`first_precision_for`).
FirstPrecision = Callable[[Mapping[str, sp.Rational], int], Evaluation | None]
from .errors import CertificationError, FlintUnavailable, PrecisionNotReached
from ..evaluate.settle import decimal_length, round_integer

#: Times the requested precision is doubled when a ball straddles a rounding boundary.
MAX_ROUNDING_RETRIES = 3


def round_ball(ball: Ball, dps: int) -> tuple[int, int] | None:
    """``(mantissa, exponent)`` with ``mantissa·10^exponent`` the ``dps``-digit rounding of
    every point of ``ball``, or None if two points of the ball round differently."""
    m, r, e = ball.mid_rad_10exp(dps + 10)  # all three 0 for a non-finite (or zero) ball: Arb's contract
    m, r = int(m), int(r)
    if m:
        digits = _narrow_rounding(m, r, dps)
        if digits is not None:
            mantissa, shift = digits
            return mantissa, int(e) + shift
    if not ball.is_finite():
        return None
    lo, hi = m - r, m + r
    if lo < 0 < hi:
        return None
    return _common_rounding(lo, hi, int(e), dps)


def round_at_working_precision(ball: Ball, dps: int) -> tuple[int, int] | None:
    """:func:`round_ball`'s answer for an ``arb`` ``ball``, decided in Arb at the current working
    precision (``ctx.prec``, at least the ball's own: call it where the ball was computed), or None
    when this route does not decide — then :func:`round_ball` does, exactly.

    With ``10^(dps−1) ≤ |x|·10^k < 10^dps`` (k guessed from the midpoint as a double), the ball
    ``z = |ball|·10^k + ½`` is computed (a ball: it contains every such point); if the integer part
    ``n`` of z is the same at every point and no point of z is an integer, every point y = |x|·10^k
    lies strictly within half a unit of ``n`` (no tie), and if moreover ``10^(dps−1) < n < 10^dps``
    every y has exactly ``dps`` integer digits: each point of the ball rounds to ``±n·10^(−k)`` at
    ``dps`` significant digits.  Two edges are decided too: ``n = 10^dps`` (a point y ≥ 10^dps has
    a digit more, and rounds at a unit of 10 to 10^dps as well) and ``n = 10^(dps−1)`` when every
    point lies above n − 1/20 (a point below 10^(dps−1) is rounded at a tenth of the unit).  Any other case (a
    guess of k off by one, a ball straddling a rounding boundary or 0, an exact tie, a midpoint
    beyond a double's range, more than :data:`_ROUNDING_MAX_DPS` digits) returns None.  It replaces the decimal conversion of the
    ball's midpoint and radius by a multiplication and a floor, at a fraction of the cost."""
    if not _POW10:
        _rounding_tables()
    v = float(ball)  # the midpoint, to double precision: only the guess of the decimal exponent
    if v < 0:
        v, ball, sign = -v, -ball, -1
    else:
        sign = 1
    if not 1e-300 < v < 1e300 or dps > _ROUNDING_MAX_DPS:
        return None
    k = dps - 1 - _floor(_log10(v))
    z = (ball * _POW10[k] if k >= 0 else ball / _POW10[-k]) + _HALF
    n = z.floor()
    if not z > n:  # at every point (Arb's comparisons hold for all points): no point of z is an integer
        return None
    n = n.unique_fmpz()  # then exact: the integer part is the same at every point
    if n is None:
        return None
    n = int(n)
    if not _TEN[dps - 1] < n <= _TEN[dps]:  # 10^dps: points at or above it round to it at unit 10
        # 10^(dps−1): a point y below it has a digit less and is rounded at a tenth of the unit —
        # to n as well when y > n − 1/20, which z > n + 15/32 (exact, > 9/20) guarantees
        if n != _TEN[dps - 1] or not z > _JUST_BELOW + n:
            return None
    k = -k
    while not n % 10:
        n //= 10
        k += 1
    return sign * n, k


#: The most digits :func:`round_at_working_precision` handles (its table of powers of ten).
_ROUNDING_MAX_DPS = 63
#: Made by :func:`_rounding_tables` on first use (empty / None until then).
_POW10: list[Ball] = []
_HALF: Ball = None
_JUST_BELOW: Ball = None


def _rounding_tables() -> None:
    """Exact balls 10^k (|k| ≤ 400: a midpoint within 1e±300 and up to 63 digits), ½ and 15/32, made on
    the first rounding (python-flint loads only when an Arb path runs)."""
    global _POW10, _HALF, _JUST_BELOW
    from .arb import flint

    f = flint()
    _HALF = f.arb(f.fmpq(1, 2))
    _JUST_BELOW = f.arb(f.fmpq(15, 32))
    _POW10 = [f.arb(f.fmpz(10) ** k) for k in range(400)]


#: 10^k for the scales :func:`_narrow_rounding` cuts at (mid_rad_10exp(dps + 10) gives ~dps + 13 digits).
_TEN = [10**k for k in range(64)]


def _narrow_rounding(m: int, r: int, dps: int):
    """The usual case of :func:`round_ball`, in a few integer operations: ``(q, cut)`` with
    ``q·10^cut`` the ``dps``-digit rounding (half to even) of every integer in ``[m − r, m + r]``
    (``m ≠ 0``), when that interval is far narrower than a unit of the rounding and lies strictly
    on one side of its rounding boundary; None otherwise (the caller's exact treatment decides).

    With ``|m| = q·unit + rem`` (``0 ≤ rem < unit``, ``unit = 10^cut``) and ``r < unit/2``, every
    point lies within half a unit of ``q·unit`` or of ``(q + 1)·unit``: all round to ``q`` if
    ``rem + r < unit/2``, all to ``q + 1`` if ``rem − r > unit/2`` (no tie in either case) —
    unless points fall below ``q·unit = 10^(dps−1+cut)``, which are rounded at a tenth of the unit."""
    a = -m if m < 0 else m
    cut = decimal_length(a) - dps
    if not 0 < cut < 64:
        return None
    unit = _TEN[cut]
    half = unit >> 1
    if r >= half:
        return None
    q, rem = divmod(a, unit)
    if rem < r and q == 10 ** (dps - 1):  # points below 10^(dps−1+cut) have a digit less: another unit
        return None
    if rem - r > half:
        q += 1
    elif rem + r >= half:
        return None
    while q % 10 == 0:  # a normalised mantissa (q > 0: a ≥ 10^(dps + cut − 1))
        q //= 10
        cut += 1
    return (-q if m < 0 else q), cut


def _common_rounding(lo: int, hi: int, e: int, dps: int):
    """:func:`~symbolic.evaluate.settle.round_integer` of ``lo·10^e`` and ``hi·10^e`` if they agree, else
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


def certified_value(
    formula: Formula, exact: Mapping[str, sp.Rational], dps: int, bits: int
) -> tuple[tuple[int, int], Ball]:
    """``(digits, ball)``: the correctly rounded ``dps`` digits of ``formula`` at the checked
    exact values, and the Arb ball (≥ ``bits`` bits of relative accuracy) that pins them.

    Raises :class:`~symbolic.certify.NotCertifiable` when there is no Arb translation and
    :class:`PrecisionNotReached` when no ball narrow enough is obtained.
    """
    if formula.inverse is not None:
        exact = dict(exact)
        enclose = lambda bits: formula.inverse.ball(formula, exact, bits)  # noqa: E731
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

#: Bits above :data:`_BITS` at which :func:`_first_precision` runs a closed form's program.  The
#: ball only has to pin the digits, not reach an accuracy: 16 bits absorb the rounding errors of
#: a few dozen operations, so a point far from a rounding boundary (all but about one in 10⁴) is
#: decided at once, at a precision where Arb's elementary functions cost 10–20 % less than at the
#: full loop's first precision (``_BITS + EXTRA_BITS[0]``, 16 bits more).  A ball that does not
#: pin them sends the call through :func:`certified_value` from its start, as before.
FIRST_GUARD_BITS = 16
_FIRST_BITS = {dps: bits + FIRST_GUARD_BITS for dps, bits in _BITS.items()}


def arb_evaluation(
    formula: Formula, exact: Mapping[str, sp.Rational], dps: int, shortcut_tried: bool = False
) -> tuple[Evaluation | None, str]:
    """The Arb path of :meth:`symbolic.Formula.evaluation_at`: ``(Evaluation, "")`` with the
    correctly rounded digits and their ball, or ``(None, why)`` when Arb cannot pin the digits
    at this point (the caller falls back to mpmath and reports ``why``).  A closed form tries
    :func:`_first_precision` first, unless the caller already has (``shortcut_tried``)."""
    if formula.inverse is None and not shortcut_tried:
        first = _first_precision(formula, exact, dps)
        if first is not None:
            return first, ""
    try:
        digits, ball = certified_value(formula, exact, dps, _BITS.get(dps) or bits_for_digits(dps) + 8)
        return Evaluation.from_digits(digits, dps, formula.evaluation_path, ball), ""
    except FlintUnavailable:
        raise
    except CertificationError as exc:
        return None, str(exc)
    except OverflowError as exc:  # an exact integer beyond what a flint call accepts
        return None, f"Arb: {exc}"


def _first_precision(formula: FormulaView, exact: Mapping[str, sp.Rational], dps: int) -> Evaluation | None:
    """The closed form's compiled program run once through its generated entry
    (:attr:`~symbolic.certify.compiled.ArbProgram.entry`) at :data:`_FIRST_BITS`, and its ball
    rounded: the Evaluation when the ball pins the ``dps``
    digits (what almost every call needs), else None — and then :func:`certified_value` runs
    from the start (precision loop, accuracy test, retries), so an input this shortcut does not
    handle (an exact result, a huge exact power, a pole, a refusal) gets exactly the answer or
    the error it gets without it.

    The digits need no accuracy test on the ball: any ball whose points all round to the same
    ``dps`` digits pins them.  This is :func:`closed_form_enclosure` and :func:`round_ball`
    without their per-call set-up (the closures, the conversions, the precision loop), which
    costs as much as Arb's own work on a formula such as θ."""
    return first_precision_for(formula)(exact, dps)


def first_precision_for(formula: FormulaView) -> FirstPrecision:
    """``(exact, dps) -> Evaluation | None``: :func:`_first_precision` for one closed form, its
    compiled program and entry looked up once (what :meth:`symbolic.Formula.evaluation_at` keeps:
    the lookups cost as much as a tenth of a θ evaluation)."""
    program = program_for(formula, formula.evaluation_expr)
    entry, arb, first_bits = program.entry, program._f.arb, _FIRST_BITS

    def first(exact: Mapping[str, sp.Rational], dps: int) -> Evaluation | None:
        return entry(
            exact, first_bits.get(dps) or bits_for_digits(dps) + 8 + FIRST_GUARD_BITS, _first_evaluation, dps, arb
        )

    return first


def _first_evaluation(ball, dps: int, arb):
    """:func:`_first_precision`'s rounding, run by the generated entry at the program's precision:
    the closed form's Arb-path Evaluation if ``ball`` is a ball that pins the ``dps`` digits, else
    None (an exact value or a ball that does not pin them: the full path decides)."""
    if type(ball) is not arb:
        return None
    digits = round_at_working_precision(ball, dps) or round_ball(ball, dps)
    return None if digits is None else Evaluation.from_digits(digits, dps, "arb", ball)
