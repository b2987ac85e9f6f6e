"""Certified evaluation (symbolic.certify): the Arb ball must contain the exact value.

The reference is the package's mpmath evaluator at 200 digits, whose own error is
far below 10^-199 relative; a ball is wrong when it misses the interval
ref·(1 ± 10^-199), which must contain the exact value too.
"""

from __future__ import annotations

from fractions import Fraction

import flint
import mpmath
import pytest
import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from symbolic import Formula, Source
from symbolic.certify import (
    FlintUnavailable,
    NotCertifiable,
    PrecisionNotReached,
    bits_for_digits,
    directed_decimal,
    interval_strings,
)
from symbolic.certify import arb as arb_module
from symbolic.certify.arb import endpoints
from symbolic.errors import EvaluationError, HypothesisError
from symbolic.exact_numbers import parse_exact
from symbolic.evaluate import certify_inverse
from symbolic.evaluate.inverse import Inverse
from symbolic.params import natural, positive, real
from symbolic.registry import registry as load_registry

REF_DPS = 200
SRC = Source("test", "certify unit test", (), "derived")


def exact(x: mpmath.mpf) -> Fraction:
    man, exp = x.man_exp
    return Fraction(int(man) * 2 ** int(exp)) if exp >= 0 else Fraction(int(man), 2 ** int(-exp))


def reference(formula, **params) -> mpmath.mpf:
    return formula.evaluate(dps=REF_DPS, **params)


def assert_encloses(ball, ref: mpmath.mpf, prec: int, what=""):
    """The ball meets ref·(1 ± 1e-198) (where the exact value lies) and has ≥ prec bits.

    Compared as Arb balls, so values like erfc(10^6) ≈ 10^(-4·10^11) need no huge fractions.
    """
    with mpmath.workdps(REF_DPS + 10), arb_module.working_precision(4 * REF_DPS):
        mid = mpmath.nstr(ref, REF_DPS + 5, strip_zeros=False)
        rad = mpmath.nstr(abs(ref) * mpmath.mpf(10) ** (2 - REF_DPS), 5)
        ref_ball = flint.arb(mid, rad)
        assert ball.overlaps(ref_ball), f"{what}: ball {ball} misses the reference {mpmath.nstr(ref, 30)}"
    assert ball.is_exact() or ball.rel_accuracy_bits() >= prec, f"{what}: only {ball.rel_accuracy_bits()} bits"


# ---------------------------------------------------------------------------
# Random parameters in each registered formula's domain.
def _decimal(draw, signed: bool, zero: bool) -> str:
    kind = draw(st.sampled_from(["small", "wide", "fraction"] + (["zero"] if zero else [])))
    if kind == "zero":
        return "0"
    if kind == "small":
        text = str(draw(st.sampled_from([1, 2, 3, 5, 10, 37])))
    elif kind == "wide":
        text = f"{draw(st.integers(1, 999_999))}e{draw(st.integers(-9, 2))}"
    else:
        text = f"{draw(st.integers(1, 10_000))}/{draw(st.integers(1, 10_000))}"
    return ("-" + text) if signed and draw(st.booleans()) else text


@st.composite
def parameter_values(draw, formula):
    values = {}
    for p in formula.params:
        s = p.symbol
        if p.is_choice:
            values[p.name] = draw(st.sampled_from(p.choices))
        elif s.is_integer:
            low = 1 if s.is_positive else 0
            # Up to 10^3: some package evaluators (the 200-digit reference) loop over
            # integer parameters; the 10^12 regimes are tested explicitly below.
            top = draw(st.sampled_from([10, 1000]))
            values[p.name] = str(draw(st.integers(low, top)))
        else:
            values[p.name] = _decimal(draw, signed=not s.is_nonnegative, zero=not s.is_positive)
    return values


