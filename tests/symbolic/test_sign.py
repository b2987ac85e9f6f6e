"""symbolic.sign: structural sign rules, and those for the Gaussian special functions erfc and erf."""

import sympy as sp

from symbolic.sign import manifestly_nonnegative, manifestly_positive

x = sp.Symbol("x", real=True)
p = sp.Symbol("p", positive=True)
k = sp.Symbol("k", integer=True, nonnegative=True)
i = sp.Symbol("i", integer=True)
y = sp.Symbol("y", positive=True)
z = sp.Symbol("z")  # no assumptions: may be complex


def test_structural_rules():
    assert manifestly_nonnegative((x - 1) ** 2 + p)
    assert manifestly_positive(p * sp.exp(x) / (1 + p))
    assert manifestly_nonnegative(sp.Sum(p ** (2 * i), (i, 0, k - 1)))  # empty or forward range
    assert not manifestly_nonnegative(x)
    assert not manifestly_nonnegative(p - 1)
    assert not manifestly_nonnegative(sp.Sum(p**i, (i, 0, k - 3)))  # range may run backwards


def test_even_number_of_negative_factors():
    n = sp.Symbol("n", negative=True)
    assert manifestly_positive(n * n * p)
    assert not manifestly_nonnegative(n * p)


def test_erfc_of_a_real_argument_is_positive():
    assert manifestly_positive(sp.exp(y) * sp.erfc(x / sp.sqrt(2) + y) / 2)
    assert not manifestly_positive(sp.erfc(z))
    assert not manifestly_nonnegative(-sp.erfc(x))
    assert not manifestly_positive(sp.erfc(sp.oo * y))  # erfc(∞) = 0: only finite reals count


def test_erf_has_the_sign_of_its_argument():
    assert manifestly_positive(sp.erf(y))
    assert manifestly_nonnegative(sp.erf(sp.Symbol("w", nonnegative=True)))
    assert not manifestly_nonnegative(sp.erf(x))
    assert not manifestly_nonnegative(sp.erf(-y))
