"""Lemmas B.3 and B.4: the log-Sobolev constants c_k^j of the iterates, eqs. (84)–(92)
.

The recursions 1/c ← L²/c + 2ησ² (pushforward by an L-Lipschitz map, then convolution with
N(0, 2ησ²I)) start from the point mass θ_0^0 (c_0^0 = +∞, i.e. 1/c = 0) and are indexed by the
step count M = kN + j (the predecessor of (k, 0) is (k − 1, N): c_k^0 = c_{k−1}^N).
"""

from __future__ import annotations

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from symbolic import Formula, Identity, Limit, Recurrence

from . import numerics as nm
from .common import (
    J_LT_N,
    KJ_NOT_0,
    LAM_LE_BETA,
    STEP_C,
    STEP_SC,
    N,
    S_sum,
    eta,
    j,
    k,
    lam,
    mpq,
    paper,
    params,
    rho,
    sigma,
    src,
)

M = sp.Symbol("M", integer=True, nonnegative=True)  # step count kN + j
Mp = sp.Symbol("M", integer=True, positive=True)
w = sp.Symbol("w", positive=True)  # ηλ = w/(1 + w) ∈ (0, 1)
v = sp.Function("v")  # v = 1/c

lsi_convex = paper.add(
    Formula(
        paper.id("lem-b.3-lsi"),
        1 / (2 * eta * sigma**2 * (k * N + j)),
        params("eta", "sigma", "N", "k", "j", "beta"),
        src("Lemma B.3, eq. (84)", "84"),
        hypotheses=[STEP_C, J_LT_N, KJ_NOT_0],
        title="c_k^j = 1/(2ησ²(kN + j)): convex β-smooth loss, η < 2/β",
    )
)


def _lsi_sc(values, dps):
    e, l, sg = (mpq(values[x]) for x in ("eta", "lam", "sigma"))
    steps = int(values["k"]) * int(values["N"]) + int(values["j"])
    return nm.lsi_strongly_convex(e, l, sg, steps)


lsi_sc = paper.add(
    Formula(
        paper.id("lem-b.4-lsi"),
        1 / (2 * eta * sigma**2 * S_sum(k * N + j)),
        params("eta", "lam", "sigma", "N", "k", "j", "beta"),
        src("Lemma B.4, eq. (89)", "89"),
        hypotheses=[STEP_SC, LAM_LE_BETA, J_LT_N, KJ_NOT_0],
        title="c_k^j = 1/(2ησ² Σ_{s<kN+j} (1 − ηλ)^{2s}): λ-strongly convex β-smooth loss",
        evaluator=_lsi_sc,
    )
)
cov3, cov4 = [lsi_convex.id], [lsi_sc.id]

paper.add(
    Recurrence(
        paper.id("lem-b.3-lsi-recursion"),
        sequence=v,
        index=M,
        closed_form=2 * eta * sigma**2 * M,
        recursion=sp.Eq(v(M + 1), v(M) / 1**2 + 2 * eta * sigma**2),
        base={0: 0},
        statement="1/c_{M+1} = 1²/c_M + 2ησ² (1-Lipschitz map, then N(0, 2ησ²I)) from 1/c_0 = 0 (point mass) gives "
        "1/c_M = 2ησ²M for every step count M = kN + j ≥ 0, i.e. (84) for all steps",
        source=src("Lemma B.3, proof, eqs. (85)–(87)", ("85", "86", "87")),
        covers=cov3,
    )
)
_w = {lam: w / (eta * (1 + w))}  # ηλ = w/(1 + w) ∈ (0, 1), i.e. ρ = 1/(1 + w)
paper.add(
    Recurrence(
        paper.id("lem-b.4-lsi-recursion"),
        sequence=v,
        index=M,
        closed_form=(2 * eta * sigma**2 * S_sum(M)).subs(_w),
        recursion=sp.Eq(v(M + 1), (rho**2).subs(_w) * v(M) + 2 * eta * sigma**2),
        base={0: 0},
        statement="1/c_{M+1} = (1 − ηλ)²/c_M + 2ησ² ((1 − ηλ)-Lipschitz map, then N(0, 2ησ²I)) from 1/c_0 = 0 gives "
        "1/c_M = 2ησ² Σ_{s<M} (1 − ηλ)^{2s} for every M = kN + j ≥ 0 and 0 < ηλ < 1 (written ηλ = w/(1 + w)), "
        "i.e. (89) for all steps",
        source=src("Lemma B.4, proof, eqs. (90)–(92)", ("90", "91", "92")),
        covers=cov4,
    )
)
paper.add(
    Identity(
        paper.id("lem-b.4-lsi-epoch-boundary"),
        lhs=lsi_sc(k=k + 1, j=0),
        rhs=lsi_sc(j=N),
        statement="the closed form (89) continues across epochs: c_{k+1}^0 = c_k^N (the predecessor of (k+1, 0) in the "
        "recursion (90) is (k, N), not the printed c_k^{j−1})",
        source=src("Lemma B.4, eq. (90)", ("89", "90"), "derived", "index convention (erratum E8)"),
        covers=cov4,
    )
)

