"""Exceptions raised to users of the package.

Every error a user can provoke with bad input is a ``ValueError`` subclass whose
message names the formula, what was violated and the offending values, so the
command line can print it as one paragraph and exit with status 2.
"""

from __future__ import annotations


def show_value(v: object) -> str:
    """A value for a message: exact when short, else a 17-digit approximation that never
    converts a huge integer to text (Python limits that to 4300 digits)."""
    p, q = getattr(v, "p", None), getattr(v, "q", None)
    if isinstance(v, int) and not isinstance(v, bool):
        p, q = v, 1
    if p is None or q is None:
        return str(v)
    p, q = int(p), int(q)
    if p.bit_length() + q.bit_length() <= 400:
        return str(v) if q != 1 or not hasattr(v, "p") else str(p)
    import mpmath

    with mpmath.workdps(17):
        return f"≈ {mpmath.nstr(mpmath.mpf(p) / q, 17)}"


class SymbolicError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(SymbolicError, ValueError):
    """A parameter value could not be parsed, or a parameter is missing/unknown."""


class HypothesisError(SymbolicError, ValueError):
    """Parameters violate a formula's hypothesis (or its parameter domain).

    Attributes: ``formula_id``, ``hypothesis`` (the text as written in the paper),
    ``values`` (mapping of the parameters involved to their exact values).
    """

    def __init__(self, formula_id: str, hypothesis: str, values: dict):
        self.formula_id = formula_id
        self.hypothesis = hypothesis
        self.values = dict(values)
        shown = ", ".join(
            f"{k} {t}" if t.startswith("≈") else f"{k} = {t}"
            for k, t in ((k, show_value(v)) for k, v in self.values.items())
        )
        super().__init__(f"{formula_id}: hypothesis '{hypothesis}' is violated by {shown}.")


class UnknownIdError(SymbolicError, LookupError):
    """No formula or claim with the requested ID is registered."""


class EvaluationError(SymbolicError, ArithmeticError):
    """A valid input produced a non-finite value: a bug in the formula, never returned."""
