"""δ at ε of a bound declared as an inverse (Asoodeh & Diaz (22), (23)) is its forward formula at ε.

(22) is ε*_δ = min{ε ≥ 0 : δ_∞(ε) ≤ δ}, so ε*_δ ≤ ε exactly when δ ≥ δ_∞(ε): the smallest δ is δ_∞(ε),
written here from the paper: δ_∞ = pθ/(1 − (1 − p)θ), θ = Q(ε/r − r/2) − e^ε Q(ε/r + r/2), r = (D + 2ηC)/σ,
with σ = η·s the noise on the iterate (Asoodeh & Diaz (1), Theorem 2).
"""

from __future__ import annotations

import mpmath
import pytest

from accountant import account

RUN = {
    "loss": "nonconvex",
    "M": "1",
    "batching": "poisson",
    "n": "1000",
    "batch_size": "10",
    "step_size": "0.1",
    "noise_std": "10",
    "clip": "1",
    "steps": "100",
    "diameter": "1",
}


def delta_infinity(run, eps):
    with mpmath.workdps(60):
        p = mpmath.mpf(run["batch_size"]) / mpmath.mpf(run["n"])
        eta, s, C, D = (mpmath.mpf(run[k]) for k in ("step_size", "noise_std", "clip", "diameter"))
        r = (D + 2 * eta * C) / (eta * s)
        Q = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2
        e = mpmath.mpf(eps)
        theta = Q(e / r - r / 2) - mpmath.exp(e) * Q(e / r + r / 2)
        return p * theta / (1 - (1 - p) * theta)


@pytest.fixture
def declared(registry):
    if "asoodeh-diaz" not in registry.keys():  # noqa: SIM118 (a Registry, not a dict)
        pytest.skip("Asoodeh & Diaz are not registered")


@pytest.mark.parametrize("eps, noise", [("1/2", "10"), ("20", "1"), ("100", "1e4")])
def test_eq_22_delta_at_epsilon_is_delta_infinity(declared, eps, noise):
    run = dict(RUN, noise_std=noise)
    res = account(run, epsilon=eps, heuristics=False, baseline=False)
    row = next(r for r in res.rows if r.id == "asoodeh-diaz/eq-22")
    assert row.applies and row.certified, row.reason
    exact = delta_infinity(run, eps)
    with mpmath.workdps(60):
        lo, hi = (mpmath.mpf(x) for x in row.interval)
        assert lo <= exact <= hi and hi - lo <= exact * mpmath.mpf("1e-19")
        assert mpmath.mpf(row.result) == hi
    limit = next(r for r in res.rows if r.id == "asoodeh-diaz/thm-2-limit")
    assert limit.result == row.result  # the same δ_∞(ε), reached as a δ-currency bound
    # (23) replaces θ by the larger Q(ε/r − r/2): never a smaller δ
    eq23 = next(r for r in res.rows if r.id == "asoodeh-diaz/eq-23")
    assert mpmath.mpf(eq23.interval[0]) >= mpmath.mpf(row.interval[0])


def test_far_tail_delta_is_printed_without_underflow(declared):
    """δ_∞(100) at s = 10⁴ is about 1e-150809: certified and printed with its exponent, not rounded to 0."""
    res = account(dict(RUN, noise_std="1e4"), epsilon="1", heuristics=False, baseline=False)
    row = next(r for r in res.rows if r.id == "asoodeh-diaz/eq-22")
    exact = delta_infinity(dict(RUN, noise_std="1e4"), "1")
    with mpmath.workdps(60):
        assert exact < mpmath.mpf("1e-1000")
        lo, hi = (mpmath.mpf(x) for x in row.interval)
        assert 0 < lo <= exact <= hi
