"""Shared objects of the Bok, Su & Altschuler encoding: the :class:`Paper`, the parameters (named as
in the paper), the derived contraction factor c and the hypotheses used by several formulas.

Paper: J. Bok, W. J. Su, J. M. Altschuler (2024), *Shifted Interpolation for Differential Privacy*,
ICML 2024 (PMLR 235), ``shared/papers/002_384696f0745ab0f0.txt``.

Conventions (issue 13): the iterate noise is η·σ·N(0, I) (σ is a *noise rate*, eq. (1)); ``L`` is
the gradient sensitivity (Definition 2.10), ``m`` strong convexity, ``M`` smoothness, ``n`` the
dataset size, ``b`` the batch size, ``l`` = n/b batches per epoch, ``E`` epochs, ``t`` steps, ``D``
the diameter of the constraint set.  The contraction factor of one gradient step (Lemma 2.8)

    c = max{|1 − ηm|, |1 − ηM|}

is *derived* from ``eta``, ``m``, ``M`` and never a parameter.  For 0 < m ≤ M and η ∈ (0, 2/M) it
equals 1 − ηm when η ≤ 2/(m + M) and ηM − 1 otherwise (claim ``c-derivation``); :data:`c_expr`
is that Piecewise (its condition is decided exactly on the inputs) and :data:`one_minus_c` the
cancellation-free 1 − c (ηm, resp. 2 − ηM), from which the evaluators build c^t as
exp(t·log1p(−(1 − c))) and 1 − c^t as −expm1(t·log1p(−(1 − c))): O(1) work and every digit at
1 − c = 1e-9, t = 10¹².
"""

from __future__ import annotations

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

import mpmath

from symbolic import Hypothesis, Paper
from symbolic.evaluate.expressions import CompiledExpression
from symbolic.params import natural, nonnegative, positive

paper = Paper(
    "bok-su-altschuler",
    "Shifted Interpolation for Differential Privacy",
    "J. Bok, W. J. Su, J. M. Altschuler (2024), ICML 2024, PMLR 235 (arXiv:2403.00278)",
    text="002_384696f0745ab0f0.txt",
)

P = {
    "eta": positive("eta", "learning rate η > 0"),
    "m": nonnegative("m", "strong-convexity constant m (m > 0 where c < 1 is required)"),
    "M": positive("M", "smoothness constant M > 0 (∇f is M-Lipschitz), m ≤ M"),
    "L": positive("L", "gradient sensitivity L (Definition 2.10)"),
    "n": natural("n", "number of data points n", zero=False),
    "sigma": positive("sigma", "noise rate σ: the iterate noise is η·σ·N(0, I) (eq. (1))"),
    "t": natural("t", "number of steps t ≥ 1", zero=False),
    "D": positive("D", "diameter D of the constraint set K"),
    "b": natural("b", "batch size b", zero=False),
    "l": natural("l", "number of batches per epoch l = n/b", zero=False),
    "E": natural("E", "number of epochs E = t/l", zero=False),
    "tau": natural("tau", "intermediate time τ of the shifted interpolated process (τ ∈ {1, …, t})", zero=False),
    "N": positive("N", "N = t − τ ∈ (0, ∞), the number of unrolled steps (continuous, before rounding)"),
    "p": nonnegative("p", "subsampling probability p = b/n ∈ [0, 1]"),
    "mu": nonnegative("mu", "GDP parameter μ ≥ 0"),
    "alpha": nonnegative("alpha", "type-I error level α ∈ [0, 1]"),
}
S = {name: prm.symbol for name, prm in P.items()}
eta, m, M, L, n, sigma, t, D, b, l, E, tau, N, p, mu, alpha = (
    S[k] for k in ("eta", "m", "M", "L", "n", "sigma", "t", "D", "b", "l", "E", "tau", "N", "p", "mu", "alpha")
)

#: Generic contraction factor c ∈ (0, 1) for the claims about the c-forms (never a formula parameter).
c = sp.Symbol("c", positive=True)
#: c = e^{−κ}, κ > 0: a reparametrisation under which "c < 1" is built in (sign proofs).
kappa = sp.Symbol("kappa", positive=True)
#: c = 1/(1 + u), u > 0: another reparametrisation with c ∈ (0, 1) built in (sums without a c = 1 branch).
u = sp.Symbol("u", positive=True)
s = sp.Symbol("s", positive=True)  # per-step update sensitivity (ηL/n, ηL/b)
k = sp.Symbol("k", integer=True)  # step index
q = sp.Symbol("q", integer=True)
j = sp.Symbol("j", integer=True)


def params(*names):
    return [P[name] for name in names]


def plain(name):
    """An assumption-free symbol named like a parameter (for hypotheses)."""
    return sp.Symbol(name)


def src(label, equations=(), form="printed", note=""):
    return paper.source(label, equations, form, note)


# ---------------------------------------------------------------------------
# The contraction factor (Lemma 2.8), decided exactly on the inputs.
SHORT_STEP = eta * (m + M) <= 2
c_expr = sp.Piecewise((1 - eta * m, SHORT_STEP), (eta * M - 1, True))
one_minus_c = sp.Piecewise((eta * m, SHORT_STEP), (2 - eta * M, True))
#: log c = log1p(−(1 − c)) (−∞ at c = 0, i.e. ηm = ηM = 1).
log_c = log1p(-one_minus_c)
C_ZERO = sp.And(sp.Eq(eta * m, 1), sp.Eq(eta * M, 1))


