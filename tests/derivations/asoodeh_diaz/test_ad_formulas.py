"""Asoodeh & Diaz (2023): the five headline formulas against independent 60-digit
references written from the paper's definitions (mpmath only, no SymPy), the
Theorem 3 evaluator against its printed Σ/Π expression, the inversions' conventions,
input errors, and the erratum pairs.
"""

import mpmath
import pytest
import sympy as sp

from symbolic import HypothesisError
from symbolic.cli import main

R = sp.Rational
FIG = {"D": "3", "eta": "0.01", "C": "2", "sigma": "1", "p": "0.001"}


# --- independent references (paper's Prop. 1, Theorem 2, Appendix (22)-(23)) -------------
def ref_theta(e, r):
    """θ_e(r) = Q(e/r − r/2) − e^e Q(e/r + r/2), Q(x) = ncdf(−x)."""
    return mpmath.ncdf(-(e / r - r / 2)) - mpmath.exp(e) * mpmath.ncdf(-(e / r + r / 2))


def ref_r(D, eta, C, sigma):
    return (D + 2 * eta * C) / sigma


def ref_delta_T(e, T, p, r):
    th = ref_theta(e, r)
    a = (1 - p) * th
    return p * th * sum(a**k for k in range(T))  # Σ_{k<T} pθ a^k: Lemma 1 unrolled, not the closed form


def ref_delta_inf(e, p, r):
    th = ref_theta(e, r)
    return p * th / (1 - (1 - p) * th)


def bisect_decreasing(f, target, lo=mpmath.mpf(0), iters=400):
    """Smallest x ≥ lo with f(x) ≤ target for decreasing f (sign-only bisection: exact for tiny targets)."""
    if f(lo) <= target:
        return lo
    hi = lo + 1
    while f(hi) > target:
        hi *= 2
    for _ in range(iters):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > target else (lo, mid)
    return (lo + hi) / 2


def ref_eps_star(delta, p, r):
    tau = delta / (p + (1 - p) * delta)
    return bisect_decreasing(lambda e: ref_theta(e, r), tau)


def ref_eq_23(delta, p, r):
    """max(0, r[r/2 + Q⁻¹(τ)]) with Q⁻¹ by sign-only bisection (Φ⁻¹(1 − τ) = Q⁻¹(τ))."""
    tau = delta / (p + (1 - p) * delta)
    if tau >= mpmath.mpf(1) / 2:  # Q⁻¹(τ) = −Q⁻¹(1 − τ) ≤ 0
        z = -bisect_decreasing(lambda x: mpmath.ncdf(-x), 1 - tau)
    else:
        z = bisect_decreasing(lambda x: mpmath.ncdf(-x), tau)
    return max(mpmath.mpf(0), r * (r / 2 + z))


def ref_eps_T(delta, T, p, r):
    return bisect_decreasing(lambda e: ref_delta_T(e, T, p, r), delta)


def agree(value, reference, digits=40):
    """|value − reference| ≤ 10^−digits |reference|, decided at 80 digits (never at the default 15)."""
    with mpmath.workdps(80):
        return value == reference == 0 or abs(value - reference) <= abs(reference) * mpmath.mpf(10) ** (-digits)


POINTS = [  # (D, eta, C, sigma, p): Figures 1/3, and a noisier / larger-batch setting
    ("3", "0.01", "2", "1", "0.001"),
    ("1", "0.1", "1", "2.5", "0.2"),
]


@pytest.mark.parametrize("D,eta,C,sigma,p", POINTS)
def test_thm_2_and_limit_match_references(registry, D, eta, C, sigma, p):
    thm2 = registry.formula("asoodeh-diaz/thm-2")
    lim = registry.formula("asoodeh-diaz/thm-2-limit")
    with mpmath.workdps(60):
        r = ref_r(*(mpmath.mpf(x) for x in (D, eta, C, sigma)))
        pp = mpmath.mpf(p)
        refs = {(e, T): ref_delta_T(mpmath.mpf(e), T, pp, r) for e in ("0", "3", "7.5") for T in (1, 7, 40)}
        lims = {e: ref_delta_inf(mpmath.mpf(e), pp, r) for e in ("0", "3", "7.5")}
    for (e, T), ref in refs.items():
        assert agree(thm2.evaluate(dps=45, eps=e, T=T, p=p, D=D, eta=eta, C=C, sigma=sigma), ref)
    for e, ref in lims.items():
        assert agree(lim.evaluate(dps=45, eps=e, p=p, D=D, eta=eta, C=C, sigma=sigma), ref)


