"""From δ to ε: the implicit equation (22), the closed-form bound (23) and the
finite-T inversion that Figures 1 (right) and 3 plot.

All three are :class:`~symbolic.inverse.Inverse` formulas of a verified forward
formula, each "the smallest ε ≥ 0 whose forward bound is ≤ δ":

* ``asoodeh-diaz/eq-22`` inverts ``thm-2-limit`` (δ_∞ as a function of ε).  Since
  θ ↦ pθ/(1 − (1 − p)θ) is increasing, δ_∞(ε) = δ exactly when θ_ε(r) = τ :=
  δ/(p + (1 − p)δ), the printed equation (22).  When δ ≥ δ_∞(0) the equation has no
  root and ε*_δ = 0 (erratum E6 of ERRATA.md).
* ``asoodeh-diaz/eq-23`` inverts the auxiliary ``eq-23-forward``, the T = ∞ bound with
  θ_ε(r) replaced by the Appendix's upper bound Q(ε/r − r/2).  Its root solves
  Q(ε/r − r/2) = τ, i.e. ε = r[r/2 + Φ⁻¹(1 − τ)], which is (23) (claim
  ``eq-23-solves-forward``); the inverse's convention clamps it at 0 where the printed
  closed form is negative (erratum E7 of ERRATA.md).  Root finding in ε needs no Φ⁻¹ near 1, so
  δ = 1e-150 is as easy as δ = 1e-3 (the printed form needs erfinv(1 − 2·10⁻¹⁵⁰)).
* ``asoodeh-diaz/epsilon-T`` inverts ``thm-2`` at a finite T.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Identity, Inequality
from symbolic.evaluate.inverse import Inverse

from ._paper import (
    C_param,
    D_param,
    DELTA_BELOW_1,
    P_AT_MOST_1,
    T_param,
    delta,
    delta_param,
    eps,
    eps_param,
    eta_param,
    p,
    p_param,
    paper,
    sigma_param,
)
from .common import Q, Phi_inv, tau, theta
from .contraction import r_projected
from .projected import delta_inf, thm_2, thm_2_limit

inverse_params = [delta_param, p_param, D_param, eta_param, C_param, sigma_param]
HYPS = [DELTA_BELOW_1, P_AT_MOST_1]
r = sp.Symbol("r", positive=True)

EpsStar = sp.Function("varepsilon_delta^*")
eq_22 = paper.add(
    Formula(
        paper.id("eq-22"),
        EpsStar(*[q.symbol for q in inverse_params]),
        inverse_params,
        paper.source("Appendix, (22): ε ≤ ε*_δ, the root of θ_ε(r) = δ/(p + (1 − p)δ)", "22"),
        hypotheses=HYPS,
        title="ε*_δ = min{ε ≥ 0 : δ_∞(ε) ≤ δ}; solves θ_ε(r) = δ/(p + (1 − p)δ), and is 0 when δ ≥ δ_∞(0)",
        inverse=Inverse(thm_2_limit, solve_for="eps", target="delta"),
    )
)

eq_23_forward = paper.add(
    Formula(
        paper.id("eq-23-forward"),
        delta_inf(Q(eps / r_projected - r_projected / 2), p),
        [eps_param, p_param, D_param, eta_param, C_param, sigma_param],
        paper.source(
            "Appendix, before (23): δ_∞ with θ_ε(r) replaced by Q(ε/r − r/2)",
            "23",
            "derived",
            "auxiliary forward formula whose inverse is (23)",
        ),
        hypotheses=[P_AT_MOST_1],
        title="pQ̄/(1 − (1 − p)Q̄), Q̄ = Q(ε/r − r/2), r = (D + 2ηC)/σ",
    )
)


def eq_23_at(radius):
    """(23)'s right-hand side r[r/2 + Φ⁻¹(p(1 − δ)/(p + (1 − p)δ))] at the radius ``radius``."""
    return radius * (radius / 2 + Phi_inv(p * (1 - delta) / (p + (1 - p) * delta)))


eq_23_printed = eq_23_at(r_projected)
eq_23 = paper.add(
    Formula(
        paper.id("eq-23"),
        sp.Max(0, eq_23_printed),
        inverse_params,
        paper.source(
            "Appendix, (23): ε ≤ r[r/2 + Φ⁻¹(p(1 − δ)/(p + (1 − p)δ))]",
            "23",
            "printed",
            "clamped at 0: the printed bracket is negative for large δ (erratum E7 of ERRATA.md), where it bounds nothing",
        ),
        hypotheses=HYPS,
        title="max{0, r[r/2 + Φ⁻¹(p(1 − δ)/(p + (1 − p)δ))]}, r = (D + 2ηC)/σ",
        inverse=Inverse(eq_23_forward, solve_for="eps", target="delta"),
    )
)