def sympy_reference(formula, params):
    """SymPy's value of ``expr`` at 210 digits when every integer parameter is small; else None."""
    exact = formula.check(**params)
    if any(p.is_integer and abs(exact[p.name]) > 10**4 for p in formula.params):
        return None
    value = formula.expr.xreplace({formula.symbol(n): v for n, v in exact.items()})

    def terms(sum_node):  # add the terms one by one (no closed form: 0**0 = 1 stays right)
        ((i, a, b),) = sum_node.limits
        return sp.Add(*[sum_node.function.xreplace({i: sp.Integer(k)}) for k in range(int(a), int(b) + 1)])

    value = value.replace(
        lambda e: (
            isinstance(e, sp.Sum) and len(e.limits) == 1 and e.limits[0][1].is_Integer and e.limits[0][2].is_Integer
        ),
        terms,
    ).doit()
    if value.has(sp.oo, -sp.oo, sp.zoo, sp.nan):
        return "infinite"
    with mpmath.workdps(REF_DPS + 10):
        return mpmath.mpf(sp.N(value, REF_DPS + 10))


def check_inverse_bracket(formula, params, prec):
    """The certified bracket [lo, hi] of an inverse formula, confirmed by the forward formula
    evaluated with mpmath at 200 digits: forward(lo) > target >= forward(hi)."""
    enc = certify_inverse(formula, prec, **params)
    inv = formula.inverse
    exact_params = formula.check(**params)
    target = exact_params[inv.target]
    fixed = {n: v for n, v in exact_params.items() if n != inv.target}
    with mpmath.workdps(REF_DPS):
        t = mpmath.mpf(target.p) / target.q
        at_hi = inv.forward.evaluate(
            dps=REF_DPS, **fixed, **{inv.solve_for: sp.Rational(enc.hi.numerator, enc.hi.denominator)}
        )
        assert at_hi <= t, f"{formula.id} at {params}: forward(hi) = {at_hi} > target"
        if enc.lo < enc.hi:
            at_lo = inv.forward.evaluate(
                dps=REF_DPS, **fixed, **{inv.solve_for: sp.Rational(enc.lo.numerator, enc.lo.denominator)}
            )
            assert at_lo > t, f"{formula.id} at {params}: forward(lo) = {at_lo} <= target"
            assert enc.hi - enc.lo <= enc.hi / 2**prec


def _registered():
    # A custom algorithm with its own certifier (privacy/sgm-rdp, sgm-epsilon) would be compared
    # here with its own ball; it is tested against independent references in its own test file.
    return [f for f in load_registry().formulas() if getattr(f, "certifier", None) is None]


def _examples(formula) -> int:
    # Bounded: the registry holds dozens of formulas and this file must stay near a minute.
    return 3 if formula.inverse is not None else 2 if formula.evaluator is not None else 8


@pytest.mark.parametrize("formula", _registered(), ids=lambda f: f.id)
def test_ball_contains_200_digit_reference_on_random_domain_points(formula):
    custom = formula.evaluator is not None and formula.inverse is None

    @settings(
        max_examples=_examples(formula),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )
    @given(params=parameter_values(formula), prec=st.sampled_from([53, 100, 200]))
    def run(params, prec):
        try:
            formula.check(**params)
        except HypothesisError:
            assume(False)
        if custom:
            # A custom algorithm has no certified final step: certify must say so plainly.
            with pytest.raises(NotCertifiable, match="custom algorithm"):
                formula.certify(prec=prec, **params)
            return
        if formula.inverse is not None:
            check_inverse_bracket(formula, params, prec)
            return
        try:
            ref = reference(formula, **params)
        except EvaluationError:
            # The mpmath evaluator found no finite value; use SymPy's exact value where it
            # is cheap to get (small integers), else discard the example.
            ref = sympy_reference(formula, params)
            assume(ref is not None)
            if ref == "infinite":
                with pytest.raises((EvaluationError, PrecisionNotReached, NotCertifiable)):
                    formula.certify(prec=prec, **params)
                return
        try:
            ball = formula.certify(prec=prec, **params)
        except NotCertifiable as exc:
            # Only an infinite intermediate (erfinv(±1) at an end of the domain) may be refused.
            assert "infinite" in str(exc), str(exc)
            return
        assert_encloses(ball, ref, prec, f"{formula.id} at {params}")

    run()


