"""Hypotheses decided on exact rationals (symbolic.hypotheses).

The integer test of a simple relation (a parameter against a rational, an integrality domain)
must decide exactly what SymPy decides on the substituted relation, on every registered
formula's hypotheses, at points chosen to sit on, just beside and far from each threshold.
"""

from __future__ import annotations

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from symbolic import registry
from symbolic.hypotheses import Hypothesis, UndecidedError, _simple_test, decide

x, y = sp.symbols("x y")


def _sympy_decides(relation, point) -> bool:
    value = relation.xreplace({sp.Symbol(k): v for k, v in point.items()})
    assert value in (sp.true, sp.false), (relation, point, value)
    return bool(value)


def _registered_relations():
    seen = {}
    for f in registry().formulas():
        for h in f.all_hypotheses():
            seen.setdefault(h.relation, h)
    return list(seen.values())


def test_most_hypotheses_checked_by_formulas_take_the_integer_test():
    # counted as Formula.check meets them (a domain such as sigma > 0 once per formula)
    hyps = [h for f in registry().formulas() for h in f.all_hypotheses()]
    simple = [h for h in hyps if _simple_test(h.relation) is not None]
    assert len(simple) >= 0.85 * len(hyps) and len(simple) > 500


def test_every_simple_registered_hypothesis_decides_as_sympy_at_and_around_its_threshold():
    checked = 0
    for h in _registered_relations():
        simple = _simple_test(h.relation)
        if simple is None:
            continue
        name, compare, a, b = simple
        c = sp.Rational(a, b)
        tiny = sp.Rational(1, 10**30)
        for v in (c, c + tiny, c - tiny, c + 1, c - 1, -c, c / 3, sp.Integer(0), sp.Rational(7, 2)):
            assert h.holds({name: v}) == _sympy_decides(h.relation, {name: v}), (h.text, v)
            checked += 1
    assert checked > 100


@settings(max_examples=300, deadline=None)
@given(
    op=st.sampled_from([sp.Gt, sp.Ge, sp.Lt, sp.Le, sp.Eq, sp.Ne]),
    swapped=st.booleans(),
    a=st.integers(-50, 50),
    b=st.integers(1, 12),
    p=st.integers(-200, 200),
    q=st.integers(1, 40),
)
def test_the_integer_test_decides_x_against_a_rational_as_sympy(op, swapped, a, b, p, q):
    c, v = sp.Rational(a, b), sp.Rational(p, q)
    relation = op(c, x) if swapped else op(x, c)
    if relation in (sp.true, sp.false):
        return
    hyp = Hypothesis(relation, "test")
    assert _simple_test(hyp.relation) is not None
    assert hyp.holds({"x": v}) == _sympy_decides(hyp.relation, {"x": v})


def test_integrality_is_the_denominator_one():
    hyp = Hypothesis(sp.Eq(sp.floor(x), x, evaluate=False), "x is an integer", kind="domain")
    assert _simple_test(hyp.relation) == ("x", None, 0, 1)
    assert hyp.holds({"x": sp.Integer(-3)}) and hyp.holds({"x": sp.Rational(10, 5)})
    assert not hyp.holds({"x": sp.Rational(7, 2)}) and not hyp.holds({"x": sp.Rational(1, 10**40)})


def test_other_relations_keep_the_general_tests():
    for relation in (x + y > 1, x * y <= 2, sp.sqrt(x) < 2, sp.And(x > 0, x < 1), sp.Eq(sp.floor(x), y)):
        hyp = Hypothesis(relation, "test")
        assert _simple_test(hyp.relation) is None
    hyp = Hypothesis(x + y > 1, "test")
    assert hyp.holds({"x": sp.Rational(1, 2), "y": sp.Rational(2, 3)})
    assert not hyp.holds({"x": sp.Rational(1, 2), "y": sp.Rational(1, 2)})


# --- non-rational relations: a certified Arb ball, never a rounded 60-digit value (issue: decide's margin) ---


def test_a_near_tie_beyond_sixty_digits_is_decided_by_a_ball():
    pytest.importorskip("flint")
    x = sp.Symbol("x")
    # q is sqrt(2) truncated to 70 digits: sqrt(2) - q ≈ 1e-70, far inside the old 1e-50 margin
    q = sp.Rational(sp.floor(sp.sqrt(2) * 10**70), 10**70)
    assert decide(sp.sqrt(x) > q, {x: sp.Integer(2)}) is True
    assert decide(sp.sqrt(x) <= q, {x: sp.Integer(2)}) is False
    # the independent oracle: q² < 2 exactly
    assert q**2 < 2


def test_a_relation_no_ball_encloses_is_undecided_not_guessed():
    x = sp.Symbol("x")
    # besselj has no Arb translation here: the old decide answered from sp.N; now it is undecided
    with pytest.raises(UndecidedError):
        decide(sp.besselj(0, x) > 0, {x: sp.Integer(1)})
    # an exact tie that simplify sees is still decided exactly
    assert decide(sp.sqrt(x) ** 2 >= 2, {x: sp.Integer(2)}) is True
