"""§2 constants, the claims: identities, bounds and limits of θ_L(s) (15) and L_λ(m, M) (13), and
the erratum E7 in the proofs of Proposition 2.1 (observations: κ ∈ [2, 3], and L_λ against 1 + λ max{m, M}).
The formulas are in :mod:`.constants`; the remarks' printed values (erratum E8) in :mod:`.reproductions`.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Identity, Inequality, Limit

from .common import L, M, geometric, j, lam, m, paper, q, src, u
from .constants import L_lambda, theta

# ---------------------------------------------------------------------------
# θ_L(s), eq. (15)

s1 = sp.Symbol("s", integer=True, positive=True)  # θ's window when s ≥ 1
th = theta(L=L, s=s1)
S_s = geometric(L, s1)
cov = [theta.id]


def _theta_src(what, form="derived", note=""):
    return src(f"θ_L(s): {what}", "15", form, note)


# Limits of (15), s ≥ 1.  IDs kept from the pilot.
paper.add(
    Limit(
        paper.id("theta-limit-L-to-1"),
        th,
        L,
        1,
        1 / s1,
        "lim_{L→1} θ_L(s) = 1/s (s ≥ 1)",
        _theta_src("limit L → 1"),
        covers=cov,
    )
)
paper.add(
    Limit(
        paper.id("theta-limit-s-to-oo-L-gt-1"),
        theta(L=1 + u, s=s1),
        s1,
        sp.oo,
        1 - (1 + u) ** -2,
        "lim_{s→∞} θ_L(s) = 1 − L^{−2} for L = 1 + u > 1",
        _theta_src("limit s → ∞, L > 1"),
        covers=cov,
    )
)
paper.add(
    Limit(
        paper.id("theta-limit-s-to-oo-L-lt-1"),
        theta(L=1 / (1 + u), s=s1),
        s1,
        sp.oo,
        0,
        "lim_{s→∞} θ_L(s) = 0 for L = 1/(1 + u) < 1",
        _theta_src("limit s → ∞, L < 1"),
        covers=cov,
    )
)
paper.add(
    Limit(
        paper.id("theta-limit-s-to-oo-L-eq-1"),
        theta(L=1, s=s1),
        s1,
        sp.oo,
        0,
        "lim_{s→∞} θ_1(s) = 0",
        _theta_src("limit s → ∞, L = 1"),
        covers=cov,
    )
)
paper.add(
    Limit(
        paper.id("theta-limit-L-to-oo"),
        th,
        L,
        sp.oo,
        1,
        "lim_{L→∞} θ_L(s) = 1 (s ≥ 1)",
        _theta_src("limit L → ∞"),
        covers=cov,
    )
)

# Special values and equivalent forms of (15).
paper.add(
    Identity(
        paper.id("theta-at-s-1"),
        lhs=theta(L=L, s=1),
        rhs=1,
        statement="θ_L(1) = 1 for every L > 0 (used in the proofs of Theorems 2.2 and 2.3)",
        source=_theta_src("θ_L(1)"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("theta-at-L-1"),
        lhs=theta(L=1, s=s1),
        rhs=1 / s1,
        statement="θ_1(s) = 1/s (s ≥ 1): uniform spending, the PABI case of Feldman et al.",
        source=_theta_src("θ_1(s)"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("theta-reciprocal-form"),
        lhs=th,
        rhs=1 / sp.Sum(L ** (-2 * j), (j, 0, s1 - 1)),
        statement="θ_L(s) = 1 / Σ_{j=0}^{s-1} L^{−2j} for every L > 0, s ≥ 1",
        source=_theta_src("equivalent form"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("theta-closed-form-L-gt-1"),
        lhs=theta(L=1 + u, s=s1),
        rhs=(1 - (1 + u) ** -2) / (1 - (1 + u) ** (-2 * s1)),
        statement="θ_L(s) = (1 − L^{−2}) / (1 − L^{−2s}) for L = 1 + u > 1, s ≥ 1 (the form of Lemma C.1's proof)",
        source=_theta_src("closed form, L > 1"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("theta-eq-10-form"),
        lhs=L ** (2 * s1) / sp.Sum(L ** (2 * j), (j, 1, s1)),
        rhs=th,
        statement="L^{2ℓ} / Σ_{i=1}^{ℓ} L^{2i} (the factor printed in eq. (10)) equals θ_L(ℓ) of (15)",
        source=src("§1.2, eq. (10) vs (15)", ("10", "15"), "derived"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("theta-sqrt2"),
        lhs=theta(L=sp.sqrt(2), s=s1),
        rhs=2 ** (s1 - 1) / (2**s1 - 1),
        statement="θ_√2(s) = 2^{s−1}/(2^s − 1): 1, 2/3, 4/7, 8/15, … ↓ 1/2 (the m → 0 clipped factor)",
        source=_theta_src("θ_√2(s)"),
        covers=cov,
    )
)
paper.add(
    Limit(
        paper.id("theta-sqrt2-limit"),
        2 ** (s1 - 1) / (2**s1 - 1),
        s1,
        sp.oo,
        sp.Rational(1, 2),
        "lim_{ℓ→∞} θ_√2(ℓ) = 1/2",
        _theta_src("θ_√2(ℓ) as ℓ → ∞"),
        covers=cov,
    )
)

# Bounds and monotonicity.
paper.add(
    Inequality(
        paper.id("theta-le-1"),
        th,
        "<=",
        1,
        "θ_L(s) ≤ 1 for every L > 0, s ≥ 1 (remark after Theorem 2.3: the bounds grow at most "
        "linearly in E): 1 − θ_L(s) = Σ_{j=0}^{s−2} L^{2j} / S_s",
        _theta_src("θ ≤ 1", "printed", "remark after Theorem 2.3; proof of Corollary C.3"),
        certificate=sp.Sum(L ** (2 * j), (j, 0, s1 - 2)) / S_s,
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("theta-minus-tail"),
        lhs=th - (1 - L**-2),
        rhs=1 / (L**2 * S_s),
        statement="θ_L(s) − (1 − L^{−2}) = 1 / (L² S_s) for every L > 0, s ≥ 1",
        source=_theta_src("distance to the s → ∞ limit"),
        covers=cov,
    )
)
paper.add(
    Inequality(
        paper.id("theta-ge-tail"),
        th,
        ">",
        1 - L**-2,
        "θ_L(s) > 1 − L^{−2} for every L > 0, s ≥ 1 (so θ_{√2 L_λ}(ℓ) > 1/2)",
        _theta_src("lower bound 1 − L^{−2}"),
        certificate=1 / (L**2 * S_s),
        covers=cov,
    )
)
_i1 = sp.Symbol("i", integer=True)
_L1 = 1 + u
paper.add(
    Inequality(
        paper.id("theta-ge-1-over-s"),
        theta(L=_L1, s=s1),
        ">=",
        1 / s1,
        "θ_L(s) ≥ 1/s for L = 1 + u ≥ 1, s ≥ 1 (the largest term of S_s is L^{2(s−1)}): "
        "s L^{2(s−1)} − S_s = Σ_{j<s} L^{2j}(L^{2(s−1−j)} − 1) = Σ_{j<s} L^{2j}(L² − 1) Σ_{i<s−1−j} L^{2i}",
        _theta_src("lower bound 1/s"),
        covers=cov,
        budget=40,
        certificate=sp.Sum(
            _L1 ** (2 * j) * u * (2 + u) * sp.Sum(_L1 ** (2 * _i1), (_i1, 0, s1 - 2 - j)), (j, 0, s1 - 1)
        )
        / (s1 * sp.Sum(_L1 ** (2 * j), (j, 0, s1 - 1))),
    )
)
paper.add(
    Inequality(
        paper.id("theta-nonincreasing"),
        th,
        ">",
        theta(L=L, s=s1 + 1),
        "θ_L(s) > θ_L(s+1) for every L > 0, s ≥ 1 (used in the proof of Theorem 2.3): "
        "θ_L(s) − θ_L(s+1) = θ_L(s) θ_L(s+1) L^{−2s}",
        _theta_src("monotone in s", "printed", "proof of Theorem 2.3"),
        certificate=th * theta(L=L, s=s1 + 1) * L ** (-2 * s1),
        covers=cov,
    )
)

# ---------------------------------------------------------------------------
# L_λ(m, M), eq. (13)

cl = [L_lambda.id]
mp_ = sp.Symbol("m", positive=True)  # m > 0 where a claim divides by m
Mp = sp.Symbol("M", positive=True)
Ll = L_lambda(lam=lam, m=mp_, M=M)
# κ = (L_λ² − 1)/(λm), written out: the identity claim L-lambda-kappa below proves the two equal
# (this is the very expression sp.simplify returned; no simplify at import).
kappa = (2 * M + 3 * mp_) / (M + mp_)

paper.add(
    Identity(
        paper.id("L-lambda-kappa"),
        lhs=(Ll**2 - 1) / (lam * mp_),
        rhs=(2 * M + 3 * mp_) / (M + mp_),
        statement="L_λ = sqrt(1 + κλm) with κ = (2M + 3m)/(M + m) (Table 2 writes L_λ = sqrt(1 + λκm))",
        source=src("§1.2 / Table 2 caption: κ", "13", "derived"),
        covers=cl,
    )
)
paper.add(
    Inequality(
        paper.id("L-lambda-kappa-le-4"),
        kappa,
        "<=",
        4,
        "κ ≤ 4, as printed in §1.2, §2 and the Table 2 caption (true; E10: it is loose)",
        src("§1.2 / §2 / Table 2 caption: κ ≤ 4", "13"),
        covers=cl,
    )
)
paper.add(
    Inequality(
        paper.id("L-lambda-kappa-ge-2"),
        kappa,
        ">=",
        2,
        "κ ≥ 2: κ − 2 = m/(M + m)",
        src("(13): the range of κ", "13", "derived"),
        covers=cl,
    )
)
paper.add(
    Inequality(
        paper.id("L-lambda-kappa-le-3"),
        kappa,
        "<=",
        3,
        "κ ≤ 3: 3 − κ = M/(M + m), so (13) gives κ ∈ [2, 3], tighter than the printed κ ≤ 4 (E10)",
        src("(13): the range of κ", "13", "derived"),
        covers=cl,
    )
)
paper.add(
    Limit(
        paper.id("L-lambda-limit-m-to-0"),
        L_lambda(lam=lam, m=mp_, M=Mp),
        mp_,
        0,
        1,
        "lim_{m→0} L_λ(m, M) = 1 (M > 0): the unclipped constant tends to one (§1.2)",
        src("§1.2: L → 1 without clipping", "13", "printed"),
        direction="+",
        covers=cl,
    )
)
paper.add(
    Limit(
        paper.id("L-lambda-clipped-limit-m-to-0"),
        sp.sqrt(2) * L_lambda(lam=lam, m=mp_, M=Mp),
        mp_,
        0,
        sp.sqrt(2),
        "lim_{m→0} √2 L_λ(m, M) = √2 (M > 0): the clipped constant tends to √2 (§1.2)",
        src("§1.2: L → √2 with clipping", "13", "printed"),
        direction="+",
        covers=cl,
    )
)
paper.add(
    Limit(
        paper.id("L-lambda-limit-lam-to-0"),
        L_lambda(lam=lam, m=m, M=Mp),
        lam,
        0,
        1,
        "lim_{λ→0} L_λ(m, M) = 1 (third remark after Proposition 2.1: L_0(m, M) = 1)",
        src("remarks after Proposition 2.1 (third)", "13", "printed"),
        direction="+",
        covers=cl,
    )
)
paper.add(
    Identity(
        paper.id("L-lambda-convex"),
        lhs=L_lambda(lam=lam, m=0, M=Mp),
        rhs=1,
        statement="L_λ(0, M) = 1 (first remark after Proposition 2.1: nonexpansive for convex f_i)",
        source=src("remarks after Proposition 2.1 (first)", "13", "printed"),
        covers=cl,
    )
)
paper.add(
    Identity(
        paper.id("L-lambda-max-step"),
        lhs=L_lambda(lam=1 / (M + mp_), m=mp_, M=M) ** 2,
        rhs=(1 + mp_ / (M + mp_)) ** 2,
        statement="L_{1/(M+m)}(m, M)² = (1 + m/(M + m))², i.e. (both positive) L_{1/(M+m)} = 1 + m/(M + m) = 1 + λm at the largest step of Proposition 2.1(c); "
        "tight for f = −m x²/2",
        source=src("Proposition 2.1(c) at λ = 1/(M+m)", "13", "derived"),
        covers=cl,
    )
)
paper.add(
    Inequality(
        paper.id("L-lambda-increasing-in-m"),
        sp.diff(Ll**2, mp_),
        ">",
        0,
        "∂L_λ²/∂m > 0: L_λ grows with the weak-convexity constant",
        src("monotonicity of (13)", "13", "derived"),
        covers=cl,
    )
)
paper.add(
    Inequality(
        paper.id("L-lambda-decreasing-in-M"),
        sp.diff(Ll**2, M),
        "<=",
        0,
        "∂L_λ²/∂M = −λm²/(M + m)² ≤ 0",
        src("monotonicity of (13)", "13", "derived"),
        covers=cl,
    )
)

# E33: the 'improved' constant versus the trivial 1 + λ max{m, M}.
paper.add(
    Identity(
        paper.id("L-lambda-vs-trivial"),
        lhs=Ll**2 - (1 + lam * mp_) ** 2,
        rhs=lam * mp_**2 * (1 / (M + mp_) - lam),
        statement="L_λ² − (1 + λm)² = λm² (1/(M+m) − λ)",
        source=src("§2: the trivial constant 1 + λ max{m, M} (footnote 13)", "13", "derived"),
        covers=cl,
    )
)
paper.add(
    Inequality(
        paper.id("L-lambda-ge-trivial-for-m-ge-M"),
        L_lambda(lam=1 / ((M + mp_) * (1 + q)), m=mp_, M=M) ** 2,
        ">=",
        (1 + mp_ / ((M + mp_) * (1 + q))) ** 2,
        "observation (E33): for every admissible step λ = 1/[(M+m)(1+q)] ≤ 1/(M+m), L_λ ≥ 1 + λm; "
        "so when m ≥ M the 'improved' L_λ is never below the trivial 1 + λ max{m, M}",
        src(
            "§2: improvement over 1 + λ max{m, M}",
            "13",
            "derived",
            "observation, not an erratum: the improvement needs m small relative to M",
        ),
        covers=cl,
    )
)

R = sp.Rational


# E7: the proofs of Proposition 2.1(b),(c) drop a square.
paper.add(
    Identity(
        paper.id("prop-2.1b-proof-last-step"),
        lhs=2 * Ll**2,
        rhs=2 * Ll,
        statement="printed last step of the proof of Proposition 2.1(b): 2 L_λ² ‖d‖² = 2 L_λ ‖x − y‖²",
        source=src("Proposition 2.1(b), proof", "33"),
        expect="refuted",
        erratum="kong-ribero E7",
        hints=[{"lam": R(1, 4), "m": 1, "M": 1}],
        covers=cl,
    )
)
paper.add(
    Identity(
        paper.id("prop-2.1b-proof-last-step-corrected"),
        lhs=2 * Ll**2,
        rhs=(sp.sqrt(2) * Ll) ** 2,
        statement="corrected: 2 L_λ² ‖d‖² = (√2 L_λ)² ‖x − y‖², i.e. the Lipschitz constant √2 L_λ of (b) "
        "(likewise L_λ² ‖x − y‖² in (c))",
        source=src("Proposition 2.1(b), proof", "33", "corrected", "square restored"),
        erratum="kong-ribero E7",
        covers=cl,
    )
)