@pytest.mark.parametrize("delta", ["1e-3", "1e-10", "0.05"])
def test_eq_22_and_eq_23_match_references(registry, delta):
    vals = dict(FIG, delta=delta)
    with mpmath.workdps(60):
        r, d, p = mpmath.mpf("3.04"), mpmath.mpf(delta), mpmath.mpf("0.001")
        star, closed = ref_eps_star(d, p, r), ref_eq_23(d, p, r)
    assert agree(registry.formula("asoodeh-diaz/eq-22").evaluate(dps=45, **vals), star)
    assert agree(registry.formula("asoodeh-diaz/eq-23").evaluate(dps=45, **vals), closed)
    if delta == "0.05":  # δ ≥ δ_∞(0) = 0.0067…: no root of (22), and (23) is negative before the clamp
        assert star == 0 and closed == 0


def test_eq_23_tiny_delta(registry):
    """δ = 1e-150: the printed Φ⁻¹(1 − τ) needs 150+ digits; the inverse evaluator does not."""
    vals = dict(FIG, delta="1e-150")
    with mpmath.workdps(60):
        ref = ref_eq_23(mpmath.mpf("1e-150"), mpmath.mpf("0.001"), mpmath.mpf("3.04"))
    value = registry.formula("asoodeh-diaz/eq-23").evaluate(dps=45, **vals)
    assert agree(value, ref)
    assert mpmath.nstr(value, 12) == mpmath.nstr(ref, 12)
    # ε* ≤ (23) there too
    assert registry.formula("asoodeh-diaz/eq-22").evaluate(dps=20, **vals) < value


@pytest.mark.parametrize("T", [1, 2, 9])
def test_epsilon_T_matches_reference(registry, T):
    with mpmath.workdps(60):
        ref = ref_eps_T(mpmath.mpf("1e-3"), T, mpmath.mpf("0.001"), mpmath.mpf("3.04"))
    value = registry.formula("asoodeh-diaz/epsilon-T").evaluate(dps=45, delta="1e-3", T=T, **FIG)
    assert agree(value, ref)
    assert (value == 0) == (T == 1)  # pθ_0 = 8.7e-4 < 1e-3 at T = 1 (catalog §5.2)


def test_epsilon_T_increases_to_eq_22(registry):
    eps_T = registry.formula("asoodeh-diaz/epsilon-T")
    values = [eps_T.evaluate(dps=20, delta="1e-3", T=T, **FIG) for T in (2, 5, 20, 60)]
    star = registry.formula("asoodeh-diaz/eq-22").evaluate(dps=20, delta="1e-3", **FIG)
    assert values == sorted(values) and values[-1] < star
    assert star - values[-1] < mpmath.mpf("1e-12")


@pytest.mark.parametrize("p", ["0.0001", "0.01", "1"])
@pytest.mark.parametrize("delta", ["1e-8", "1e-4", "0.3"])
def test_eq_22_below_eq_23_on_a_grid(registry, p, delta):
    vals = dict(FIG, p=p, delta=delta)
    star = registry.formula("asoodeh-diaz/eq-22").evaluate(dps=20, **vals)
    closed = registry.formula("asoodeh-diaz/eq-23").evaluate(dps=20, **vals)
    assert 0 <= star <= closed
    # ε* = 0 exactly when δ ≥ δ_∞(0) (catalog E6)
    limit0 = registry.formula("asoodeh-diaz/thm-2-limit").evaluate(
        dps=30, eps=0, **{k: v for k, v in vals.items() if k != "delta"}
    )
    assert (star == 0) == (mpmath.mpf(delta) >= limit0)


@pytest.mark.parametrize("bad", ["0", "1", "2"])
def test_delta_outside_0_1_exits_2(capsys, bad):
    args = [f"{k}={v}" for k, v in FIG.items()]
    for fid in ("asoodeh-diaz/eq-22", "asoodeh-diaz/eq-23", "asoodeh-diaz/epsilon-T"):
        extra = ["T=3"] if fid.endswith("epsilon-T") else []
        assert main(["eval", fid, f"delta={bad}", *args, *extra]) == 2
        err = capsys.readouterr().err
        assert fid in err and "delta" in err and ("δ < 1" in err or "delta > 0" in err)


