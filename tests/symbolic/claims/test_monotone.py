"""Positivity by strict decrease towards a nonnegative limit (symbolic.claims.monotone)."""

from __future__ import annotations

import sympy as sp

from symbolic.claims.monotone import _interval_symbol, prove_by_decrease, smooth

x = sp.Symbol("x", positive=True)
y = sp.Symbol("y", nonnegative=True)
r = sp.Symbol("r", positive=True)
k = sp.Symbol("k", integer=True, positive=True)


def _hockey_stick_theta(eps, r):
    """θ_ε(r) = Q(ε/r − r/2) − e^ε Q(ε/r + r/2), written from Definition 1 with Q(z) = erfc(z/√2)/2."""
    Q = lambda z: sp.erfc(z / sp.sqrt(2)) / 2  # noqa: E731
    return Q(eps / r - r / 2) - sp.exp(eps) * Q(eps / r + r / 2)


def test_theta_is_proved_positive_by_its_decrease_in_eps():
    method = prove_by_decrease(_hockey_stick_theta(y, r), y)
    assert method and "strictly decreasing" in method and "→ ∞" in method


def test_a_pole_inside_the_domain_is_not_smooth_and_proves_nothing():
    # 1/(x − 1) decreases on each side of its pole and tends to 0, yet is negative on (0, 1)
    d = 1 / (x - 1)
    assert not smooth(d)
    assert prove_by_decrease(d, x) is None
    assert prove_by_decrease(1 / (x - 1) ** 2, x) is None  # not decreasing on (0, 1) either


def test_a_negative_limit_proves_nothing():
    # e^{−x} − 1/2 decreases to −1/2: negative for x > log 2
    assert prove_by_decrease(sp.exp(-x) - sp.Rational(1, 2), x) is None
    assert prove_by_decrease(sp.exp(-x), x)
    assert prove_by_decrease(sp.exp(-x) + r, x)  # limit r > 0


def test_an_increasing_function_proves_nothing():
    assert prove_by_decrease(1 - sp.exp(-x), x) is None


def test_non_smooth_operations_are_refused():
    for d in (sp.Abs(x - 1) + sp.exp(-x), sp.floor(x) + sp.exp(-x), sp.sqrt(y) * sp.exp(-y), sp.log(y + 1) - sp.log(y)):
        assert not smooth(d), d
    assert smooth(sp.sqrt(x + 1) * sp.exp(-x) + sp.log(x + 2) + sp.erfc(x / r))


def test_the_interval_drops_integrality_and_needs_a_domain_unbounded_above():
    t = _interval_symbol(k)
    assert t.is_positive and t.is_integer is None
    assert _interval_symbol(sp.Symbol("z", negative=True)) is None
    assert _interval_symbol(sp.Symbol("w")) is None  # complex: no order
    assert _interval_symbol(sp.Symbol("v", real=True)).is_real
