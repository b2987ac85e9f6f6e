"""The mpmath precision rule (symbolic.evaluate.settle): evidence, not agreement, and one definition
shared by the engine and the exported modules."""

from __future__ import annotations

import inspect
import time
from fractions import Fraction

import mpmath
import pytest
import sympy as sp

from symbolic.evaluate import settle
from symbolic.errors import EvaluationError
from symbolic.export.python import _settle_source
from symbolic.evaluate.expressions import CompiledExpression, evaluate_to_precision, proves_zero

x, q = sp.symbols("x q")


def fallback(expr, dps=30, **values):
    """The mpmath fallback alone (no Arb) at exact values."""
    symbols = sorted(expr.free_symbols, key=str)
    exact = {s: sp.Rational(values[s.name]) for s in symbols}
    return CompiledExpression(expr, symbols, "test/f")(exact, dps)


def test_an_input_absorbed_at_low_precision_is_not_settled_by_agreement():
    # log(1 + x) − x at x = 1e-100: at 46 and at 92 digits 1 + x rounds to 1, so both runs give
    # −x = −1e-100 and agree; the value is −x²/2 + x³/3 ≈ −5e-201.
    got = fallback(sp.log(1 + x) - x, x="1e-100")
    with mpmath.workdps(500):
        t = mpmath.mpf(10) ** -100
        ref = mpmath.log1p(t) - t
        assert abs(got - ref) <= abs(ref) * mpmath.mpf(10) ** -29


def test_a_value_that_cancels_to_zero_at_every_affordable_precision_is_an_error():
    # 1 − erf(100) = erfc(100) ≈ 6.4e-4346: 0 at every precision up to the ceiling; the old rule
    # returned 0.0 after three zeros (as asoodeh-diaz/prop-4 printed 0.0 for 5.14e-8689).
    with pytest.raises(EvaluationError, match=r"test/f: .*gives 0 .*at q = 100.*could not be proved"):
        fallback(1 - sp.erf(q), q="100")


def test_a_zero_is_returned_when_sympy_proves_it():
    # cosh² − sinh² − 1 is 0 everywhere: 0 at x = 1e-100 (exact zeros in mpmath), and at x = 3
    # (tiny nonzero rounding errors that never settle) through the proof.
    assert fallback(sp.cosh(x) ** 2 - sp.sinh(x) ** 2 - 1, x="1e-100") == 0
    assert fallback(sp.cosh(x) ** 2 - sp.sinh(x) ** 2 - 1, x="3") == 0
    assert proves_zero(sp.sin(sp.pi * x), {x: sp.Integer(1)})
    assert not proves_zero(1 - sp.erf(x), {x: sp.Integer(100)})


def test_no_zero_proof_is_attempted_through_a_huge_exact_power():
    # bok-su-altschuler/thm-4.9-gdp-mu at τ = 1, t = 10¹², 1 − c = 1e-9 hung: proving its 0 substituted the
    # exact inputs into c^(t − τ + 1) − c^t, i.e. built (1 − 10⁻⁹)^(10¹²) exactly (10¹³ digits, inside
    # GMP, beyond any watchdog).  The proof is declined instead; a small exponent is still proved.
    c, t = sp.symbols("c t", positive=True)
    expr = c ** (t + 1) - c**t + c**t * (1 - c)  # 0 for every c, t; not combined by SymPy on construction
    huge = {c: sp.Rational(999999999, 10**9), t: sp.Integer(10**12)}
    started = time.process_time()
    assert not proves_zero(expr, huge)
    assert time.process_time() - started < 5
    assert proves_zero(expr, {c: sp.Rational(999999999, 10**9), t: sp.Integer(7)})
    assert proves_zero(expr, {c: sp.Integer(1), t: sp.Integer(10**12)})  # 1^(10¹²): no digits to compute


