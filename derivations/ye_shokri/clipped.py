"""§6, Proposition 6.2 (Appendix D.3): the clipped unregularised gradient g₀ = ∇ℓ₀·min(1, (S_g/2)/‖∇ℓ₀‖) plus λθ.

* ``eq-166-clipped-jacobian`` — (166), clipped branch: the Jacobian of G ↦ (S_g/2)·G/‖G‖ is
  (S_g/2)/‖G‖·(I − uuᵀ), u = G/‖G‖, so by the chain rule ∇g₀ = (S_g/2)/‖∇ℓ₀‖·(I − uuᵀ)∇²ℓ₀ (PROVED in ℝ⁹, i.e.
  c = 3, d = 2; the unclipped branch is g₀ = ∇ℓ₀ itself); ``eq-166-clipped-jacobian-general`` — the same in every
  dimension (a diagonal and an off-diagonal entry, the other coordinates entering ‖G‖² only).
* ``prop-6.2-clipping-nonexpansive-one`` / ``-both`` — the clipping G ↦ G·min(1, (S_g/2)/‖G‖) is 1-Lipschitz in
  every dimension (one or both points outside the ball; as functions of ‖a‖, ‖b‖, a·b), the step by which (27)'s
  upper half survives the clipping.
* ``prop-6.2-lower-bound`` — (27)/(164)'s lower half λ‖θ − θ′‖ ≤ ‖g(θ) − g(θ′)‖ fails with clipping: a concrete
  pair at Table 2's parameters (erratum E22); ``prop-6.2-lower-bound-corrected`` — without clipping it holds
  (λ-strong convexity), checked along the same segment; ``prop-6.2-upper-bound`` — the upper half
  ‖g(θ) − g(θ′)‖ ≤ (β + λ)‖θ − θ′‖ holds (s‖(I − uuᵀ)Hw‖ ≤ ‖Hw‖ ≤ β‖w‖), checked along the segment.
* ``eq-167-quadratic-form`` — (167)'s "0 ⪯ ∇g₀" for the non-symmetric ∇g₀, read as wᵀ∇g₀w ≥ 0, fails at the
  point of :mod:`.logistic` (erratum E22); ``eq-167-spectral-norm-corrected`` — what the proof's argument does give,
  ‖∇g₀‖₂ ≤ β, checked there.

The point, the data and the hyper-parameters are those of :mod:`.logistic` (Table 2: L = 1, λ = 0.02, S_g/2 = 1.5;
c = 3, d = 2, y = e_3; ‖∇ℓ₀‖ ≈ 1.70 > 1.5 at θ, so the clipping is active).  The directions below were found from
the Jacobian's smallest singular vector and the most negative eigenvector of its symmetric part, rounded to four
digits; the claims evaluate the definitions at these exact decimals.
"""

from __future__ import annotations

import functools

import mpmath
import sympy as sp

from symbolic import Inequality
from symbolic.claims.numeric import SampledInequality

from .common import REDUCTION_SCOPE, mpq, paper, src
from .logistic import CLIP, LAM, THETA, DeferredIdentity, gradient

#: ‖δ‖ ≈ 1: the pair of (27) is θ and θ′ = θ + hδ (the smallest right singular vector of ∇g at θ, rounded)
DELTA = ["0.05912", "0.2783", "-0.2845", "0.06084", "0.2864", "-0.2928", "-0.12", "-0.5647", "0.5773"]
#: ‖w‖ ≈ 1: the most negative eigenvector of the symmetric part of ∇g₀ at θ, rounded
W167 = ["0.04526", "0.2131", "-0.2178", "0.07358", "0.3464", "-0.3541", "-0.1188", "-0.5595", "0.572"]
BETA_TABLE_2 = sp.Integer(1)  # β = (L² + 1)/2 at L = 1 (Proposition 6.1)


def _vec(strings):
    return [mpmath.mpf(v) for v in strings]


def _norm(u):
    return mpmath.sqrt(mpmath.fsum(x * x for x in u))


def segment(h, clip=CLIP):
    """(‖θ − θ′‖, ‖g(θ) − g(θ′)‖) for θ′ = θ + h·δ at the working precision (clip=None: g = ∇ℓ₀ + λθ)."""
    th, d = _vec(THETA), _vec(DELTA)
    th2 = [a + h * b for a, b in zip(th, d)]
    g1, g2 = gradient(th, clip), gradient(th2, clip)
    return _norm([a - b for a, b in zip(th, th2)]), _norm([a - b for a, b in zip(g1, g2)])


