"""The evaluation protocol: Formula(method=...), the old keywords as sugar, exact algebraic inputs."""

import mpmath
import pytest
import sympy as sp

from symbolic import Algorithm, ClosedForm, Formula, Hypothesis, HypothesisError, InputError, Source
from symbolic.evaluate.inverse import Inverse
from symbolic.params import nonnegative, positive

SRC = Source("test", "unit")
x_p, y_p, t_p = positive("x"), positive("y"), positive("t")
x, y = x_p.symbol, y_p.symbol


def _forward():
    u = nonnegative("x")
    return Formula("test/fwd", sp.exp(-u.symbol), [u], SRC)


def _algorithm(values, dps):
    v = values["x"]
    return mpmath.sqrt(mpmath.mpf(int(v.p)) / int(v.q))


def test_evaluator_and_inverse_together_are_refused_naming_both():
    # before: evaluator= silently replaced the inverse's root finder
    with pytest.raises(ValueError) as err:
        Formula(
            "test/both",
            sp.Function("inv")(t_p.symbol),
            [t_p],
            SRC,
            evaluator=_algorithm,
            inverse=Inverse(_forward(), solve_for="x", target="t"),
        )
    msg = str(err.value)
    assert "test/both" in msg and "evaluator=" in msg and "inverse=" in msg


def test_method_and_an_old_keyword_together_are_refused_naming_both():
    with pytest.raises(ValueError) as err:
        Formula("test/m", sp.sqrt(x), [x_p], SRC, method=Algorithm(_algorithm), evaluator=_algorithm)
    assert "method=" in str(err.value) and "evaluator=" in str(err.value)


def test_old_keywords_are_sugar_for_methods():
    f = Formula("test/alg", sp.sqrt(x), [x_p], SRC, evaluator=_algorithm, magnitude_free=["x"])
    assert isinstance(f.method, Algorithm) and f.method.function is _algorithm
    assert f.magnitude_free == {"x"} and f.evaluator is _algorithm
    inv = Inverse(_forward(), solve_for="x", target="t")
    g = Formula("test/inv", sp.Function("inv")(t_p.symbol), [t_p], SRC, inverse=inv)
    assert g.method is inv and g.inverse is inv
    assert isinstance(Formula("test/cf", sp.sqrt(x), [x_p], SRC).method, ClosedForm)
    h = Formula("test/alg2", sp.sqrt(x), [x_p], SRC, method=Algorithm(_algorithm, magnitude_free=["x"]))
    assert h.evaluator is _algorithm and h.magnitude_free == {"x"}


def test_inverse_value_matches_mpmath_log():
    g = Formula(
        "test/inv", sp.Function("inv")(t_p.symbol), [t_p], SRC, inverse=Inverse(_forward(), solve_for="x", target="t")
    )
    v = g.evaluate(dps=30, t="1/7")
    with mpmath.workdps(50):
        assert abs(v - mpmath.log(7)) <= mpmath.log(7) * mpmath.mpf(10) ** -29


def test_algorithm_with_certifier_evaluates_and_certifies_through_its_ball():
    flint = pytest.importorskip("flint")
    calls = []

    def certifier(values, prec):
        calls.append(prec)
        old = flint.ctx.prec
        flint.ctx.prec = prec + 10
        try:
            v = sp.Rational(values["x"])
            return flint.arb(flint.fmpq(int(v.p), int(v.q))).sqrt()
        finally:
            flint.ctx.prec = old

    f = Formula("test/cert", sp.sqrt(x), [x_p], SRC, method=Algorithm(_algorithm, certifier=certifier))
    assert f.evaluation_path == "arb"
    ev = f.evaluation(dps=40, x="2")
    assert ev.enclosure and ev.path == "arb" and calls
    with mpmath.workdps(60):
        assert abs(ev.value - mpmath.sqrt(2)) <= mpmath.mpf(10) ** -39
    ball = f.certify(120, x="2")
    with mpmath.workdps(60):
        assert ball.contains(flint.arb(2).sqrt()) or (ball - flint.arb(2).sqrt()).contains(0)


