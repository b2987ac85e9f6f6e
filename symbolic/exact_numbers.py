"""Exact parsing of user-supplied numbers.

``0.1``, ``1/3``, ``1e-200`` and ``-2`` become exact SymPy rationals; nothing is
routed through a binary float, so the value a user types is the value the
hypotheses are checked on.  Only ASCII digits are numbers (Python's ``int('١٢')``
would accept Arabic-Indic and full-width digits; our inputs are ASCII), no ``_``
separators, at most :data:`MAX_DIGITS` digits and exponents within ±:data:`MAX_EXPONENT`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

import sympy as sp

from .errors import InputError

if TYPE_CHECKING:
    import mpmath

#: What :func:`parse_exact` reads exactly (anything else, floats first, is refused with an error).
ExactInput = str | int | Fraction | sp.Basic

_NUMBER = re.compile(
    r"""^\s*[+-]?(
        \d+(\.\d*)?([eE][+-]?\d+)?      # 12, 1.5, 1e-200, 2.e3
      | \.\d+([eE][+-]?\d+)?            # .5
      | \d+\s*/\s*\d+                   # 1/3
    )\s*$""",
    re.VERBOSE | re.ASCII,  # ASCII digits only: '١٢' and full-width digits are not numbers here
)

#: A short decimal (at most 40 digits, a two-digit exponent): parsed directly; everything else
#: goes through the general parser and its limits.
_SIMPLE = re.compile(r"([+-]?)(\d{1,40})(?:\.(\d{0,40}))?(?:[eE]([+-]?\d{1,2}))?", re.ASCII)

#: Largest decimal exponent accepted (``1e-100000`` is fine; ``1e999999999`` would build a
#: billion-digit integer before anything could check it).
MAX_EXPONENT = 100_000
#: Most digits accepted in a typed number (mantissa, numerator or denominator).
MAX_DIGITS = 10_000


def _abbrev(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else f"{text[: limit // 2]}...{text[-limit // 4 :]} ({len(text)} characters)"


def parse_exact(text: object, name: str = "value") -> sp.Rational:
    """Parse ``text`` (str, int, Fraction or SymPy Rational) into an exact ``sp.Rational``.

    Floats are refused: a float has already lost the digits the user typed.
    """
    if type(text) is str:  # the usual input, tested first
        simple = _SIMPLE.fullmatch(text)
        if simple is not None:  # the common short decimal, without the general parser's Fractions
            sign, whole, frac, exponent = simple.groups()
            e = int(exponent) - len(frac or "") if exponent else -len(frac or "")
            numerator = int(whole + frac) if frac else int(whole)
            if sign == "-":
                numerator = -numerator
            return sp.Integer(numerator * 10**e) if e >= 0 else sp.Rational(numerator, 10**-e)
    if isinstance(text, bool):
        raise InputError(f"{name}: a boolean is not a number.")
    if isinstance(text, sp.Rational):
        return text
    if isinstance(text, int):
        return sp.Integer(text)
    if isinstance(text, Fraction):
        return sp.Rational(text.numerator, text.denominator)
    if isinstance(text, float):
        raise InputError(
            f"{name}: got the float {text!r}; pass the value as a string (e.g. '{text!r}') so it is parsed exactly."
        )
    if isinstance(text, sp.Basic) and text.is_number:
        if text.is_Rational:
            return text
        raise InputError(f"{name}: {text} is not a rational number; give a decimal or a fraction.")
    if not isinstance(text, str) or not _NUMBER.match(text):
        raise InputError(
            f"{name}: cannot parse {_abbrev(repr(text))} as an exact number (ASCII digits) "
            "(accepted: integers, decimals such as 0.1 or 1e-200, fractions such as 1/3)."
        )
    body = re.sub(r"\s+", "", text)
    mantissa, _, exponent = body.lower().partition("e")
    if len(re.sub(r"\D", "", mantissa)) > MAX_DIGITS:
        raise InputError(f"{name}: {_abbrev(text)} has more than {MAX_DIGITS} digits.")
    if exponent and abs(int(exponent)) > MAX_EXPONENT:
        raise InputError(
            f"{name}: the exponent of {_abbrev(text)} is beyond ±{MAX_EXPONENT} "
            "(the value would have more digits than any computation here can use)."
        )
    num, _, den = body.partition("/")
    value = _decimal(num)
    if den:
        denominator = _decimal(den)
        if denominator == 0:
            raise InputError(f"{name}: {_abbrev(text)} divides by zero.")
        value /= denominator
    return sp.Rational(value.numerator, value.denominator)


def _digits_to_int(digits: str) -> int:
    """int(digits) in chunks, so that inputs longer than Python's 4300-digit conversion limit parse."""
    value = 0
    for i in range(0, len(digits), 4000):
        chunk = digits[i : i + 4000]
        value = value * 10 ** len(chunk) + int(chunk)
    return value


def _decimal(text: str) -> Fraction:
    """The exact value of a decimal literal ``[+-]digits[.digits][e[+-]digits]`` (already matched)."""
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("+-").lower()
    mantissa, _, exponent = text.partition("e")
    whole, _, frac = mantissa.partition(".")
    value = Fraction(_digits_to_int((whole + frac) or "0"), 10 ** len(frac))
    e = int(exponent) if exponent else 0
    value = value * 10**e if e >= 0 else value / 10**-e
    return sign * value


def mpf_to_rational(x: mpmath.mpf | int | float | str) -> sp.Rational:
    """The exact binary value of an mpmath number as a SymPy rational (no rounding).

    Use it to pass a computed mpf back into ``Formula.evaluate``, which parses inputs exactly.
    Non-mpf input is converted at the working precision first.
    """
    import mpmath

    if not isinstance(x, mpmath.mpf):
        x = mpmath.mpf(x)
    man, exp = (int(v) for v in x.man_exp)  # an mpf's own bits (int: gmpy's mpz is no SymPy input)
    return sp.Integer(man) * sp.Integer(2) ** exp if exp >= 0 else sp.Rational(man, 2**-exp)
