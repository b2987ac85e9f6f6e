"""confirm_zero settles a vanishing residual from a rigorous Arb ball, and leaves everything else to N."""

import pytest
import sympy as sp

from symbolic import proving
from symbolic.proving import EngineBug, _vanishes_in_a_ball, confirm_zero

x = sp.Symbol("x", positive=True)
y = sp.Symbol("y", real=True)
k = sp.Symbol("k", integer=True)
# erf(t) + erfc(t) = 1 (SymPy does not cancel it on its own): exactly 0
ERFC_ZERO = sum(sp.erf(x + k * y) + sp.erfc(x + k * y) - 1 for k in range(8))


@pytest.fixture
def counted(monkeypatch):
    calls = []
    real = proving.value_at
    monkeypatch.setattr(proving, "value_at", lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def test_an_exactly_vanishing_residual_is_settled_by_the_ball(counted):
    assert confirm_zero(ERFC_ZERO, [x, y]) == 4
    assert counted == []  # SymPy's N never ran: it raises its precision again and again on an exact 0


def test_a_nonzero_residual_raises_through_the_general_path(counted):
    with pytest.raises(EngineBug):
        confirm_zero(ERFC_ZERO + sp.exp(-x) / 10**20, [x, y])
    assert counted  # the ball is far from 0: no conclusion from it


def test_the_ball_concludes_only_below_the_threshold_of_the_digit_test():
    point = {x: sp.Rational(3, 7), y: sp.Rational(-2, 5)}
    assert _vanishes_in_a_ball(ERFC_ZERO, point, 50)
    assert _vanishes_in_a_ball(ERFC_ZERO + sp.exp(-x) / 10**45, point, 50)  # below 10^-38: N finds it 0 too
    assert not _vanishes_in_a_ball(ERFC_ZERO + sp.exp(-x) / 10**30, point, 50)  # above: N decides (nonzero)
    assert not proving.value_at(ERFC_ZERO + sp.exp(-x) / 10**45, point, 50, simplify=False).is_certainly_nonzero(50)


def test_exact_values_and_unevaluated_objects_are_left_to_the_exact_path():
    point = {x: sp.Rational(3, 7), y: sp.Rational(-2, 5)}
    assert not _vanishes_in_a_ball(x * y / 10**60, point, 50)  # an exact rational: exactly nonzero, N's business
    assert not _vanishes_in_a_ball(sp.Sum(y**k, (k, 0, 3)) - 1 - y - y**2 - y**3, point, 50)
    assert not _vanishes_in_a_ball(ERFC_ZERO + sp.Function("f")(x), point, 50)
    with pytest.raises(EngineBug):
        confirm_zero(x * y / 10**60, [x, y])  # exact and nonzero: still an engine bug
