"""The paper object, the parameters (named after the paper's symbols) and hypotheses, and the
expressions shared by the Asoodeh & Diaz modules: Q, Φ, Φ⁻¹, φ and θ_ε(r).

θ_ε(r) is the privacy toolkit's ``privacy/gaussian-hockey-stick`` (Prop. 1 of the
paper, quoting [ADC23]); it is composed here, never redefined.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Hypothesis, Paper
from symbolic.params import natural, nonnegative, positive

paper = Paper(
    "asoodeh-diaz",
    "Privacy Loss of Noisy Stochastic Gradient Descent Might Converge Even for Non-Convex Losses",
    "S. Asoodeh, M. Diaz (2023), arXiv:2305.09903",
    text="004_e5d73a888ff910da.txt",
)

# Parameters, named after the paper's symbols.  η is the learning rate (the paper
# also writes η for contraction coefficients; those never appear as parameters).
eps_param = nonnegative("eps", "privacy level ε ≥ 0")
T_param = natural("T", "number of iterations T ∈ ℕ", zero=False)
p_param = positive("p", "Poisson sampling rate, or p := b/n under sampling without replacement")
D_param = positive("D", "diameter of the constraint set W")
eta_param = positive("eta", "learning rate η")
C_param = positive("C", "clipping constant C")
sigma_param = positive("sigma", "standard deviation σ of the Gaussian noise (σ > 0: E9)")
delta_param = positive("delta", "target δ of the (ε, δ)-DP guarantee")
lam_param = positive("lam", "weight decay λ ∈ (0, 1) of regularized DP-SGD")
kappa_param = positive("kappa", "noise-truncation radius κ > 0, in units of σ")
d_param = natural("d", "parameter dimension d", zero=False)
t_param = natural("t", "iteration index t ≥ 0")

eps, T, p, D, eta, C, sigma = (
    q.symbol for q in (eps_param, T_param, p_param, D_param, eta_param, C_param, sigma_param)
)
delta, lam, kappa, d, t = (q.symbol for q in (delta_param, lam_param, kappa_param, d_param, t_param))

_plain = sp.Symbol
P_AT_MOST_1 = Hypothesis(_plain("p") <= 1, "p ∈ (0, 1] (a sampling probability; p = b/n with b ≤ n)")
P_BELOW_1 = Hypothesis(_plain("p") < 1, "p = b/n < 1 (Theorem 3 divides by n − b)")
DELTA_BELOW_1 = Hypothesis(_plain("delta") < 1, "0 < δ < 1 (δ ≥ 1 is no guarantee at all)")
LAM_BELOW_1 = Hypothesis(_plain("lam") < 1, "λ ∈ (0, 1)")


def Q(x):
    """Gaussian tail Q(x) = P[N(0,1) > x] = erfc(x/√2)/2 (Prop. 1)."""
    return sp.erfc(x / sp.sqrt(2)) / 2


def Phi(x):
    """Standard normal CDF Φ(x) = erfc(−x/√2)/2."""
    return sp.erfc(-x / sp.sqrt(2)) / 2


def Phi_inv(u):
    """Φ⁻¹(u) = √2 erfinv(2u − 1), 0 < u < 1, as printed in (23)."""
    return sp.sqrt(2) * sp.erfinv(2 * u - 1)


def phi(x):
    """Standard normal density φ(x)."""
    return sp.exp(-(x**2) / 2) / sp.sqrt(2 * sp.pi)


def theta(e, r):
    """θ_e(r) = Q(e/r − r/2) − e^e Q(e/r + r/2) (Prop. 1), from the privacy toolkit."""
    # imported here: the package's __init__ imports this module for ``paper``, and importing the paper
    # must not import (and register) the privacy toolkit's formulas
    from derivations.privacy.hockey_stick import gaussian_hockey_stick

    return gaussian_hockey_stick(eps=e, r=r)


def chi2_cdf(dof, x):
    """P(χ²_dof ≤ x) = γ(dof/2, x/2)/Γ(dof/2) (Prop. 4, Theorem 3)."""
    return sp.lowergamma(dof / sp.Integer(2), x / 2) / sp.gamma(dof / sp.Integer(2))


def tau(delta, p):
    """τ = δ/(p + (1 − p)δ): the θ at which δ_∞ = δ (Appendix, before (22))."""
    return delta / (p + (1 - p) * delta)
