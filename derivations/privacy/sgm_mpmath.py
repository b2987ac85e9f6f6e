"""mpmath fallback for ``privacy/sgm-epsilon`` (no enclosure), used only where the certified
enclosure of :mod:`.sgm_accounting` cannot reach the requested accuracy (e.g. optimal orders α in
the hundreds).  This is the package's previous algorithm: the best integer order 2 … 256 (binomial
sums) brackets the optimum, a secant iteration on dε/dα (exact derivative of the pointwise bound,
quadrature for d log A_α/dα) locates it at half the working precision, and ε is evaluated at that
order at full precision (every α gives a valid bound; the optimum is stationary in α).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import mpmath
import sympy as sp

from symbolic.errors import EvaluationError
from symbolic.evaluate.expressions import lambdify_mpmath

from .rdp_conversion import POINTWISE, clipped_at_zero
from .sgm_moments import (
    INTEGRAND_SYMBOLS,
    a_integrand,
    alpha,
    binomial_term,
    integrand_forward,
    moment_quadrature,
    to_mpf,
)

MAX_INTEGER_ORDER = 256


@cache
def _integrand_dfwd():
    return lambdify_mpmath(INTEGRAND_SYMBOLS, sp.diff(a_integrand(alpha), alpha))


@cache
def _parts(bound: str):
    A_, R_, D_ = sp.symbols("alpha r delta")
    expr = POINTWISE[bound](A_, R_, D_)
    return (
        lambdify_mpmath((A_, R_, D_), expr),
        lambdify_mpmath((A_, R_, D_), sp.diff(expr, A_)),
        lambdify_mpmath((A_, R_, D_), sp.diff(expr, R_)),
    )


def _log_moment_and_derivative(qv, sv, av):
    """(log A_α, d/dα log A_α) by quadrature (A'_α = ∫ μ₀ ratio^α log ratio dz)."""
    a_val = moment_quadrature(integrand_forward, qv, sv, av)
    dfwd = _integrand_dfwd()
    pts = sorted({mpmath.mpf(0), mpmath.mpf(1) / 2, av, 1 - av})
    da = mpmath.quad(lambda t: dfwd(qv, sv, av, t), [-mpmath.inf, *pts, mpmath.inf], maxdegree=10)
    return mpmath.log(a_val), da / a_val


def _optimal_order(qv, sv, Tv, dv, bound):
    """α* minimising ``bound`` on T·sgm-rdp: best integer order, then secant on dε/dα (or None)."""
    p, p_a, p_r = _parts(bound)

    def at_integer(n):
        a_val = mpmath.fsum(binomial_term(qv, sv, mpmath.mpf(n), mpmath.mpf(j)) for j in range(n + 1))
        return p(mpmath.mpf(n), Tv * mpmath.log(a_val) / (n - 1), dv)

    if bound == "asoodeh-f" and qv * qv * mpmath.expm1(1 / (sv * sv)) < mpmath.mpf(2) ** (16 - mpmath.mp.prec):
        # A_2 − 1 = q²(e^{1/σ²} − 1) (the binomial sum's k = 2 term; the others are smaller) vanishes at this
        # precision: every order's moment rounds to 1, the f-bound to its R = 0 value, and its slope to noise
        # (q = 3e-60, σ = 1: 40 secant steps of quadratures, 10 CPU s, before refusing).
        raise EvaluationError(
            f"privacy/sgm-epsilon: the mpmath fallback cannot resolve the RDP curve for the asoodeh-f bound: "
            f"A_2 − 1 = q²(e^(1/σ²) − 1) ≈ {mpmath.nstr(qv * qv * mpmath.expm1(1 / (sv * sv)), 3)} is below its "
            f"search's working precision ({mpmath.mp.dps} digits); not supported"
        )
    values = {}
    passed = False  # the scan reached the end of the bound's region or went far past its minimum
    for n in range(2, MAX_INTEGER_ORDER + 1):
        if bound == "asoodeh-f" and n * dv >= 1:  # the f-bound needs αδ < 1
            passed = True
            break
        values[n] = at_integer(n)
        if n > 8 and values[n] > 2 * min(values.values()) + 1:  # far past the (unimodal) minimum
            passed = True
            break
    if not values:
        return None
    n_best = min(values, key=values.get)
    if not passed and n_best == max(values):
        # Still decreasing at the last order searched: the infimum lies beyond α = MAX_INTEGER_ORDER, and the
        # value at that order is a valid bound but not ε (q = 1e-4, σ = 20, T = 1e4, δ = 1e-5: 0.0452 at α = 256,
        # while ε ≈ 0.0025 at α ≈ 7400).  Refuse rather than print it.
        raise EvaluationError(
            f"privacy/sgm-epsilon: the mpmath fallback searches orders α ≤ {MAX_INTEGER_ORDER}, and the {bound} "
            f"bound still decreases at α = {MAX_INTEGER_ORDER} (its optimal order is larger); not supported"
        )

    def slope(av):
        log_a, dlog_a = _log_moment_and_derivative(qv, sv, av)
        r_val = Tv * log_a / (av - 1)
        dr = Tv * (dlog_a / (av - 1) - log_a / (av - 1) ** 2)
        return p_a(av, r_val, dv) + p_r(av, r_val, dv) * dr

    lo = max(mpmath.mpf(n_best) - 1, 1 + mpmath.mpf(1) / 64)
    hi = mpmath.mpf(n_best) + 1
    if bound == "asoodeh-f":
        hi = min(hi, (1 - mpmath.mpf(2) ** -10) / dv)

    def refuse(why):
        # The bound at n_best is valid but is not ε (the infimum lies between the neighbouring orders): before, the
        # secant's failure returned it, and two precisions agreed on that upper bound (q = 1e-5, σ = 1, T = 1000,
        # δ = 1e-5, best: 0.0079321… at α = 21 after ~1 CPU minute of quadratures at α ≈ 74.6, where the
        # secant jumped out of the steep part of the RDP curve).
        raise EvaluationError(
            f"privacy/sgm-epsilon: the mpmath fallback's secant on dε/dα for the {bound} bound {why} around the best "
            f"integer order {n_best} (the RDP curve is steep there); not supported"
        )

    # Secant iterations on the slope, kept inside (n_best − 1, n_best + 1): a step out of it is refused before the
    # quadrature at the new order is computed.
    tol = mpmath.mpf(2) ** (-mpmath.mp.prec + 8)
    try:
        x0, x1 = mpmath.mpf(n_best) - mpmath.mpf(1) / 4, mpmath.mpf(n_best)
        s0, s1 = slope(x0), slope(x1)
        for _ in range(40):
            if s1 == s0:
                break
            x2 = x1 - s1 * (x1 - x0) / (s1 - s0)
            if not lo <= x2 <= hi:
                refuse(f"left ({mpmath.nstr(lo, 6)}, {mpmath.nstr(hi, 6)})")
            x0, s0, x1 = x1, s1, x2
            s1 = slope(x1)
            if abs(x1 - x0) <= tol * abs(x1):
                return x1
    except (ValueError, ZeroDivisionError) as exc:
        refuse(f"failed ({exc})")
    refuse("did not converge in 40 steps")


def mpmath_epsilon(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """ε_method at checked exact ``values`` (q, sigma, steps, delta, method), mpmath, no enclosure."""
    if values["q"] == 0:
        return 0  # q = 0: RDP 0 at every order, so ε = 0 exactly (the clip ε ≥ 0 at the infimum)
    # Mironov's bound is above Balle's everywhere (claim privacy/rdp-to-dp/balle-below-mironov), and the
    # h-bound of 'asoodeh' only applies for α ≥ 1/δ (beyond the integer orders searched here).
    bounds = {
        "mironov": ["mironov"],
        "balle": ["balle"],
        "asoodeh": ["asoodeh-f", "balle"],
        "best": ["asoodeh-f", "balle"],  # the f-bound first: where its secant refuses, before Balle's quadratures
    }[values["method"]]
    exact = [values[n] for n in ("q", "sigma", "steps", "delta")]
    with mpmath.workdps(dps // 2 + 12):
        qv, sv, Tv, dv = (to_mpf(v) for v in exact)
        orders = {b: _optimal_order(qv, sv, Tv, dv, b) for b in bounds}
    qw, sw, Tw, dw = (to_mpf(v) for v in exact)
    best = mpmath.inf
    for b, a_star in orders.items():
        if a_star is None:
            continue
        if a_star == int(a_star):
            n = int(a_star)
            a_val = mpmath.fsum(binomial_term(qw, sw, mpmath.mpf(n), mpmath.mpf(j)) for j in range(n + 1))
        else:
            a_val = moment_quadrature(integrand_forward, qw, sw, a_star)
        best = min(best, _parts(b)[0](a_star, Tw * mpmath.log(a_val) / (a_star - 1), dw))
    return clipped_at_zero(best)