# ---------------------------------------------------------------------------
# Hard regimes, named explicitly.
THETA_HARD = [
    {"L": "1.000000001", "s": "1000000000000"},  # L - 1 = 1e-9, s = 10^12 (the regime)
    {"L": "0.999999999", "s": "1000000000000"},
    {"L": "1", "s": "1000000000000000"},  # the exact L = 1 branch: 1/s
    {"L": "1000000", "s": "1000000000000"},
    {"L": "1e-9", "s": "7"},
    {"L": "1.37", "s": "0"},  # θ_L(0) = 0
    {"L": "1.37", "s": "1"},
]


@pytest.mark.parametrize("params", THETA_HARD, ids=lambda p: f"L={p['L']},s={p['s']}")
def test_theta_hard_regimes(params):
    theta = load_registry().formula("kong-ribero/theta")
    prec = bits_for_digits(40)
    assert_encloses(theta.certify(prec=prec, **params), reference(theta, **params), prec, str(params))


def test_theta_exact_branches_give_exact_balls():
    theta = load_registry().formula("kong-ribero/theta")
    # L = 1 takes the 1/s branch exactly: the rational 1/s is rounded once, nothing else.
    ball = theta.certify(prec=64, L="1", s="1000000000000000")
    lo, hi = endpoints(ball)
    assert lo <= Fraction(1, 10**15) <= hi and (hi - lo) * 10**15 < Fraction(1, 2**64)
    zero = theta.certify(prec=64, L="1.37", s="0")
    assert zero.is_exact() and endpoints(zero) == (0, 0)


HS_HARD = [
    {"eps": "0", "r": "10"},  # μ = 10: the erf form of Φ loses every digit here
    {"eps": "91.8172896246637", "r": "10"},
    {"eps": "841.3546970421057", "r": "37"},  # GDP at μ = 37, δ ≈ 1e-5
    {"eps": "2000", "r": "37"},
    {"eps": "30.59164991602", "r": "1"},  # δ ≈ 1e-200
    {"eps": "3", "r": "1e-6"},
]


@pytest.mark.parametrize("params", HS_HARD, ids=lambda p: f"eps={p['eps']},r={p['r']}")
def test_gaussian_hockey_stick_hard_regimes(params):
    hs = load_registry().formula("privacy/gaussian-hockey-stick")
    prec = bits_for_digits(40)
    assert_encloses(hs.certify(prec=prec, **params), reference(hs, **params), prec, str(params))


def test_erfc_form_at_delta_1e_200_is_relative_not_absolute():
    hs = load_registry().formula("privacy/gaussian-hockey-stick")
    ball = hs.certify(prec=100, eps="30.59164991602", r="1")
    lo, hi = endpoints(ball)
    assert Fraction(1, 10**201) < lo and hi < Fraction(1, 10**199)
    assert (hi - lo) / lo < Fraction(1, 10**29)


# ---------------------------------------------------------------------------
# The generic Inverse mechanism, on a test-local inverse of the hockey-stick divergence
# (the same closed form as privacy/gdp-delta with μ = r).
def _hs_inverse():
    hs = load_registry().formula("privacy/gaussian-hockey-stick")
    r_param = hs.params[1]
    delta_param = positive("delta", "target")
    return hs, Formula(
        "test/hs-epsilon",
        sp.Function("eps_of")(r_param.symbol, delta_param.symbol),
        [r_param, delta_param],
        SRC,
        inverse=Inverse(hs, solve_for="eps", target="delta"),
    )


