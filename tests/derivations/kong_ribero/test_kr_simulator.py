"""The exact simulator of Kong & Ribero's Algorithm 1, against closed forms written from the paper (not from the
simulator)."""

import mpmath
import pytest

from derivations.kong_ribero import simulator as kr


def test_batches_follow_algorithm_1():
    # j_t = b(t − 1) mod k, B_t = {j_t + 1, …, j_t + b}: k = 6, b = 2 cycles through {1,2}, {3,4}, {5,6}
    assert [kr.batch_indices(t, 2, 6) for t in range(1, 8)] == [[0, 1], [2, 3], [4, 5], [0, 1], [2, 3], [4, 5], [0, 1]]


@pytest.mark.parametrize("q, lam, T, i_star", [("0.5", "0.1", 7, 0), ("-1", "0.2", 9, 2), ("2", "0.3", 4, 1)])
def test_cyclic_divergence_matches_the_closed_form(q, lam, T, i_star):
    """Equal curvatures q, b = 1, h = 0: every update is x ↦ a x + c with a = 1 − λq; the neighbour's
    step at t ≡ i* + 1 (mod k) is lower by λδ, so the mean gap is λδ Σ_j a^{T − t_j} and the variance
    σ² Σ_{j<T} a^{2j}; D_α = α gap² / (2 var)."""
    mpmath.mp.dps = 40
    k, sigma, alpha, delta = 3, mpmath.mpf("0.7"), mpmath.mpf(3), mpmath.mpf(2)
    qv, lv = mpmath.mpf(q), mpmath.mpf(lam)
    inst = kr.Instance((qv,) * k, (mpmath.mpf(1), mpmath.mpf(-1), mpmath.mpf("0.5")), 1, lv, sigma)
    a = 1 - lv * qv
    times = [t for t in range(1, T + 1) if (t - 1) % k == i_star]
    gap = lv * delta * mpmath.fsum(a ** (T - t) for t in times)
    var = sigma**2 * mpmath.fsum(a ** (2 * j) for j in range(T))
    expected = alpha * gap**2 / (2 * var)
    got = kr.cyclic_divergence(inst, T, alpha, i_star, delta)
    assert abs(got - expected) <= mpmath.mpf(10) ** -30 * expected


def test_shuffled_mixture_density_is_the_uniform_mixture():
    """The shuffled-order quadrature's mixture density (equal components merged, constants per precision) is the
    plain average of the components' normal densities, at two working precisions (the quadrature raises it)."""
    comps = [(mpmath.mpf("0.3"), mpmath.mpf("1.7")), (mpmath.mpf(-2), mpmath.mpf("0.25"))] * 2 + [
        (mpmath.mpf("0.3"), mpmath.mpf("1.7")),
        (mpmath.mpf(5), mpmath.mpf(4)),
    ]
    density = kr._Mixture(comps)
    for dps in (30, 50):
        with mpmath.workdps(dps):
            for x in (mpmath.mpf(-7), mpmath.mpf("0.3"), mpmath.mpf("2.5"), mpmath.mpf(40)):
                direct = mpmath.fsum(mpmath.npdf(x, mu, mpmath.sqrt(var)) for mu, var in comps) / len(comps)
                assert abs(density(x) - direct) <= direct * mpmath.mpf(10) ** (5 - dps)
