"""App. C.4.2, footnotes 10–11, and Figure 10 — splitting the last step's noise unevenly.

The proofs of Theorem C.13 and Theorem 4.10 split the Gaussian noise of a step, Z ~ N(0, η²σ²I_d), into two
independent halves N(0, η²σ²/2·I_d): one absorbs the shift (a bounded deviation, Lemma C.12 with p = 1), the
other the subsampled gradient (Lemma C.12 with p = b/n).  Footnotes 10 and 11 allow any split
Z = Z⁽¹⁾ + Z⁽²⁾ with Z⁽¹⁾ ~ N(0, η²σ²/α²·I_d), Z⁽²⁾ ~ N(0, η²σ²/β²·I_d), 1/α² + 1/β² = 1; Figure 10 uses
(α, β) = (√10, √10/3) instead of (√2, √2).

* Footnote 10 (Theorem C.13): G(2√2cz_{t−1}/(ησ)) ⊗ C_{b/n}(G(2√2L/(bσ))) becomes
  G(2αcz_{t−1}/(ησ)) ⊗ C_{b/n}(G(2βL/(bσ))) (Lemma C.12's 2s/σ' with noise std σ' = ησ/α, resp. ησ/β).
* Footnote 11 (Theorem 4.10): the one-sided shift a = D/(t−τ) at noise std ησ/α costs G(αD/((t−τ)ησ)), and the
  subsampled part C_{b/n}(G(2βL/(bσ))); over t − τ steps, G(αD/(ησ√(t−τ))) ⊗ C_{b/n}(G(2βL/(bσ)))^{⊗(t−τ)}.
  The footnote prints the factor it replaces as "G(√2D/((t−τ)ησ)) ⊗ C_{b/n}(G(2βL/(bσ)))"; the proof's factor is
  C_{b/n}(G(2√2L/(bσ))) (β = √2).  Erratum E14 (cosmetic): REFUTED as printed, corrected form PROVED.
* Figure 10: Theorem 4.10 with the (√10, √10/3) split, each C_{b/n}(G(·))^{⊗N} replaced by its CLT limit
  (Lemma A.5; valid in the limit by Lemma A.11), the best N = t − τ among {100, 200, …, 4900}, against
  Theorem 4.8 (C_{b/n}(G(L/(bσ)))^{⊗t}) by the same CLT; D = 1, σ = 3.  The paper prints no values: every number
  here is recomputed.  The per-panel grid of b/n, L/b, η and t is not stated in the paper's text; :func:`figure_10_values`
  takes it as arguments, and its default grid is an assumption, not the paper's.
"""

from __future__ import annotations

from typing import Iterable

import mpmath
import sympy as sp

from symbolic import Formula, Hypothesis, Identity, Inequality
from symbolic.claims.numeric import NumericIdentity
from symbolic.params import positive

from .common import K_clt, K_clt_stable, L, N, D, b, eta, n, p, paper, params, sigma, src, t
from .noisy_sgd import lemA5, prop15

FN10, FN11, FIG10 = "Footnote 10", "Footnote 11", "Figure 10 (App. D.3)"
split_param = positive(
    "alpha_sq", "noise split α² > 1: Z⁽¹⁾ ~ N(0, η²σ²/α²), Z⁽²⁾ ~ N(0, η²σ²/β²), 1/α² + 1/β² = 1 (Figure 10: 10)"
)
a2 = split_param.symbol
SPLIT = Hypothesis(sp.Symbol("alpha_sq") > 1, "α² > 1 (1/α² + 1/β² = 1 needs 1/α² < 1)")
#: β(α) from 1/α² + 1/β² = 1.
beta_of = lambda alpha: alpha / sp.sqrt(alpha**2 - 1)  # noqa: E731

# Symbols for the proofs (positive, any values): the split, the step's scale, the shift and the sensitivities.
al, be = sp.Symbol("alpha", positive=True), sp.Symbol("beta", positive=True)
u = sp.Symbol("u", positive=True)  # α² − 1 > 0
eg, sg, Lg, bg, Dg, cz, Ng = (sp.Symbol(x, positive=True) for x in ("eta", "sigma", "L", "b", "D", "cz", "N"))


def split_noise_gdp_mu(shift, noise_std):
    """Lemma C.12's GDP parameter 2s/σ' of R(s, σ', p) ≥ C_p(G(2s/σ'))."""
    return 2 * shift / noise_std