# The evaluator's stable form, proved equal to (89) for ηλ = w/(1 + w) ∈ (0, 1).
_x = eta * lam
stable_sc = _x * (2 - _x) / (2 * eta * sigma**2 * -expm1(2 * M * log1p(-_x)))
_sub = {**_w, M: Mp}
paper.add(
    Identity(
        paper.id("lem-b.4-lsi/stable-form"),
        lhs=stable_sc.subs(_sub),
        rhs=(1 / (2 * eta * sigma**2 * S_sum(Mp))).subs(_sub),
        statement="the evaluator's form ηλ(2 − ηλ)/(2ησ²·(−expm1(2M·log1p(−ηλ)))) equals (89) for every M ≥ 1 and "
        "0 < ηλ < 1 (written ηλ = w/(1 + w)); it needs no 1 − (number near 1)",
        source=src("Lemma B.4, eq. (89)", "89", "derived", "numerically stable rewriting used by the evaluator"),
        covers=cov4,
    )
)

# λ → 0 of (89) is (84), in the closed form of the geometric sum.
_sc_closed = _x * (2 - _x) / (2 * eta * sigma**2 * (1 - (1 - _x) ** (2 * Mp)))
paper.add(
    Identity(
        paper.id("lem-b.4-lsi-closed-form"),
        lhs=(1 / (2 * eta * sigma**2 * S_sum(Mp))).subs(_sub),
        rhs=_sc_closed.subs(_sub),
        statement="(89) in closed form: c = (1 − ρ²)/(2ησ²(1 − ρ^{2M})), ρ = 1 − ηλ ∈ (0, 1) (ηλ = w/(1 + w)), M = kN + j ≥ 1",
        source=src("Lemma B.4, eq. (89)", "89", "derived"),
        covers=cov4,
    )
)
paper.add(
    Limit(
        paper.id("lem-b.4-lsi-limit-lam-to-0"),
        1 / (2 * eta * sigma**2 * S_sum(Mp)),
        lam,
        0,
        1 / (2 * eta * sigma**2 * Mp),
        "as λ → 0 the strongly convex constant (89) tends to the convex one (84): 1/(2ησ²M), M = kN + j ≥ 1 "
        "(each of the M terms (1 − ηλ)^{2s} of the finite sum tends to 1)",
        src("Lemma B.4, eq. (89)", ("84", "89"), "derived"),
        direction="+",
        covers=cov3 + cov4,
    )
)

# Facts of Definition 3.5 used by the recursion (Gaussian instance: N(0, v) is (1/v)-LSI).
vv, Lp, sv = sp.symbols("v L s", positive=True)
paper.add(
    Identity(
        paper.id("lsi-gaussian-push-convolve"),
        lhs=1 / (Lp**2 * vv + sv),
        rhs=1 / (Lp**2 / (1 / vv) + sv),
        statement="N(0, v) is (1/v)-LSI; its pushforward by θ ↦ Lθ convolved with N(0, s) is N(0, L²v + s), whose constant "
        "1/(L²v + s) is what c ↦ (L²/c + s)^{−1} gives with c = 1/v: the recursion is exact on Gaussians",
        source=src("Definition 3.5, eq. (6)", "6", "derived", "[39, Lemmas 16, 17] on the Gaussian instance"),
        covers=cov3 + cov4,
    )
)
