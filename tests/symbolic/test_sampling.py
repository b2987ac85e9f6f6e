"""sample_points: points inside the domain, where relations are decided exactly or by a certified Arb ball."""

import pytest
import sympy as sp

from symbolic.hypotheses import UndecidedError, decide
from symbolic.sampling import sample_points

x, y = sp.symbols("x y", positive=True)
BOUND = x < 3 * sp.erfc(y / 4) / (1 + sp.exp(-y))  # SymPy compares the sides numerically when substituted


def test_sample_points_satisfy_a_special_function_bound_by_an_independent_check():
    import mpmath

    pts = list(sample_points([x, y], [BOUND], n=20, seed=3))
    assert len(pts) == 20
    with mpmath.workdps(40):
        for p in pts:
            xv, yv = mpmath.mpf(p[x].p) / p[x].q, mpmath.mpf(p[y].p) / p[y].q
            assert xv < 3 * mpmath.erfc(yv / 4) / (1 + mpmath.exp(-yv))


def test_a_clearly_signed_difference_is_decided_by_the_ball():
    point = {x: sp.Rational(1, 3), y: sp.Integer(2)}
    assert decide(BOUND, point) is True
    point = {x: sp.Integer(10), y: sp.Integer(2)}
    assert decide(BOUND, point) is False


def test_a_difference_that_is_exactly_zero_is_undecided():
    tight = x <= sp.erf(y) + sp.erfc(y)  # the right side is exactly 1, which SymPy does not see on its own
    point = {x: sp.Integer(1), y: sp.Rational(1, 2)}
    with pytest.raises(UndecidedError):  # the ball contains 0 and simplify finds no exact 0
        decide(tight, point)


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


def test_an_extended_real_symbol_is_tried_at_infinity():
    """exp(x) > 0 for x declared extended_real fails at x = −∞ (red-team: was CHECKED on finite samples)."""
    from symbolic import Inequality, Source, Status

    s = sp.Symbol("s", extended_real=True)
    assert {sp.oo, -sp.oo} <= {p[s] for p in sampling_extremes([s])}
    verdict = Inequality("t/ext", sp.exp(s), ">", 0, "", Source("t", "t", form="derived"), samples=6).check()
    assert verdict.status is Status.REFUTED and verdict.counterexample == {"s": "-oo"}
    assert sp.exp(-sp.oo) == 0  # the oracle: SymPy's own limit value, not the engine's


def sampling_extremes(symbols):
    from symbolic.sampling import extreme_points

    return list(extreme_points(symbols))


def test_a_parameter_domain_states_nonpositive_and_nonzero_too():
    from symbolic.params import Parameter

    texts = [h.text for h in Parameter(sp.Symbol("u", nonpositive=True)).domain()]
    assert texts == ["u ≤ 0"]
    hyps = Parameter(sp.Symbol("v", real=True, nonzero=True)).domain()
    assert [h.text for h in hyps] == ["v ≠ 0"] and not hyps[0].holds({"v": sp.Integer(0)})
