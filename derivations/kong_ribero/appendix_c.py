"""Appendix C: Lemma C.1 (tail bound on θ_L), Corollary C.2 (parameter choices λ̄, ℓ̄, σ̄_ε) and
Corollary C.3 (an E-independent bound).  Errata: E3 (proof of C.1), E6 (C.2: the L expression,
σ̄_ε off by 4α, the display without E), E27 (the m → 0 remark fails for M = 0).
"""

from __future__ import annotations

import sympy as sp
from sympy.codegen.cfunctions import log1p

from symbolic import Formula, Hypothesis, Identity, Inequality, Limit

from .common import (
    ALPHA_GT_1,
    B_DIVIDES_K,
    MM_POSITIVE,
    STEP_CLIPPED,
    C,
    L,
    M,
    T,
    alpha,
    b,
    geometric,
    k,
    lam,
    m,
    n,
    paper,
    params,
    plain,
    q,
    sigma,
    src,
    u,
    v,
    w,
)
from .constants import L_lambda, L_lambda_expr, theta

R = sp.Rational
s1 = sp.Symbol("s", integer=True, positive=True)

# ---------------------------------------------------------------------------
# Lemma C.1
xi = sp.Symbol("xi", positive=True)
s_min = paper.add(
    Formula(
        paper.id("lem-c.1-s-min"),
        sp.log(xi / (xi - 1)) / (2 * sp.log(L)),
        params("L", "xi"),
        src("Lemma C.1: s ≥ log_L sqrt(ξ/(ξ−1))", (), "printed"),
        hypotheses=[Hypothesis(plain("L") > 1, "L > 1"), Hypothesis(plain("xi") > 1, "ξ > 1")],
        title="log_L sqrt(ξ/(ξ − 1)) = log(ξ/(ξ−1)) / (2 log L)",
    )
)
cC1 = [s_min.id, theta.id]
Lg, xig = 1 + u, 1 + v
paper.add(
    Identity(
        paper.id("lem-c.1-proof-first-step"),
        lhs=L ** (-2 * (s1 - 1)) / geometric(L, s1),
        rhs=theta(L=L, s=s1),
        statement="printed first equality of the proof of Lemma C.1: θ_L(s) = L^{−2(s−1)} / Σ_{i=0}^{s−1} L^{2i}",
        source=src("Lemma C.1, proof", "15"),
        expect="refuted",
        erratum="kong-ribero E3",
        hints=[{"L": 2, "s": 3}],
        covers=cC1,
    )
)
paper.add(
    Identity(
        paper.id("lem-c.1-proof-first-step-corrected"),
        lhs=theta(L=Lg, s=s1),
        rhs=(Lg ** (2 * s1) - Lg ** (2 * (s1 - 1))) / (Lg ** (2 * s1) - 1),
        statement="corrected: θ_L(s) = L^{2(s−1)}/Σ_{i<s} L^{2i} = (L^{2s} − L^{2(s−1)})/(L^{2s} − 1) for L = 1 + u > 1 "
        "(the rest of the chain is theta-closed-form-L-gt-1)",
        source=src("Lemma C.1, proof", "15", "corrected"),
        erratum="kong-ribero E3",
        covers=cC1,
    )
)
# Key step: with x = L^{-2s} ≤ (ξ−1)/ξ (i.e. s ≥ s_min), (1 − L^{-2})/(1 − x) ≤ ξ(1 − L^{-2}).
x_ok = (xig - 1) / xig / (1 + q)
paper.add(
    Inequality(
        paper.id("lem-c.1-key-step"),
        (1 - Lg**-2) / (1 - x_ok),
        "<=",
        xig * (1 - Lg**-2),
        "Lemma C.1's step: for L = 1 + u > 1, ξ = 1 + v > 1 and any L^{−2s} = x = [(ξ−1)/ξ]/(1 + q) ≤ (ξ−1)/ξ "
        "(equivalently s ≥ log_L sqrt(ξ/(ξ−1))), (1 − L^{−2})/(1 − x) ≤ ξ(1 − L^{−2})",
        src("Lemma C.1, proof", "15", "printed"),
        covers=cC1,
    )
)
# Lemma C.1 itself, over its whole domain.  For L > 1 and ξ > 1, s ≥ log_L sqrt(ξ/(ξ−1)) ⇔ L^{2s} ≥ ξ/(ξ−1) ⇔
# ξ ≥ ξ_s := L^{2s}/(L^{2s} − 1) (> 1): the triples (L, ξ, s) of the lemma are exactly L = 1 + u, s ≥ 1, ξ = ξ_s + w
# with u > 0, w ≥ 0.  There the difference is (1 − L^{−2}) w.
Ls = Lg ** (2 * s1)
paper.add(
    Inequality(
        paper.id("lem-c.1"),
        (1 - Lg**-2) / (1 - Lg ** (-2 * s1)),
        "<=",
        (Ls / (Ls - 1) + w) * (1 - Lg**-2),
        "Lemma C.1: θ_L(s) ≤ ξ(1 − L^{−2}) for L > 1, ξ > 1, s ≥ log_L sqrt(ξ/(ξ−1)); θ in its closed form "
        "(theta-closed-form-L-gt-1). The hypothesis on s is L^{2s} ≥ ξ/(ξ−1), i.e. ξ ≥ L^{2s}/(L^{2s} − 1), so the "
        "lemma's (L, ξ, s) are exactly L = 1 + u, ξ = L^{2s}/(L^{2s} − 1) + w with u > 0, w ≥ 0, s ≥ 1, as stated "
        "here; the difference is (1 − L^{−2}) w = w u(2 + u)/(1 + u)² ≥ 0",
        src("Lemma C.1", "15"),
        certificate=w * u * (2 + u) / (1 + u) ** 2,
        samples=16,
        budget=8,
        covers=cC1,
    )
)
paper.add(
    Limit(
        paper.id("lem-c.1-s-min-limit-xi-to-1"),
        sp.exp(-s_min(L=Lg, xi=xig)),
        v,
        0,
        0,
        "as ξ → 1⁺, s_min = log_L sqrt(ξ/(ξ−1)) → ∞ (stated as e^{−s_min} → 0; the growth is logarithmic), while "
        "the bound ξ(1 − L^{−2}) tends to the exact limit 1 − L^{−2}",
        src("Lemma C.1", (), "derived"),
        direction="+",
        covers=[s_min.id],
    )
)

