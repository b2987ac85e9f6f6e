"""Kong & Ribero (2025), *Privacy of the last iterate in cyclically-traversed DP-SGD
on nonconvex composite losses* (``shared/papers/000_dc7dbfffafcf342b.txt``).

Pilot content: the contraction factor θ_L(s) of eq. (15), Lemma A.3 (eq. 23) with
its three statements, the limits of θ_L(s), and the erratum in the proof of
Lemma A.3(b).
"""

from __future__ import annotations

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from symbolic import Formula, Hypothesis, Identity, Inequality, Limit, Optimality, Paper, Recurrence
from symbolic.params import Parameter, natural, positive

paper = Paper(
    "kong-ribero",
    "Privacy of the last iterate in cyclically-traversed DP-SGD on nonconvex composite losses",
    "W. Kong, M. Ribero (2025), arXiv preprint dated February 11, 2025",
    text="000_dc7dbfffafcf342b.txt",
)

# ---------------------------------------------------------------------------
# Symbols.  Summation dummies carry no sign assumption (sums start at 0).
L_param = positive("L", "Lipschitz-type factor of the update (L < 1 allowed; other papers use it)")
s_param = natural("s", "number of steps in the window; θ_L(0) = 0")
L, s = L_param.symbol, s_param.symbol
T = sp.Symbol("T", integer=True, positive=True)
t = sp.Symbol("t", integer=True, nonnegative=True)
k = sp.Symbol("k", integer=True, nonnegative=True)
u = sp.Symbol("u", positive=True)
i, j = sp.symbols("i j", integer=True)


def geometric(L, n):
    """S_n = Σ_{i=0}^{n-1} L^{2i} (the normaliser of Lemma A.3, eq. 23)."""
    return sp.Sum(L ** (2 * j), (j, 0, n - 1))


# ---------------------------------------------------------------------------
# θ_L(s), eq. (15)
theta = paper.add(Formula(
    paper.id("theta"),
    sp.Piecewise((0, sp.Eq(s, 0)), (L ** (2 * (s - 1)) / geometric(L, s), True)),
    [L_param, s_param],
    paper.source("§2, constants (15): θ_L(s)", "15"),
    title="θ_L(s) = L^{2(s-1)} / Σ_{j=0}^{s-1} L^{2j}, θ_L(0) = 0",
    # Stable evaluation: (1 - L^-2)/(1 - L^-2s) through expm1, which keeps every
    # digit when L - 1 is tiny (L_λ - 1 ≈ 1e-5 in Figure 1) and costs O(1) in s.
    numeric=sp.Piecewise(
        (0, sp.Eq(s, 0)),
        (1 / s, sp.Eq(L, 1)),
        (expm1(-2 * log1p(L - 1)) / expm1(-2 * s * log1p(L - 1)), True),
    ),
))

# ---------------------------------------------------------------------------
# Lemma A.3, eq. (23).  The paper states L > 1; every statement below is
# verified for all L > 0 (the lemma is applied with L_λ = 1 when m = 0).
S_T = geometric(L, T)


def b(n):
    """b_n = (L^{T-n} / S_T) L^{T-1} (eq. 23)."""
    return L ** (T - n) / S_T * L ** (T - 1)


def R(n):
    """R_n = L^{n-1} - Σ_{i=1}^{n} b_i L^{n-i} (eq. 23), for n ≥ 0."""
    return L ** (n - 1) - sp.Sum(b(i) * L ** (n - i), (i, 1, n))


def R_closed(n):
    """Closed form of Lemma A.3(b): R_n = L^{n-1} S_{T-n} / S_T."""
    return L ** (n - 1) * geometric(L, T - n) / S_T


lemma = "Lemma A.3"
src = lambda part, form="printed", note="": paper.source(f"{lemma}{part}", "23", form, note)  # noqa: E731

