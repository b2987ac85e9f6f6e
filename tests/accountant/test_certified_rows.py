"""Bounds computed by a custom algorithm are certified (or plainly labelled "not certified").

References are written here in mpmath from the papers' displays, independently of the package:

* Bok, Su & Altschuler, Theorem 4.5: μ = (L/(bσ))·√(1 + c^{2l−2}(1 − c²)/(1 − c^l)²·(1 − c^{l(E−1)})/(1 + c^{l(E−1)})),
  c = max{|1 − ηm|, |1 − ηM|};
* Ye & Shokri, Theorem 4.4, (11)–(12): ε_0^m (1 − q^{K−1})/(1 − q) + ε_0^{N−j₀}, ε_0^j = A ρ^{2(j−1)}/Σ_{s<j} ρ^{2s},
  A = αηS_g²/(4σ²b²), ρ = 1 − ηλ, q = ρ^{2(N−m)}, N = n/b, m = ⌊N/2⌋, with σ = s·√(η/2) (irrational here);
* Ye & Shokri, Theorem 5.3, (18)–(21): log S/(α − 1) after K·N steps of S ← pE·S + (1 − p)S^{ρ²} from S = 1,
  p = b/n, E = e^{(α−1)A}.
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


@pytest.fixture(autouse=True)
def _restore_precision():
    dps = mpmath.mp.dps
    yield
    mpmath.mp.dps = dps


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


def test_an_uncertifiable_row_says_so_everywhere(registry):
    """Chien & Li's Theorem 3.1 is an exact minimum computed by an algorithm with no certified enclosure:
    the row carries no interval, its JSON says certified: false, and the text and HTML say "not certified"."""
    _bound(registry, "chien-li/thm-3.1-eps-strongly-convex")
    run = {
        "loss": "strongly-convex",
        "m": "0.1",
        "M": "1",
        "batching": "full",
        "n": "100",
        "step_size": "0.5",
        "noise_std": "0.05",
        "gradient_sensitivity": "1",
        "steps": "50",
        "diameter": "2",
    }
    res = account(run, delta="1e-5", heuristics=False, baseline=False)
    row = next(r for r in res.rows if r.id == "chien-li/thm-3.1-eps-strongly-convex")
    assert row.applies, row.reason
    js = next(r for r in res.as_json()["bounds"] if r["id"] == row.id)
    if js["certified"]:
        assert row.interval is not None
        return
    assert row.interval is None and js["interval"] is None
    line = next(x for x in str(res).splitlines() if x.startswith(row.id))
    assert "not certified" in line
    assert "not certified" in res._repr_html_()
    if res.best is row:
        assert "NOT CERTIFIED" in str(res) and res.as_json()["best"]["certified"] is False


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
    assert bound.certifier is not None
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
    ball = bound.certifier(values, 120)
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
