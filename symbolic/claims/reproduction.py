"""Reproduction claims: a number recomputed and compared with reference digits whose origin is stated
(printed by the paper, read off a figure, or recomputed independently)."""

from __future__ import annotations

import re
from typing import Callable

import mpmath
import sympy as sp

from ..deadline import Deadline
from ..exact_numbers import parse_exact
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


#: Where the digits a reproduction is compared with come from (``Reproduction.origin``):
#: ``printed`` — the paper prints them (text, table, caption; ``quote`` holds the paper's words);
#: ``figure-reading`` — read off a plotted figure (the paper prints no digits);
#: ``recomputed`` — an independent recomputation (e.g. at higher precision, by other software),
#: not a number of the paper.
ORIGINS = ("printed", "figure-reading", "recomputed")


class Reproduction(Claim):
    """``compute()`` reproduces a value: the digits ``printed``, which come from ``origin``.

    ``printed`` is the reference's text: a fraction (``"16/21"``) is compared exactly
    (PROVED when ``compute`` returns that exact rational); a decimal is compared
    with its digits: the computed value (at ``dps`` digits) must round to
    it, i.e. lie within half a unit of the last place (CHECKED).
    Otherwise REFUTED, with the computed value as evidence.

    ``origin`` (one of :data:`ORIGINS`, required) says whose digits they are.  ``printed``
    requires ``quote``: a short verbatim excerpt of the paper's text where the digits stand
    (whitespace aside; a test finds it in the paper's text), so a reader can check that the paper
    prints them.  ``where_printed`` locates the value (``"Table 2"``, ``"Figure 1 (left)"``) or,
    for a recomputation, says who recomputed it and how.
    """

    kind = "reproduction"

    def __init__(
        self,
        id,
        compute: Callable[[], object],
        printed: str,
        statement,
        source,
        *,
        origin: str | None = None,
        quote: str = "",
        dps: int = 30,
        where_printed: str = "",
        same_value_as: str = "",
        **kw,
    ):
        super().__init__(id, statement, source, **kw)
        if origin not in ORIGINS:
            raise ValueError(
                f"{id}: Reproduction needs origin= one of {ORIGINS} (where its digits come from), not {origin!r}"
            )
        if origin == "printed" and not quote.strip():
            raise ValueError(f"{id}: a 'printed' reproduction needs quote=, the paper's words where the digits stand")
        self.compute = compute
        self.printed = printed
        self.origin = origin
        self.quote = quote
        self.dps = dps
        self.where_printed = where_printed
        #: the ID of another reproduction of the same printed value, compared here with a different computation
        #: (a printed number checked two ways is one printed number: ``reproduce`` counts it once)
        self.same_value_as = same_value_as

    def _check(self, deadline: Deadline) -> Verdict:
        with mpmath.workdps(self.dps):
            value = self.compute()
        loc = f" ({self.where_printed})" if self.where_printed else ""
        ref = {"printed": "printed", "figure-reading": "read off the figure", "recomputed": "recomputed"}[self.origin]
        what = {
            "printed": "the printed digits",
            "figure-reading": "the figure reading",
            "recomputed": "the recomputed reference",
        }[self.origin]
        if "/" in self.printed:
            target = parse_exact(self.printed, "printed value")
            exact = sp.sympify(value) if isinstance(value, (int, sp.Basic)) else None
            if exact is not None and exact.is_Rational:
                if exact == target:
                    return Verdict(
                        Status.PROVED,
                        "reproduction: exact rational arithmetic",
                        f"computed {exact} = {ref} {self.printed}{loc}",
                    )
                return Verdict(
                    Status.REFUTED,
                    "reproduction: exact value differs",
                    f"computed {exact}, {ref} {self.printed}{loc}",
                    details={"computed": exact, "printed": self.printed},
                )
            lo = hi = target
        else:
            lo, hi, _ = printed_interval(self.printed)
        with mpmath.workdps(self.dps):
            v = mpmath.mpf(value) if not isinstance(value, sp.Basic) else mpmath.mpf(str(sp.N(value, self.dps)))
            shown = mpmath.nstr(v, 12)
            inside = mpmath.mpf(lo.p) / lo.q <= v <= mpmath.mpf(hi.p) / hi.q
        if inside:
            return Verdict(
                Status.CHECKED, f"reproduction: matches {what}", f"computed {shown}, {ref} {self.printed}{loc}"
            )
        return Verdict(
            Status.REFUTED,
            f"reproduction: does not round to {what}",
            f"computed {shown}, {ref} {self.printed}{loc}",
            details={"computed": shown, "printed": self.printed},
        )
