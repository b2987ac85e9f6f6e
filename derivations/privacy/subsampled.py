"""Subsampled Gaussian tradeoff function C_p(G_μ) (Dong, Roth & Su 2022, §4.1 (subsampling);
Bok, Su & Altschuler, App. C).

For a symmetric tradeoff function f and a sampling probability p, f_p = p f + (1 − p) Id with
Id(x) = 1 − x, and C_p(f) = min{f_p, f_p⁻¹}** (the convex hull of the two).  For f = G_μ the
fixed point is x* = Φ(−μ/2) (G_μ(x*) = x*, G_μ'(x*) = −1) and the hull has three pieces:

    C_p(G_μ)(x) = f_p(x)                       for 0 ≤ x ≤ x*,
                  x* + f_p(x*) − x             for x* ≤ x ≤ f_p(x*),
                  f_p⁻¹(x)                     for f_p(x*) ≤ x ≤ 1.

``privacy/subsampled-gdp-tradeoff`` (p, mu, x) evaluates it; the last piece solves
f_p(y) = x by :func:`symbolic.solve_monotone` at the working precision (f_p is strictly decreasing).  The claims
prove the structure (fixed point, slope −1 there, the middle piece is its own inverse and
joins the outer pieces) and check the symmetry C_p(f)⁻¹ = C_p(f) numerically.

Composition of T such tradeoff functions (DP-SGD with Poisson sampling, μ = 1/σ) has no
closed form; :func:`compose_subsampled_gaussian` delegates it to an established numerical
accountant (dp-accounting's PLD accountant or prv-accountant, the ``peers`` extra) — see
:mod:`derivations.privacy.peers`.
"""

from __future__ import annotations

from typing import Mapping

import mpmath
import sympy as sp

from symbolic import mpf_to_rational, solve_monotone
from symbolic.claims import Identity
from symbolic.formula import Formula
from symbolic.hypotheses import Hypothesis
from symbolic.evaluate.expressions import lambdify_mpmath
from symbolic.params import nonnegative
from . import toolkit
from .gaussian import normal_cdf, normal_quantile_upper, q_inverse
from .gdp import DRS, mu_param, x_param
from symbolic.claims.numeric import NumericIdentity

p_param = nonnegative("p", "sampling probability p ∈ [0, 1]")
p, mu, x = p_param.symbol, mu_param.symbol, x_param.symbol

G = normal_cdf(normal_quantile_upper(x) - mu)  # G_μ(x)
f_p = p * G + (1 - p) * (1 - x)  # p G_μ + (1 − p) Id
x_star = (1 - sp.erf(mu / (2 * sp.sqrt(2)))) / 2  # Φ(−μ/2), written so erfinv(erf(·)) simplifies
f_p_star = f_p.subs(x, x_star)
middle = x_star + f_p_star - x

_SRC = toolkit.source("§4.1: C_p(G_μ), three-piece form", (), "derived", DRS + "; Bok, Su & Altschuler, App. C")

_x_star = lambdify_mpmath((mu,), sp.erfc(mu / (2 * sp.sqrt(2))) / 2)  # Φ(−μ/2), never 1 − erf


def _f_p(pv, mv, xv):
    """f_p(x) = p G_μ(x) + (1 − p)(1 − x) with G_μ(x) = Φ(Q⁻¹(x) − μ) through the stable
    Q⁻¹ (:func:`~derivations.privacy.gaussian.q_inverse`) and Φ's erfc form."""
    if xv <= 0:
        return mpmath.mpf(1)
    if xv >= 1:
        return 0  # f_p(1) = 0 exactly (G_μ(1) = 0)
    g = mpmath.erfc((mv - q_inverse(xv)) / mpmath.sqrt(2)) / 2
    return pv * g + (1 - pv) * (1 - xv)


def _inverse_f_p(pv, mv, target):
    """f_p⁻¹(target) on [0, 1] (f_p decreases from f_p(0) = 1 to f_p(1) = 0) by the engine's one
    inversion routine, :func:`symbolic.solve_monotone`: from the bracket [0, 1] it locates the root's
    scale by halving/squaring first, so a root at 1e-350 costs a few dozen steps, not one per bit, and
    refines it to the working precision relative to the root."""
    if target >= 1:
        return 0  # f_p⁻¹(1) = 0 exactly (f_p(0) = 1): C_p(G_μ)(1) = 0
    if target <= 0:
        return mpmath.mpf(1)
    return solve_monotone(
        lambda v: _f_p(pv, mv, v), target, lower=0, upper=1, increasing=False, name="privacy/subsampled-gdp-tradeoff"
    )


def subsampled_tradeoff_value(pv, mv, xv) -> mpmath.mpf:
    """C_p(G_μ)(x) at mpmath inputs (current precision)."""
    if pv == 0:
        return 1 - xv  # f_0 = Id (1 − x), symmetric and convex: C_0(G_μ) = Id
    xs = _x_star(mv)
    # f_p(x*) = p G_μ(x*) + (1 − p)(1 − x*) with G_μ(x*) = Φ(Q⁻¹(Φ(−μ/2)) − μ) = Φ(−μ/2) = x*: no Q⁻¹ of x*
    # (at μ = 2.5e300, x* ≈ e^{−7.8e599} and Q⁻¹'s Newton steps overflowed mpmath's erfc).
    fs = pv * xs + (1 - pv) * (1 - xs) if xs > 0 else _f_p(pv, mv, xs)
    if xv <= xs:
        return _f_p(pv, mv, xv) if xv > 0 else mpmath.mpf(1)
    if xv <= fs:
        return xs + fs - xv
    return _inverse_f_p(pv, mv, xv)