def test_a_tiny_term_below_the_inputs_magnitude_is_found():
    # (1 + q⁴) − 1 at q = 1e-100 is 1e-400, beyond the ceiling for 30 digits: an error, not 0;
    # (1 + q²) − 1 at q = 1e-150 is 1e-300, reached.
    one_plus = lambda t: sp.Add(sp.Add(1, t, evaluate=False), -1, evaluate=False)  # noqa: E731
    with pytest.raises(EvaluationError, match="test/f"):
        fallback(one_plus(q**4), q="1e-100")
    got = fallback(one_plus(q**2), q="1e-150")
    with mpmath.workdps(60):
        assert abs(got - mpmath.mpf(10) ** -300) <= mpmath.mpf(10) ** -329


def test_thunk_zeros_need_a_proof_or_an_exact_zero():
    # an mpf 0 is a rounded result, whoever computed it (there is no exemption for hand-written
    # algorithms any more: their zero branches return the exact int 0)
    with pytest.raises(EvaluationError, match="thunk.*at a = 1.*could not be proved"):
        evaluate_to_precision(lambda: mpmath.mpf(0), 20, "thunk", point="a = 1")
    assert evaluate_to_precision(lambda: mpmath.mpf(0), 20, "thunk", zero_proof=lambda: True) == 0
    assert evaluate_to_precision(lambda: 0, 20, "thunk") == 0
    assert evaluate_to_precision(lambda: Fraction(0), 20, "thunk") == 0
    assert evaluate_to_precision(lambda: sp.Integer(0), 20, "thunk") == 0
    # a proof attempt that fails proves nothing
    with pytest.raises(EvaluationError):
        evaluate_to_precision(lambda: mpmath.mpf(0), 20, "thunk", zero_proof=lambda: 1 / 0)
    # a zero that turns nonzero at a higher precision is not a zero
    tiny = lambda: mpmath.mpf(10) ** -200 if mpmath.mp.dps > 250 else mpmath.mpf(0)  # noqa: E731
    with pytest.raises(EvaluationError, match="did not settle"):  # one nonzero run: no evidence either way
        evaluate_to_precision(tiny, 20, "thunk")
    assert "algorithm_zeros" not in inspect.signature(settle.settle).parameters


def test_a_nonzero_value_needs_agreement_above_the_trusted_precision():
    runs = []

    def thunk():
        runs.append(mpmath.mp.dps)
        return mpmath.mpf(1) / 3

    evaluate_to_precision(thunk, 20, "thunk", 0, 100)
    # the accepted pair's lower run holds 20 + 15 + 100 digits
    assert runs[-2] >= 135 and runs[-1] >= 2 * runs[-2] - 1


def test_the_exported_module_runs_the_engines_rule_verbatim():
    text = _settle_source()
    for fn in (settle.settle, settle.input_digits, settle.input_magnitude, settle.significant_digits):
        assert inspect.getsource(fn) in text
    namespace: dict = {}
    exec(compile(text, "<exported>", "exec"), namespace)
    with pytest.raises(ArithmeticError, match="could not be proved"):
        namespace["settle"](lambda: mpmath.mpf(0), 20, "exported")
    with mpmath.workdps(60):
        want = evaluate_to_precision(lambda: mpmath.log1p(mpmath.mpf(10) ** -100) * 7, 20, "e", 1, 100)
        got = namespace["settle"](lambda: mpmath.log1p(mpmath.mpf(10) ** -100) * 7, 20, "e", 1, 100)
    assert got == want


# ---------------------------------------------------------------------------
# A hand-written evaluator's inputs: every magnitude counts unless the formula declares the
# input magnitude-free (taken only through its logarithm / as a relative quantity).
def _algorithm_formula(evaluator, **kwargs):
    from symbolic import Formula, Source
    from symbolic.params import positive

    p = positive("x", "input")
    return Formula(
        "test/algorithm",
        sp.Function("F")(p.symbol),
        [p],
        Source("test", "settle test", (), "derived"),
        evaluator=evaluator,
        **kwargs,
    )


