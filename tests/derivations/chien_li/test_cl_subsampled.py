"""Chien & Li, Theorem 3.12: the tracking (21) and the constraints (20).  References: plain-float loops written from
the paper (Lemma A.2's two step bounds), independent of the evaluator."""

import random

import mpmath
import pytest

from derivations.chien_li.holder import h_value
from derivations.chien_li.subsampled import backward_shift_reach, dt312_value
from symbolic import HypothesisError, registry


def _loop(etaL, lam, b, k, D, T):
    d = 0.0
    for _ in range(T):
        d = min(d + etaL * (b - 1) / b * d**lam + k / b, d + k, D)
    return d


@pytest.mark.parametrize(
    "etaL, lam, b, k, D, T",
    [
        (0.1, 0.5, 4, 0.4, 3.0, 60),
        (0.2, 1.0, 5, 0.2, 100.0, 40),
        (0.2, 1 / 3, 1, 0.4, 2.0, 12),
        (3.0, 0.7, 8, 1.0, 50.0, 9),
    ],
)
def test_evaluator_equals_the_printed_recursion(etaL, lam, b, k, D, T):
    with mpmath.workdps(30):
        value = dt312_value(mpmath.mpf(etaL), mpmath.mpf(lam), b, mpmath.mpf(k), mpmath.mpf(D), T)
    assert float(value) == pytest.approx(_loop(etaL, lam, b, k, D, T), rel=1e-12)


def test_the_tracking_bounds_every_batch_draw():
    """Whether or not the batch holds i⋆, a step moves the processes by at most Lemma A.2's bound for that case;
    along any sequence of draws the distance stays below (21)'s D_t (which uses the encounter bound every step)."""
    rng = random.Random(12)
    for _ in range(200):
        etaL, lam, b, k = rng.uniform(0, 2), rng.uniform(0.1, 1), rng.randint(1, 10), rng.uniform(0.01, 1)
        D, T = rng.uniform(0.5, 20), rng.randint(1, 40)
        e = 0.0
        for _ in range(T):
            if rng.random() < 0.5:  # i⋆ in the batch
                e = min(e + etaL * (b - 1) / b * e**lam + k / b, e + k, D)
            else:  # a batch without i⋆: the Hölder step g(e; ηL) or the clipping bound
                e = min(e + etaL * e**lam, e + k, D)
        assert e <= _loop(etaL, lam, b, k, D, T) * (1 + 1e-12)


def test_constraints_20_feasible_with_a_single_shift():
    """a_τ = g(D_τ; ηL), later shifts 0: A_{T−1} = … = A_{τ+1} = 0 and A_τ = h(g(D_τ)) = D_τ."""
    with mpmath.workdps(30):
        etaL, lam = mpmath.mpf("0.3"), mpmath.mpf("0.5")
        d_tau = dt312_value(etaL, lam, 4, mpmath.mpf("0.4"), mpmath.mpf(3), 7)
        reach = backward_shift_reach(etaL, lam, [d_tau + etaL * d_tau**lam], 5)
        assert d_tau > 0 and reach == pytest.approx(d_tau, rel=1e-25)
        assert backward_shift_reach(etaL, lam, [d_tau], 5) < d_tau  # a smaller shift does not reach D_τ
        assert h_value(etaL, lam, mpmath.mpf(0)) == 0


def test_formula_refuses_a_hoelder_exponent_above_one():
    f = registry().formula("chien-li/thm-3.12-dt")
    assert f.evaluate(dps=20, eta="0.1", L=1, lam="0.5", K=2, b=4, D=3, T=60) == 3
    with pytest.raises(HypothesisError, match="λ"):
        f.evaluate(dps=20, eta="0.1", L=1, lam=2, K=2, b=4, D=3, T=60)
