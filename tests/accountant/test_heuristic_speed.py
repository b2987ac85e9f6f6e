"""The Steinke et al. heuristic's fast paths give the very numbers of the plain computation: the bisection on ε
decided by monotonicity outside a verified bracket (located from the doubling bracket, or from a float64 model's
root), and the likelihood-ratio root located in float64."""

from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from accountant import parse_run
from accountant import heuristics as H

RUN = {
    "loss": "nonconvex",
    "M": "1",
    "batching": "poisson",
    "n": "1000",
    "batch_size": "10",
    "clip": "1",
    "noise_multiplier": "0.8",
    "step_size": "0.1",
    "steps": "300",
}


def _plain_bisection(delta_of, target):
    """The bisection as it was written before the bracket (every comparison evaluates δ)."""
    if delta_of(mpmath.mpf(0)) <= target:
        return mpmath.mpf(0)
    lo, hi = mpmath.mpf(0), mpmath.mpf(1)
    while delta_of(hi) > target:
        lo, hi = hi, hi * 2
    for _ in range(60):
        mid = (lo + hi) / 2
        if delta_of(mid) > target:
            lo = mid
        else:
            hi = mid
        if hi - lo < hi * mpmath.mpf("1e-7"):
            break
    return hi


def _weights(run):
    with mpmath.workdps(H.DPS):
        w = H._weights(run)
        total = mpmath.fsum(x for _, x in w)
        return [(k, x / total) for k, x in w]


@pytest.mark.parametrize("with_model", [False, True])
@pytest.mark.parametrize("adjacency", ["replace-one", "add-remove", "flagged"])
@pytest.mark.parametrize("target", ["1e-5", "1e-9"])
def test_solve_epsilon_equals_the_plain_bisection(adjacency, target, with_model):
    run = parse_run(RUN)
    with mpmath.workdps(H.DPS):
        weights = _weights(run)
        tau = mpmath.mpf("0.8") * mpmath.sqrt(300)
        f, model = {
            "replace-one": (H._delta_replace_one, H._fast_replace_one),
            "add-remove": (H._delta, H._fast_add_remove),
            "flagged": (H._delta_flagged, H._fast_flagged),
        }[adjacency]
        calls = []

        def delta_of(e):
            calls.append(e)
            return f(weights, tau, e)

        fast = H._solve_epsilon(delta_of, mpmath.mpf(target), model(weights, tau) if with_model else None)
        n_fast = len(calls)
        assert fast == _plain_bisection(lambda e: f(weights, tau, e), mpmath.mpf(target))
        assert n_fast < (8 if with_model else 25)  # the plain bisection evaluates δ ~30 times


def test_float_root_is_the_likelihood_ratio_root():
    run = parse_run(RUN)
    with mpmath.workdps(H.DPS):
        weights = _weights(run)
        tau = mpmath.mpf("0.8") * mpmath.sqrt(300)
        x = H._float_root(weights, tau, mpmath.mpf(2), symmetric=True)

        def lse(sign, y):
            return mpmath.log(
                mpmath.fsum(w * mpmath.exp((sign * k * y - mpmath.mpf(k) ** 2 / 2) / tau**2) for k, w in weights)
            )

        assert abs(lse(1, x) - lse(-1, x) - 2) < mpmath.mpf(10) ** -12
    assert H._float_root([(1, mpmath.mpf(1))], mpmath.mpf(0), 1, symmetric=True) is None  # τ = 0: no float model


def test_heuristic_numbers_are_unchanged():
    """Pinned from the code before the fast paths (same printed digits and the same float estimate)."""
    h = H.linear_loss_heuristic(parse_run(RUN), delta=sp.Rational(1, 10**5))
    assert h.result == _OLD["result"] and h.estimate == _OLD["estimate"]


_OLD = {"result": "1.70587", "estimate": 1.7058745622634888}
