"""Ye & Shokri (2022): IDs and parameters, the key verdicts, evaluations against independent
45-digit references written from the paper's formulas (explicit sums, the plain recursion (20),
mpmath's ODE solver), hard regimes (kN + j = 10¹², j = 10¹², K = 10¹², λ = 1e−12, α = 1000, the
divergent Theorem 5.3 regime) and hypothesis enforcement.

The reference functions below use the textbook forms at raised precision (dps 80–120), not the
package's log1p/expm1 forms."""

import contextlib
import io

import mpmath
import pytest

from symbolic import HypothesisError, registry
from symbolic.cli import main
from symbolic.errors import EvaluationError
from exact_inputs import exact_mpf

REQUIRED = {
    "ye-shokri/lem-b.3-lsi": ("eta", "sigma", "N", "k", "j", "beta"),
    "ye-shokri/lem-b.4-lsi": ("eta", "lam", "sigma", "N", "k", "j", "beta"),
    "ye-shokri/lem-4.2-ode-solution": ("R0", "c", "L", "sigma", "t"),
    "ye-shokri/eq-12-eps0": ("alpha", "eta", "lam", "Sg", "sigma", "b", "j"),
    "ye-shokri/thm-4.3-eps": ("alpha", "eta", "Sg", "sigma", "b", "n", "K", "j0", "beta"),
    "ye-shokri/thm-4.4-eps": ("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "K", "j0", "beta"),
    "ye-shokri/thm-4.5-eps": ("alpha", "eta", "lam", "Sg", "sigma", "b", "K", "beta"),
    "ye-shokri/thm-5.2-eps": ("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "K", "beta"),
    "ye-shokri/thm-5.3-eps": ("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "K", "beta"),
}
FIG1 = dict(eta="0.02", lam=1, Sg=4, sigma=2, b=2, beta=4)
FIG2 = dict(FIG1, b=4)


def F(name):
    return registry().formula("ye-shokri/" + name)


def close(value, ref, digits=40):
    with mpmath.workdps(digits + 20):
        ref = mpmath.mpf(ref)
        ok = abs(value - ref) <= abs(ref) * mpmath.mpf(10) ** (-digits)
    assert ok, (mpmath.nstr(value, 45), mpmath.nstr(ref, 45))


# ---------------------------------------------------------------------------
def test_required_ids_and_parameters():
    for fid, names in REQUIRED.items():
        assert F(fid.split("/", 1)[1]).names == names
    from derivations.ye_shokri import paper

    assert paper.key == "ye-shokri" and len(paper.claims) >= 60


FAST_PROVED = [
    "lem-4.2-ode",
    "lem-4.2-integrating-factor",
    "lem-4.2-ode-integral",
    "pde-72-characteristic-solution",
    "lem-b.3-lsi-recursion",
    "lem-b.4-lsi-recursion",
    "eq-12-eps0-recursion",
    "eq-102-convex-recursion",
    "lem-4.2-back-substitution-corrected",
    "lem-4.2-gaussian-step-corrected",
    "lem-4.1-gaussian-equality",
    "eq-12-eps0-tight",
    "thm-5.3-fixed-point",
    "eq-119-from-118-corrected",
    "cor-6.3-sigma-corrected",
]
FAST_REFUTED = [
    "lem-4.2-back-substitution",
    "lem-4.2-gaussian-step",
    "eq-119-from-118",
    "cor-6.3-sigma",
    "eq-132-bernoulli",
    "eq-133-first-term",
]


def test_key_claims_expect_their_verdicts():
    """The verdicts themselves are asserted by notebooks/04_ye_shokri.ipynb, which the README's test command runs
    and which runs every ye-shokri claim once: each meets its expectation (``proved`` is met by PROVED only,
    ``refuted`` by REFUTED only), and its ERRATA.md cell checks the counterexample of every erratum's printed form
    (all of FAST_REFUTED).  Running these 21 claims here as well repeated that work."""
    reg = registry()
    for c in FAST_PROVED:
        assert reg.claim("ye-shokri/" + c).expect == "proved", c
    for c in FAST_REFUTED:
        claim = reg.claim("ye-shokri/" + c)
        assert claim.expect == "refuted" and claim.erratum, c


def test_ode_claims_are_ode_kind_with_initial_conditions():
    reg = registry()
    for c in ("lem-4.2-ode", "lem-4.2-integrating-factor"):
        claim = reg.claim("ye-shokri/" + c)
        assert claim.kind == "ode" and claim.initial


def test_errata_status_covers_every_reviewed_erratum():
    from derivations.ye_shokri.errata import STATUS
    from symbolic.errata import status_problems

    assert status_problems(registry(), "ye-shokri", STATUS, 31) == []


# ---------------------------------------------------------------------------
# References from the paper's formulas (plain forms, explicit sums, high precision).
def S_ref(eta, lam, count):
    rho = 1 - exact_mpf(eta) * exact_mpf(lam)
    if count < 2000:
        return mpmath.fsum(rho ** (2 * s) for s in range(count))
    return (1 - rho ** (2 * count)) / (1 - rho**2)


def A_ref(alpha, eta, Sg, sigma, b):
    return exact_mpf(alpha) * exact_mpf(eta) * exact_mpf(Sg) ** 2 / (4 * exact_mpf(sigma) ** 2 * exact_mpf(b) ** 2)


def eps0_ref(alpha, eta, lam, Sg, sigma, b, j):
    rho = 1 - exact_mpf(eta) * exact_mpf(lam)
    return A_ref(alpha, eta, Sg, sigma, b) * rho ** (2 * (j - 1)) / S_ref(eta, lam, j)


def thm44_ref(alpha, eta, lam, Sg, sigma, b, n, K, j0):
    N, m = n // b, n // (2 * b)
    rho = 1 - exact_mpf(eta) * exact_mpf(lam)
    qq = rho ** (2 * (N - m))
    geo = mpmath.fsum(qq**k for k in range(K - 1)) if K < 2000 else (1 - qq ** (K - 1)) / (1 - qq)
    return eps0_ref(alpha, eta, lam, Sg, sigma, b, m) * geo + eps0_ref(alpha, eta, lam, Sg, sigma, b, N - j0)


def thm52_ref(alpha, eta, lam, Sg, sigma, b, n, K):
    """(15) without the shift (17): mpmath exponents do not overflow."""
    N = n // b
    first = thm44_ref(alpha, eta, lam, Sg, sigma, b, n, K, 0) - eps0_ref(alpha, eta, lam, Sg, sigma, b, N)
    a = exact_mpf(alpha)
    avg = mpmath.fsum(mpmath.exp((a - 1) * eps0_ref(alpha, eta, lam, Sg, sigma, b, N - j0)) for j0 in range(N)) / N
    return first + mpmath.log(avg) / (a - 1)


def thm53_ref(alpha, eta, lam, Sg, sigma, b, n, K):
    """(19)–(21) iterated as printed, S itself (not its logarithm)."""
    N, p = n // b, mpmath.mpf(b) / n
    a = exact_mpf(alpha)
    E = mpmath.exp((a - 1) * A_ref(alpha, eta, Sg, sigma, b))
    r2 = (1 - exact_mpf(eta) * exact_mpf(lam)) ** 2
    S = mpmath.mpf(1)
    for _ in range(K * N):
        S = p * E * S + (1 - p) * S**r2
    return mpmath.log(S) / (a - 1)


@pytest.mark.parametrize("k,j,N", [(0, 1, 5), (3, 2, 5), (142857142857, 1, 7)])
def test_lsi_constants(k, j, N):
    with mpmath.workdps(120):
        M = k * N + j
        ref3 = 1 / (2 * exact_mpf("0.02") * 4 * M)
        ref4 = 1 / (2 * exact_mpf("0.02") * 4 * S_ref("0.02", "1e-12", M))
        ref4b = 1 / (2 * exact_mpf("0.02") * 4 * S_ref("0.02", "0.5", M))
    close(F("lem-b.3-lsi").evaluate(dps=45, eta="0.02", sigma=2, N=N, k=k, j=j, beta=4), ref3)
    close(F("lem-b.4-lsi").evaluate(dps=45, eta="0.02", lam="1e-12", sigma=2, N=N, k=k, j=j, beta=4), ref4)
    close(F("lem-b.4-lsi").evaluate(dps=45, eta="0.02", lam="0.5", sigma=2, N=N, k=k, j=j, beta=4), ref4b)


def test_lsi_lambda_to_zero_approaches_convex():
    a = F("lem-b.4-lsi").evaluate(dps=45, eta="0.02", lam="1e-30", sigma=2, N=7, k=3, j=2, beta=4)
    b = F("lem-b.3-lsi").evaluate(dps=45, eta="0.02", sigma=2, N=7, k=3, j=2, beta=4)
    assert abs(a / b - 1) < mpmath.mpf("1e-25")


def test_ode_solution_against_mpmath_ode_solver():
    with mpmath.workdps(45):
        R0, c, L, s = exact_mpf("0.7"), exact_mpf("1.3"), exact_mpf("0.9"), exact_mpf("0.5")
        sol = mpmath.odefun(lambda t, R: -2 * s**2 / (L**2 / c + 2 * t * s**2) * R, 0, R0)
        ref = sol(exact_mpf("0.25"))
    close(F("lem-4.2-ode-solution").evaluate(dps=45, R0="0.7", c="1.3", L="0.9", sigma="0.5", t="0.25"), ref, 35)


@pytest.mark.parametrize("j,eta,lam", [(1, "0.02", 1), (7, "0.02", 1), (25, "0.3", "0.5"), (1000, "0.02", "1e-12")])
def test_eps0_small_j(j, eta, lam):
    with mpmath.workdps(80):
        ref = eps0_ref(10, eta, lam, 4, 2, 2, j)
    close(F("eq-12-eps0").evaluate(dps=45, alpha=10, eta=eta, lam=lam, Sg=4, sigma=2, b=2, j=j), ref)


def test_eps0_at_j_1e12_no_underflow():
    j = 10**12
    with mpmath.workdps(100):
        ref = eps0_ref(10, "0.001", "0.001", 1, 1, 1, j)
    value = F("eq-12-eps0").evaluate(dps=45, alpha=10, eta="0.001", lam="0.001", Sg=1, sigma=1, b=1, j=j)
    close(value, ref)
    assert value > 0 and -868600 < mpmath.log10(value) < -868597
    # λ → 0 gives A/j
    tiny = F("eq-12-eps0").evaluate(dps=45, alpha=10, eta="0.02", lam="1e-30", Sg=4, sigma=2, b=2, j=12)
    assert abs(tiny / (A_ref(10, "0.02", 4, 2, 2) / 12) - 1) < mpmath.mpf("1e-25")


@pytest.mark.parametrize("K,j0", [(1, 0), (1, 24), (7, 3), (10**12, 0), (10**12, 24)])
def test_thm44_and_thm43(K, j0):
    with mpmath.workdps(80):
        ref = thm44_ref(10, "0.02", 1, 4, 2, 2, 50, K, j0)
        ref43 = A_ref(10, "0.02", 4, 2, 2) * (mpmath.mpf(K - 1) / 25 + mpmath.mpf(1) / (25 - j0))
    close(F("thm-4.4-eps").evaluate(dps=45, alpha=10, n=50, K=K, j0=j0, **FIG1), ref)
    vals43 = {k: v for k, v in FIG1.items() if k != "lam"}
    close(F("thm-4.3-eps").evaluate(dps=45, alpha=10, n=50, K=K, j0=j0, **vals43), ref43)


def test_thm44_first_epoch_matches_recomputed_figure_1():
    # Figure 1 is a plot: the digits below are an independent recomputation (float64 script of the review), not
    # printed digits.
    v = F("thm-4.4-eps").evaluate(dps=45, alpha=10, n=50, K=1, j0=0, **FIG1)
    assert mpmath.nstr(v, 5) == "0.0011808"


def test_thm45_hard_regimes():
    with mpmath.workdps(80):
        ref = (
            10
            * 16
            / (exact_mpf("1e-12") * 4 * 4)
            * (1 - mpmath.exp(-exact_mpf("1e-12") * exact_mpf("0.02") * 10**12 / 2))
        )
        ref2 = 10 * 16 / (1 * 4 * 4) * (1 - mpmath.exp(-exact_mpf("0.02") / 2))
    close(
        F("thm-4.5-eps").evaluate(dps=45, alpha=10, eta="0.02", lam="1e-12", Sg=4, sigma=2, b=2, K=10**12, beta=4), ref
    )
    close(F("thm-4.5-eps").evaluate(dps=45, alpha=10, K=1, **FIG1), ref2)


@pytest.mark.parametrize("alpha,K", [(10, 1), (30, 10), (1000, 10), (1000, 10**12)])
def test_thm52_including_alpha_1000(alpha, K):
    with mpmath.workdps(80):
        ref = thm52_ref(alpha, "0.02", 1, 4, 2, 4, 50, K)
    v = F("thm-5.2-eps").evaluate(dps=45, alpha=alpha, n=50, K=K, **FIG2)
    close(v, ref)
    # sandwich between the first- and last-batch bounds of Theorem 4.4
    lo = F("thm-4.4-eps").evaluate(dps=45, alpha=alpha, n=50, K=K, j0=0, **FIG2)
    hi = F("thm-4.4-eps").evaluate(dps=45, alpha=alpha, n=50, K=K, j0=11, **FIG2)
    assert lo <= v <= hi


@pytest.mark.parametrize("alpha,K", [(10, 1), (10, 10), (30, 5), (100, 10)])
def test_thm53_against_the_plain_recursion(alpha, K):
    with mpmath.workdps(60):
        ref = thm53_ref(alpha, "0.02", 1, 4, 2, 4, 50, K)
    close(F("thm-5.3-eps").evaluate(dps=45, alpha=alpha, n=50, K=K, **FIG2), ref)


@pytest.mark.parametrize(
    "alpha,sigma",
    [
        ("40.00000004", 1),  # A = αη S_g²/(4σ²b²) = 1.000000001, which sp.nsimplify took for 1
        ("20.000000000000002", 1),  # A = 1/2 + 5e-17
        (10, "0.4472135955"),  # σ² a hair above 1/5
    ],
)
def test_thm53_certified_ball_holds_the_exact_value_near_simple_rationals(alpha, sigma):
    """The certifier computed A through sp.nsimplify, which replaces a rational close to a simple one by the simple
    one: at α = 40.00000004 the certified ball was [28.2287806995135 ± 2.3e-14], the exact (18) 28.2287807295135."""
    from symbolic.certify.arb import endpoints

    values = dict(alpha=alpha, eta="1/10", lam=1, Sg=1, sigma=sigma, b=1, n=10, K=3, beta=1)
    with mpmath.workdps(60):
        ref = thm53_ref(alpha, "1/10", 1, 1, sigma, 1, 10, 3)
    close(F("thm-5.3-eps").evaluate(dps=30, **values), ref, digits=28)
    lo, hi = endpoints(F("thm-5.3-eps").certify(120, **values))
    with mpmath.workdps(60):
        assert mpmath.mpf(lo.numerator) / lo.denominator <= ref <= mpmath.mpf(hi.numerator) / hi.denominator


def test_thm53_at_K_1e12_convergent_and_divergent():
    K = 10**12
    # convergent (pE < 1): the fixed point, written from (20)
    with mpmath.workdps(80):
        p, a = mpmath.mpf(4) / 50, mpmath.mpf(10)
        pE = p * mpmath.exp((a - 1) * A_ref(10, "0.02", 4, 2, 4))
        r2 = (1 - exact_mpf("0.02")) ** 2
        ref = mpmath.log(((1 - p) / (1 - pE)) ** (1 / (1 - r2))) / (a - 1)
    close(F("thm-5.3-eps").evaluate(dps=45, alpha=10, n=50, K=K, **FIG2), ref)
    close(F("thm-5.3-eps-limit").evaluate(dps=45, alpha=10, n=50, **FIG2), ref)
    # divergent (α = 100: pE ≈ 1.9e4 > 1): 3000 plain steps, then every step adds log(pE) (the remainder
    # is below e^{-100})
    with mpmath.workdps(80):
        a = mpmath.mpf(100)
        E = mpmath.exp((a - 1) * A_ref(100, "0.02", 4, 2, 4))
        S, steps = mpmath.mpf(1), 3000
        for _ in range(steps):
            S = p * E * S + (1 - p) * S**r2
        ref = (mpmath.log(S) + (K * 12 - steps) * mpmath.log(p * E)) / (a - 1)
    close(F("thm-5.3-eps").evaluate(dps=45, alpha=100, n=50, K=K, **FIG2), ref)


def test_lambda_1e_minus_12_and_alpha_1000_regimes():
    """λ = 1e−12 with K = 10¹² (ηλK = 2·10⁻²: the epoch factor is O(K) and ρ ≈ 1 - 2e−14), and α = 1000 where
    Theorem 5.3's recursion diverges (pE ≈ e^{1248}): each against the plain forms at raised precision."""
    tiny = dict(FIG1, lam="1e-12")
    with mpmath.workdps(120):
        ref44 = thm44_ref(10, "0.02", "1e-12", 4, 2, 2, 50, 10**12, 0)
        ref52 = thm52_ref(1000, "0.02", "1e-12", 4, 2, 4, 50, 10**12)
        ref53 = thm53_ref(1000, "0.02", 1, 4, 2, 4, 50, 30)
    close(F("thm-4.4-eps").evaluate(dps=45, alpha=10, n=50, K=10**12, j0=0, **tiny), ref44)
    close(F("thm-5.2-eps").evaluate(dps=45, alpha=1000, n=50, K=10**12, **dict(tiny, b=4)), ref52)
    close(F("thm-5.3-eps").evaluate(dps=45, alpha=1000, n=50, K=30, **FIG2), ref53)


def test_thm53_refuses_rather_than_truncates(monkeypatch):
    from derivations.ye_shokri import numerics

    monkeypatch.setattr(numerics, "MAX_STEPS", 2000)  # the default (400 000) takes ~50 s to give up
    with pytest.raises(EvaluationError, match="no value is returned"):
        F("thm-5.3-eps").evaluate(dps=20, alpha=10, eta="0.02", lam="1e-12", Sg=4, sigma=2, b=4, n=50, K=10**12, beta=4)


# ---------------------------------------------------------------------------
VIOLATIONS = [
    ("lem-b.4-lsi", dict(eta="0.4", lam=1, sigma=2, N=5, k=0, j=1, beta=4), "η < 2/(λ + β)"),
    ("lem-b.3-lsi", dict(eta="0.5", sigma=2, N=5, k=0, j=1, beta=4), "η < 2/β"),
    ("lem-b.4-lsi", dict(eta="0.02", lam=1, sigma=2, N=5, k=0, j=0, beta=4), "k = j = 0"),
    ("lem-b.3-lsi", dict(eta="0.02", sigma=2, N=5, k=0, j=0, beta=4), "k = j = 0"),
    ("eq-12-eps0", dict(alpha=10, eta="0.02", lam=1, Sg=4, sigma=2, b=2, j=0), "j ≥ 1"),
    ("eq-12-eps0", dict(alpha=1, eta="0.02", lam=1, Sg=4, sigma=2, b=2, j=1), "α > 1"),
    ("thm-4.4-eps", dict(alpha=10, n=3, K=1, j0=0, **FIG1), "n/b ≥ 2"),
    ("thm-4.4-eps", dict(alpha=10, n=50, K=1, j0=25, **FIG1), "j₀ ∈ {0, …, n/b − 1}"),
    ("thm-4.4-eps", dict(alpha=10, n=50, K=1, j0=-1, **FIG1), "j0 ≥ 0"),
    ("thm-4.3-eps", dict(alpha=10, eta="0.02", Sg=4, sigma=2, b=2, n=50, K=1, j0=25, beta=4), "j₀ ∈ {0, …, n/b − 1}"),
    ("thm-5.3-eps", dict(FIG2, alpha=10, n=3, K=1), "b ≤ n"),
    ("lem-4.2-ode-solution", dict(R0=1, c=1, L=1, sigma=0, t=1), "sigma > 0"),
    ("thm-4.4-eps", dict(FIG1, alpha=10, n=50, K=1, j0=0, eta="0.4"), "η < 2/(λ + β)"),
    ("thm-4.3-eps", dict(alpha=10, eta="0.5", Sg=4, sigma=2, b=2, n=50, K=1, j0=0, beta=4), "η < 2/β"),
    ("thm-5.2-eps", dict(alpha=10, n=7, K=1, **FIG2), "n/b ≥ 2"),
    ("thm-5.2-eps", dict(FIG2, alpha="0.5", n=50, K=1), "α > 1"),
    ("thm-5.3-eps", dict(FIG2, alpha=10, n=50, K=1, sigma=0), "sigma > 0"),
    ("thm-4.5-eps", dict(FIG1, alpha=10, K=1, sigma=0), "sigma > 0"),
]


@pytest.mark.parametrize("fid,values,text", VIOLATIONS)
def test_violations_raise_naming_the_hypothesis(fid, values, text):
    with pytest.raises(HypothesisError) as err:
        F(fid).evaluate(dps=20, **values)
    assert text in str(err.value) and fid in str(err.value)


@pytest.mark.parametrize("fid,values,text", VIOLATIONS)
def test_cli_exits_2_with_one_paragraph_for_every_violation(fid, values, text):
    """The CLI (`eval ID name=value …`) refuses each violation with exit status 2 and a single paragraph that names
    the formula and the violated hypothesis: no traceback, no number."""
    out, errs = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
        code = main(["eval", "ye-shokri/" + fid, *(f"{k}={v}" for k, v in values.items()), "--dps", "45"])
    text_out = (out.getvalue() + errs.getvalue()).strip()
    assert code == 2 and text in text_out and "ye-shokri/" + fid in text_out
    assert "Traceback" not in text_out and "\n\n" not in text_out


def test_cli_exit_2_names_the_hypothesis():
    out, errs = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
        code = main(
            [
                "eval",
                "ye-shokri/thm-4.4-eps",
                "alpha=10",
                "eta=0.4",
                "lam=1",
                "Sg=4",
                "sigma=2",
                "b=2",
                "n=50",
                "K=1",
                "j0=0",
                "beta=4",
            ]
        )
    assert code == 2 and "η < 2/(λ + β)" in out.getvalue() + errs.getvalue()
    assert "Traceback" not in out.getvalue() + errs.getvalue()


# ---------------------------------------------------------------------------
def test_corollary_63_is_theorem_52_at_the_converted_sigma():
    import sympy as sp

    mul, eta, b = sp.Rational(308, 100), sp.Rational(3, 4), 2048
    sigma2 = eta / 2 * mul**2 / (2 * b) ** 2
    with mpmath.workdps(60):
        ref = thm52_ref(10, "3/4", "2/25", 1, mpmath.sqrt(exact_mpf(str(sigma2))), b, 60000, 5)
    v = F("cor-6.3-eps").evaluate(
        dps=30, alpha=10, eta="0.75", lam="0.08", sigma_mul="3.08", Sg=1, b=b, n=60000, K=5, L=2
    )
    close(v, ref, 25)


# ---------------------------------------------------------------------------
def test_bounds_declared_with_proved_conventions():
    reg = registry()
    paper = reg.paper("ye-shokri")
    declared = sorted(paper.bounds)
    assert declared == [
        "ye-shokri/thm-4.3-eps",
        "ye-shokri/thm-4.4-eps",
        "ye-shokri/thm-4.5-eps",
        "ye-shokri/thm-5.3-eps",
    ]
    # each convention is a registered claim expected PROVED: notebook 04 runs and asserts it with every other claim
    claims = [reg.claim(f"{b}/{kind}-convention") for b in declared for kind in ("noise", "step")]
    assert all(c.expect == "proved" and c.id in paper.claims for c in claims)


def test_coverage_index_is_consistent():
    from symbolic.coverage import check, unindexed

    reg = registry()
    paper = reg.paper("ye-shokri")
    assert check(paper.index, paper, reg) == []
    assert unindexed(paper.index, paper, reg) == []
    assert paper.index.percentage() > 70