def _jacobian_g0(clip=CLIP, step_digits=20):
    """∇g₀ at θ by central differences at 60 digits (entries exact to ≈ 10^−35): ∇g − λI."""
    with mpmath.workdps(60):
        th = _vec(THETA)
        h = mpmath.mpf(10) ** -step_digits
        cols = []
        for k in range(len(th)):
            up = [v + (h if i == k else 0) for i, v in enumerate(th)]
            dn = [v - (h if i == k else 0) for i, v in enumerate(th)]
            fu, fd = gradient(up, clip), gradient(dn, clip)
            cols.append([(fu[i] - fd[i]) / (2 * h) - (mpq(LAM) if i == k else 0) for i in range(len(th))])
        return mpmath.matrix(cols).T


def quadratic_form_g0(w=W167, clip=CLIP):
    """wᵀ∇g₀(θ)w, the directional derivative of g₀ along w (central difference at 60 digits, step 10^−20)."""
    with mpmath.workdps(60):
        th, wv = _vec(THETA), _vec(w)
        h = mpmath.mpf(10) ** -20
        fu = gradient([a + h * b for a, b in zip(th, wv)], clip)
        fd = gradient([a - h * b for a, b in zip(th, wv)], clip)
        lam = mpq(LAM)
        return mpmath.fsum(wv[i] * ((fu[i] - fd[i]) / (2 * h) - lam * wv[i]) for i in range(len(wv)))


def spectral_norm_g0(clip=CLIP):
    """‖∇g₀(θ)‖₂ (largest singular value, mpmath's symmetric eigensolver on JᵀJ)."""
    with mpmath.workdps(60):
        J = _jacobian_g0(clip)
        return mpmath.sqrt(max(mpmath.eigsy(J.T * J, eigvals_only=True)))


# ---------------------------------------------------------------------------
# (166): the Jacobian of the clipping map.
_S = sp.Symbol("S", positive=True)  # S_g/2
_G = sp.symbols("G0:9", real=True)  # G = ∇ℓ₀(θ) ∈ ℝ⁹


@functools.cache
def clipping_jacobian_residual():
    """Σ_{i,j} (∂(S·G_i/‖G‖)/∂G_j − (S/‖G‖)(δ_ij − G_iG_j/‖G‖²))² over the 81 entries."""
    norm = sp.sqrt(sum(x**2 for x in _G))
    return sum(
        (sp.diff(_S * _G[i] / norm, _G[j]) - _S / norm * ((1 if i == j else 0) - _G[i] * _G[j] / norm**2)) ** 2
        for i in range(9)
        for j in range(9)
    )


paper.add(
    DeferredIdentity(
        paper.id("eq-166-clipped-jacobian"),
        build=clipping_jacobian_residual,
        symbols=(*_G, _S),
        statement="(166), clipped branch (‖∇ℓ₀‖ > S_g/2): the Jacobian of G ↦ (S_g/2)·G/‖G‖ is (S_g/2)/‖G‖·(I − uuᵀ), "
        "u = G/‖G‖, so by the chain rule ∇g₀ = (S_g/2)/‖∇ℓ₀‖·(I − uuᵀ)∇²ℓ₀ (G ∈ ℝ⁹ ∖ {0}, i.e. c = 3, d = 2: the sum "
        "of squared residuals of the 81 entries is 0); in the unclipped branch g₀ = ∇ℓ₀ and ∇g₀ = ∇²ℓ₀",
        source=src("Proposition 6.2, proof, eq. (166)", ("166",)),
        budget=60,
        where=[sp.Ne(sum(x**2 for x in _G), 0)],  # G ∈ ℝ⁹ ∖ {0}, as stated (the clipped branch has ‖G‖ > S/2)
    )
)

