"""Lazy access to python-flint's Arb balls, and their working precision.

python-flint is an optional dependency (extra ``certify``): it is imported on
first use and a missing installation raises :class:`FlintUnavailable` with the
command that installs it.
"""

from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterator

from .errors import FlintUnavailable

if TYPE_CHECKING:
    import sympy as sp

#: A python-flint ``arb`` ball (flint ships no type stubs, so to mypy this is ``Any``).
Ball = Any
#: An exact rational as python-flint's ``fmpq`` (likewise ``Any`` to mypy).
Fmpq = Any
#: An exact integer as python-flint's ``fmpz`` (likewise ``Any`` to mypy).
Fmpz = Any

_FLINT: ModuleType | None = None


def flint() -> ModuleType:
    """The ``flint`` module; raises :class:`FlintUnavailable` if it is not installed."""
    global _FLINT
    if _FLINT is None:
        try:
            import flint as module
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise FlintUnavailable(
                "certified evaluation needs python-flint (Arb balls); install the extra: "
                "pip install 'hidden-state-proofs[certify]'"
            ) from exc
        _FLINT = module
    return _FLINT


@contextmanager
def working_precision(bits: int) -> Iterator[None]:
    """Run a block with Arb's working precision set to ``bits`` (restored afterwards)."""
    ctx = flint().ctx
    old = ctx.prec
    ctx.prec = int(bits)
    try:
        yield
    finally:
        ctx.prec = old


def exact_fraction(x: Ball) -> Fraction:
    """The exact value of an exact Arb number (a ball of radius 0) as a Fraction."""
    if not x.is_exact():
        raise ValueError("not an exact Arb number")
    man, exp = (int(v) for v in x.man_exp())
    return Fraction(man * 2**exp) if exp >= 0 else Fraction(man, 2**-exp)


def endpoints(ball: Ball) -> tuple[Fraction, Fraction]:
    """Exact rational bounds ``lo <= every point of ball <= hi``.

    Computed exactly from the midpoint and radius (both exact binary numbers),
    independently of the current working precision.
    """
    if not ball.is_finite():
        raise ValueError("an infinite or NaN ball has no finite endpoints")
    mid, rad = exact_fraction(ball.mid()), exact_fraction(ball.rad())
    return mid - rad, mid + rad


def to_fmpq(value: Fmpq | Fraction | sp.Rational | int) -> Fmpq:
    """An exact SymPy/Python rational as a flint ``fmpq``."""
    f = flint()
    if isinstance(value, f.fmpq):
        return value
    if isinstance(value, Fraction):
        return f.fmpq(value.numerator, value.denominator)
    p, q = getattr(value, "p", None), getattr(value, "q", None)
    if p is None or q is None:
        if isinstance(value, int):
            return f.fmpq(value)
        raise TypeError(f"not an exact rational: {value!r}")
    return f.fmpq(int(p), int(q))
