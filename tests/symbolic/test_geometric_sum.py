"""Geometric sums in compiled evaluators: O(1), accurate near ratio 1, equal to the loop."""

import mpmath
import sympy as sp

from symbolic.numeric import CompiledExpression, _geometric_parts, geometric_sum

R, I = sp.Rational, sp.Integer
L = sp.Symbol("L", positive=True)
n = sp.Symbol("n", integer=True, nonnegative=True)
j = sp.Symbol("j", integer=True)


def test_matches_explicit_loop_including_ratio_one():
    with mpmath.workdps(50):
        for q in (mpmath.mpf(1), mpmath.mpf(3) / 7, mpmath.mpf(2), mpmath.mpf(-3) / 2):
            for count in range(0, 9):
                loop = mpmath.fsum(q ** i for i in range(count))
                assert abs(geometric_sum(mpmath.mpf(5), q, count) - 5 * loop) <= mpmath.mpf(10) ** -45 * max(1, abs(loop))


def test_ratio_near_one_keeps_digits():
    # Σ_{j<10^12} (1 + 2e-9)^j = expm1(10^12 log(1+2e-9)) / (2e-9 ...): reference at 80 digits.
    expr = sp.Sum(L ** (2 * j), (j, 0, n - 1))
    value = CompiledExpression(expr, (L, n))({L: 1 + R(1, 10**9), n: I(10**12)}, 30)
    with mpmath.workdps(80):
        q = (1 + mpmath.mpf(1) / 10**9) ** 2
        ref = mpmath.expm1(10**12 * mpmath.log(q)) / (q - 1)
        assert abs(value - ref) <= abs(ref) * mpmath.mpf(10) ** -29


def test_detection_only_for_geometric_terms():
    assert _geometric_parts(sp.Sum(3 * L ** (2 * j + 1), (j, 1, n))) is not None
    assert _geometric_parts(sp.Sum(j * L ** j, (j, 1, n))) is None
    assert _geometric_parts(sp.Sum(1 / (j + 1), (j, 0, n))) is None
    # a non-geometric sum still evaluates (as a loop)
    value = CompiledExpression(sp.Sum(1 / (j + 1), (j, 0, n)), (n,))({n: I(3)}, 20)
    with mpmath.workdps(40):
        assert abs(value - mpmath.mpf(25) / 12) < mpmath.mpf(10) ** -18
