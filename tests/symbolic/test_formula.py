import mpmath
import numpy as np
import pytest
import sympy as sp
from sympy.codegen.cfunctions import expm1

from symbolic import EvaluationError, Formula, Hypothesis, HypothesisError, InputError, Source
from symbolic.params import natural, positive, real

SRC = Source("test", "unit")
lam_p, m_p, M_p = positive("lam"), positive("m"), positive("M")
lam, m, M = lam_p.symbol, m_p.symbol, M_p.symbol


def step_formula():
    return Formula(
        "test/step",
        sp.sqrt(1 + 2 * lam * m),
        [lam_p, m_p, M_p],
        SRC,
        [Hypothesis(lam <= 1 / (2 * (m + M)), "λ ≤ 1/[2(m+M)]")],
    )


def test_evaluates_at_requested_precision():
    f = step_formula()
    v = f.evaluate(dps=50, lam="1/10", m="0.5", M=2)
    with mpmath.workdps(70):
        ref = mpmath.sqrt(1 + mpmath.mpf(1) / 10)
        assert abs(v - ref) <= abs(ref) * mpmath.mpf(10) ** -49


def test_hypothesis_violation_names_formula_hypothesis_and_values():
    with pytest.raises(HypothesisError) as err:
        step_formula().evaluate(lam="0.3", m=1, M=1)
    msg = str(err.value)
    assert "test/step" in msg and "λ ≤ 1/[2(m+M)]" in msg and "lam = 3/10" in msg
    assert isinstance(err.value, ValueError)
    assert err.value.values == {"lam": sp.Rational(3, 10), "m": 1, "M": 1}


def test_domain_is_enforced_even_though_symbols_carry_assumptions():
    with pytest.raises(HypothesisError, match="m > 0"):
        step_formula().evaluate(lam="0.1", m=-1, M=3)


def test_missing_unknown_and_float_inputs_are_input_errors():
    f = step_formula()
    with pytest.raises(InputError, match="missing"):
        f.evaluate(lam=1, m=1)
    with pytest.raises(InputError, match="unknown"):
        f.evaluate(lam=1, m=1, M=1, q=2)
    with pytest.raises(InputError, match="float"):
        f.evaluate(lam=0.1, m=1, M=1)


def test_trivial_hypothesis_is_rejected_at_construction():
    with pytest.raises(ValueError, match="evaluated to True"):
        Hypothesis(lam > 0, "λ > 0")


def test_expression_symbols_must_be_parameters():
    x = sp.Symbol("x")
    with pytest.raises(ValueError, match="not parameters"):
        Formula("test/bad", lam + x, [lam_p], SRC)


def test_piecewise_branch_is_decided_exactly_before_rounding():
    L_p, s_p = positive("L"), natural("s", zero=False)
    L, s = L_p.symbol, s_p.symbol
    f = Formula(
        "test/theta",
        (1 - L**-2) / (1 - L ** (-2 * s)),
        [L_p, s_p],
        SRC,
        numeric=sp.Piecewise((1 / s, sp.Eq(L, 1)), (expm1(-2 * sp.log(L)) / expm1(-2 * s * sp.log(L)), True)),
    )
    # The exact 1/s branch: the correctly rounded 30 digits of 1/7.
    assert mpmath.nstr(f.evaluate(dps=30, L=1, s=7), 30) == "0." + "142857" * 5
    # 1 + 1e-40 rounds to 1 at 30 digits, but must not take the L = 1 branch.
    v = f.evaluate(dps=30, L="1.0000000000000000000000000000000000000001", s=10**45)
    with mpmath.workdps(120):
        Lx = 1 + mpmath.mpf(10) ** -40
        ref = (1 - Lx**-2) / (1 - Lx ** (-2 * mpmath.mpf(10) ** 45))
    assert abs(v - ref) <= ref * mpmath.mpf(10) ** -29


def test_integer_parameters_never_use_python_integer_division():
    n_p = natural("n", zero=False)
    f = Formula("test/recip", 1 / n_p.symbol, [n_p], SRC)
    v = f.evaluate(dps=40, n=7)
    with mpmath.workdps(60):
        assert abs(v - mpmath.mpf(1) / 7) < mpmath.mpf(10) ** -39


def test_complex_value_is_an_error_not_a_number():
    x_p = real("x")
    f = Formula("test/sqrt", sp.sqrt(x_p.symbol), [x_p], SRC)
    with pytest.raises(EvaluationError):
        f.evaluate(x=-1)


def test_float_function_checks_hypotheses_elementwise():
    f = step_formula().float_function()
    out = f(np.array([0.1, 0.2]), 1.0, 1.0)
    assert np.allclose(out, np.sqrt(1 + 2 * np.array([0.1, 0.2])))
    with pytest.raises(HypothesisError):
        f(np.array([0.1, 0.3]), 1.0, 1.0)


