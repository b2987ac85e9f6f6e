"""Ye & Shokri §6: the regularised logistic loss (23)–(24), Proposition 6.1's constants (25)–(26), Proposition 6.2's
clipped gradient (164)–(168).  References are written from the paper with numpy / mpmath (finite differences, eigen-
values), independent of the SymPy expressions the claims prove."""

import subprocess
import sys
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from scipy.special import softmax

from derivations.ye_shokri import clipped, logistic

RNG = np.random.default_rng(20221124)
LAM, CLIP = 0.02, 1.5
X = np.array([-0.2077849, -0.9781745])  # the witness rescaled into ‖x‖ ≤ L = 1 (Ye & Shokri E22)
THETA = np.array([float(v) for v in logistic.THETA])


def _g(theta, clip, x=X, y=np.eye(3)[2], lam=LAM):
    """Algorithm 3's g = g₀ + λθ, g₀ = ∇ℓ₀·min(1, clip/‖∇ℓ₀‖), ∇ℓ₀ = (p − y) ⊗ x̄ (numpy, from the paper)."""
    xbar = np.append(x, 1.0)
    g0 = np.kron(softmax(theta.reshape(3, -1) @ xbar) - y, xbar)
    if clip is not None:
        g0 = g0 * min(1.0, clip / np.linalg.norm(g0))
    return g0 + lam * theta


def _jacobian(f, theta, h=1e-6):
    return np.array([(f(theta + h * e) - f(theta - h * e)) / (2 * h) for e in np.eye(len(theta))]).T


def test_importing_the_module_does_not_differentiate_the_loss():
    code = (
        "import derivations.ye_shokri.logistic as l\n"
        "assert l.hessian_residual.cache_info().currsize == 0 and l.gradient_residual.cache_info().currsize == 0\n"
        "c = l.HESSIAN_CLAIM\n"
        "assert 'lhs' not in vars(c) and c.lhs is l.hessian_residual() and l.hessian_residual.cache_info().currsize == 1\n"
        "print([s.name for s in c.symbols])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str([f"t{i}" for i in range(9)] + ["x1", "x2"])


def test_deferred_residual_vanishes_numerically():
    """The residual the deferred claim proves is 0 at a point (SymPy evaluation, 30 digits)."""
    point = {s: v for s, v in zip(logistic.THETA_SYMBOLS, RNG.normal(size=9).round(3))}
    point.update({logistic.X1: 0.3, logistic.X2: -0.5})
    assert abs(logistic.gradient_residual().evalf(30, subs=point)) < 1e-25


@pytest.mark.parametrize("seed", range(5))
def test_proposition_6_1_constants_hold_and_the_lipschitz_constant_is_sharp(seed):
    rng = np.random.default_rng(seed)
    L = rng.uniform(0.2, 3.0)
    x = rng.normal(size=2)
    x *= L * rng.uniform(0.1, 1.0) / np.linalg.norm(x)
    theta = rng.normal(scale=2.0, size=9)
    xbar = np.append(x, 1.0)
    p = softmax(theta.reshape(3, -1) @ xbar)
    hess = np.kron(np.diag(p) - np.outer(p, p), np.outer(xbar, xbar))
    assert np.allclose(hess, _jacobian(lambda t: _g(t, None, x, lam=0.0), theta), atol=1e-7)  # (161)
    eig = np.linalg.eigvalsh(hess)
    assert eig.min() > -1e-12 and eig.max() <= (L**2 + 1) / 2  # (165), (26)
    assert np.linalg.norm(_g(theta, None, x, lam=0.0)) <= np.sqrt(2 * (L**2 + 1))  # (25)
    # Böhning (163): ½(I − 11ᵀ/3) − T ⪰ 0
    assert np.linalg.eigvalsh(0.5 * (np.eye(3) - np.ones((3, 3)) / 3) - (np.diag(p) - np.outer(p, p))).min() > -1e-12
    # sharpness of (25): p → e_1 (label e_3), ‖x‖ = L
    x_edge = x * L / np.linalg.norm(x)
    far = np.zeros(9)
    far[:3] = np.append(x_edge, 1.0) * 40.0
    assert np.linalg.norm(_g(far, None, x_edge, lam=0.0)) / np.sqrt(2 * (L**2 + 1)) > 0.999


def test_clipping_jacobian_166():
    G, S = RNG.normal(size=9), 0.7
    formula = S / np.linalg.norm(G) * (np.eye(9) - np.outer(G, G) / (G @ G))
    assert np.allclose(_jacobian(lambda v: S * v / np.linalg.norm(v), G), formula, atol=1e-8)


def test_lower_half_of_27_fails_with_clipping_and_holds_without():
    delta = np.array([float(v) for v in clipped.DELTA])
    other = THETA + 0.1 * delta
    ratio = np.linalg.norm(_g(THETA, CLIP) - _g(other, CLIP)) / np.linalg.norm(0.1 * delta)
    unclipped = np.linalg.norm(_g(THETA, None) - _g(other, None)) / np.linalg.norm(0.1 * delta)
    assert ratio == pytest.approx(0.0193027, abs=2e-6) and ratio < LAM <= unclipped <= 1 + LAM
    with mpmath.workdps(30):
        dist, diff = clipped.segment(mpmath.mpf(1) / 10)
        assert float(diff / dist) == pytest.approx(ratio, rel=1e-8)


def test_167_quadratic_form_and_spectral_norm_match_numpy():
    J0 = _jacobian(lambda t: _g(t, CLIP), THETA) - LAM * np.eye(9)
    w = np.array([float(v) for v in clipped.W167])
    assert np.linalg.eigvalsh((J0 + J0.T) / 2).min() < -0.011  # wᵀ∇g₀w < 0 for some w
    assert float(clipped.quadratic_form_g0()) == pytest.approx(w @ J0 @ w, abs=1e-7)
    assert float(clipped.spectral_norm_g0()) == pytest.approx(np.linalg.norm(J0, 2), abs=1e-7)
    assert np.linalg.norm(J0, 2) <= (1**2 + 1) / 2  # β at L = 1


def test_e22_witness_feature_has_norm_at_most_L():
    assert sum(Fraction(v) ** 2 for v in logistic.X) <= 1  # L = 1 (Table 2's feature clip), exact
