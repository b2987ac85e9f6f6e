"""Claim kinds, one checker each."""

from .base import DEFAULT_BUDGET, Claim
from .identity import Identity
from .inequality import Inequality
from .limit import Limit
from .numeric import NumericIdentity, QuadratureCheck, SampledInequality
from .ode import ODE
from .optimality import Optimality
from .recurrence import Recurrence
from .reproduction import Reproduction

KINDS = {
    c.kind: c
    for c in (
        Identity,
        Recurrence,
        Limit,
        ODE,
        Inequality,
        Optimality,
        Reproduction,
        QuadratureCheck,
        NumericIdentity,
        SampledInequality,
    )
}

__all__ = [
    "Claim",
    "DEFAULT_BUDGET",
    "Identity",
    "Recurrence",
    "Limit",
    "ODE",
    "Inequality",
    "Optimality",
    "Reproduction",
    "QuadratureCheck",
    "NumericIdentity",
    "SampledInequality",
    "KINDS",
]
