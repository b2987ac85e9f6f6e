"""§4.1 — NoisyGD: Theorem 4.1 (composition), Theorem 4.2 (exact GDP, strongly convex) and its
equality case (Theorem C.5), Theorem 4.3 (constrained convex) with Theorem C.7 / Lemma C.8's
optimisation over N = t − τ, and the dominance remarks after Theorem 4.3 (erratum E9).

Reading of the paper's text where it is ambiguous: in Theorem 4.2 the radical spans both fractions, as printed there
(Theorem C.5's statement prints the root over the first fraction only; its equality case, claim
``thm-c.5-equality-case``, gives the root over both); in Theorem 4.3 "[Dn/(ηL)]" is a ceiling (the proof takes
t − τ = ⌈D/s⌉ in Theorem C.7, and Table 8 is reproduced with a ceiling).
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Identity, Inequality, Limit

from .common import (
    STRONGLY_CONVEX,
    STEP_CONVEX,
    T_THRESHOLD,
    D,
    L,
    M,
    c,
    c_expr,
    eta,
    noisy_gd_mu_sq_factor,
    kappa,
    log_c,
    m,
    n,
    one_minus_c,
    params,
    paper,
    s,
    sigma,
    src,
    t,
    u,
)
from sympy.codegen.cfunctions import expm1

#: Why the stable forms below are only CHECKED equal to their expressions: at c = 0 (ηm = ηM = 1, inside
#: the hypotheses) they take log1p(−1) = −∞ (then expm1(−∞) = −1 or exp(−∞) = 0), defined only in the
#: extended-real arithmetic mpmath follows, so the obligation 1 − c ≠ 0 (a log1p argument) fails there.
_C_ZERO = (
    "at c = 0 (ηm = ηM = 1, inside the hypotheses) the stable form takes log1p(−1) = −∞, defined only in "
    "the extended-real arithmetic mpmath evaluates; its obligation 1 − c ≠ 0 fails there"
)
# ---------------------------------------------------------------------------
thm41 = paper.add(
    Formula(
        paper.id("thm-4.1-mu"),
        L * sp.sqrt(t) / (n * sigma),
        params("L", "n", "sigma", "t"),
        src("Theorem 4.1 (GDP composition, Dong et al. 2022)"),
        title="μ = (L/(nσ))√t (divergent composition bound for NoisyGD)",
    )
)

_x = expm1(t * log_c)  # c^t − 1
thm42 = paper.add(
    Formula(
        paper.id("thm-4.2-mu"),
        sp.sqrt(noisy_gd_mu_sq_factor(c_expr, t)) * L / (n * sigma),
        params("eta", "m", "M", "L", "n", "sigma", "t"),
        src("Theorem 4.2", (), "printed", "c = max{|1−ηm|, |1−ηM|} derived from η, m, M"),
        hypotheses=STRONGLY_CONVEX,
        title="μ = √[(1−c^t)/(1+c^t)·(1+c)/(1−c)]·L/(nσ), exact (optimal for η ≤ 2/(M+m))",
        # (1 − c^t)/(1 + c^t) = −x/(2 + x), x = expm1(t log1p(−(1−c))); (1+c)/(1−c) = (2 − (1−c))/(1−c).
        # At c = 0 (ηm = ηM = 1) log1p(−1) = −∞ and expm1(−∞) = −1, so the same form gives L/(nσ).
        numeric=sp.sqrt(-_x / (2 + _x) * (2 - one_minus_c) / one_minus_c) * L / (n * sigma),
        numeric_checked=_C_ZERO,
    )
)
c42 = [thm42.id]

thm43 = paper.add(
    Formula(
        paper.id("thm-4.3-mu"),
        sp.sqrt(3 * L * D / (eta * n) + L**2 / n**2 * sp.ceiling(D * n / (eta * L))) / sigma,
        params("eta", "L", "n", "sigma", "D", "t", "M"),
        src("Theorem 4.3", (), "printed", "[Dn/(ηL)] read as a ceiling (Theorem C.7; Table 8)"),
        hypotheses=[STEP_CONVEX, T_THRESHOLD],
        title="μ = (1/σ)√(3LD/(ηn) + (L/n)²⌈Dn/(ηL)⌉), for t ≥ Dn/(ηL)",
    )
)
c43 = [thm43.id]

# ---------------------------------------------------------------------------
# Lemma 2.8: the contraction factor.
_cmax = sp.Max(sp.Abs(1 - eta * m), sp.Abs(1 - eta * M))
paper.add(
    Identity(
        paper.id("c-derivation"),
        lhs=_cmax,
        rhs=c_expr,
        statement="Lemma 2.8: for 0 < m ≤ M and η ∈ (0, 2/M), max{|1−ηm|, |1−ηM|} = 1 − ηm if η ≤ 2/(m+M) and ηM − 1 "
        "otherwise (the form every formula evaluates, decided exactly on the inputs)",
        source=src("Lemma 2.8", (), "derived"),
        where=[m > 0, m <= M, eta * M < 2],
        expect="checked",
        samples=30,
        covers=c42,
    )
)
paper.add(
    Inequality(
        paper.id("c-below-one"),
        c_expr,
        "<",
        1,
        "Lemma 2.8: c < 1 for m > 0 and η ∈ (0, 2/M) (sampled on the domain)",
        src("Lemma 2.8"),
        where=[m > 0, m <= M, eta * M < 2],
        expect="checked",
        samples=30,
        covers=c42,
    )
)

# ---------------------------------------------------------------------------
# Theorem 4.2 as a function of c.
paper.add(
    Identity(
        paper.id("thm-4.2-t-equals-1"),
        lhs=noisy_gd_mu_sq_factor(c, 1),
        rhs=1,
        statement="Theorem 4.2 at t = 1 equals composition (Theorem 4.1): (1−c)/(1+c)·(1+c)/(1−c) = 1",
        source=src("Theorem 4.2", (), "derived"),
        covers=c42 + [thm41.id],
    )
)
_w = sp.Symbol("w", positive=True)  # w = c^t
increment = 2 * c**t * (1 + c) / ((1 + c**t) * (1 + c ** (t + 1)))
paper.add(
    Identity(
        paper.id("thm-4.2-increment"),
        lhs=noisy_gd_mu_sq_factor(c, t + 1) - noisy_gd_mu_sq_factor(c, t),
        rhs=increment,
        statement="exact increment: g(t+1) − g(t) = 2c^t(1+c)/((1+c^t)(1+c^{t+1})) with g = μ²/(L/(nσ))² of Theorem 4.2",
        source=src("Theorem 4.2", (), "derived"),
        covers=c42,
        where=[c < 1],  # Theorem 4.2: strongly convex, c < 1
    )
)
_inc_w = (2 * _w * (1 + c) / ((1 + _w) * (1 + c * _w))).subs({_w: 1 / (1 + kappa), c: 1 / (1 + u)})
paper.add(
    Inequality(
        paper.id("thm-4.2-increment-below-one"),
        _inc_w,
        "<",
        1,
        "the increment is < 1 for c ∈ (0, 1) (w = c^t = 1/(1+κ), c = 1/(1+u)): 1 − increment = "
        "(1−c^t)(1−c^{t+1})/((1+c^t)(1+c^{t+1})); so g(t) < t for t ≥ 2 — Theorem 4.2 improves on Theorem 4.1 "
        "for all t > 1",
        src("§4.1, after Theorem 4.3", (), "derived"),
        covers=c42 + [thm41.id],
    )
)
paper.add(
    Inequality(
        paper.id("thm-4.2-increasing-in-t"),
        sp.diff((1 - sp.exp(-kappa * t)) / (1 + sp.exp(-kappa * t)), t),
        ">",
        0,
        "μ of Theorem 4.2 increases with t: ∂_t (1−c^t)/(1+c^t) > 0 (c = e^{−κ}, κ > 0, t continuous)",
        src("Theorem 4.2", (), "derived"),
        covers=c42,
    )
)
_g_kappa = noisy_gd_mu_sq_factor(sp.exp(-kappa), t)
paper.add(
    Limit(
        paper.id("thm-4.2-limit-t-infinity"),
        _g_kappa,
        t,
        sp.oo,
        (1 + sp.exp(-kappa)) / (1 - sp.exp(-kappa)),
        "t → ∞: μ² → (1+c)/(1−c)·(L/(nσ))² (c = e^{−κ} ∈ (0, 1)): convergent privacy",
        src("§1 and Theorem 4.2", (), "derived"),
        covers=c42,
    )
)
tt = sp.Symbol("t", positive=True)
paper.add(
    Limit(
        paper.id("thm-4.2-limit-c-to-1"),
        noisy_gd_mu_sq_factor(c, tt),
        c,
        1,
        tt,
        "c → 1⁻: μ² → t·(L/(nσ))², the composition bound (Theorem 4.1)",
        src("Theorem 4.2", (), "derived"),
        direction="-",
        covers=c42 + [thm41.id],
    )
)
paper.add(
    Limit(
        paper.id("thm-4.2-limit-c-to-0"),
        noisy_gd_mu_sq_factor(c, tt),
        c,
        0,
        1,
        "c → 0⁺: μ → L/(nσ) (only the last gradient step leaks)",
        src("Theorem 4.2", (), "derived"),
        direction="+",
        covers=c42,
    )
)
# Theorem C.5's equality case: the proof prints X'_t ~ N((1−c^t)/(1−c²)σ²I_d), with no mean; restored here.
sig_ = sp.Symbol("sigma", positive=True)
mu_eq_sq = (s * (1 - c**t) / (1 - c)) ** 2 / ((1 - c ** (2 * t)) / (1 - c**2) * sig_**2)
paper.add(
    Identity(
        paper.id("thm-c.5-equality-case"),
        lhs=mu_eq_sq,
        rhs=noisy_gd_mu_sq_factor(c, t) * s**2 / sig_**2,
        statement="Theorem C.5 equality case: X_t ~ N(0, (1−c^{2t})/(1−c²)σ²), X'_t ~ N(s(1−c^t)/(1−c)·v, same); "
        "(mean gap / std)² equals (1−c^t)/(1+c^t)·(1+c)/(1−c)·s²/σ² — Theorem 4.2 is exact",
        source=src(
            "Theorem C.5", (), "derived", "the text prints X'_t ~ N((1−c^t)/(1−c²)σ²I_d), no mean; mean restored"
        ),
        covers=c42,
        where=[c < 1],  # Theorem C.5: strongly convex, c < 1
    )
)
paper.add(
    Identity(
        paper.id("thm-4.2-from-c.5"),
        lhs=sp.sqrt(noisy_gd_mu_sq_factor(c, t)) * (eta * L / n) / (eta * sig_),
        rhs=sp.sqrt(noisy_gd_mu_sq_factor(c, t)) * L / (n * sig_),
        statement="proof of Theorem 4.2: Theorem C.5 with s ← ηL/n and σ ← ησ (noise η·σ·N(0, I)) gives the stated μ",
        source=src("Theorem 4.2, proof (App. C.2.1)", (), "derived"),
        covers=c42,
        where=[c < 1],  # Theorem 4.2: strongly convex, c < 1
    )
)
a_ = sp.Symbol("a", positive=True)
kk = sp.Symbol("k", integer=True)
paper.add(
    Identity(
        paper.id("thm-4.1-composition"),
        lhs=sp.sqrt(sp.Sum(a_**2, (kk, 1, t))),
        rhs=a_ * sp.sqrt(t),
        statement="eq. (4) / Lemma A.2(c): t-fold composition of G(a) is G(a√t) (with a = L/(nσ): Theorem 4.1)",
        source=src("eq. (4)", ("4",), "derived"),
        covers=[thm41.id],
    )
)

# ---------------------------------------------------------------------------
# Theorem C.7 / Lemma C.8 / Theorem 4.3.
Nn, r_, D_ = sp.Symbol("N", positive=True), sp.Symbol("r", nonnegative=True), sp.Symbol("D", positive=True)
objective = Nn * (s + D_ / Nn) ** 2
paper.add(
    Identity(
        paper.id("thm-c.7-two-forms"),
        lhs=sp.sqrt(objective),
        rhs=s * sp.sqrt(Nn) + D_ / sp.sqrt(Nn),
        statement="Theorem C.7: √(Σ a_k²) with a_k ≡ s + D/N over N = t − τ steps equals s√N + D/√N",
        source=src("Theorem C.7 / Lemma C.8", (), "derived"),
        covers=c43,
    )
)
paper.add(
    Inequality(
        paper.id("lem-c.8-min-over-N"),
        objective,
        ">=",
        4 * s * D_,
        "min over N > 0 of N(s + D/N)² is 4sD (difference (sN − D)²/N ≥ 0)",
        src("Lemma C.8", (), "derived"),
        covers=c43,
    )
)
paper.add(
    Identity(
        paper.id("lem-c.8-minimiser-value"),
        lhs=objective.subs(Nn, D_ / s),
        rhs=4 * s * D_,
        statement="Lemma C.8: the minimum 4sD is attained at N = t − τ = D/s",
        source=src("Lemma C.8", (), "derived"),
        covers=c43,
    )
)
paper.add(
    Identity(
        paper.id("lem-c.8-foc"),
        lhs=sp.diff(objective, Nn).subs(Nn, D_ / s),
        rhs=0,
        statement="Lemma C.8: first-order condition d/dN [N(s+D/N)²] = s² − D²/N² = 0 at N = D/s",
        source=src("Lemma C.8", (), "derived"),
        covers=c43,
    )
)
paper.add(
    Inequality(
        paper.id("lem-c.8-strict-convexity"),
        sp.diff(objective, Nn, 2),
        ">",
        0,
        "Lemma C.8: N ↦ s²N + D²/N + 2sD is strictly convex (second derivative 2D²/N³ > 0)",
        src("Lemma C.8", (), "derived"),
        covers=c43,
    )
)
paper.add(
    Inequality(
        paper.id("thm-c.7-ceiling-simplification"),
        ((s * Nn + D_) ** 2 / Nn).subs(Nn, D_ / s + r_),
        "<=",
        (3 * s * D_ + s**2 * Nn).subs(Nn, D_ / s + r_),
        "Theorem C.7: for every N ≥ D/s (in particular N = ⌈D/s⌉), (sN + D)²/N ≤ 3sD + s²N "
        "(written with N = D/s + r, r ≥ 0; the difference is D·s·r/N ≥ 0)",
        src("Theorem C.7", (), "derived"),
        covers=c43,
    )
)
paper.add(
    Identity(
        paper.id("thm-4.3-from-c.7"),
        lhs=(3 * s * D_ + s**2 * sp.ceiling(D_ / s)).subs(s, eta * L / n) / (eta * sigma) ** 2,
        rhs=thm43.expr.subs(D, D_) ** 2,
        statement="proof of Theorem 4.3: Theorem C.7's (3sD + s²⌈D/s⌉)/σ² with s ← ηL/n, σ ← ησ is μ² of Theorem 4.3",
        source=src("Theorem 4.3, proof (App. C.2.2)", (), "derived"),
        covers=c43,
    )
)

# Dominance remark after Theorem 4.3 (erratum E9): in units of (L/(nσ))², Theorem 4.1 gives t and
# Theorem 4.3 gives 3x + ⌈x⌉ with x = Dn/(ηL).
x_ = sp.Symbol("x", positive=True)
t_ = sp.Symbol("t", integer=True, positive=True)
paper.add(
    Inequality(
        paper.id("thm-4.3-dominates-4.1-printed"),
        t_,
        ">=",
        3 * x_ + sp.ceiling(x_),
        "printed (§4.1): 'for t > 4Dn/(ηL) [Theorem 4.3] dominates Theorem 4.1', i.e. t ≥ 3x + ⌈x⌉ whenever "
        "t > 4x (x = Dn/(ηL); both μ² in units of (L/(nσ))²)",
        src("§4.1, after Theorem 4.3"),
        where=[t_ > 4 * x_],
        hints=[{"x": sp.Rational(11, 10), "t": 5}],
        expect="refuted",
        erratum="bok-su-altschuler E9",
        covers=c43 + [thm41.id],
    )
)
v_ = sp.Symbol("v", positive=True)
paper.add(
    Inequality(
        paper.id("thm-4.3-dominates-4.1-corrected"),
        4 * x_ + 1 + v_,
        ">",
        3 * x_ + sp.ceiling(x_),
        "corrected: the exact condition is t > 3x + ⌈x⌉; it holds for every t > 4x + 1 (t = 4x + 1 + v), and for "
        "t > 4x when x is an integer (Table 8)",
        src("§4.1, after Theorem 4.3", (), "corrected"),
        erratum="bok-su-altschuler E9",
        expect="checked",
        covers=c43 + [thm41.id],
    )
)