def _independent_root(r: str, delta: str) -> mpmath.mpf:
    """ε with E_{e^ε} = δ at 220 digits (no package code): a doubling bracket and 40 bisection
    steps, then mpmath's Illinois solver on log E − log δ inside that bracket; the root is
    accepted only if E is above δ just below it and below δ just above it (relative 1e-212),
    which is what 760 bisection steps would have given, at a 20th of the erfc calls."""
    with mpmath.workdps(220):
        rr = mpmath.mpf(parse_exact(r).p) / parse_exact(r).q
        dd = mpmath.mpf(parse_exact(delta).p) / parse_exact(delta).q
        q = lambda x: mpmath.erfc(x / mpmath.sqrt(2)) / 2  # noqa: E731
        g = lambda e: q(e / rr - rr / 2) - mpmath.exp(e) * q(e / rr + rr / 2)  # noqa: E731
        lo, hi = mpmath.mpf(0), mpmath.mpf(1)
        while g(hi) > dd:
            hi *= 2
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if g(mid) > dd else (lo, mid)
        root = mpmath.findroot(lambda e: mpmath.log(g(e)) - mpmath.log(dd), (lo, hi), solver="illinois")
        step = root * mpmath.mpf(10) ** -212
        assert lo <= root <= hi and g(root - step) > dd > g(root + step)
        return root


@pytest.mark.parametrize("r,delta", [("37", "1e-5"), ("10", "1e-5"), ("1", "1e-200"), ("3.1", "1/7")])
def test_inverse_bracket_is_certified_on_both_sides(r, delta):
    hs, inv = _hs_inverse()
    prec = bits_for_digits(40)
    enc = certify_inverse(inv, prec, r=r, delta=delta)
    target = parse_exact(delta)
    assert endpoints(enc.forward_lo)[0] > target >= endpoints(enc.forward_hi)[1]
    assert enc.lo < enc.hi and (enc.hi - enc.lo) <= enc.hi / 2**prec
    root = _independent_root(r, delta)
    slack = exact(root) / 10**200
    assert enc.lo - slack <= exact(root) <= enc.hi + slack
    assert_encloses(inv.certify(prec=prec, r=r, delta=delta), root, prec, "ball of the bracket")


def test_inverse_at_the_lower_end_is_exact():
    # δ(0) = 1 − 2Q(r/2) ≈ 0.04 for r = 1/10 ≤ 1/2: the smallest ε ≥ 0 is 0 itself.
    _, inv = _hs_inverse()
    enc = certify_inverse(inv, 100, r="1/10", delta="1/2")
    assert enc.lo == enc.hi == 0
    assert endpoints(enc.forward_lo)[1] <= Fraction(1, 2)


def test_registered_gdp_formulas_if_present():
    reg = load_registry()
    ids = {f.id for f in reg.formulas()}
    if not {"privacy/gdp-delta", "privacy/gdp-epsilon"} <= ids:
        pytest.skip("privacy/gdp-delta and gdp-epsilon are not registered in this tree yet")
    prec = bits_for_digits(40)
    gd, ge = reg.formula("privacy/gdp-delta"), reg.formula("privacy/gdp-epsilon")
    assert_encloses(gd.certify(prec=prec, mu="3.1", eps="2.2"), reference(gd, mu="3.1", eps="2.2"), prec, "gdp-delta")
    assert_encloses(gd.certify(prec=prec, mu="37", eps="841"), reference(gd, mu="37", eps="841"), prec, "gdp-delta")
    for mu, delta in (("37", "1e-5"), ("1", "1e-200")):
        root = _independent_root(mu, delta)
        assert_encloses(ge.certify(prec=prec, mu=mu, delta=delta), root, prec, f"gdp-epsilon mu={mu}")


# ---------------------------------------------------------------------------
# The translation itself.
x_param, n_param = positive("x", "a positive real"), natural("n", "a count")
x, n = x_param.symbol, n_param.symbol
j = sp.Symbol("j", integer=True)