# ---------------------------------------------------------------------------
# Footnote 10.
paper.add(
    Identity(
        paper.id("fn-10-split-variance"),
        lhs=(eg * sg) ** 2 / al**2 + (eg * sg) ** 2 / beta_of(al) ** 2,
        rhs=(eg * sg) ** 2,
        statement="footnote 10: with β = α/√(α² − 1) (1/α² + 1/β² = 1), independent Z⁽¹⁾ ~ N(0, η²σ²/α²) and "
        "Z⁽²⁾ ~ N(0, η²σ²/β²) sum to the step's noise N(0, η²σ²): the variances add up, for every α > 1",
        source=src(FN10, (), "derived"),
        where=[al > 1],
    )
)
paper.add(
    Identity(
        paper.id("fn-10-shift-factor"),
        lhs=split_noise_gdp_mu(cz, eg * sg / al),
        rhs=2 * al * cz / (eg * sg),
        statement="footnote 10: the shift part R(cz_{t−1}, ησ/α, 1) ≥ G(2cz_{t−1}/(ησ/α)) = G(2αcz_{t−1}/(ησ)) (Lemma C.12, "
        "noise std ησ/α)",
        source=src(FN10, (), "derived"),
    )
)
paper.add(
    Identity(
        paper.id("fn-10-subsampled-factor"),
        lhs=split_noise_gdp_mu(eg * Lg / bg, eg * sg / be),
        rhs=2 * be * Lg / (bg * sg),
        statement="footnotes 10–11: the subsampled part R(ηL/b, ησ/β, b/n) ≥ C_{b/n}(G(2(ηL/b)/(ησ/β))) = "
        "C_{b/n}(G(2βL/(bσ))) (Lemma C.12, noise std ησ/β)",
        source=src(FN10, (), "derived"),
    )
)
for _name, _lhs, _rhs, _what in (
    ("shift", split_noise_gdp_mu(cz, eg * sg / sp.sqrt(2)), 2 * sp.sqrt(2) * cz / (eg * sg), "G(2√2cz_{t−1}/(ησ))"),
    (
        "subsampled",
        split_noise_gdp_mu(eg * Lg / bg, eg * sg / sp.sqrt(2)),
        2 * sp.sqrt(2) * Lg / (bg * sg),
        "C_{b/n}(G(2√2L/(bσ)))",
    ),
):
    paper.add(
        Identity(
            paper.id(f"fn-10-even-split-{_name}"),
            lhs=_lhs,
            rhs=_rhs,
            statement=f"footnote 10: the even split α = β = √2 (1/2 + 1/2 = 1) gives the proof of Theorem C.13's factor {_what} "
            "exactly (noise std ησ/√2)",
            source=src(FN10, (), "derived"),
        )
    )

# ---------------------------------------------------------------------------
# Footnote 11 (Theorem 4.10).
paper.add(
    Identity(
        paper.id("fn-11-shift-factor"),
        lhs=(D / Ng) / (eg * sg / al),
        rhs=al * D / (Ng * eg * sg),
        statement="footnote 11: the one-sided shift a_{k+1} = D/(t−τ) (claim thm-4.10-shifts-a) at noise std ησ/α costs "
        "G(a/(ησ/α)) = G(αD/((t−τ)ησ)) (N = t − τ; α = √2 gives the proof's G(√2D/((t−τ)ησ)))",
        source=src(FN11, (), "derived"),
    )
)
paper.add(
    Identity(
        paper.id("fn-11-composed-over-n-steps"),
        lhs=sp.sqrt(Ng * (al * D / (Ng * eg * sg)) ** 2),
        rhs=al * D / (eg * sg * sp.sqrt(Ng)),
        statement="footnote 11: N = t − τ copies of G(αD/(Nησ)) compose to G(αD/(ησ√N)); at α = √2 this is Theorem 4.10's "
        "G(√2D/(ησ√(t−τ)))",
        source=src(FN11, (), "derived"),
    )
)
# E14: the printed "replaced" factor C_{b/n}(G(2βL/(bσ))) against the proof's C_{b/n}(G(2√2L/(bσ))).
paper.add(
    Identity(
        paper.id("fn-11-replaced-factor-printed"),
        lhs=2 * beta_of(al) * Lg / (bg * sg),
        rhs=2 * sp.sqrt(2) * Lg / (bg * sg),
        statement="footnote 11 as printed: the split 'replaces G(√2D/((t−τ)ησ)) ⊗ C_{b/n}(G(2βL/(bσ)))', i.e. the proof's "
        "subsampled factor is C_{b/n}(G(2βL/(bσ))) for every admissible split (β = α/√(α² − 1)); the proof's "
        "last line has C_{b/n}(G(2√2L/(bσ))), so this holds only at β = √2 (false e.g. at α = 2, β = 2/√3)",
        source=src(FN11),
        where=[al > 1],
        hints=[{"alpha": 2, "L": 1, "b": 1, "sigma": 1}],
        expect="refuted",
        erratum="bok-su-altschuler E14",
    )
)
paper.add(
    Identity(
        paper.id("fn-11-replaced-factor-corrected"),
        lhs=(2 * beta_of(al) * Lg / (bg * sg)).subs(al, sp.sqrt(2)),
        rhs=2 * sp.sqrt(2) * Lg / (bg * sg),
        statement="corrected: the factor replaced is G(√2D/((t−τ)ησ)) ⊗ C_{b/n}(G(2√2L/(bσ))), the footnote's "
        "G(αD/((t−τ)ησ)) ⊗ C_{b/n}(G(2βL/(bσ))) at the even split α = β = √2",
        source=src(FN11, (), "corrected"),
        erratum="bok-su-altschuler E14",
    )
)