def _one_plus_x_minus_one_minus_x(values, dps):
    x_ = mpmath.mpf(int(values["x"].p)) / int(values["x"].q)
    return (1 + x_) - 1 - x_


def test_an_algorithm_that_absorbs_its_input_is_not_settled_by_agreement():
    # (1 + x) − 1 − x = 0 exactly; below 100 working digits every run gives −x = −1e-100 and the
    # runs agree.  The guard (x's magnitude counted) reaches the precision where the runs give an
    # mpf 0, which disagrees with the lower runs and which no proof backs: an error, never −1e-100.
    f = _algorithm_formula(_one_plus_x_minus_one_minus_x)
    with pytest.raises(EvaluationError, match="test/algorithm: .*no number is returned"):
        f.evaluate(30, x="1e-100")


def test_a_magnitude_free_input_costs_no_extra_digits():
    runs = []

    def log_only(values, dps):  # x enters only through log x
        runs.append(mpmath.mp.dps)
        x_ = mpmath.mpf(int(values["x"].p)) / int(values["x"].q)
        return mpmath.log(x_) / 7

    counted = _algorithm_formula(log_only)
    free = _algorithm_formula(log_only, magnitude_free=("x",))
    with mpmath.workdps(400):
        ref = mpmath.log(mpmath.mpf(10) ** -300) / 7
    for f in (counted, free):
        runs.clear()
        got = f.evaluate(30, x="1e-300")
        assert abs(got - ref) <= abs(ref) * mpmath.mpf(10) ** -29
        if f is counted:
            assert runs[-2] >= 30 + 15 + 300
        else:
            assert max(runs) <= 4 * (30 + 15 + 1)


def test_magnitude_free_is_refused_without_an_evaluator_or_for_unknown_names():
    from symbolic import Formula, Source
    from symbolic.params import positive

    p = positive("x", "input")
    src = Source("test", "settle test", (), "derived")
    with pytest.raises(ValueError, match="magnitude_free"):
        Formula("test/e", sp.log(p.symbol), [p], src, magnitude_free=("x",))
    with pytest.raises(ValueError, match="magnitude_free names \\['y'\\]"):
        _algorithm_formula(_one_plus_x_minus_one_minus_x, magnitude_free=("y",))


def test_the_printed_digits_of_a_value_just_below_a_decimal_tie_are_rounded_once():
    # 1.000…0025 − 1e-50 (helper-23's reproducer on chien-li/thm-3.1-convex-closed-form, where
    # the value is α/2): rounding to 30 digits in binary first, then to decimal, printed …03.
    exact = Fraction(100000000000000000000000000002499999999999999999999, 10**50)
    got = settle.settle(lambda: mpmath.mpf(exact.numerator) / exact.denominator, 30, "test/tie")
    assert mpmath.nstr(got, 30) == "1.00000000000000000000000000002"
    above = exact + Fraction(2, 10**50)  # just above the tie: rounds up
    got = settle.settle(lambda: mpmath.mpf(above.numerator) / above.denominator, 30, "test/tie")
    assert mpmath.nstr(got, 30) == "1.00000000000000000000000000003"


def test_decimal_rounding_declines_an_interval_containing_a_tie():
    with mpmath.workdps(60):
        tie = mpmath.mpf("1.25")
        assert settle.decimal_rounding(tie, mpmath.mpf(10) ** -40, 2) is None
        assert settle.decimal_rounding(tie + mpmath.mpf(10) ** -30, mpmath.mpf(10) ** -40, 2) == (13, -1)
        assert settle.decimal_rounding(tie, None, 2) == (12, -1)  # the value itself: half to even
        assert settle.decimal_rounding(mpmath.mpf("-3e-400"), mpmath.mpf("1e-399"), 5) is None  # sign unknown


