"""Shared objects of the Chien & Li encoding: the :class:`Paper`, the parameters (named as in
the issue: the paper's symbols in ASCII) and the hypotheses several formulas share.

Paper: E. Chien, P. Li (2024), *Convergent Privacy Loss of Noisy-SGD without Convexity and
Smoothness*, ``shared/papers/001_61b9bc25c2cda090.txt``.

Conventions (the paper's, §2 and eq. (1)): the noise G_t ~ N(0, σ²I) is **not** scaled by η;
``K`` bounds the (clipped) per-sample gradients; the one-step sensitivity of the full-batch
update is s = 2ηK/n; ``c`` is the Lipschitz factor of the gradient update map, a direct
parameter (Lemma 3.4: 1 + ηL nonconvex smooth, 1 convex with η ≤ 2/L, 1 − ηm strongly convex
with η ≤ 1/L); ``lam`` is the Hölder exponent λ ∈ (0, 1].
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import Hypothesis, Paper
from symbolic.params import natural, nonnegative, positive

paper = Paper(
    "chien-li",
    "Convergent Privacy Loss of Noisy-SGD without Convexity and Smoothness",
    "E. Chien, P. Li (2024), arXiv (ICLR 2025 version)",
    text="001_61b9bc25c2cda090.txt",
)

P = {
    "alpha": positive("alpha", "Rényi order α > 1"),
    "sigma": positive("sigma", "standard deviation σ of the Gaussian noise G_t ~ N(0, σ²I) (not scaled by η)"),
    "eta": positive("eta", "step size η > 0"),
    "K": positive("K", "gradient norm bound (clipping norm) K > 0"),
    "n": natural("n", "dataset size n ≥ 1", zero=False),
    "b": natural("b", "batch size b ∈ {1, …, n}", zero=False),
    "D": positive("D", "diameter D > 0 of the parameter set 𝒦"),
    "c": nonnegative("c", "Lipschitz constant c ≥ 0 of the gradient update map (Lemma 3.4)"),
    "T": natural("T", "number of iterations T ≥ 1", zero=False),
    "L": nonnegative("L", "Hölder constant L ≥ 0 (in Theorem 3.7 pass ηL)"),
    "lam": positive("lam", "Hölder exponent λ ∈ (0, 1]"),
    "z": nonnegative("z", "argument z ≥ 0 of h = g⁻¹"),
    "q": positive("q", "mixing (sampling) probability q ∈ (0, 1)"),
    "beta": positive("beta", "noise split β_t ∈ (0, 1] (fraction of the variance given to Z_t)"),
    "m": nonnegative("m", "strong-convexity constant m ≥ 0"),
}
S = {name: p.symbol for name, p in P.items()}
alpha, sigma, eta, K, n, b, D, c, T, L, lam, z, q, beta = (
    S[k] for k in ("alpha", "sigma", "eta", "K", "n", "b", "D", "c", "T", "L", "lam", "z", "q", "beta")
)


def params(*names):
    return [P[name] for name in names]


def plain(name):
    """An assumption-free symbol named like a parameter, for hypotheses."""
    return sp.Symbol(name)


ALPHA_GT_1 = Hypothesis(plain("alpha") > 1, "Rényi order α > 1")
LAM_LE_1 = Hypothesis(plain("lam") <= 1, "Hölder exponent λ ∈ (0, 1]")
Q_LT_1 = Hypothesis(plain("q") < 1, "mixing probability q ∈ (0, 1) (Definition 3.11)")
BETA_LE_1 = Hypothesis(plain("beta") <= 1, "noise split β_t ∈ (0, 1] (β_t = 0 makes the term infinite)")
B_LE_N = Hypothesis(plain("b") <= plain("n"), "batch size b ≤ n")


def src(label, equations=(), form="printed", note=""):
    return paper.source(label, equations, form, note)


def mp(v) -> mpmath.mpf:
    """An exact rational (SymPy) or int as an mpf at the working precision."""
    v = sp.Rational(v)
    return mpmath.mpf(int(v.p)) / int(v.q)
