"""privacy/sgm-epsilon: certified ε of T Poisson-subsampled Gaussian steps by RDP accounting.

Independent references: the moments A_α written from MTZ 2019 §3 with mpmath (binomial sums for
integer α, mpmath.quad of the defining integral with the densities written out for fractional α),
the conversions written out by hand from Balle et al. Thm 21 / Mironov Prop. 3, and a 52-digit
value of the continuous optimum computed by the package's previous, independent mpmath
implementation (tanh-sinh quadrature + secant on dε/dα, `sgm_epsilon(..., "balle", dps=52)` at
commit 2851cbd).
"""

import mpmath
import pytest
from flint import arb, ctx

from symbolic import HypothesisError
from symbolic.certify import bits_for_digits
from symbolic.errors import InputError
from derivations.privacy.rdp_conversion import rdp_linear_epsilon
from derivations.privacy.sgm import sgm_epsilon
from derivations.privacy.sgm_accounting import sgm_epsilon_formula as F

#: ε_balle at q = 0.01, σ = 1, T = 1000, δ = 1e-5 over continuous α (previous mpmath implementation, 52 digits)
REFERENCE_52 = "2.10132213123462632117877326966487561544511564042553"
DP_SGD = {"q": "0.01", "sigma": "1", "steps": 1000, "delta": "1e-5"}


def log_moment(q, s, a):
    """log A_α from MTZ §3 (50 digits): binomial sum for integer α, quadrature otherwise."""
    with mpmath.workdps(50):
        q, s, a = mpmath.mpf(q), mpmath.mpf(s), mpmath.mpf(a)
        if a == int(a):
            n = int(a)
            return mpmath.log(
                mpmath.fsum(
                    mpmath.binomial(n, k) * (1 - q) ** (n - k) * q**k * mpmath.exp((k * k - k) / (2 * s * s))
                    for k in range(n + 1)
                )
            )

        def f(t):
            mix = (1 - q) * mpmath.npdf(t, 0, s) + q * mpmath.npdf(t, 1, s)
            return mix**a * mpmath.npdf(t, 0, s) ** (1 - a)

        return mpmath.log(mpmath.quad(f, [-mpmath.inf, -40 * s, 0, a, a + 40 * s, mpmath.inf]))


def balle(alpha, rdp, delta):
    a = mpmath.mpf(alpha)
    return rdp + mpmath.log((a - 1) / a) - (mpmath.log(delta) + mpmath.log(a)) / (a - 1)


def lo_hi(ball):
    """Exact ends of the ball as 60-digit mpf (lower rounded down, upper up, at 300 bits)."""
    old, ctx.prec = ctx.prec, 300
    try:
        with mpmath.workdps(60):
            lo = mpmath.mpf(ball.lower().mid().man_exp()[0].__int__()) * 2 ** int(ball.lower().mid().man_exp()[1])
            hi = mpmath.mpf(ball.upper().mid().man_exp()[0].__int__()) * 2 ** int(ball.upper().mid().man_exp()[1])
            return lo, hi
    finally:
        ctx.prec = old


def reference_ball():
    old, ctx.prec = ctx.prec, 300
    try:
        return arb(REFERENCE_52)
    finally:
        ctx.prec = old


def test_dp_sgd_point_encloses_the_reference_at_20_digits():
    ball = F.certify(bits_for_digits(20), method="balle", **DP_SGD)
    assert ball.rel_accuracy_bits() >= bits_for_digits(20)
    assert ball.contains(reference_ball())
    # 'best' = asoodeh ≤ balle; at this point the Balle piece is the minimum
    best = F.certify(bits_for_digits(20), **DP_SGD)
    assert lo_hi(best)[1] <= lo_hi(ball)[1]


def test_lower_end_is_below_every_order():
    """The certified lower end is a lower bound of ε_balle(α) at every α (integer and fractional)."""
    ball = F.certify(80, method="balle", **DP_SGD)
    lo, hi = lo_hi(ball)
    with mpmath.workdps(40):
        for a in (2, 5, 7, 8, 9, 20, "7.5", "7.78", "7.79", "8.25"):
            value = balle(a, 1000 * log_moment("0.01", "1", a) / (mpmath.mpf(a) - 1), mpmath.mpf("1e-5"))
            assert lo <= value, a
        assert hi - lo <= hi * mpmath.mpf(2) ** -78


