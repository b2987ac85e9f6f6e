"""§4.3 and App. C.4 — NoisySGD: Definition 4.7 (C_p, the toolkit's formula), the one-step optimality of
Theorem 4.8 (App. C.4.1), the GDP factor of Theorem 4.9 (corrected τ range, erratum E4), Lemma A.5's
CLT parameter, and Propositions C.14 / C.15 (the CLT choice of N = t − τ).

Reading of the extraction: Theorem 4.9's "2√(2L)" is 2√2·L (the proof's a_0 = √2ηL/b doubled by
Lemma C.12); Proposition C.14's radical spans the whole log argument's product as printed.
"""

from __future__ import annotations

from typing import Mapping

import mpmath
import sympy as sp
from sympy.codegen.cfunctions import expm1

from symbolic import Formula, Hypothesis, Identity, Inequality, Limit
from symbolic.claims.numeric import QuadratureCheck
from derivations.privacy.gdp import mu_param as tk_mu
from derivations.privacy.subsampled import (
    p_param as tk_p,
    subsampled_gdp_tradeoff,
    subsampled_tradeoff_value,
    x as tk_x,
)

from .common import (
    special_case_evaluator,
    ALPHA_LE_1,
    P,
    P_LE_1,
    STRONGLY_CONVEX,
    TAU_LE_T,
    D,
    K_clt,
    K_clt_stable,
    L,
    N,
    b,
    c_expr,
    eta,
    kappa,
    log_c,
    mu,
    n,
    one_minus_c,
    p,
    params,
    paper,
    sigma,
    src,
    t,
    tau,
)

# ---------------------------------------------------------------------------
# Definition 4.7: C_p(G(μ)) at type-I error α — the toolkit's privacy/subsampled-gdp-tradeoff.
alpha_p = P["alpha"]


