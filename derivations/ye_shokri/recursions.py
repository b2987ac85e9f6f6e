"""The atom of every bound: ε_0^j of (12)/(16)/(104)/(111), its recursion (107)–(111), the
convex recursion (98)–(102) of Theorem 4.3's proof, the contraction-factor identity behind
(108), and the quadratic-loss instance on which the first epoch is tight
.
"""

from __future__ import annotations

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from symbolic import Formula, Identity, Inequality, Limit, Recurrence

from . import numerics as nm
from .common import (
    A,
    ALPHA_GT_1,
    ETA_LAM_LT_1,
    J_GE_1,
    S_sum,
    Sg,
    alpha,
    b,
    eps0_expr,
    eta,
    j,
    lam,
    mpq,
    paper,
    params,
    rho,
    sigma,
    src,
)
from .lsi import lsi_convex, lsi_sc

w = sp.Symbol("w", positive=True)
W = {lam: w / (eta * (1 + w))}  # ηλ = w/(1 + w) ∈ (0, 1): ρ = 1/(1 + w)
jp = sp.Symbol("j", integer=True, positive=True)
Mp = sp.Symbol("M", integer=True, positive=True)
E = sp.Function("epsilon")


def _eps0(values, dps):
    return nm.eps0(*(mpq(values[x]) for x in ("alpha", "eta", "lam", "Sg", "sigma", "b")), int(values["j"]))


eps0 = paper.add(
    Formula(
        paper.id("eq-12-eps0"),
        eps0_expr(j),
        params("alpha", "eta", "lam", "Sg", "sigma", "b", "j"),
        src("Theorem 4.4, eq. (12)", ("12", "16", "104", "111")),
        hypotheses=[ALPHA_GT_1, ETA_LAM_LT_1, J_GE_1],
        title="ε_0^j = (αηS_g²/(4σ²b²))·(1 − ηλ)^{2(j−1)} / Σ_{s<j} (1 − ηλ)^{2s}, j ≥ 1",
        evaluator=_eps0,
    )
)
cov = [eps0.id]
e_j = eps0_expr(jp).subs(W)

paper.add(
    Recurrence(
        paper.id("eq-12-eps0-recursion"),
        sequence=E,
        index=jp,
        closed_form=e_j,
        recursion=sp.Eq(E(jp + 1), E(jp) * ((rho**2) * S_sum(jp) / S_sum(jp + 1)).subs(W)),
        base={1: A},
        statement="(108) at k = 0 solved: ε_0^1 = A (107)–(108) and ε_0^{j+1} = ε_0^j·(1 − ηλ)²·S_j/S_{j+1} give the closed "
        "form (111)/(12) ε_0^j = A(1 − ηλ)^{2(j−1)}/S_j for every j ≥ 1 (0 < ηλ = w/(1 + w) < 1)",
        source=src("Theorem 4.4, proof, eqs. (107)–(111)", ("107", "108", "110", "111")),
        start=1,
        covers=cov,
    )
)
x_ = eta * lam
stable = A * sp.exp(2 * (jp - 1) * log1p(-x_)) * x_ * (2 - x_) / -expm1(2 * jp * log1p(-x_))
paper.add(
    Identity(
        paper.id("eq-12-eps0/stable-form"),
        lhs=stable.subs(W),
        rhs=e_j,
        statement="the evaluator's form A·e^{2(j−1)log1p(−ηλ)}·ηλ(2 − ηλ)/(−expm1(2j·log1p(−ηλ))) equals (12) for j ≥ 1, "
        "0 < ηλ < 1 (log space: no underflow at j = 10¹²)",
        source=src("Theorem 4.4, eq. (12)", "12", "derived", "numerically stable rewriting used by the evaluator"),
        covers=cov,
    )
)
# C20: the contraction factor of Lemma 4.2 with c = c_k^j of (89) and L = 1 − ηλ.
c_M = lsi_sc.expr.xreplace({lsi_sc.symbol("k"): 0, lsi_sc.symbol("j"): Mp})
paper.add(
    Identity(
        paper.id("eq-108-contraction-factor"),
        lhs=((1 + c_M * 2 * eta * sigma**2 / rho**2) ** -1).subs(W),
        rhs=(rho**2 * S_sum(Mp) / S_sum(Mp + 1)).subs(W),
        statement="Lemma 4.2's factor with the LSI constant (89) and Lipschitz constant 1 − ηλ: "
        "(1 + c_k^j·2ησ²/(1 − ηλ)²)^{−1} = (1 − ηλ)²·S_{M}/S_{M+1}, M = kN + j ≥ 1 (the j ≥ 1 case of (108))",
        source=src("Theorem 4.4, proof, eq. (108)", ("89", "108"), "derived", ""),
        covers=cov + [lsi_sc.id],
    )
)
paper.add(
    Identity(
        paper.id("eq-99-contraction-factor"),
        lhs=(
            1
            + lsi_convex.expr.xreplace({lsi_convex.symbol("k"): 0, lsi_convex.symbol("j"): Mp})
            * 2
            * eta
            * sigma**2
            / 1**2
        )
        ** -1,
        rhs=Mp / (Mp + 1),
        statement="Lemma 4.2's factor with the LSI constant (84) and Lipschitz constant 1: (1 + c·2ησ²)^{−1} = M/(M + 1), "
        "the j ≥ 1 case of (99)",
        source=src("Theorem 4.3, proof, eq. (99)", ("84", "99"), "derived"),
        covers=[lsi_convex.id],
    )
)
paper.add(
    Recurrence(
        paper.id("eq-102-convex-recursion"),
        sequence=E,
        index=jp,
        closed_form=A / jp,
        recursion=sp.Eq(E(jp + 1), E(jp) * jp / (jp + 1)),
        base={1: A},
        statement="(99) at k = 0 solved: ε_0^1 = A, ε_0^{j+1} = ε_0^j·j/(j + 1) give (101)–(102) ε_0^j = A/j for j ≥ 1",
        source=src("Theorem 4.3, proof, eqs. (98)–(102)", ("98", "99", "101", "102")),
        start=1,
    )
)
closed = A * (1 - x_) ** (2 * (jp - 1)) * x_ * (2 - x_) / (1 - (1 - x_) ** (2 * jp))
paper.add(
    Identity(
        paper.id("eq-12-eps0-closed-form"),
        lhs=e_j,
        rhs=closed.subs(W),
        statement="(12) in closed form: ε_0^j = Aρ^{2(j−1)}(1 − ρ²)/(1 − ρ^{2j}), ρ = 1 − ηλ ∈ (0, 1)",
        source=src("Theorem 4.4, eq. (12)", "12", "derived"),
        covers=cov,
    )
)
paper.add(
    Limit(
        paper.id("eq-12-eps0-limit-lam-to-0"),
        eps0_expr(jp),
        lam,
        0,
        A / jp,
        "λ → 0 in (12) gives A/j, the convex (102) (ρ → 1 in the j-term sum)",
        src("Theorem 4.4, eq. (12)", ("12", "102"), "derived"),
        direction="+",
        covers=cov,
    )
)
paper.add(
    Limit(
        paper.id("eq-108-limit-lam-to-0"),
        rho**2 * S_sum(Mp) / S_sum(Mp + 1),
        lam,
        0,
        Mp / (Mp + 1),
        "λ → 0 in the factor (1 − ηλ)²S_M/S_{M+1} of (108) gives M/(M + 1), the factor of (99)",
        src("Theorem 4.4, proof, eq. (108)", ("99", "108"), "derived"),
        direction="+",
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("eq-12-eps0-at-1"),
        lhs=eps0(j=1),
        rhs=A,
        statement="ε_0^1 = αηS_g²/(4σ²b²): the last batch (j₀ = N − 1) pays one full Gaussian step",
        source=src("Theorem 4.4, eq. (12)", "12", "derived"),
        covers=cov,
    )
)
paper.add(
    Inequality(
        paper.id("eq-12-eps0-decreasing"),
        eps0_expr(jp).subs(W),
        ">",
        eps0_expr(jp + 1).subs(W),
        "ε_0^j > ε_0^{j+1} for every j ≥ 1: ε_0^j − ε_0^{j+1} = Aρ^{2(j−1)}/(S_j S_{j+1}) (S_{j+1} = 1 + ρ²S_j)",
        src("Theorem 4.4, eq. (12)", "12", "derived"),
        certificate=(A * rho ** (2 * (jp - 1)) / (S_sum(jp) * S_sum(jp + 1))).subs(W),
        covers=cov,
    )
)

