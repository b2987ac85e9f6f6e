"""Prop. 1 (θ_ε(r), the SDPI constant of the input-constrained Gaussian kernel) and
Lemma 2 (the diameter D + 2ηC of the Gaussian kernel's inputs in projected DP-SGD).

Formulas: ``asoodeh-diaz/lem-2`` (D + 2ηC) and ``asoodeh-diaz/theta``
(θ := θ_ε((D + 2ηC)/σ), the constant of Theorems 1 and 2).  Claims: the derivative
identities that make θ monotone, θ_0 = erf(r/(2√2)), the range
0 ≤ θ < 1, the bound θ_ε(r) < Q(ε/r − r/2) behind (23), the limits of θ (L6–L8),
and Lemma 2 with its tight example.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Identity, Inequality, Limit

from .common import (
    C,
    C_param,
    D,
    D_param,
    eps,
    eps_param,
    eta,
    eta_param,
    paper,
    sigma,
    sigma_param,
    Phi,
    Q,
    phi,
    theta,
)

lemma_2 = paper.add(
    Formula(
        paper.id("lem-2"),
        D + 2 * eta * C,
        [D_param, eta_param, C_param],
        paper.source("Lemma 2", ()),
        title="sup ‖ψ_{B2}(w2) − ψ_{B1}(w1)‖ ≤ D + 2ηC: diameter of the Gaussian kernel's inputs",
    )
)

r_projected = lemma_2.expr / sigma
theta_projected = paper.add(
    Formula(
        paper.id("theta"),
        theta(eps, r_projected),
        [eps_param, D_param, eta_param, C_param, sigma_param],
        paper.source("Props. 1–3, Theorems 1–2: θ := θ_ε((D + 2ηC)/σ)", "14"),
        title="θ = Q(ε/r − r/2) − e^ε Q(ε/r + r/2) at r = (D + 2ηC)/σ (privacy/gaussian-hockey-stick)",
    )
)

# Generic θ_ε(r) for the claims about Prop. 1's function.
r = sp.Symbol("r", positive=True)
th = theta(eps, r)
_src = lambda note: paper.source("Prop. 1 ([ADC23]), θ_ε(r)", (), "derived", note)  # noqa: E731
HS = "privacy/gaussian-hockey-stick"

paper.add(
    Identity(
        paper.id("prop-1-theta-dr"),
        lhs=sp.diff(th, r),
        rhs=phi(eps / r - r / 2),
        statement="∂θ_ε(r)/∂r = φ(ε/r − r/2) > 0: θ_ε is increasing in r (so sup over W of Prop. 1 is at the diameter)",
        source=_src("uses φ(ε/r + r/2)e^ε = φ(ε/r − r/2)"),
        covers=[HS, theta_projected.id],
    )
)
paper.add(
    Identity(
        paper.id("prop-1-theta-deps"),
        lhs=sp.diff(th, eps),
        rhs=-sp.exp(eps) * Q(eps / r + r / 2),
        statement="∂θ_ε(r)/∂ε = −e^ε Q(ε/r + r/2) < 0: θ_ε(r) is strictly decreasing in ε, so the root ε*_δ of (22) is unique",
        source=_src(""),
        covers=[HS, theta_projected.id],
    )
)
paper.add(
    Inequality(
        paper.id("prop-1-theta-increasing-in-r"),
        sp.diff(th, r),
        ">",
        0,
        "θ_ε(r) is strictly increasing in r: ∂θ/∂r = φ(ε/r − r/2) > 0",
        _src(""),
        certificate=phi(eps / r - r / 2),
        covers=[HS, theta_projected.id],
    )
)
paper.add(
    Inequality(
        paper.id("prop-1-theta-decreasing-in-eps"),
        sp.diff(th, eps),
        "<",
        0,
        "θ_ε(r) is strictly decreasing in ε: ∂θ/∂ε = −e^ε Q(ε/r + r/2) < 0 (uniqueness of ε*_δ in (22))",
        _src(""),
        certificate=sp.exp(eps) * Q(eps / r + r / 2),
        covers=[HS, theta_projected.id],
    )
)
paper.add(
    Identity(
        paper.id("prop-1-theta-eps0"),
        lhs=th.subs(eps, 0),
        rhs=sp.erf(r / (2 * sp.sqrt(2))),
        statement="θ_0(r) = 2Φ(r/2) − 1 = erf(r/(2√2)), the total variation between N(0,1) and N(r,1)",
        source=_src(""),
        covers=[HS],
    )
)
paper.add(
    Inequality(
        paper.id("prop-1-theta-below-Q"),
        th,
        "<",
        Q(eps / r - r / 2),
        "θ_ε(r) < Q(ε/r − r/2): the bound the Appendix uses to derive (23); the gap is e^ε Q(ε/r + r/2) > 0",
        paper.source("Appendix, before (23)", "23"),
        certificate=sp.exp(eps) * Q(eps / r + r / 2),
        covers=[HS],
        samples=16,
        budget=8,
    )
)
paper.add(
    Inequality(
        paper.id("prop-1-theta-below-1"),
        th,
        "<",
        1,
        "θ_ε(r) < 1 for every finite r (σ > 0 and dia(W) < ∞): the SDPI is strict (Prop. 1, Main Theorem's θ ∈ (0, 1))",
        paper.source("Prop. 1 and the Main Theorem: θ ∈ (0, 1)", ()),
        certificate=Phi(eps / r - r / 2) + sp.exp(eps) * Q(eps / r + r / 2),
        covers=[HS, theta_projected.id],
        samples=16,
        budget=8,
    )
)
paper.add(
    Inequality(
        paper.id("prop-1-theta-positive"),
        th,
        ">",
        0,
        "θ_ε(r) > 0 for every ε ≥ 0 and r > 0 (the paper: θ_ε(r) = ∫_0^r φ(ε/u − u/2) du, the integral of a "
        "positive density (D1)); proved from ε instead: ∂θ/∂ε = −e^ε Q(ε/r + r/2) < 0 and θ → 0 as ε → ∞",
        _src("integral form"),
        covers=[HS, theta_projected.id],
        decreasing_in=eps,
        samples=16,
        where=[sp.Le(eps, 10 * r), sp.Le(r, 20)],  # samples, if the proof fails: θ above the 50-digit margin
    )
)
paper.add(
    Limit(
        paper.id("prop-1-theta-r-to-oo"),
        th,
        r,
        sp.oo,
        1,
        "θ_ε(r) → 1 as r → ∞ (σ → 0 or D → ∞: no contraction, the bound becomes 1 − (1 − p)^T)",
        _src(""),
        covers=[HS],
    )
)
paper.add(
    Limit(
        paper.id("prop-1-theta-eps-to-oo"),
        th,
        eps,
        sp.oo,
        0,
        "θ_ε(r) → 0 as ε → ∞",
        _src(""),
        covers=[HS],
    )
)
paper.add(
    Limit(
        paper.id("prop-1-theta-r-to-0"),
        th,
        r,
        0,
        0,
        "θ_ε(r) → 0 as r → 0⁺ (σ → ∞: total contraction), for every ε ≥ 0: squeezed between 0 < θ_ε(r) (θ decreases "
        "in ε towards 0) and θ_ε(r) ≤ θ_0(r) (θ_0 − θ_ε is 0 at ε = 0 and increases in ε), and θ_0(r) → 0; the terms "
        "alone have no common limit (ε/r → ∞ for ε > 0, 0 for ε = 0)",
        _src(""),
        direction="+",
        squeeze=(0, theta(0, r)),
        squeeze_hints=({"decreasing_in": eps}, {"increasing_in": eps}),
        covers=[HS],
    )
)

# Lemma 2 in one dimension: |w2 − w1| ≤ D and clipped gradients |g| ≤ C, written through parameters
# s ≥ 0 that sweep the intervals (w = D(1 − s₀)/(1 + s₀) ∈ (−D, D], g = C(1 − s)/(1 + s) ∈ (−C, C]).
s0, s1, s2 = sp.symbols("s0 s1 s2", nonnegative=True)
w = D * (1 - s0) / (1 + s0)
g1, g2 = C * (1 - s1) / (1 + s1), C * (1 - s2) / (1 + s2)
paper.add(
    Inequality(
        paper.id("lem-2-bound"),
        lemma_2.expr**2,
        ">=",
        ((w - eta * g2) - (0 - eta * g1)) ** 2,
        "Lemma 2 (d = 1): |ψ_{B2}(w2) − ψ_{B1}(w1)| ≤ D + 2ηC (squared) whenever w2 − w1 = w ∈ (−D, D] and the clipped "
        "gradients g_i ∈ (−C, C] (w1 = 0 by translation; the closed endpoints follow by continuity): the difference "
        "of squares is (D − w + η(C + g2) + η(C − g1))(D + w + η(C − g2) + η(C + g1)), both factors ≥ 0",
        paper.source("Lemma 2 and its proof", ()),
        covers=[lemma_2.id],
        certificate=(2 * D * s0 / (1 + s0) + 2 * eta * C / (1 + s2) + 2 * eta * C * s1 / (1 + s1))
        * (2 * D / (1 + s0) + 2 * eta * C * s2 / (1 + s2) + 2 * eta * C / (1 + s1)),
    )
)
paper.add(
    Identity(
        paper.id("lem-2-tight"),
        lhs=(D - eta * (-C)) - (0 - eta * C),
        rhs=lemma_2.expr,
        statement="Lemma 2 is attained: W = [0, D], w2 = D with Clip(∇ℓ) = −C and w1 = 0 with Clip(∇ℓ) = +C give "
        "ψ_{B2}(w2) − ψ_{B1}(w1) = D + 2ηC",
        source=paper.source("Lemma 2", (), "derived", "the bound is tight"),
        covers=[lemma_2.id],
    )
)
