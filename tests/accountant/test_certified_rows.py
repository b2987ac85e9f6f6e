"""Bounds computed by a custom algorithm are certified (or plainly labelled "not certified").

References are written here in mpmath from the papers' displays, independently of the package:

* Bok, Su & Altschuler, Theorem 4.5: μ = (L/(bσ))·√(1 + c^{2l−2}(1 − c²)/(1 − c^l)²·(1 − c^{l(E−1)})/(1 + c^{l(E−1)})),
  c = max{|1 − ηm|, |1 − ηM|};
* Ye & Shokri, Theorem 4.4, (11)–(12): ε_0^m (1 − q^{K−1})/(1 − q) + ε_0^{N−j₀}, ε_0^j = A ρ^{2(j−1)}/Σ_{s<j} ρ^{2s},
  A = αηS_g²/(4σ²b²), ρ = 1 − ηλ, q = ρ^{2(N−m)}, N = n/b, m = ⌊N/2⌋, with σ = s·√(η/2) (irrational here);
* Ye & Shokri, Theorem 5.3, (18)–(21): log S/(α − 1) after K·N steps of S ← pE·S + (1 − p)S^{ρ²} from S = 1,
  p = b/n, E = e^{(α−1)A};
* Chien & Li, Theorem 3.1, (3): the printed objective, minimised over τ and β by a numerical search.
"""

from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from accountant import account, parse_run
from accountant.evaluation import BoundAtRun
from symbolic.certify.arb import endpoints

CYCLIC_SC = {
    "loss": "strongly-convex",
    "m": "0.5",
    "M": "2",
    "batching": "cyclic",
    "n": "20",
    "batch_size": "5",
    "step_size": "0.2",
    "noise_std": "0.3",
    "gradient_sensitivity": "1",
    "steps": "40",
}


def _bound(registry, id_):
    paper = id_.split("/")[0]
    if paper not in registry.keys():  # noqa: SIM118 (a Registry, not a dict)
        pytest.skip(f"{paper} is not registered")
    found = [b for b in registry.bounds(paper) if b.id == id_]
    if not found:
        pytest.skip(f"{id_} is not declared as a bound")
    return found[0]


def _inside(ball, value) -> bool:
    lo, hi = endpoints(ball)
    with mpmath.workdps(60):
        return mpmath.mpf(lo.numerator) / lo.denominator <= value <= mpmath.mpf(hi.numerator) / hi.denominator


def _gdp_epsilon(mu, delta):
    Phi = lambda z: mpmath.erfc(-z / mpmath.sqrt(2)) / 2
    return mpmath.findroot(lambda e: Phi(-e / mu + mu / 2) - mpmath.exp(e) * Phi(-e / mu - mu / 2) - delta, 2)


def test_bok_su_altschuler_theorem_4_5_row_is_certified(registry):
    _bound(registry, "bok-su-altschuler/thm-4.5-mu")
    res = account(CYCLIC_SC, delta="1e-5", heuristics=False, baseline=False)
    row = next(r for r in res.rows if r.id == "bok-su-altschuler/thm-4.5-mu")
    assert row.applies and row.certified and row.interval is not None, row.reason
    with mpmath.workdps(50):
        eta, m, M, L, b, s = (mpmath.mpf(x) for x in ("0.2", "0.5", "2", "1", "5", "0.3"))
        l, E = 4, 10  # n/b batches per epoch, T/l epochs
        c = max(abs(1 - eta * m), abs(1 - eta * M))
        g = 1 + c ** (2 * l - 2) * (1 - c**2) / (1 - c**l) ** 2 * (1 - c ** (l * (E - 1))) / (1 + c ** (l * (E - 1)))
        exact = _gdp_epsilon(mpmath.sqrt(g) * L / (b * s), mpmath.mpf("1e-5"))
        lo, hi = (mpmath.mpf(x) for x in row.interval)
        assert lo <= exact <= hi and hi - lo < exact * mpmath.mpf("1e-18")


