"""Expressions shared by the Asoodeh & Diaz modules: Q, Φ, Φ⁻¹, φ and θ_ε(r).

θ_ε(r) is the privacy toolkit's ``privacy/gaussian-hockey-stick`` (Prop. 1 of the
paper, quoting [ADC23]); it is composed here, never redefined.
"""

from __future__ import annotations

import sympy as sp

from derivations.privacy.hockey_stick import gaussian_hockey_stick


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
    return gaussian_hockey_stick(eps=e, r=r)


def chi2_cdf(dof, x):
    """P(χ²_dof ≤ x) = γ(dof/2, x/2)/Γ(dof/2) (Prop. 4, Theorem 3)."""
    return sp.lowergamma(dof / sp.Integer(2), x / 2) / sp.gamma(dof / sp.Integer(2))


def tau(delta, p):
    """τ = δ/(p + (1 − p)δ): the θ at which δ_∞ = δ (Appendix, before (22))."""
    return delta / (p + (1 - p) * delta)
