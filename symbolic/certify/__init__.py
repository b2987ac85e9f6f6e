"""Certified evaluation: an Arb ball (python-flint) that provably contains a formula's value.

* :func:`certify` — the entry point behind :meth:`symbolic.Formula.certify`:
  checks the hypotheses exactly, then

  - for a closed-form formula, translates its verified evaluation expression
    (``numeric`` if given — proved equal to ``expr`` by the ``<id>/numeric-form``
    claim — else ``expr``) into Arb operations (:mod:`.translate`), once per formula,
    as a cached program of python-flint calls (:mod:`.compiled`), with every
    ``Piecewise`` condition decided exactly on the rational inputs;
  - for a formula declared with ``inverse=``, certifies the final step of the
    root finding (:mod:`.inverse`);
  - for a formula with a custom ``evaluator``, raises :class:`NotCertifiable`.

* :func:`interval_strings` — the ball's endpoints as decimals rounded outwards.

Errors (:mod:`.errors`) are :class:`~symbolic.errors.SymbolicError` subclasses;
python-flint is imported lazily (:class:`FlintUnavailable` if it is missing).
"""

from __future__ import annotations

import math

from .bounds import directed_decimal, interval_strings
from .compiled import enclose_formula
from .errors import CertificationError, FlintUnavailable, NotCertifiable, PrecisionNotReached
from .inverse import InverseEnclosure, enclose_inverse
from .translate import enclose

#: Default relative accuracy of a certified ball, in bits (about 30 digits).
DEFAULT_PREC = 100


def bits_for_digits(dps: int) -> int:
    """Bits of relative accuracy that give ``dps`` significant decimal digits (with 2 spare bits)."""
    return math.ceil(dps * math.log2(10)) + 2


def certify(formula, prec: int = DEFAULT_PREC, **params):
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
    exact = formula.check(**params)
    if formula.inverse is not None:
        return enclose_inverse(formula, exact, prec).ball(prec + 64)
    if formula.evaluator is not None:
        raise NotCertifiable(
            f"{formula.id} is computed by a custom algorithm (evaluator=) with no certified final "
            "step; it cannot be certified"
        )
    values = {formula.symbol(n): v for n, v in exact.items()}
    return enclose_formula(formula, values, prec)


def certify_inverse(formula, prec: int = DEFAULT_PREC, **params) -> InverseEnclosure:
    """The certified bracket (with the forward balls as evidence) of an ``inverse=`` formula."""
    if formula.inverse is None:
        raise NotCertifiable(f"{formula.id} is not declared as an inverse")
    return enclose_inverse(formula, formula.check(**params), prec)


__all__ = [
    "certify",
    "certify_inverse",
    "bits_for_digits",
    "interval_strings",
    "directed_decimal",
    "enclose",
    "DEFAULT_PREC",
    "CertificationError",
    "FlintUnavailable",
    "NotCertifiable",
    "PrecisionNotReached",
    "InverseEnclosure",
]