# ---------------------------------------------------------------------------
# Figure 10: Theorem 4.10 with a split (α, β) and the CLT (Lemma A.5) for C_{b/n}(G(2βL/(bσ)))^{⊗N}.
FIG_ALPHA = sp.sqrt(10)
_beta_fig = sp.sqrt(a2 / (a2 - 1))  # β = α/√(α² − 1) in terms of α²
_Ksplit = K_clt(2 * _beta_fig * L / (b * sigma))
_Ksplit_stable = K_clt_stable(2 * _beta_fig * L / (b * sigma))
fig10_mu = paper.add(
    Formula(
        paper.id("fig-10-split-mu"),
        sp.sqrt(a2 * D**2 / (eta**2 * sigma**2 * N) + 2 * b**2 / n**2 * N * _Ksplit),
        params("eta", "L", "b", "sigma", "n", "D", "N") + [split_param],
        src(FIG10, (), "derived", "footnote 11's split in Theorem 4.10, C_{b/n}(G(·))^{⊗N} by Lemma A.5's CLT"),
        hypotheses=[SPLIT],
        title="√(α²D²/(η²σ²N) + 2(b/n)²N·K(2βL/(bσ))), β = α/√(α² − 1): Theorem 4.10 with the (α, β) split, "
        "approximately μ-GDP (Figure 10: α² = 10, β = √10/3)",
        numeric=sp.sqrt(a2 * D**2 / (eta**2 * sigma**2 * N) + 2 * b**2 / n**2 * N * _Ksplit_stable),
    )
)
Kg = sp.Symbol("K", positive=True)  # K(2βL/(bσ)) > 0 (claim lem-a.5-K-integral)
pg = sp.Symbol("p", positive=True)
mu2_split = al**2 * Dg**2 / (eg**2 * sg**2 * Ng) + 2 * pg**2 * Ng * Kg
N_split = al * Dg / (eg * sg * pg * sp.sqrt(2 * Kg))
paper.add(
    Identity(
        paper.id("fig-10-split-at-sqrt2-is-eq-15"),
        lhs=(fig10_mu.expr**2).subs(a2, 2),
        rhs=prop15.expr**2,
        statement="at the even split α = β = √2 the split μ is Proposition C.15's (15) (the figure's formula generalises it)",
        source=src(FIG10, ("15",), "derived"),
        covers=[fig10_mu.id, prop15.id],
    )
)
paper.add(
    Identity(
        paper.id("fig-10-split-foc"),
        lhs=sp.diff(mu2_split, Ng).subs(Ng, N_split),
        rhs=0,
        statement="with the split, μ²(N) = α²D²/(η²σ²N) + 2p²NK (p = b/n, K = K(2βL/(bσ))) is stationary at "
        "N* = αD/(ησp√(2K)) (α = √2: Proposition C.15's N*)",
        source=src(FIG10, (), "derived"),
        covers=[fig10_mu.id],
    )
)
paper.add(
    Inequality(
        paper.id("fig-10-split-convex"),
        sp.diff(mu2_split, Ng, 2),
        ">",
        0,
        "with the split, μ²(N) is strictly convex in N > 0, so N* is its minimiser and the best N of a grid is one "
        "of the two grid points around N* (or the grid's end nearest to N*)",
        src(FIG10, (), "derived"),
        covers=[fig10_mu.id],
    )
)
paper.add(
    Identity(
        paper.id("fig-10-split-minimum"),
        lhs=mu2_split.subs(Ng, N_split),
        rhs=2 * sp.sqrt(2) * al * Dg * pg * sp.sqrt(Kg) / (eg * sg),
        statement="with the split, min_N μ² = 2√2·α·D·p·√K(2βL/(bσ))/(ησ): the split lowers the continuous optimum iff "
        "α²K(2βL/(bσ)) decreases",
        source=src(FIG10, (), "derived"),
        covers=[fig10_mu.id],
    )
)
# Which split is better at the continuous optimum: compare 10·K(2(√10/3)μ₁) with 2·K(2√2μ₁), μ₁ = L/(bσ).
_m1 = sp.Symbol("mu_1", positive=True)
_cmp = lambda m1: (10 * K_clt(2 * sp.sqrt(10) / 3 * m1), 2 * K_clt(2 * sp.sqrt(2) * m1))  # noqa: E731
for _label, _m1v, _rel, _what in (
    ("large", sp.Rational(2, 3), "<", "lowers"),
    ("small", sp.Rational(1, 24), ">", "raises"),
):
    _l, _r = _cmp(_m1v)
    paper.add(
        Inequality(
            paper.id(f"fig-10-split-{_label}-sensitivity"),
            _l,
            _rel,
            _r,
            f"Figure 10's (√10, √10/3) split {_what} the continuous-optimum μ against (√2, √2) at "
            f"L/(bσ) = {_m1v} (the figure's σ = 3 with L/b = {3 * _m1v}): α²K(2βL/(bσ)) is "
            f"10·K(2√10/3·{_m1v}) {_rel} 2·K(2√2·{_m1v}) (recomputed crossing L/(bσ) ≈ 0.6288, i.e. L/b ≈ 1.886 at "
            "σ = 3)",
            src(FIG10, (), "derived"),
            covers=[fig10_mu.id],
        )
    )
