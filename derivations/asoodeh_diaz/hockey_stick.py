"""§II: Definition 1 and the properties of the hockey-stick divergence the proofs use, the SDPI (6)
of Proposition 1 as a statement, the triangle inequality (26) of [LCV16], and limits of θ and (21).

The properties are checked on distributions with finite support (exact rational weights, sampled),
where Definition 1's integral is a finite sum and its supremum over sets a maximum over subsets;
the SDPI (6) is checked for the input-constrained Gaussian kernel on two-point input laws, by
quadrature.  These are CHECKED (sampled), never PROVED: the general statements are measure-theoretic.
"""

from __future__ import annotations

import itertools

import mpmath
import sympy as sp

from symbolic import Limit
from symbolic.claims import NumericIdentity, SampledInequality

from .common import paper, theta

R = sp.Rational
a1, a2, b1, b2, k1, k2, k3, k4, lw = sp.symbols("a1 a2 b1 b2 k1 k2 k3 k4 w", positive=True)
eps = sp.Symbol("eps", nonnegative=True)


def _law(x, y):
    """A law on three points from two positive weights: (x, y, 1)/(x + y + 1)."""
    s = x + y + 1
    return [x / s, y / s, 1 / s]


def E(mu, nu, e):
    """Definition 1 for finitely supported laws: Σ (μ − e^ε ν)⁺."""
    g = mpmath.exp(e)
    return mpmath.fsum(max(m - g * n, 0) for m, n in zip(mu, nu))


def E_sup(mu, nu, e):
    """Definition 1's second form: max over sets A of μ(A) − e^ε ν(A)."""
    g = mpmath.exp(e)
    idx = range(len(mu))
    return max(
        mpmath.fsum(mu[i] - g * nu[i] for i in A) for r in range(len(mu) + 1) for A in itertools.combinations(idx, r)
    )


def _kernel(p):
    rows = [_law(p["k1"], p["k2"]), _law(p["k3"], p["k4"]), _law(p["k2"], p["k1"])]
    return lambda law: [mpmath.fsum(law[i] * rows[i][j] for i in range(3)) for j in range(3)]


def _mu(p):
    return _law(p["a1"], p["a2"])


def _nu(p):
    return _law(p["b1"], p["b2"])


_pt = [a1, a2, b1, b2, eps]
_src = lambda label, note="": paper.source(label, (), "derived", note)  # noqa: E731
paper.add(
    NumericIdentity(
        paper.id("def-1-sup-form"),
        lambda p: E(_mu(p), _nu(p), p["eps"]),
        lambda p: E_sup(_mu(p), _nu(p), p["eps"]),
        "Definition 1: ∫ d(μ − e^ε ν)⁺ = sup_A [μ(A) − e^ε ν(A)] for laws on three points (sampled weights and ε)",
        _src("Definition 1", "finitely supported laws"),
        symbols=_pt,
        samples=25,
    )
)
paper.add(
    NumericIdentity(
        paper.id("def-1-E0-is-TV"),
        lambda p: E(_mu(p), _nu(p), 0),
        lambda p: mpmath.fsum(abs(m - n) for m, n in zip(_mu(p), _nu(p))) / 2,
        "Definition 1 at ε = 0: E_0(μ‖ν) = ‖μ − ν‖_TV = ½ Σ|μ − ν| (laws on three points, sampled)",
        _src("Definition 1", "E_0 is the total variation"),
        symbols=[a1, a2, b1, b2],
        samples=25,
        digits=30,
    )
)
paper.add(
    SampledInequality(
        paper.id("hs-data-processing"),
        lambda p: E(_mu(p), _nu(p), p["eps"]),
        ">=",
        lambda p: E(_kernel(p)(_mu(p)), _kernel(p)(_nu(p)), p["eps"]),
        "data processing (§II-B, footnote 2): E_ε(Kμ‖Kν) ≤ E_ε(μ‖ν) for a Markov kernel K (a sampled 3×3 "
        "stochastic matrix) and laws on three points",
        _src("Footnote 2; §II-B: data processing inequality"),
        symbols=_pt + [k1, k2, k3, k4],
        samples=25,
    )
)


def _mix(u, v, w):
    return [w * x + (1 - w) * y for x, y in zip(u, v)]


