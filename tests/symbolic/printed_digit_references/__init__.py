"""Independent 60-digit references for the formulas whose paper expression has no closed numeric value.

``tests/symbolic/test_printed_digits.py`` checks ``eval``'s printed digits against the paper's
expression lambdified to mpmath.  That cannot reach an inverse (ε of a GDP μ), a search (the
Chien & Li shift allocations), an integral evaluated by a method choice, or a formula whose
hypotheses a random draw rarely satisfies.  For those, each module here (one per paper) holds a
``Reference`` per formula: the paper's definition transcribed in plain mpmath -- root finding,
quadrature, exhaustive search -- importing nothing from the package, and a list of points chosen
in the formula's hard regimes (long horizons, δ near 0, parameters near their boundaries).

The test computes each reference at two precisions and counts it only where the two agree to 60
digits, so a reference that loses digits fails loudly instead of passing a wrong number.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping

import mpmath


@dataclass(frozen=True)
class Reference:
    """``value(**params)`` is the formula at the exact ``params`` (``Fraction`` for real
    parameters, ``int`` for integer ones, ``str`` for a method choice), computed from the paper in
    plain mpmath at the caller's ``mpmath.mp.dps`` (the function adds its own guard digits where
    the formula cancels).  ``points`` are the parameter assignments checked, as ``eval`` would
    receive them (decimal or rational strings); ``source`` names the paper's label and equation."""

    value: Callable[..., mpmath.mpf]
    points: tuple[Mapping[str, str], ...]
    source: str


def exact(value) -> Fraction | int | str:
    """A parameter as ``Formula.check`` returns it, in plain Python: a SymPy Rational becomes a
    ``Fraction``, a SymPy Integer an ``int``; a choice stays a string."""
    if isinstance(value, str):
        return value
    if getattr(value, "is_Integer", False):
        return int(value)
    return Fraction(int(value.p), int(value.q))


def mpf(x: Fraction | int) -> mpmath.mpf:
    """An exact parameter at the working precision (rounded once)."""
    if isinstance(x, int):
        return mpmath.mpf(x)
    return mpmath.mpf(x.numerator) / x.denominator


def gaussian_tail(t):
    """Q(t) = P(N(0,1) > t) = Φ(−t) = erfc(t/√2)/2 (no cancellation in either tail)."""
    return mpmath.erfc(t / mpmath.sqrt(2)) / 2


def illinois_root(fn, lo, hi, rel=None, max_iter=2000):
    """A root of ``fn`` in [lo, hi] (fn(lo) < 0 < fn(hi) or the reverse) by Illinois regula falsi, to a bracket
    of relative width ``rel`` (default: the working precision)."""
    rel = rel if rel is not None else mpmath.mpf(2) ** (8 - mpmath.mp.prec)
    flo, fhi = fn(lo), fn(hi)
    if flo == 0:
        return lo
    if fhi == 0:
        return hi
    assert (flo < 0) != (fhi < 0), ("no sign change", lo, hi, flo, fhi)
    side = 0
    for _ in range(max_iter):
        x = (lo * fhi - hi * flo) / (fhi - flo)
        if not lo < x < hi:
            x = (lo + hi) / 2
        fx = fn(x)
        if fx == 0:
            return x
        if (fx < 0) == (flo < 0):
            lo, flo = x, fx
            if side == -1:
                fhi /= 2
            side = -1
        else:
            hi, fhi = x, fx
            if side == 1:
                flo /= 2
            side = 1
        if hi - lo <= rel * abs(hi):
            return (lo + hi) / 2
    raise AssertionError("Illinois did not converge")


def _collect() -> dict[str, Reference]:
    from . import asoodeh_diaz, bok_su_altschuler, chien_li, kong_ribero, privacy, ye_shokri

    table: dict[str, Reference] = {}
    for module in (asoodeh_diaz, bok_su_altschuler, chien_li, kong_ribero, privacy, ye_shokri):
        for fid, ref in module.REFERENCES.items():
            assert fid not in table, f"{fid}: two references"
            table[fid] = ref
    return table


REFERENCES: dict[str, Reference] = _collect()


def stable_value(fid: str, values: Mapping[str, Fraction | int | str]) -> mpmath.mpf:
    """``REFERENCES[fid]`` at ``values`` (as :func:`exact` gives them) at 80 and at 120 digits, which must agree to
    60 digits (a reference that loses digits fails here rather than vouching for a wrong number); the 120-digit
    value.  Plain mpmath and this package only: it also runs in a worker process (tests/symbolic/conftest.py)."""
    ref = REFERENCES[fid]
    results = []
    for dps in (80, 120):
        with mpmath.workdps(dps):
            v = ref.value(**values)
            assert isinstance(v, mpmath.mpf) and mpmath.isfinite(v), (values, v)
            results.append(+v)
    with mpmath.workdps(130):
        a, b = results
        assert abs(a - b) <= abs(b) * mpmath.mpf(10) ** -60, (
            "reference unstable",
            mpmath.nstr(a, 70),
            mpmath.nstr(b, 70),
        )
        return b
