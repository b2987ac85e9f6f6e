"""Appendix A.1: Lemma A.3 (eq. 23, the geometric shift allocation), Lemma A.4 (eqs. 24–25,
one pass) and Appendix B (the residual quadratic program (P) and its KKT solution).

The paper states Lemma A.3 for L > 1; every statement here is verified for all L > 0
(the lemma is applied with L_λ = 1 when m = 0).  Errata: E1 (proof of A.3(b)),
E2 (proof of A.4(a)); observation E35 (A.4(b)'s allocation is not optimal).
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Hypothesis, Identity, Inequality, Optimality, Parameter, Recurrence

from .common import ALPHA_GT_1, L, T, alpha, geometric, i, n, paper, params, sigma, src, t, tau
from .constants import theta

sbar_ = sp.Symbol("s", positive=True)  # the gap s̄ (the proofs write s)
k = sp.Symbol("k", integer=True, nonnegative=True)
S_T = geometric(L, T)


def b(idx):
    """b_n = (L^{T-n} / S_T) L^{T-1} (eq. 23)."""
    return L ** (T - idx) / S_T * L ** (T - 1)


def R(idx):
    """R_n = L^{n-1} - Σ_{i=1}^{n} b_i L^{n-i} (eq. 23), for n ≥ 0."""
    return L ** (idx - 1) - sp.Sum(b(i) * L ** (idx - i), (i, 1, idx))


def R_closed(idx):
    """Closed form of Lemma A.3(b): R_n = L^{n-1} S_{T-n} / S_T."""
    return L ** (idx - 1) * geometric(L, T - idx) / S_T


lemma = "Lemma A.3"


def _src(part, form="printed", note=""):
    return src(f"{lemma}{part}", "23", form, note)


paper.add(
    Identity(
        paper.id("lem-a.3a"),
        lhs=R(t + 1),
        rhs=L * R(t) - b(t + 1),
        statement="R_{t+1} = L R_t − b_{t+1} for every integer t ≥ 0 and every L > 0",
        source=_src("(a)"),
        covers=[theta.id],
    )
)
Rf = sp.Function("R")
paper.add(
    Recurrence(
        paper.id("lem-a.3b-closed-form"),
        sequence=Rf,
        index=t,
        closed_form=R_closed(t),
        recursion=sp.Eq(Rf(t + 1), L * Rf(t) - b(t + 1)),
        base={0: R(0)},
        statement="S_T R_t = L^{t−1} Σ_{i=0}^{T−1−t} L^{2i}: the closed form satisfies the recursion (a) "
        "and agrees with R_0 = 1/L, hence equals R_t for every 0 ≤ t ≤ T (steps t → t + 1 for t ≤ T − 1)",
        # beyond T the sum's range is reversed: the closed form holds there only in SymPy's Karr convention
        where=[sp.Le(t, T - 1)],
        source=_src("(b)", "derived", "closed form from the proof of (b); induction with (a)"),
    )
)
paper.add(Identity(paper.id("lem-a.3b-RT"), lhs=R(T), rhs=0, statement="R_T = 0", source=_src("(b)")))
paper.add(
    Inequality(
        paper.id("lem-a.3b-nonneg"),
        R(T - k),
        ">=",
        0,
        "R_t ≥ 0 for 0 ≤ t ≤ T (written t = T − k, k ≥ 0): R_t equals L^{t−1} S_{T−t}/S_T, "
        "a product of powers of L > 0 and sums of positive terms",
        _src("(b)"),
        certificate=R_closed(T - k),
        where=[sp.Le(k, T)],  # t = T − k ≥ 0, as stated (beyond, the sums' ranges are reversed)
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3c"),
        lhs=sp.Sum(b(i) ** 2, (i, 1, T)),
        rhs=theta(L=L, s=T),
        statement="Σ_{t=1}^T b_t² = θ_L(T)",
        source=_src("(c)"),
        covers=[theta.id],
    )
)
x = sp.Symbol("x", real=True)
paper.add(
    Optimality(
        paper.id("lem-a.3-allocation-optimal"),
        objective=x**2,
        x=x,
        index=i,
        lower=1,
        upper=T,
        coefficient=L ** (T - i),
        total=L ** (T - 1),
        candidate=b(i),
        multiplier=2 * L ** (T - 1) / S_T,
        value=theta(L=L, s=T),
        statement="b_t minimises Σ b_t² subject to R_T = 0, i.e. Σ b_t L^{T−t} = L^{T−1} "
        "(Cauchy–Schwarz equality case), with minimum θ_L(T)",
        source=src(
            "Lemma A.3 / Appendix B",
            ("23", "35"),
            "derived",
            "the optimality the paper shows in Appendix B, for the single-pass allocation",
        ),
        covers=[theta.id],
        feasible=sp.S.Reals,
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3-at-L-1"),
        lhs=sp.Sum((b(i) - 1 / T) ** 2, (i, 1, T)).subs(L, 1) + (R_closed(t) - (T - t) / T).subs(L, 1) ** 2,
        rhs=0,
        statement="at L = 1: b_t = 1/T and R_t = (T − t)/T (the uniform spending of PABI)",
        source=_src("", "derived", "L = 1, outside the printed L > 1"),
        where=[sp.Le(t, T)],  # 0 ≤ t ≤ T (beyond, R_t's sum has a reversed range)
    )
)

# E1: the proof of (b) starts from L^t where R_t has L^{t-1}.
proof_rhs = sp.Sum(L ** (2 * i + t - 1), (i, 0, T - 1)) - sp.Sum(L ** (2 * T + t - 2 * i - 1), (i, 1, t))
paper.add(
    Identity(
        paper.id("lem-a.3b-proof-step"),
        lhs=S_T * (L**t - sp.Sum(b(i) * L ** (t - i), (i, 1, t))),
        rhs=proof_rhs,
        statement="printed first step of the proof of Lemma A.3(b): "
        "S_T (L^t − Σ_{i=1}^t b_i L^{t−i}) = Σ_{i=0}^{T−1} L^{2i+t−1} − Σ_{i=1}^t L^{2T+t−2i−1}",
        source=_src("(b), proof", "printed"),
        expect="refuted",
        erratum="kong-ribero E1",
        hints=[{"L": 2, "T": 3, "t": 2}],
        where=[sp.Le(t, T)],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3b-proof-step-corrected"),
        lhs=S_T * R(t),
        rhs=proof_rhs,
        statement="corrected first step: S_T (L^{t−1} − Σ_{i=1}^t b_i L^{t−i}) = Σ_{i=0}^{T−1} L^{2i+t−1} − Σ_{i=1}^t L^{2T+t−2i−1}",
        source=_src("(b), proof", "corrected", "L^t replaced by L^{t-1}, as in the definition of R_t"),
        erratum="kong-ribero E1",
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3b-proof-final"),
        lhs=proof_rhs,
        rhs=L ** (t - 1) * geometric(L, T - t),
        statement="the proof's remaining chain: Σ_{i=0}^{T−1} L^{2i+t−1} − Σ_{i=1}^t L^{2T+t−2i−1} = L^{t−1} Σ_{i=0}^{T−1−t} L^{2i}",
        source=_src("(b), proof"),
        where=[sp.Le(t, T)],  # 0 ≤ t ≤ T, as in the proof step above (beyond, a reversed range)
    )
)

# ---------------------------------------------------------------------------
# Lemma A.4(a), eq. (24): one pass, allocation a_t = (Lτ + s) b_t.
lemma_a4a = paper.add(
    Formula(
        paper.id("lem-a.4a"),
        alpha / 2 * ((L * tau + sbar_) / sigma) ** 2 * theta(L=L, s=T),
        params("alpha", "sigma", "L", "tau") + [Parameter(sbar_, "gap s̄ > 0 at step 1")] + params("T"),
        src("Lemma A.4(a), eq. (24)", "24"),
        hypotheses=[ALPHA_GT_1],
        title="(α/2) ((Lτ + s̄)/σ)² θ_L(T): one pass (T = ℓ), ζ = 0",
    )
)
shift = L * tau + sbar_
paper.add(
    Identity(
        paper.id("lem-a.4a-cost"),
        lhs=alpha / (2 * sigma**2) * sp.Sum((shift * b(i)) ** 2, (i, 1, T)),
        rhs=lemma_a4a.expr,
        statement="the proof's allocation a_t = (Lτ + s̄) b_t costs α Σ_{t=1}^T a_t²/(2σ²) = (24)'s right-hand side",
        source=src("Lemma A.4(a), proof", ("23", "24"), "derived"),
        covers=[lemma_a4a.id, theta.id],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.4a-proof-sum"),
        lhs=alpha / (2 * sigma**2) * sp.Sum((shift * b(i)) ** 2, (i, 1, T)),
        rhs=alpha / (2 * sigma**2) * shift**2 * sp.Sum(b(i) ** 2, (i, 2, T)),
        statement="printed in the proof of Lemma A.4(a): α Σ_{i=1}^T a_i²/(2σ²) = (α/2σ²)[(Lτ + s)² Σ_{i=2}^T b_i²]",
        source=src("Lemma A.4(a), proof", "24"),
        expect="refuted",
        erratum="kong-ribero E2",
        hints=[{"L": 2, "T": 3, "tau": 0, "s": 1, "alpha": 2, "sigma": 1}],
        covers=[lemma_a4a.id],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.4a-proof-sum-corrected"),
        lhs=alpha / (2 * sigma**2) * sp.Sum((shift * b(i)) ** 2, (i, 1, T)),
        rhs=alpha / (2 * sigma**2) * shift**2 * sp.Sum(b(i) ** 2, (i, 1, T)),
        statement="corrected: the sum starts at i = 1, and the following '≤ (α/2)((Lτ+s)/σ)² θ_L(T)' is an equality "
        "by Lemma A.3(c) (the printed 'Lemma 15(c)')",
        source=src("Lemma A.4(a), proof", "24", "corrected"),
        erratum="kong-ribero E2",
        covers=[lemma_a4a.id],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.4a-shifts"),
        lhs=shift * L * R(1) - shift * b(2),
        rhs=shift * R(2),
        statement="the proof's shift bookkeeping [Lτ+s] L R_1 − a_2 = [Lτ+s] R_2 (the previous shift is (Lτ+s)R_1, "
        "not the printed τ_t = 0 of erratum E2 in ERRATA.md)",
        source=src("Lemma A.4(a), proof", ("20", "23"), "printed"),
    )
)

# Lemma A.4(b), eq. (25): allocation a_1 = ζ + s, a_t = ζ (t ≥ 2), with s = ζ.
zeta = sp.Symbol("zeta", positive=True)
T1 = sp.Symbol("T", integer=True, positive=True)
cost_b = alpha / (2 * sigma**2) * ((2 * zeta) ** 2 + (T1 - 1) * zeta**2)
paper.add(
    Identity(
        paper.id("lem-a.4b-cost"),
        lhs=cost_b,
        rhs=alpha * (T1 + 3) * zeta**2 / (2 * sigma**2),
        statement="Lemma A.4(b)'s allocation costs exactly α(T + 3)ζ²/(2σ²)",
        source=src("Lemma A.4(b), proof", "25", "derived"),
    )
)
paper.add(
    Inequality(
        paper.id("lem-a.4b"),
        cost_b.subs(T1, 1 + n),
        "<=",
        2 * alpha * (1 + n) * (zeta / sigma) ** 2,
        "(25): α(T + 3)ζ²/(2σ²) ≤ 2αT(ζ/σ)² for every T = 1 + n ≥ 1 (equality at T = 1)",
        src("Lemma A.4(b), eq. (25)", "25"),
    )
)
paper.add(
    Inequality(
        paper.id("lem-a.4b-uniform-better"),
        (T1 + 1) ** 2 / T1,
        "<=",
        T1 + 3,
        "observation (E35): the uniform allocation a_t = ζ + s̄/T is feasible and costs (T + 1)²ζ²/T ≤ (T + 3)ζ², "
        "so Lemma A.4(b)'s allocation is not optimal",
        src("Lemma A.4(b), proof", "25", "derived", "observation, not an erratum"),
    )
)

# ---------------------------------------------------------------------------
# Appendix B: the QP (P) with residuals R̃_t = L^{t-1}(Lτ + s) − Σ_{i≤t} a_i L^{t-i}.
allocation = paper.add(
    Formula(
        paper.id("app-b-allocation"),
        shift * b(t),
        params("L", "tau")
        + [Parameter(sbar_, "gap s at step 1")]
        + params("T")
        + [Parameter(t, "index t of the step, 1 ≤ t ≤ T")],
        src("Appendix B: optimal residuals a_t", ("35",)),
        hypotheses=[Hypothesis(sp.And(sp.Symbol("t") >= 1, sp.Symbol("t") <= sp.Symbol("T")), "1 ≤ t ≤ T")],
        title="a_t = L^{T-1}(Lτ + s) L^{T-t} / Σ_{i=0}^{T-1} L^{2i} = (Lτ + s) b_t",
    )
)
value = paper.add(
    Formula(
        paper.id("app-b-optimal-value"),
        shift**2 * theta(L=L, s=T) / 2,
        params("L", "tau") + [Parameter(sbar_, "gap s at step 1")] + params("T"),
        src("Appendix B: optimal value of (P)", ("35",), "derived"),
        title="min (P) = (1/2)(Lτ + s)² θ_L(T)",
    )
)
cb = [allocation.id, value.id]
paper.add(
    Optimality(
        paper.id("app-b-kkt"),
        objective=x**2 / 2,
        x=x,
        index=i,
        lower=1,
        upper=T,
        coefficient=L ** (T - i),
        total=L ** (T - 1) * shift,
        candidate=shift * b(i),
        multiplier=L ** (T - 1) * shift / S_T,
        value=value.expr,
        statement="Appendix B, relaxed (P) (equality R̃_T = 0 only): a_i = ξ L^{T−i} with ξ = L^{T−1}(Lτ + s)/S_T is the "
        "KKT point of the convex QP (Cauchy–Schwarz equality case), with value (1/2)(Lτ + s)² θ_L(T)",
        source=src("Appendix B", ("35",)),
        covers=cb + [theta.id],
        feasible=sp.S.Reals,
    )
)
Rt_tilde = L ** (t - 1) * shift - sp.Sum(shift * b(i) * L ** (t - i), (i, 1, t))
paper.add(
    Identity(
        paper.id("app-b-residuals"),
        lhs=Rt_tilde,
        rhs=shift * R(t),
        statement="with a_i = (Lτ + s) b_i the residuals are R̃_t = (Lτ + s) R_t",
        source=src("Appendix B", ("23", "35")),
        covers=cb,
    )
)
paper.add(
    Inequality(
        paper.id("app-b-feasible"),
        shift * R(T - k),
        ">=",
        0,
        "R̃_t = (Lτ + s) R_t ≥ 0 for 0 ≤ t ≤ T (t = T − k; app-b-residuals): the relaxed optimum satisfies the "
        "dropped inequality constraints of (P), hence is optimal for (P) (Lemma A.3(b))",
        src("Appendix B", ("23", "35")),
        certificate=shift * R_closed(T - k),
        covers=cb,
        where=[sp.Le(k, T)],  # t = T − k ≥ 0, as stated
    )
)
paper.add(
    Inequality(
        paper.id("app-b-allocation-positive"),
        shift * b(t),
        ">",
        0,
        "a_t > 0: the nonnegativity a ≥ 0 required by Lemma A.2 holds automatically",
        src("Appendix B", ("20", "35"), "derived"),
        covers=cb,
    )
)
