"""The mpmath precision loop: the one definition shared by the engine and the exported modules.

When no Arb enclosure exists, a value is computed by mpmath at rising working precision and
accepted on *evidence*, never on a single run:

* a **nonzero** value is accepted when two successive runs, the second at twice the working
  digits of the first, agree to ``dps + 2`` digits **and** the first already carried
  ``dps`` + :data:`GUARD_DIGITS` + the inputs' decimal magnitude digits.  Below that, an input
  such as ``x = 1e-100`` is absorbed exactly (``1 + x`` rounds to 1) at *every* precision,
  so two runs can agree on the same wrong number (``(1 + x) − 1 − x`` gives ``−1e-100``
  at 46 and at 92 digits; the value is 0);
* an exact **zero** is never accepted because runs agree on it: it is returned only when
  ``proves_zero()`` (supplied by the caller: SymPy on the exact expression at the exact point)
  proves the value is exactly 0, or when the evaluator itself returns an exact zero (an
  ``int``, a ``Fraction`` or a SymPy zero: a branch its author wrote, such as an empty sum or
  a clip at a boundary, not a rounded result).  An mpf zero without such a proof is an error,
  whoever computed it (``1 − P^t`` with ``P^t = 1 − 5e-8689`` is 0 at every affordable
  precision).

Inputs a hand-written evaluator takes only through their logarithm or as relative quantities
(δ in ``log δ``) cannot be absorbed by a sum; the caller leaves them out of ``magnitude``
(:class:`symbolic.Formula`'s ``magnitude_free``), so that δ = 1e-300 does not cost 300 digits.

This module imports only the standard library and mpmath: :mod:`symbolic.export.python`
copies its functions' source into every exported module, and :mod:`symbolic.evaluate.expressions` uses the
same functions, so the engine and the exported code cannot drift apart.
"""

from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Sequence

import mpmath

#: Digits added to the requested ones in every run.
GUARD_DIGITS = 15
#: Cap of :func:`input_digits` (inputs longer than this are rounded to it in the mpmath fallback).
MAX_INPUT_DIGITS = 2000


def significant_digits(n: int) -> int:
    """Decimal digits of the integer ``n`` without its trailing zeros (estimated from the bit length)."""
    if n == 0:
        return 0
    if n.bit_length() > 16 * MAX_INPUT_DIGITS:
        return MAX_INPUT_DIGITS
    chunk = 1
    while n % 10 == 0:  # strip trailing zeros, galloping
        if n % 10**chunk == 0:
            n //= 10**chunk
            chunk *= 2
        else:
            chunk = 1
    return int(n.bit_length() * 0.30103) + 1


def input_digits(values: Iterable[Any]) -> int:
    """Decimal digits a working precision needs to hold every exact input (rationals with
    ``numerator``/``denominator``) to full relative accuracy: significant digits of each
    numerator plus those of each denominator (powers of ten cost nothing), capped at
    :data:`MAX_INPUT_DIGITS`.  ``1 - 1e-40`` needs 40 digits; ``1e-100`` needs one."""
    need = 0
    for v in values:
        need = max(need, significant_digits(abs(int(v.numerator))) + significant_digits(int(v.denominator)))
    return min(need, MAX_INPUT_DIGITS)