# ---------------------------------------------------------------------------
# Corollary C.2 (ρ is a dummy for m; we write m).
mp_ = sp.Symbol("m", positive=True)
E_ = sp.Symbol("E", integer=True, positive=True)
eps = sp.Symbol("eps", positive=True)
lam_bar_expr = 1 / (2 * (M + m))
lam_bar = paper.add(
    Formula(
        paper.id("cor-c.2-lambda-bar"),
        lam_bar_expr,
        params("m", "M"),
        src("Corollary C.2: λ̄(ρ)", ()),
        hypotheses=[MM_POSITIVE],
        title="λ̄(m) = 1/[2(M + m)]",
    )
)
ell_bar = paper.add(
    Formula(
        paper.id("cor-c.2-ell-bar"),
        sp.log(2) / sp.log(1 + m * lam_bar_expr),
        params("m", "M"),
        src("Corollary C.2: ℓ̄(ρ)", ()),
        hypotheses=[Hypothesis(plain("m") > 0, "m > 0 (ℓ̄ divides by log[1 + mλ̄])")],
        title="ℓ̄(m) = log 2 / log[1 + m λ̄(m)]",
        # log1p: mλ̄ = m/(2(M + m)) is ≈ m/(2M) when m ≪ M, and 1 + mλ̄ rounds to 1 below the working
        # precision (m = 1e-100000, M = 3e-101: mλ̄ ≈ 1.7e-99900, a division by zero at 2045 digits).
        numeric=sp.log(2) / log1p(m * lam_bar_expr),
    )
)
sig_params = params("alpha", "eps", "C", "b", "m", "M", "E")


def sigma_bar(factor):
    return factor * C * lam_bar_expr / b


