"""Geometric sums in compiled evaluators: O(1), accurate near ratio 1, equal to the loop."""

import mpmath
import sympy as sp

from symbolic.evaluate.expressions import CompiledExpression, _geometric_parts, geometric_sum

R, I = sp.Rational, sp.Integer
L = sp.Symbol("L", positive=True)
n = sp.Symbol("n", integer=True, nonnegative=True)
j = sp.Symbol("j", integer=True)


def test_matches_explicit_loop_including_ratio_one():
    with mpmath.workdps(50):
        for q in (mpmath.mpf(1), mpmath.mpf(3) / 7, mpmath.mpf(2), mpmath.mpf(-3) / 2):
            for count in range(0, 9):
                loop = mpmath.fsum(q**i for i in range(count))
                assert abs(geometric_sum(mpmath.mpf(5), q, count) - 5 * loop) <= mpmath.mpf(10) ** -45 * max(
                    1, abs(loop)
                )


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
    assert _geometric_parts(sp.Sum(j * L**j, (j, 1, n))) is None
    assert _geometric_parts(sp.Sum(1 / (j + 1), (j, 0, n))) is None
    # a non-geometric sum still evaluates (as a loop)
    value = CompiledExpression(sp.Sum(1 / (j + 1), (j, 0, n)), (n,))({n: I(3)}, 20)
    with mpmath.workdps(40):
        assert abs(value - mpmath.mpf(25) / 12) < mpmath.mpf(10) ** -18


def test_ratio_read_from_exponents_when_simplify_cannot_cancel_the_index():
    # Kong & Ribero (17): θ_{√2 L_λ}(ℓ) sums (√2·sqrt(1 + 2λm(1 + m/(2(M + m)))))^{2j}; simplify of
    # the term quotient keeps j, so without reading the exponent the sum became a k/b-term loop.
    lam, m, M = sp.symbols("lam m M", positive=True)
    base = sp.sqrt(2) * sp.sqrt(2 * lam * m * (m / (2 * M + 2 * m) + 1) + 1)
    parts = _geometric_parts(sp.Sum(base ** (2 * j), (j, 0, n - 1)))
    assert parts is not None
    first, ratio, count = parts
    assert first == 1 and sp.simplify(ratio - base**2) == 0 and count == n
    expr = sp.Sum(base ** (2 * j), (j, 0, n - 1))
    point = {lam: R(1, 10), m: I(1), M: I(3), n: I(10**12)}
    value = CompiledExpression(expr, (lam, m, M, n))(point, 30)
    with mpmath.workdps(60):
        q = 2 * (1 + mpmath.mpf(2) / 10 * (1 + mpmath.mpf(1) / 8))
        ref = mpmath.expm1(10**12 * mpmath.log(q)) / (q - 1)
        assert abs(value - ref) <= abs(ref) * mpmath.mpf(10) ** -29


def test_reciprocal_ratio_is_summed_from_the_last_term():
    # Σ_{t=1}^T α^{T−t} (Asoodeh & Diaz Lemma 1 with constant α): the term ratio is 1/α, so the
    # sum is taken from t = T with ratio α and α = 0 gives 1 (the t = T term α^0) instead of 1/0.
    alpha = sp.Symbol("alpha", nonnegative=True)
    t, T = sp.Symbol("t", integer=True), sp.Symbol("T", integer=True, positive=True)
    expr = sp.Sum(alpha ** (T - t), (t, 1, T))
    first, ratio, count = _geometric_parts(expr)
    assert (first, ratio, count) == (1, alpha, T)
    compiled = CompiledExpression(expr, (alpha, T))
    assert compiled({alpha: I(0), T: I(5)}, 20) == 1
    for a in (R(1, 3), R(5, 2)):
        exact = sum(a ** (5 - k) for k in range(1, 6))
        value = compiled({alpha: a, T: I(5)}, 30)
        with mpmath.workdps(60):
            assert abs(value - mpmath.mpf(exact.p) / exact.q) < abs(value) * mpmath.mpf(10) ** -29