def test_p_above_1_is_a_hypothesis_error(registry):
    with pytest.raises(HypothesisError, match="p ∈ \\(0, 1\\]"):
        registry.formula("asoodeh-diaz/thm-2").evaluate(eps=3, T=2, p="1.5", D=3, eta="0.01", C=2, sigma=1)


@pytest.mark.parametrize("version", ["thm-3", "thm-3-coef", "thm-3-corrected"])
def test_thm_3_evaluator_matches_printed_sum(registry, version):
    """The O(T) Lemma-1 evaluator equals the printed Σ_t Π_s expression (evaluated by SymPy at 40 digits)."""
    f = registry.formula(f"asoodeh-diaz/{version}")
    vals = {
        "eps": R(3, 2),
        "T": 4,
        "p": R(1, 10),
        "d": 2,
        "kappa": R(5, 2),
        "lam": R(3, 10),
        "eta": R(1, 2),
        "C": 1,
        "sigma": R(3, 2),
    }
    direct = f.expr.subs({f.symbol(k): v for k, v in vals.items()}).doit()
    with mpmath.workdps(50):
        ref = mpmath.mpf(str(sp.N(direct, 50)))
    assert agree(f.evaluate(dps=40, **{k: str(v) for k, v in vals.items()}), ref, digits=35)


def test_thm_3_versions_are_ordered(registry):
    """printed = coef/(1 − p) (E2), and the corrected (diameter) bound is the largest of the three here."""
    vals = {
        "eps": "5",
        "T": 30,
        "p": "0.001",
        "d": 1,
        "kappa": "5.5",
        "lam": "0.65",
        "eta": "0.1",
        "C": "1",
        "sigma": "5",
    }
    printed, coef, corrected = (
        registry.formula(f"asoodeh-diaz/{v}").evaluate(dps=30, **vals)
        for v in ("thm-3", "thm-3-coef", "thm-3-corrected")
    )
    assert coef < printed < corrected


def test_erratum_pairs_are_complete(registry):
    claims = registry.claims("asoodeh-diaz")
    keys = {c.erratum for c in claims if c.erratum}
    assert {"asoodeh-diaz E1", "asoodeh-diaz E2", "asoodeh-diaz E3", "asoodeh-diaz E6", "asoodeh-diaz E7"} <= keys
    for key in keys:
        pair = [c for c in claims if c.erratum == key]
        assert any(c.expect == "refuted" and c.source.form == "printed" for c in pair), key
        assert any(
            c.expect != "refuted" and c.source.form == "corrected" and c.id.endswith("-corrected") for c in pair
        ), key
    assert len(claims) >= 40


@pytest.mark.parametrize("cid", ["prop-5-instance", "thm-3-instance-T1", "thm-3-instance-T1-eps0", "thm-3-lemma-1"])
def test_printed_errata_are_refuted_with_a_counterexample(registry, cid):
    from symbolic.runner import check

    verdict = check(registry.claim(f"asoodeh-diaz/{cid}"))
    assert verdict.status.value == "refuted" and verdict.counterexample


# --- the errata's left-hand sides against numerical integration of Definition 1 ----------
def hockey_stick_quad(f, g, e, points):
    """E_e(f‖g) = ∫ (f − e^e g)^+ for densities f, g on ℝ, by quadrature split at ``points``."""
    return mpmath.quad(lambda x: max(f(x) - mpmath.exp(e) * g(x), 0), points)


def test_e3_instance_lhs_is_the_hockey_stick_divergence(registry):
    """E_ε((1 − p)N(s,1) + pN(−s,1) ‖ N(s,1)) = pθ_{ε'}(2s), e^{ε'} = 1 + (e^ε − 1)/p (catalog D9), at
    the E3 counterexample (n = 5, ε = 1, ηC/σ = 3)."""
    from derivations.asoodeh_diaz.regularized import E3_lhs, n

    f_ = registry.formula("asoodeh-diaz/thm-3")
    closed = E3_lhs.subs({n: 5, f_.symbol("eps"): 1, f_.symbol("eta"): 3, f_.symbol("C"): 1, f_.symbol("sigma"): 1})
    with mpmath.workdps(30):
        p, s, e = mpmath.mpf(1) / 5, mpmath.mpf(3), mpmath.mpf(1)
        x0 = -mpmath.log((mpmath.exp(e) - 1 + p) / p) / (2 * s)  # where the integrand changes sign
        quad = hockey_stick_quad(
            lambda x: (1 - p) * mpmath.npdf(x, s) + p * mpmath.npdf(x, -s),
            lambda x: mpmath.npdf(x, s),
            e,
            [-mpmath.inf, x0, mpmath.inf],
        )
        assert abs(quad - mpmath.mpf(str(sp.N(closed, 30)))) < mpmath.mpf("1e-20")
        printed = registry.formula("asoodeh-diaz/thm-3").evaluate(
            dps=30, eps=1, T=1, p="1/5", d=1, kappa=9, lam="1/2", eta=3, C=1, sigma=1
        )
        assert printed < quad  # the printed Theorem 3 is violated