def _evaluator(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    pv, mv, xv = (mpmath.mpf(int(values[n].p)) / int(values[n].q) for n in ("p", "mu", "x"))
    return subsampled_tradeoff_value(pv, mv, xv)


_F_P_INV = sp.Function("f_p_inverse")
subsampled_gdp_tradeoff = toolkit.add(
    Formula(
        toolkit.id("subsampled-gdp-tradeoff"),
        sp.Piecewise((f_p, x <= x_star), (middle, x <= f_p_star), (_F_P_INV(p, mu, x), True)),
        [p_param, mu_param, x_param],
        _SRC,
        hypotheses=[Hypothesis(sp.Symbol("p") <= 1, "0 ≤ p ≤ 1"), Hypothesis(sp.Symbol("x") <= 1, "0 ≤ x ≤ 1")],
        title="C_p(G_μ) = f_p on [0, x*], x* + f_p(x*) − x on [x*, f_p(x*)], f_p⁻¹ on [f_p(x*), 1]",
        evaluator=_evaluator,
    )
)

# ---------------------------------------------------------------------------
toolkit.add(
    Identity(
        toolkit.id("subsampled-gdp-tradeoff/fixed-point"),
        lhs=G.subs(x, x_star),
        rhs=x_star,
        statement="x* = Φ(−μ/2) is the fixed point of G_μ: G_μ(x*) = x*",
        source=_SRC,
        covers=[subsampled_gdp_tradeoff.id],
    )
)
toolkit.add(
    Identity(
        toolkit.id("subsampled-gdp-tradeoff/slope-at-fixed-point"),
        lhs=sp.diff(f_p, x).subs(x, x_star),
        rhs=-1,
        statement="f_p'(x*) = p G_μ'(x*) − (1 − p) = −1: the slope-(−1) segment of the hull touches f_p at x*",
        source=_SRC,
        covers=[subsampled_gdp_tradeoff.id],
    )
)
toolkit.add(
    Identity(
        toolkit.id("subsampled-gdp-tradeoff/middle-piece-self-inverse"),
        lhs=middle.subs(x, middle),
        rhs=x,
        statement="the middle piece L(x) = x* + f_p(x*) − x satisfies L(L(x)) = x and L(x*) = f_p(x*): it is "
        "symmetric and joins the first piece at x* and the third at f_p(x*)",
        source=_SRC,
        covers=[subsampled_gdp_tradeoff.id],
    )
)


def _twice(v):
    """C(C(x)) through the public evaluator (with its precision escalation), exact in between."""

    def _exact(x):
        return mpf_to_rational(mpmath.mpf(x))

    dps = mpmath.mp.dps
    args = {n: _exact(v[n]) for n in ("p", "mu")}
    once = subsampled_gdp_tradeoff.evaluate(dps=dps, x=_exact(v["x"]), **args)
    return subsampled_gdp_tradeoff.evaluate(dps=dps, x=_exact(once), **args)


_ps, _ms, _xs = sp.Symbol("p", positive=True), sp.Symbol("mu", positive=True), sp.Symbol("x", positive=True)
toolkit.add(
    NumericIdentity(
        toolkit.id("subsampled-gdp-tradeoff/symmetric"),
        _twice,
        lambda v: v["x"],
        "C_p(G_μ) is symmetric: C_p(G_μ)(C_p(G_μ)(x)) = x (checked on each of the three pieces)",
        _SRC,
        symbols=[_ps, _ms, _xs],
        where=[_ps <= 1, _xs < 1],
        hints=[
            {"p": sp.Rational(1, 10), "mu": 1, "x": sp.Rational(1, 100)},
            {"p": sp.Rational(1, 2), "mu": 2, "x": sp.Rational(3, 10)},
            {"p": sp.Rational(1, 2), "mu": 2, "x": sp.Rational(9, 10)},
        ],
        samples=6,
        digits=30,
        covers=[subsampled_gdp_tradeoff.id],
    )
)


def compose_subsampled_gaussian(p, sigma, steps, delta, *, accountant: str = "pld", **options) -> float:
    """ε at ``delta`` of ``steps`` compositions of C_p(G_{1/σ}) (Poisson-subsampled Gaussian, DP-SGD).

    Numerical composition by an established accountant (float64, *not* our precision):
    ``accountant="pld"`` uses dp-accounting's ``PLDAccountant`` (Poisson-sampled Gaussian
    event, add-or-remove adjacency, pessimistic discretisation; ``options`` go to the
    accountant, e.g. ``value_discretization_interval``); ``"prv"`` uses prv-accountant's
    ``PRVAccountant`` and returns its upper estimate.  Requires the ``peers`` extra.
    """
    from . import peers

    return peers.compose_poisson_gaussian(p, sigma, steps, delta, accountant=accountant, **options)