# ---------------------------------------------------------------------------
# The quadratic-loss instance: ℓ(θ; x) = (λ/2)(θ − x)² in 1-D, GD map
# θ ↦ (1 − ηλ)θ + ηλx, so the iterates are Gaussian; the differing record (in B^0) shifts the
# mean by ηS_g/b at step 0.  After j steps of epoch 0: mean gap δ_j = ρ^{j−1}ηS_g/b, variance
# V_j = 2ησ²S_j, and R_α = αδ_j²/(2V_j).
Vf, Df = sp.Function("V"), sp.Function("delta")
jn = sp.Symbol("j", integer=True, nonnegative=True)
paper.add(
    Recurrence(
        paper.id("quadratic-instance-variance"),
        sequence=Vf,
        index=jn,
        closed_form=(2 * eta * sigma**2 * S_sum(jn)).subs(W),
        recursion=sp.Eq(Vf(jn + 1), (rho**2).subs(W) * Vf(jn) + 2 * eta * sigma**2),
        base={0: 0},
        statement="quadratic instance: Var θ_0^j = V_j with V_{j+1} = (1 − ηλ)²V_j + 2ησ², V_0 = 0, i.e. V_j = 2ησ²S_j = 1/c_0^j "
        "of (89): the LSI constants of Lemma B.4 are exact for it",
        source=src("Lemma B.4, eq. (89)", "89", "derived", "quadratic-loss instance"),
        covers=[lsi_sc.id],
    )
)
paper.add(
    Recurrence(
        paper.id("quadratic-instance-mean-gap"),
        sequence=Df,
        index=jp,
        closed_form=(rho ** (jp - 1)).subs(W) * eta * Sg / b,
        recursion=sp.Eq(Df(jp + 1), rho.subs(W) * Df(jp)),
        base={1: eta * Sg / b},
        statement="quadratic instance, differing record in B^0 (aligned worst case ‖x − x'‖ = S_g/λ): the mean gap is ηS_g/b "
        "after step 0 and contracts by 1 − ηλ afterwards: δ_j = (1 − ηλ)^{j−1}ηS_g/b",
        source=src("Theorem 4.4, eq. (12)", "12", "derived", "quadratic-loss instance"),
        start=1,
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("eq-12-eps0-tight"),
        lhs=(alpha * (rho ** (jp - 1) * eta * Sg / b) ** 2 / (2 * 2 * eta * sigma**2 * S_sum(jp))).subs(W),
        rhs=e_j,
        statement="the first epoch is tight: on the quadratic instance R_α(θ_0^j‖θ'_0^j) = αδ_j²/(2V_j) equals ε_0^j of (12) "
        "exactly (Gaussians with equal variance)",
        source=src("Theorem 4.4, eq. (12)", "12", "derived", "tightness at K = 1, j₀ = 0"),
        covers=cov,
    )
)