def test_gaussian_mechanism_q1_is_the_linear_curve():
    """q = 1: r(α) = α/(2σ²), so T steps are the linear curve ρα with ρ = T/(2σ²)."""
    for method in ("balle", "mironov", "best"):
        ball = F.certify(100, q="1", sigma="3", steps=5, delta="1e-5", method=method)
        ref = rdp_linear_epsilon.evaluate(dps=30, rho="5/18", delta="1e-5", method=method)
        lo, hi = lo_hi(ball)
        with mpmath.workdps(40):
            assert lo - mpmath.mpf(10) ** -27 <= ref <= hi + mpmath.mpf(10) ** -27, method


def test_q0_is_zero_and_wrapper_agrees():
    assert F.evaluate(dps=20, q="0", sigma="1", steps=10, delta="1e-5") == 0
    v = sgm_epsilon("0.01", "1", 1000, "1e-5", "balle", dps=25)
    with mpmath.workdps(30):
        assert abs(v - mpmath.mpf(REFERENCE_52)) <= mpmath.mpf(10) ** -24


def test_mironov_above_balle():
    m = F.certify(60, method="mironov", q="0.1", sigma="2", steps=100, delta="1e-6")
    b = F.certify(60, method="balle", q="0.1", sigma="2", steps=100, delta="1e-6")
    assert lo_hi(b)[1] < lo_hi(m)[0]


@pytest.mark.parametrize(
    "params,text",
    [
        ({"steps": 0}, "steps > 0"),
        ({"steps": "1.5"}, "steps is an integer"),
        ({"delta": "1"}, "0 < δ < 1"),
        ({"q": "1.5"}, "0 ≤ q ≤ 1"),
        ({"sigma": "0"}, "sigma > 0"),
        ({"method": "fastest"}, "method"),
    ],
)
def test_bad_input(params, text):
    with pytest.raises((HypothesisError, InputError), match=text):
        F.evaluate(dps=10, **{**DP_SGD, **params})
    with pytest.raises((HypothesisError, InputError), match=text):
        F.certify(40, **{**DP_SGD, **params})


#: Issue #17 points where α* is large (≈ 48 and ≈ 37) and the objective flat around it; before the mean-value box
#: bound the branch-and-bound ran out of boxes there and evaluate fell back to mpmath (~92 s).  Values: the
#: independent reference of tests/symbolic/printed_digit_references/privacy.py (`sgm_epsilon`, 120 digits) for
#: the first; the package's mpmath path (``sgm_mpmath``, 30 digits, printed in the issue) for the second.
LARGE_ALPHA_POINTS = [
    (
        {"q": "0.01", "sigma": "4", "steps": 1000, "delta": "1e-5", "method": "balle"},
        "0.3011593474158545182146793449421684911704",
    ),
    (
        {"q": "0.2", "sigma": "10", "steps": 50, "delta": "1e-8", "method": "best"},
        "0.778311723560982983274440633104",
    ),
]


@pytest.mark.parametrize("point,digits", LARGE_ALPHA_POINTS)
def test_large_alpha_points_take_the_certified_path(point, digits):
    e = F.evaluation(dps=30, **point)
    assert e.enclosure  # the Arb ball reached the precision; no mpmath fallback
    with mpmath.workdps(60):
        ref = mpmath.mpf(digits)
        assert abs(mpmath.mpf(e.value) - ref) <= ref * mpmath.mpf(10) ** -29
    ball = F.certify(bits_for_digits(25), **point)
    assert ball.rel_accuracy_bits() >= bits_for_digits(25)
    old, ctx.prec = ctx.prec, 300
    try:  # the reference (≥ 30 correct digits) lies in the certified ball
        assert ball.overlaps(arb(digits) + arb(0, 1e-29))
    finally:
        ctx.prec = old


def test_the_mpmath_fallback_refuses_an_optimal_order_beyond_its_search():
    """q = 1e-4, σ = 20, T = 1e4, δ = 1e-5 (issue #17): ε ≈ 0.0025 at α ≈ 7400, but the fallback searches integer
    orders up to 256 only, where Mironov's bound is still decreasing; it printed 0.0451807693857183 (the bound at
    α = 256, valid but not ε).  It must refuse instead."""
    from derivations.privacy.sgm_mpmath import MAX_INTEGER_ORDER, mpmath_epsilon
    from symbolic.errors import EvaluationError

    values = F.check(q="1e-4", sigma="20", steps="10000", delta="1e-5", method="mironov")
    with pytest.raises(EvaluationError, match=f"still decreases at α = {MAX_INTEGER_ORDER}"):
        mpmath_epsilon(values, 30)