def test_decimal_rounding_of_a_value_scaled_beyond_python_s_str_limit():
    # fuzz seed 0: an input of 1e-100000 made the trusted precision ~1e5 digits and the value
    # was scaled to that many; str() of such an integer raises ValueError (over 4300 digits).
    # Here a value 1e-4400 below a decimal tie, at 1e-5000: deciding it needs ~4400 digits.
    x = (1 + Fraction(25, 10**30) - Fraction(1, 10**4400)) / 10**5000
    got = settle.settle(lambda: mpmath.mpf(x.numerator) / x.denominator, 30, "test/huge", magnitude=5000)
    assert mpmath.nstr(got, 30) == "1.00000000000000000000000000002e-5000"


def test_to_mpf_prints_back_exactly_the_digits_it_was_given():
    import random

    rng = random.Random(7)
    for _ in range(3000):
        dps = rng.randint(1, 60)
        mantissa = rng.choice([1, -1]) * rng.choice([rng.randint(10 ** (dps - 1), 10**dps - 1), 10 ** (dps - 1)])
        exponent = rng.randint(-400, 60)
        value = settle.to_mpf((mantissa, exponent), dps)
        sign, man, _, bc = value._mpf_
        assert man % 2 == 1 and man.bit_length() == bc and sign == (mantissa < 0)  # mpmath's normal form
        with mpmath.workdps(dps + 40):
            exact = mpmath.mpf(mantissa) * mpmath.mpf(10) ** exponent
            assert abs(value - exact) <= abs(exact) * mpmath.mpf(10) ** -(dps + 9)
        with mpmath.workdps(dps):
            printed = mpmath.nstr(value, dps, strip_zeros=False)
        digits = printed.lstrip("-").split("e")[0].replace(".", "").lstrip("0")
        assert digits.rstrip("0") == str(abs(mantissa)).rstrip("0"), (mantissa, exponent, dps, printed)


def _absorbed(value: str):
    """``value`` held exactly, and ``(1 + v) − 1`` rebuilt at the current working precision: 0 until
    the precision reaches v's magnitude (the shape of an evaluator whose inputs cancel at their magnitude,
    ye-shokri/thm-5.3-eps at lam=1e-300: 1 − (1 − ηλ)² as a divisor)."""
    v = Fraction(value)

    def rebuilt():
        return (1 + mpmath.mpf(v.numerator) / v.denominator) - 1

    return v, rebuilt


def test_a_division_by_zero_below_the_trusted_precision_raises_the_precision():
    v, rebuilt = _absorbed("1e-300")
    magnitude = settle.input_magnitude([v])
    got = evaluate_to_precision(lambda: 1 / rebuilt(), 30, "thunk", 0, magnitude)
    with mpmath.workdps(40):
        assert abs(got - mpmath.mpf(10) ** 300) <= mpmath.mpf(10) ** (300 - 29)


def test_a_non_finite_intermediate_below_the_trusted_precision_raises_the_precision():
    v, rebuilt = _absorbed("1e-300")
    magnitude = settle.input_magnitude([v])
    got = evaluate_to_precision(lambda: mpmath.log(rebuilt()), 30, "thunk", 0, magnitude)
    with mpmath.workdps(60):
        ref = -300 * mpmath.log(10)
        assert abs(got - ref) <= abs(ref) * mpmath.mpf(10) ** -29


def test_a_division_by_zero_at_a_trusted_precision_is_still_an_error():
    runs = []

    def thunk():
        runs.append(mpmath.mp.dps)
        return mpmath.mpf(1) / 0

    with pytest.raises(EvaluationError, match="division by zero"):
        evaluate_to_precision(thunk, 20, "thunk")  # no input magnitude: the first run is trusted
    assert len(runs) == 1
    v, rebuilt = _absorbed("1e-300")  # vanishing at every precision: retried up to the ceiling, then reported
    runs.clear()
    with pytest.raises(EvaluationError, match="division by zero"):
        evaluate_to_precision(lambda: runs.append(mpmath.mp.dps) or 1 / (rebuilt() - rebuilt()), 20, "thunk", 0, 300)
    assert runs[-1] >= 335
