"""Arb enclosures of sums with reversed bounds (b < a) beyond the term-by-term limit, against Karr's convention
(SymPy's: Σ_{k=a}^{b} f = −Σ_{k=b+1}^{a−1} f for b < a) summed in exact Fractions."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest
import sympy as sp

pytest.importorskip("flint")

from symbolic.certify.arb import endpoints  # noqa: E402
from symbolic.certify.translate import DIRECT_TERMS, enclose  # noqa: E402

k, a, b, x = sp.symbols("k a b x")


def _karr(f, lo: int, hi: int) -> Fr:
    if hi >= lo:
        return sum((f(i, hi) for i in range(lo, hi + 1)), Fr(0))
    return -sum((f(i, hi) for i in range(hi + 1, lo)), Fr(0))


@pytest.mark.parametrize(
    "expr,f",
    [
        (sp.Sum(x**k, (k, a, b)), lambda i, hi: Fr(1, 2) ** i),  # ratio 1/2, first term x^a
        (sp.Sum(x ** (b - k), (k, a, b)), lambda i, hi: Fr(1, 2) ** (hi - i)),  # summed from the last term
        (sp.Sum(3 * (2 * x) ** k, (k, a, b)), lambda i, hi: Fr(3)),  # ratio exactly 1
    ],
)
@pytest.mark.parametrize("lo,hi", [(DIRECT_TERMS + 3000, 1), (1, DIRECT_TERMS + 3000), (7, 2)])
def test_geometric_sum_follows_karr(expr, f, lo, hi):
    """Σ_{k=5000}^{1} 2^{−k} was enclosed as +1.4e-1505 (its first term 2^{−5000}, 4998 terms, no sign): Karr's
    value is −Σ_{k=2}^{4999} 2^{−k} ≈ −1/2."""
    exact = _karr(f, lo, hi)
    ball = enclose(expr, {x: sp.Rational(1, 2), a: lo, b: hi}, 80)
    low, high = endpoints(ball)
    assert low <= exact <= high
