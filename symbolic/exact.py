"""Exact parsing of user-supplied numbers.

``0.1``, ``1/3``, ``1e-200`` and ``-2`` become exact SymPy rationals; nothing is
routed through a binary float, so the value a user types is the value the
hypotheses are checked on.
"""

from __future__ import annotations

import re
from fractions import Fraction

import sympy as sp

from .errors import InputError

_NUMBER = re.compile(
    r"""^\s*[+-]?(
        \d+(\.\d*)?([eE][+-]?\d+)?      # 12, 1.5, 1e-200, 2.e3
      | \.\d+([eE][+-]?\d+)?            # .5
      | \d+\s*/\s*\d+                   # 1/3
    )\s*$""",
    re.VERBOSE,
)


def parse_exact(text, name: str = "value") -> sp.Rational:
    """Parse ``text`` (str, int, Fraction or SymPy Rational) into an exact ``sp.Rational``.

    Floats are refused: a float has already lost the digits the user typed.
    """
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
            f"{name}: got the float {text!r}; pass the value as a string (e.g. '{text!r}') "
            "so it is parsed exactly."
        )
    if isinstance(text, sp.Basic) and text.is_number:
        if text.is_Rational:
            return text
        raise InputError(f"{name}: {text} is not a rational number; give a decimal or a fraction.")
    if not isinstance(text, str) or not _NUMBER.match(text):
        raise InputError(
            f"{name}: cannot parse {text!r} as an exact number "
            "(accepted: integers, decimals such as 0.1 or 1e-200, fractions such as 1/3)."
        )
    body = re.sub(r"\s+", "", text)
    num, _, den = body.partition("/")
    if den and int(den) == 0:
        raise InputError(f"{name}: {text!r} divides by zero.")
    frac = Fraction(body)
    return sp.Rational(frac.numerator, frac.denominator)