sig_p = paper.add(
    Formula(
        paper.id("cor-c.2-sigma-bar"),
        sigma_bar(R(1, 2))
        * sp.sqrt(
            (1 + sp.ceiling(4 * m / (M + m)) * sp.Symbol("E", integer=True, positive=True))
            / (alpha * sp.Symbol("eps", positive=True))
        ),
        sig_params,
        src("Corollary C.2: σ̄_ε(ρ) as printed", ()),
        hypotheses=[ALPHA_GT_1, MM_POSITIVE],
        # The paper prints ⌈4ρ/(M + ρ)⌉ inside the root, while the bound it must meet has 4m/(M+m).
        title="σ̄_ε(m) = (C λ̄/(2b)) sqrt((1 + ⌈4m/(M+m)⌉E)/(αε)) [printed; the proof's bound at it is "
        "16α²ε(1 + 4Em/(M+m))/(1 + ⌈4m/(M+m)⌉E), not ε]",
    )
)
sig_c = paper.add(
    Formula(
        paper.id("cor-c.2-sigma-bar-corrected"),
        sigma_bar(2)
        * sp.sqrt(
            alpha
            * (1 + 4 * m / (M + m) * sp.Symbol("E", integer=True, positive=True))
            / sp.Symbol("eps", positive=True)
        ),
        sig_params,
        src("Corollary C.2: σ̄_ε(ρ)", (), "corrected", "factor 4α: (2Cλ̄/b) sqrt(α(1 + 4mE/(M+m))/ε)"),
        hypotheses=[ALPHA_GT_1, MM_POSITIVE],
        title="σ̄_ε(m) = (2C λ̄/b) sqrt(α(1 + 4mE/(M+m))/ε)",
    )
)
cC2 = [lam_bar.id, ell_bar.id, sig_p.id, sig_c.id]
Lbar_sq = L_lambda_expr(lam_bar_expr, mp_, M).subs(m, mp_) ** 2
lb = lam_bar_expr.subs(m, mp_)
paper.add(
    Identity(
        paper.id("cor-c.2-L"),
        lhs=Lbar_sq,
        rhs=1 + mp_ / (M + mp_) * (1 + mp_ / (M + mp_)),
        statement="printed in the proof of Corollary C.2: L_{λ̄}² = 1 + [m/(M+m)][1 + m/(M+m)]",
        source=src("Corollary C.2, proof", "13"),
        expect="refuted",
        erratum="kong-ribero E6",
        hints=[{"m": 1, "M": 1}],
        covers=cC2 + [L_lambda.id],
    )
)
paper.add(
    Identity(
        paper.id("cor-c.2-L-corrected"),
        lhs=Lbar_sq,
        rhs=1 + mp_ / (M + mp_) * (1 + mp_ / (2 * (M + mp_))),
        statement="corrected from (13): L_{λ̄}² = 1 + [m/(M+m)][1 + m/(2(M+m))] (the printed value exceeds it by m²/[2(M+m)²])",
        source=src("Corollary C.2, proof", "13", "corrected"),
        erratum="kong-ribero E6",
        covers=cC2 + [L_lambda.id],
    )
)
paper.add(
    Inequality(
        paper.id("cor-c.2-L-ge"),
        Lbar_sq,
        ">=",
        1 + mp_ * lb,
        "L_{λ̄}² ≥ 1 + m λ̄ (the step 'L ≥ sqrt(1 + mλ̄)' of the proof holds with the corrected L)",
        src("Corollary C.2, proof", "13"),
        covers=cC2,
    )
)
paper.add(
    Inequality(
        paper.id("cor-c.2-theta-chain"),
        2 * (1 - 1 / Lbar_sq),
        "<=",
        4 * mp_ / (M + mp_),
        "2(1 − L_{λ̄}^{−2}) ≤ 4m/(M+m) (the last step of the proof's θ chain)",
        src("Corollary C.2, proof", "13"),
        covers=cC2,
    )
)
rbar2 = lambda sg: (C * lb / (b * sg)) ** 2  # noqa: E731
paper.add(
    Identity(
        paper.id("cor-c.2-sigma"),
        lhs=4 * alpha * rbar2(sig_p(m=mp_, E=E_, eps=eps)) * (1 + 4 * E_ * mp_ / (M + mp_)),
        rhs=eps,
        statement="Corollary C.2 claims (α, ε)-RDP: with the printed σ̄_ε the proof's bound 4α(Cλ̄/(bσ̄))²[1 + 4Em/(M+m)] equals ε",
        source=src("Corollary C.2", ()),
        expect="refuted",
        erratum="kong-ribero E6",
        hints=[{"alpha": 2, "eps": 1}],
        covers=cC2,
    )
)
paper.add(
    Identity(
        paper.id("cor-c.2-sigma-corrected"),
        lhs=4 * alpha * rbar2(sig_c(m=mp_, E=E_, eps=eps)) * (1 + 4 * E_ * mp_ / (M + mp_)),
        rhs=eps,
        statement="with the corrected σ̄_ε = (2Cλ̄/b) sqrt(α(1 + 4mE/(M+m))/ε) the bound equals ε exactly "
        "(the printed σ̄_ε gives 16α²ε, e.g. 64 at α = 2, ε = 1)",
        source=src("Corollary C.2", (), "corrected"),
        erratum="kong-ribero E6",
        covers=cC2,
    )
)
ellv = sp.Symbol("ell", integer=True, positive=True)
Lbar = sp.sqrt(Lbar_sq)
ell_ok = sp.log(2) / sp.log(1 + mp_ * lb)
paper.add(
    Inequality(
        paper.id("cor-c.2-display"),
        1 + E_ * theta(L=Lbar, s=ellv),
        "<=",
        1 + 4 * mp_ / (M + mp_),
        "the display of Corollary C.2 as printed (without E): for ℓ ≥ ℓ̄, 1 + E θ_{L_λ̄}(ℓ) ≤ 1 + 4m/(M+m)",
        src("Corollary C.2", ()),
        where=[ellv >= ell_ok],
        expect="refuted",
        erratum="kong-ribero E6",
        hints=[{"m": 1, "M": 1, "E": 10, "ell": 4}],
        covers=cC2,
    )
)
# Left CHECKED: the proof is Lemma C.1 with ξ = 2 (lem-c.1), then cor-c.2-theta-chain, and needs ℓ ≥ log_L sqrt(2),
# which follows from ℓ ≥ ℓ̄ only through L_λ̄^{2ℓ} ≥ (1 + mλ̄)^ℓ ≥ 2 (cor-c.2-L-ge, cor-c.2-ell-bar-loose): the
# monotonicity of t ↦ t^ℓ.  No rule of symbolic.sign compares powers (b^x ≥ 1 for b ≥ 1, x ≥ 0 is not structural),
# and no closed-form parametrisation of {ℓ ≥ ℓ̄} (in r = m/(M + m): r ≥ 2(2^{1/ℓ} − 1), ℓ an integer) makes
# 1 − 2L_λ̄^{−2ℓ} manifestly nonnegative: every one leaves a (1 + z)^ℓ − 1 to sign.
paper.add(
    Inequality(
        paper.id("cor-c.2-display-corrected"),
        1 + E_ * theta(L=Lbar, s=ellv),
        "<=",
        1 + 4 * E_ * mp_ / (M + mp_),
        "corrected display (as in the proof): for ℓ ≥ ℓ̄, 1 + E θ_{L_λ̄}(ℓ) ≤ 1 + 4Em/(M+m) (sampled)",
        src("Corollary C.2", (), "corrected"),
        where=[ellv >= ell_ok],
        expect="checked",
        samples=12,
        budget=8,
        erratum="kong-ribero E6",
        covers=cC2,
    )
)
Mp = sp.Symbol("M", positive=True)
paper.add(
    Limit(
        paper.id("cor-c.2-ell-bar-limit"),
        1 / ell_bar(m=mp_, M=Mp),
        mp_,
        0,
        0,
        "fourth remark after Corollary C.2, M > 0: lim_{m→0} ℓ̄(m) = ∞ (stated as 1/ℓ̄ → 0)",
        src("remarks after Corollary C.2", ()),
        direction="+",
        covers=[ell_bar.id],
    )
)
paper.add(
    Limit(
        paper.id("cor-c.2-ell-bar-limit-M-0"),
        1 / ell_bar(m=mp_, M=0),
        mp_,
        0,
        0,
        "the same remark read for every M ≥ 0, here M = 0: lim_{m→0} 1/ℓ̄(m) = 0",
        src("remarks after Corollary C.2", ()),
        direction="+",
        expect="refuted",
        erratum="kong-ribero E27",
        covers=[ell_bar.id],
    )
)
paper.add(
    Identity(
        paper.id("cor-c.2-ell-bar-limit-M-0-corrected"),
        lhs=ell_bar(m=mp_, M=0),
        rhs=sp.log(2) / sp.log(R(3, 2)),
        statement="corrected: for M = 0, ℓ̄(m) = log 2 / log(3/2) ≈ 1.70951 for every m > 0; ℓ̄ → ∞ only when M > 0",
        source=src("remarks after Corollary C.2", (), "corrected"),
        erratum="kong-ribero E27",
        covers=[ell_bar.id],
    )
)
paper.add(
    Limit(
        paper.id("cor-c.2-ell-bar-rate"),
        mp_ * ell_bar(m=mp_, M=Mp),
        mp_,
        0,
        2 * Mp * sp.log(2),
        "ℓ̄(m) ~ 2M log 2 / m as m → 0 (M > 0)",
        src("remarks after Corollary C.2", (), "derived"),
        direction="+",
        covers=[ell_bar.id],
    )
)
paper.add(
    Limit(
        paper.id("cor-c.2-sigma-bar-corrected-limit"),
        sig_c(m=mp_, M=Mp),
        mp_,
        0,
        C / (b * Mp) * sp.sqrt(alpha / eps).subs(eps, sp.Symbol("eps", positive=True)),
        "corrected σ̄_ε(m) → (C/(bM)) sqrt(α/ε) as m → 0",
        src("Corollary C.2", (), "derived"),
        direction="+",
        covers=[sig_c.id],
    )
)

