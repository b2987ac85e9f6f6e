"""sample_points decides an order relation with special functions from an Arb ball when it is clearly signed."""

import pytest
import sympy as sp

from symbolic import sampling
from symbolic.hypotheses import UndecidedError, decide
from symbolic.sampling import _decided_by_ball, sample_points

x, y = sp.symbols("x y", positive=True)
BOUND = x < 3 * sp.erfc(y / 4) / (1 + sp.exp(-y))  # SymPy compares the sides numerically when substituted


def _points(monkeypatch, use_ball: bool, where):
    if not use_ball:
        monkeypatch.setattr(sampling, "_needs_enclosure", lambda w: False)
    pts = list(sample_points([x, y], where, n=20, seed=3))
    monkeypatch.undo()
    return pts


def test_the_same_points_with_and_without_the_ball(monkeypatch):
    with_ball, without = _points(monkeypatch, True, [BOUND]), _points(monkeypatch, False, [BOUND])
    assert with_ball == without and len(with_ball) == 20


def test_a_clearly_signed_difference_is_decided_without_decide(monkeypatch):
    calls = []
    monkeypatch.setattr(sampling, "decide", lambda *a: calls.append(a) or decide(*a))
    point = {x: sp.Rational(1, 3), y: sp.Integer(2)}
    assert _decided_by_ball(BOUND, BOUND.lhs - BOUND.rhs, point) is decide(BOUND, point) is True
    point = {x: sp.Integer(10), y: sp.Integer(2)}
    assert _decided_by_ball(BOUND, BOUND.lhs - BOUND.rhs, point) is False
    assert calls == []


def test_a_difference_that_is_exactly_zero_goes_to_decide(monkeypatch):
    tight = x <= sp.erf(y) + sp.erfc(y)  # the right side is exactly 1, which SymPy does not see on its own
    calls = []
    monkeypatch.setattr(sampling, "decide", lambda *a: calls.append(a) or decide(*a))
    point = {x: sp.Integer(1), y: sp.Rational(1, 2)}
    with pytest.raises(UndecidedError):  # decide cannot settle it either (no exact 0 from simplify)
        decide(tight, point)
    with pytest.raises(UndecidedError):
        _decided_by_ball(tight, tight.lhs - tight.rhs, point)
    assert len(calls) == 1  # the ball contains 0: decide answered (here: undecided, as without the ball)


# --- every declared assumption bounds the sample (red-team: exp(x) < 1 for x < 0 was REFUTED at x = 5) ---


@pytest.mark.parametrize(
    "assumptions, inside",
    [
        (dict(negative=True), lambda v: v < 0),
        (dict(nonpositive=True), lambda v: v <= 0),
        (dict(real=True, nonzero=True), lambda v: v != 0),
        (dict(integer=True, negative=True), lambda v: v < 0 and v.q == 1),
        (dict(integer=True, odd=True), lambda v: v.q == 1 and v.p % 2 == 1),
    ],
)
def test_sample_points_stay_in_the_declared_domain(assumptions, inside):
    s = sp.Symbol("s", **assumptions)
    points = list(sample_points([s], n=12, seed=0))
    assert points and all(inside(p[s]) for p in points)


def test_a_true_claim_on_a_negative_symbol_is_not_refuted_outside_its_domain():
    from symbolic import Inequality, Source, Status

    s = sp.Symbol("s", negative=True)
    claim = Inequality("t/neg", sp.exp(s), "<", 1, "", Source("t", "t", form="derived"), samples=8)
    assert claim.check().status is Status.CHECKED