@pytest.mark.parametrize("n_value", ["0", "1", "5", "1999", "2001", "1000000000"])
def test_sums_with_symbolic_bounds_direct_and_closed_form(n_value):
    # Σ_{j=0}^{n-1} x^j: added term by term up to 2000 terms, through the closed form beyond.
    f = Formula("test/geometric", sp.Sum(x**j, (j, 0, n - 1)), [x_param, n_param], SRC)
    for xv in ("1", "0.999", "1.001"):
        ref_f = Formula(
            "test/geometric-closed",
            sp.Piecewise((n, sp.Eq(x, 1)), ((1 - x**n) / (1 - x), True)),
            [x_param, n_param],
            SRC,
        )
        assert_encloses(f.certify(prec=80, x=xv, n=n_value), reference(ref_f, x=xv, n=n_value), 80, f"x={xv}")


def test_piecewise_inside_a_sum_decided_on_the_exact_index():
    f = Formula("test/pw-sum", sp.Sum(sp.Piecewise((x, sp.Eq(j, 2)), (1, True)), (j, 1, n)), [x_param, n_param], SRC)
    ball = f.certify(prec=60, x="1/3", n="4")  # 1 + x + 1 + 1, summed exactly, then rounded once
    lo, hi = endpoints(ball)
    assert lo <= Fraction(10, 3) <= hi and hi - lo < Fraction(1, 2**80)


def test_min_max_abs_and_functions():
    y_param = real("y", "a real")
    y = y_param.symbol
    expr = (
        sp.Max(sp.exp(y), x)
        + sp.Min(log1p(x), sp.Abs(y))
        + sp.erf(y) * sp.sqrt(x)
        + expm1(y) * sp.erfc(x)
        - sp.Max(x, 2, y)
    )
    f = Formula("test/mix", expr, [x_param, y_param], SRC)
    for xv, yv in (("2", "-3"), ("1e-9", "0.5"), ("7/3", "1/7")):
        assert_encloses(f.certify(prec=90, x=xv, y=yv), reference(f, x=xv, y=yv), 90, f"{xv},{yv}")


def test_unsupported_pieces_are_refused_plainly():
    f = Formula("test/bessel", sp.besselj(0, x), [x_param], SRC)
    with pytest.raises(NotCertifiable, match="besselj"):
        f.certify(prec=60, x="1")
    g = Formula("test/float", sp.Float("0.1") * x, [x_param], SRC)
    with pytest.raises(NotCertifiable, match="floating-point"):
        g.certify(prec=60, x="1")
    h = Formula("test/custom", sp.Function("opt")(x), [x_param], SRC, evaluator=lambda values, dps: mpmath.mpf(1))
    with pytest.raises(NotCertifiable, match="custom algorithm"):
        h.certify(prec=60, x="1")


def test_cancellation_to_zero_is_not_reported_as_a_value():
    # log(x) − log(x) is 0, but the balls never shrink to an exact 0: refuse, don't invent.
    f = Formula("test/zero", sp.Add(sp.log(x), -sp.log(x), evaluate=False), [x_param], SRC)
    with pytest.raises(PrecisionNotReached):
        f.certify(prec=30, x="3")


def test_hypotheses_are_checked_before_certifying():
    theta = load_registry().formula("kong-ribero/theta")
    with pytest.raises(HypothesisError):
        theta.certify(prec=60, L="-1", s="3")
    with pytest.raises(ValueError):
        theta.certify(prec=60, L=1.5, s="3")  # floats are refused, as in evaluate


def test_missing_python_flint_is_a_clear_error(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "flint", None)
    monkeypatch.setattr(arb_module, "_FLINT", None)
    # without python-flint no program could have been compiled: forget those of earlier tests
    from symbolic.certify import compiled

    monkeypatch.setattr(compiled, "_PROGRAMS", type(compiled._PROGRAMS)())
    theta = load_registry().formula("kong-ribero/theta")
    with pytest.raises(FlintUnavailable, match="certify"):
        theta.certify(prec=60, L="2", s="3")


