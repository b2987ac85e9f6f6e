"""GDP formulas against independent 60-digit mpmath references written from the definitions.

References use mpmath's own ``ncdf`` (not our erfc rewriting) and solve δ_μ(ε) = δ in log
space with a different solver, so they share no code with the package.
"""

import mpmath
import pytest

from symbolic import HypothesisError
from symbolic.exact_numbers import parse_exact
from derivations.privacy.gdp import gdp_delta, gdp_epsilon, gdp_tradeoff

REF_DPS = 60


def mp(v):
    q = parse_exact(v)
    return mpmath.mpf(int(q.p)) / int(q.q)


def ref_delta(mu, eps):
    """δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) with mpmath.ncdf (Dong, Roth & Su, Cor. 2.13)."""
    with mpmath.workdps(REF_DPS):
        mu, eps = mp(mu), mp(eps)
        return mpmath.ncdf(-eps / mu + mu / 2) - mpmath.exp(eps) * mpmath.ncdf(-eps / mu - mu / 2)


def ref_epsilon(mu, delta):
    """Root of log δ_μ(ε) = log δ, by bisection on ε at 80 digits (ε ≥ 0 convention)."""
    with mpmath.workdps(80):
        mu, delta = mp(mu), mp(delta)

        def logd(e):
            return mpmath.log(mpmath.ncdf(-e / mu + mu / 2) - mpmath.exp(e) * mpmath.ncdf(-e / mu - mu / 2))

        lo, hi = mpmath.mpf(0), mpmath.mpf(1)
        if logd(lo) <= mpmath.log(delta):
            return lo
        while logd(hi) > mpmath.log(delta):
            lo, hi = hi, 2 * hi
        for _ in range(300):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if logd(mid) > mpmath.log(delta) else (lo, mid)
        return hi


def close(got, ref, digits=40):
    with mpmath.workdps(digits + 10):
        return abs(got - ref) <= abs(ref) * mpmath.mpf(10) ** (1 - digits)


@pytest.mark.parametrize(
    "mu,eps",
    [("1", "0"), ("1", "3"), ("10", "50"), ("37", "841"), ("40", "969"), ("0.1", "2"), ("2", "62"), ("1/3", "1/7")],
)
def test_gdp_delta_matches_reference(mu, eps):
    assert close(gdp_delta.evaluate(dps=40, mu=mu, eps=eps), ref_delta(mu, eps))


@pytest.mark.parametrize("mu", ["1e-100000", "1e-10000", "1e-300", "1/3", "37"])
def test_gdp_delta_at_zero_for_every_mu(mu):
    """δ_μ(0) = Φ(μ/2) − Φ(−μ/2): the two tails cancel to relative μ, past the mpmath fallback's 8060 digits for
    μ < 1e-8000 (μ = 1e-100000 was refused after 6 CPU s, "gives 0 … could not be proved to be exactly 0").
    Reference: ncdf(μ/2) − ncdf(−μ/2) at μ-dependent precision, and for tiny μ its Taylor series μφ(0)(1 − μ²/24)."""
    m = parse_exact(mu)
    with mpmath.workdps(60):
        if m < parse_exact("1e-100"):
            ref = mp(mu) / mpmath.sqrt(2 * mpmath.pi)  # the μ³ term is below 1e-200 relative
        else:
            ref = mpmath.ncdf(mp(mu) / 2) - mpmath.ncdf(-mp(mu) / 2)
    assert close(gdp_delta.evaluate(dps=40, mu=mu, eps=0), ref)


@pytest.mark.parametrize(
    "mu,delta",
    [("37", "1e-5"), ("2", "1e-200"), ("1", "1e-5"), ("10", "1e-5"), ("0.1", "1e-3"), ("40", "1e-200"), ("0.5", "0.9")],
)
def test_gdp_epsilon_matches_reference(mu, delta):
    got = gdp_epsilon.evaluate(dps=40, mu=mu, delta=delta)
    assert close(got, ref_epsilon(mu, delta))


def test_gdp_epsilon_known_values():
    # Values quoted in shared/PEERS.md (certified there with Arb).
    assert mpmath.nstr(gdp_epsilon.evaluate(dps=25, mu="10", delta="1e-5"), 20) == "91.817289624663744685"
    assert mpmath.nstr(gdp_epsilon.evaluate(dps=25, mu="1", delta="1e-5"), 20) == "4.3771780956812246277"


def test_gdp_epsilon_is_zero_when_delta_at_zero_is_below_target():
    # δ_μ(0) = 1 − 2Q(μ/2) ≈ 0.0399 for μ = 0.1, so ε = 0 already gives δ ≤ 0.5.
    assert gdp_epsilon.evaluate(dps=30, mu="0.1", delta="0.5") == 0


def test_gdp_epsilon_inverts_gdp_delta_at_high_precision():
    eps = gdp_epsilon.evaluate(dps=60, mu="37", delta="1e-5")
    with mpmath.workdps(80):
        assert abs(ref_delta("37", mpmath.nstr(eps, 70)) / mpmath.mpf("1e-5") - 1) < mpmath.mpf(10) ** -50


@pytest.mark.parametrize("mu,x", [("1", "0.3"), ("3", "1e-6"), ("0.5", "0.999"), ("2", "0")])
def test_gdp_tradeoff_matches_reference(mu, x):
    with mpmath.workdps(REF_DPS):
        xv = mp(x)
        # Φ⁻¹(1 − x) computed independently by mpmath's root finder on ncdf.
        z = mpmath.inf if xv == 0 else mpmath.findroot(lambda t: mpmath.ncdf(t) - (1 - xv), 0)
        ref = mpmath.mpf(1) if xv == 0 else mpmath.ncdf(z - mp(mu))
    assert close(gdp_tradeoff.evaluate(dps=30, mu=mu, x=x), ref, 28)


def test_gdp_tradeoff_end_points_are_exact_and_certified():
    # G_μ(0) = 1 and G_μ(1) = 0 are limits (Φ⁻¹ is infinite there): exact values, exact balls.
    pytest.importorskip("flint")
    for x, value in (("0", 1), ("1", 0)):
        assert gdp_tradeoff.evaluate(dps=30, mu="2", x=x) == value
        ball = gdp_tradeoff.certify(mu="2", x=x)
        assert ball.contains(value) and ball.rad() == 0


@pytest.mark.parametrize(
    "formula,params,text",
    [
        (gdp_delta, dict(mu="-1", eps="1"), "mu > 0"),
        (gdp_delta, dict(mu="0", eps="1"), "mu > 0"),
        (gdp_delta, dict(mu="1", eps="-1"), "eps ≥ 0"),
        (gdp_epsilon, dict(mu="1", delta="0"), "delta > 0"),
        (gdp_epsilon, dict(mu="1", delta="1"), "0 < δ < 1"),
        (gdp_epsilon, dict(mu="1", delta="2"), "0 < δ < 1"),
        (gdp_epsilon, dict(mu="-2", delta="1e-5"), "mu > 0"),
        (gdp_tradeoff, dict(mu="1", x="3/2"), "0 ≤ x ≤ 1"),
    ],
)
def test_bad_input_raises_hypothesis_error(formula, params, text):
    with pytest.raises(HypothesisError, match=text):
        formula.evaluate(dps=20, **params)