#: q = 1e-4, σ = 20, T = 1e4, δ = 1e-5 (issue #17): the optimal orders lie far beyond the scan's unit grid (it steps
#: by ×1.25 past 64) — Mironov's at α* ≈ 7367.15, one unit below where the RDP curve leaves its small-q regime (the
#: bound jumps from 0.0025 to 0.22 between α = 7367 and 7369), Balle's at α* ≈ 4903.32 in a flat basin.  Before, the
#: certified path failed after ~130 s (ball [0.002 +/- 5.4e-4]) and the mpmath fallback printed a wrong 0.0452 (later
#: refused).  References (α*, ε): independent mpmath at 45 digits — A_α by tanh-sinh quadrature of MTZ §3's integral
#: with the densities written out (break points at 0 and around the second peak z ≈ α), the root of the bound's
#: α-derivative (quadrature of A'_α) by Illinois regula falsi; the quadrature agrees with the binomial sum at
#: α = 7367 and 4903 to 30 digits.  The test recomputes the bound at the reference α* to check the constant.
SMALL_Q_POINT = {"q": "1e-4", "sigma": "20", "steps": "10000", "delta": "1e-5"}
SMALL_Q_REFERENCES = [
    ("mironov", "7367.151714004584748915803", "0.002486710585095739838575526562125961385143"),
    ("balle", "4903.32081763031059933402", "0.001025539715790123876965517862581262788591"),
]


def _small_q_bound(method, alpha):
    """The method's bound at α for the point above (mpmath quadrature of A_α, 30 digits)."""
    with mpmath.workdps(30):
        q, s, a = mpmath.mpf("1e-4"), mpmath.mpf(20), mpmath.mpf(alpha)

        def f(z):
            mu0, mu1 = mpmath.npdf(z, 0, s), mpmath.npdf(z, 1, s)
            return mu0 * ((1 - q) + q * mu1 / mu0) ** a

        A = mpmath.quad(f, [-mpmath.inf, -60 * s, 0, a - 60 * s, a - 10 * s, a, a + 10 * s, a + 60 * s, mpmath.inf])
        r = 10000 * mpmath.log(A) / (a - 1)
        d = mpmath.mpf("1e-5")
        if method == "mironov":
            return r + mpmath.log(1 / d) / (a - 1)
        return balle(a, r, d)


@pytest.mark.parametrize("method,alpha,eps", SMALL_Q_REFERENCES)
def test_optimum_beyond_the_unit_grid_is_certified(method, alpha, eps):
    with mpmath.workdps(30):
        assert abs(_small_q_bound(method, alpha) - mpmath.mpf(eps)) <= mpmath.mpf(eps) * mpmath.mpf(10) ** -27
    e = F.evaluation(dps=20, method=method, **SMALL_Q_POINT)
    assert e.enclosure  # certified, no mpmath fallback
    with mpmath.workdps(40):
        ref = mpmath.mpf(eps)
        assert abs(mpmath.mpf(e.value) - ref) <= ref * mpmath.mpf(10) ** -19
    old, ctx.prec = ctx.prec, 300
    try:
        assert e.ball.contains(arb(eps))
    finally:
        ctx.prec = old


def test_box_bound_next_to_one_does_not_raise():
    """A box whose left end 1 + 2^-60 is a ball containing 1 at the search precision (the α → 1 end is shrunk that far
    when the RDP curve is ~0: fuzz case q = 3e-60, σ = 964/530, T = 1, δ = 1e-100, asoodeh): the mean-value form's
    series division by α − 1 raised ValueError from python-flint (an internal error); the plain bound stands."""
    import sympy as sp

    from derivations.privacy import sgm_accounting as S

    pb = S._Problem(S._Moments(sp.Rational(1, 100), sp.Integer(1)), 1000, sp.Rational(1, 10**5), "best", 49)
    old, ctx.prec = ctx.prec, 49
    try:
        a = arb(1) + arb(2) ** -60
        assert not a.is_exact() and a.contains(1)
        for bound in ("mironov", "balle", "asoodeh-f"):
            v = pb.box_lower(bound, a, arb(1) + arb(2) ** -4)
            assert not v.is_finite() or v <= pb.box_lower(bound, arb(1) + arb(2) ** -8, arb(1) + arb(2) ** -4)
    finally:
        ctx.prec = old