# ---------------------------------------------------------------------------
# (27)/(164) along the segment θ + hδ.
_h = sp.Symbol("h", positive=True)
_SEG = dict(symbols=[_h], where=[_h <= 2], digits=20)
paper.add(
    SampledInequality(
        paper.id("prop-6.2-lower-bound"),
        lambda v: mpq(LAM) * segment(v["h"])[0],
        "<=",
        lambda v: segment(v["h"])[1],
        "(27)/(164) as printed, lower half: λ‖θ − θ′‖ ≤ ‖g(θ) − g(θ′)‖ for the clipped g = g₀ + λθ, at Table 2's "
        "parameters (L = 1, λ = 0.02, S_g/2 = 1.5; c = 3, d = 2), θ the point of prop-6.2-contraction and "
        "θ′ = θ + hδ (δ: the module's DELTA, ‖δ‖ ≈ 1); at h = 1/10, ‖g(θ) − g(θ′)‖/‖θ − θ′‖ = 0.01930 < λ",
        src("Proposition 6.2, eqs. (27), (164)", ("27", "164", "168")),
        expect="refuted",
        erratum="ye-shokri E22",
        hints=[{"h": sp.Rational(1, 10)}],
        samples=1,
        **_SEG,
    )
)
paper.add(
    SampledInequality(
        paper.id("prop-6.2-lower-bound-corrected"),
        lambda v: mpq(LAM) * segment(v["h"], clip=None)[0],
        "<=",
        lambda v: segment(v["h"], clip=None)[1],
        "corrected scope: without clipping (g = ∇ℓ₀ + λθ = ∇ℓ_λ, λ-strongly convex by eq-23-strongly-convex) "
        "λ‖θ − θ′‖ ≤ ‖g(θ) − g(θ′)‖, checked on the same segment θ′ = θ + hδ, 0 < h ≤ 2; with clipping (27)'s lower "
        "half has no substitute (prop-6.2-lower-bound)",
        src("Proposition 6.2, eqs. (27), (164)", ("27", "164", "168"), "corrected"),
        erratum="ye-shokri E22",
        hints=[{"h": sp.Rational(1, 10)}],
        samples=4,
        **_SEG,
    )
)
paper.add(
    SampledInequality(
        paper.id("prop-6.2-upper-bound"),
        lambda v: segment(v["h"])[1],
        "<=",
        lambda v: (mpq(BETA_TABLE_2) + mpq(LAM)) * segment(v["h"])[0],
        "(27)/(164), upper half: ‖g(θ) − g(θ′)‖ ≤ (β + λ)‖θ − θ′‖ for the clipped g, β = (L² + 1)/2 = 1 at L = 1 "
        "(λ = 0.02, S_g/2 = 1.5; c = 3, d = 2), checked on the segment θ′ = θ + hδ, 0 < h ≤ 2 (it holds in general: "
        "s‖(I − uuᵀ)∇²ℓ₀w‖ ≤ ‖∇²ℓ₀w‖ ≤ β‖w‖ by (166) and eq-153-smoothness)",
        src("Proposition 6.2, eqs. (27), (164)", ("27", "164", "168")),
        hints=[{"h": sp.Rational(1, 10)}],
        samples=4,
        **_SEG,
    )
)

# ---------------------------------------------------------------------------
# (167): "0 ⪯ ∇g₀ ⪯ βI" for a non-symmetric matrix.
_lam = sp.Symbol("lam", positive=True)
_AT = dict(symbols=[_lam], where=[sp.Eq(_lam, LAM)], hints=[{"lam": LAM}], samples=1, digits=20)
paper.add(
    SampledInequality(
        paper.id("eq-167-quadratic-form"),
        lambda v: quadratic_form_g0(),
        ">=",
        lambda v: mpmath.mpf(0),
        "(167) as printed, lower half, read for the non-symmetric ∇g₀ as wᵀ∇g₀w ≥ 0 (equivalently (168)'s "
        "λI ⪯ ∇g as wᵀ∇gw ≥ λ‖w‖²): at the point of prop-6.2-contraction (Table 2: λ = 0.02, S_g/2 = 1.5; c = 3, "
        "d = 2) and w = the module's W167 (‖w‖ ≈ 1), wᵀ∇g₀w = −0.01139",
        src("Proposition 6.2, proof, eqs. (167), (168)", ("167", "168")),
        expect="refuted",
        erratum="ye-shokri E22",
        **_AT,
    )
)
paper.add(
    SampledInequality(
        paper.id("eq-167-spectral-norm-corrected"),
        lambda v: spectral_norm_g0(),
        "<=",
        lambda v: mpq(BETA_TABLE_2),
        "corrected (167): what the proof's argument gives is the operator-norm bound ‖∇g₀‖₂ ≤ β "
        "(s ≤ 1, ‖I − uuᵀ‖ ≤ 1, ‖∇²ℓ₀‖ ≤ β), hence the upper half of (27); checked at the same point "
        "(β = 1 at L = 1; ‖∇g₀‖₂ = 0.6135); no lower bound holds with clipping",
        src("Proposition 6.2, proof, eqs. (167), (168)", ("167", "168"), "corrected"),
        erratum="ye-shokri E22",
        **_AT,
    )
)

# ---------------------------------------------------------------------------
# (166) and the clipping in any dimension N = (d + 1)c.  The clipping map Π(G) = G·min(1, s/‖G‖), s = S_g/2, depends
# on coordinates G_i, G_j only through them and Q = Σ_{k≠i,j} G_k² ≥ 0; and ‖Π(a) − Π(b)‖² ≤ ‖a − b‖² (Π is the
# projection onto the ball of radius s) depends on a, b only through A = ‖a‖, B = ‖b‖ and a·b = AB − E (E ≥ 0 by
# Cauchy–Schwarz, eq-153-cauchy-schwarz-induction).  With both inside the ball Π is the identity.
_gi, _gj = sp.symbols("G_i G_j", real=True)
_gQ = sp.Symbol("Q", nonnegative=True)
_gnorm = sp.sqrt(_gi**2 + _gj**2 + _gQ)