paper.add(Identity(
    paper.id("lem-a.3a"), R(t + 1), L * R(t) - b(t + 1),
    "R_{t+1} = L R_t − b_{t+1} for every integer t ≥ 0 and every L > 0",
    src("(a)"), covers=[theta.id],
))
Rf = sp.Function("R")
paper.add(Recurrence(
    paper.id("lem-a.3b-closed-form"), Rf, t, R_closed(t),
    sp.Eq(Rf(t + 1), L * Rf(t) - b(t + 1)), {0: R(0)},
    "S_T R_t = L^{t−1} Σ_{i=0}^{T−1−t} L^{2i}: the closed form satisfies the recursion (a) "
    "and agrees with R_0 = 1/L, hence equals R_t for every t ≥ 0",
    src("(b)", "derived", "closed form from the proof of (b); induction with (a)"),
))
paper.add(Identity(
    paper.id("lem-a.3b-RT"), R(T), 0, "R_T = 0", src("(b)"),
))
paper.add(Inequality(
    paper.id("lem-a.3b-nonneg"), R(T - k), ">=", 0,
    "R_t ≥ 0 for 0 ≤ t ≤ T (written t = T − k, k ≥ 0): R_t equals L^{t−1} S_{T−t}/S_T, "
    "a product of powers of L > 0 and sums of positive terms",
    src("(b)"), certificate=R_closed(T - k),
))
paper.add(Identity(
    paper.id("lem-a.3c"), sp.Sum(b(i) ** 2, (i, 1, T)), theta(L=L, s=T),
    "Σ_{t=1}^T b_t² = θ_L(T)", src("(c)"), covers=[theta.id],
))
x = sp.Symbol("x", real=True)
paper.add(Optimality(
    paper.id("lem-a.3-allocation-optimal"), x ** 2, x, i, 1, T, L ** (T - i), L ** (T - 1),
    b(i), 2 * L ** (T - 1) / S_T, theta(L=L, s=T),
    "b_t minimises Σ b_t² subject to R_T = 0, i.e. Σ b_t L^{T−t} = L^{T−1} "
    "(Cauchy–Schwarz equality case), with minimum θ_L(T)",
    paper.source("Lemma A.3 / Appendix B", ("23", "35"), "derived",
                 "the optimality the paper shows in Appendix B, for the single-pass allocation"),
    covers=[theta.id],
))

# The erratum E1: the proof of (b) starts from L^t where R_t has L^{t-1}.
proof_rhs = (sp.Sum(L ** (2 * i + t - 1), (i, 0, T - 1))
             - sp.Sum(L ** (2 * T + t - 2 * i - 1), (i, 1, t)))
paper.add(Identity(
    paper.id("lem-a.3b-proof-step"),
    S_T * (L ** t - sp.Sum(b(i) * L ** (t - i), (i, 1, t))), proof_rhs,
    "printed first step of the proof of Lemma A.3(b): "
    "S_T (L^t − Σ_{i=1}^t b_i L^{t−i}) = Σ_{i=0}^{T−1} L^{2i+t−1} − Σ_{i=1}^t L^{2T+t−2i−1}",
    src("(b), proof", "printed"), expect="refuted", erratum="kong-ribero E1",
    hints=[{"L": 2, "T": 3, "t": 2}], where=[sp.Le(t, T)],
))
paper.add(Identity(
    paper.id("lem-a.3b-proof-step-corrected"),
    S_T * R(t), proof_rhs,
    "corrected first step: S_T (L^{t−1} − Σ_{i=1}^t b_i L^{t−i}) = Σ_{i=0}^{T−1} L^{2i+t−1} − Σ_{i=1}^t L^{2T+t−2i−1}",
    src("(b), proof", "corrected", "L^t replaced by L^{t-1}, as in the definition of R_t"),
    erratum="kong-ribero E1",
))
paper.add(Identity(
    paper.id("lem-a.3b-proof-final"), proof_rhs, L ** (t - 1) * geometric(L, T - t),
    "the proof's remaining chain: Σ_{i=0}^{T−1} L^{2i+t−1} − Σ_{i=1}^t L^{2T+t−2i−1} = L^{t−1} Σ_{i=0}^{T−1−t} L^{2i}",
    src("(b), proof"),
))

# ---------------------------------------------------------------------------
# Limits of θ_L(s) (catalog §4, items 6-8), s ≥ 1.
s1 = sp.Symbol("s", integer=True, positive=True)
limit_src = lambda what: paper.source(f"θ_L(s) limit {what} (catalog §4)", "15", "derived")  # noqa: E731
paper.add(Limit(paper.id("theta-limit-L-to-1"), theta(L=L, s=s1), L, 1, 1 / s1,
                "lim_{L→1} θ_L(s) = 1/s (s ≥ 1)", limit_src("L → 1"), covers=[theta.id]))
paper.add(Limit(paper.id("theta-limit-s-to-oo-L-gt-1"), theta(L=1 + u, s=s1), s1, sp.oo, 1 - (1 + u) ** -2,
                "lim_{s→∞} θ_L(s) = 1 − L^{−2} for L = 1 + u > 1", limit_src("s → ∞, L > 1"), covers=[theta.id]))
paper.add(Limit(paper.id("theta-limit-s-to-oo-L-lt-1"), theta(L=1 / (1 + u), s=s1), s1, sp.oo, 0,
                "lim_{s→∞} θ_L(s) = 0 for L = 1/(1 + u) < 1", limit_src("s → ∞, L < 1"), covers=[theta.id]))
paper.add(Limit(paper.id("theta-limit-s-to-oo-L-eq-1"), theta(L=1, s=s1), s1, sp.oo, 0,
                "lim_{s→∞} θ_1(s) = 0", limit_src("s → ∞, L = 1"), covers=[theta.id]))
paper.add(Limit(paper.id("theta-limit-L-to-oo"), theta(L=L, s=s1), L, sp.oo, 1,
                "lim_{L→∞} θ_L(s) = 1 (s ≥ 1)", limit_src("L → ∞"), covers=[theta.id]))