# ---------------------------------------------------------------------------
# Corollary C.3
ell_kb = k / b
E_thm = sp.ceiling(T / ell_kb)
Llam = L_lambda(lam=lam, m=m, M=M)
cor_c3 = paper.add(
    Formula(
        paper.id("cor-c.3"),
        4 * alpha * (C / (b * sigma)) ** 2 * (1 + theta(L=Llam, s=ell_kb)),
        params("alpha", "sigma", "lam", "m", "M", "C", "b", "k", "T"),
        src("Corollary C.3", ("19",)),
        hypotheses=[
            ALPHA_GT_1,
            B_DIVIDES_K,
            MM_POSITIVE,
            Hypothesis(
                plain("lam") ** 2 * sp.ceiling(plain("T") * plain("b") / plain("k")) <= 1, "λ ≤ 1/√E (E = ⌈T/ℓ⌉)"
            ),
            STEP_CLIPPED,
        ],
        title="4α(C/(bσ))² [1 + θ_{L_λ}(ℓ)] for λ ≤ min{1/√E, 1/[2(m+M)]}, no clipping",
    )
)
thg = sp.Symbol("theta", nonnegative=True)
En = 1 + n
paper.add(
    Identity(
        paper.id("cor-c.3-algebra"),
        lhs=(1 / E_ + thg) - (1 + E_ * thg) / E_,
        rhs=0,
        statement="proof of Corollary C.3: (1/E)(1 + Eθ) = 1/E + θ",
        source=src("Corollary C.3, proof", ()),
        covers=[cor_c3.id],
    )
)
paper.add(
    Inequality(
        paper.id("cor-c.3-chain"),
        (1 + En * thg) / (En * (1 + q)),
        "<=",
        1 + thg,
        "Corollary C.3's chain: for λ² = 1/[E(1+q)] ≤ 1/E and E = 1 + n ≥ 1, λ²[1 + Eθ] ≤ 1/E + θ ≤ 1 + θ, "
        "so (19) ≤ 4α(C/(bσ))²[1 + θ_{L_λ}(ℓ)]",
        src("Corollary C.3, proof", ("19",)),
        covers=[cor_c3.id],
    )
)
paper.add(
    Limit(
        paper.id("cor-c.3-limit-E"),
        4 * alpha * (C / (b * sigma)) ** 2 * (1 / E_ + thg),
        E_,
        sp.oo,
        4 * alpha * (C / (b * sigma)) ** 2 * thg,
        "with λ = 1/√E, (19) = 4α(C/(bσ))²(1/E + θ) → 4α(C/(bσ))² θ as E → ∞: bounded in E",
        src("Corollary C.3", ("19",), "derived"),
        covers=[cor_c3.id],
    )
)