EpsT = sp.Function("varepsilon_T")
epsilon_T = paper.add(
    Formula(
        paper.id("epsilon-T"),
        EpsT(*[q.symbol for q in [delta_param, T_param] + inverse_params[1:]]),
        [delta_param, T_param] + inverse_params[1:],
        paper.source(
            "Figures 1 (right) and 3: ε after T iterations at a given δ (Theorem 2 inverted)",
            "5",
            "derived",
            "the figures plot it, the paper gives no formula",
        ),
        hypotheses=HYPS,
        title="ε_T(δ) = min{ε ≥ 0 : δ_T(ε) ≤ δ}",
        inverse=Inverse(thm_2, solve_for="eps", target="delta"),
    )
)

# ---------------------------------------------------------------------------
# Claims
th_sym = sp.Symbol("theta", positive=True)
p_sym = sp.Symbol("p", positive=True)
d_sym = sp.Symbol("delta", positive=True)
tau_ = tau(d_sym, p_sym)

paper.add(
    Identity(
        paper.id("eq-22-inversion"),
        delta_inf(tau_, p_sym),
        d_sym,
        "δ_∞ = δ at θ = δ/(p + (1 − p)δ): the right-hand side of (22) is δ_∞ solved for θ",
        paper.source("Appendix, (22)", "22"),
        covers=[eq_22.id, thm_2_limit.id],
        where=[p_sym <= 1, d_sym < 1],  # the paper's p ∈ (0, 1], δ ∈ (0, 1)
    )
)
paper.add(
    Identity(
        paper.id("eq-23-argument"),
        1 - tau_,
        p_sym * (1 - d_sym) / (p_sym + (1 - p_sym) * d_sym),
        "The argument of Φ⁻¹ in (23) is 1 − τ: p(1 − δ)/(p + (1 − p)δ) = 1 − δ/(p + (1 − p)δ)",
        paper.source("Appendix, (23)", "23", "derived", ""),
        covers=[eq_23.id],
        where=[p_sym <= 1, d_sym < 1],  # the paper's p ∈ (0, 1], δ ∈ (0, 1)
    )
)
_s23 = {x.name: x for x in (eq_23_forward(eps=eq_23_printed) - delta).free_symbols}
paper.add(
    Identity(
        paper.id("eq-23-solves-forward"),
        eq_23_forward(eps=eq_23_printed),
        delta,
        "The printed (23) is the root of the auxiliary forward bound: pQ̄/(1 − (1 − p)Q̄) = δ at ε = (23), "
        "i.e. Q(ε/r − r/2) = τ — so eq-23's evaluator (the inverse of eq-23-forward) computes (23)",
        paper.source("Appendix, (23)", "23", "derived"),
        covers=[eq_23.id, eq_23_forward.id],
        # the paper's p ∈ (0, 1], δ ∈ (0, 1) (symbols of the formulas' parameters)
        where=[_s23["p"] <= 1, _s23["delta"] < 1],
    )
)
# The inequality behind "ε*_δ ≤ (23)": θ_ε(r) < Q(ε/r − r/2).  Only this is encoded; the bound on
# ε*_δ follows from it where (23) ≥ 0, and is false where (23) < 0 (E7: ε*_δ ≥ 0 > (23)).
paper.add(
    Inequality(
        paper.id("eq-22-below-eq-23"),
        theta(eps, r),
        "<",
        Q(eps / r - r / 2),
        "θ_ε(r) < Q(ε/r − r/2) for every ε ≥ 0 and r > 0 (the Appendix's step towards ε*_δ ≤ (23); with "
        "eq-23-solves-forward and θ decreasing in ε it gives ε*_δ ≤ (23) where (23) ≥ 0 — not where (23) < 0, "
        "erratum E7 — and that consequence is not part of this claim)",
        paper.source("Appendix: 'by noticing that θ_ε(r) < Q(ε/r − r/2)'", "23"),
        certificate=sp.exp(eps) * Q(eps / r + r / 2),
        covers=[eq_22.id, eq_23.id],
        samples=16,
        budget=8,
    )
)