@functools.cache
def clipping_jacobian_general_residual():
    """The squared residuals of a diagonal and an off-diagonal entry of the Jacobian of G ↦ sG/‖G‖, ‖G‖² = G_i² +
    G_j² + Q."""
    return (sp.diff(_S * _gi / _gnorm, _gi) - _S / _gnorm * (1 - _gi**2 / _gnorm**2)) ** 2 + (
        sp.diff(_S * _gi / _gnorm, _gj) + _S / _gnorm * _gi * _gj / _gnorm**2
    ) ** 2


paper.add(
    DeferredIdentity(
        paper.id("eq-166-clipped-jacobian-general"),
        build=clipping_jacobian_general_residual,
        symbols=(_gi, _gj, _gQ, _S),
        statement="(166), clipped branch, in every dimension N = (d + 1)c (G ≠ 0): ∂(sG_i/‖G‖)/∂G_j = (s/‖G‖)(δ_ij − "
        "G_iG_j/‖G‖²), i.e. the Jacobian of the clipping is (s/‖G‖)(I − uuᵀ), u = G/‖G‖ (the diagonal entry and an "
        "off-diagonal one, the other coordinates entering ‖G‖² through Q ≥ 0 only); with the chain rule "
        "∇g₀ = (s/‖G‖)(I − uuᵀ)∇²ℓ₀ (eq-161-hessian-general)" + REDUCTION_SCOPE,
        source=src("Proposition 6.2, proof, eq. (166)", ("166",)),
        budget=6,
        where=[sp.Ne(_gi**2 + _gj**2 + _gQ, 0)],  # G ≠ 0, as stated
    )
)
_px, _py = sp.symbols("x y", positive=True)  # A = s + x > s; B = s + y > s
_py0 = sp.Symbol("y", nonnegative=True)  # B = s − y ≤ s
_pE = sp.Symbol("E", nonnegative=True)  # a·b = AB − E
_pA = _S + _px
for _label, _B, _lhs, _cert, _what in (
    (
        "one",
        _S - _py0,
        _S**2 - 2 * _S * (_pA * (_S - _py0) - _pE) / _pA + (_S - _py0) ** 2,
        _px * (_px + 2 * _py0) + 2 * _px * _pE / _pA,
        "a outside the ball (‖a‖ = A > s), b inside (B ≤ s): ‖sa/A − b‖² = s² − 2s(a·b)/A + B²; the difference is "
        "x(x + 2y) + 2xE/A with A = s + x, B = s − y",
    ),
    (
        "both",
        _S + _py,
        2 * _S**2 - 2 * _S**2 * (_pA * (_S + _py) - _pE) / (_pA * (_S + _py)),
        (_px - _py) ** 2 + 2 * _pE * (_S * _px + _S * _py + _px * _py) / (_pA * (_S + _py)),
        "both outside (A = s + x, B = s + y): ‖sa/A − sb/B‖² = 2s² − 2s²(a·b)/(AB); the difference is "
        "(A − B)² + 2E(1 − s²/(AB))",
    ),
):
    paper.add(
        Inequality(
            paper.id(f"prop-6.2-clipping-nonexpansive-{_label}"),
            _pA**2 + _B**2 - 2 * (_pA * _B - _pE),
            ">=",
            _lhs,
            "Proposition 6.2's upper half in every dimension: the clipping Π(G) = G·min(1, s/‖G‖) is 1-Lipschitz, "
            "‖Π(a) − Π(b)‖² ≤ ‖a − b‖² = A² + B² − 2a·b, a·b = AB − E (E ≥ 0, Cauchy–Schwarz); " + _what + ".  So "
            "‖g₀(θ) − g₀(θ′)‖ ≤ ‖∇ℓ₀(θ) − ∇ℓ₀(θ′)‖ ≤ β‖θ − θ′‖ (∇ℓ₀(θ) − ∇ℓ₀(θ′) = H̄(θ − θ′), H̄ the average of "
            "∇²ℓ₀ on the segment, 0 ⪯ H̄ ⪯ βI by eq-165-convex-induction and eq-153-cauchy-schwarz-induction), and "
            "‖g(θ) − g(θ′)‖ ≤ (β + λ)‖θ − θ′‖" + REDUCTION_SCOPE,
            src("Proposition 6.2, eqs. (27), (164)", ("27", "164")),
            certificate=_cert,
            budget=3,
        )
    )
