"""Lemmas 3.8–3.9: the Hölder expansion map g(x) = x + L x^λ and its inverse h = g⁻¹.

* ``chien-li/lem-3.9-h-half`` (L, z): the printed λ = ½ closed form
  h(z) = ((−L + √(L² + 4z))/2)² (Lemma 3.9 item 4, eq. (104)), evaluated through the verified
  cancellation-free form h(z) = 4z²/(L + √(L² + 4z))² (no loss of digits for z ≪ L²).
* ``chien-li/lem-3.9-h`` (L, lam, z): h(z) for any λ ∈ (0, 1], the unique x ≥ 0 with
  x + L x^λ = z (Lemma 3.8), by a safeguarded Newton iteration on log g(e^y) = log z inside the
  bracket [m/2^{1/λ}, m], m = min(z, (z/L)^{1/λ}) (g(m) ≥ z ≥ g(m/2^{1/λ})).  In Theorem 3.7
  pass ηL for L.

Claims: g∘h = h∘g = id at λ = ½ (PROVED, through the bijective reparametrisations z = w² + Lw,
x = u²), h convex, h(0) = 0, h′(0) = 0 (L > 0), h′ → 1, h ~ z²/L²; λ = 1 and λ = ⅓ (Cardano)
closed forms; the general properties of Lemma 3.9 (h ≤ z, g increasing, g concave ⇒ h convex);
erratum E8 (A.9's derivative of g).
"""

from __future__ import annotations

from collections.abc import Mapping

import mpmath
import sympy as sp

from symbolic import Formula, Identity, Inequality, Limit, solve_monotone
from symbolic.claims.numeric import NumericIdentity

from .common import LAM_LE_1, L, lam, mp, paper, params, src, z

x = sp.Symbol("x", positive=True)
u = sp.Symbol("u", nonnegative=True)
w = sp.Symbol("w", nonnegative=True)
Lp = sp.Symbol("L", positive=True)
zp = sp.Symbol("z", positive=True)


def g_expr(xx, LL=L, ll=lam):
    """g(x; L) = x + L x^λ (Theorem 3.7, Lemma 3.10)."""
    return xx + LL * xx**ll


def h_half_expr(zz, LL=L):
    """Lemma 3.9(4) as printed: ((−L + √(L² + 4z))/2)²."""
    return ((-LL + sp.sqrt(LL**2 + 4 * zz)) / 2) ** 2


def h_half_stable(zz, LL=L):
    """The same number without cancellation: 4z²/(L + √(L² + 4z))², and 0 at z = 0 (exactly,
    so that L = z = 0, where the quotient is 0/0, is evaluated too)."""
    return sp.Piecewise((0, sp.Eq(zz, 0)), (4 * zz**2 / (LL + sp.sqrt(LL**2 + 4 * zz)) ** 2, True))


LEMMA_39 = "Lemma 3.9"
h_half = paper.add(
    Formula(
        paper.id("lem-3.9-h-half"),
        h_half_expr(z),
        params("L", "z"),
        src("Lemma 3.9, item 4 (λ = 1/2 closed form)", ("104",)),
        title="h(z) = ((−L + √(L² + 4z))/2)², the inverse of x + L√x",
        numeric=h_half_stable(z),
    )
)