def input_magnitude(values: Iterable[Any]) -> int:
    """The largest decimal magnitude ``|log10 |x||`` of the exact inputs (capped at
    :data:`MAX_INPUT_DIGITS`): below this many extra working digits an input can be absorbed
    exactly by a sum (``1 + 1e-100``), so agreement of two runs is no evidence there."""
    out = 0
    for v in values:
        p, q = int(v.numerator), int(v.denominator)
        if p:
            out = max(out, abs(abs(p).bit_length() - q.bit_length()) * 30103 // 100000)
    return min(out, MAX_INPUT_DIGITS)


def settle(
    thunk: Callable[[], Any],
    dps: int,
    name: str,
    start_digits: int = 0,
    magnitude: int = 0,
    proves_zero: Optional[Callable[[], bool]] = None,
    point: str = "",
    error: type[ArithmeticError] = ArithmeticError,
) -> Any:
    """Run ``thunk`` at rising mpmath working precision and return its value to ``dps`` digits,
    accepted only on the evidence described in the module docstring.

    ``thunk()`` must build its mpmath inputs inside the call (so they are rounded at the current
    working precision).  The first run uses ``dps`` + :data:`GUARD_DIGITS` + ``start_digits``
    digits (pass :func:`input_digits` of the exact inputs); each further run doubles it, up to a
    ceiling of at least twice the trusted precision.  ``magnitude`` is :func:`input_magnitude` of
    the inputs that can be absorbed by a sum (all of an expression's; a hand-written algorithm's
    caller may leave out inputs taken only through their logarithm); ``proves_zero`` a callable
    returning True only if the exact value is provably 0; ``point`` a description of the inputs
    for messages.  An evaluator's exact zero (``0``, ``Fraction(0)``, a SymPy zero) is returned
    at once; an mpf zero only with ``proves_zero()``.

    Raises ``error`` (an ArithmeticError subclass) naming ``name`` and ``point`` for non-real or
    non-finite results, arithmetic failures, an unproved zero, or digits that never settle:
    never a number without that evidence.
    """
    if dps < 1:
        raise ValueError("dps must be a positive integer")
    at = f" at {point}" if point else ""
    trusted = dps + GUARD_DIGITS + int(magnitude)
    work = dps + GUARD_DIGITS + int(start_digits)
    limit = max(8 * (dps + GUARD_DIGITS), 2 * work, 2 * trusted, 4 * int(magnitude) + 2 * dps)
    previous, previous_work, proved, settled = None, 0, None, None
    while True:
        # Below the trusted precision an input can be absorbed by a sum (1 + λ rounds to 1 for
        # λ = 1e-300), so an intermediate that vanishes or overflows there (1 − (1 − λ)² = 0 as a
        # divisor) says nothing about the value: raise the precision, up to the ceiling.  At or above
        # it, or at the ceiling, the failure is reported.
        retry = work < trusted and work < limit
        with mpmath.workdps(work):
            try:
                value = thunk()
            except error:
                raise
            except ZeroDivisionError as exc:
                if retry:
                    work = min(2 * work, limit)
                    continue
                raise error(
                    f"{name}: division by zero at {work} working digits{at} ({exc or 'an intermediate vanished'})"
                ) from exc
            except (OverflowError, MemoryError) as exc:
                raise error(f"{name}: the value is out of mpmath's range{at} ({type(exc).__name__}: {exc})") from exc
            except ArithmeticError as exc:
                raise error(f"{name}: {exc}") from exc
            if (isinstance(value, (int, Fraction)) or getattr(value, "is_Rational", False)) and value == 0:
                return mpmath.mpf(0)  # an exact zero written by the evaluator's author
            if retry and _non_finite(value):
                work = min(2 * work, limit)
                continue
            value = _real(value, name, at, error)
            if value == 0:
                if proved is None:
                    proved = _proved(proves_zero)
                if proved:
                    return mpmath.mpf(0)
            elif previous and previous_work >= trusted:
                scale = max(abs(value), abs(previous))
                gap = abs(value - previous)
                if gap <= scale * mpmath.mpf(10) ** (-dps - 2):
                    # The digits printed are the decimal rounding shared by every number within
                    # the runs' disagreement of the value (rounding the value to dps digits in
                    # binary first, then to decimal, printed a wrong last digit near a tie).
                    settled = value
                    digits = decimal_rounding(value, gap + scale * mpmath.mpf(10) ** (1 - work), dps)
                    if digits is not None:
                        return to_mpf(digits, dps)
            previous, previous_work = value, work
        if work >= limit:
            break
        work = min(2 * work, limit)
    if settled is not None:
        # Settled digits, but still within the runs' disagreement of a rounding tie at the
        # ceiling: the most precise run's rounding is faithful (off by under one unit in the
        # last digit only if the value is a tie to that many digits).
        return to_mpf(decimal_rounding(previous, None, dps), dps)
    if proved is None and _proved(proves_zero):
        return mpmath.mpf(0)  # exactly 0, though the runs rounded to tiny nonzero values (sin(π))
    if previous == 0:
        raise error(
            f"{name}: the mpmath evaluation gives 0 at {work} working digits{at}, "
            "and the value could not be proved to be exactly 0 (it may be a nonzero value that cancels "
            "below that precision); no number is returned."
        )
    raise error(
        f"{name}: the value did not settle to {dps} digits even with {work} working digits{at} "
        "(catastrophic cancellation, or a value too close to 0); no number is returned."
    )


#: 10^k for the usual scales (:func:`decimal_length`, :func:`to_mpf`): a table lookup, not a power.
_POWERS_OF_TEN = [10**k for k in range(400)]


def decimal_length(a: int) -> int:
    """Decimal digits of the positive integer ``a`` (no ``str``: Python refuses to convert an
    integer of more than 4300 digits, and a value at 1e-100000 is scaled to that many)."""
    d = int(a.bit_length() * 0.30102999566398120) + 1
    return d - 1 if (_POWERS_OF_TEN[d - 1] if d <= len(_POWERS_OF_TEN) else 10 ** (d - 1)) > a else d


def round_integer(n: int, e: int, dps: int) -> tuple:
    """``n·10^e`` rounded to ``dps`` significant digits (half to even), as a normalised
    ``(mantissa, exponent)`` (mantissa without trailing zeros; ``(0, 0)`` for zero)."""
    if n == 0:
        return 0, 0
    sign = -1 if n < 0 else 1
    a = abs(n)
    cut = decimal_length(a) - dps
    if cut > 0:
        q, rem = divmod(a, 10**cut)
        half = 5 * 10 ** (cut - 1)
        if rem > half or (rem == half and q % 2 == 1):
            q += 1
        a, e = q, e + cut
    while a % 10 == 0:
        a //= 10
        e += 1
    return sign * a, e


def decimal_rounding(value: Any, error: Any, dps: int) -> Optional[tuple]:
    """``(mantissa, exponent)``: the ``dps``-digit decimal rounding of every number within
    ``error`` of the nonzero mpf ``value``, or None when two of them round differently (a
    decimal tie, or a sign change, inside the interval).  Integer arithmetic on ``value``
    scaled to ``dps + 20`` digits, and, only if that cannot decide and ``error`` is smaller, to
    a few digits beyond ``error`` (one unit of rounding in the scaling is added to the radius).
    ``error=None``: the rounding of ``value`` itself."""
    places = dps + 20
    needed = places
    if error:
        needed = max(places, int(mpmath.ceil(mpmath.log10(abs(value) / abs(error)))) + 5)
    while True:
        with mpmath.workdps(places + 15):
            e = int(mpmath.floor(mpmath.log10(abs(value)))) - places
            n = int(mpmath.nint(value * mpmath.mpf(10) ** (-e)))
            radius = 0 if error is None else int(mpmath.ceil(abs(error) * mpmath.mpf(10) ** (-e))) + 2
        lo, hi = n - radius, n + radius
        if not lo < 0 < hi:
            a, b = round_integer(lo, e, dps), round_integer(hi, e, dps)
            if a == b:
                return a
        if places >= needed:
            return None
        places = needed


#: Bits of :func:`to_mpf` for the usual digit counts.
_PRECISIONS = {dps: mpmath.libmp.dps_to_prec(dps + 10) for dps in range(1, 101)}


def to_mpf(digits: Any, dps: int) -> Any:
    """The decimal ``mantissa·10^exponent`` as an mpf with a few guard digits, so that
    printing it with ``dps`` digits gives back exactly these digits."""
    mantissa, exponent = digits
    if abs(exponent) > 10_000:  # never build 10^exponent for 1e-10^12: mpmath's parser scales in binary
        with mpmath.workdps(dps + 10):
            return mpmath.mpf(f"{mantissa}e{exponent}")
    # Integer arithmetic: mantissa·10^exponent to ``prec`` bits (one truncating division to
    # prec + 4 bits, then one rounding: within an ulp of the correctly rounded value, ten
    # decimal digits below the dps printed ones, so printing gives back exactly the digits).
    libmp = mpmath.libmp
    prec = _PRECISIONS.get(dps) or libmp.dps_to_prec(dps + 10)
    if exponent >= 0:
        raw = libmp.from_int(mantissa * 10**exponent, prec, libmp.round_nearest)
    else:
        divisor = _POWERS_OF_TEN[-exponent] if exponent > -len(_POWERS_OF_TEN) else 10**-exponent
        magnitude = abs(mantissa)
        shift = max(prec + 4 + divisor.bit_length() - magnitude.bit_length(), 0)
        quotient, exp = (magnitude << shift) // divisor, -shift
        extra = quotient.bit_length() - prec
        if extra > 0:  # to prec bits, half up (not a correct rounding: an ulp is far below the digits)
            quotient, exp = (quotient + (1 << (extra - 1))) >> extra, exp + extra
        zeros = (quotient & -quotient).bit_length() - 1  # mpmath's normal form: an odd mantissa
        quotient, exp = quotient >> zeros, exp + zeros
        raw = (int(mantissa < 0), libmp.MPZ(quotient), exp, quotient.bit_length())
    return mpmath.mp.make_mpf(raw)


def _proved(proves_zero):
    """Whether ``proves_zero()`` proves the value is exactly 0 (a failed attempt proves nothing)."""
    if proves_zero is None:
        return False
    try:
        return bool(proves_zero())
    except (ArithmeticError, ValueError, TypeError, RecursionError):
        return False


def _non_finite(value):
    """Whether ``value`` is an mpmath number that is infinite or NaN (in either part)."""
    try:
        if isinstance(value, mpmath.mpc):
            return not (mpmath.isfinite(value.real) and mpmath.isfinite(value.imag))
        return isinstance(value, mpmath.mpf) and not mpmath.isfinite(value)
    except (TypeError, ValueError):
        return False


def _real(value, name, at, error):
    """``value`` as a finite real mpf, or ``error``."""
    if isinstance(value, mpmath.mpc):
        if value.imag != 0:
            raise error(f"{name}: complex value {value}{at} for a real formula")
        value = value.real
    try:
        value = mpmath.mpf(value)
    except (TypeError, ValueError):
        raise error(f"{name}: the evaluator returned {type(value).__name__}{at}, not a number") from None
    if not mpmath.isfinite(value):
        raise error(f"{name}: non-finite value {value}{at} for a valid input")
    return value


def show_point(names: Sequence[str], values: Sequence[Any]) -> str:
    """``"a = 1/3, b ≈ 1.2345678901234568e-400"``: exact when short, else 17 digits."""
    parts = []
    for n, v in zip(names, values):
        p, q = int(v.numerator), int(v.denominator)
        if p.bit_length() + q.bit_length() <= 400:
            parts.append(f"{n} = {p}" if q == 1 else f"{n} = {p}/{q}")
        else:
            with mpmath.workdps(17):
                parts.append(f"{n} ≈ {mpmath.nstr(mpmath.mpf(p) / q, 17)}")
    return ", ".join(parts)
