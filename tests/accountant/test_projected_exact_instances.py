"""Runs with a constraint set (``diameter``) against the exact privacy loss of a projected instance.

The exact-instance oracle (``exact_oracle.py``) builds unconstrained runs only, so the theorems that need a
diameter (Bok, Su & Altschuler 4.3/4.6, Chien & Li 3.1/3.7, Kong & Ribero 2.2, Ye & Shokri's rows on the same
runs) were never compared with an exact projected instance.  Here, independently of the package (mpmath only):
one full-batch step, in one dimension, on the interval K = [−D/2, D/2] (a ball of diameter D), of any loss
(one step only sees the gradients at θ₀, so the loss class plays no role): the two neighbouring outputs are
N(u ± ηΔ/(2n), (ηs)²) projected onto K — two atoms at the ends and a density inside — whose hockey-stick
divergence is a closed form in normal CDFs.  The centre u ranges over K (θ₀ ∈ K, the other examples' gradient 0,
the differing one's ±Δ/2).  Every applicable row, the all-iterates baseline and the guarantee must be at least
the largest exact ε over those centres.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath as mp
import pytest

from accountant import account

DELTA = "1e-3"


def _mass(a, b, m, sigma):
    """P(a < N(m, σ²) < b), each tail without cancellation."""
    if a >= m:
        return mp.ncdf((m - a) / sigma) - mp.ncdf((m - b) / sigma)
    return mp.ncdf((b - m) / sigma) - mp.ncdf((a - m) / sigma)


def _hockey_stick(m_p, m_q, sigma, half, eps):
    """E_{e^ε}(P‖Q) for P, Q = N(m_p, σ²), N(m_q, σ²) projected onto [−half, half]."""
    k = mp.e**eps
    atoms = max(mp.ncdf((-half - m_p) / sigma) - k * mp.ncdf((-half - m_q) / sigma), 0)
    atoms += max(mp.ncdf((m_p - half) / sigma) - k * mp.ncdf((m_q - half) / sigma), 0)
    # inside, p/q = exp(((m_p − m_q)x − (m_p² − m_q²)/2)/σ²) is monotone: p > k q on one side of x*
    x_star = (sigma**2 * mp.log(k) + (m_p**2 - m_q**2) / 2) / (m_p - m_q)
    a, b = (max(x_star, -half), half) if m_p > m_q else (-half, min(x_star, half))
    inside = max(_mass(a, b, m_p, sigma) - k * _mass(a, b, m_q, sigma), 0) if a < b else 0
    return atoms + inside


def _exact_epsilon(run: dict) -> mp.mpf:
    """The largest exact ε(δ) over the centres u ∈ K (bisection, returning the lower end of the root)."""
    q = lambda key: mp.mpf(Fraction(run[key]).numerator) / Fraction(run[key]).denominator  # noqa: E731
    eta, s, n, half = q("step_size"), q("noise_std"), q("n"), q("diameter") / 2
    sens = q("gradient_sensitivity") if "gradient_sensitivity" in run else 2 * q("clip")
    shift, sigma, delta = eta * sens / n, eta * s, mp.mpf(DELTA)
    best = mp.mpf(0)
    for i in range(5):
        u = -half + 2 * half * i / 4
        m_p, m_q = u + shift / 2, u - shift / 2

        def div(e, m_p=m_p, m_q=m_q):
            return max(_hockey_stick(m_p, m_q, sigma, half, e), _hockey_stick(m_q, m_p, sigma, half, e))

        if div(mp.mpf(0)) <= delta:
            continue
        lo, hi = mp.mpf(0), mp.mpf(1)
        while div(hi) > delta:
            lo, hi = hi, 2 * hi
        for _ in range(36):  # to 2⁻³⁶ of the bracket; the lower end is kept, so the check stays one-sided
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if div(mid) > delta else (lo, mid)
        best = max(best, lo)
    return best


RUNS = [
    # convex: Bok–Su–Altschuler 4.3 (T ≥ Dn/(ηΔ) holds with equality), Chien & Li, Ye & Shokri, Kong & Ribero
    {
        "loss": "convex",
        "M": "1",
        "batching": "full",
        "n": "1",
        "step_size": "1",
        "noise_std": "1",
        "gradient_sensitivity": "1",
        "steps": "1",
        "diameter": "1",
    },
    # strongly convex, a projection that binds (D below the noise)
    {
        "loss": "strongly-convex",
        "m": "1/2",
        "M": "1",
        "batching": "full",
        "n": "2",
        "step_size": "1",
        "noise_std": "1/4",
        "gradient_sensitivity": "1",
        "steps": "1",
        "diameter": "1/2",
    },
    # nonconvex with clipping (Kong & Ribero (17)), shift larger than the set
    {
        "loss": "nonconvex",
        "M": "1",
        "batching": "full",
        "n": "1",
        "step_size": "1/4",
        "noise_std": "1",
        "clip": "4",
        "steps": "1",
        "diameter": "1",
    },
    # Hölder gradient (Chien & Li 3.7)
    {
        "loss": "holder",
        "holder_exponent": "1/2",
        "holder_constant": "1",
        "batching": "full",
        "n": "1",
        "step_size": "1",
        "noise_std": "1",
        "gradient_sensitivity": "2",
        "clip": "1",
        "steps": "1",
        "diameter": "2",
    },
]


@pytest.mark.parametrize("run", RUNS, ids=lambda r: f"{r['loss']}-D{r['diameter']}")
def test_no_output_is_below_the_exact_projected_instance(run):
    with mp.workdps(20):
        exact = _exact_epsilon(run)
    assert exact > 0  # the instance leaks: a comparison with 0 would test nothing
    result = account(run, delta=DELTA, heuristics=False).as_json()
    printed = [(r["id"], r["epsilon"]) for r in result["bounds"] if r["applies"] and r.get("epsilon") is not None]
    assert printed, "no theorem applies: the run no longer tests a projected bound"
    printed += [("all-iterates", result["all_iterates"]["epsilon"]), ("guarantee", result["best"]["epsilon"])]
    for who, text in printed:
        value = Fraction(text)
        assert mp.mpf(value.numerator) / value.denominator >= exact, f"{who}: {text} < exact {mp.nstr(exact, 12)}"


def test_the_projected_instance_is_the_gaussian_one_when_the_set_is_huge():
    # the oracle itself: with K much wider than the noise the projection does nothing, so ε is the Gaussian
    # mechanism's at μ = Δ/(ns) (here 1): 3.13867054858 at δ = 1e-3 (Balle & Wang's formula)
    run = {"step_size": "1", "noise_std": "1", "n": "1", "gradient_sensitivity": "1", "diameter": "1000"}
    with mp.workdps(20):
        exact = _exact_epsilon(run)
    assert abs(exact - mp.mpf("3.13867054858293920")) < mp.mpf("1e-9")
