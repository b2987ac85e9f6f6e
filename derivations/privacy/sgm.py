"""Rényi DP of the sampled Gaussian mechanism (Poisson subsampling).

Mironov, Talwar & Zhang 2019, "Rényi differential privacy of the sampled Gaussian
mechanism" (arXiv 1908.10530), §3: with μ₀ = N(0, σ²), μ₁ = N(1, σ²) (sensitivity 1, noise
multiplier σ) and the mixture μ = (1 − q) μ₀ + q μ₁,

* ``privacy/sgm-rdp`` (q, sigma, alpha) = D_α(μ ‖ μ₀) = log A_α / (α − 1),
  A_α = E_{z∼μ₀}[(μ(z)/μ₀(z))^α] = ∫ μ₀ (1 − q + q e^{(2z − 1)/(2σ²)})^α dz.
  For integer α (§3.2) A_α = Σ_k C(α, k) (1 − q)^{α−k} q^k e^{(k² − k)/(2σ²)} (positive terms,
  no cancellation); for fractional α the defining integral is computed by tanh-sinh
  quadrature, split at z = 0, 1/2 and at the peak z ≈ α, with mpmath's error estimate
  required below the working precision and the whole evaluation repeated at rising
  precision until two runs agree (so the returned digits are controlled, not hoped for).
* ``privacy/sgm-rdp-reverse`` (q, sigma, alpha) = D_α(μ₀ ‖ μ) = log B_α / (α − 1),
  B_α = ∫ μ₀ (1 − q + q e^{(2z − 1)/(2σ²)})^{1−α} dz (quadrature).

MTZ 2019 (§3) argue that the first direction is the larger, so the RDP of the mechanism
under add/remove adjacency is ``sgm-rdp``.  Chien & Li's S_α(q, σ) is the *other* direction,
D_α(μ₀ ‖ μ) = ``sgm-rdp-reverse``, and is smaller (claim ``privacy/sgm-rdp/reverse-is-smaller``);
both directions are available here so a reader can reproduce either convention.
"""

from __future__ import annotations

from typing import Mapping

import mpmath
import sympy as sp

from symbolic.claims import Identity
from symbolic.errors import EvaluationError
from symbolic.formula import Formula
from symbolic.hypotheses import Hypothesis
from symbolic.numeric import lambdify_mpmath
from symbolic.params import nonnegative, positive
from . import toolkit
from .gaussian import ALPHA_GT_1, alpha_param, gaussian_density
from symbolic.claims.numeric import QuadratureCheck, SampledInequality

q_param = nonnegative("q", "Poisson sampling rate q ∈ [0, 1]")
sigma_param = positive("sigma", "noise multiplier σ > 0 (noise standard deviation for sensitivity 1)")
q, sigma, alpha = q_param.symbol, sigma_param.symbol, alpha_param.symbol
z = sp.Symbol("z", real=True)
k = sp.Symbol("k", integer=True, nonnegative=True)

MTZ = "Mironov, Talwar & Zhang 2019 (arXiv 1908.10530)"
_HYPS = [Hypothesis(sp.Symbol("q") <= 1, "0 ≤ q ≤ 1"), Hypothesis(sp.Symbol("alpha") > 1, ALPHA_GT_1)]

#: likelihood ratio μ(z)/μ₀(z) of the mixture against the base Gaussian
ratio = 1 - q + q * sp.exp((2 * z - 1) / (2 * sigma ** 2))
mu0 = gaussian_density(z, 0, sigma)


def a_integrand(power):
    """μ₀(z) (μ(z)/μ₀(z))^power: A_α for power = α, B_α for power = 1 − α."""
    return mu0 * ratio ** power


#: A_α for integer α (MTZ 2019 §3.2): binomial expansion of the ratio, term by term.
a_binomial = sp.Sum(sp.binomial(alpha, k) * (1 - q) ** (alpha - k) * q ** k
                    * sp.exp((k ** 2 - k) / (2 * sigma ** 2)), (k, 0, alpha))

_syms = (q, sigma, alpha, z)
_integrand_fwd = lambdify_mpmath(_syms, a_integrand(alpha))
_integrand_rev = lambdify_mpmath(_syms, a_integrand(1 - alpha))
_term = lambdify_mpmath((q, sigma, alpha, k), a_binomial.function)


def _mp(v: sp.Rational) -> mpmath.mpf:
    return mpmath.mpf(int(v.p)) / int(v.q)