_comp = lemA5.expr.subs(p, pg)
paper.add(
    Identity(
        paper.id("fig-10-composition-grows-like-sqrt-t"),
        lhs=_comp.subs(t, 4 * t),
        rhs=2 * _comp,
        statement="Theorem 4.8 by the CLT, √2·p√t·√K(L/(bσ)) (Lemma A.5 at p = b/n, μ = L/(bσ)), doubles when t is "
        "quadrupled, so it grows without bound in t (Figure 10: 'the divergence of the GDP Composition bound'); the "
        "split bound does not depend on t once t − 1 ≥ the chosen N",
        source=src(FIG10, (), "derived"),
        covers=[fig10_mu.id, lemA5.id],
    )
)


#: Figure 10's t − τ grid (App. D.3: "t − τ ∈ {100, 200, …, 4900}").
FIG10_N_GRID = tuple(range(100, 5000, 100))


def _fig10_best(sampling_rate, L_over_b, step_size, noise_std, diameter, split, grid=FIG10_N_GRID):
    """(best N, μ) of the split bound over the grid, in mpmath (current precision): μ² = A/N + B·N."""
    split_complement = split / mpmath.sqrt(split**2 - 1)
    K = _K_mp(2 * split_complement * L_over_b / noise_std)
    A = (split * diameter / (step_size * noise_std)) ** 2
    B = 2 * sampling_rate**2 * K
    return min(((mpmath.sqrt(A / N_ + B * N_), N_) for N_ in grid), key=lambda x: x[0])[::-1]


def _K_mp(x):
    """K(x) = expm1(x²)Φ(1.5x) + [erf(3x/(2√2)) − 3erf(x/(2√2))]/2 (Lemma A.5, the stable form of common.py)."""
    y = x / (2 * mpmath.sqrt(2))
    return mpmath.expm1(x**2) * (1 + mpmath.erf(3 * y)) / 2 + (mpmath.erf(3 * y) - 3 * mpmath.erf(y)) / 2


