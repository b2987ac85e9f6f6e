"""Rényi DP of the sampled Gaussian mechanism (Poisson subsampling).

Mironov, Talwar & Zhang 2019, "Rényi differential privacy of the sampled Gaussian
mechanism" (arXiv 1908.10530), §3: with μ₀ = N(0, σ²), μ₁ = N(1, σ²) (sensitivity 1, noise
multiplier σ) and the mixture μ = (1 − q) μ₀ + q μ₁,

* ``privacy/sgm-rdp`` (q, sigma, alpha) = D_α(μ ‖ μ₀) = log A_α / (α − 1),
  A_α = E_{z∼μ₀}[(μ(z)/μ₀(z))^α] = ∫ μ₀ (1 − q + q e^{(2z − 1)/(2σ²)})^α dz.
  ``evaluate``/``certify`` use the Arb enclosure of :func:`.sgm_arb.rdp_ball` (binomial sum for
  integer α, rigorous integration with explicit tail bounds otherwise); the mpmath evaluator below
  is the fallback and the claims' independent route.
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
from symbolic import Algorithm
from symbolic.formula import Formula
from . import toolkit
from .gaussian import alpha_param
from .sgm_moments import (
    MAX_BINOMIAL_TERMS,
    MTZ,
    SGM_HYPOTHESES,
    a_integrand,
    alpha,
    binomial_term,
    integrand_forward,
    integrand_reverse,
    moment_quadrature,
    mu0,
    q_param,
    sigma,
    sigma_param,
    to_mpf,
    z,
)
from symbolic.claims.numeric import QuadratureCheck, SampledInequality


def _forward(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """log A_α / (α − 1): binomial sum for integer α ≤ :data:`MAX_BINOMIAL_TERMS`, quadrature
    of the definition otherwise."""
    qv, sv, av = (to_mpf(values[n]) for n in ("q", "sigma", "alpha"))
    if values["q"] == 0:
        return 0  # q = 0: the two laws coincide, D_α = 0 exactly
    if values["alpha"].q == 1 and values["alpha"] <= MAX_BINOMIAL_TERMS:
        n = int(values["alpha"])
        a_val = mpmath.fsum(binomial_term(qv, sv, av, mpmath.mpf(j)) for j in range(n + 1))
    else:
        a_val = moment_quadrature(integrand_forward, qv, sv, av)
    return mpmath.log(a_val) / (av - 1)


def _reverse(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """log B_α / (α − 1) by quadrature of the definition."""
    qv, sv, av = (to_mpf(values[n]) for n in ("q", "sigma", "alpha"))
    if values["q"] == 0:
        return 0  # q = 0: the two laws coincide, D_α = 0 exactly
    if values["q"] == 1:  # D_α(N(0,σ²) ‖ N(1,σ²)) = α/(2σ²) (symmetric pair)
        return av / (2 * sv**2)
    near = _reverse_small_sigma(qv, sv, av)
    if near is not None:
        return near
    return mpmath.log(moment_quadrature(integrand_reverse, qv, sv, av)) / (av - 1)


def _reverse_small_sigma(qv, sv, av):
    """−log(1 − q), the σ → 0 limit of D_α(μ₀ ‖ μ), when it equals log B_α/(α − 1) to the working precision
    (else None).  The bound: with c = (1 − q)^{1−α}, u = q e^{w}/(1 − q) ≥ 0 and ratio^{1−α} = c(1 + u)^{1−α},
    0 ≤ c − ratio^{1−α} ≤ c·min(1, (α − 1)u); splitting ℝ at z = 1/4 (w ≤ −1/(4σ²) left of it, μ₀'s mass
    ½ erfc(1/(4√2 σ)) ≤ e^{−1/(32σ²)} right of it) gives 0 ≤ 1 − B_α/c ≤ η = (α − 1) q/(1 − q) e^{−1/(4σ²)}
    + e^{−1/(32σ²)}, so |log B_α/(α − 1) + log(1 − q)| ≤ 2η/(α − 1) for η ≤ 1/2.  Used when that is below
    2^−(prec+10) of the limit: at σ = 1e-90 the quadrature over the σ-ladder cost 11 CPU s at 336 digits (the
    precision loop's fourth run, σ's magnitude), for a correction of relative size e^{−3e177}."""
    r0 = -mpmath.log1p(-qv)
    eta = (av - 1) * qv / (1 - qv) * mpmath.exp(-1 / (4 * sv**2)) + mpmath.exp(-1 / (32 * sv**2))
    if eta <= mpmath.mpf(1) / 2 and 2 * eta / (av - 1) <= r0 * mpmath.mpf(2) ** (-(mpmath.mp.prec + 10)):
        return r0
    return None


def _definition(power):
    return sp.log(sp.Integral(a_integrand(power), (z, -sp.oo, sp.oo))) / (alpha - 1)


def _rdp_certifier(values, prec):
    from .sgm_arb import rdp_ball

    return rdp_ball(values["q"], values["sigma"], values["alpha"], prec)


sgm_rdp = toolkit.add(
    Formula(
        toolkit.id("sgm-rdp"),
        _definition(alpha),
        [q_param, sigma_param, alpha_param],
        toolkit.source("§3: RDP of the sampled Gaussian mechanism, D_α((1−q)μ₀ + qμ₁ ‖ μ₀)", (), "derived", MTZ),
        hypotheses=SGM_HYPOTHESES,
        title="log E_{μ₀}[(μ/μ₀)^α]/(α − 1); binomial sum for integer α (MTZ §3.2)",
        # the Arb enclosure gives the digits; the mpmath algorithm only where no ball pins them
        method=Algorithm(_forward, certifier=_rdp_certifier),
    )
)

sgm_rdp_reverse = toolkit.add(
    Formula(
        toolkit.id("sgm-rdp-reverse"),
        _definition(1 - alpha),
        [q_param, sigma_param, alpha_param],
        toolkit.source("§3: the other direction D_α(μ₀ ‖ (1−q)μ₀ + qμ₁) (Chien & Li's S_α(q, σ))", (), "derived", MTZ),
        hypotheses=SGM_HYPOTHESES,
        title="log E_{μ₀}[(μ/μ₀)^{1−α}]/(α − 1)",
        evaluator=_reverse,
    )
)

# ---------------------------------------------------------------------------
# Claims
_src = toolkit.source("§3.2: integer α", (), "derived", MTZ)
_kk = sp.Symbol("k", nonnegative=True)
toolkit.add(
    Identity(
        toolkit.id("sgm-rdp/binomial-term"),
        lhs=sp.Integral(sp.expand(mu0 * sp.exp(_kk * (2 * z - 1) / (2 * sigma**2))), (z, -sp.oo, sp.oo)),
        rhs=sp.exp((_kk**2 - _kk) / (2 * sigma**2)),
        statement="E_{z∼N(0,σ²)}[e^{k(2z − 1)/(2σ²)}] = e^{(k² − k)/(2σ²)}: integrating the binomial expansion of "
        "(1 − q + q e^{(2z−1)/(2σ²)})^α term by term gives the integer-α sum",
        source=_src,
        covers=[sgm_rdp.id],
    )
)


_QS = dict(
    hints=[
        {"q": sp.Rational(1, 100), "sigma": 1, "alpha": 8},
        {"q": sp.Rational(1, 2), "sigma": 2, "alpha": 3},
        {"q": sp.Rational(1, 10), "sigma": sp.Rational(1, 2), "alpha": 5},
    ]
)


def _quadrature_forward(v):
    return mpmath.log(moment_quadrature(integrand_forward, v["q"], v["sigma"], v["alpha"])) / (v["alpha"] - 1)


_alpha_int = sp.Symbol("alpha", integer=True, positive=True)
_q_s = sp.Symbol("q", positive=True)
_sigma_s = sp.Symbol("sigma", positive=True)


def _binomial_forward(v):
    n = int(v["alpha"])
    a_val = mpmath.fsum(binomial_term(v["q"], v["sigma"], v["alpha"], mpmath.mpf(j)) for j in range(n + 1))
    return mpmath.log(a_val) / (v["alpha"] - 1)


toolkit.add(
    QuadratureCheck(
        toolkit.id("sgm-rdp/binomial-equals-definition"),
        _quadrature_forward,
        _binomial_forward,
        "for integer α ≥ 2 the binomial sum of MTZ §3.2 equals the quadrature of the defining integral",
        _src,
        symbols=[_q_s, _sigma_s, _alpha_int],
        where=[_alpha_int >= 2, _q_s < 1],
        samples=6,
        digits=30,
        covers=[sgm_rdp.id],
        **_QS,
    )
)

_qq = sp.Symbol("q", positive=True)
toolkit.add(
    SampledInequality(
        toolkit.id("sgm-rdp/reverse-is-smaller"),
        lambda v: _reverse({n: sp.Rational(mpmath.nstr(v[n], 60)) for n in v}, mpmath.mp.dps),
        "<=",
        lambda v: _forward({n: sp.Rational(mpmath.nstr(v[n], 60)) for n in v}, mpmath.mp.dps),
        "D_α(μ₀ ‖ μ) ≤ D_α(μ ‖ μ₀) for the Poisson-subsampled Gaussian (Chien & Li's S_α is the smaller direction)",
        toolkit.source("§3: the mixture-first direction dominates", (), "derived", MTZ),
        symbols=[_qq, _sigma_s, sp.Symbol("alpha", positive=True)],
        where=[_qq < 1, sp.Symbol("alpha", positive=True) > 1],
        hints=[
            {"q": sp.Rational(1, 100), "sigma": 1, "alpha": 8},
            {"q": sp.Rational(1, 2), "sigma": 1, "alpha": 3},
            {"q": sp.Rational(1, 10), "sigma": sp.Rational(1, 2), "alpha": sp.Rational(5, 2)},
        ],
        samples=4,
        digits=20,
        covers=[sgm_rdp.id, sgm_rdp_reverse.id],
    )
)


# ---------------------------------------------------------------------------
# (ε, δ) of T compositions of the sampled Gaussian mechanism: the formula privacy/sgm-epsilon.


def sgm_epsilon(q, sigma, steps, delta, method: str = "best", *, dps: int = 30):
    """ε at ``delta`` of ``steps`` Poisson-subsampled Gaussian steps (RDP accounting, MTZ 2019),
    minimised over continuous α: a thin wrapper of the formula ``privacy/sgm-epsilon``
    (:mod:`.sgm_accounting`), whose value is the midpoint of a certified Arb enclosure.

    Inputs are parsed exactly; hypotheses as for ``sgm-rdp`` (0 ≤ q ≤ 1, σ > 0), steps a
    positive integer, 0 < δ < 1, ``method`` ∈ {mironov, balle, asoodeh, best}.
    """
    from .sgm_accounting import sgm_epsilon_formula

    return sgm_epsilon_formula.evaluate(dps=dps, q=q, sigma=sigma, steps=steps, delta=delta, method=method)