# ---------------------------------------------------------------------------
# General λ: h(z) solves x + L x^λ = z, x ≥ 0.
def h_value(Lv, lv, zv) -> mpmath.mpf:
    """h(z) = g⁻¹(z) at the working precision (mpf inputs; L ≥ 0, 0 < λ ≤ 1, z ≥ 0).

    Safeguarded Newton on φ(y) = log(e^y + L e^{λy}) − log z (φ′ ∈ [λ, 1]) inside a bracket
    that always contains the root; bisection when a Newton step leaves it.  The bracket: both terms
    of g are ≥ 0, so h ≤ min(z, (z/L)^{1/λ}), and one of them is ≥ z/2 at h, so
    h ≥ min(z/2, (z/(2L))^{1/λ}); in y = log x its width is log 2 or (log 2)/λ, and the Newton
    step is exact for the dominant term's linear part, so tiny λ (λ = 3e-301) no longer means
    ~(log 2)/λ bisection steps.  Stops at |Δy| ≤ 2^{8−prec} max(1, |y|): h = e^y then has
    relative accuracy 2^{8−prec}|y|, so a caller wanting p bits at |y| ≫ 1 works at
    p + log2|y| bits (:func:`_h_evaluator` does).
    """
    if zv == 0:
        return 0  # h(0) = 0 exactly (g(0) = 0, g increasing)
    if Lv == 0:
        return +zv
    if lv == 1:
        return zv / (1 + Lv)
    logz, logL, log2 = mpmath.log(zv), mpmath.log(Lv), mpmath.log(2)
    lo = min(logz - log2, (logz - log2 - logL) / lv)
    hi = min(logz, (logz - logL) / lv)

    def log_g(y):  # log g(e^y) = log(e^y + L e^{λy}), increasing with slope in [λ, 1]
        return mpmath.log(mpmath.exp(y) + Lv * mpmath.exp(lv * y))

    def slope(y):
        ey, ely = mpmath.exp(y), Lv * mpmath.exp(lv * y)
        return (ey + lv * ely) / (ey + ely)

    y = solve_monotone(
        log_g,
        logz,
        lower=lo,
        upper=hi,
        increasing=True,
        bracketed=True,
        derivative=slope,
        name="chien-li/lem-3.9-h",
    )
    return mpmath.exp(y)