def _ys44(alpha, eta, lam, Sg, s, b, n, K):
    sigma2 = s**2 * eta / 2  # σ = s·√(η/2)
    A = alpha * eta * Sg**2 / (4 * sigma2 * b**2)
    rho = 1 - eta * lam
    N, m = n // b, n // (2 * b)
    e0 = lambda j: A * rho ** (2 * (j - 1)) / mpmath.fsum(rho ** (2 * k) for k in range(j))
    q = rho ** (2 * (N - m))
    return e0(m) * (1 - q ** (K - 1)) / (1 - q) + e0(N - (N - 1))


def test_ye_shokri_theorem_4_4_is_certified_at_an_irrational_sigma(registry):
    bound = _bound(registry, "ye-shokri/thm-4.4-eps")
    at = BoundAtRun(bound, parse_run(CYCLIC_SC))
    assert not at.rational  # σ = 0.3·√(0.1): the algorithm alone could not take it
    with mpmath.workdps(50):
        ref = _ys44(mpmath.mpf(3), *(mpmath.mpf(x) for x in ("0.2", "0.5", "1", "0.3")), 5, 20, 10)
    ball = at.ball(120, alpha=sp.Integer(3))
    assert _inside(ball, ref)
    lo, hi = endpoints(ball)
    assert hi - lo < lo * sp.Rational(1, 10**30)
    res = account(CYCLIC_SC, delta="1e-5", heuristics=False, baseline=False)
    row = next(r for r in res.rows if r.id == bound.id)
    assert row.applies and row.certified and row.interval is not None


def test_an_uncertifiable_row_says_so_everywhere():
    """A bound computed by an algorithm with no certified enclosure (a toy: its definition is an undefined
    function, its evaluator the GDP μ = √T·Δ/(n·s)) has no interval, JSON certified: false, and the text,
    HTML and best line say "not certified"."""
    from derivations.privacy.bounds import Bound, Output, Regime, UpdateConvention, declare
    from derivations.privacy.run import RUN_SYMBOLS as R
    from symbolic import Formula, Paper
    from symbolic.params import positive
    from symbolic.registry import Registry

    paper = Paper("toy-uncertified", "an algorithm without enclosure")
    p = {k: positive(k) for k in ("mu1", "T", "sig", "lam")}
    f = Formula(
        "toy-uncertified/mu",
        sp.Function("mu_alg")(p["mu1"].symbol, p["T"].symbol),
        list(p.values()),
        paper.source("toy"),
        evaluator=lambda v, dps: mpmath.sqrt(mpmath.mpf(int(v["T"]))) * mpmath.mpf(int(v["mu1"].p)) / int(v["mu1"].q),
    )
    paper.add(f)
    eta, s, Delta, n, T = (R[k] for k in ("step_size", "noise_std", "gradient_sensitivity", "n", "steps"))
    update = UpdateConvention(noise_std=p["sig"].symbol, gradient_step=p["lam"].symbol)
    declare(
        paper,
        Bound(
            f,
            "toy",
            Output.gdp(),
            Regime(losses=("convex",), batchings=("full",)),
            {"mu1": Delta / (n * s), "T": T, "sig": eta * s, "lam": eta},
            update,
        ),
    )
    run = {
        "loss": "convex",
        "M": "1",
        "batching": "full",
        "n": "100",
        "step_size": "0.1",
        "noise_std": "0.04",
        "gradient_sensitivity": "1",
        "steps": "16",
    }
    res = account(run, delta="1e-5", heuristics=False, registry=Registry([paper]))
    row = res.rows[0]
    assert row.applies and not row.certified and row.interval is None, row.reason
    js = res.as_json()
    assert js["bounds"][0]["certified"] is False and js["bounds"][0]["interval"] is None
    # the guarantee is the certified all-iterates ε here (the same μ = 1); the best theorem is not certified
    assert js["best_last_iterate_bound"]["certified"] is False and js["best"]["source"] == "all-iterates"
    line = next(x for x in str(res).splitlines() if row.id in x.split())
    assert "not certified" in line and "NOT CERTIFIED" in str(res)
    assert "not certified" in res._repr_html_()
    with mpmath.workdps(30):  # μ = 1: the uncertified value is still the right number, rounded up
        assert mpmath.mpf(row.result) >= _gdp_epsilon(mpmath.mpf(1), mpmath.mpf("1e-5")) * (1 - mpmath.mpf("1e-14"))


