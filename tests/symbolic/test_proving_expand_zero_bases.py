"""prove_zero's ``expand`` strategy: an integer power of a sum whose base expands to 0 is 0 first."""

import time

import sympy as sp

from symbolic.proving import _expand, prove_zero

x, y = sp.symbols("x y", real=True)


def _residuals():
    """Softmax-style entries: d/dy of e^y/(e^x + e^y) against its textbook form p(1 − p), nine shifted copies."""
    out = []
    for k in range(9):
        p = sp.exp(y + k) / (sp.exp(x) + sp.exp(y + k))
        out.append(sp.diff(p, y) - p * (1 - p))
    return out


def test_a_sum_of_squared_vanishing_residuals_is_proved_by_expand():
    squares = sum(r**2 for r in _residuals())
    assert _expand(squares) == 0
    proof = prove_zero(squares)
    assert proof.proved and proof.method == "identity: expand(lhs - rhs) = 0"


def test_a_vanishing_base_is_not_multiplied_out():
    r = _residuals()[0]
    start = time.process_time()
    assert _expand(r**16 + (x + y) ** 2 - x**2 - 2 * x * y - y**2) == 0
    assert time.process_time() - start < 0.5  # sp.expand(r**16) multiplies the 16 factors out first: ~4 s


def test_a_power_whose_base_does_not_vanish_is_expanded():
    e = (x + y) ** 2 - x**2 - 2 * x * y - y**2
    assert _expand(e) == 0 == sp.expand(e)
    nonzero = (x + y) ** 3 + (sp.exp(x) - sp.exp(x)) ** 2 * y  # SymPy already folds the zero base here
    assert _expand(nonzero) == sp.expand(nonzero)


def test_a_vanishing_base_does_not_hide_a_nonzero_remainder():
    r = _residuals()[0]
    e = r**2 + (x - y) ** 2
    assert _expand(e) == sp.expand(e) != 0
    assert not prove_zero(e).proved