def test_float_function_has_the_special_functions_numpy_lacks():
    # privacy/gdp-tradeoff's plot sweep raised NameError: erfinv (NumPy has no erf/erfinv; SciPy supplies them).
    x_p = real("x")
    f = Formula("test/erfinv-erf", sp.erfinv(x_p.symbol) + sp.erf(x_p.symbol), [x_p], SRC).float_function()
    xs = np.array([-0.5, 0.25, 0.75])
    expected = [float(mpmath.erfinv(x) + mpmath.erf(x)) for x in xs]
    assert np.allclose(f(xs), expected, rtol=1e-12)


def test_call_substitutes_symbolically():
    f = step_formula()
    assert f(lam=sp.Rational(1, 2)) == sp.sqrt(1 + m)
    with pytest.raises(InputError):
        f(mu=1)


def _choice_formula(default="double"):
    from symbolic.params import choice

    def evaluator(values, dps):
        x = mpmath.mpf(int(values["x"].p)) / int(values["x"].q)
        return 2 * x if values["how"] == "double" else x**2

    return Formula(
        "test/choose",
        sp.Function("g")(sp.Symbol("x", positive=True)),
        [positive("x"), choice("how", ("double", "square"), "what to do", default=default)],
        SRC,
        evaluator=evaluator,
    )


def test_choice_parameter_selects_by_name_with_default_and_exact_errors():
    f = _choice_formula()
    assert f.evaluate(dps=20, x="3") == 6 and f.evaluate(dps=20, x="3", how="square") == 9
    assert f.check(x="1/3")["how"] == "double"
    with pytest.raises(HypothesisError) as err:
        f.evaluate(x="3", how="cube")
    assert err.value.hypothesis == "how ∈ {double, square}" and err.value.values == {"how": "cube"}
    with pytest.raises(InputError, match="missing parameter.*how"):
        _choice_formula(default=None).evaluate(x="3")


def test_choice_parameter_needs_an_evaluator_and_no_hypothesis_may_use_it():
    from symbolic.params import choice

    how = choice("how", ("a", "b"))
    with pytest.raises(ValueError, match="evaluator"):
        Formula("test/bad", lam, [lam_p, how], SRC)
    with pytest.raises(ValueError, match="categorical"):
        Formula(
            "test/bad",
            lam,
            [lam_p, how],
            SRC,
            [Hypothesis(sp.Symbol("how") > 0, "how > 0")],
            evaluator=lambda v, d: mpmath.mpf(1),
        )
    with pytest.raises(ValueError, match="default"):
        choice("how", ("a", "b"), default="c")


def test_prepared_formula_checks_exactly_as_an_unprepared_one():
    """prepare_formulas (run by the runner before forking) builds each formula's hypotheses and
    their exact tests once; the accepted values and the refusals stay the same."""
    from symbolic.formula import _UNPREPARED, prepare_formulas
    from symbolic.params import natural

    n_p = natural("n")

    def build():
        return Formula("test/prep", lam * n_p.symbol, [lam_p, m_p, M_p, n_p], SRC, step_formula().hypotheses)

    fresh, prepared = build(), build()
    assert prepared in _UNPREPARED
    prepare_formulas()
    assert prepared not in _UNPREPARED and fresh not in _UNPREPARED
    assert all(h._decider is not None for h in prepared.all_hypotheses())
    good = dict(lam="1/10", m="0.5", M=2, n=3)
    assert (
        build().check(**good)
        == prepared.check(**good)
        == {"lam": sp.Rational(1, 10), "m": sp.Rational(1, 2), "M": 2, "n": 3}
    )
    for bad, text in (
        (dict(good, lam="0.3"), "λ ≤ 1/[2(m+M)]"),
        (dict(good, n="5/2"), "n is an integer"),
        (dict(good, m=0), "m > 0"),
    ):
        with pytest.raises(HypothesisError) as a:
            build().check(**bad)
        with pytest.raises(HypothesisError) as b:
            prepared.check(**bad)
        assert str(a.value) == str(b.value) and text in str(b.value)


def test_a_formula_pickles_after_an_arb_evaluation():
    # evaluation_at keeps the closed form's Arb shortcut (a closure) on the formula; pickling drops it and the
    # copy rebuilds it on first use, with the same digits
    import pickle

    from symbolic import registry

    theta = registry().formula("kong-ribero/theta")
    first = theta.evaluation(30, L="1.37", s="9")
    copy = pickle.loads(pickle.dumps(theta))
    again = copy.evaluation(30, L="1.37", s="9")
    assert first.enclosure and again.enclosure and again.digits == first.digits