def _h_evaluator(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """h at the working precision plus log2|log h| bits: h = e^y with |y| up to ~|log(z/L)|/λ
    (y = −6.9e62 at L = 9.99e-3, λ = 1e-60, z = 3e-300), so a relative error ε of y (inputs and
    iterate rounded) is a relative error ε|y| of h.  The inputs are rounded at that precision."""
    with mpmath.workprec(30):
        Lv, lv, zv = mp(values["L"]), mp(values["lam"]), mp(values["z"])
        y = 0 if zv == 0 or Lv == 0 else abs(min(mpmath.log(zv), (mpmath.log(zv) - mpmath.log(Lv)) / lv))
    extra = max(0, int(mpmath.mag(y))) + 10 if y else 0
    with mpmath.workprec(mpmath.mp.prec + extra):
        return h_value(mp(values["L"]), mp(values["lam"]), mp(values["z"]))


h_general = paper.add(
    Formula(
        paper.id("lem-3.9-h"),
        sp.Function("h")(L, lam, z),
        params("L", "lam", "z"),
        src("Lemma 3.8 / Lemma 3.9: h(z) solves x + L x^λ = z, x ≥ 0", ("16",)),
        hypotheses=[LAM_LE_1],
        title="h = g⁻¹, g(x) = x + L x^λ on ℝ≥0 (root of x + L x^λ = z)",
        evaluator=_h_evaluator,
        # z enters only through log z and L as a factor of the positive term L e^{λy}: no cancellation to absorb
        magnitude_free=("L", "z"),
    )
)
cH, cHalf = [h_general.id], [h_half.id]


def factor_radicands(expr):
    """The same expression with every square-root radicand factored (an exact rewrite: √((L+2w)²)
    then simplifies to L + 2w because L + 2w ≥ 0)."""
    return expr.replace(
        lambda e: isinstance(e, sp.Pow) and e.exp == sp.Rational(1, 2), lambda e: sp.sqrt(sp.factor(e.base))
    )


# --- λ = 1/2: inverse in both directions, through bijective reparametrisations.
paper.add(
    Identity(
        paper.id("lem-3.9-h-half/g-of-h"),
        lhs=factor_radicands(g_expr(h_half_expr(w**2 + L * w), L, sp.Rational(1, 2))),
        rhs=w**2 + L * w,
        statement="g(h(z)) = z for every z ≥ 0 and L ≥ 0 at λ = ½: every z ≥ 0 is z = w² + Lw for exactly one w ≥ 0, "
        "and then √(L² + 4z) = L + 2w, h(z) = w², g(w²) = w² + Lw",
        source=src("Lemma 3.9, item 4", ("104",)),
        covers=cHalf,
    )
)
paper.add(
    Identity(
        paper.id("lem-3.9-h-half/h-of-g"),
        lhs=factor_radicands(h_half_expr(g_expr(u**2, L, sp.Rational(1, 2)))),
        rhs=u**2,
        statement="h(g(x)) = x for every x ≥ 0 and L ≥ 0 at λ = ½ (x = u², u = √x ≥ 0: g(x) = u² + Lu)",
        source=src("Lemma 3.9, item 4", ("104",)),
        covers=cHalf,
    )
)
paper.add(
    Identity(
        paper.id("lem-3.9-h-half/at-0"),
        lhs=h_half_expr(0),
        rhs=0,
        statement="h(0) = 0 (λ = ½, every L ≥ 0)",
        source=src("Lemma 3.9, item 1", ("104",)),
        covers=cHalf,
    )
)
hz = h_half_expr(zp, Lp)
paper.add(
    Identity(
        paper.id("lem-3.9-h-half/derivative"),
        lhs=sp.diff(hz, zp),
        rhs=1 - Lp / sp.sqrt(Lp**2 + 4 * zp),
        statement="h′(z) = 1 − L/√(L² + 4z) (λ = ½, L > 0, z > 0)",
        source=src("Lemma 3.9, item 4", ("104",), "derived"),
        covers=cHalf,
    )
)
paper.add(
    Identity(
        paper.id("lem-3.9-h-half/derivative-at-0"),
        lhs=sp.limit(sp.diff(hz, zp), zp, 0, "+"),
        rhs=0,
        statement="h′(0⁺) = 0 for L > 0 (λ = ½): h is flat at the origin (for L = 0, h(z) = z and h′ = 1)",
        source=src("Lemma 3.9, item 4", ("104",), "derived"),
        covers=cHalf,
    )
)
paper.add(
    Inequality(
        paper.id("lem-3.9-h-half/convex"),
        sp.diff(hz, zp, 2),
        ">=",
        0,
        "h″(z) = 2L/(L² + 4z)^{3/2} ≥ 0: h is convex (λ = ½, L > 0, z > 0)",
        src("Lemma 3.9, item 4", ("104",), "derived"),
        covers=cHalf,
    )
)
paper.add(
    Inequality(
        paper.id("lem-3.9-h-half/increasing"),
        sp.diff(hz, zp),
        ">",
        0,
        "h′(z) = 1 − L/√(L² + 4z) > 0: h is strictly increasing (Lemma 3.9 item 2 at λ = ½, L > 0, z > 0)",
        src("Lemma 3.9, item 2", ("104",), "derived"),
        covers=cHalf,
        certificate=4 * zp / (sp.sqrt(Lp**2 + 4 * zp) * (sp.sqrt(Lp**2 + 4 * zp) + Lp)),
    )
)
paper.add(
    Identity(
        paper.id("lem-3.9-h-half/small-z"),
        lhs=factor_radicands(hz / zp**2),
        rhs=4 / (Lp + sp.sqrt(Lp**2 + 4 * zp)) ** 2,
        statement="h(z)/z² = 4/(L + √(L² + 4z))² (λ = ½, L > 0, z > 0); the right side is continuous at z = 0 with value 1/L², so "
        "h(z) ~ z²/L² as z → 0⁺: the backward shift map kills small shifts quadratically",
        source=src("Lemma 3.9, item 4", ("104",), "derived"),
        covers=cHalf,
    )
)
paper.add(
    Limit(
        paper.id("lem-3.9-h-half/slope-at-infinity"),
        sp.diff(hz, zp),
        zp,
        sp.oo,
        1,
        "h′(z) → 1 as z → ∞ (λ = ½, L > 0)",
        src("Lemma 3.9, item 4", ("104",), "derived"),
        covers=cHalf,
    )
)
paper.add(
    NumericIdentity(
        paper.id("lem-3.9-h-half/matches-root"),
        lambda v: h_value(v["L"], mpmath.mpf(1) / 2, v["z"]),
        h_half_stable(zp, Lp),
        "the λ = ½ closed form equals the root of x + L√x = z found by lem-3.9-h's evaluator "
        "(including z = 10⁻³⁰ ≪ L², where the printed form cancels)",
        src("Lemma 3.9, item 4", ("104",), "derived"),
        symbols=[Lp, zp],
        hints=[{"L": 1, "z": "1e-30"}, {"L": "1/10", "z": 7}, {"L": 3, "z": "1e20"}],
        samples=6,
        covers=cHalf + cH,
    )
)

# --- λ = 1: Lemma 3.3's linear map.
paper.add(
    Identity(
        paper.id("lem-3.9-h/lambda-1"),
        lhs=g_expr(z / (1 + L), L, 1),
        rhs=z,
        statement="λ = 1: h(z) = z/(1 + L), the Lipschitz reduction of Lemma 3.3 with c = 1 + L (g(z/(1+L)) = z)",
        source=src("Lemma 3.8, λ = 1 (Lemma 3.3)", ("6", "16"), "derived"),
        covers=cH,
    )
)
# --- λ = 1/3: Cardano.  With p > 0 and q = −L/(3p) (so pq = −L/3), u = p + q solves u³ + Lu = z for
# z = p³ + q³; p ↦ z is a bijection (0, ∞) → ℝ, and the real cube roots of Cardano's radicands are p, q.
pp = sp.Symbol("p", positive=True)
qq = -L / (3 * pp)
paper.add(
    Identity(
        paper.id("lem-3.9-h/lambda-third-cardano"),
        lhs=(pp + qq) ** 3 + L * (pp + qq),
        rhs=pp**3 + qq**3,
        statement="λ = ⅓ (Cardano): with p = ∛(z/2 + √(z²/4 + L³/27)) and q = ∛(z/2 − √(z²/4 + L³/27)) (real roots, "
        "pq = −L/3), u = p + q solves u³ + Lu = z, so h(z) = (p + q)³",
        source=src(
            "Lemma 3.9, λ = 1/3",
            ("16",),
            "derived",
            "closed form not in the paper, which solves only λ = 1/2, (103)–(104)",
        ),
        covers=cH,
    )
)


def cardano_h(Lv, zv):
    """h(z) at λ = ⅓ by Cardano's formula (real cube roots), mpf inputs."""
    r = mpmath.sqrt(zv**2 / 4 + Lv**3 / 27)
    p = mpmath.cbrt(zv / 2 + r)
    q_ = -Lv / (3 * p) if p != 0 else mpmath.mpf(0)  # = ∛(z/2 − r), computed without cancellation
    return (p + q_) ** 3


paper.add(
    NumericIdentity(
        paper.id("lem-3.9-h/lambda-third-matches-root"),
        lambda v: h_value(v["L"], mpmath.mpf(1) / 3, v["z"]),
        lambda v: cardano_h(v["L"], v["z"]),
        "the Cardano closed form equals lem-3.9-h's root at λ = ⅓ (e.g. h(1.4; L = 0.3) = 1.09114882938820314…)",
        src("Lemma 3.9, λ = 1/3", ("16",), "derived"),
        symbols=[Lp, zp],
        where=[zp >= sp.Rational(1, 100)],
        hints=[{"L": "3/10", "z": "7/5"}, {"L": 2, "z": "1/100"}],
        samples=5,
        covers=cH,
        note="z ≥ 1/100: Cardano's p + q cancels for z ≪ L^{3/2} (that is why the evaluator root-finds)",
    )
)

# --- general λ ∈ (0, 1]: the structure behind Lemma 3.9 items 1–3 and convexity.
lam_in = 1 / (1 + u)  # λ ∈ (0, 1] ⇔ u ≥ 0
gx = g_expr(x, Lp, lam_in)
paper.add(
    Inequality(
        paper.id("lem-3.9/g-increasing"),
        sp.diff(gx, x),
        ">",
        0,
        "g′(x) = 1 + λLx^{λ−1} > 0 for x > 0 (λ = 1/(1+u) ∈ (0, 1], L > 0): g is strictly increasing, so h = g⁻¹ "
        "is well defined, strictly increasing and continuous (Lemma 3.9 items 1–3)",
        src("Lemma 3.9, items 1–3 (proof A.9)", ("103",), "derived"),
        covers=cH,
    )
)
paper.add(
    Inequality(
        paper.id("lem-3.9/g-concave"),
        sp.diff(gx, x, 2),
        "<=",
        0,
        "g″(x) = λ(λ − 1)Lx^{λ−2} ≤ 0: g is concave and increasing, hence h = g⁻¹ is convex (every λ ∈ (0, 1])",
        src("Lemma 3.9 (proof A.9)", ("103",), "derived"),
        covers=cH,
    )
)
paper.add(
    Inequality(
        paper.id("lem-3.9/g-above-identity"),
        gx,
        ">=",
        x,
        "g(x) = x + Lx^λ ≥ x, hence h(z) ≤ z: the backward map never increases a shift",
        src("Lemma 3.9 (proof A.9)", ("103",), "derived"),
        covers=cH,
    )
)
paper.add(
    Identity(
        paper.id("lem-3.9/g-derivative"),
        lhs=sp.diff(g_expr(x, Lp, lam), x),
        rhs=1 + Lp * x ** (lam - 1),
        statement="A.9 as printed: d/dx (x + Lx^λ) = 1 + Lx^{λ−1}",
        source=src("Lemma 3.9, proof (A.9)", ("103",)),
        expect="refuted",
        erratum="chien-li E8",
        hints=[{"L": 1, "lam": sp.Rational(1, 2), "x": 1}],
        covers=cH,
    )
)
paper.add(
    Identity(
        paper.id("lem-3.9/g-derivative-corrected"),
        lhs=sp.diff(g_expr(x, Lp, lam), x),
        rhs=1 + lam * Lp * x ** (lam - 1),
        statement="corrected: d/dx (x + Lx^λ) = 1 + λLx^{λ−1} (> 0 for x > 0; +∞ at x = 0 when λ < 1)",
        source=src("Lemma 3.9, proof (A.9)", ("103",), "corrected"),
        erratum="chien-li E8",
        covers=cH,
    )
)
paper.add(
    NumericIdentity(
        paper.id("lem-3.9-h/inverse"),
        lambda v: g_expr(h_value(v["L"], 1 / (1 + v["u"]), v["z"]), v["L"], 1 / (1 + v["u"])),
        zp,
        "g(h(z)) = z for the evaluator at λ = 1/(1+u) (λ ∈ (0, 1]) over many orders of magnitude of z and L",
        src("Lemma 3.9, item 3", ("16",), "derived"),
        symbols=[Lp, u, zp],
        hints=[{"L": "1/10", "u": 3, "z": "1e-40"}, {"L": 100, "u": "1/7", "z": "1e30"}],
        samples=6,
        covers=cH,
    )
)

# --- Lemma 3.8's proof, step (c) of (98): ess sup‖X − Y‖ ≤ z (the coupling (91)) and g nondecreasing give
# ess sup‖X − Y‖ + L(ess sup‖X − Y‖)^λ ≤ z + Lz^λ; with y = z/(1 + w) ≤ z the difference increases in w from 0.
_zc, _wc = sp.Symbol("z", positive=True), sp.Symbol("w", nonnegative=True)  # z = 0: both sides 0
paper.add(
    Inequality(
        paper.id("lem-3.8/step-c"),
        g_expr(_zc, Lp, lam_in),
        ">=",
        g_expr(_zc / (1 + _wc), Lp, lam_in),
        "(98), step (c): for y = z/(1 + w) ≤ z (the coupling (91) has ess sup‖X − Y‖ ≤ z), y + Ly^λ ≤ z + Lz^λ = g(z) "
        "(λ = 1/(1 + u) ∈ (0, 1], L > 0): the difference is 0 at w = 0 and nondecreasing in w",
        src("Lemma 3.8, proof (91)–(98)", ("91", "98")),
        increasing_in=_wc,
        covers=cH,
    )
)
