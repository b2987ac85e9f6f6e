"""Shared objects of the Kong & Ribero encoding: the :class:`Paper`, the parameters
(named as in the paper) and small helpers used by every section module.

Paper: W. Kong, M. Ribero (2025), *Privacy of the last iterate in cyclically-traversed
DP-SGD on nonconvex composite losses*, ``shared/papers/000_dc7dbfffafcf342b.txt``.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Hypothesis, Paper
from symbolic.params import natural, nonnegative, positive

paper = Paper(
    "kong-ribero",
    "Privacy of the last iterate in cyclically-traversed DP-SGD on nonconvex composite losses",
    "W. Kong, M. Ribero (2025), arXiv preprint dated February 11, 2025",
    text="000_dc7dbfffafcf342b.txt",
)

# ---------------------------------------------------------------------------
# Parameters (the paper's symbols in ASCII).  Summation dummies carry no sign
# assumption because the sums start at 0.
P = {
    "L": positive("L", "Lipschitz-type factor of the update (L < 1 allowed; other papers use it)"),
    "s": natural("s", "number of steps in the window; θ_L(0) = 0"),
    "alpha": positive("alpha", "Rényi order α ∈ (1, ∞)"),
    "sigma": positive("sigma", "standard deviation σ of the Gaussian noise N_t"),
    "lam": positive("lam", "step size λ"),
    "m": nonnegative("m", "weak-convexity constant m ≥ 0 of (11)"),
    "M": nonnegative("M", "upper curvature (smoothness) constant M ≥ 0 of (11)"),
    "d_h": nonnegative("d_h", "diameter of dom h, (15)"),
    "C": positive("C", "ℓ2 clipping norm"),
    "b": natural("b", "batch size", zero=False),
    "k": natural("k", "number of examples (per-example losses); b divides k", zero=False),
    "T": natural("T", "number of iterations", zero=False),
    "tau": nonnegative("tau", "initial shift τ ≥ 0"),
    "sbar": positive("sbar", "gap s̄ > 0 between neighbouring operators at the differing steps"),
    "ell": natural("ell", "steps per pass ℓ", zero=False),
    "xi": positive("xi", "the free parameter ξ > 1 of Lemma C.1"),
    "eps": positive("eps", "target RDP level ε > 0"),
    "E": natural("E", "number of passes E", zero=False),
    "H": positive("H", "Hölder modulus H"),
    "eta": positive("eta", "Hölder exponent η ∈ (0, 1)"),
    "rho": positive("rho", "free parameter ρ > 0 of footnote 5"),
    "c": nonnegative("c", "norm of a mean shift"),
}
S = {name: p.symbol for name, p in P.items()}
L, s, alpha, sigma, lam, m, M = (S[n] for n in ("L", "s", "alpha", "sigma", "lam", "m", "M"))
d_h, C, b, k, T, tau, sbar, ell = (S[n] for n in ("d_h", "C", "b", "k", "T", "tau", "sbar", "ell"))
xi, eps, E, H, eta, rho, c = (S[n] for n in ("xi", "eps", "E", "H", "eta", "rho", "c"))

# Free symbols used only inside claims (never formula parameters).
t = sp.Symbol("t", integer=True, nonnegative=True)
n = sp.Symbol("n", integer=True, nonnegative=True)
u = sp.Symbol("u", positive=True)
v = sp.Symbol("v", positive=True)
w = sp.Symbol("w", nonnegative=True)
q = sp.Symbol("q", nonnegative=True)
i, j = sp.symbols("i j", integer=True)


def params(*names):
    return [P[name] for name in names]


def plain(name):
    """An assumption-free symbol named like a parameter, for hypotheses."""
    return sp.Symbol(name)


def geometric(base, count, index=j):
    """S = Σ_{index=0}^{count-1} base^{2·index} (the normaliser S_T of Lemma A.3, eq. 23)."""
    return sp.Sum(base ** (2 * index), (index, 0, count - 1))


# Hypotheses shared by several formulas (the paper's text).  Built unevaluated: SymPy returns these
# very relations (srepr-identical), but evaluating them runs assumption queries (~20 ms) at import.
_l, _m, _M = plain("lam"), plain("m"), plain("M")
MM_POSITIVE = Hypothesis(sp.Gt(_m + _M, 0, evaluate=False), "m + M > 0 (L_λ of (13) divides by M + m)")
STEP_CLIPPED = Hypothesis(sp.Le(_l, 1 / (2 * (_m + _M)), evaluate=False), "λ ≤ 1/[2(m+M)]")
STEP_UNCLIPPED = Hypothesis(sp.Le(_l, 1 / (_m + _M), evaluate=False), "λ ≤ 1/(m+M)")
ALPHA_GT_1 = Hypothesis(plain("alpha") > 1, "α ∈ (1, ∞)")
B_DIVIDES_K = Hypothesis(
    sp.Eq(sp.floor(plain("k") / plain("b")), plain("k") / plain("b"), evaluate=False),
    "b divides k (footnote 3: ℓ = k/b is an integer)",
)


def src(label, equations=(), form="printed", note=""):
    return paper.source(label, equations, form, note)
