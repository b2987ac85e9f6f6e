"""§1 of the paper: Theorem 1.1 (6)–(7), the bound forms (9)–(10), Table 2's remaining rows and
Figure 1's right panel (convex case, Q ≠ C).

(9) is asymptotic ("⪯"): it is checked against the theorem it summarises, (16), up to the
constant stated in the claim; (10) is checked to be exactly (19) up to the factor 4.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Identity, Inequality

from .common import ALPHA_GT_1, MM_POSITIVE, P, C, E, alpha, b, d_h, ell, lam, m, M, paper, sigma, src
from .constants import L_lambda, theta
from .table2 import pabi
from .theorems import thm22

R = sp.Rational
sg = sp.Symbol("s", positive=True)
Tn = sp.Symbol("T", integer=True, positive=True)
n = sp.Symbol("n", integer=True, nonnegative=True)
i = sp.Symbol("i", integer=True, positive=True)

# ---------------------------------------------------------------------------
# Theorem 1.1, (6)–(7): one gap s at t = 1, residuals a_t = s/T.
paper.add(
    Identity(
        paper.id("thm-1.1-shift-bookkeeping"),
        lhs=sg - sp.Sum(sg / Tn, (i, 1, Tn - n)),
        rhs=sg * n / Tn,
        statement="(6) for a single gap s₁ = s (s_t = 0 for t ≥ 2) and a_t = s/T: z_{T−n} = Σ_{i ≤ T−n} s_i − Σ_{i ≤ T−n} a_i "
        "= s n/T ≥ 0 for 0 ≤ n < T, and z_T = 0",
        source=src("Theorem 1.1, eq. (6)", "6", "derived"),
        where=[sp.Le(n, Tn)],  # 0 ≤ n ≤ T, as stated (beyond, the sum's range is reversed)
    )
)
Lg = sp.Symbol("L", positive=True)
paper.add(
    Identity(
        paper.id("thm-1.1-pabi-single-gap"),
        lhs=alpha / (2 * sigma**2) * sp.Sum((sg / Tn) ** 2, (i, 1, Tn)),
        rhs=alpha * sg**2 / (2 * sigma**2 * Tn),
        statement="(7) with those residuals: R_T({a_t}) = (α/2σ²) Σ_t (s/T)² = α s²/(2σ² T) — the Θ(α[λQ/σ]²) one-pass "
        "bound of PABI (s = 2λQ); it equals the exact divergence of the linear-Gaussian instance at L = 1 "
        "(kong-ribero/lem-a.4a-tight)",
        source=src("Theorem 1.1, eq. (7)", "7", "derived"),
    )
)

# ---------------------------------------------------------------------------
# (9) with the bounded-domain B, and Table 2's row "Ours" for Theorem 2.2.
Llam = L_lambda(lam=lam, m=m, M=M)
bounded = paper.add(
    Formula(
        paper.id("table-2-ours-bounded"),
        alpha / sigma**2 * (Llam * d_h + lam * C / b) ** 2,
        [P[k] for k in ("alpha", "sigma", "lam", "m", "M", "d_h", "C", "b")],
        src("Table 2, row Ours (Theorem 2.2); (9)", "9"),
        hypotheses=[ALPHA_GT_1, MM_POSITIVE],
        title="(α/σ²)[L_λ d_h + λC/b]² (Table 2's bounded-domain row; (9) with B = (L_λ d_h + λC/b)²)",
    )
)
a_ = sp.Symbol("a", nonnegative=True)  # stands for L_λ d_h ≥ 0
x_ = sp.Symbol("x", positive=True)  # stands for λC/b > 0
paper.add(
    Inequality(
        paper.id("table-2-ours-bounded-vs-16"),
        2 * alpha / sigma**2 * (a_ + x_) ** 2,
        ">=",
        alpha / (2 * sigma**2) * (a_ + 2 * x_) ** 2,
        "(9)/Table 2's bounded-domain form against Theorem 2.2: with a = L_λ d_h, x = λC/b, (16) = (α/2σ²)(a + 2x)² "
        "≤ 2·(α/σ²)(a + x)², so (16) implies the row up to the factor 2 that '⪯' allows (the row drops (16)'s 1/2 "
        "and its 2 in 2λC/b)",
        src("Table 2, row Ours (Theorem 2.2); (9), (16)", ("9", "16"), "derived"),
        covers=[bounded.id, thm22.id],
    )
)

# (10) and (19).
Tg = sp.Symbol("T", integer=True, positive=True)
j = sp.Symbol("j", integer=True)
B10 = (1 + sp.ceiling(Tg / ell) * Lg ** (2 * ell) / sp.Sum(Lg ** (2 * j), (j, 1, ell))) * (lam * C / b) ** 2
eq10 = paper.add(
    Formula(
        paper.id("eq-10"),
        B10,
        [P["L"], P["ell"], P["lam"], P["C"], P["b"], P["T"]],
        src("(10)", "10"),
        title="B_λ = (1 + ⌈T/ℓ⌉ L^{2ℓ}/Σ_{i=1}^ℓ L^{2i})(λC/b)²",
    )
)
Eg = sp.Symbol("E", integer=True, positive=True)
paper.add(
    Identity(
        paper.id("eq-10-is-19"),
        lhs=4 * alpha / sigma**2 * (1 + Eg * Lg ** (2 * ell) / sp.Sum(Lg ** (2 * j), (j, 1, ell))) * (lam * C / b) ** 2,
        rhs=4 * alpha * (lam * C / (b * sigma)) ** 2 * (1 + Eg * theta(L=Lg, s=ell)),
        statement="(9) with (10) is (19) up to the factor 4: 4(α/σ²)B_λ = 4α(λC/(bσ))²[1 + E θ_L(ℓ)] with E = ⌈T/ℓ⌉, "
        "because L^{2ℓ}/Σ_{i=1}^ℓ L^{2i} = θ_L(ℓ)",
        source=src("(10), (19)", ("10", "19"), "derived"),
        covers=[eq10.id, theta.id],
    )
)

# ---------------------------------------------------------------------------
# Table 2, row [2, Theorem 3.1] (Altschuler & Talwar): α[λQ/σ]² min{E/ℓ, d_h/(Qλk)}.
Q = sp.Symbol("Q", positive=True)
k_ = sp.Symbol("k", integer=True, positive=True)
Q_param = P["H"].__class__(Q, "Lipschitz constant Q of f")
at = paper.add(
    Formula(
        paper.id("table-2-altschuler-talwar"),
        alpha * (lam * Q / sigma) ** 2 * sp.Min(E / ell, d_h / (Q * lam * k_)),
        [P["alpha"], P["sigma"], P["lam"], Q_param, P["E"], P["ell"], P["d_h"], P["k"]],
        src("Table 2, row [2, Thm 3.1]"),
        hypotheses=[ALPHA_GT_1],
        title="α[λQ/σ]² min{E/ℓ, d_h/(Qλk)}",
    )
)
paper.add(
    Identity(
        paper.id("table-2-altschuler-talwar-min"),
        lhs=at.expr.subs(d_h, E * Q * lam * k_ / ell * (1 + sp.Symbol("w", nonnegative=True))),
        rhs=pabi.expr,
        statement="Table 2: the [2, Thm 3.1] row equals the PABI row [17, Thm 35] α(E/ℓ)[λQ/σ]² whenever the diameter term "
        "does not bind (d_h ≥ EQλk/ℓ, written d_h = (EQλk/ℓ)(1 + w), w ≥ 0); below that it is smaller",
        source=src("Table 2, rows [2, Thm 3.1] and [17, Thm 35]", (), "derived"),
        covers=[at.id, pabi.id],
    )
)

# ---------------------------------------------------------------------------
# Figure 1 (right): convex case, Q may differ from C.
ours_convex = 4 * alpha * (lam * C / (b * sigma)) ** 2 * (1 + E / ell)
paper.add(
    Identity(
        paper.id("figure-1-right-crossover"),
        lhs=pabi.expr - ours_convex,
        rhs=alpha * lam**2 / sigma**2 * (E * Q**2 / ell - 4 * C**2 * (1 + E / ell) / b**2),
        statement="Figure 1 (right), convex case: PABI's α(E/ℓ)(λQ/σ)² minus our (19) at m = 0 (θ_1(ℓ) = 1/ℓ, "
        "4α(λC/(bσ))²(1 + E/ℓ)) is (αλ²/σ²)[EQ²/ℓ − 4C²(1 + E/ℓ)/b²]: ours is the smaller exactly when "
        "Q² > 4C²(ℓ/E + 1)/b², e.g. whenever C ≪ Q",
        source=src("Figure 1 (right)", (), "derived"),
        covers=[pabi.id],
    )
)
