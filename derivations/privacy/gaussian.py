"""Gaussian building blocks and the Rényi divergence of the Gaussian mechanism.

* :func:`normal_cdf`, :func:`normal_tail`, :func:`normal_pdf`, :func:`normal_quantile`:
  Φ, Q = 1 − Φ, φ and Φ⁻¹ as SymPy expressions.  Φ is written in the textbook
  form (1 + erf(x/√2))/2; every evaluator uses the erfc form of the tail
  (``normal_tail``) so that nothing is ever computed as 1 − Φ(x) for large x.
* ``privacy/gaussian-rdp`` (alpha, mu, sigma): D_α(N(μ, σ²) ‖ N(0, σ²)) = αμ²/(2σ²)
  (Mironov 2017, Table II; Gil, Alajaji & Linder 2013), with the identity claim
  that derives it from the defining integral
  D_α(P‖Q) = log ∫ p^α q^{1−α} dx / (α − 1).
"""

from __future__ import annotations

import sympy as sp

from symbolic.claims import Identity
from symbolic.formula import Formula
from symbolic.hypotheses import Hypothesis
from symbolic.params import positive, real
from . import toolkit
from .hockey_stick import gaussian_tail

#: Integration variable of the densities (never a formula parameter).
x = sp.Symbol("x", real=True)


def normal_cdf(z):
    """Φ(z) = (1 + erf(z/√2))/2, the standard normal distribution function."""
    return (1 + sp.erf(z / sp.sqrt(2))) / 2


def normal_tail(z):
    """Q(z) = 1 − Φ(z) = erfc(z/√2)/2 (stable for large z)."""
    return gaussian_tail(z)


def normal_cdf_stable(z):
    """Φ(z) = erfc(−z/√2)/2: the same function as :func:`normal_cdf`, stable for z → −∞."""
    return sp.erfc(-z / sp.sqrt(2)) / 2


def normal_pdf(z):
    """φ(z) = exp(−z²/2)/√(2π)."""
    return sp.exp(-(z**2) / 2) / sp.sqrt(2 * sp.pi)


def normal_quantile_upper(p):
    """Φ⁻¹(1 − p) = Q⁻¹(p) = √2 erfinv(1 − 2p) for 0 < p < 1.

    Written with erfinv (not erfcinv(2p)): SymPy simplifies erfinv(erf(w)) = w, and
    mpmath evaluates erfinv.
    """
    return sp.sqrt(2) * sp.erfinv(1 - 2 * p)


def q_inverse(p):
    """Q⁻¹(p) = Φ⁻¹(1 − p) at an mpmath number 0 ≤ p ≤ 1 (current precision): the package's
    one stable upper-tail quantile for mpmath evaluators (±inf at p = 0, 1).

    Never computes 1 − 2p for small p (erfinv(1 − 2p) reads p = 1e-100 as 0 below 100
    digits): for p < 1/100 it solves log Q(z) = log p by Newton's method in log space,
    from z₀ = √(−2 log p), which lies above the root; log Q is concave and decreasing, so
    the iterates decrease monotonically to the root.  Q⁻¹(p) = −Q⁻¹(1 − p) gives p > 1/2
    (1 − p exact when p is the rounding of an exact input held to full length).  The Arb
    path does the same with erfcinv (:mod:`symbolic.certify.translate`).
    """
    import mpmath

    p = mpmath.mpf(p)
    if p <= 0:
        return mpmath.inf
    if p >= 1:
        return -mpmath.inf
    if p > mpmath.mpf(1) / 2:
        return -q_inverse(1 - p)
    if p >= mpmath.mpf(1) / 100:
        with mpmath.extraprec(20):
            return +(mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * p))
    prec = mpmath.mp.prec
    with mpmath.extraprec(30):
        target = mpmath.log(p)
        z = mpmath.sqrt(-2 * target)
        for _ in range(200):
            tail = mpmath.erfc(z / mpmath.sqrt(2)) / 2
            # d/dz log Q(z) = −φ(z)/Q(z)
            slope = -mpmath.npdf(z) / tail
            step = (mpmath.log(tail) - target) / slope
            z -= step
            if abs(step) <= abs(z) * mpmath.mpf(2) ** (-prec - 10):
                break
    return +z


def gaussian_density(z, mean, sd):
    """Density of N(mean, sd²) at z."""
    return sp.exp(-((z - mean) ** 2) / (2 * sd**2)) / sp.sqrt(2 * sp.pi * sd**2)


def renyi_divergence_integral(p, q, alpha, var=x):
    """D_α(P‖Q) = log(∫ p^α q^{1−α}) / (α − 1) as an unevaluated SymPy integral over ℝ.

    The integrand p^α q^{1−α} is written as exp(α log p + (1 − α) log q) (p, q > 0), the
    form in which SymPy's integrator recognises a Gaussian integral.
    """

    def logdensity(d):
        return sp.expand(sp.expand_log(sp.log(d), force=True))

    integrand = sp.exp(sp.expand(alpha * logdensity(p) + (1 - alpha) * logdensity(q)))
    return sp.log(sp.Integral(integrand, (var, -sp.oo, sp.oo))) / (alpha - 1)


# ---------------------------------------------------------------------------
alpha_param = positive("alpha", "Rényi order α > 1")
mean_param = real("mu", "difference of the two means (the sensitivity of the released quantity)")
sigma_param = positive("sigma", "standard deviation σ > 0 of the Gaussian noise")
alpha, mean, sigma = alpha_param.symbol, mean_param.symbol, sigma_param.symbol

#: α > 1 (order of a Rényi divergence); text shared by every RDP formula.
ALPHA_GT_1 = "Rényi order α > 1"

gaussian_rdp = toolkit.add(
    Formula(
        toolkit.id("gaussian-rdp"),
        alpha * mean**2 / (2 * sigma**2),
        [alpha_param, mean_param, sigma_param],
        toolkit.source(
            "Rényi divergence between Gaussians with equal variance",
            (),
            "derived",
            "Mironov 2017 (Rényi DP), Table II; Gil, Alajaji & Linder 2013",
        ),
        hypotheses=[Hypothesis(sp.Symbol("alpha") > 1, ALPHA_GT_1)],
        title="D_α(N(μ, σ²) ‖ N(0, σ²)) = αμ²/(2σ²)",
    )
)

toolkit.add(
    Identity(
        toolkit.id("gaussian-rdp/from-integral"),
        lhs=renyi_divergence_integral(gaussian_density(x, mean, sigma), gaussian_density(x, 0, sigma), alpha),
        rhs=gaussian_rdp.expr,
        statement="log(∫ N(μ,σ²)^α N(0,σ²)^{1−α} dx)/(α − 1) = αμ²/(2σ²) for every α > 1",
        source=toolkit.source(
            "Rényi divergence between Gaussians with equal variance",
            (),
            "derived",
            "the Gaussian integral evaluated symbolically",
        ),
        where=[alpha > 1],
        covers=[gaussian_rdp.id],
    )
)
