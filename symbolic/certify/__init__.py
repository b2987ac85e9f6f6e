"""Certified evaluation: an Arb ball (python-flint) that provably contains a formula's value.

* :func:`certify` — the entry point behind :meth:`symbolic.Formula.certify`:
  checks the hypotheses exactly, then

  - for a closed-form formula, translates its verified evaluation expression
    (``numeric`` if given — proved equal to ``expr`` by the ``<id>/numeric-form``
    claim — else ``expr``) into Arb operations (:mod:`.translate`), once per formula,
    as a cached program of python-flint calls (:mod:`.compiled`), with every
    ``Piecewise`` condition decided exactly on the rational inputs;
  - for a formula declared with ``inverse=``, certifies the final step of the
    root finding (:mod:`symbolic.evaluate.inverse_enclosure`);
  - for a formula computed by an algorithm, its ``certifier`` when it has one, else raises
    :class:`NotCertifiable`

  (the formula's evaluation method's ``ball``: :mod:`symbolic.evaluate.methods`).

* :func:`interval_strings` — the ball's endpoints as decimals rounded outwards.

Errors (:mod:`.errors`) are :class:`~symbolic.errors.SymbolicError` subclasses;
python-flint is imported lazily (:class:`FlintUnavailable` if it is missing).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .arb import Ball
from .decimals import directed_decimal, interval_strings
from .errors import CertificationError, FlintUnavailable, NotCertifiable, PrecisionNotReached
from .translate import enclose

if TYPE_CHECKING:
    from ..exact_numbers import ExactInput
    from ..formula import Formula

#: Default relative accuracy of a certified ball, in bits (about 30 digits).
DEFAULT_PREC = 100


def bits_for_digits(dps: int) -> int:
    """Bits of relative accuracy that give ``dps`` significant decimal digits (with 2 spare bits)."""
    return math.ceil(dps * math.log2(10)) + 2


def certify(formula: Formula, prec: int = DEFAULT_PREC, **params: ExactInput) -> Ball:
    """An Arb ball containing the exact value of ``formula`` at ``params``, with relative
    accuracy at least ``prec`` bits (or an exact ball).

    ``params`` are parsed exactly and checked against the formula's domains and
    hypotheses (:class:`~symbolic.errors.HypothesisError`).  Raises
    :class:`NotCertifiable` when no certified translation exists and
    :class:`PrecisionNotReached` when Arb cannot reach ``prec`` bits.
    """
    if not isinstance(prec, int) or isinstance(prec, bool) or prec < 2:
        from ..errors import InputError

        raise InputError(f"{formula.id}: prec must be an integer number of bits >= 2, not {prec!r}")
    return formula.ball(formula.check(**params), prec)


__all__ = [
    "certify",
    "bits_for_digits",
    "interval_strings",
    "directed_decimal",
    "enclose",
    "DEFAULT_PREC",
    "CertificationError",
    "FlintUnavailable",
    "NotCertifiable",
    "PrecisionNotReached",
]