def test_e1_instance_lhs_is_the_hockey_stick_divergence(registry):
    """E_ε(Π N(m, σ²) ‖ Π N(−m, σ²)) on [−R, R] (atoms at ±R plus the interior density) at the E1
    counterexample, against the closed form used by prop-5-instance."""
    from derivations.asoodeh_diaz.regularized import E1_HINT, instance_lhs

    closed = instance_lhs.subs({s: R(E1_HINT[s.name]) for s in instance_lhs.free_symbols})
    radius = registry.formula("asoodeh-diaz/eq-20")
    with mpmath.workdps(30):
        kw = {k: str(E1_HINT[k]) for k in ("eta", "C", "kappa", "sigma", "lam")}
        R_t = radius.evaluate(dps=30, t=3, **kw)
        m = (1 - mpmath.mpf("0.65")) * radius.evaluate(dps=30, t=2, **kw)
        sd, e = mpmath.mpf(5), mpmath.mpf(5)
        E = mpmath.exp(e)
        top = max(mpmath.ncdf(-(R_t - m) / sd) - E * mpmath.ncdf(-(R_t + m) / sd), 0)
        bottom = max(mpmath.ncdf((-R_t - m) / sd) - E * mpmath.ncdf((-R_t + m) / sd), 0)
        x0 = e * sd**2 / (2 * m)
        inside = hockey_stick_quad(
            lambda x: mpmath.npdf(x, m, sd), lambda x: mpmath.npdf(x, -m, sd), e, [-R_t, min(x0, R_t), R_t]
        )
        total = top + bottom + inside
        assert abs(total - mpmath.mpf(str(sp.N(closed, 30)))) < mpmath.mpf("1e-20")
        assert registry.formula("asoodeh-diaz/prop-5").evaluate(dps=30, eps=5, t=3, **kw) < total


def test_prop_4_keeps_a_tail_far_below_the_working_precision(registry):
    # d = 1: P(χ²_1 > κ²) = erfc(κ/√2); at κ = 200 that is ≈ 5.1e-8689, which 1 − P^t loses entirely
    # (the value used to print as 0.0).  For t steps, 1 − (1 − Q)^t = tQ − C(t,2)Q² + … ≈ tQ here.
    f = registry.formula("asoodeh-diaz/prop-4")
    with mpmath.workdps(60):
        tail = mpmath.erfc(mpmath.sqrt(20000))
        for t in (1, 3):
            value = f.evaluate(dps=30, d=1, kappa=200, t=t)
            assert abs(value / (t * tail) - 1) < mpmath.mpf(10) ** -28


def test_prop_4_stable_evaluator_is_the_printed_expression(registry):
    # The evaluator is a rewriting of 1 − P(χ²_d ≤ κ²)^t; where no digits cancel, it must agree
    # with the registered SymPy expression evaluated by SymPy itself.
    f = registry.formula("asoodeh-diaz/prop-4")
    for d, kappa, t in ((3, sp.Rational(3, 2), 4), (1, 2, 1), (5, sp.Rational(1, 3), 7)):
        exact = f.expr.subs({f.symbol("d"): d, f.symbol("kappa"): kappa, f.symbol("t"): t})
        value = f.evaluate(dps=30, d=d, kappa=str(kappa), t=t)
        with mpmath.workdps(40):
            ref = mpmath.mpf(str(sp.N(exact, 50)))
            assert abs(value / ref - 1) < mpmath.mpf(10) ** -28, (d, kappa, t, value, ref)