def test_tiny_sampling_rate_is_refused_at_once_with_the_reason():
    """q = 3e-60, σ = 1, T = 1000, δ = 1e-5 (issue #17): A_2 − 1 = q²(e − 1) ≈ 1.6e-119, so every moment rounds to 1
    at the certified search's precision and ε (≈ T·KL/δ ≈ 7.7e-112, the Asoodeh f-bound flat in α) cannot be
    enclosed by the branch-and-bound; it spent 23 CPU s on a ball [0, 1e-61] and the fallback 30 s more before
    refusing for another reason.  Now both refuse at once, and the message names both limits.  Balle's method is
    not refused by that check (its optimum lies where the RDP curve is resolved)."""
    import time

    import sympy as sp

    from derivations.privacy import sgm_accounting as S
    from symbolic.certify.errors import PrecisionNotReached
    from symbolic.errors import EvaluationError

    start = time.process_time()
    with pytest.raises(EvaluationError) as info:
        F.evaluate(dps=15, q="3e-60", sigma="1", steps=1000, delta="1e-5")
    assert time.process_time() - start < 10  # ~0.1 s; 50 s before
    message = str(info.value)
    assert "A_2 − 1" in message and "certified enclosure was tried first" in message and "order 2" in message
    S._refuse_unresolved_rdp(sp.Rational(3, 10**60), sp.Integer(1), 1000, sp.Rational(1, 10**5), "balle", 82)
    with pytest.raises(PrecisionNotReached):
        S._refuse_unresolved_rdp(sp.Rational(3, 10**60), sp.Integer(1), 1000, sp.Rational(1, 10**5), "asoodeh", 82)


def test_the_mpmath_fallback_refuses_when_its_secant_leaves_the_bracket():
    """q = 1e-5, σ = 1, T = 1000, δ = 1e-5, best: the f-bound's infimum lies between the orders 21 and 22, just
    before the RDP curve leaves its small-q regime (the bound is 0.0079412 at 22 and 0.16 at 23).  The fallback's
    secant jumped to α ≈ 74.6 and, failing, returned the bound at α = 21 (0.0079321…, an upper bound, not ε),
    on which two precisions agreed after ~1 CPU minute.  It now refuses as soon as a step leaves (20, 22)."""
    from derivations.privacy.sgm_mpmath import mpmath_epsilon
    from symbolic.errors import EvaluationError

    values = F.check(q="1e-5", sigma="1", steps="1000", delta="1e-5", method="best")
    with pytest.raises(EvaluationError, match="secant on dε/dα for the asoodeh-f bound left"):
        with mpmath.workdps(30):
            mpmath_epsilon(values, 15)


#: q = 3e-60, σ = 1, T = 1000, δ = 1e-5 (issue #17): ε of Balle's and Mironov's conversions, at α* ≈ 274.999 and
#: 275.004, where the RDP curve leaves its small-q regime (A_α − 1 ≈ q^α e^{α(α−1)/2} grows by e^137 per unit of α:
#: the bound exceeds 10^4·ε at α = 276).  References: tests/symbolic/printed_digit_references/privacy.py's
#: independent ``sgm_epsilon`` (MTZ §3's integral by mpmath quadrature, the optimum by Illinois then secant) at 40
#: digits.  Before, every interval I around α₀ of the second-order local bound was skipped (the heuristic read the
#: objective at the integer order past I, 276), the branch-and-bound alone stopped at 40 bits at each of three
#: precisions, and the mpmath fallback refused (α* > 256): ~20 CPU s for a refusal.
TINY_Q_POINT = {"q": "3e-60", "sigma": "1", "steps": "1000", "delta": "1e-5"}
TINY_Q_REFERENCES = [
    ("balle", 275, "0.017876468336588365738654096330877007"),
    ("mironov", 275, "0.042018494933981310318541521558708851"),
]


