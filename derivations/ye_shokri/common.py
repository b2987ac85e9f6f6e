"""Shared objects of the Ye & Shokri encoding: the :class:`Paper`, the parameters (named as in
the paper, in ASCII), the hypotheses the theorems share, and the symbolic building blocks
(ρ = 1 − ηλ, the Gaussian-step cost A, the sums S_j) every section uses.

Paper: J. Ye, R. Shokri (2022), *Differentially Private Learning Needs Hidden State (Or Much
Faster Convergence)*, NeurIPS 2022, ``shared/papers/003_90c215db479cc73e.txt``.

Conventions (issue #14): the update adds √(2ησ²)·N(0, I) per step, so ``sigma`` is the paper's
σ (Figure 1's "σ² = 4" is ``sigma=2``); ``lam`` is the strong-convexity constant λ, ``beta`` the
smoothness constant β (it enters the step-size hypotheses only); ``Sg`` is the gradient
sensitivity S_g; ``b`` the batch size, ``n`` the dataset size, N = ⌊n/b⌋ steps per epoch
(footnote 1: a non-integer n/b is replaced by ⌊n/b⌋), ``K`` epochs, ``j0`` the index of the batch
holding the differing record, ``k``/``j`` epoch and step.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import Hypothesis, Paper
from symbolic.params import natural, nonnegative, positive

#: Appended to the statement of a claim that proves, for all values of finitely many scalars, the step to which
#: a general statement (every number of classes or features, every point of an integral) is reduced: what the
#: engine's verdict covers, and what it does not.
REDUCTION_SCOPE = (
    ".  [The verdict covers the scalar step or pointwise identity displayed, for all values of its scalars; the "
    "reduction of the general statement to it (aggregation, induction, chain rule, integration) is the argument "
    "written here, not checked by the engine.]"
)

paper = Paper(
    "ye-shokri",
    "Differentially Private Learning Needs Hidden State (Or Much Faster Convergence)",
    "J. Ye, R. Shokri (2022), NeurIPS 2022, arXiv:2203.05363",
    text="003_90c215db479cc73e.txt",
)

P = {
    "alpha": positive("alpha", "Rényi order α > 1"),
    "eta": positive("eta", "step size η"),
    "lam": positive("lam", "strong-convexity constant λ of the loss"),
    "beta": positive("beta", "smoothness constant β of the loss (enters the step-size hypothesis)"),
    "Sg": positive("Sg", "ℓ2-sensitivity S_g of the per-example gradient"),
    "sigma": positive("sigma", "noise parameter σ: each step adds √(2ησ²)·N(0, I)"),
    "b": natural("b", "mini-batch size b", zero=False),
    "n": natural("n", "dataset size n", zero=False),
    "K": natural("K", "number of epochs K ≥ 1", zero=False),
    "j0": natural("j0", "index j₀ of the batch B^{j₀} holding the differing record"),
    "N": natural("N", "steps per epoch N = n/b", zero=False),
    "k": natural("k", "epoch index k"),
    "j": natural("j", "step index j within an epoch"),
    "R0": nonnegative("R0", "Rényi divergence R(α, 0) at the start of the step (t = 0)"),
    "c": positive("c", "log-Sobolev constant c of θ_k^j and θ'_k^j"),
    "L": positive("L", "Lipschitz constant L of the gradient-descent map f"),
    "t": nonnegative("t", "diffusion time t ∈ [0, η] inside one step"),
    "sigma_mul": positive("sigma_mul", "noise multiplier σ_mul of Algorithm 3"),
    "eps_norm": nonnegative("eps_norm", "RDP ε_norm of the private feature normalisation at order α"),
}
S = {name: p.symbol for name, p in P.items()}
alpha, eta, lam, beta, Sg, sigma = (S[x] for x in ("alpha", "eta", "lam", "beta", "Sg", "sigma"))
b, n, K, j0, N, k, j = (S[x] for x in ("b", "n", "K", "j0", "N", "k", "j"))
R0, c, L, t, sigma_mul = (S[x] for x in ("R0", "c", "L", "t", "sigma_mul"))

#: summation dummy (no sign assumption: the sums start at 0)
s = sp.Symbol("s", integer=True, nonnegative=True)


def params(*names):
    return [P[x] for x in names]


def plain(name):
    """An assumption-free symbol named like a parameter, for hypotheses."""
    return sp.Symbol(name)


# ---------------------------------------------------------------------------
# Building blocks.
rho = 1 - eta * lam  # Lipschitz constant of the GD map (Lemma B.4)
A = alpha * eta * Sg**2 / (4 * sigma**2 * b**2)  # one Gaussian step, eq. (82)
N_of = sp.floor(n / b)  # footnote 1
m_of = sp.floor(n / (2 * b))  # the split point ⌊n/(2b)⌋ of (11)


def S_sum(count, base=rho):
    """Σ_{s=0}^{count−1} base^{2s} (the sums of (12), (89), (108))."""
    return sp.Sum(base ** (2 * s), (s, 0, count - 1))


def eps0_expr(count, a=A, base=rho):
    """ε_0^j of (12): A·ρ^{2(j−1)} / Σ_{s<j} ρ^{2s}."""
    return a * base ** (2 * (count - 1)) / S_sum(count, base)


# ---------------------------------------------------------------------------
# Hypotheses (the paper's text).
_a, _e, _l, _be = plain("alpha"), plain("eta"), plain("lam"), plain("beta")
_n, _b, _j0, _j, _k, _N, _K = (plain(x) for x in ("n", "b", "j0", "j", "k", "N", "K"))
ALPHA_GT_1 = Hypothesis(_a > 1, "Rényi order α > 1")
STEP_SC = Hypothesis(_e < 2 / (_l + _be), "step size η < 2/(λ + β) (Lemma B.4, Theorems 4.4, 4.5, 5.2, 5.3)")
STEP_C = Hypothesis(_e < 2 / _be, "step size η < 2/β (Lemma B.3, Theorem 4.3)")
LAM_LE_BETA = Hypothesis(_l <= _be, "λ ≤ β (a λ-strongly convex β-smooth loss has λ ≤ β)")
ETA_LAM_LT_1 = Hypothesis(_e * _l < 1, "ηλ < 1 (implied by η < 2/(λ + β) with λ ≤ β: ρ = 1 − ηλ ∈ (0, 1))")
N_GE_2 = Hypothesis(sp.floor(_n / _b) >= 2, "n/b ≥ 2 (Theorems 4.4, 5.2; footnote 1: n/b read as ⌊n/b⌋)")
B_LE_N = Hypothesis(_b <= _n, "b ≤ n (at least one batch per epoch, n/b ≥ 1)")
J0_RANGE = Hypothesis(_j0 <= sp.floor(_n / _b) - 1, "j₀ ∈ {0, …, n/b − 1} (index of the batch B^{j₀})")
J_GE_1 = Hypothesis(_j >= 1, "j ≥ 1 (ε_0^j of (12) is defined for j = 1, …, n/b; ε_0^0 = 0)")
J_LT_N = Hypothesis(_j <= _N - 1, "j ∈ {0, …, n/b − 1} (Lemmas B.3, B.4)")
KJ_NOT_0 = Hypothesis(
    _k * _N + _j >= 1, "k = j = 0 excluded: c_0^0 = +∞ (point-mass initialisation has no finite LSI constant)"
)


def src(label, equations=(), form="printed", note=""):
    return paper.source(label, equations, form, note)


def mpq(value) -> mpmath.mpf:
    """An exact SymPy Rational as an mpf at the working precision."""
    value = sp.Rational(value)
    return mpmath.mpf(int(value.p)) / int(value.q)