def test_algorithm_without_certifier_is_not_certifiable():
    pytest.importorskip("flint")
    from symbolic.certify import NotCertifiable

    f = Formula("test/alg", sp.sqrt(x), [x_p], SRC, evaluator=_algorithm)
    with pytest.raises(NotCertifiable):
        f.certify(100, x="2")


def test_exact_algebraic_inputs_are_accepted_and_decided_exactly():
    pytest.importorskip("flint")
    f = Formula("test/sq", x**2 + y, [x_p, y_p], SRC, [Hypothesis(x**2 < 3, "x² < 3")])
    ev = f.evaluation(dps=30, x=sp.sqrt(2), y="1/3")
    assert ev.enclosure
    with mpmath.workdps(40):
        assert abs(ev.value - mpmath.mpf(7) / 3) <= mpmath.mpf(10) ** -29
    # x = √3 violates x² < 3 exactly (no rounding decides it)
    with pytest.raises(HypothesisError):
        f.evaluate(x=sp.sqrt(3), y=1)
    root = Formula("test/root", sp.sqrt(x), [x_p], SRC)
    v = root.evaluate(dps=40, x=sp.sqrt(2))
    with mpmath.workdps(60):
        assert abs(v - mpmath.mpf(2) ** mpmath.mpf("0.25")) <= mpmath.mpf(10) ** -39
    # an algorithm takes rationals: at algebraic inputs the value is its definition's ball
    alg = Formula("test/alg", sp.sqrt(x), [x_p], SRC, evaluator=_algorithm)
    assert alg.evaluate(dps=40, x=sp.sqrt(2)) == v


def test_transcendental_and_non_real_inputs_are_refused():
    f = Formula("test/sq", x**2, [x_p], SRC)
    with pytest.raises(InputError):
        f.evaluate(x=sp.pi)
    with pytest.raises(InputError):
        f.evaluate(x=sp.I)


def test_value_and_ball_protocol_on_the_formula():
    pytest.importorskip("flint")
    f = Formula("test/cf", sp.exp(x), [x_p], SRC)
    exact = f.check(x="1/3")
    assert f.value(exact, 30).value == f.evaluate(dps=30, x="1/3")
    ball = f.ball(exact, 100)
    with mpmath.workdps(50):
        lo, hi = ball.mid() - ball.rad(), ball.mid() + ball.rad()
        assert float(lo) <= float(mpmath.exp(mpmath.mpf(1) / 3)) <= float(hi)


def test_estimate_is_one_run_of_each_method_near_the_exact_value():
    """Formula.estimate: a value to search or plot with (one run at the working digits), close to the exact value
    computed here by mpmath alone; hypotheses are still enforced."""
    inv = Formula("test/inv-est", sp.Function("inv")(t_p.symbol), [t_p], SRC, inverse=Inverse(_forward(), "x", "t"))
    alg = Formula("test/alg-est", sp.sqrt(x), [x_p], SRC, evaluator=_algorithm)
    closed = Formula("test/cf-est", sp.log(1 + x), [x_p], SRC, hypotheses=[Hypothesis(x < 10, "x < 10")])
    with mpmath.workdps(40):
        cases = [
            (inv.estimate(15, t="1/7"), mpmath.log(7)),  # exp(−x) = 1/7
            (alg.estimate(15, x="2"), mpmath.sqrt(2)),
            (closed.estimate(15, x="1/3"), mpmath.log(mpmath.mpf(4) / 3)),
        ]
    for value, exact in cases:
        assert abs(value - exact) <= abs(exact) * mpmath.mpf(10) ** -13
    with pytest.raises(HypothesisError, match="x < 10"):
        closed.estimate(15, x="11")


def test_estimate_at_algebraic_inputs_is_the_evaluation():
    alg = Formula("test/alg-est2", sp.sqrt(x), [x_p], SRC, evaluator=_algorithm)
    value = alg.estimate(20, x=sp.sqrt(2))
    with mpmath.workdps(40):
        assert abs(value - mpmath.mpf(2) ** mpmath.mpf("0.25")) <= mpmath.mpf(10) ** -19
