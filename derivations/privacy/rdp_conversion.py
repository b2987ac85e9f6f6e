"""RDP → (ε, δ)-DP conversions, optimised over a continuous Rényi order α.

A mechanism that is (α, r(α))-RDP for every α > 1 is (ε, δ)-DP with ε = min_α ε_m(α, r(α), δ),
where the pointwise bound ε_m is one of (SymPy expressions, in :data:`POINTWISE`):

* ``mironov`` — Mironov 2017, Prop. 3:  ε = r + log(1/δ)/(α − 1).
* ``balle``   — Balle, Barthe, Gaboardi, Hsu & Sato 2020, Thm 21 = Canonne, Kamath & Steinke
  2020, Prop. 12:  ε = r + log((α − 1)/α) − (log δ + log α)/(α − 1).
* ``asoodeh`` — Asoodeh, Liao, Calmon, Kosut & Sankar 2021 (arXiv 2008.06529), Lemma 1, in the
  form of its reference implementation (TF-Privacy ``rdp_accountant.py`` at 0025122): for
  αδ < 1 the minimum of
  f = r + (log(1 − e^{−x}) − log(αδ))/(α − 1), x = (α − 1) r − log(1 − αδ), and
  g = r − log(δ/ζ)/(α − 1), ζ = (1/α)(1 − 1/α)^{α−1};  for αδ ≥ 1, h = r + log(1 − δ).
  (g is identically the Balle bound: claim ``privacy/rdp-to-dp/asoodeh-g-is-balle``.)
* ``best``    — the minimum of the three.

Every bound is clipped at ε ≥ 0.  :func:`rdp_to_epsilon` takes the curve as a callable
α ↦ r(α) (minimised over continuous α: a log-spaced scan locates the basin, Brent's method
refines it at the working precision) or as (α, r) pairs (minimised over the pairs).

Linear curves r(α) = ρα (ρ-zCDP; the Gaussian mechanism with ρ = Δ²/(2σ²); μ-GDP with
ρ = μ²/2) get one formula, ``privacy/rdp-linear-epsilon`` (``rho``, ``delta``, ``method``),
whose categorical parameter ``method`` (default ``best``) picks the conversion; ``mironov``
is evaluated through its proved closed form ``privacy/rdp-linear-epsilon-mironov``
(ρ + 2√(ρ log(1/δ))), the others by the optimisation above on the pointwise SymPy expressions.
"""

from __future__ import annotations

from typing import Callable, Mapping

import mpmath
import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from symbolic.claims import Identity, Inequality
from symbolic.errors import HypothesisError, InputError
from symbolic.exact_numbers import parse_exact
from symbolic.formula import Formula
from symbolic.evaluate.expressions import lambdify_mpmath
from symbolic.evaluate.optimise import brent_min, scan_then_refine
from symbolic.params import choice, positive
from . import toolkit
from .gdp import DELTA_RANGE, delta_lt_1, delta_param, gdp_delta
from symbolic.claims.numeric import SampledInequality

METHODS = ("mironov", "balle", "asoodeh", "best")

# Symbols of the pointwise bounds: α > 1 written as 1 + a so that proofs see α − 1 > 0.
a = sp.Symbol("a", positive=True)
r_sym = sp.Symbol("r", nonnegative=True)
d_sym = sp.Symbol("delta", positive=True)
al = 1 + a


def mironov_bound(alpha, r, delta):
    """Mironov 2017, Prop. 3: ε = r + log(1/δ)/(α − 1)."""
    return r + sp.log(1 / delta) / (alpha - 1)


def balle_bound(alpha, r, delta):
    """Balle et al. 2020, Thm 21 / Canonne–Kamath–Steinke 2020, Prop. 12."""
    return r + sp.log((alpha - 1) / alpha) - (sp.log(delta) + sp.log(alpha)) / (alpha - 1)