paper.add(
    SampledInequality(
        paper.id("hs-joint-convexity"),
        lambda p: (
            p["w"] * E(_mu(p), _nu(p), p["eps"])
            + (1 - p["w"]) * E(_law(p["k1"], p["k2"]), _law(p["k3"], p["k4"]), p["eps"])
        ),
        ">=",
        lambda p: E(
            _mix(_mu(p), _law(p["k1"], p["k2"]), p["w"]), _mix(_nu(p), _law(p["k3"], p["k4"]), p["w"]), p["eps"]
        ),
        "joint convexity of (P, Q) ↦ E_ε(P‖Q), the first step of the proofs of Propositions 2, 3 and 5: "
        "E_ε(wμ₁ + (1−w)μ₂ ‖ wν₁ + (1−w)ν₂) ≤ w E_ε(μ₁‖ν₁) + (1−w) E_ε(μ₂‖ν₂) (laws on three points, sampled)",
        _src("Proofs of Props. 2, 3, 5: joint convexity"),
        symbols=_pt + [k1, k2, k3, k4, lw],
        where=[lw < 1],
        samples=25,
    )
)
e1, e2 = sp.symbols("eps1 eps2", nonnegative=True)
paper.add(
    SampledInequality(
        paper.id("eq-26-triangle"),
        lambda p: (
            E(_mu(p), _law(p["k1"], p["k2"]), p["eps1"])
            + mpmath.exp(p["eps1"]) * E(_law(p["k1"], p["k2"]), _nu(p), p["eps2"])
        ),
        ">=",
        lambda p: E(_mu(p), _nu(p), p["eps1"] + p["eps2"]),
        "(26) [LCV16]: E_{ε₁+ε₂}(P‖Q) ≤ E_{ε₁}(P‖S) + e^{ε₁} E_{ε₂}(S‖Q) (laws on three points, sampled; with "
        "ε₁ = 0 it is the first step of the proof of Theorem 3)",
        paper.source("(26)", "26", "derived", "finitely supported laws"),
        symbols=[a1, a2, b1, b2, k1, k2, e1, e2],
        samples=30,
    )
)

# (6) / Proposition 1 as a statement: for the W-constrained Gaussian kernel, W = [0, r] (σ = 1, 1-D),
# and input laws on the two end points, E_ε(Kμ‖Kν) ≤ θ_ε(r) E_ε(μ‖ν).
rr = sp.Symbol("r", positive=True)
pa, pb = sp.symbols("pa pb", positive=True)


def _gauss_mixture_hs(pa_, pb_, r, e):
    g = mpmath.exp(e)

    def f(x):
        at_0, at_r = mpmath.npdf(x, 0, 1), mpmath.npdf(x, r, 1)  # each density once per node
        p_ = pa_ * at_0 + (1 - pa_) * at_r
        q_ = pb_ * at_0 + (1 - pb_) * at_r
        return max(p_ - g * q_, 0)

    with mpmath.workdps(20):
        return mpmath.quad(f, [-40, 0, r / 2, r, r + 40])


def _theta_num(e, r):
    return mpmath.ncdf(-(e / r - r / 2)) - mpmath.exp(e) * mpmath.ncdf(-(e / r + r / 2))


paper.add(
    SampledInequality(
        paper.id("eq-6-sdpi-gaussian"),
        lambda p: _theta_num(p["eps"], p["r"]) * E([p["pa"], 1 - p["pa"]], [p["pb"], 1 - p["pb"]], p["eps"]),
        ">=",
        lambda p: _gauss_mixture_hs(p["pa"], p["pb"], p["r"], p["eps"]),
        "(6) and Proposition 1 as a statement: for the [0, r]-constrained Gaussian kernel K(x) = N(x, 1) and input laws "
        "μ, ν on {0, r}, E_ε(Kμ‖Kν) ≤ θ_ε(r) E_ε(μ‖ν) (20-digit quadrature, sampled ε, r, weights)",
        paper.source("(6); Prop. 1 ([ADC23])", "6", "derived", "two-point input laws"),
        symbols=[eps, rr, pa, pb],
        where=[pa < 1, pb < 1, rr <= 8, eps <= 6],
        samples=12,
        digits=12,
        budget=60,
    )
)

# Limits: θ_0(r) ~ r/√(2π) as r → 0; the first term of (21) → 1 + e^ε as T → ∞ (fixed κ).
paper.add(
    Limit(
        paper.id("prop-1-theta0-small-r"),
        theta(0, rr) / rr,
        rr,
        0,
        1 / sp.sqrt(2 * sp.pi),
        "θ_0(r) = 1 − 2Q(r/2) ~ r/√(2π) as r → 0⁺ (the total variation between N(0,1) and N(r,1))",
        _src("Prop. 1 ([ADC23]), θ_ε(r)"),
        direction="+",
    )
)
u = sp.Symbol("u", positive=True)
Tn = sp.Symbol("T", integer=True, positive=True)
paper.add(
    Limit(
        paper.id("thm-3-first-term-limit"),
        (1 + sp.exp(eps)) * (1 - (1 / (1 + u)) ** Tn),
        Tn,
        sp.oo,
        1 + sp.exp(eps),
        "Theorem 3, fixed κ: the first term (1 + e^ε)[1 − P(χ²_d ≤ κ²)^T] tends to 1 + e^ε as T → ∞ "
        "(P(χ²_d ≤ κ²) = 1/(1 + u) < 1), so (21) exceeds 1 for large T at any fixed κ",
        paper.source("Theorem 3", "21", "derived"),
    )
)