# ---------------------------------------------------------------------------
# Printing the endpoints.
@settings(max_examples=200, deadline=None)
@given(
    num=st.integers(-(10**30), 10**30),
    den=st.integers(1, 10**30),
    digits=st.integers(1, 30),
    scale=st.integers(-250, 250),
)
def test_directed_decimals_round_outwards(num, den, digits, scale):
    value = Fraction(num, den) * Fraction(10) ** scale
    down, up = (parse_exact(directed_decimal(value, digits, upward=u)) for u in (False, True))
    assert down <= value <= up
    if value != 0:
        assert (up - down) <= abs(value) * Fraction(2, 10 ** (digits - 1))


def test_interval_strings_enclose_the_ball():
    theta = load_registry().formula("kong-ribero/theta")
    ball = theta.certify(prec=150, L="1.000000001", s="1000000000000")
    lo_s, hi_s = interval_strings(ball, 48)
    lo, hi = endpoints(ball)
    assert parse_exact(lo_s) <= lo and hi <= parse_exact(hi_s)


# ---------------------------------------------------------------------------
# The command line (the acceptance commands).
DONE_WHEN = [
    ("kong-ribero/theta", {"L": "1.000000001", "s": "1000000000000"}),
    ("privacy/gdp-delta", {"mu": "3.1", "eps": "2.2"}),
    ("privacy/gaussian-hockey-stick", {"r": "3.1", "eps": "2.2"}),
    ("privacy/gdp-epsilon", {"mu": "37", "delta": "1e-5"}),
]


@pytest.mark.parametrize("fid,params", DONE_WHEN, ids=[d[0] for d in DONE_WHEN])
def test_cli_certify_json_interval_contains_reference_and_is_narrow(fid, params, capsys):
    import json

    from symbolic.cli import main

    reg = load_registry()
    if fid not in {f.id for f in reg.formulas()}:
        pytest.skip(f"{fid} is not registered in this tree yet")
    args = ["eval", fid, *(f"{k}={v}" for k, v in params.items()), "--dps", "40", "--certify", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"id", "params", "dps", "value", "interval", "enclosure", "path"}
    assert out["enclosure"] is True  # the printed value itself came from an Arb ball
    lo, hi = (parse_exact(v) for v in out["interval"])
    formula = reg.formula(fid)
    if formula.inverse is not None:
        ref = exact(_independent_root(params["mu"], params["delta"]))
    else:
        ref = exact(reference(formula, **params))
    slack = abs(ref) / 10**199
    assert lo - slack <= ref <= hi + slack
    assert (hi - lo) < abs(ref) * Fraction(1, 10**20)


def test_cli_certify_refuses_plainly(capsys):
    from symbolic.cli import main

    assert main(["eval", "kong-ribero/theta", "L=-1", "s=3", "--certify"]) == 2
    assert "hypothesis" in capsys.readouterr().err


def test_round_ball_shortcut_is_the_common_rounding_of_both_ends():
    # digits._narrow_rounding (one divmod on the midpoint) must give what rounding each end
    # gives, or decline; near ties, wide radii and 9…9 carries included
    import random

    from symbolic.certify.digits import _narrow_rounding
    from symbolic.evaluate.settle import round_integer

    rng = random.Random(12)
    answered = 0
    for _ in range(30000):
        dps = rng.randint(1, 40)
        length = dps + rng.randint(0, 14)
        m = rng.randint(10 ** (length - 1), 10**length - 1)
        cut = length - dps
        if cut > 0 and rng.random() < 0.4:  # near a rounding boundary, or a carry
            base = m // 10**cut * 10**cut
            m = base + rng.choice([5 * 10 ** (cut - 1), 10**cut - 1, 0]) + rng.randint(-3, 3)
        m *= rng.choice([1, -1])
        r = rng.choice([0, 1, 2, 3, rng.randint(0, 10 ** rng.randint(0, 16))])
        if m == 0:
            continue
        got = _narrow_rounding(m, r, dps)
        if got is None:
            continue
        answered += 1
        a, b = round_integer(m - r, 0, dps), round_integer(m + r, 0, dps)
        assert a == b == got, (m, r, dps, got, a, b)
    assert answered > 10000