def asoodeh_f_bound(alpha, r, delta):
    """Asoodeh et al. 2021, Lemma 1, f-bound (valid for αδ < 1)."""
    x = (alpha - 1) * r - sp.log(1 - alpha * delta)
    return r + (sp.log(1 - sp.exp(-x)) - sp.log(alpha * delta)) / (alpha - 1)


def asoodeh_g_bound(alpha, r, delta):
    """Asoodeh et al. 2021, Lemma 1, g-bound: r − log(δ/ζ)/(α − 1), ζ = (1/α)(1 − 1/α)^{α−1}."""
    zeta = (1 / alpha) * (1 - 1 / alpha) ** (alpha - 1)
    return r - sp.log(delta / zeta) / (alpha - 1)


def asoodeh_h_bound(alpha, r, delta):
    """Asoodeh et al. 2021, Lemma 1, h-bound (for αδ ≥ 1): r + log(1 − δ)."""
    return r + sp.log(1 - delta)


POINTWISE = {
    "mironov": mironov_bound,
    "balle": balle_bound,
    "asoodeh-f": asoodeh_f_bound,
    "asoodeh-g": asoodeh_g_bound,
    "asoodeh-h": asoodeh_h_bound,
}


def asoodeh_f_stable(alpha, r, delta):
    """:func:`asoodeh_f_bound` written with ``log1p``/``expm1`` (equal to it for αδ < 1): δ enters
    only through αδ and log(αδ), never absorbed by ``1 − αδ`` (at δ = 1e-300 the printed form's
    1 − αδ rounds to 1 below 300 working digits)."""
    x = (alpha - 1) * r - log1p(-alpha * delta)
    return r + (sp.log(-expm1(-x)) - sp.log(alpha * delta)) / (alpha - 1)


def asoodeh_h_stable(alpha, r, delta):
    """:func:`asoodeh_h_bound` with ``log1p(−δ)`` for log(1 − δ)."""
    return r + log1p(-delta)


def balle_stable(alpha, r, delta):
    """:func:`balle_bound` with ``log1p(−1/α)`` for log((α − 1)/α): at α ≈ 1e151 (ρ = δ = 1e-300)
    the printed form's (α − 1)/α rounds to 1 below 151 working digits and drops a term of 1/α
    ≈ 0.3 % of ε; runs at 47 and 94 digits then agreed on that wrong value."""
    return r + log1p(-1 / alpha) - (sp.log(delta) + sp.log(alpha)) / (alpha - 1)


def asoodeh_g_stable(alpha, r, delta):
    """:func:`asoodeh_g_bound` with log ζ = −log α + (α − 1) log1p(−1/α) (the printed
    (1 − 1/α)^{α−1} rounds to 1 at large α and drops a term of 1/(α − 1))."""
    log_zeta = -sp.log(alpha) + (alpha - 1) * log1p(-1 / alpha)
    return r - (sp.log(delta) - log_zeta) / (alpha - 1)


#: The forms the evaluators are compiled from: the bounds above, the Asoodeh f- and h-bounds in
#: their ``log1p``/``expm1`` forms (same values; test_privacy_rdp_conversion checks the identity),
#: so that δ enters every bound only through log δ or a product αδ (``rdp-linear-epsilon``'s
#: ``magnitude_free=("delta",)`` relies on this), and Balle's bound and Asoodeh's g-bound with
#: ``log1p(−1/α)`` so that no term of order 1/α is absorbed at a large α.
STABLE = {
    **POINTWISE,
    "balle": balle_stable,
    "asoodeh-f": asoodeh_f_stable,
    "asoodeh-g": asoodeh_g_stable,
    "asoodeh-h": asoodeh_h_stable,
}

_A, _R, _D = sp.symbols("alpha r delta")
#: mpmath evaluators compiled from the SymPy expressions above (never hand-copied).
_COMPILED = {k: lambdify_mpmath((_A, _R, _D), fn(_A, _R, _D)) for k, fn in STABLE.items()}


