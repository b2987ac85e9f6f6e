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
from symbolic.numeric import lambdify_mpmath

from .rdp_conversion import POINTWISE, clipped_at_zero
from .sgm import _integrand_fwd, _mp, _syms, _term, a_integrand, alpha, moment_quadrature

MAX_INTEGER_ORDER = 256


@cache
def _integrand_dfwd():
    return lambdify_mpmath(_syms, sp.diff(a_integrand(alpha), alpha))


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
    a_val = moment_quadrature(_integrand_fwd, qv, sv, av)
    dfwd = _integrand_dfwd()
    pts = sorted({mpmath.mpf(0), mpmath.mpf(1) / 2, av, 1 - av})
    da = mpmath.quad(lambda t: dfwd(qv, sv, av, t), [-mpmath.inf, *pts, mpmath.inf], maxdegree=10)
    return mpmath.log(a_val), da / a_val


def _optimal_order(qv, sv, Tv, dv, bound):
    """α* minimising ``bound`` on T·sgm-rdp: best integer order, then secant on dε/dα (or None)."""
    p, p_a, p_r = _parts(bound)

    def at_integer(n):
        a_val = mpmath.fsum(_term(qv, sv, mpmath.mpf(n), mpmath.mpf(j)) for j in range(n + 1))
        return p(mpmath.mpf(n), Tv * mpmath.log(a_val) / (n - 1), dv)

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
    try:
        a_star = mpmath.findroot(
            slope,
            (mpmath.mpf(n_best) - mpmath.mpf(1) / 4, mpmath.mpf(n_best)),
            solver="secant",
            tol=mpmath.mpf(2) ** (-mpmath.mp.prec + 8),
        )
    except (ValueError, ZeroDivisionError, EvaluationError):
        return mpmath.mpf(n_best)
    if not (lo <= a_star <= hi) or (bound == "asoodeh-f" and a_star * dv >= 1):
        return mpmath.mpf(n_best)
    return a_star


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
        "best": ["balle", "asoodeh-f"],
    }[values["method"]]
    exact = [values[n] for n in ("q", "sigma", "steps", "delta")]
    with mpmath.workdps(dps // 2 + 12):
        qv, sv, Tv, dv = (_mp(v) for v in exact)
        orders = {b: _optimal_order(qv, sv, Tv, dv, b) for b in bounds}
    qw, sw, Tw, dw = (_mp(v) for v in exact)
    best = mpmath.inf
    for b, a_star in orders.items():
        if a_star is None:
            continue
        if a_star == int(a_star):
            n = int(a_star)
            a_val = mpmath.fsum(_term(qw, sw, mpmath.mpf(n), mpmath.mpf(j)) for j in range(n + 1))
        else:
            a_val = moment_quadrature(_integrand_fwd, qw, sw, a_star)
        best = min(best, _parts(b)[0](a_star, Tw * mpmath.log(a_val) / (a_star - 1), dw))
    return clipped_at_zero(best)