# E6: (22) need not have a root.
theta0 = theta(0, r)
paper.add(
    Inequality(
        paper.id("eq-22-root-exists"),
        theta0,
        ">",
        tau_.subs({p_sym: p, d_sym: delta}),
        "As printed, 'ε*_δ is the unique ε that solves θ_ε(r) = δ/(p + (1 − p)δ)' for every δ: a root ε ≥ 0 "
        "exists iff θ_0(r) > τ",
        paper.source("Appendix, (22): 'the unique ε that solves'", "22"),
        where=[p <= 1, delta < 1],
        hints=[{"r": sp.Rational(76, 25), "p": sp.Rational(1, 1000), "delta": sp.Rational(1, 100)}],
        expect="refuted",
        erratum="asoodeh-diaz E6",
        covers=[eq_22.id],
        samples=8,
        budget=8,
    )
)
# The corrected domain p ∈ (0, 1], 0 < δ < δ_∞(0), r > 0 is exactly p = 1/(1 + a), δ = δ_∞(0)/(1 + w) with a ≥ 0,
# w > 0, r > 0.  Writing K = p + (1 − p) erfc(r/(2√2)) = 1 − (1 − p)θ_0 > 0, τ(δ) = θ_0/(1 + wK) there, so
# θ_0 − τ = θ_0·wK/(1 + wK) with θ_0 = erf(r/(2√2)) > 0.
a_, w_ = sp.Symbol("a", nonnegative=True), sp.Symbol("w", positive=True)
p_a = 1 / (1 + a_)
K_root = (1 + a_ * sp.erfc(r / (2 * sp.sqrt(2)))) / (1 + a_)
paper.add(
    Inequality(
        paper.id("eq-22-root-exists-corrected"),
        theta0,
        ">",
        tau_.subs({p_sym: p_a, d_sym: delta_inf(theta0, p_a) / (1 + w_)}),
        "Corrected: the root of (22) exists exactly when δ < δ_∞(0) = pθ_0/(1 − (1 − p)θ_0); otherwise ε*_δ := 0. "
        "Proved for every p ∈ (0, 1], δ ∈ (0, δ_∞(0)), r > 0, written as p = 1/(1 + a), δ = δ_∞(0)/(1 + w) "
        "(a ≥ 0, w > 0): θ_0 − τ = θ_0·wK/(1 + wK) with K = 1 − (1 − p)θ_0 = p + (1 − p) erfc(r/(2√2)) > 0",
        paper.source("Appendix, (22)", "22", "corrected", "ε*_δ = 0 when δ ≥ δ_∞(0) (erratum E6 of ERRATA.md)"),
        certificate=sp.erf(r / (2 * sp.sqrt(2))) * w_ * K_root / (1 + w_ * K_root),
        hints=[{"r": sp.Rational(76, 25), "a": 999, "w": sp.Rational(1, 1000)}],
        erratum="asoodeh-diaz E6",
        covers=[eq_22.id],
        samples=12,
        budget=8,
    )
)
# E7: (23) can be negative.
eq_23_generic = eq_23_at(r)
paper.add(
    Inequality(
        paper.id("eq-23-nonnegative"),
        eq_23_generic,
        ">=",
        0,
        "As printed, (23) bounds ε ≥ 0 from above, so r[r/2 + Φ⁻¹(p(1 − δ)/(p + (1 − p)δ))] ≥ 0 for every δ ∈ (0, 1)",
        paper.source("Appendix, (23)", "23"),
        where=[p <= 1, delta < 1],
        hints=[{"r": sp.Rational(76, 25), "p": sp.Rational(1, 1000), "delta": sp.Rational(1, 10)}],
        expect="refuted",
        erratum="asoodeh-diaz E7",
        covers=[eq_23.id],
        samples=8,
        budget=8,
    )
)
# Left CHECKED: in the parametrisation of eq-22-root-exists-corrected, (23) ≥ 0 is r/2 + √2 erfinv(y) ≥ 0 with
# y = 1 − 2θ_0/(1 + wK), i.e. (erfinv increasing on (−1, 1)) y + erf(r/(2√2)) ≥ 0.  The engine has no rule for
# erfinv (no sign, smoothness, monotonicity or limit rule), and even with the rule erfinv(y) ≥ c ⇔ y ≥ erf(c)
# (tried: sound, but of no use here) the reduced inequality has no manifestly nonnegative form among the rewrites
# (as stated, factored, over a common denominator, erf and erfc exchanged): its numerator, in E = erfc(r/(2√2))
# ∈ (0, 2), is awE(2 − E) + aE + w(2 − E) + E, nonnegative only through E < 2, i.e. once 2 − E is read as
# 1 + erf(r/(2√2)), which no normal form of SymPy keeps.
paper.add(
    Inequality(
        paper.id("eq-23-nonnegative-corrected"),
        eq_23_generic,
        ">=",
        0,
        "Corrected: (23) is nonnegative whenever (22) has a root (δ < δ_∞(0)); otherwise use max{0, (23)}",
        paper.source("Appendix, (23)", "23", "corrected", "clamp at 0 (erratum E7 of ERRATA.md)"),
        where=[p <= 1, delta < delta_inf(theta0, p)],
        hints=[{"r": sp.Rational(76, 25), "p": sp.Rational(1, 1000), "delta": sp.Rational(1, 1000)}],
        expect="checked",
        erratum="asoodeh-diaz E7",
        covers=[eq_23.id],
        samples=12,
        budget=8,
    )
)
