"""The grid simulator of Asoodeh & Diaz's processes, against closed forms written from the paper (not from the
simulator)."""

import mpmath
import numpy as np
import pytest

from derivations.asoodeh_diaz import simulator as ad


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
