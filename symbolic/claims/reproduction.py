"""Reproduction claims: a number a paper prints, recomputed and compared with its printed digits."""

from __future__ import annotations

import re
from typing import Callable

import mpmath
import sympy as sp

from ..deadline import Deadline
from ..exact import parse_exact
from ..verdict import Status, Verdict
from .base import Claim


def printed_interval(printed: str) -> tuple[sp.Rational, sp.Rational, int]:
    """The interval of reals that round to ``printed`` (a decimal), and its significant digits.

    ``"0.6355"`` -> [0.63545, 0.63555]; ``"1.2e-5"`` -> [1.15e-5, 1.25e-5].
    """
    text = printed.strip()
    mantissa, _, exponent = text.lower().partition("e")
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    exp = int(exponent) if exponent else 0
    half_ulp = sp.Rational(1, 2) * sp.Integer(10) ** (exp - decimals)
    centre = parse_exact(text, "printed value")
    digits = len(re.sub(r"[^0-9]", "", mantissa).lstrip("0")) or 1
    return centre - half_ulp, centre + half_ulp, digits


class Reproduction(Claim):
    """``compute()`` reproduces the value the paper prints as ``printed``.

    ``printed`` is the paper's text: a fraction (``"16/21"``) is compared exactly
    (PROVED when ``compute`` returns that exact rational); a decimal is compared
    with its printed digits: the computed value (at ``dps`` digits) must round to
    it, i.e. lie within half a unit of the last printed place (CHECKED).
    Otherwise REFUTED, with the computed value as evidence.
    """

    kind = "reproduction"

    def __init__(self, id, compute: Callable[[], object], printed: str, statement, source, *,
                 dps: int = 30, where_printed: str = "", **kw):
        super().__init__(id, statement, source, **kw)
        self.compute = compute
        self.printed = printed
        self.dps = dps
        self.where_printed = where_printed

    def _check(self, deadline: Deadline) -> Verdict:
        with mpmath.workdps(self.dps):
            value = self.compute()
        loc = f" ({self.where_printed})" if self.where_printed else ""
        if "/" in self.printed:
            target = parse_exact(self.printed, "printed value")
            exact = sp.sympify(value) if isinstance(value, (int, sp.Basic)) else None
            if exact is not None and exact.is_Rational:
                if exact == target:
                    return Verdict(Status.PROVED, "reproduction: exact rational arithmetic",
                                   f"computed {exact} = printed {self.printed}{loc}")
                return Verdict(Status.REFUTED, "reproduction: exact value differs",
                               f"computed {exact}, printed {self.printed}{loc}",
                               details={"computed": exact, "printed": self.printed})
            lo = hi = target
        else:
            lo, hi, _ = printed_interval(self.printed)
        with mpmath.workdps(self.dps):
            v = mpmath.mpf(value) if not isinstance(value, sp.Basic) else mpmath.mpf(str(sp.N(value, self.dps)))
            shown = mpmath.nstr(v, 12)
            inside = mpmath.mpf(lo.p) / lo.q <= v <= mpmath.mpf(hi.p) / hi.q
        if inside:
            return Verdict(Status.CHECKED, "reproduction: matches the printed digits",
                           f"computed {shown}, printed {self.printed}{loc}")
        return Verdict(Status.REFUTED, "reproduction: does not round to the printed digits",
                       f"computed {shown}, printed {self.printed}{loc}",
                       details={"computed": shown, "printed": self.printed})
