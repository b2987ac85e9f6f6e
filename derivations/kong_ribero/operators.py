"""Appendix A.2: the Lipschitz analysis of the DP-SGD operator (Lemmas A.7, A.9, the proof of
Proposition 2.1), written in Gram variables.

Vectors enter only through inner products, so each step of the paper's argument is an
algebraic statement about the Gram entries ``dd = ‖d‖²``, ``dD = ⟨d, Δ⟩``, ``DD = ‖Δ‖²`` …
The hypotheses become nonnegative *slack* symbols: co-coercivity of F = f + m‖·‖²/2
(Lemma A.6) is ``⟨u, d⟩ = ‖u‖²/(M+m) + w`` with ``w ≥ 0``; Lemma A.7 is
``⟨d, Δ⟩ = −m[1 + m/(2K)]‖d‖² + ‖Δ‖²/(2K) + w₁``; a step size λ ≤ 1/K is
``λ = 1/[K(1 + q)]`` with ``q ≥ 0``.  A claim is then an identity, or an inequality whose
difference is manifestly nonnegative in these variables: a proof valid for vectors in any
dimension.  Counterexamples to printed steps are 1-D vectors (scalars).

K = M + m > 0 throughout.  Errata: E7 is in :mod:`.constants`; here E9, E11, E12.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Identity, Inequality

from .constants import L_lambda, L_lambda_expr
from .common import paper, q, src

K = sp.Symbol("K", positive=True)  # M + m
m = sp.Symbol("m", nonnegative=True)
lam = sp.Symbol("lam", positive=True)
mu = sp.Symbol("mu", positive=True)
dd, DD, PP, uu = sp.symbols("dd DD PP uu", nonnegative=True)  # squared norms
w, w1, w2, w3 = sp.symbols("w w1 w2 w3", nonnegative=True)  # slacks of the hypotheses
dD, ud = sp.symbols("dD ud", real=True)  # inner products
x1, x2 = sp.symbols("x1 x2", real=True)  # 1-D vectors for counterexamples
R = sp.Rational


def L2(step):
    """L_λ² of (13) with M + m = K."""
    return L_lambda_expr(step, m, K - m) ** 2


cl = [L_lambda.id]
lemma_a7 = "Lemma A.7"

# ---------------------------------------------------------------------------
# Lemma A.7 with u = Δ + m d: ⟨Δ, d⟩ = ud − m dd, ‖Δ‖² = uu − 2m ud + m² dd.
D_d = ud - m * dd
D_D = uu - 2 * m * ud + m**2 * dd
a7_rhs = -m * (1 + m / (2 * K)) * dd + D_D / (2 * K)
coco = {ud: uu / K + w}  # Lemma A.6 for F: ⟨u, d⟩ ≥ ‖u‖²/K

paper.add(
    Identity(
        paper.id("lem-a.7-gap"),
        lhs=D_d - a7_rhs,
        rhs=(1 + m / K) * ud - uu / (2 * K),
        statement="Lemma A.7's gap in u = Δ + m d: ⟨Δ, d⟩ − (−m[1 + m/(2K)]‖d‖² + ‖Δ‖²/(2K)) = (1 + m/K)⟨u, d⟩ − ‖u‖²/(2K)",
        source=src(lemma_a7, (), "derived", "Gram form of the statement"),
    )
)
paper.add(
    Inequality(
        paper.id("lem-a.7"),
        D_d.xreplace(coco),
        ">=",
        a7_rhs.xreplace(coco),
        "Lemma A.7: ⟨∇f(x) − ∇f(y), x − y⟩ ≥ −m[1 + m/(2(M+m))]‖x − y‖² + ‖∇f(x) − ∇f(y)‖²/(2(M+m)), "
        "for every dimension, given co-coercivity ⟨u, d⟩ = ‖u‖²/K + w (w ≥ 0) of F = f + m‖·‖²/2",
        src(lemma_a7),
        covers=cl,
    )
)
# E9: the printed justification (‖a+b‖²/2 ≤ ‖a‖² + ‖b‖²) does not give the printed line by itself.
step_lhs = -m * dd + uu / K
step_rhs = -(m + m**2 / (2 * K)) * dd + D_D / (2 * K)
one_d = {dd: x1**2, ud: x1 * x2, uu: x2**2}
paper.add(
    Inequality(
        paper.id("lem-a.7-proof-step"),
        step_lhs.xreplace(one_d),
        ">=",
        step_rhs.xreplace(one_d),
        "printed proof of Lemma A.7: −m‖d‖² + ‖Δ + md‖²/K ≥ −[m + m²/(2K)]‖d‖² + ‖Δ‖²/(2K) "
        "'by ‖a+b‖²/2 ≤ ‖a‖² + ‖b‖²', i.e. for arbitrary vectors d and u = Δ + md (here 1-D: d = x1, u = x2)",
        src(f"{lemma_a7}, proof"),
        expect="refuted",
        erratum="kong-ribero E9",
        hints=[{"x1": 1, "x2": -1, "m": 1, "K": 1}],
    )
)
paper.add(
    Inequality(
        paper.id("lem-a.7-proof-step-corrected"),
        step_lhs.xreplace(coco),
        ">=",
        step_rhs.xreplace(coco),
        "the printed line does hold once co-coercivity ⟨u, d⟩ ≥ ‖u‖²/K ≥ 0 is used (the difference is "
        "‖u‖²/(2K) + m⟨u, d⟩/K): Lemma A.7 and its constant m/(2(M+m)) stand, with this justification",
        src(f"{lemma_a7}, proof", (), "corrected", "justified by Lemma A.6 instead of ‖a+b‖²/2 ≤ ‖a‖²+‖b‖²"),
        erratum="kong-ribero E9",
    )
)
paper.add(
    Inequality(
        paper.id("lem-a.7-proof-justification-yields"),
        step_lhs.xreplace(one_d),
        ">=",
        (-(m + m**2 / K) * dd + D_D / (2 * K)).xreplace(one_d),
        "what the printed justification ‖a+b‖²/2 ≤ ‖a‖² + ‖b‖² alone yields: the weaker constant m/(M+m) "
        "(−m dd + ‖u‖²/K − [−(m + m²/K) dd + ‖Δ‖²/(2K)] = ‖u + md‖²/(2K)), for arbitrary vectors",
        src(f"{lemma_a7}, proof", (), "derived", "erratum E9 of ERRATA.md"),
    )
)

# ---------------------------------------------------------------------------
# Lemma A.9.  Lemma A.7 as a slack: ⟨d, Δ⟩ = −m[1 + m/(2K)] dd + DD/(2K) + w1.
a7 = {dD: -m * (1 + m / (2 * K)) * dd + DD / (2 * K) + w1}
lemma_a9 = "Lemma A.9"
paper.add(
    Inequality(
        paper.id("lem-a.9-eq-32"),
        (mu * DD - 2 * dD).xreplace(a7),
        "<=",
        2 * m * (1 + m / (2 * K)) * dd + (mu - 1 / K) * DD,
        "(32): μ‖Δ‖² − 2⟨d, Δ⟩ ≤ 2m[1 + m/(2K)]‖d‖² + (μ − 1/K)‖Δ‖² for every μ > 0, given Lemma A.7",
        src(lemma_a9, "32"),
    )
)
step_1 = 1 / (K * (1 + q))  # λ ≤ 1/(M+m)
step_2 = 1 / (2 * K * (1 + q))  # λ ≤ 1/[2(M+m)]
paper.add(
    Inequality(
        paper.id("lem-a.9-eq-30"),
        (dd - 2 * step_1 * dD + step_1**2 * DD).xreplace(a7),
        "<=",
        L2(step_1) * dd,
        "(30), no clipping (Δ^p = Δ): ‖d − λΔ‖² ≤ L_λ² ‖d‖² for every step λ = 1/[K(1+q)] ≤ 1/(M+m): "
        "Proposition 2.1(c)'s constant L_λ",
        src(lemma_a9, ("30", "13")),
        covers=cl,
    )
)
# (31) with clipping: P = Δ^p.  Lemma A.8 gives ⟨Δ, P⟩ = ‖P‖² + w2; the parallelogram bound
# ‖a+b‖² ≤ 2‖a‖² + 2‖b‖² is ‖a − b‖² = w3 ≥ 0 with a = d − λΔ, b = λ(Δ − P), solved for ⟨d, P⟩.
DP = PP + w2
dP = (w3 - dd - 4 * step_2**2 * DD - step_2**2 * PP + 4 * step_2 * dD + 4 * step_2**2 * DP) / (2 * step_2)
paper.add(
    Inequality(
        paper.id("lem-a.9-eq-31"),
        (dd - 2 * step_2 * dP + step_2**2 * PP).xreplace(a7),
        "<=",
        2 * L2(step_2) * dd,
        "(31), clipping (Δ^p = prox(∇f(x)) − prox(∇f(y))): ‖d − λΔ^p‖² ≤ 2 L_λ² ‖d‖² for every step "
        "λ = 1/[2K(1+q)] ≤ 1/[2(M+m)], from Lemma A.7, Lemma A.8 (⟨Δ, Δ^p⟩ ≥ ‖Δ^p‖²) and "
        "‖a+b‖² ≤ 2‖a‖² + 2‖b‖²: Proposition 2.1(b)'s constant √2 L_λ (what Theorem 2.2 needs under clipping)",
        src(lemma_a9, ("31", "13"), "printed"),
        covers=cl,
        erratum="kong-ribero E11",
    )
)
# E12: three slips in the printed proof of (31).
dl = sp.Symbol("dl", real=True)
Dl, Pl = sp.symbols("Dl Pl", real=True)
paper.add(
    Identity(
        paper.id("lem-a.9-proof-split"),
        lhs=(dl - lam * Pl) ** 2,
        rhs=(dl - lam * (Dl + Dl - Pl)) ** 2,
        statement="printed first step of the proof of (31): ‖d − λΔ^p‖² = ‖d − λ(Δ + Δ − Δ^p)‖² (1-D vectors d, Δ, Δ^p)",
        source=src(f"{lemma_a9}, proof of (31)", "31"),
        expect="refuted",
        erratum="kong-ribero E12",
        hints=[{"dl": 0, "lam": 1, "Dl": 1, "Pl": 0}],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.9-proof-split-corrected"),
        lhs=(dl - lam * Pl) ** 2,
        rhs=((dl - lam * Dl) + lam * (Dl - Pl)) ** 2,
        statement="corrected: ‖d − λΔ^p‖² = ‖(d − λΔ) + λ(Δ − Δ^p)‖²",
        source=src(f"{lemma_a9}, proof of (31)", "31", "corrected"),
        erratum="kong-ribero E12",
    )
)
paper.add(
    Identity(
        paper.id("lem-a.9-proof-expansion"),
        lhs=2 * (dd - 4 * lam * dD + 4 * lam**2 * DD) + 2 * lam**2 * DD,
        rhs=2 * (dd + lam * (2 * lam * DD - 2 * dD)),
        statement="printed: 2‖d − 2λΔ‖² + 2λ²‖Δ‖² = 2(‖d‖² + λ[2λ‖Δ‖² − 2⟨d, Δ⟩]) (Gram variables)",
        source=src(f"{lemma_a9}, proof of (31)", "31"),
        expect="refuted",
        erratum="kong-ribero E12",
        hints=[{"dd": 1, "dD": 0, "DD": 1, "lam": 1}],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.9-proof-expansion-corrected"),
        lhs=2 * (dd - 2 * lam * dD + lam**2 * DD) + 2 * lam**2 * DD,
        rhs=2 * (dd + lam * (2 * lam * DD - 2 * dD)),
        statement="corrected: 2‖d − λΔ‖² + 2λ²‖Δ‖² = 2(‖d‖² + λ[2λ‖Δ‖² − 2⟨d, Δ⟩])",
        source=src(f"{lemma_a9}, proof of (31)", "31", "corrected", "‖d − 2λΔ‖² replaced by ‖d − λΔ‖²"),
        erratum="kong-ribero E12",
    )
)
after_32 = 2 * (dd + lam * (2 * m * (1 + m / (2 * K)) * dd + (2 * lam - 1 / K) * DD))
paper.add(
    Identity(
        paper.id("lem-a.9-proof-remainder"),
        lhs=after_32,
        rhs=2 * L2(lam) * dd + 2 * (2 * lam - 1 / K) * DD,
        statement="printed: (32) with μ = 2λ in 2(‖d‖² + λ[2λ‖Δ‖² − 2⟨d, Δ⟩]) gives 2L_λ²‖d‖² + 2(2λ − 1/(M+m))‖Δ‖²",
        source=src(f"{lemma_a9}, proof of (31)", ("31", "32")),
        expect="refuted",
        erratum="kong-ribero E12",
        hints=[{"dd": 1, "DD": 1, "lam": R(1, 4), "m": 0, "K": 1}],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.9-proof-remainder-corrected"),
        lhs=after_32,
        rhs=2 * L2(lam) * dd + 2 * lam * (2 * lam - 1 / K) * DD,
        statement="corrected: … = 2L_λ²‖d‖² + 2λ(2λ − 1/(M+m))‖Δ‖² (a factor λ was dropped; the conclusion is unaffected "
        "since the term is ≤ 0 for λ ≤ 1/[2(M+m)])",
        source=src(f"{lemma_a9}, proof of (31)", ("31", "32"), "corrected"),
        erratum="kong-ribero E12",
    )
)

# ---------------------------------------------------------------------------
# E11: the clipped step can expand beyond L_λ (= 1 at m = 0), so the proof of Theorem 2.2
# (which uses L = L_λ although clipping is allowed) is not justified by Proposition 2.1.
# f(x) = xᵀAx/2 with A = [[1/5, 2/5], [2/5, 1]] (m = 0, M = λ_max(A) = (3 + 2√2)/5),
# C = 1, λ = 2/5 ≤ 1/(2M); x = (−10, 5), y = x + (−49/10000, 87/10000).
A = sp.Matrix([[R(1, 5), R(2, 5)], [R(2, 5), 1]])


def clipped_step(z, step=R(2, 5), clip=1):
    g = A * z
    norm = sp.sqrt(g.dot(g))
    return z - step * g * sp.Min(1, clip / norm)


xa = sp.Matrix([-10, 5])
ya = xa + sp.Matrix([R(-49, 10000), R(87, 10000)])
diff_out = clipped_step(xa) - clipped_step(ya)
paper.add(
    Inequality(
        paper.id("thm-2.2-clipped-step-L-lambda"),
        diff_out.dot(diff_out),
        "<=",
        (xa - ya).dot(xa - ya),
        "the proof of Theorem 2.2 takes L = L_λ although clipping is allowed; for m = 0 that asserts the clipped "
        "step z ↦ z − λ Clip_1(Az) is L_λ(0, M) = 1-Lipschitz.  Explicit pair: A = [[1/5, 2/5], [2/5, 1]], "
        "λ = 2/5 ≤ 1/(2M), x = (−10, 5), y = x + (−0.0049, 0.0087): ‖T(x) − T(y)‖² ≤ ‖x − y‖²?",
        src("Theorem 2.2, proof (A.3.1)", "16", "printed"),
        expect="refuted",
        erratum="kong-ribero E11",
        note="a gap in the proof, not a counterexample to (16) itself",
    )
)
paper.add(
    Inequality(
        paper.id("thm-2.2-clipped-step-L-lambda-corrected"),
        diff_out.dot(diff_out),
        "<=",
        2 * (xa - ya).dot(xa - ya),
        "with the constant √2 L_λ of Proposition 2.1(b) (= √2 at m = 0) the same pair satisfies "
        "‖T(x) − T(y)‖² ≤ 2‖x − y‖² (interval arithmetic at this pair; the general statement is lem-a.9-eq-31, "
        "proved): Theorem 2.2's proof needs L = √2 L_λ under clipping (thm-2.2-corrected)",
        src("Theorem 2.2, proof (A.3.1)", "16", "corrected", "L_λ replaced by √2 L_λ"),
        expect="checked",
        erratum="kong-ribero E11",
    )
)