def figure_10_values(
    b_over_n: Iterable = ("0.0025", "0.005", "0.01", "0.02", "0.04"),
    L_over_b: Iterable = ("0.125", "0.25", "0.5", "1", "2"),
    etas: Iterable = ("0.2", "0.1", "0.05"),
    ts: Iterable = (5000, 20000, 80000),
    sigma_v="3",
    D_v="1",
    dps: int = 30,
):
    """Figure 10's GDP parameters, recomputed (the paper prints none).  One row per panel (b/n, L/b) and η:
    (b/n, L/b, η, N*, μ ours, μ ours with the even split, N* even split, {t: μ composition}), where "ours" is
    Theorem 4.10 with the (√10, √10/3) split and the CLT at the best N = t − τ of {100, …, 4900} (the same for
    every t ≥ 4901) and "composition" is Theorem 4.8 by the CLT, √2(b/n)√t√K(L/(bσ)).  Each tradeoff curve of
    the figure is G(μ).  The default grid is an assumption (the paper's text does not state one), not printed."""
    rows = []
    with mpmath.workdps(dps):
        sg_, D_ = mpmath.mpf(sigma_v), mpmath.mpf(D_v)
        for pn in b_over_n:
            for Lb in L_over_b:
                p_v, Lb_v = mpmath.mpf(pn), mpmath.mpf(Lb)
                comp = {
                    int(tt): mpmath.sqrt(2) * p_v * mpmath.sqrt(int(tt)) * mpmath.sqrt(_K_mp(Lb_v / sg_)) for tt in ts
                }
                for e in etas:
                    e_v = mpmath.mpf(e)
                    n10, mu10 = _fig10_best(p_v, Lb_v, e_v, sg_, D_, mpmath.sqrt(10))
                    n2, mu2 = _fig10_best(p_v, Lb_v, e_v, sg_, D_, mpmath.sqrt(2))
                    rows.append((pn, Lb, e, n10, +mu10, +mu2, n2, {k: +v for k, v in comp.items()}))
    return rows


def _fig10_direct(v):
    """μ at the best grid N for Figure 10's split (α² = 10), direct mpmath (as figure_10_values computes it)."""
    return _fig10_best(1 / v["n"], v["Lb"], v["eta"], mpmath.mpf(3), mpmath.mpf(1), mpmath.sqrt(10))[1]


def _exact(x):
    return sp.Rational(int(x.man), 1) * sp.Rational(2) ** int(x.exp) if x != 0 else sp.Integer(0)


def _fig10_engine(v):
    """The split μ at the same N through the engine's evaluation of fig-10-split-mu (b = 1, n = 1/p, D = 1, σ = 3,
    α² = 10): an independent evaluation path (the Formula's numeric form, its precision control)."""
    N_best = _fig10_best(1 / v["n"], v["Lb"], v["eta"], mpmath.mpf(3), mpmath.mpf(1), mpmath.sqrt(10))[0]
    return fig10_mu.evaluate(
        dps=mpmath.mp.dps,
        eta=_exact(v["eta"]),
        L=_exact(v["Lb"]),
        b=1,
        sigma=3,
        n=int(v["n"]),
        D=1,
        N=N_best,
        alpha_sq=10,
    )


_figsym = [sp.Symbol("n", integer=True, positive=True), sp.Symbol("Lb", positive=True), sp.Symbol("eta", positive=True)]
paper.add(
    NumericIdentity(
        paper.id("fig-10-recomputed-values"),
        _fig10_direct,
        _fig10_engine,
        "Figure 10 recomputed (no printed values): at panels (b/n, L/b, η) of the figure's grid (b = 1, n = n/b), the "
        "split μ at the "
        "best N ∈ {100, …, 4900} from figure_10_values' direct evaluation equals fig-10-split-mu evaluated by the "
        "engine at that N (α² = 10, D = 1, σ = 3)",
        src(FIG10, (), "derived"),
        symbols=_figsym,
        hints=[
            {"n": 100, "Lb": 2, "eta": sp.Rational(1, 10)},
            {"n": 400, "Lb": sp.Rational(1, 8), "eta": sp.Rational(1, 5)},
            {"n": 25, "Lb": sp.Rational(1, 2), "eta": sp.Rational(1, 20)},
        ],
        samples=3,
        digits=25,
        covers=[fig10_mu.id, lemA5.id],
    )
)