def _ends_rounding(ball, dps):
    """The ``dps``-digit roundings (half to even) of a ball's exact ends mid ∓ rad, in integers
    (``ball.lower()`` would round the end to the working precision)."""
    from symbolic.evaluate.settle import round_integer

    (m, e), (r, f) = ((int(v) for v in part.man_exp()) for part in (ball.mid(), ball.rad()))
    low = min(e, f)  # both ends as integers times 2^low
    m, r = m << (e - low), r << (f - low)
    return tuple(
        round_integer(end << low, 0, dps) if low >= 0 else round_integer(end * 5**-low, low, dps)
        for end in (m - r, m + r)
    )


def test_rounding_at_working_precision_is_every_points_rounding():
    # digits.round_at_working_precision decides in Arb (a multiplication by 10^k and a floor) what
    # round_ball decides from the decimal midpoint and radius: where it answers, both ends of the
    # ball — hence, rounding being monotone, every point — round to its answer, and round_ball (when
    # it answers) gives the same.  Balls near ties, near powers of ten (9…95, 10…0), exact ties,
    # exact balls, negative values, midpoints beyond a double's range, wide radii, many digits.
    import random

    from symbolic.certify import bits_for_digits
    from symbolic.certify.arb import flint
    from symbolic.certify.digits import round_at_working_precision, round_ball

    f = flint()
    rng = random.Random(17)
    answered = both = declined_where_round_ball_answers = 0
    old = f.ctx.prec
    try:
        for _ in range(12000):
            dps = rng.randint(1, 70)
            length = dps + rng.randint(0, 12)
            m = rng.randint(10 ** (length - 1), 10**length - 1)
            shape = rng.random()
            cut = length - dps
            if cut > 0 and shape < 0.3:  # a tie, a carry, a boundary, give or take a unit
                m = m // 10**cut * 10**cut + rng.choice([5 * 10 ** (cut - 1), 10**cut - 1, 0]) + rng.randint(-2, 2)
            elif shape < 0.4:  # around a power of ten
                m = 10**length + rng.randint(-3, 3) * rng.choice([1, 10**cut])
            e = rng.choice([rng.randint(-40, 40), rng.randint(-340, -290), rng.randint(280, 330)])
            value = f.fmpq(m * 10**e, 1) if e >= 0 else f.fmpq(m, 10**-e)
            # the Arb path's first precision (digits._FIRST_BITS), more, or too little to decide
            usual = bits_for_digits(dps) + 24
            f.ctx.prec = rng.choice([usual, usual, usual + 40, usual + 300, max(usual - 30, 30)])
            ball = f.arb(value * rng.choice([1, -1]))
            radius = rng.choice([0, 0, 1, rng.randint(1, 10**6)])
            if radius:
                ball += f.arb(0, f.fmpq(radius, 10 ** max(length - e - rng.randint(-1, 6), 0)))
            got = round_at_working_precision(ball, dps)
            exact = round_ball(ball, dps)
            if got is None:
                if exact is not None and 1e-290 < abs(float(ball)) < 1e290 and dps <= 63 and f.ctx.prec >= usual:
                    declined_where_round_ball_answers += 1
                continue
            answered += 1
            lo, hi = _ends_rounding(ball, dps)
            assert lo == hi == got, (ball, dps, got, lo, hi)
            if exact is not None:
                both += 1
                assert exact == got, (ball, dps, got, exact)
    finally:
        f.ctx.prec = old
    assert answered > 4000 and both > 3000, (answered, both)
    # it declines only at its edge cases (a guessed exponent off by one, 10^(dps−1) itself)
    assert declined_where_round_ball_answers < answered // 20, (declined_where_round_ball_answers, answered)


