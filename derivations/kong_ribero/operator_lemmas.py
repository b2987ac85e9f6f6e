"""Appendix A.1–A.2 items not covered elsewhere, and the remarks and limits of §2 and Appendices A, C.

* Lemma A.1 and Lemma A.2 (20): the shift arithmetic, and the statements on point masses plus Gaussian
  noise (where the shifted divergence is bounded by translating a Gaussian; the general shifted
  divergence (5) is measure-theoretic and is not encoded);
* Lemma A.6 (28) on quadratics; Proposition 2.1(a) (14), sampled;
* the remark after Theorem 2.3 on σ = Θ(C/[b√ε]), the first remark after Corollary C.2, the linear
  growth of (26) in the number of passes, its ℓ → ∞ limit, and (17) as m → 0.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import Identity, Inequality, Limit
from symbolic.claims import SampledInequality

from .appendix_c import sig_c
from .common import paper, src
from .constants import theta
from .theorems import thm23c

R = sp.Rational
al, sg, a, tau, Lp, w, z, s = sp.symbols("alpha sigma a tau L w z s", positive=True)
zeta = sp.Symbol("zeta", nonnegative=True)

# ---------------------------------------------------------------------------
# Lemma A.1
paper.add(
    Inequality(
        paper.id("lem-a.1b-shift"),
        Lp * tau + zeta + s,
        ">=",
        Lp * (tau - w) + zeta + s,
        "Lemma A.1(b)'s shift arithmetic: if ‖X − Y‖ = τ − w ≤ τ (w ≥ 0) and (8) holds, then "
        "‖φ(X) − φ'(Y)‖ ≤ L‖X − Y‖ + ζ + s ≤ Lτ + ζ + s",
        src("Lemma A.1(b)", (), "derived"),
    )
)
paper.add(
    Inequality(
        paper.id("lem-a.1a-gaussian-instance"),
        al * a**2 / (2 * sg**2),
        ">=",
        al * (a / (1 + z)) ** 2 / (2 * sg**2),
        "Lemma A.1(a) for point masses X = c, X' = 0 (1-D) and Z ~ N(0, σ²), τ ≤ c ≤ τ + a (c = τ + a/(1 + z)): "
        "translating c + Z by τ is feasible in (5), so the left side is at most α(c − τ)²/(2σ²), while "
        "D^{(τ+a)}(X ‖ X') = 0 and the sup term is αa²/(2σ²) by (21): α(c − τ)²/(2σ²) ≤ αa²/(2σ²) "
        "(c ≤ τ: the left side is 0; c > τ + a: the right side is +∞)",
        src("Lemma A.1(a)", (), "derived", "point-mass instance; the general statement is cited from [17]"),
    )
)

# Lemma A.2, (20) on point masses: φ(y) = Ly + s, φ'(y) = Ly, ψ = 0, |Y − Y'| = τ − w ≤ τ.
paper.add(
    Inequality(
        paper.id("lem-a.2-gaussian-instance"),
        a,
        ">=",
        Lp * (tau - w) + s - (Lp * tau + s - a),
        "(20) on point masses Y = y, Y' = y' with y − y' = τ − w ∈ [0, τ], φ(y) = Ly + s, φ'(y) = Ly, ψ = 0: "
        "after the shift Lτ + s − a the mean gap L(τ − w) + s of the two Gaussians has at most a left, so the left "
        "side of (20) is ≤ αa²/(2σ²) (21) = D^{(τ)}(Y ‖ Y') + αa²/(2σ²) (the mean gap is nonnegative here)",
        src("Lemma A.2, eq. (20)", "20", "derived", "point-mass instance"),
    )
)

# ---------------------------------------------------------------------------
# Lemma A.6, (28), on F = (q/2)x² with 0 ≤ q = L/(1 + z) ≤ L.
dd = sp.Symbol("d", real=True)
qv = Lp / (1 + z)
paper.add(
    Inequality(
        paper.id("lem-a.6-quadratic"),
        qv * dd**2,
        ">=",
        qv**2 * dd**2 / Lp,
        "Lemma A.6 on F = (q/2)x² (1-D, convex): (28) reads (q/2)d² ≤ (L/2)d², i.e. q ≤ L, and co-coercivity reads "
        "q d² ≥ q² d²/L, which holds for every 0 < q = L/(1 + z) ≤ L — the two sides of the equivalence agree",
        src("Lemma A.6, eq. (28)", "28", "derived", "quadratic instance; the general equivalence is cited from [7]"),
    )
)

# ---------------------------------------------------------------------------
# Proposition 2.1(a), (14): ‖A_λ(x) − A_λ(y)‖ ≤ ‖x − y‖ + 2λC when ‖p_i‖ ≤ C (sampled, 1-D, |B| = 2).
xs, ys = sp.symbols("x y", real=True)
lam_s, C_s = sp.symbols("lam C", positive=True)
t1, t2, t3, t4 = sp.symbols("t1 t2 t3 t4", real=True)


def _p(t, C):
    return C * mpmath.tanh(t)  # any value in (−C, C)


def _averaged_step_distance(p):
    """The left side of Proposition 2.1(a), (14): |A_λ(x) − A_λ(y)| in 1-D with |B| = 2."""
    C, lam_ = p["C"], p["lam"]
    A = lambda x0, ta, tb: x0 - lam_ / 2 * (_p(ta, C) + _p(tb, C))  # noqa: E731
    return abs(A(p["x"], p["t1"], p["t2"]) - A(p["y"], p["t3"], p["t4"]))


paper.add(
    SampledInequality(
        paper.id("prop-2.1a"),
        lambda p: abs(p["x"] - p["y"]) + 2 * p["lam"] * p["C"],
        ">=",
        _averaged_step_distance,
        "Proposition 2.1(a), (14), 1-D with |B| = 2: when every prox_{q_i} takes values of norm ≤ C (here "
        "p_i = C tanh(t_i)), ‖A_λ(x) − A_λ(y)‖ ≤ ‖x − y‖ + 2λC (sampled)",
        src("Proposition 2.1(a), eq. (14)", "14", "derived"),
        symbols=[xs, ys, lam_s, C_s, t1, t2, t3, t4],
        samples=30,
    )
)

# ---------------------------------------------------------------------------
# Remarks and limits.
lam, C, b, sgm, Eg, th, eps, kap = sp.symbols("lam C b sigma E theta eps K", positive=True)
paper.add(
    Identity(
        paper.id("thm-2.3-remark-sigma-linear-in-eps"),
        lhs=(4 * al * (lam * C / (b * sgm)) ** 2 * (1 + Eg * th)).subs(sgm, kap * C / (b * sp.sqrt(eps))),
        rhs=4 * al * lam**2 * eps * (1 + Eg * th) / kap**2,
        statement="third remark after Theorem 2.3: (17) (and (19)) at σ = K·C/(b√ε) equals 4αλ²ε(1 + Eθ)/K², linear in ε and "
        "free of C and b (θ stands for θ_{√2L_λ}(ℓ) or θ_{L_λ}(ℓ))",
        source=src("remarks after Theorem 2.3 (third)", ("17", "19"), "derived"),
        covers=[thm23c.id],
    )
)
E_sym = sp.Symbol("E", integer=True, positive=True)
sig2 = sig_c.expr**2
paper.add(
    Identity(
        paper.id("cor-c.2-remark-sigma-linear-in-E"),
        lhs=sp.diff(sig2, E_sym, 2),
        rhs=0,
        statement="first remark after Corollary C.2: σ̄_ε(m)² (corrected form) is affine in E — its second derivative in E "
        "vanishes (and its slope 16αC²λ̄²m/(b²ε(M + m)) is positive)",
        source=src("remarks after Corollary C.2 (first)", (), "derived"),
        covers=[sig_c.id],
    )
)
Ep = sp.Symbol("E", integer=True, positive=True)
paper.add(
    Limit(
        paper.id("prop-a.5a-limit-T"),
        al / (2 * sg**2) * ((Lp * tau + s) ** 2 * th + s**2 * (Ep - 1) * th) / Ep,
        Ep,
        sp.oo,
        al * s**2 * th / (2 * sg**2),
        "(26) at T = Eℓ (θ_L(0) = 0), θ = θ_L(ℓ): (26)/E → α s̄² θ_L(ℓ)/(2σ²) as E → ∞ — the divergence bound grows "
        "linearly in the number of cycles (second remark after Proposition A.5)",
        src("Proposition A.5(a), eq. (26); remarks after Proposition A.5", "26", "derived"),
    )
)
u = sp.Symbol("u", positive=True)
ellv = sp.Symbol("ell", integer=True, positive=True)
L1 = 1 + u
theta_closed = (1 - L1**-2) / (1 - L1 ** (-2 * ellv))
paper.add(
    Limit(
        paper.id("prop-a.5a-limit-ell"),
        al / (2 * sg**2) * ((L1 * tau + s) ** 2 + s**2 * (Ep - 1)) * theta_closed,
        ellv,
        sp.oo,
        al / (2 * sg**2) * ((L1 * tau + s) ** 2 + s**2 * (Ep - 1)) * (1 - L1**-2),
        "(26) at T = Eℓ with L = 1 + u > 1 (θ_L(ℓ) in its closed form (1 − L⁻²)/(1 − L^{−2ℓ})): as ℓ → ∞ the bound "
        "tends to (α/2σ²)[(Lτ + s̄)² + s̄²(E − 1)](1 − L⁻²), finite and positive",
        src("Proposition A.5(a), eq. (26)", "26", "derived"),
        covers=[theta.id],
    )
)
mm = sp.Symbol("m", nonnegative=True)
Mp = sp.Symbol("M", positive=True)
jj = sp.Symbol("j", integer=True)
Lam2 = 2 * (1 + 2 * lam * mm * (1 + mm / (2 * (Mp + mm))))  # (√2 L_λ)², from (13)
r2 = (lam * C / (b * sgm)) ** 2
paper.add(
    Limit(
        paper.id("thm-2.3-clipped-limit-m-to-0"),
        4 * al * r2 * (1 + Eg / sp.Sum(Lam2 ** (-jj), (jj, 0, ellv - 1))),
        mm,
        0,
        4 * al * r2 * (1 + Eg / sp.Sum(2 ** (-jj), (jj, 0, ellv - 1))),
        "as m → 0 (M > 0), (17) = 4α(λC/(bσ))²[1 + E θ_{√2L_λ}(ℓ)] tends to 4α(λC/(bσ))²[1 + E θ_√2(ℓ)]: continuous "
        "in the weak convexity (√2 L_λ → √2); E and ℓ generic, θ in its reciprocal form 1/Σ_{j<ℓ} Λ^{−2j} "
        "(theta-reciprocal-form)",
        src("Theorem 2.3, eq. (17)", "17", "derived"),
        direction="+",
        covers=[thm23c.id, theta.id],
    )
)

Tn = sp.Symbol("T", integer=True, positive=True)
paper.add(
    Identity(
        paper.id("prop-a.5b-with-prop-2.1a"),
        lhs=(2 * al * Tn * (zeta / sg) ** 2).subs(zeta, 2 * lam * C),
        rhs=8 * al * Tn * (lam * C / sg) ** 2,
        statement="an observation (the paper does not state it): Proposition A.5(b) (27) with Proposition 2.1(a)'s (L, ζ) = "
        "(1, 2λC) and s̄ = ζ gives the assumption-light bound D_α ≤ 8αT(λC/σ)², far weaker than composition",
        source=src("Proposition A.5(b), eq. (27); Proposition 2.1(a)", ("14", "27"), "derived"),
    )
)
