"""The exact/grid simulators of Kong & Ribero's Algorithm 1 and Asoodeh & Diaz's processes, against
closed forms written from the papers (not from the simulators)."""

import mpmath
import numpy as np
import pytest

from derivations.asoodeh_diaz import simulator as ad
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


def test_grid_kernel_is_stochastic_and_hockey_stick_basics():
    grid = ad.Grid(0.0, 3.0, 201)
    K = ad.kernel(grid, (1.0, -1.0, 2.0), C=1.5, eta=0.5, sigma=1.0, sampling="without", b=1)
    assert np.allclose(K.sum(axis=1), 1.0, atol=1e-12)
    mu = ad.point_mass(grid, 1.0) @ K
    nu = ad.point_mass(grid, 2.0) @ K
    assert ad.hockey_stick(mu, mu, 0.5) == 0.0
    assert abs(ad.hockey_stick(mu, nu, 0.0) - 0.5 * np.abs(mu - nu).sum()) < 1e-12  # E_0 = TV


@pytest.mark.parametrize("eps, r", [(0.5, 1.0), (1.0, 2.5), (2.0, 0.8)])
def test_one_gaussian_step_approaches_theta(eps, r):
    """Point masses at distance r, one N(·, 1) step on a wide grid: E_ε of the rounded laws is at most
    θ_ε(r) = Q(ε/r − r/2) − e^ε Q(ε/r + r/2) (rounding is post-processing) and close to it."""
    grid = ad.Grid(-12.0, 12.0 + r, 4001)
    step = ad.transition(grid, 0.0, 1.0)
    start, end = ad.point_mass(grid, 0.0), ad.point_mass(grid, r)
    r = float(grid.points[end.argmax()] - grid.points[start.argmax()])  # the distance between the grid points
    mu, nu = end @ step, start @ step
    Q = lambda x: 0.5 * float(mpmath.erfc(x / mpmath.sqrt(2)))  # noqa: E731
    theta = Q(eps / r - r / 2) - np.exp(eps) * Q(eps / r + r / 2)
    got = ad.hockey_stick(mu, nu, eps)
    assert got <= theta + 1e-12 and got >= theta - 5e-3


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


@pytest.mark.parametrize("sampling, kw", [("poisson", {"p": 0.3}), ("without", {"b": 2, "lam": 0.1})])
def test_kernel_with_shared_transitions_is_the_same_matrix(sampling, kw):
    """Two neighbouring kernels built with one transitions dict (each shift's matrix computed once) are exactly
    the kernels built without it."""
    grid = ad.Grid(-3.0, 3.0, 61)
    g, g2 = (1.0, -1.0, 0.5, 2.0), (1.0, -1.0, 0.5, -3.0)
    common = dict(C=1.5, eta=0.5, sigma=0.8, sampling=sampling, **kw)
    shared: dict = {}
    for gg in (g, g2):
        assert np.array_equal(ad.kernel(grid, gg, transitions=shared, **common), ad.kernel(grid, gg, **common))
    assert 0 < len(shared) < 2 * len(list(ad.batches(4, sampling, kw.get("b", 1), kw.get("p", 0.0))))