def test_first_precision_shortcut_gives_the_full_paths_digits():
    # digits._first_precision (one run at the loop's first precision, no accuracy test) must give
    # the digits certified_value gives, on every registered closed form at its sample points
    from symbolic import registry
    from symbolic.certify.digits import _BITS, _first_precision, certified_value
    from symbolic.certify.translate import translatable
    from symbolic.errors import SymbolicError
    from symbolic.sampling import sample_points

    checked = 0
    for f in registry().formulas():
        if f.evaluator is not None or f.inverse is not None or not translatable(f.evaluation_expr):
            continue
        plain_to_param = {sp.Symbol(p.name): p.symbol for p in f.params}
        where = [h.relation.xreplace(plain_to_param) for h in f.hypotheses]
        for point in sample_points(f.symbols, where=where, n=4, seed=2):
            try:
                exact = f.check(**{k.name: v for k, v in point.items()})
            except SymbolicError:
                continue
            for dps in (5, 30):
                fast = _first_precision(f, exact, dps)
                if fast is None:
                    continue
                try:
                    digits, _ = certified_value(f, exact, dps, _BITS[dps])
                except SymbolicError:
                    raise AssertionError(
                        f"{f.id} at {exact}: the shortcut answered where the full path refuses"
                    ) from None
                assert fast.digits == digits and fast.enclosure and fast.path == "arb", (f.id, exact, dps)
                checked += 1
    assert checked > 100


def test_round_ball_is_the_common_rounding_of_both_ends():
    # digits.round_ball rounds both ends at one scale; it must agree with rounding each end
    import random

    from symbolic.certify.digits import _common_rounding
    from symbolic.evaluate.settle import round_integer

    rng = random.Random(11)
    for _ in range(20000):
        dps = rng.randint(1, 40)
        m = rng.randint(0, 10 ** rng.randint(1, 55)) * rng.choice([1, -1])
        if rng.random() < 0.3:  # near a tie of the dps-digit rounding
            cut = max(len(str(abs(m))) - dps, 1)
            m = (abs(m) // 10**cut * 10**cut + 5 * 10 ** (cut - 1)) * (1 if m >= 0 else -1) + rng.randint(-3, 3)
        r = rng.choice([0, 1, 2, rng.randint(0, 10 ** rng.randint(0, 30))])
        lo, hi = m - r, m + r
        if lo < 0 < hi:
            continue
        e = rng.randint(-50, 50)
        a, b = round_integer(lo, e, dps), round_integer(hi, e, dps)
        assert _common_rounding(lo, hi, e, dps) == (a if a == b else None), (lo, hi, e, dps)


def test_first_precision_shortcut_lets_a_time_budget_through(monkeypatch):
    # the shortcut retries on the full path whatever its program raises — except a time budget,
    # which must reach the caller (a watchdog interrupts once)
    from symbolic import registry
    from symbolic.budget import BudgetExceeded
    from symbolic.certify import compiled
    from symbolic.certify.digits import _first_precision
    from symbolic.deadline import PhaseTimeout

    f = registry().formula("kong-ribero/theta")
    exact = f.check(L="1.37", s="9")
    program = compiled.program_for(f, f.evaluation_expr)
    entry_globals = program.entry.__globals__
    for error in (BudgetExceeded("kong-ribero/theta: stopped"), PhaseTimeout(), ZeroDivisionError()):

        def interrupted(*args, error=error):
            raise error

        with monkeypatch.context() as patch:  # θ's body converts log1p's argument with _arb
            patch.setitem(entry_globals, "_arb", interrupted)
            if isinstance(error, ZeroDivisionError):
                assert _first_precision(f, exact, 30) is None  # the full path decides
            else:
                with pytest.raises(type(error)):
                    _first_precision(f, exact, 30)
    assert _first_precision(f, exact, 30).digits == f.evaluation_at(exact, 30).digits