def moment_quadrature(integrand, qv, sv, av) -> mpmath.mpf:
    """∫ integrand(q, σ, α, z) dz over ℝ by tanh-sinh with the error estimate checked.

    Break points: 0 and 1/2 (where the ratio changes regime) and the peak z ≈ α of
    μ₀ e^{αz/σ²} (and its mirror for the reverse moment), so each piece is unimodal.
    Raises :class:`EvaluationError` if the estimated error is not below the working precision.
    """
    pts = sorted({mpmath.mpf(0), mpmath.mpf(1) / 2, av, 1 - av})
    f = lambda t: integrand(qv, sv, av, t)  # noqa: E731
    value, err = mpmath.quad(f, [-mpmath.inf] + pts + [mpmath.inf], error=True, maxdegree=10)
    if not err <= abs(value) * mpmath.mpf(2) ** (8 - mpmath.mp.prec):
        raise EvaluationError(f"sgm-rdp: quadrature error estimate {mpmath.nstr(err, 3)} too large "
                              f"for the working precision (q={qv}, sigma={sv}, alpha={av})")
    return value


def _forward(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """log A_α / (α − 1): binomial sum for integer α, quadrature of the definition otherwise."""
    qv, sv, av = (_mp(values[n]) for n in ("q", "sigma", "alpha"))
    if values["q"] == 0:
        return mpmath.mpf(0)
    if values["alpha"].q == 1:
        n = int(values["alpha"])
        a_val = mpmath.fsum(_term(qv, sv, av, mpmath.mpf(j)) for j in range(n + 1))
    else:
        a_val = moment_quadrature(_integrand_fwd, qv, sv, av)
    return mpmath.log(a_val) / (av - 1)


def _reverse(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """log B_α / (α − 1) by quadrature of the definition."""
    qv, sv, av = (_mp(values[n]) for n in ("q", "sigma", "alpha"))
    if values["q"] == 0:
        return mpmath.mpf(0)
    if values["q"] == 1:  # D_α(N(0,σ²) ‖ N(1,σ²)) = α/(2σ²) (symmetric pair)
        return av / (2 * sv ** 2)
    return mpmath.log(moment_quadrature(_integrand_rev, qv, sv, av)) / (av - 1)


def _definition(power):
    return sp.log(sp.Integral(a_integrand(power), (z, -sp.oo, sp.oo))) / (alpha - 1)


sgm_rdp = toolkit.add(Formula(
    toolkit.id("sgm-rdp"),
    _definition(alpha),
    [q_param, sigma_param, alpha_param],
    toolkit.source("§3: RDP of the sampled Gaussian mechanism, D_α((1−q)μ₀ + qμ₁ ‖ μ₀)", (), "derived", MTZ),
    hypotheses=_HYPS,
    title="log E_{μ₀}[(μ/μ₀)^α]/(α − 1); binomial sum for integer α (MTZ §3.2)",
    evaluator=_forward,
))

sgm_rdp_reverse = toolkit.add(Formula(
    toolkit.id("sgm-rdp-reverse"),
    _definition(1 - alpha),
    [q_param, sigma_param, alpha_param],
    toolkit.source("§3: the other direction D_α(μ₀ ‖ (1−q)μ₀ + qμ₁) (Chien & Li's S_α(q, σ))", (), "derived",
                   MTZ),
    hypotheses=_HYPS,
    title="log E_{μ₀}[(μ/μ₀)^{1−α}]/(α − 1)",
    evaluator=_reverse,
))

# ---------------------------------------------------------------------------
# Claims
_src = toolkit.source("§3.2: integer α", (), "derived", MTZ)
_kk = sp.Symbol("k", nonnegative=True)
toolkit.add(Identity(
    toolkit.id("sgm-rdp/binomial-term"),
    sp.Integral(sp.expand(mu0 * sp.exp(_kk * (2 * z - 1) / (2 * sigma ** 2))), (z, -sp.oo, sp.oo)),
    sp.exp((_kk ** 2 - _kk) / (2 * sigma ** 2)),
    "E_{z∼N(0,σ²)}[e^{k(2z − 1)/(2σ²)}] = e^{(k² − k)/(2σ²)}: integrating the binomial expansion of "
    "(1 − q + q e^{(2z−1)/(2σ²)})^α term by term gives the integer-α sum",
    _src, covers=[sgm_rdp.id],
))


_QS = dict(hints=[{"q": sp.Rational(1, 100), "sigma": 1, "alpha": 8}, {"q": sp.Rational(1, 2), "sigma": 2, "alpha": 3},
                  {"q": sp.Rational(1, 10), "sigma": sp.Rational(1, 2), "alpha": 5}])


def _quadrature_forward(v):
    return mpmath.log(moment_quadrature(_integrand_fwd, v["q"], v["sigma"], v["alpha"])) / (v["alpha"] - 1)


_alpha_int = sp.Symbol("alpha", integer=True, positive=True)
_q_s = sp.Symbol("q", positive=True)
_sigma_s = sp.Symbol("sigma", positive=True)
def _binomial_forward(v):
    n = int(v["alpha"])
    a_val = mpmath.fsum(_term(v["q"], v["sigma"], v["alpha"], mpmath.mpf(j)) for j in range(n + 1))
    return mpmath.log(a_val) / (v["alpha"] - 1)


toolkit.add(QuadratureCheck(
    toolkit.id("sgm-rdp/binomial-equals-definition"),
    _quadrature_forward,
    _binomial_forward,
    "for integer α ≥ 2 the binomial sum of MTZ §3.2 equals the quadrature of the defining integral",
    _src, symbols=[_q_s, _sigma_s, _alpha_int], where=[_alpha_int >= 2, _q_s < 1], samples=6, digits=30,
    covers=[sgm_rdp.id], **_QS,
))

_qq = sp.Symbol("q", positive=True)
toolkit.add(SampledInequality(
    toolkit.id("sgm-rdp/reverse-is-smaller"),
    lambda v: _reverse({n: sp.Rational(mpmath.nstr(v[n], 60)) for n in v}, mpmath.mp.dps), "<=",
    lambda v: _forward({n: sp.Rational(mpmath.nstr(v[n], 60)) for n in v}, mpmath.mp.dps),
    "D_α(μ₀ ‖ μ) ≤ D_α(μ ‖ μ₀) for the Poisson-subsampled Gaussian (Chien & Li's S_α is the smaller "
    "direction)",
    toolkit.source("§3: the mixture-first direction dominates", (), "derived", MTZ),
    symbols=[_qq, _sigma_s, sp.Symbol("alpha", positive=True)],
    where=[_qq < 1, sp.Symbol("alpha", positive=True) > 1],
    hints=[{"q": sp.Rational(1, 100), "sigma": 1, "alpha": 8}, {"q": sp.Rational(1, 2), "sigma": 1, "alpha": 3},
           {"q": sp.Rational(1, 10), "sigma": sp.Rational(1, 2), "alpha": sp.Rational(5, 2)}],
    samples=4, digits=20, covers=[sgm_rdp.id, sgm_rdp_reverse.id],
))


# ---------------------------------------------------------------------------
# (ε, δ) of T compositions of the sampled Gaussian mechanism, optimised over continuous α.
_integrand_dfwd = lambdify_mpmath(_syms, sp.diff(a_integrand(alpha), alpha))


def _log_moment_and_derivative(qv, sv, av):
    """(log A_α, d/dα log A_α) by quadrature (A'_α = ∫ μ₀ ratio^α log ratio dz)."""
    a_val = moment_quadrature(_integrand_fwd, qv, sv, av)
    f = lambda t: _integrand_dfwd(qv, sv, av, t)  # noqa: E731
    pts = sorted({mpmath.mpf(0), mpmath.mpf(1) / 2, av, 1 - av})
    da = mpmath.quad(f, [-mpmath.inf] + pts + [mpmath.inf], maxdegree=10)
    return mpmath.log(a_val), da / a_val


def sgm_epsilon(q, sigma, steps, delta, method: str = "best", *, dps: int = 30, max_integer_order: int = 256):
    """ε at ``delta`` of ``steps`` Poisson-subsampled Gaussian steps (RDP accounting, MTZ 2019).

    The RDP curve is T · ``sgm-rdp``(q, σ, α); it is converted with ``method`` (see
    :mod:`derivations.privacy.rdp_conversion`) and minimised over **continuous** α: the
    best integer order 2 … ``max_integer_order`` (binomial sums) brackets the optimum,
    then a secant iteration on dε/dα (exact derivative of the pointwise bound, quadrature
    for d log A_α/dα) locates it at the working precision.  Inputs are parsed exactly;
    hypotheses as for ``sgm-rdp`` and δ ∈ (0, 1).
    """
    from symbolic.errors import HypothesisError, InputError
    from symbolic.exact import parse_exact
    from symbolic.numeric import evaluate_to_precision
    from .gdp import DELTA_RANGE
    from .rdp_conversion import METHODS, POINTWISE

    if method not in METHODS:
        raise InputError(f"sgm_epsilon: method must be one of {', '.join(METHODS)}, not {method!r}")
    exact = {"q": parse_exact(q, "sgm_epsilon: q"), "sigma": parse_exact(sigma, "sgm_epsilon: sigma"),
             "alpha": sp.Integer(2)}
    sgm_rdp.check(**exact)
    T = parse_exact(steps, "sgm_epsilon: steps")
    d = parse_exact(delta, "sgm_epsilon: delta")
    if not (T.is_integer and T >= 1):
        raise HypothesisError("sgm_epsilon", "steps is a positive integer", {"steps": T})
    if not 0 < d < 1:
        raise HypothesisError("sgm_epsilon", DELTA_RANGE, {"delta": d})
    # Mironov's bound is above Balle's at every (α, r, δ) (claim privacy/rdp-to-dp/balle-below-mironov,
    # PROVED), so "best" need not search α for it: a third less quadrature.
    bounds = {"mironov": ["mironov"], "balle": ["balle"], "asoodeh": ["asoodeh-f", "balle"],
              "best": ["balle", "asoodeh-f"]}[method]
    A_, R_, D_ = sp.symbols("alpha r delta")
    parts = {}
    for b in bounds:
        expr = POINTWISE[b](A_, R_, D_)
        parts[b] = (lambdify_mpmath((A_, R_, D_), expr), lambdify_mpmath((A_, R_, D_), sp.diff(expr, A_)),
                    lambdify_mpmath((A_, R_, D_), sp.diff(expr, R_)))

    qv, sv, Tv, dv = (_mp(v) for v in (exact["q"], exact["sigma"], T, d))
    if exact["q"] == 0:
        return mpmath.mpf(0)
    # The optimum is stationary in α, so α* to about half the digits already gives ε to all of
    # them (and every α gives a valid bound): search at half precision, evaluate at full.
    with mpmath.workdps(dps // 2 + 12):
        qv, sv, Tv, dv = (_mp(v) for v in (exact["q"], exact["sigma"], T, d))
        orders = {b: _optimal_order(qv, sv, Tv, dv, b, fns, max_integer_order) for b, fns in parts.items()}

    def run():
        qw, sw, Tw, dw = (_mp(v) for v in (exact["q"], exact["sigma"], T, d))
        best = mpmath.inf
        for b, a_star in orders.items():
            if a_star is None:
                continue
            if a_star == int(a_star):
                n = int(a_star)
                a_val = mpmath.fsum(_term(qw, sw, mpmath.mpf(n), mpmath.mpf(j)) for j in range(n + 1))
            else:
                a_val = moment_quadrature(_integrand_fwd, qw, sw, a_star)
            best = min(best, parts[b][0](a_star, Tw * mpmath.log(a_val) / (a_star - 1), dw))
        return max(best, mpmath.mpf(0))

    return evaluate_to_precision(run, dps, f"sgm_epsilon[{method}]")


def _optimal_order(qv, sv, Tv, dv, bound, fns, max_integer_order):
    """α* minimising ``bound`` on T·sgm-rdp: best integer order, then secant on dε/dα (or None)."""
    p, p_a, p_r = fns

    def at_integer(n):
        a_val = mpmath.fsum(_term(qv, sv, mpmath.mpf(n), mpmath.mpf(j)) for j in range(n + 1))
        return p(mpmath.mpf(n), Tv * mpmath.log(a_val) / (n - 1), dv)

    values = {}
    for n in range(2, max_integer_order + 1):
        if bound == "asoodeh-f" and n * dv >= 1:  # the f-bound needs αδ < 1
            break
        values[n] = at_integer(n)
        if n > 8 and values[n] > 2 * min(values.values()) + 1:  # far past the (unimodal) minimum
            break
    if not values:
        return None
    n_best = min(values, key=values.get)

    def slope(av):
        log_a, dlog_a = _log_moment_and_derivative(qv, sv, av)
        r_val = Tv * log_a / (av - 1)
        dr = Tv * (dlog_a / (av - 1) - log_a / (av - 1) ** 2)
        return p_a(av, r_val, dv) + p_r(av, r_val, dv) * dr

    lo = max(mpmath.mpf(n_best) - 1, 1 + mpmath.mpf(1) / 64)
    hi = mpmath.mpf(n_best) + 1
    try:
        a_star = mpmath.findroot(slope, (mpmath.mpf(n_best) - mpmath.mpf(1) / 4, mpmath.mpf(n_best)),
                                 solver="secant", tol=mpmath.mpf(2) ** (-mpmath.mp.prec + 8))
    except (ValueError, ZeroDivisionError, EvaluationError):
        return mpmath.mpf(n_best)
    if not (lo <= a_star <= hi) or (bound == "asoodeh-f" and a_star * dv >= 1):
        return mpmath.mpf(n_best)
    return a_star
