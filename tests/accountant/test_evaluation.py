"""A bound's formula at a run: the search function takes the run's values as numbers, not as substituted literals.

Kong & Ribero's Theorem 2.3, (17), at k/b = 10⁶ batches: substituting the run into the formula makes SymPy
expand L^{2(k/b − 1)} with L = √2 (a convex loss, ρ = 0) into a 300 000-digit integer, which the code printer
used to write out (the accountant hung for minutes).  Reference written from the printed (17):

    ε(α) = (4C²αλ²/(b²σ²))·(1 + ⌈Tb/k⌉·L^{2(k/b−1)}/Σ_{j<k/b} L^{2j}),  L² = 2 here,

so the ratio is 2^{N−1}/(2^N − 1), N = k/b, with C = Δ/2, λ = η, σ = η·s (the bound's mapping).
"""

from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from accountant import parse_run
from accountant.evaluation import BoundAtRun
from symbolic.certify.arb import endpoints

RUN = {
    "loss": "convex",
    "M": "1",
    "batching": "cyclic",
    "n": "1000000",
    "batch_size": "1",
    "step_size": "0.5",
    "noise_std": "3",
    "gradient_sensitivity": "1",
    "epochs": "100",
}


def test_many_batches_evaluate_fast_and_agree_with_the_printed_formula(registry):
    if "kong-ribero" not in registry.keys():  # noqa: SIM118 (a Registry, not a dict)
        pytest.skip("Kong & Ribero are not registered")
    bound = next(b for b in registry.bounds("kong-ribero") if b.id == "kong-ribero/thm-2.3-clipped")
    at = BoundAtRun(bound, parse_run(RUN))
    with mpmath.workdps(40):
        N = 10**6
        C, lam, sigma, b, alpha = mpmath.mpf("0.5"), mpmath.mpf("0.5"), mpmath.mpf("1.5"), 1, mpmath.mpf(3)
        ratio = mpmath.mpf(2) ** (N - 1) / (mpmath.mpf(2) ** N - 1)
        ref = 4 * C**2 * alpha * lam**2 / (b**2 * sigma**2) * (1 + 100 * ratio)
        assert abs(at.fast()(alpha) - ref) <= ref * mpmath.mpf("1e-30")
        lo, hi = endpoints(at.ball(120, alpha=sp.Integer(3)))
        assert mpmath.mpf(lo.numerator) / lo.denominator <= ref <= mpmath.mpf(hi.numerator) / hi.denominator