def _cp_evaluator(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    pv, mv, av = (mpmath.mpf(int(values[k].p)) / int(values[k].q) for k in ("p", "mu", "alpha"))
    return subsampled_tradeoff_value(pv, mv, av)


def47 = paper.add(
    Formula(
        paper.id("def-4.7-cp-gdp"),
        subsampled_gdp_tradeoff.expr.xreplace({tk_x: alpha_p.symbol}),
        [tk_p, tk_mu, alpha_p],
        src(
            "Definition 4.7",
            (),
            "derived",
            "C_p(f) = min{f_p, f_p⁻¹}** for f = G(μ); the toolkit's "
            "privacy/subsampled-gdp-tradeoff (three-piece form) under this paper's ID",
        ),
        hypotheses=[P_LE_1, ALPHA_LE_1],
        title="C_p(G(μ))(α): f_p on [0, Φ(−μ/2)], slope −1 in the middle, f_p⁻¹ beyond",
        evaluator=_cp_evaluator,
    )
)
paper.add(
    Identity(
        paper.id("def-4.7-is-toolkit"),
        def47.expr,
        subsampled_gdp_tradeoff.expr.xreplace({tk_x: alpha_p.symbol}),
        "def-4.7-cp-gdp is privacy/subsampled-gdp-tradeoff with x = α (one expression, two IDs)",
        src("Definition 4.7", (), "derived"),
        covers=[def47.id, subsampled_gdp_tradeoff.id],
    )
)

# App. C.4.1: f^{(λ)} touches C_p(G(μ)) with slope −1.
z_, lam, pp, mm = (
    sp.Symbol("z", real=True),
    sp.Symbol("lambda", positive=True),
    sp.Symbol("p", positive=True),
    sp.Symbol("mu", positive=True),
)
Phi = lambda x: (1 + sp.erf(x / sp.sqrt(2))) / 2  # noqa: E731
phi = lambda x: sp.exp(-(x**2) / 2) / sp.sqrt(2 * sp.pi)  # noqa: E731
alpha_z = 1 - (1 - pp) * Phi(z_) - pp * Phi(z_ + (1 - lam) * mm)
f_z = (1 - pp) * Phi(z_) + pp * Phi(z_ - lam * mm)
z0 = (lam - sp.Rational(1, 2)) * mm
C41 = "Theorem 4.8, one-step optimality (App. C.4.1)"
paper.add(
    Identity(
        paper.id("thm-4.8-tangency-point"),
        alpha_z.subs(z_, z0),
        pp * Phi(-mm / 2) + (1 - pp) * Phi((sp.Rational(1, 2) - lam) * mm),
        "at z = (λ − 1/2)μ the curve f^{(λ)} is at α = pΦ(−μ/2) + (1−p)Φ((1/2 − λ)μ)",
        src(C41),
        covers=[def47.id],
    )
)
paper.add(
    Identity(
        paper.id("thm-4.8-tangency-line"),
        (alpha_z + f_z).subs(z_, z0),
        (1 + pp) * Phi(-mm / 2) + (1 - pp) * Phi(mm / 2),
        "there α + f^{(λ)}(α) = (1+p)Φ(−μ/2) + (1−p)Φ(μ/2): the point lies on C_p(G(μ))'s slope −1 segment",
        src(C41),
        covers=[def47.id],
    )
)
paper.add(
    Identity(
        paper.id("thm-4.8-tangency-slope"),
        ((1 - pp) * phi(z_) + pp * phi(z_ - lam * mm)).subs(z_, z0),
        ((1 - pp) * phi(z_) + pp * phi(z_ + (1 - lam) * mm)).subs(z_, z0),
        "and df/dz = −dα/dz there, i.e. slope −1: f^{(λ)} is tangent to C_p(G(μ)), so inf_λ f^{(λ)} = C_p(G(μ))",
        src(C41),
        covers=[def47.id],
    )
)

# ---------------------------------------------------------------------------
# Theorem 4.9's GDP factor, τ ∈ {1, …, t} (E4).
_stable49 = 2 * sp.sqrt(2) * L / (b * sigma) * sp.exp((t - tau + 1) * log_c) * (-expm1((tau - 1) * log_c)) / one_minus_c
_p49 = params("eta", "m", "M", "L", "b", "sigma", "t", "tau")
thm49 = paper.add(
    Formula(
        paper.id("thm-4.9-gdp-mu"),
        2 * sp.sqrt(2) * L / (b * sigma) * (c_expr ** (t - tau + 1) - c_expr**t) / (1 - c_expr),
        _p49,
        src("Theorem 4.9", (), "printed", "evaluable for τ ∈ {1, …, t}; the printed range 0, …, t−1 is erratum E4"),
        hypotheses=STRONGLY_CONVEX + [TAU_LE_T],
        title="(2√2L/(bσ))·(c^{t−τ+1} − c^t)/(1−c): the G(·) factor of Theorem 4.9 (composed with "
        "C_{b/n}(G(2√2L/(bσ))) ⊗ C_{b/n}(G(2L/(bσ)))^{⊗(t−τ)})",
        numeric=_stable49,
        # τ = 1 gives exactly 0, and so does c = 0 (ηm = ηM = 1: c^{t−τ+1} = c^t = 0 for τ ≤ t), where the
        # stable form meets exp(−∞)·(…) and its mpf 0 cannot be proved.
        evaluator=special_case_evaluator(
            "bok-su-altschuler/thm-4.9-gdp-mu",
            _p49,
            _stable49,
            [
                (lambda v: v["tau"] == 1, sp.Integer(0)),
                (lambda v: v["eta"] * v["m"] == 1 and v["eta"] * v["M"] == 1, sp.Integer(0)),
            ],
        ),
    )
)

# ---------------------------------------------------------------------------
# Lemma A.5 (CLT).
lemA5 = paper.add(
    Formula(
        paper.id("lem-a.5-clt-mu"),
        sp.sqrt(2) * p * sp.sqrt(t) * sp.sqrt(K_clt(mu)),
        params("p", "t", "mu"),
        src("Lemma A.5", (), "printed", "the CLT limit G(√2 p₀ √K(μ)) evaluated at p₀ = p√t"),
        hypotheses=[P_LE_1],
        title="√2·p√t·√(e^{μ²}Φ(1.5μ) + 3Φ(−0.5μ) − 2): C_p(G(μ))^{⊗t} ≈ G(·)",
        # K(μ) = expm1(μ²)Φ(1.5μ) + [erf(3y) − 3erf(y)]/2, y = μ/(2√2): the dominant term ~ μ²/2 has no
        # cancellation (the printed form cancels to 0 in float64 at μ = 1e-8).
        numeric=sp.sqrt(2) * p * sp.sqrt(t) * sp.sqrt(K_clt_stable(mu)),
    )
)
mpos = sp.Symbol("mu", positive=True)


def _K_integral(v):
    """∫_{μ/2}^∞ (e^{μz−μ²/2} − 1)² φ(z) dz: the p → 0 limit of kl(C_p(G(μ)))/p², which Lemma A.5's K(μ) must equal."""
    m_ = v["mu"]
    f = lambda zz: (mpmath.exp(m_ * zz - m_**2 / 2) - 1) ** 2 * mpmath.npdf(zz)  # noqa: E731
    return mpmath.quad(f, [m_ / 2, m_ / 2 + 1, 2 * m_ + 1, 2 * m_ + 10, mpmath.inf])


paper.add(
    QuadratureCheck(
        paper.id("lem-a.5-K-integral"),
        _K_integral,
        K_clt(mpos),
        "K(μ) = e^{μ²}Φ(1.5μ) + 3Φ(−0.5μ) − 2 equals ∫_{z ≥ μ/2} (e^{μz−μ²/2} − 1)² φ(z) dz, the p → 0 limit of "
        "kl(C_p(G(μ)))/p² (so K(μ) > 0 and the CLT variance is 2p₀²K(μ))",
        src("Lemma A.5", (), "derived"),
        hints=[{"mu": sp.Rational(2, 3)}, {"mu": 1}, {"mu": sp.Rational(1, 100)}],
        samples=5,
        digits=25,
        covers=[lemA5.id],
    )
)
paper.add(
    Limit(
        paper.id("lem-a.5-K-small-mu"),
        K_clt(mpos) / mpos**2,
        mpos,
        0,
        sp.Rational(1, 2),
        "K(μ)/μ² → 1/2 as μ → 0: the printed K(μ) cancels to O(μ²) (why the stable form is needed at μ = 1e-8)",
        src("Lemma A.5", (), "derived"),
        direction="+",
        covers=[lemA5.id],
    )
)

# ---------------------------------------------------------------------------
# Proposition C.14 (strongly convex) and C.15 (constrained).
Kc14 = K_clt(2 * L / (b * sigma))
Kc14s = K_clt_stable(2 * L / (b * sigma))
c14_mu2 = lambda cc, NN, KK: 8 * (L / (b * sigma) * cc ** (NN + 1) / (1 - cc)) ** 2 + 2 * b**2 / n**2 * NN * KK  # noqa
prop14 = paper.add(
    Formula(
        paper.id("prop-c.14-mu"),
        sp.sqrt(c14_mu2(c_expr, N, Kc14)),
        params("eta", "m", "M", "L", "b", "sigma", "n", "N"),
        src("Proposition C.14, eq. (14)", ("14",)),
        hypotheses=STRONGLY_CONVEX,
        title="√(8(L/(bσ)·c^{N+1}/(1−c))² + 2(b/n)²N·K(2L/(bσ))), N = t − τ (approximately μ-GDP)",
        numeric=sp.sqrt(
            8 * (L / (b * sigma) * sp.exp((N + 1) * log_c) / one_minus_c) ** 2 + 2 * b**2 / n**2 * N * Kc14s
        ),
    )
)
C_POS = Hypothesis(
    sp.Or(sp.Ne(sp.Symbol("eta") * sp.Symbol("m"), 1), sp.Ne(sp.Symbol("eta") * sp.Symbol("M"), 1)),
    "c > 0 (log(1/c) must be finite: not ηm = ηM = 1)",
)
logic = -log_c
prop14N = paper.add(
    Formula(
        paper.id("prop-c.14-t-minus-tau"),
        -sp.log(b**2 * sigma * (1 - c_expr) / (2 * sp.sqrt(2) * n * L * sp.sqrt(-sp.log(c_expr))) * sp.sqrt(Kc14))
        / (-sp.log(c_expr))
        - 1,
        params("eta", "m", "M", "L", "b", "sigma", "n"),
        src("Proposition C.14", ("14",), "printed", "log(1/c) written −log c"),
        hypotheses=STRONGLY_CONVEX + [C_POS],
        title="t − τ = −log(b²σ(1−c)√K/(2√2 nL√log(1/c)))/log(1/c) − 1 (before rounding)",
        numeric=-sp.log(b**2 * sigma * one_minus_c / (2 * sp.sqrt(2) * n * L * sp.sqrt(logic)) * sp.sqrt(Kc14s)) / logic
        - 1,
    )
)
A_, B_, K_, Nn = (sp.Symbol(x, positive=True) for x in ("A", "B", "K", "N"))
ce = sp.exp(-kappa)
mu2_generic = 8 * A_**2 * ce ** (2 * Nn + 2) / (1 - ce) ** 2 + 2 * B_**2 * Nn * K_
#: the printed N* in A = L/(bσ), B = b/n: b²σ(1−c)/(2√2 nL√log(1/c))·√K = (B/A)(1−c)√K/(2√2√log(1/c)).
Nstar = -sp.log(B_ / A_ * (1 - ce) / (2 * sp.sqrt(2) * sp.sqrt(kappa)) * sp.sqrt(K_)) / kappa - 1
paper.add(
    Identity(
        paper.id("prop-c.14-foc"),
        sp.diff(mu2_generic, Nn).subs(Nn, Nstar),
        0,
        "Proposition C.14: d/dN μ²(N) = 0 at the printed N* = −log(b²σ(1−c)√K/(2√2 nL√log(1/c)))/log(1/c) − 1, "
        "μ²(N) = 8A²c^{2N+2}/(1−c)² + 2B²NK with A = L/(bσ), B = b/n (c = e^{−κ})",
        src("Proposition C.14", ("14",), "derived"),
        covers=[prop14.id, prop14N.id],
        budget=40,
    )
)
paper.add(
    Inequality(
        paper.id("prop-c.14-convex"),
        sp.diff(mu2_generic, Nn, 2),
        ">=",
        0,
        "Proposition C.14: μ²(N) is convex in N (second derivative 32A²κ²c^{2N+2}/(1−c)² ≥ 0), so the stationary N* "
        "is the minimiser",
        src("Proposition C.14", ("14",), "derived"),
        covers=[prop14.id],
    )
)

Kc15 = K_clt(2 * sp.sqrt(2) * L / (b * sigma))
Kc15s = K_clt_stable(2 * sp.sqrt(2) * L / (b * sigma))
prop15 = paper.add(
    Formula(
        paper.id("prop-c.15-mu"),
        sp.sqrt(2 * D**2 / (eta**2 * sigma**2 * N) + 2 * b**2 / n**2 * N * Kc15),
        params("eta", "L", "b", "sigma", "n", "D", "N"),
        src("Proposition C.15, eq. (15)", ("15",)),
        title="√(2D²/(η²σ²N) + 2(b/n)²N·K(2√2L/(bσ))), N = t − τ (approximately μ-GDP)",
        numeric=sp.sqrt(2 * D**2 / (eta**2 * sigma**2 * N) + 2 * b**2 / n**2 * N * Kc15s),
    )
)
prop15N = paper.add(
    Formula(
        paper.id("prop-c.15-t-minus-tau"),
        D * n / (b * eta * sigma * sp.sqrt(Kc15)),
        params("eta", "L", "b", "sigma", "n", "D"),
        src("Proposition C.15"),
        title="t − τ = Dn/(bησ√K(2√2L/(bσ))) (before rounding)",
        numeric=D * n / (b * eta * sigma * sp.sqrt(Kc15s)),
    )
)
Dg, eg, sg, ng, bg = (sp.Symbol(x, positive=True) for x in ("D", "eta", "sigma", "n", "b"))
mu2_15 = 2 * Dg**2 / (eg**2 * sg**2 * Nn) + 2 * bg**2 / ng**2 * Nn * K_
N15 = Dg * ng / (bg * eg * sg * sp.sqrt(K_))
paper.add(
    Identity(
        paper.id("prop-c.15-foc"),
        sp.diff(mu2_15, Nn).subs(Nn, N15),
        0,
        "Proposition C.15: d/dN μ²(N) = 0 at N* = Dn/(bησ√K')",
        src("Proposition C.15", ("15",), "derived"),
        covers=[prop15.id, prop15N.id],
    )
)
paper.add(
    Inequality(
        paper.id("prop-c.15-convex"),
        sp.diff(mu2_15, Nn, 2),
        ">",
        0,
        "Proposition C.15: μ²(N) is strictly convex in N > 0",
        src("Proposition C.15", ("15",), "derived"),
        covers=[prop15.id],
    )
)
paper.add(
    Identity(
        paper.id("prop-c.15-minimum"),
        mu2_15.subs(Nn, N15),
        4 * Dg * sp.sqrt(K_) * bg / (eg * ng * sg),
        "Proposition C.15: the minimum over N is μ²_min = 4D√K'·b/(ηnσ)",
        src("Proposition C.15", ("15",), "derived"),
        covers=[prop15.id, prop15N.id],
    )
)