# The proof's final bound evaluated at σ = σ̄_ε (printed and corrected), as formulas for readers.
rdp_params = params("alpha", "eps", "C", "b", "m", "M", "E")
_eps, _E = sp.Symbol("eps", positive=True), sp.Symbol("E", integer=True, positive=True)


def _bound_at(sig_formula):
    # factor, not simplify: the same expression (identical srepr under SymPy 1.14, for both σ̄) without
    # simplify's cost at import (~0.2 s, most of it importing sympy.physics.units on its first call).
    sg = sig_formula.expr
    return sp.factor(4 * alpha * (C * lam_bar_expr / (b * sg)) ** 2 * (1 + 4 * _E * m / (M + m)))


paper.add(
    Formula(
        paper.id("cor-c.2-rdp-at-sigma-bar"),
        _bound_at(sig_p),
        rdp_params,
        src("Corollary C.2: 4α(Cλ̄/(bσ̄))²[1 + 4Em/(M+m)] at the printed σ̄_ε", ()),
        hypotheses=[ALPHA_GT_1, MM_POSITIVE],
        title="the proof's bound at the printed σ̄_ε (16α²ε(1 + 4Em/(M+m))/(1 + ⌈4m/(M+m)⌉E), not ε)",
    )
)
paper.add(
    Formula(
        paper.id("cor-c.2-rdp-at-sigma-bar-corrected"),
        _bound_at(sig_c),
        rdp_params,
        src("Corollary C.2: 4α(Cλ̄/(bσ̄))²[1 + 4Em/(M+m)] at the corrected σ̄_ε", (), "corrected"),
        hypotheses=[ALPHA_GT_1, MM_POSITIVE],
        title="the proof's bound at the corrected σ̄_ε (= ε)",
    )
)

