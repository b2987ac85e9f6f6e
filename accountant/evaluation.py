"""A declared bound's formula at one run, through the privacy toolkit's public API.

:class:`BoundAtRun` is :class:`derivations.privacy.BoundAt` — the bound's formula with the run's exact
values substituted through the bound's mapping — built from a :class:`~accountant.run_description.Run`:
``fast()`` (an mpmath function for searching), ``evaluate`` (correct digits), ``ball`` (a certified Arb
ball), ``check`` (the formula's hypotheses, decided exactly also at algebraic values such as s·√(η/2)).
The accountant holds no evaluation method of its own: the formula (:mod:`symbolic.evaluate`) and the
bound's declaration decide how a value is computed and certified.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from derivations.privacy import BoundAt
from symbolic import mpf_to_rational, parse_exact

from .run_description import Run


def rational(x, digits: int | None = None) -> sp.Rational:
    """An mpmath number as an exact rational: exactly, or rounded to ``digits`` significant digits."""
    if not isinstance(x, mpmath.mpf):  # mpmath.mpf(x) of an mpf would round it to the current precision
        with mpmath.workdps(60):
            x = mpmath.mpf(x)
    if digits is not None:
        return parse_exact(mpmath.nstr(x, digits, strip_zeros=False), "rounded value")
    return mpf_to_rational(x)


def to_mpf(q) -> mpmath.mpf:
    q = sp.Rational(q)
    return mpmath.mpf(int(q.p)) / int(q.q)


class BoundAtRun(BoundAt):
    """``bound``'s formula at ``run`` (see the module docstring)."""

    def __init__(self, bound, run: Run):
        super().__init__(bound, run.subs())
