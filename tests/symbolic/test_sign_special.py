"""Sign rules for the Gaussian special functions erfc and erf."""

import sympy as sp

from symbolic.sign import manifestly_nonnegative, manifestly_positive

x = sp.Symbol("x", real=True)
y = sp.Symbol("y", positive=True)
z = sp.Symbol("z")  # no assumptions: may be complex


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