def c_power(exponent):
    """c^exponent as exp(exponent·log c) (no rounding of c itself enters)."""
    return sp.exp(exponent * log_c)


def one_minus_c_power(exponent):
    """1 − c^exponent = −expm1(exponent·log1p(−(1 − c))): no cancellation for c near 1."""
    return -expm1(exponent * log_c)


# Hypotheses (the paper's text).
_eta, _m, _M, _L, _D = (plain(x) for x in ("eta", "m", "M", "L", "D"))
STEP_STRONG = Hypothesis(_eta * _M < 2, "η ∈ (0, 2/M) (Lemma 2.8: c = max{|1−ηm|, |1−ηM|} < 1)")
STEP_CONVEX = Hypothesis(_eta * _M <= 2, "η ∈ (0, 2/M] (Lemma 2.8: the gradient step is contractive)")
M_GE_m = Hypothesis(_m <= _M, "m ≤ M (an m-strongly convex, M-smooth loss)")
STRONG = Hypothesis(_m > 0, "m > 0 (m-strong convexity; c < 1 requires m > 0)")
T_THRESHOLD = Hypothesis(plain("t") * _eta * _L >= _D * plain("n"), "t ≥ Dn/(ηL) (Theorem 4.3)")
E_THRESHOLD = Hypothesis(plain("E") * _eta * _L >= _D * plain("b"), "E ≥ Db/(ηL) (Theorem 4.6)")
TAU_LE_T = Hypothesis(
    plain("tau") <= plain("t"), "τ ∈ {1, …, t} (Theorem 4.9, corrected range; the printed 0, …, t − 1 is erratum E4)"
)
P_LE_1 = Hypothesis(plain("p") <= 1, "p ∈ [0, 1]")
ALPHA_LE_1 = Hypothesis(plain("alpha") <= 1, "α ∈ [0, 1]")
STRONGLY_CONVEX = [STRONG, M_GE_m, STEP_STRONG]
LMC_STEP = Hypothesis(_eta * (_m + _M) <= 2, "η ∈ (0, 2/(M + m)] (Proposition 5.1)")


def g42(cc, tt):
    """(1 − c^t)/(1 + c^t) · (1 + c)/(1 − c): μ² of Theorem 4.2 in units of (L/(nσ))²."""
    return (1 - cc**tt) / (1 + cc**tt) * (1 + cc) / (1 - cc)


def g45(cc, ll, EE):
    """1 + c^{2l−2}(1 − c²)/(1 − c^l)² · (1 − c^{l(E−1)})/(1 + c^{l(E−1)}): Theorem 4.5's μ² / (L/(bσ))²."""
    return 1 + cc ** (2 * ll - 2) * (1 - cc**2) / (1 - cc**ll) ** 2 * (1 - cc ** (ll * (EE - 1))) / (
        1 + cc ** (ll * (EE - 1))
    )


def gc17(cc, ll, EE):
    """(1 − c^{lE})/(1 + c^{lE}) · (1 − c²)/(1 − c^l)²: Theorem C.17's μ² / (L/(bσ))²."""
    return (1 - cc ** (ll * EE)) / (1 + cc ** (ll * EE)) * (1 - cc**2) / (1 - cc**ll) ** 2


def K_clt(x):
    """K(μ) = e^{μ²}Φ(1.5μ) + 3Φ(−0.5μ) − 2, the constant of Lemma A.5 (Φ in erf form)."""
    Phi = lambda z: (1 + sp.erf(z / sp.sqrt(2))) / 2  # noqa: E731
    return sp.exp(x**2) * Phi(sp.Rational(3, 2) * x) + 3 * Phi(-x / 2) - 2


def K_clt_stable(x):
    """K(μ) = expm1(μ²)Φ(1.5μ) + [erf(3μ/(2√2)) − 3 erf(μ/(2√2))]/2: the dominant term (≈ μ²/2) has
    no cancellation; the bracket (≈ −μ³/(2√(2π))) is a relative O(μ) correction."""
    y = x / (2 * sp.sqrt(2))
    return expm1(x**2) * (1 + sp.erf(3 * y)) / 2 + (sp.erf(3 * y) - 3 * sp.erf(y)) / 2


def special_case_evaluator(name, prms, stable, cases):
    """An evaluator that uses ``stable`` (the proved numeric form) except at exact special inputs.

    ``cases`` is a list of ``(predicate(values) -> bool, expr)``: where the predicate holds on the exact
    inputs, ``expr`` (the formula's closed value there) is evaluated instead.  Used where the stable
    form has a removable 0·(−∞) (an exponent that vanishes while log c = −∞ at c = 0).  A case whose
    ``expr`` is the constant 0 returns the exact int 0 (an exact zero by the formula's algebra), so the
    engine does not try to prove an mpf 0 by substituting the inputs into the printed form (at
    t = 10¹², c = 1 − 10⁻⁹ that is an exact rational power with ~10¹³ digits, which never finishes).
    """
    symbols = [prm.symbol for prm in prms]
    main = CompiledExpression(stable, symbols, name)
    special = [(pred, 0 if sp.sympify(e) == 0 else CompiledExpression(e, symbols, name)) for pred, e in cases]

    def evaluate(values, dps):
        subs = {prm.symbol: values[prm.name] for prm in prms}
        for pred, compiled in special:
            if pred(values):
                return 0 if compiled == 0 else compiled(subs, mpmath.mp.dps)
        return main(subs, mpmath.mp.dps)

    return evaluate
