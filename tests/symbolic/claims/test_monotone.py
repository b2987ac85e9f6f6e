"""Positivity by strict decrease towards a nonnegative limit (symbolic.claims.monotone)."""

from __future__ import annotations

import sympy as sp

from symbolic import Inequality
from symbolic.claims.monotone import _interval_symbol, prove_by_decrease, prove_by_increase, prove_by_tangent, smooth
from symbolic.source import Source

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


# ---------------------------------------------------------------------------
# prove_by_tangent: convex in x with a horizontal tangent at x0 where the value is >= 0 (> 0)


def test_a_convex_function_above_its_minimum_value_zero():
    assert prove_by_tangent(x + 1 / x - 2, x, 1)  # AM-GM: d'' = 2/x³, d'(1) = 0, d(1) = 0
    assert prove_by_tangent(x + 1 / x - 2, x, 1, strict=True) is None  # 0 at x = 1: not > 0
    assert prove_by_tangent(x + 1 / x - 1, x, 1, strict=True)
    assert prove_by_tangent(x + r**2 / x - 2 * r, x, r)  # the minimum point may depend on the other symbols


def test_tangent_refuses_a_wrong_point_a_negative_minimum_and_a_concave_function():
    assert prove_by_tangent(x + 1 / x - 2, x, 2) is None  # d'(2) = 3/4: not stationary
    assert prove_by_tangent(x + 1 / x - 3, x, 1) is None  # d(1) = −1
    assert prove_by_tangent(-((x - 1) ** 2), x, 1) is None  # stationary with value 0, but concave


def test_tangent_refuses_a_stationary_point_outside_the_domain():
    # x³ − 3x − 2 is convex on (0, ∞), stationary with value 0 at x = −1 (outside), and −4 at x = 1
    assert prove_by_tangent(x**3 - 3 * x - 2, x, -1) is None
    assert prove_by_tangent(x**3 - 3 * x + 2, x, 1)  # the same cubic shifted: minimum 0 at x = 1 inside


def test_tangent_refuses_a_pole_and_a_point_depending_on_the_variable():
    assert prove_by_tangent(1 / (x - 1) ** 2 + x, x, 2) is None  # not smooth on (0, ∞)
    assert prove_by_tangent(x + 1 / x - 2, x, x) is None


def test_inequality_minimum_at_proves_and_falls_back_to_sampling():
    src = Source(paper="test", label="test")
    proved = Inequality("test/amgm", x + r**2 / x, ">=", 2 * r, "AM-GM", src, minimum_at=(x, r)).check()
    assert proved.status.value == "proved" and "convex" in proved.method
    wrong = Inequality("test/amgm-wrong", x + r**2 / x, ">=", 3 * r, "not AM-GM", src, minimum_at=(x, r)).check()
    assert wrong.status.value == "refuted"


# ---------------------------------------------------------------------------
# prove_by_increase: nondecreasing in x >= 0 (x > 0) from a nonnegative value (right limit) at 0


def test_increase_from_a_nonnegative_start():
    assert prove_by_increase(1 - sp.exp(-y), y)  # 0 at y = 0
    assert prove_by_increase(1 - sp.exp(-y), y, strict=True) is None  # y = 0 is in the domain, where it is 0
    assert prove_by_increase(1 - sp.exp(-x), x, strict=True)  # x > 0: increasing from the limit 0
    assert prove_by_increase(_hockey_stick_theta(0, r) - _hockey_stick_theta(y, r), y)  # θ_0 − θ_ε, 0 at ε = 0


def test_increase_refuses_a_negative_start_a_decrease_a_pole_and_an_unbounded_domain():
    assert prove_by_increase(y - 1, y) is None  # −1 at 0
    assert prove_by_increase(sp.exp(-y), y) is None  # decreasing
    # −1/(y − 1) − 1 increases on each side of its pole, is 0 at y = 0 and −2 at y = 2
    assert prove_by_increase(-1 / (y - 1) - 1, y) is None
    assert prove_by_increase(sp.exp(sp.Symbol("z", real=True)), sp.Symbol("z", real=True)) is None  # no left end
