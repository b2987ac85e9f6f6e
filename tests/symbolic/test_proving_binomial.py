"""prove_zero's binomial-theorem rewrite: Σ_{k=0}^{N} c·C(N, k)·x^(k+a)·y^(N−k+d) = c·x^a·y^d·(x + y)^N,
applied only where it holds for every value of the symbols."""

import sympy as sp

from symbolic.proving import binomial_theorem, prove_zero

k = sp.Symbol("k", integer=True, nonnegative=True)
n = sp.Symbol("n", integer=True, positive=True)
N0 = sp.Symbol("N", integer=True, nonnegative=True)
z = sp.Symbol("z", integer=True)  # an integer of unknown sign: the range may be empty or reversed
p, x, y, c = sp.symbols("p x y c", positive=True)


def test_poisson_weights_of_the_batches_avoiding_and_containing_n():
    avoid = sp.Sum(sp.binomial(n - 1, k) * p**k * (1 - p) ** (n - k), (k, 0, n - 1))
    contain = sp.Sum(sp.binomial(n - 1, k) * p ** (k + 1) * (1 - p) ** (n - 1 - k), (k, 0, n - 1))
    for lhs, rhs in ((avoid, 1 - p), (contain, p)):
        proof = prove_zero(lhs - rhs)
        assert proof.proved and "binomial theorem" in proof.method
        assert not prove_zero(lhs - rhs - p / 7).proved


def test_closed_form_agrees_with_the_sum_at_every_small_N_including_zero_bases():
    s = sp.Sum(c * sp.binomial(N0, k) * x ** (k + 2) * y ** (N0 - k + 1), (k, 0, N0))
    closed = binomial_theorem(s)
    assert closed != s
    for N in range(5):
        for xv, yv in ((sp.Rational(2, 3), sp.Rational(5, 7)), (0, sp.Rational(3, 2)), (sp.Rational(1, 2), 0), (0, 0)):
            point = {N0: N, x: xv, y: yv, c: 3}
            assert s.xreplace(point).doit() == closed.xreplace(point)


def test_missing_x_or_y_factor_is_base_one():
    assert binomial_theorem(sp.Sum(sp.binomial(N0, k), (k, 0, N0))) == 2**N0
    assert binomial_theorem(sp.Sum(sp.binomial(N0, k) * x**k, (k, 0, N0))) == (x + 1) ** N0


def test_refuses_sums_the_theorem_does_not_cover():
    untouched = [
        sp.Sum(sp.binomial(z, k) * x**k * y ** (z - k), (k, 0, z)),  # z = −1: empty sum 0, not 1/(x + y)
        sp.Sum(sp.binomial(N0, k) * x**k * y ** (N0 - k), (k, 1, N0)),  # lower limit 1
        sp.Sum(sp.binomial(N0, k) * x ** (2 * k) * y ** (N0 - k), (k, 0, N0)),  # x^(2k)
        sp.Sum(sp.binomial(N0 + 1, k) * x**k * y ** (N0 - k), (k, 0, N0)),  # C(N + 1, k) over 0..N
        sp.Sum(sp.binomial(N0, k) * x ** (k - 1) * y ** (N0 - k), (k, 0, N0)),  # x^(k − 1): a negative power
        sp.Sum(sp.binomial(N0, k) * x**k * y ** (N0 - k - 1), (k, 0, N0)),  # y^(N − k − 1)
        sp.Sum(k * sp.binomial(N0, k) * x**k * y ** (N0 - k), (k, 0, N0)),  # a factor k
        sp.Sum(sp.binomial(N0, k) * x ** (k + sp.Rational(1, 2)) * y ** (N0 - k), (k, 0, N0)),  # a = 1/2
        sp.Sum(sp.binomial(N0, k) ** 2, (k, 0, N0)),  # a squared binomial
        sp.Sum(x**k * y ** (N0 - k), (k, 0, N0)),  # no binomial
    ]
    for s in untouched:
        assert binomial_theorem(s) == s, s
