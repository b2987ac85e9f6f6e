"""App. A.2 — limits and compositions of tradeoff functions: Remark A.8's counterexample (Dirac measures)
and Lemma A.11's h_δ composition identity.

Both are statements about tradeoff functions T(P, Q)(α) = inf{β_φ : α_φ ≤ α} of explicit pairs.  For a pair of
finite distributions the infimum is a linear programme whose optimum the Neyman–Pearson lemma gives: reject
the atoms in decreasing order of the likelihood ratio q_i/p_i (atoms with p_i = 0 first, at no type-I cost),
randomising on the atom where the level α is reached.  :func:`neyman_pearson_tradeoff` builds that piecewise-
linear curve symbolically from atoms listed in this order (the order itself is a hypothesis, proved by its
own claim); :func:`finite_tradeoff_lp` solves the linear programme by enumerating its vertices (every test
that rejects a set of atoms and randomises on at most one more), with no ordering: the independent reference.

* Remark A.8: P = δ₀, Q = ½δ₀ + ½δ₁, P_n = (1 − 1/n)δ₀ + (1/n)δ₁.  T(P_n, P) → Id (TV(P_n, P) = 1/n), yet
  lim_n T(P_n, Q)(0) = 1 ≠ ½ = T(P, Q)(0): Lemma A.7's limit (Awan & Dong's version without α' ∈ (0, 1],
  footnote 5) fails at α = 0, while for α > 0 the limit is T(P, Q)(α) = ½(1 − α).
* Lemma A.11: h_δ(α) = max{1 − δ − α, 0} is the tradeoff of P_h = (δ, 1 − δ, 0), Q_h = (0, 1 − δ, δ) on three
  atoms, and (Dong et al. 2022, eq. 12) f ⊗ h_δ(α) = (1 − δ) f(α/(1 − δ)) for α ≤ 1 − δ, 0 beyond.  Encoded
  for f = G(μ) (the case the paper uses: a CLT limit inside a composition, Figure 10), proved along the
  Neyman–Pearson tests of the product pair; the proof's gap identity is proved for an arbitrary g.  The
  lemma itself (liminf_n f ⊗ g_n ≥ f ⊗ g) is analysis and not encoded.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Mapping, Sequence

import mpmath
import sympy as sp

from symbolic import Formula, Hypothesis, Identity, Inequality, Limit
from symbolic.claims.numeric import NumericIdentity
from symbolic.params import natural, nonnegative, positive
from derivations.privacy.gaussian import normal_cdf, normal_quantile_upper, q_inverse

from .common import ALPHA_LE_1, P, paper, src


def neyman_pearson_tradeoff(atoms: Sequence[tuple], alpha: sp.Expr) -> sp.Piecewise:
    """T(P, Q)(α) of two distributions on finitely many atoms, ``atoms`` = [(p_i, q_i), …] listed in
    decreasing order of the likelihood ratio q_i/p_i (atoms with p_i = 0 first).  The Neyman–Pearson test
    rejects the atoms in this order: on the atom where α is reached, with cumulative masses (P_<, Q_<) before
    it, β = 1 − Q_< − (q_i/p_i)(α − P_<).  The last piece holds for every larger α (the masses sum to 1)."""
    cum_p, cum_q, pieces = sp.Integer(0), sp.Integer(0), []
    positive_atoms = [(pi, qi) for pi, qi in atoms if pi != 0]
    cum_q = sum((qi for pi, qi in atoms if pi == 0), sp.Integer(0))
    for i, (pi, qi) in enumerate(positive_atoms):
        value = 1 - cum_q - qi / pi * (alpha - cum_p)
        last = i == len(positive_atoms) - 1
        pieces.append((value, True if last else alpha <= cum_p + pi))
        cum_p, cum_q = cum_p + pi, cum_q + qi
    return sp.Piecewise(*pieces)


def finite_tradeoff_lp(p: Sequence, q: Sequence, alpha) -> Fraction:
    """inf{1 − Σ q_i φ_i : Σ p_i φ_i ≤ α, φ ∈ [0, 1]^k} in exact rationals, by enumerating the vertices of the
    feasible polytope that can be optimal: a set S of atoms rejected outright (Σ_S p ≤ α) and at most one more
    atom j rejected with probability min{1, (α − Σ_S p)/p_j}.  No likelihood-ratio ordering is used."""
    p, q, alpha = [Fraction(v) for v in p], [Fraction(v) for v in q], Fraction(alpha)
    k, best = len(p), Fraction(1)
    for size in range(k + 1):
        for rejected in combinations(range(k), size):
            spent = sum((p[i] for i in rejected), Fraction(0))
            if spent > alpha:
                continue
            power = sum((q[i] for i in rejected), Fraction(0))
            best = min(best, 1 - power)
            for j in set(range(k)) - set(rejected):
                phi = Fraction(1) if p[j] == 0 else min(Fraction(1), (alpha - spent) / p[j])
                best = min(best, 1 - power - q[j] * phi)
    return best


# ---------------------------------------------------------------------------
# Remark A.8.
REM = "Remark A.8"
alpha = P["alpha"].symbol
n_param = natural("n", "index n ≥ 2 of P_n = (1 − 1/n)δ₀ + (1/n)δ₁ (Remark A.8)", zero=False)
n_ = n_param.symbol
N_GE_2 = Hypothesis(sp.Symbol("n") >= 2, "n ≥ 2 (P_n's atom at 0 has mass 1 − 1/n > 0)")
_half = sp.Rational(1, 2)

#: atoms (P_n-mass, Q-mass) in decreasing likelihood-ratio order: δ₁ (ratio n/2), then δ₀ (ratio 1/(2(1 − 1/n))).
ATOMS_PN_Q = [(1 / n_, _half), (1 - 1 / n_, _half)]
#: (P-mass, Q-mass) for P = δ₀: δ₁ (P-mass 0, ratio ∞) first.
ATOMS_P_Q = [(sp.Integer(0), _half), (sp.Integer(1), _half)]
#: (P_n-mass, P-mass): δ₀ (ratio 1/(1 − 1/n)) first, then δ₁ (ratio 0).
ATOMS_PN_P = [(1 - 1 / n_, sp.Integer(1)), (1 / n_, sp.Integer(0))]

rem_pn_q_printed = sp.Piecewise((1 - n_ * alpha / 2, alpha <= 1 / n_), (_half * (1 - alpha) / (1 - 1 / n_), True))
rem_pn_q = paper.add(
    Formula(
        paper.id("rem-a.8-tradeoff-pn-q"),
        rem_pn_q_printed,
        [n_param, P["alpha"]],
        src(REM),
        hypotheses=[N_GE_2, ALPHA_LE_1],
        title="T(P_n, Q)(α) = 1 − nα/2 for α ≤ 1/n, ½(1 − α)/(1 − 1/n) for α > 1/n",
    )
)
rem_p_q = paper.add(
    Formula(
        paper.id("rem-a.8-tradeoff-p-q"),
        _half * (1 - alpha),
        [P["alpha"]],
        src(REM),
        hypotheses=[ALPHA_LE_1],
        title="T(P, Q)(α) = ½(1 − α) for P = δ₀, Q = ½δ₀ + ½δ₁ (T(P, Q)(0) = ½)",
    )
)
_w = sp.Symbol("w", nonnegative=True)  # n = 2 + w
paper.add(
    Inequality(
        paper.id("rem-a.8-likelihood-ratio-order"),
        (_half / (1 / n_)).subs(n_, 2 + _w),
        ">=",
        (_half / (1 - 1 / n_)).subs(n_, 2 + _w),
        "the likelihood ratio dQ/dP_n is n/2 at 1 and 1/(2(1 − 1/n)) at 0, and n/2 ≥ 1/(2(1 − 1/n)) for every "
        "n = 2 + w ≥ 2 (w ≥ 0): the Neyman–Pearson tests reject the atom 1 first (the order neyman_pearson_tradeoff "
        "assumes)",
        src(REM, (), "derived"),
        covers=[rem_pn_q.id],
    )
)
paper.add(
    Identity(
        paper.id("rem-a.8-pn-q-neyman-pearson"),
        lhs=rem_pn_q_printed,
        rhs=neyman_pearson_tradeoff(ATOMS_PN_Q, alpha),
        statement="Remark A.8's T(P_n, Q) is the Neyman–Pearson tradeoff curve of P_n against Q (reject the atom 1 first, "
        "then the atom 0): both pieces agree for every n ≥ 2 and α",
        source=src(REM, (), "derived"),
        covers=[rem_pn_q.id],
        where=[n_ >= 2],  # as stated: n ≥ 2 (the second piece divides by 1 − 1/n)
    )
)
paper.add(
    Identity(
        paper.id("rem-a.8-p-q-neyman-pearson"),
        lhs=rem_p_q.expr,
        rhs=neyman_pearson_tradeoff(ATOMS_P_Q, alpha),
        statement="T(P, Q)(α) = ½(1 − α) is the Neyman–Pearson curve of δ₀ against ½δ₀ + ½δ₁ (the atom 1 is rejected at no "
        "type-I cost, so T(P, Q)(0) = ½)",
        source=src(REM, (), "derived"),
        covers=[rem_p_q.id],
    )
)


def _fraction(x: mpmath.mpf) -> Fraction:
    """The exact rational value of an mpf (its binary mantissa and exponent)."""
    man, exp = x.man_exp
    return Fraction(int(man)) * (Fraction(2) ** int(exp)) if x != 0 else Fraction(0)


def _lp_pn_q(v: Mapping[str, mpmath.mpf]) -> mpmath.mpf:
    """T(P_n, Q)(α) as the optimum of its linear programme (vertex enumeration in exact rationals)."""
    nn, a = int(v["n"]), _fraction(v["alpha"])
    best = finite_tradeoff_lp([1 - Fraction(1, nn), Fraction(1, nn)], [Fraction(1, 2), Fraction(1, 2)], a)
    return mpmath.mpf(best.numerator) / best.denominator


paper.add(
    NumericIdentity(
        paper.id("rem-a.8-pn-q-linear-programme"),
        _lp_pn_q,
        rem_pn_q_printed,
        "numeric check: Remark A.8's T(P_n, Q)(α) equals the optimum of the testing linear programme "
        "inf{1 − E_Q φ : E_{P_n} φ ≤ α, 0 ≤ φ ≤ 1}, solved by enumerating its vertices (no likelihood-ratio order "
        "assumed) at sample (n, α), among them α = 0.3, n = 10 (value 7/18 = 0.3888…)",
        src(REM, (), "derived"),
        where=[n_ >= 2, alpha <= 1],
        hints=[{"n": 10, "alpha": sp.Rational(3, 10)}, {"n": 2, "alpha": _half}, {"n": 7, "alpha": 0}],
        samples=6,
        digits=30,
        covers=[rem_pn_q.id],
    )
)
paper.add(
    Limit(
        paper.id("rem-a.8-limit-positive-alpha"),
        _half * (1 - alpha) / (1 - 1 / n_),
        n_,
        sp.oo,
        _half * (1 - alpha),
        "the second piece ½(1 − α)/(1 − 1/n) of T(P_n, Q)(α), which is its value once n > 1/α, tends to "
        "½(1 − α) = T(P, Q)(α) as n → ∞: at every fixed α ∈ (0, 1] the limit is T(P, Q)(α)",
        src(REM, (), "derived"),
        covers=[rem_pn_q.id, rem_p_q.id],
    )
)
paper.add(
    Identity(
        paper.id("rem-a.8-at-zero"),
        lhs=rem_pn_q_printed.subs(alpha, 0),
        rhs=1,
        statement="T(P_n, Q)(0) = 1 for every n ≥ 2, so lim_n T(P_n, Q)(0) = 1",
        source=src(REM, (), "derived"),
        covers=[rem_pn_q.id],
    )
)
paper.add(
    Limit(
        paper.id("rem-a.8-unrestricted-limit"),
        rem_pn_q_printed.subs(alpha, 0),
        n_,
        sp.oo,
        rem_p_q.expr.subs(alpha, 0),
        "Lemma A.7's limit without the restriction α' ∈ (0, 1] (as Awan & Dong 2022 state it, footnote 5), at "
        "α = 0: lim_n T(P_n, Q)(0) = T(P, Q)(0) = ½ — false, the limit is 1 (the counterexample of Remark A.8; "
        "expected REFUTED, not an erratum of this paper)",
        src(REM, (), "derived"),
        expect="refuted",
        covers=[rem_pn_q.id, rem_p_q.id],
    )
)
rem_pn_p = neyman_pearson_tradeoff(ATOMS_PN_P, alpha)
paper.add(
    Limit(
        paper.id("rem-a.8-pn-p-to-id"),
        rem_pn_p.args[0][0],
        n_,
        sp.oo,
        1 - alpha,
        "T(P_n, P)(α) = 1 − α/(1 − 1/n) for α ≤ 1 − 1/n (0 beyond; the Neyman–Pearson curve of P_n against δ₀) "
        "tends to Id(α) = 1 − α for every α < 1: TV(P_n, P) = 1/n → 0 gives T(P_n, P) → Id, as the remark says",
        src(REM, (), "derived"),
        covers=[rem_pn_q.id],
    )
)

# ---------------------------------------------------------------------------
# Lemma A.11: h_δ and f ⊗ h_δ (Dong et al. 2022, eq. 12), for f = G(μ).
A11 = "Lemma A.11, proof"
delta_param = positive("delta", "δ ∈ (0, 1) of h_δ (Lemma A.11's proof)")
delta = delta_param.symbol
DELTA_LT_1 = Hypothesis(sp.Symbol("delta") < 1, "0 < δ < 1 (Lemma A.11)")
mu_param = nonnegative("mu", "GDP parameter μ ≥ 0 of f = G(μ)")
mu = mu_param.symbol

h_delta_expr = sp.Piecewise((1 - delta - alpha, alpha <= 1 - delta), (0, True))
h_delta = paper.add(
    Formula(
        paper.id("lem-a.11-h-delta"),
        h_delta_expr,
        [delta_param, P["alpha"]],
        src(A11),
        hypotheses=[DELTA_LT_1, ALPHA_LE_1],
        title="h_δ(α) = 1 − δ − α for α ≤ 1 − δ, 0 beyond (the tradeoff function of (0, δ)-DP)",
    )
)
#: (P_h, Q_h) on three atoms in decreasing likelihood-ratio order: Q-only (∞), shared (1), P-only (0).
ATOMS_H = [(sp.Integer(0), delta), (1 - delta, 1 - delta), (delta, sp.Integer(0))]
paper.add(
    Identity(
        paper.id("lem-a.11-h-delta-neyman-pearson"),
        lhs=h_delta_expr,
        rhs=neyman_pearson_tradeoff(ATOMS_H, alpha),
        statement="h_δ is a tradeoff function: the Neyman–Pearson curve of P_h = (δ, 1 − δ, 0) against Q_h = (0, 1 − δ, δ) "
        "(an atom only Q_h charges, a shared atom of mass 1 − δ, an atom only P_h charges), for every δ and α",
        source=src(A11, (), "derived"),
        covers=[h_delta.id],
    )
)


def G(m, x):
    """G_μ(x) = Φ(Φ⁻¹(1 − x) − μ) (the toolkit's form: Φ⁻¹(1 − x) = √2 erfinv(1 − 2x))."""
    return normal_cdf(normal_quantile_upper(x) - m)


_composed_first = (1 - delta) * G(mu, alpha / (1 - delta))
g_otimes_h_expr = sp.Piecewise((_composed_first, alpha <= 1 - delta), (0, True))


def _g_otimes_h(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """(1 − δ)G_μ(α/(1 − δ)) = (1 − δ)Φ(Q⁻¹(α/(1 − δ)) − μ) through the toolkit's stable Q⁻¹ and Φ's erfc form
    (G_μ(0) = 1, and the second piece the exact int 0, decided on the exact inputs)."""
    d, m_, a = (mpmath.mpf(int(values[k].p)) / int(values[k].q) for k in ("delta", "mu", "alpha"))
    if values["alpha"] >= 1 - values["delta"]:
        return 0  # the second piece: an exact zero
    if a == 0:
        return 1 - d
    return (1 - d) * mpmath.erfc((m_ - q_inverse(a / (1 - d))) / mpmath.sqrt(2)) / 2


g_otimes_h = paper.add(
    Formula(
        paper.id("lem-a.11-g-mu-otimes-h-delta"),
        g_otimes_h_expr,
        [mu_param, delta_param, P["alpha"]],
        src(A11, (), "printed", "Dong et al. 2022, eq. 12, for f = G(μ)"),
        hypotheses=[DELTA_LT_1, ALPHA_LE_1],
        title="G(μ) ⊗ h_δ (α) = (1 − δ)G_μ(α/(1 − δ)) for α ≤ 1 − δ, 0 beyond",
        evaluator=_g_otimes_h,
    )
)
thr = sp.Symbol("t", real=True)
Phi = lambda z: (1 + sp.erf(z / sp.sqrt(2))) / 2  # noqa: E731
paper.add(
    Identity(
        paper.id("lem-a.11-composition-gaussian"),
        lhs=_composed_first.subs(alpha, (1 - delta) * (1 - Phi(thr))),
        rhs=(1 - delta) * Phi(thr - mu),
        statement="f ⊗ h_δ = (1 − δ) f(α/(1 − δ)) on [0, 1 − δ] for f = G(μ): the product pair N(0,1)×P_h vs N(μ,1)×Q_h has "
        "likelihood ratio ∞ on Q_h's own atom, 0 on P_h's, e^{μx − μ²/2} (increasing in x) on the shared one, so "
        "its Neyman–Pearson tests reject Q_h's atom and the shared atom where x > t: α(t) = (1 − δ)Φ(−t), "
        "β(t) = (1 − δ)Φ(t − μ); at α(t) the formula's first piece equals β(t), for every μ, δ and t",
        source=src(A11, (), "derived"),
        covers=[g_otimes_h.id, h_delta.id],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.11-composition-at-1-minus-delta"),
        lhs=_composed_first.subs(alpha, 1 - delta),
        rhs=0,
        statement="the first piece at α = 1 − δ is (1 − δ)G_μ(1) = 0, so the two pieces meet: the test rejecting Q_h's atom "
        "and the whole shared atom has α = 1 − δ and β = 0, and the composition is 0 beyond (the second piece)",
        source=src(A11, (), "derived"),
        covers=[g_otimes_h.id],
    )
)
_g = sp.Function("g")
_u = alpha / (1 - delta)
paper.add(
    Identity(
        paper.id("lem-a.11-gap-identity"),
        lhs=_g(alpha) - (1 - delta) * _g(_u),
        rhs=_g(alpha) - _g(_u) + delta * _g(_u),
        statement="proof of Lemma A.11: g(α) − (g ⊗ h_δ)(α) = g(α) − g(α/(1 − δ)) + δ g(α/(1 − δ)) on [0, 1 − δ], for any "
        "function g (the proof's next step, ≥ δ g(α/(1 − δ)) for a nonincreasing g, is not part of this check)",
        source=src(A11, (), "derived"),
        covers=[h_delta.id],
        where=[delta < 1],  # h_δ is defined for δ ∈ (0, 1)
    )
)