@pytest.mark.parametrize("version", ["printed", "coef", "corrected"])
def test_thm3_series_last_only_is_the_last_term(version):
    """The evaluator and the κ optimisation ask regularized_bound_series for T = T_max only: the same value,
    bit for bit, as the last entry of the whole series."""
    from derivations.asoodeh_diaz.regularized import regularized_bound_series

    values = {"eps": 1, "p": sp.Rational(1, 100), "d": 1, "kappa": 2, "lam": sp.Rational(13, 20), "eta": 1}
    values.update({"C": 1, "sigma": 5})
    with mpmath.workdps(20):
        full = regularized_bound_series(version, values, 30)
        last = regularized_bound_series(version, values, 30, last_only=True)
    assert len(full) == 30 and last == [full[-1]]


def _prop_4_log_lower_tail(d, kappa):
    """log P(χ²_d ≤ κ²) of Prop. 4 from the series γ(a, x)/Γ(a) = x^a e^{−x}/Γ(a + 1) Σ_k x^k/((a + 1)_k),
    a = d/2, x = κ²/2 (all terms positive; for x ≤ a the ratio of terms is ≤ 1/2 past k = a)."""
    a, x = mpmath.mpf(d) / 2, mpmath.mpf(kappa) ** 2 / 2
    total, term, k = mpmath.mpf(1), mpmath.mpf(1), 0
    while term > total * mpmath.eps:
        k += 1
        term *= x / (a + k)
        total += term
    return a * mpmath.log(x) - x - mpmath.loggamma(a + 1) + mpmath.log(total)


@pytest.mark.parametrize(
    "d, kappa, t",
    [
        (25 * 10**300, sp.Rational(879, 740), 0),  # fuzz: 0·log1p(−1) = 0·(−inf) = nan, "non-finite value"
        (10**12, sp.Rational(7, 10**201), 3),
        (7, sp.Rational(3, 10**301), 1),
        (7, sp.Rational(3, 10**301), 10**600),  # t·P ≈ 1.7e-1506: 1 − P^t is neither 0 nor 1
        (40, 5, 3),  # x = 12.5 < a = 20: the lower tail's branch with a value of ordinary size
    ],
    ids=["d2.5e301-t0", "d1e12-kappa7e-201", "d7-kappa3e-301", "d7-kappa3e-301-t1e600", "d40-kappa5"],
)
def test_prop_4_lower_tail_branch_against_the_series(registry, d, kappa, t):
    # Prop. 4: 1 − P(χ²_d ≤ κ²)^t, P = γ(d/2, κ²/2)/Γ(d/2); for κ²/2 < d/2 P is the small tail.
    f = registry.formula("asoodeh-diaz/prop-4")
    value = f.evaluate(dps=30, d=d, kappa=str(kappa), t=t)
    if t == 0:
        assert value == 0
        return
    with mpmath.workdps(80):
        ref = -mpmath.expm1(t * _prop_4_log_lower_tail(d, kappa))
        assert abs(value / ref - 1) < mpmath.mpf(10) ** -28, (value, ref)


def test_prop_4_refuses_a_value_whose_exponent_the_printer_cannot_place(registry):
    # d = 1e9, κ = 1e301, t = 3: 1 − P^t ≈ 3Q ≈ 10^(−2.17e601), Q = Γ(a, x)/Γ(a), a = 5e8, x = 5e601.  At 30 digits
    # the value's 602-digit decimal exponent cannot be rounded (it was 'OverflowError: too many digits in
    # integer'); the refusal names the count, and with that many digits the value is printed.
    from symbolic.errors import EvaluationError

    f = registry.formula("asoodeh-diaz/prop-4")
    with pytest.raises(EvaluationError, match="602-digit decimal exponent.*--dps 602"):
        f.evaluate(dps=30, d=10**9, kappa="1e301", t=3)
    value = f.evaluate(dps=610, d=10**9, kappa="1e301", t=3)
    with mpmath.workdps(700):
        a, x = mpmath.mpf(5 * 10**8), mpmath.mpf(10) ** 602 / 2
        # Q = x^{a−1}e^{−x}/Γ(a) Σ_k (a − 1)…(a − k)/x^k (asymptotic, terms ~ (a/x)^k ~ 1e-593^k); Q² is negligible
        series = 1 + (a - 1) / x + (a - 1) * (a - 2) / x**2
        log_ref = mpmath.log(3) + (a - 1) * mpmath.log(x) - x - mpmath.loggamma(a) + mpmath.log(series)
        assert abs(mpmath.log(value) - log_ref) < mpmath.mpf(10) ** -597
