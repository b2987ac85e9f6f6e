"""App. A — Lemma A.3 (GDP ⇄ (ε, δ)), as the toolkit's formulas under this paper's IDs, and the
constant bookkeeping of Theorem C.16's lower-bound proof (errata E5, E6).
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import Formula, Identity, Inequality
from symbolic.claims.numeric import NumericIdentity
from symbolic.evaluate.inverse import Inverse
from derivations.privacy.gdp import delta_lt_1, delta_param, gdp_delta, gdp_epsilon, mu_param
from derivations.privacy.hockey_stick import eps_param, gaussian_tail

from .common import paper, src

lemA3_delta = paper.add(
    Formula(
        paper.id("lem-a.3-delta"),
        gdp_delta.expr,
        [mu_param, eps_param],
        src("Lemma A.3", (), "printed", "Balle & Wang 2018 Thm 8; the toolkit's privacy/gdp-delta under this ID"),
        title="δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)",
        numeric=gdp_delta.numeric,
    )
)
lemA3_eps = paper.add(
    Formula(
        paper.id("lem-a.3-epsilon"),
        gdp_epsilon.expr,
        [mu_param, delta_param],
        src("Lemma A.3, inverted", (), "derived", "the toolkit's privacy/gdp-epsilon under this ID"),
        hypotheses=[delta_lt_1],
        title="ε(δ) = min{ε ≥ 0 : δ_μ(ε) ≤ δ} (0 when δ_μ(0) ≤ δ)",
        # the toolkit's fast inverse (Newton in log space; μ ≥ 64 in Mills' coordinate), one for the tree
        inverse=Inverse(lemA3_delta, solve_for="eps", target="delta", algorithm=gdp_epsilon.inverse.algorithm),
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3-is-toolkit"),
        lhs=lemA3_delta.expr,
        rhs=gdp_delta.expr,
        statement="lem-a.3-delta is privacy/gdp-delta (one expression, two IDs)",
        source=src("Lemma A.3", (), "derived"),
        covers=[lemA3_delta.id, gdp_delta.id],
    )
)


# The coordinate privacy/gdp-epsilon's evaluator solves in for μ ≥ 64 (derivations.privacy.gdp):
# t = ε/μ − μ/2, with M(x) = Q(x)/φ(x) (Mills' ratio).
_t = sp.Symbol("t", real=True)


def _phi(x):
    return sp.exp(-(x**2) / 2) / sp.sqrt(2 * sp.pi)


def _mills_expr(x):
    return gaussian_tail(x) / _phi(x)


_delta_at_t = lemA3_delta.expr.subs(eps_param.symbol, mu_param.symbol * _t + mu_param.symbol**2 / 2)
paper.add(
    Identity(
        paper.id("lem-a.3-delta/t-coordinate"),
        lhs=_delta_at_t,
        rhs=gaussian_tail(_t) - _phi(_t) * _mills_expr(_t + mu_param.symbol),
        statement="δ_μ(ε) at ε = μt + μ²/2 is Q(t) − φ(t)·M(t + μ), M(x) = Q(x)/φ(x) Mills' ratio (e^ε φ(t + μ) = φ(t)): the "
        "form lem-a.3-epsilon's evaluator solves for μ ≥ 64, for every real t",
        source=src("Lemma A.3", (), "derived"),
        covers=[lemA3_delta.id, "bok-su-altschuler/lem-a.3-epsilon"],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3-delta/t-coordinate-complement"),
        lhs=1 - _delta_at_t,
        rhs=gaussian_tail(-_t) + _phi(_t) * _mills_expr(_t + mu_param.symbol),
        statement="1 − δ_μ(μt + μ²/2) = Q(−t) + φ(t)·M(t + μ): the sum of two positive terms lem-a.3-epsilon's evaluator solves "
        "on for δ > 1/2 (no cancellation), for every real t",
        source=src("Lemma A.3", (), "derived"),
        covers=[lemA3_delta.id, "bok-su-altschuler/lem-a.3-epsilon"],
    )
)


def _dec(x):
    """A sampled mpf as a 30-digit decimal string (the sample points are short rationals, so this is
    exact for the hints; it keeps the evaluator's input precision at 30 digits)."""
    return mpmath.nstr(x, 30)


def _eps_ours(v):
    return lemA3_eps.evaluate(dps=mpmath.mp.dps, mu=_dec(v["mu"]), delta=_dec(v["delta"]))


#: The generic inverse of δ_μ(ε) (the engine's bracket-and-refine, no Newton): an independent route to the
#: root that lem-a.3-epsilon (the toolkit's Newton) is compared with below.  Not registered.
_generic_epsilon = Formula(
    "bok-su-altschuler/lem-a.3-epsilon-generic-inverse",
    gdp_epsilon.expr,
    [mu_param, delta_param],
    src("Lemma A.3, inverted", (), "derived", "the engine's generic inverse of privacy/gdp-delta"),
    hypotheses=[delta_lt_1],
    inverse=Inverse(gdp_delta, solve_for="eps", target="delta"),
)


def _eps_toolkit(v):
    return _generic_epsilon.evaluate(dps=mpmath.mp.dps, mu=_dec(v["mu"]), delta=_dec(v["delta"]))


_m, _d = sp.Symbol("mu", positive=True), sp.Symbol("delta", positive=True)
paper.add(
    NumericIdentity(
        paper.id("lem-a.3-epsilon-is-toolkit"),
        _eps_ours,
        _eps_toolkit,
        "lem-a.3-epsilon (privacy/gdp-epsilon's Newton in log space) agrees with the generic inverse of "
        "privacy/gdp-delta at Table 1's "
        "μ = 0.9925 and 4.714 and at δ = 1e-50",
        src("Lemma A.3, inverted", (), "derived"),
        symbols=[_m, _d],
        hints=[
            {"mu": sp.Rational(9925, 10000), "delta": sp.Rational(1, 10**5)},
            {"mu": sp.Rational(4714, 1000), "delta": sp.Rational(1, 10**5)},
            {"mu": 2, "delta": sp.Rational(1, 10**50)},
        ],
        samples=3,
        digits=20,
        covers=[lemA3_eps.id, gdp_epsilon.id],
        budget=60,
    )
)


def _round_trip(v):
    e = _eps_ours(v)
    return lemA3_delta.evaluate(dps=mpmath.mp.dps, mu=_dec(v["mu"]), eps=mpmath.nstr(e, mpmath.mp.dps + 5))


paper.add(
    NumericIdentity(
        paper.id("lem-a.3-epsilon-round-trip"),
        _round_trip,
        lambda v: v["delta"],
        "δ_μ(ε_μ(δ)) = δ, down to δ = 1e-300 (μ = 2, 37): the inverse keeps every digit far below the float range",
        src("Lemma A.3, inverted", (), "derived"),
        symbols=[_m, _d],
        hints=[
            {"mu": 2, "delta": sp.Rational(1, 10**300)},
            {"mu": 37, "delta": sp.Rational(1, 10**300)},
            {"mu": sp.Rational(1, 10), "delta": sp.Rational(1, 10**3)},
        ],
        samples=3,
        digits=25,
        covers=[lemA3_eps.id, lemA3_delta.id],
        budget=60,
    )
)
mu_ = sp.Symbol("mu", positive=True)
Phi = lambda x: (1 + sp.erf(x / sp.sqrt(2))) / 2  # noqa: E731
paper.add(
    Inequality(
        paper.id("lem-a.3-mu-squared-point"),
        gdp_delta.expr.subs({gdp_delta.symbol("mu"): mu_, gdp_delta.symbol("eps"): mu_**2}),
        "<=",
        Phi(-mu_ / 2),
        "Theorem C.16's use of Lemma A.3: a μ-GDP mechanism is (μ², Φ(−μ/2))-DP, since "
        "δ(μ²) = Φ(−μ/2) − e^{μ²}Φ(−3μ/2) ≤ Φ(−μ/2)",
        src("Theorem C.16, proof", (), "derived"),
        certificate=sp.exp(mu_**2) * sp.erfc(3 * mu_ / (2 * sp.sqrt(2))) / 2,
        covers=[lemA3_delta.id],
    )
)

# ---------------------------------------------------------------------------
# Theorem C.16's constants.
m0 = sp.Symbol("mu_0", positive=True)
paper.add(
    Inequality(
        paper.id("thm-c.16-tail-constant"),
        Phi(sp.Rational(3, 10) * m0 / sp.sqrt(sp.Rational(28, 10))),
        ">=",
        1 - sp.exp(-sp.Rational(9, 56) * m0**2),
        "printed (proof of Theorem C.16): Φ(0.3μ₀/√2.8) ≥ 1 − exp(−(0.9/5.6)μ₀²) (for μ₀ ≥ 1/√(2.8·…))",
        src("Theorem C.16, proof"),
        where=[m0 >= 1],
        hints=[{"mu_0": 3}, {"mu_0": 5}],
        expect="refuted",
        erratum="bok-su-altschuler E5",
    )
)
paper.add(
    Inequality(
        paper.id("thm-c.16-tail-constant-corrected"),
        Phi(sp.Rational(3, 10) * m0 / sp.sqrt(sp.Rational(28, 10))),
        ">=",
        1 - sp.exp(-sp.Rational(9, 560) * m0**2),
        "corrected: Φ(x) ≥ 1 − e^{−x²/2} with x = 0.3μ₀/√2.8 gives exponent 0.09/5.6 (sampled for μ₀ ≥ 1; the "
        "theorem survives since the exp(−(0.01/5.6)μ₀²) term dominates)",
        src("Theorem C.16, proof", (), "corrected"),
        where=[m0 >= 1],
        hints=[{"mu_0": 3}, {"mu_0": 5}],
        expect="checked",
        erratum="bok-su-altschuler E5",
    )
)
tt, xx = sp.Symbol("t", integer=True, positive=True), sp.Symbol("x", positive=True)
paper.add(
    Identity(
        paper.id("thm-c.16-t0-printed"),
        lhs=tt - (tt - sp.ceiling(sp.Rational(4, 5) * xx) + 1),
        rhs=sp.ceiling(sp.Rational(4, 5) * xx),
        statement="printed (Theorem C.16(a)): t₀ = t − ⌈0.8x⌉ + 1 leaves the ⌈0.8x⌉ drift increments of ηL/n the proof adds "
        "between t₀ and t (x = Dn/(ηL))",
        source=src("Theorem C.16(a), proof"),
        hints=[{"x": 2}],
        expect="refuted",
        erratum="bok-su-altschuler E6",
    )
)
paper.add(
    Identity(
        paper.id("thm-c.16-t0-printed-corrected"),
        lhs=tt - (tt - sp.ceiling(sp.Rational(4, 5) * xx)),
        rhs=sp.ceiling(sp.Rational(4, 5) * xx),
        statement="corrected: t₀ = t − ⌈0.8x⌉ (allowed since t ≥ x) has exactly ⌈0.8x⌉ increments; part (b) counts correctly",
        source=src("Theorem C.16(a), proof", (), "corrected"),
        erratum="bok-su-altschuler E6",
    )
)
paper.add(
    Inequality(
        paper.id("thm-c.16-ceiling-bound"),
        sp.ceiling(sp.Rational(4, 5) * xx),
        "<=",
        sp.Rational(14, 5) * xx,
        "Theorem C.16: ⌈0.8x⌉ ≤ 2.8x for x ≥ 1/2 (the variance bound 2.8D²/μ₀²)",
        src("Theorem C.16, proof", (), "derived"),
        where=[xx >= sp.Rational(1, 2)],
        expect="checked",
    )
)
