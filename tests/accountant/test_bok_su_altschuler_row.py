"""Issue 16's acceptance check: the Bok–Su–Altschuler Theorem 4.2 row against an independent computation.

Theorem 4.2 (Bok, Su & Altschuler, ICML 2024): noisy GD on m-strongly convex, M-smooth losses,
full batch, unconstrained, is μ-GDP for its last iterate with

    μ = √( (1 − c^T)/(1 + c^T) · (1 + c)/(1 − c) ) · L/(n σ),   c = max{|1 − ηm|, |1 − ηM|},

L the gradient sensitivity (canonical Δ) and σ the noise on the averaged gradient (canonical s).
Its ε at δ is the root of Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ (Dong, Roth & Su, Cor. 2.13).
Both are written here in mpmath from the paper, not from the package.
"""

from __future__ import annotations

import mpmath
import pytest

from accountant import account
from accountant.examples import example_run

ID = "bok-su-altschuler/thm-4.2-mu"
RUN = example_run("c")  # accountant.examples: issue 29's run (c)


def independent_epsilon(run, delta="1e-5"):
    with mpmath.workdps(60):
        eta, m, M, n, s, L, T = (
            mpmath.mpf(run[k]) for k in ("step_size", "m", "M", "n", "noise_std", "gradient_sensitivity", "steps")
        )
        c = max(abs(1 - eta * m), abs(1 - eta * M))
        mu = mpmath.sqrt((1 - c**T) / (1 + c**T) * (1 + c) / (1 - c)) * L / (n * s)
        Phi = lambda z: mpmath.erfc(-z / mpmath.sqrt(2)) / 2
        d = mpmath.mpf(delta)
        return mpmath.findroot(lambda e: Phi(-e / mu + mu / 2) - mpmath.exp(e) * Phi(-e / mu - mu / 2) - d, 4)


@pytest.fixture
def bsa(registry):
    declared = "bok-su-altschuler" in registry.keys() and any(  # noqa: SIM118 (a Registry, not a dict)
        b.id == ID for b in registry.bounds("bok-su-altschuler")
    )
    if not declared:
        pytest.skip("Bok–Su–Altschuler Theorem 4.2 is not declared as a bound")


def test_theorem_4_2_row_agrees_to_20_digits_and_best_is_at_most_it(bsa):
    res = account(RUN, delta="1e-5", heuristics=False)
    row = next(r for r in res.rows if r.id == ID)
    assert row.applies and row.result is not None, row.reason
    exact = independent_epsilon(RUN)
    with mpmath.workdps(60):
        lo, hi = (mpmath.mpf(x) for x in row.interval)
        assert lo <= exact <= hi
        assert abs(mpmath.mpf(row.result) - exact) <= exact * mpmath.mpf(10) ** -19  # 20 significant digits
        assert mpmath.mpf(res.best.result) <= mpmath.mpf(row.result)


def test_at_large_T_all_iterates_is_larger_than_best(bsa):
    res = account(dict(RUN, steps="100000"), delta="1e-5", heuristics=False)
    assert res.best is not None
    assert res.all_iterates.estimate > 10 * res.best.estimate