def _ys53(alpha, eta, lam, Sg, sigma2, b, n, K):
    """(18)–(21) from the paper: K·⌊n/b⌋ steps of S ← pE·S + (1 − p)S^{ρ²} from S = 1, then log S/(α − 1)."""
    A = alpha * eta * Sg**2 / (4 * sigma2 * b**2)
    p, E, r2 = mpmath.mpf(b) / n, mpmath.exp((alpha - 1) * A), (1 - eta * lam) ** 2
    S = mpmath.mpf(1)
    for _ in range(K * (n // b)):
        S = p * E * S + (1 - p) * S**r2
    return mpmath.log(S) / (alpha - 1)


@pytest.mark.parametrize(
    "alpha, eta, b, n, K",
    [
        ("3", "1/5", 5, 20, 10),  # pE < 1: the fixed-point stop
        ("40", "1/5", 5, 20, 10),  # pE > 1: the divergent tail stop
        ("2", "1/10", 20, 20, 7),  # b = n: exact
        ("3/2", "1/50", 10, 1000, 3),  # many steps, no early stop
    ],
)
def test_ye_shokri_theorem_5_3_certifier_encloses_the_recursion(registry, alpha, eta, b, n, K):
    bound = _bound(registry, "ye-shokri/thm-5.3-eps")
    assert bound.formula.certifier is not None and bound.certifier is None
    s, lam, Sg = sp.Rational(3, 10), sp.Rational(1, 2), sp.Integer(1)
    sigma = s * sp.sqrt(sp.Rational(eta) / 2)  # the accountant's mapping σ = s·√(η/2): irrational here
    values = {
        "alpha": sp.Rational(alpha),
        "eta": sp.Rational(eta),
        "lam": lam,
        "Sg": Sg,
        "sigma": sigma,
        "b": sp.Integer(b),
        "n": sp.Integer(n),
        "K": sp.Integer(K),
        "beta": sp.Integer(1),
    }
    ball = bound.formula.certifier(values, 120)
    lo, hi = endpoints(ball)
    assert hi - lo <= abs(lo) * sp.Rational(1, 2**110)
    with mpmath.workdps(60):
        mp = lambda x: mpmath.mpf(sp.Rational(x).p) / sp.Rational(x).q  # noqa: E731
        ref = _ys53(mp(alpha), mp(eta), mp(lam), mp(Sg), mp(s) ** 2 * mp(eta) / 2, b, n, K)
    assert _inside(ball, ref)


def test_ye_shokri_theorem_5_3_row_is_certified_at_an_irrational_sigma(registry):
    bound = _bound(registry, "ye-shokri/thm-5.3-eps")
    run = dict(CYCLIC_SC, batching="without-replacement")
    assert not BoundAtRun(bound, parse_run(run)).rational
    res = account(run, delta="1e-5", heuristics=False, baseline=False)
    row = next(r for r in res.rows if r.id == bound.id)
    assert row.applies and row.certified and row.interval is not None, row.reason
    lo, hi = (mpmath.mpf(x) for x in row.interval)
    assert lo <= mpmath.mpf(row.result) == hi


def _objective_31(beta, tau, alpha, sigma, eta, K, n, D, c, T):
    """The printed objective (3) of Chien & Li's Theorem 3.1 at (τ, β_τ, …, β_{T−1}) (floats)."""
    s = 2 * eta * K / n
    dl = min(s * sum(c**t for t in range(tau)), 2 * eta * K * tau, D)
    first = sum(s**2 / b for b in beta)
    den = sum((1 - b) * c ** (-2 * (k + 1)) for k, b in enumerate(beta))
    return alpha / (2 * sigma**2) * (first + (dl**2 / den if dl > 0 else 0.0))


@pytest.mark.parametrize(
    "regime, c_of, extra",
    [
        ("strongly-convex", lambda eta, L, m: 1 - eta * m, {"m": "1/10"}),  # c = 0.95
        ("convex", lambda eta, L, m: 1.0, {}),
        ("nonconvex", lambda eta, L, m: 1 + eta * L, {"eta": "1/20", "K": "5"}),  # c = 1.05
    ],
)
def test_chien_li_theorem_3_1_certifier_is_the_minimum_of_the_printed_objective(registry, regime, c_of, extra):
    """T = 10, s = 2ηK/n = 0.05, D = 0.1 (the minimum is a window of two active steps, below composition Ts²):
    the certified value equals the minimum over τ and β of the printed objective (3), found here by a numerical
    search over β ∈ (0, 1)^{T−τ} (scipy, several starts), to the search's accuracy, and is not below it."""
    scipy_opt = pytest.importorskip("scipy.optimize")
    import numpy as np

    bound = _bound(registry, f"chien-li/thm-3.1-eps-{regime}")
    v = {"alpha": "3", "sigma": "1/40", "eta": "1/2", "K": "1/2", "n": "10", "D": "1/10", "L": "1", "T": "10", **extra}
    ball = bound.certifier({k: sp.Rational(x) for k, x in v.items()}, 120)
    lo, hi = endpoints(ball)
    assert hi - lo <= lo * sp.Rational(1, 2**110)
    f = {k: float(sp.Rational(x)) for k, x in v.items()}
    c = c_of(f["eta"], f["L"], f.get("m", 0.0))
    T = 10
    args = (f["alpha"], f["sigma"], f["eta"], f["K"], f["n"], f["D"], c, T)
    composition = _objective_31([1.0] * T, 0, *args)
    best = composition
    rng = np.random.default_rng(0)
    for tau in range(1, T):
        for _ in range(4):
            x0 = rng.uniform(0.05, 0.95, T - tau)
            res = scipy_opt.minimize(
                lambda b, tau=tau: _objective_31(list(b), tau, *args), x0, bounds=[(1e-9, 1 - 1e-9)] * (T - tau)
            )
            best = min(best, res.fun)
    value = float(hi)
    assert best < 0.9 * composition  # the test is about a shifted window, not about τ = 0
    assert value <= best * (1 + 1e-6)  # the certified value is the minimum (to the search's accuracy) ...
    assert value >= best * (1 - 1e-6)  # ... and not below it


# --- Chien & Li, Theorem 3.7, (13)–(15), written here from the paper ----------------------------------------------

V37 = {"alpha": "3", "sigma": "1/40", "eta": "1/20", "K": "5", "n": "10", "D": "1/10", "L": "1", "T": "10"}


def _tracking_15(etaL, lam, s, big, D, tau):
    """D_τ of (15): D_0 = 0, D_t = min(D_{t−1} + ηL D_{t−1}^λ + 2ηK/n, D_{t−1} + 2ηK, D)."""
    d = mpmath.mpf(0)
    for _ in range(tau):
        d = min(d + etaL * d**lam + s, d + big, D)
    return d


def _h(etaL, lam, z):
    """h = g⁻¹, g(x) = x + ηL x^λ on x ≥ 0, by bisection (0 ≤ h(z) ≤ z)."""
    lo, hi = mpmath.mpf(0), mpmath.mpf(z)
    for _ in range(mpmath.mp.prec + 10):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mid + etaL * mid**lam < z else (lo, mid)
    return hi


def _exact_37(v):
    return {k: sp.Rational(x) for k, x in v.items()}


def test_chien_li_theorem_3_7_certifier_at_lambda_1_is_the_exact_minimum(registry):
    """λ = 1 (h(z) = z/(1 + ηL)): the certified value is the exact minimum over τ and the shifts of (13) with the
    tracking (15), found here by a plain water-filling over every window (every active count tried)."""
    bound = _bound(registry, "chien-li/thm-3.7-eps")
    assert bound.certifier is not None
    ball = bound.certifier(_exact_37({**V37, "lam": "1"}), 120)
    lo, hi = endpoints(ball)
    assert hi - lo <= lo * sp.Rational(1, 2**110)
    with mpmath.workdps(50):
        s, big, D, c, T = mpmath.mpf(1) / 20, mpmath.mpf(1) / 2, mpmath.mpf(1) / 10, mpmath.mpf(21) / 20, 10
        best = T * s**2
        for tau in range(1, T):
            dl, m = _tracking_15(c - 1, 1, s, big, D, tau), T - tau
            w = [c ** (-k) for k in range(1, m + 1)]  # decreasing: the active steps are a prefix
            for j in range(1, m + 1):
                W1, W2 = mpmath.fsum(w[:j]), mpmath.fsum(x**2 for x in w[:j])
                mu = (dl + s * W1) / W2
                if mu * w[j - 1] >= s:
                    best = min(best, (dl + s * W1) ** 2 / W2 + (m - j) * s**2)
        ref = 3 / (2 * (mpmath.mpf(1) / 40) ** 2) * best
        assert best < T * s**2 * mpmath.mpf("0.9")  # a shifted window wins, not composition
        assert abs(mpmath.mpf(lo.numerator) / lo.denominator - ref) <= ref * mpmath.mpf(10) ** -30


@pytest.mark.parametrize("lam", ["9/10", "1/2"])
def test_chien_li_theorem_3_7_certified_value_is_a_feasible_point_of_13(registry, lam):
    """λ < 1 (the value is the objective at a feasible allocation, not certified minimal): the evaluator's window
    and shifts, pushed through the printed backward recursion A_T = 0, A_{t−1} = h(A_t + a_{t−1}) of (15) (h by
    bisection here), reach A_τ ≥ D_τ (tracking (15) recomputed here), up to the last shift's rounding, and the
    certified ball encloses (α/2σ²)Σ_t (2ηK/n + a_t)² at those shifts to 30 digits."""
    from derivations.chien_li.holder_bound import holder_allocation

    bound = _bound(registry, "chien-li/thm-3.7-eps")
    v = {**V37, "lam": lam}
    if lam == "1/2":
        v.update(D="1/50", T="30")
    ball = bound.certifier(_exact_37(v), 120)
    with mpmath.workdps(50):
        q = {k: mpmath.mpf(sp.Rational(x).p) / sp.Rational(x).q for k, x in v.items()}
        etaL, s, big, T = q["eta"] * q["L"], 2 * q["eta"] * q["K"] / q["n"], 2 * q["eta"] * q["K"], int(q["T"])
        alloc = holder_allocation(etaL, q["lam"], s, big, q["D"], T)
        assert alloc.tau > 0 and alloc.value < T * s**2  # a shifted window, not composition
        shifts = list(alloc.shifts) + [mpmath.mpf(0)] * (alloc.m - len(alloc.shifts))
        A = mpmath.mpf(0)
        for a in reversed(shifts):
            A = _h(etaL, q["lam"], A + a)
        d_tau = _tracking_15(etaL, q["lam"], s, big, q["D"], alloc.tau)
        assert A >= d_tau * (1 - mpmath.mpf(10) ** -30)
        value = q["alpha"] / (2 * q["sigma"] ** 2) * mpmath.fsum((s + a) ** 2 for a in shifts)
        lo, hi = endpoints(ball)
        lo_m, hi_m = (mpmath.mpf(x.numerator) / x.denominator for x in (lo, hi))
        assert hi - lo <= lo * sp.Rational(1, 2**110)
        assert abs(lo_m - value) <= value * mpmath.mpf(10) ** -30 and lo_m >= value * (1 - mpmath.mpf(10) ** -40)


def test_chien_li_theorem_3_7_row_is_certified():
    run = {
        "loss": "holder",
        "holder_exponent": "0.9",
        "holder_constant": "1",
        "batching": "full",
        "n": "10",
        "step_size": "1/20",
        "noise_std": "1/2",
        "clip": "5",  # K = C: Theorem 3.7's tracking bounds a gradient's norm (Δ = 2C = 10)
        "diameter": "1/10",
        "steps": "10",
    }
    res = account(run, delta="1e-5", heuristics=False, baseline=False)
    row = next(r for r in res.rows if r.id == "chien-li/thm-3.7-eps")
    assert row.applies and row.certified and row.interval is not None, row.reason
    lo, hi = (mpmath.mpf(x) for x in row.interval)
    assert lo <= mpmath.mpf(row.estimate) * (1 + 1e-12) and mpmath.mpf(row.estimate) <= hi * (1 + 1e-12)
    assert mpmath.mpf(row.result) == hi and hi - lo <= hi * mpmath.mpf(10) ** -18
    # certified at the searched α and at the allocation the evaluator found, not at a certified minimum: said so
    assert "α = " in row.caveat and "window τ and shifts a" in row.caveat and "minimiser" in row.caveat_short
    assert res.as_json()["best"]["caveat"] == row.caveat
