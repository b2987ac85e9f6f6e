"""Why a certified evaluation did not produce a ball.

Every case is a :class:`~symbolic.errors.SymbolicError`, so the command line
prints the message and exits with status 2; none of them ever comes with a
made-up interval.
"""

from __future__ import annotations

from ..errors import SymbolicError


class CertificationError(SymbolicError):
    """No certified enclosure could be produced (base class)."""


class FlintUnavailable(CertificationError, ImportError):
    """python-flint (the ``certify`` extra) is not installed."""


class NotCertifiable(CertificationError):
    """The formula uses something with no certified Arb translation.

    Examples: a function Arb does not provide, a floating-point constant inside
    the expression, a sum with no closed form and too many terms to add up, a
    formula computed by a custom algorithm with no certified final step.
    """


class PrecisionNotReached(CertificationError):
    """Arb's balls stayed wider than requested (or a sign stayed undecided) up to the
    maximal working precision: the exact value is still enclosed, but not to the
    accuracy asked for, so no interval is returned."""