# E6(vii): ℓ̄ is about twice the requirement log_L sqrt(2) that Lemma C.1 (ξ = 2) actually needs.
# With r = m/(M + m) ∈ (0, 1]: 1 + mλ̄ = 1 + r/2 and L_λ̄² = 1 + r + r²/2 = (1 + r/2)(1 + r(1 + r)/(2 + r)), so
# ℓ̄ − log 2/log L_λ̄² = log 2 · log(1 + r(1 + r)/(2 + r)) / (log(1 + r/2) log L_λ̄²), each log of 1 + a positive term.
_r = mp_ / (M + mp_)
paper.add(
    Inequality(
        paper.id("cor-c.2-ell-bar-loose"),
        sp.log(2) / sp.log(Lbar_sq),
        "<=",
        ell_bar(m=mp_),
        "observation (E6 vii): the requirement of Lemma C.1 with ξ = 2 is ℓ ≥ log_L sqrt(2) = log 2 / log L_λ̄², "
        "which is below ℓ̄ = log 2 / log(1 + mλ̄) because L_λ̄² ≥ 1 + 2mλ̄ (e.g. 1.43 vs 3.11 at m = M = 1); "
        "for every m > 0, M ≥ 0 the gap is log 2 · log(L_λ̄²/(1 + mλ̄)) / (log(1 + mλ̄) log L_λ̄²) > 0",
        src("Corollary C.2, proof", (), "derived", "observation: ℓ̄ is loose, not wrong"),
        certificate=sp.log(2)
        * sp.log(1 + _r * (1 + _r) / (2 + _r))
        / (sp.log(1 + _r / 2) * sp.log(1 + _r * (1 + _r / 2))),
        samples=16,
        budget=6,
        covers=[ell_bar.id],
    )
)