def clipped_at_zero(eps):
    """The clip ε ≥ 0 of a conversion, at the current mpmath working precision.

    A minimum that is negative beyond rounding (below −10^(−dps/2)) clips to the exact int 0,
    which :func:`symbolic.evaluate.settle.settle` accepts as a zero its author wrote.  A value within
    that distance of 0 is returned as computed, so the precision loop, not this run's
    rounding, decides it: at twice the digits a truly negative value clips, a tiny positive
    one settles to its digits, and an mpf 0 without a proof is an error, never a printed 0.
    """
    if eps < 0 and -eps > mpmath.mpf(10) ** (-(mpmath.mp.dps // 2)):
        return 0
    return eps


def pointwise_epsilon(method: str, alpha, r, delta) -> mpmath.mpf:
    """ε of one RDP point (α, r) at δ by ``method`` (mpmath, current precision; may be < 0)."""
    if method == "asoodeh":
        if alpha * delta >= 1:
            return _COMPILED["asoodeh-h"](alpha, r, delta)
        return min(_COMPILED["asoodeh-f"](alpha, r, delta), _COMPILED["asoodeh-g"](alpha, r, delta))
    if method == "best":
        # min(Mironov, Balle, Asoodeh) without the two terms it never needs: Balle < Mironov at every (α, r, δ)
        # (claim rdp-to-dp/balle-below-mironov) and Asoodeh's g-bound is Balle's (rdp-to-dp/asoodeh-g-is-balle).
        balle = _COMPILED["balle"](alpha, r, delta)
        if alpha * delta >= 1:
            return min(balle, _COMPILED["asoodeh-h"](alpha, r, delta))
        return min(balle, _COMPILED["asoodeh-f"](alpha, r, delta))
    return _COMPILED[method](alpha, r, delta)


# ---------------------------------------------------------------------------
# Optimisation over α.


def minimise_over_alpha(
    objective: Callable, alpha_max=None, points: int = 240, center=None, *, tolerance=None
) -> tuple:
    """min over α ∈ (1, α_max] of ``objective(α)`` (mpmath, current precision): (ε, α*).

    Works in t = log(α − 1): a scan of log-spaced orders finds the best basin,
    Brent's method (:func:`symbolic.evaluate.optimise.scan_then_refine`) refines it to the working precision.  The scan spans
    α = 1 + 1e-8 to α_max (default 1 + 1e12) and, when ``center`` (a guess of α* − 1, such
    as Mironov's exact minimiser) is given, also e^{±25} around it, with the same density
    (about five points per unit of t), so an optimum at α − 1 = 1e-9 or 1e13 is not cut off
    at the default ends.  The objective must be unimodal in the basin found (true for the
    bounds above on convex RDP curves); the result is a valid bound in any case, because
    every α gives one.  ``tolerance``: the width in t at which the refinement stops (default
    2^−(prec/2+8), the working precision's); a coarser one (a plotted curve) costs fewer steps.
    """
    t_lo = mpmath.log(mpmath.mpf("1e-8"))
    t_hi = mpmath.log((alpha_max or mpmath.mpf("1e12") + 1) - 1)
    if center is not None and center > 0:
        t_c = mpmath.log(center)
        t_lo = min(t_lo, t_c - 25)
        if alpha_max is None:
            t_hi = max(t_hi, t_c + 25)
        points = max(points, int(points * (t_hi - t_lo) / 46) + 1)
    grid = [t_lo + (t_hi - t_lo) * k / (points - 1) for k in range(points)]

    def g(t):
        value = objective(1 + mpmath.exp(t))
        return value if mpmath.isfinite(value) else mpmath.inf

    if tolerance is None:
        tolerance = mpmath.mpf(2) ** (-(mpmath.mp.prec // 2 + 8))
    t_best, v_best = scan_then_refine(g, grid, tolerance)
    return v_best, 1 + mpmath.exp(t_best)


def rdp_to_epsilon(curve, delta, method: str = "best", *, dps: int = 30, alpha_max=None) -> mpmath.mpf:
    """ε of an RDP curve at ``delta`` by ``method`` (see the module docstring), to ``dps`` digits.

    ``curve`` is either a callable α ↦ r(α) taking and returning mpmath numbers (optimised
    over continuous α ∈ (1, α_max]; it is called at the working precision, so a
    high-precision curve gives a high-precision ε), or an iterable of (α, r) pairs with
    α > 1 (exact strings/rationals, minimised over the pairs).  Raises
    :class:`HypothesisError` for δ ∉ (0, 1) or an order α ≤ 1.
    """
    from symbolic.evaluate.expressions import evaluate_to_precision, input_digits, input_magnitude

    if method not in METHODS:
        raise InputError(f"rdp_to_epsilon: method must be one of {', '.join(METHODS)}, not {method!r}")
    d = parse_exact(delta, "rdp_to_epsilon: delta")
    if not 0 < d < 1:
        raise HypothesisError("rdp_to_epsilon", DELTA_RANGE, {"delta": d})
    if callable(curve):

        def run():
            dd = mpmath.mpf(int(d.p)) / int(d.q)
            eps, _ = minimise_over_alpha(lambda x: pointwise_epsilon(method, x, curve(x), dd), alpha_max)
            return clipped_at_zero(eps)
    else:
        pairs = [
            (parse_exact(x, "rdp_to_epsilon: alpha"), parse_exact(v, "rdp_to_epsilon: rdp value")) for x, v in curve
        ]
        if not pairs:
            raise InputError("rdp_to_epsilon: the RDP curve has no (alpha, value) pairs")
        for x, _ in pairs:
            if not x > 1:
                raise HypothesisError("rdp_to_epsilon", "Rényi order α > 1", {"alpha": x})

        def run():
            dd = mpmath.mpf(int(d.p)) / int(d.q)
            mpf = lambda q: mpmath.mpf(int(q.p)) / int(q.q)  # noqa: E731
            eps = min(pointwise_epsilon(method, mpf(x), mpf(v), dd) for x, v in pairs)
            return clipped_at_zero(eps)

    # The exact inputs' digits set the first run's precision (an r of 80 digits needs 80 working
    # digits to enter whole); the pairs' magnitudes count (r is added to log(1/δ)/(α − 1)), δ's
    # does not: the STABLE forms take δ only through log δ and αδ (as rdp-linear-epsilon's
    # magnitude_free declares).
    pair_values = [] if callable(curve) else [q for pair in pairs for q in pair]
    return evaluate_to_precision(
        run, dps, f"rdp_to_epsilon[{method}]", input_digits([d, *pair_values]), input_magnitude(pair_values)
    )


# ---------------------------------------------------------------------------
# Linear curves r(α) = ρα.
rho_param = positive("rho", "slope ρ of the linear RDP curve r(α) = ρα (ρ-zCDP; μ-GDP has ρ = μ²/2)")
rho = rho_param.symbol
delta = delta_param.symbol

_BALLE = "Balle, Barthe, Gaboardi, Hsu & Sato 2020, Thm 21; Canonne, Kamath & Steinke 2020, Prop. 12"
_ASOODEH = "Asoodeh, Liao, Calmon, Kosut & Sankar 2021 (arXiv 2008.06529), Lemma 1"
_MIRONOV = "Mironov 2017 (Rényi differential privacy), Prop. 3"


_alpha_star = 1 + sp.sqrt(sp.log(1 / delta) / rho)
mironov_closed = 2 * sp.sqrt(rho * sp.log(1 / delta)) + rho

mironov_linear_epsilon = toolkit.add(
    Formula(
        toolkit.id("rdp-linear-epsilon-mironov"),
        mironov_closed,
        [rho_param, delta_param],
        toolkit.source("Prop. 3 minimised over α for r(α) = ρα", (), "derived", _MIRONOV),
        hypotheses=[delta_lt_1],
        title="min_α ρα + log(1/δ)/(α − 1) = ρ + 2√(ρ log(1/δ))",
    )
)


#: ``mironov_closed`` compiled for the working precision of :func:`_linear_epsilon`'s precision loop.
_MIRONOV_CLOSED = lambdify_mpmath((rho, delta), mironov_closed)


def _linear_epsilon(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """min over α > 1 of the chosen conversion at r(α) = ρα: Mironov's through its proved closed
    form, the others by a staged log-scan plus Brent's method at the working precision."""
    r_, d_ = (mpmath.mpf(int(values[n].p)) / int(values[n].q) for n in ("rho", "delta"))
    if values["method"] == "mironov":
        # At the working precision of this run (a nested Formula.evaluate at dps = the working digits was
        # refused beyond 4000 digits: ρ = 1e1000 needs 4026 in the precision loop's last run).
        return _MIRONOV_CLOSED(r_, d_)
    # Mironov's exact minimiser α* − 1 = √(log(1/δ)/ρ) centres the scan: the other bounds'
    # minimisers are near it, wherever it lies in α > 1 (1e-9 at ρ = 1e16, δ = 0.99; 1e13 at
    # ρ = 1e-23, δ = 1e-300).
    ell = -mpmath.log(d_)
    center = mpmath.sqrt(ell / r_)
    # Abscissa tolerance in t = log(α − 1).  Near the minimum every bound is ρ + ρe^t + ℓe^{−t} + O(1 + |t|e^t),
    # with curvature g'' ≈ 2√(ρℓ) (Mironov's at t*; within a factor e over the unit bracket Brent searches) and
    # value g ≥ ρ, so an abscissa error Δt costs ½g''Δt² ≲ e√(ρℓ)Δt² of the value.  Brent's default 2^−(prec/2+8)
    # keeps that below g·2^−(prec+16) where g'' ≲ g; at ρ ≫ ℓ the minimum is flatter than its value by √(ρ/ℓ)
    # (1e500 at ρ = 1e1000), Brent's parabolic steps cannot resolve an abscissa that fine (the values agree to
    # the working precision there) and golden-section steps closed the bracket at ~1.44 per bit: 1837
    # evaluations at 3405 bits for ρ = 1e1000, 270 at 1026 bits for ρ = 1e200.  Δt = 2^−(prec/2+1)(ρ/ℓ)^{1/4}
    # costs e√(ρℓ)Δt² = e·ρ·2^−(prec+2) < g·2^−prec: below the working precision, whose last 15 + magnitude
    # digits the precision loop never prints.
    flat = max(mpmath.mpf(1), 2**7 * mpmath.sqrt(mpmath.sqrt(r_ / ell)))
    # ρ/ℓ ≥ 1e38 and √(ρℓ) ≥ 1e6: every bound's minimiser lies within e^{±4} of α* − 1 (see _linear_minimum).
    near = center < mpmath.mpf("1e-19") and r_ * ell >= 10**12
    eps = _linear_minimum(lambda x: pointwise_epsilon(values["method"], x, r_ * x, d_), center, flat, near)
    if values["method"] == "best":  # Mironov's minimum over α is exact in closed form: never above it
        eps = min(eps, r_ + 2 * mpmath.sqrt(-r_ * mpmath.log(d_)))
    if values["method"] in ("asoodeh", "best"):
        # Asoodeh's h-bound ρα + log(1 − δ) holds for αδ ≥ 1 and increases in α: its infimum is
        # at α = 1/δ, a kink of the objective that a grid only approaches.
        eps = min(eps, r_ / d_ + mpmath.log1p(-d_))
    return clipped_at_zero(eps)


def _linear_minimum(objective: Callable, center, flat=1, near=False) -> mpmath.mpf:
    """min over α > 1 of ``objective`` for a linear curve, over the span of
    :func:`minimise_over_alpha` (α − 1 from 1e-8 to 1e12 and e^{±25} around ``center``, Mironov's
    α* − 1).  In t = log(α − 1) a scan at one point per 4 units finds the best basin, a scan at
    one point per unit between its neighbours narrows it, and Brent's method refines between the
    best point's neighbours (the bounds change by a factor ~e per unit of t and each has one basin
    near α*; the h-bound's kink at α = 1/δ is added by the caller).  About 100 evaluations at
    α* ≈ 1e151 where the five points per unit of :func:`minimise_over_alpha`'s scan are 2000 at 750 digits
    (and its refinement was then 1800 golden-section steps).  Brent's abscissa tolerance is 2^−(prec/2+8) times ``flat`` (≥ 1:
    the factor by which the minimum is flatter than its value allows a coarser abscissa, see the caller).

    ``near`` (the caller's ρ/ℓ ≥ 1e38 and √(ρℓ) ≥ 1e6, ℓ = log(1/δ)): only t* ± 4 is scanned, at one point per
    unit.  With t* = log(α* − 1) and s = t − t*, Mironov's bound is M = ρ + 2√(ρℓ) cosh s; Balle's is
    M + t − log(1 + e^t)(1 + e^{−t}) ∈ [M + t − e^t − 1, M + t]; Asoodeh's f-bound is M − log(1 + e^t)e^{−t} +
    log(1 − e^{−x})e^{−t} ∈ [M − 1 − 2e^{−x−t}, M] with x ≥ ρe^t ≥ e^{−25}√(ρℓ); within |s| ≤ 25 (the span
    above, where e^t < 1e-8) each is M up to terms varying by less than 60, while M at |s| ≥ 4 exceeds its
    minimum by 2√(ρℓ)(cosh 4 − 1) > 5e7: no bound's minimum lies there."""
    t_lo = min(mpmath.log(mpmath.mpf("1e-8")), mpmath.log(center) - 25)
    t_hi = max(mpmath.log(mpmath.mpf("1e12")), mpmath.log(center) + 25)
    if mpmath.log(center) + 25 < mpmath.log(mpmath.mpf("1e-8")):
        # ρ ≳ 1e38: at α − 1 = t ≥ e^25 √(log(1/δ)/ρ) every bound is ≥ ρ + ρt − O(log(1/t)) with ρt ≥ e^25 √(ρ log(1/δ)),
        # far above Mironov's minimum ρ + 2√(ρ log(1/δ)): the scan keeps to e^{±25} around α* − 1 (at ρ = 1e1000 the
        # 300-point scan up to α = 1e12 ran at the magnitude rule's 10000 bits: 87 s for balle).
        t_hi = mpmath.log(center) + 25
    ln2 = mpmath.ln(2)

    def g(t):
        # α = 1 + e^t keeps e^t whole only with −t/log 2 more bits than the working precision: below
        # e^t = 2^(−prec/2) the order is formed (and the bound evaluated) with them, else α − 1 loses
        # digits and at e^t < 2^−prec it is 0 (ρ = 1e300, δ = 1e-5: α* − 1 ≈ 3.4e-150, and the scan's
        # e^−25 margin below it divided by zero at 47 digits).
        lost = int(-t / ln2) if t < 0 else 0
        if lost > mpmath.mp.prec // 2:
            with mpmath.workprec(mpmath.mp.prec + lost):
                value = objective(1 + mpmath.exp(t))
            value = +value
        else:
            value = objective(1 + mpmath.exp(t))
        return value if mpmath.isfinite(value) else mpmath.inf

    def best_bracket(lo, hi, step):
        count = int((hi - lo) / step) + 2
        grid = [lo + (hi - lo) * k / (count - 1) for k in range(count)]
        values = [g(t) for t in grid]
        k = min(range(count), key=lambda i: values[i])
        return grid[max(k - 1, 0)], grid[min(k + 1, count - 1)], values[k]

    if near:  # the grid t* + k, k = −4 … 4
        lo, hi, v_grid = best_bracket(mpmath.log(center) - 4, mpmath.log(center) + 4, 1.1)
    else:
        lo, hi, _ = best_bracket(t_lo, t_hi, 4)
        lo, hi, v_grid = best_bracket(lo, hi, 1)
    _, v_best = brent_min(g, lo, hi, flat * mpmath.mpf(2) ** (-(mpmath.mp.prec // 2 + 8)))
    return min(v_best, v_grid)


method_param = choice(
    "method",
    METHODS,
    "RDP → (ε, δ) conversion: mironov (Prop. 3), balle (Thm 21 / CKS Prop. 12), asoodeh (Lemma 1), "
    "best (the smallest of the three)",
    default="best",
)
rdp_linear_epsilon = toolkit.add(
    Formula(
        toolkit.id("rdp-linear-epsilon"),
        sp.Function("varepsilon_RDP")(rho, delta),
        [rho_param, delta_param, method_param],
        toolkit.source(
            "RDP → (ε, δ) for r(α) = ρα, minimised over continuous α",
            (),
            "derived",
            f"{_MIRONOV}; {_BALLE}; {_ASOODEH}",
        ),
        hypotheses=[delta_lt_1],
        title="min_α ε_method(α, ρα, δ); method ∈ {mironov, balle, asoodeh, best}",
        evaluator=_linear_epsilon,
        # δ enters _linear_epsilon only through log δ and products αδ (the STABLE forms).
        magnitude_free=("delta",),
    )
)


# ---------------------------------------------------------------------------
# Claims.
_src = lambda label, note: toolkit.source(label, (), "derived", note)  # noqa: E731
_mir = mironov_bound(1 + a, rho * (1 + a), delta)
_ell = sp.Symbol("ell", positive=True)  # ℓ = log(1/δ) > 0 for 0 < δ < 1

toolkit.add(
    Identity(
        toolkit.id("rdp-linear-epsilon-mironov/stationary"),
        lhs=sp.diff(_mir, a).subs(a, _alpha_star - 1),
        rhs=0,
        statement="d/dα [ρα + log(1/δ)/(α − 1)] = 0 at α* = 1 + √(log(1/δ)/ρ)",
        source=_src("Prop. 3 minimised over α", _MIRONOV),
        covers=[mironov_linear_epsilon.id],
    )
)
toolkit.add(
    Inequality(
        toolkit.id("rdp-linear-epsilon-mironov/convex"),
        sp.diff(_mir.subs(delta, sp.exp(-_ell)), a, 2),
        ">",
        0,
        "d²/dα² [ρα + log(1/δ)/(α − 1)] = 2 log(1/δ)/(α − 1)³ > 0 for 0 < δ < 1 (δ = e^{−ℓ}, ℓ > 0): "
        "α* is the global minimum",
        _src("Prop. 3 minimised over α", _MIRONOV),
        certificate=2 * _ell / a**3,
        covers=[mironov_linear_epsilon.id],
    )
)
toolkit.add(
    Identity(
        toolkit.id("rdp-linear-epsilon-mironov/closed-form"),
        lhs=_mir.subs(a, _alpha_star - 1),
        rhs=mironov_closed,
        statement="ρα* + log(1/δ)/(α* − 1) = ρ + 2√(ρ log(1/δ)) (the Mironov closed form)",
        source=_src("Prop. 3 minimised over α", _MIRONOV),
        where=[delta < 1],
        covers=[mironov_linear_epsilon.id],
    )
)
toolkit.add(
    Identity(
        toolkit.id("rdp-to-dp/asoodeh-g-is-balle"),
        lhs=asoodeh_g_bound(1 + a, r_sym, d_sym),
        rhs=balle_bound(1 + a, r_sym, d_sym),
        statement="the g-bound of Asoodeh et al. Lemma 1 equals the Balle et al. / CKS bound at every (α, r, δ)",
        source=_src("Lemma 1 (g) vs Thm 21", f"{_ASOODEH}; {_BALLE}"),
    )
)
toolkit.add(
    Inequality(
        toolkit.id("rdp-to-dp/balle-below-mironov"),
        balle_bound(1 + a, r_sym, d_sym),
        "<",
        mironov_bound(1 + a, r_sym, d_sym),
        "Balle/CKS < Mironov at every (α, r, δ): the difference log(α/(α−1)) + log(α)/(α−1) is > 0",
        _src("Thm 21 vs Prop. 3", f"{_BALLE}; {_MIRONOV}"),
        certificate=sp.log(1 + 1 / a) + sp.log(1 + a) / a,
    )
)


# Validity and ordering of the optimised conversions, on GDP curves r(α) = αμ²/2 (ρ = μ²/2),
# against the exact privacy profile δ_μ(ε).  Sampled in μ so that ρ = μ²/2 is exact.
def _rho_of(v):
    return v["mu"] ** 2 / 2


def _linear(method):
    """ε_method on the GDP curve with parameter v["mu"], at v["delta"] (mpmath inputs)."""

    def value(v):
        r_, d_ = _rho_of(v), v["delta"]
        eps, _ = minimise_over_alpha(lambda x: pointwise_epsilon(method, x, r_ * x, d_))
        return max(eps, mpmath.mpf(0))

    return value


_delta_fn = lambdify_mpmath(
    (sp.Symbol("mu"), sp.Symbol("eps")),
    gdp_delta.evaluation_expr.xreplace(
        {gdp_delta.symbol("mu"): sp.Symbol("mu"), gdp_delta.symbol("eps"): sp.Symbol("eps")}
    ),
)
_mu_s = sp.Symbol("mu", positive=True)
_delta_s = sp.Symbol("delta", positive=True)
_SAMPLE = dict(
    symbols=[_mu_s, _delta_s],
    where=[_delta_s < sp.Rational(1, 2)],
    hints=[
        {"mu": 1, "delta": sp.Rational(1, 10**5)},
        {"mu": 10, "delta": sp.Rational(1, 10**5)},
        {"mu": sp.Rational(1, 10), "delta": sp.Rational(1, 10**3)},
        {"mu": 2, "delta": sp.Rational(1, 10**50)},
        {"mu": 37, "delta": sp.Rational(1, 10**5)},
    ],
    samples=8,
    digits=25,
)
for _m in METHODS:
    _f = _linear(_m)
    toolkit.add(
        SampledInequality(
            toolkit.id(f"rdp-linear-epsilon/valid-{_m}"),
            (lambda f: lambda v: _delta_fn(v["mu"], f(v)))(_f),
            "<=",
            lambda v: v["delta"],
            f"the {_m} conversion is valid on GDP curves: the exact δ_μ at ε_{_m}(ρ = μ²/2, δ) is ≤ δ "
            "(so ε_{_m} is never below the exact ε_μ(δ))",
            _src(
                "validity of RDP → (ε, δ) on a GDP curve",
                {"mironov": _MIRONOV, "balle": _BALLE, "asoodeh": _ASOODEH}.get(_m, "best of the three"),
            ),
            covers=[rdp_linear_epsilon.id, gdp_delta.id] + ([mironov_linear_epsilon.id] if _m == "mironov" else []),
            **_SAMPLE,
        )
    )
_ORDER = [("asoodeh", "balle"), ("balle", "mironov"), ("best", "asoodeh")]
for _lo, _hi in _ORDER:
    toolkit.add(
        SampledInequality(
            toolkit.id(f"rdp-linear-epsilon/{_lo}-le-{_hi}"),
            _linear(_lo),
            "<=",
            _linear(_hi),
            f"ε_{_lo}(ρ, δ) ≤ ε_{_hi}(ρ, δ) after optimising over α (ρ = μ²/2)",
            _src("ordering of the conversions", f"{_MIRONOV}; {_BALLE}; {_ASOODEH}"),
            covers=[rdp_linear_epsilon.id],
            **_SAMPLE,
        )
    )