@pytest.mark.parametrize("method,order,eps", TINY_Q_REFERENCES)
def test_optimum_where_the_rdp_curve_turns_steep_is_certified(method, order, eps):
    with mpmath.workdps(50):  # the reference is an infimum: below the bound at the nearest integer order
        r = 1000 * log_moment("3e-60", 1, order) / (order - 1)
        d = mpmath.mpf("1e-5")
        at_order = balle(order, r, d) if method == "balle" else r + mpmath.log(1 / d) / (order - 1)
        assert mpmath.mpf(eps) < at_order < mpmath.mpf(eps) * (1 + mpmath.mpf(10) ** -3)
    e = F.evaluation(dps=12, method=method, **TINY_Q_POINT)
    assert e.enclosure  # certified, no mpmath fallback
    with mpmath.workdps(40):
        assert abs(mpmath.mpf(e.value) - mpmath.mpf(eps)) <= mpmath.mpf(eps) * mpmath.mpf(10) ** -11
    old, ctx.prec = ctx.prec, 300
    try:
        assert e.ball.contains(arb(eps))
    finally:
        ctx.prec = old


def test_search_reaches_a_steep_optimum_in_few_slopes():
    """The search's regula falsi on [274, 276] at q = 3e-60 (Balle, α* ≈ 274.99902430089179): the slope is ≈ −8e-5
    left of α* and exponential right of it, and plain Illinois crept towards α* from the flat side (61 slopes,
    ~30 ms each at the working precision); a bisection step whenever two steps do not halve the bracket: 16."""
    import sympy as sp

    from derivations.privacy import sgm_accounting as S

    pb = S._Problem(S._Moments(sp.Rational(3, 10**60), sp.Integer(1)), 1000, sp.Rational(1, 10**5), "balle", 48)
    calls = []
    slope = pb.slope
    pb.slope = lambda bound, alpha: calls.append(alpha) or slope(bound, alpha)
    old, ctx.prec = ctx.prec, 48
    try:
        n_best, values = pb.integer_scan("balle", "all")
        a0 = pb.search("balle", "all", n_best, values)
        assert abs(a0 - arb("274.99902430089179")) < arb(2) ** -30 * 275
    finally:
        ctx.prec = old
    assert len(calls) <= 30


def test_an_optimal_order_beyond_the_integer_scan_is_refused_with_the_reason():
    """q = 7e-9, σ = 2500, T = 1e6, δ = 7e-60 (fuzz seed 22): the RDP is ~4e-24·α per step, so Mironov's optimal
    order is ~1e9, beyond the integer scan's limit 2^20, where it stopped still decreasing at α = 928143.  Before,
    the search, local bound and branch-and-bound spent ~50 CPU s per precision on a ball [± 8e-5] and the budget
    ended the evaluation; now the certified path refuses at the scan, naming the bound and the order."""
    import sympy as sp

    from derivations.privacy import sgm_accounting as S
    from symbolic.budget import time_budget
    from symbolic.certify.errors import PrecisionNotReached

    point = (sp.Rational(7, 10**9), sp.Integer(2500), 10**6, sp.Rational(7, 10**60))
    with time_budget(60, "sgm-epsilon at q = 7e-9"):  # a hang guard (the old code ran for minutes)
        with pytest.raises(PrecisionNotReached, match=r"mironov bound still decreases at α = 928143.*limit is 2\^20"):
            S.sgm_epsilon_ball(*point, "mironov", 58)


@pytest.mark.parametrize("q,sigma", [("7/1000000000", 2500), ("1/10", 200)])
def test_large_integer_orders_by_the_integral_agree_with_the_binomial_sum(q, sigma):
    """r(n) past INTEGRAL_ORDER comes from Arb's integral of the moment (milliseconds; the binomial sum at n = 928143
    took 1.9 s): at n = 40000 its ball overlaps MTZ §3.2's binomial sum and is at least as tight."""
    import sympy as sp

    from derivations.privacy import sgm_accounting as S
    from derivations.privacy.sgm_arb import log_moment_integer

    n = 40000
    assert n > S.INTEGRAL_ORDER
    old, ctx.prec = ctx.prec, 120
    try:
        m = S._Moments(sp.Rational(q), sp.Integer(sigma))
        by_integral, by_sum = m.r_integer(n), log_moment_integer(m.q, m.sigma, n) / (n - 1)
        assert by_integral.overlaps(by_sum)
        assert by_integral.rel_accuracy_bits() >= by_sum.rel_accuracy_bits()
    finally:
        ctx.prec = old
