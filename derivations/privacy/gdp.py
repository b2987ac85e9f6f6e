"""Gaussian differential privacy (Dong, Roth & Su 2022, "Gaussian differential privacy", JRSS-B).

* ``privacy/gdp-tradeoff`` (mu, x): G_μ(x) = Φ(Φ⁻¹(1 − x) − μ), the tradeoff function of
  testing N(0, 1) against N(μ, 1) (§2, the Gaussian tradeoff function).
* ``privacy/gdp-delta`` (mu, eps): the exact privacy profile
  δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Cor. 2.13; Balle & Wang 2018, Thm 8).
  Evaluated as Q(ε/μ − μ/2) − e^ε Q(ε/μ + μ/2) with Q = erfc(·/√2)/2, so it keeps every
  digit for large μ (μ = 37) and for δ far below the float range (1e-200); at ε = 0 as erf(μ/(2√2)).
* ``privacy/gdp-epsilon`` (mu, delta): its inverse, the smallest ε ≥ 0 with δ_μ(ε) ≤ δ
  (ε = 0 when δ_μ(0) = 1 − 2Q(μ/2) is already ≤ δ), declared as an
  :class:`~symbolic.evaluate.inverse.Inverse` of ``gdp-delta`` (which certifies it) and evaluated by a
  safeguarded Newton in log space (:func:`_epsilon_newton`; in Mills' coordinate for μ ≥ 64), which
  keeps every digit down to δ = 1e-300 where the generic inverse needs minutes.  The tree's one GDP
  ε(δ): Bok, Su & Altschuler's Lemma A.3 and the accountant call it.

The equivalence "μ-GDP ⇔ (ε, δ_μ(ε))-DP for every ε ≥ 0" is Dong, Roth & Su 2022,
Corollary 2.13 (via the primal–dual Prop. 2.12: a tradeoff function is the upper envelope
of the (ε, δ(ε)) tradeoff lines).  Its computational core is proved below: for every ε the
line x ↦ 1 − δ_μ(ε) − e^ε x touches G_μ at x = Q(ε/μ + μ/2) with slope −e^ε.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import mpf_to_rational, solve_monotone
from symbolic.claims import Identity
from symbolic.formula import Formula
from symbolic.hypotheses import Hypothesis
from symbolic.evaluate.inverse import Inverse
from symbolic.evaluate.expressions import lambdify_mpmath
from symbolic.params import nonnegative, positive
from . import toolkit
from .gaussian import (
    alpha_param,
    gaussian_density,
    normal_cdf,
    normal_cdf_stable,
    normal_quantile_upper,
    normal_tail,
    renyi_divergence_integral,
    x as xvar,
)
from .hockey_stick import eps_param, gaussian_hockey_stick
from symbolic.claims.numeric import NumericIdentity

mu_param = positive("mu", "GDP parameter μ > 0: the mechanism is as hard to distinguish as N(0,1) from N(μ,1)")
delta_param = positive("delta", "target δ, 0 < δ < 1")
x_param = nonnegative("x", "type-I error level x ∈ [0, 1]")
mu, eps, delta, xx = mu_param.symbol, eps_param.symbol, delta_param.symbol, x_param.symbol

#: Text of the δ-range hypothesis, shared by every formula taking a target δ.
DELTA_RANGE = "0 < δ < 1"
delta_lt_1 = Hypothesis(sp.Symbol("delta") < 1, DELTA_RANGE)

DRS = "Dong, Roth & Su 2022 (Gaussian differential privacy, JRSS-B)"


def gdp_delta_expr(m, e):
    """δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Φ in its textbook erf form)."""
    return normal_cdf(-e / m + m / 2) - sp.exp(e) * normal_cdf(-e / m - m / 2)


gdp_tradeoff = toolkit.add(
    Formula(
        toolkit.id("gdp-tradeoff"),
        normal_cdf(normal_quantile_upper(xx) - mu),
        [mu_param, x_param],
        toolkit.source("§2: Gaussian tradeoff function G_μ", (), "derived", DRS),
        hypotheses=[Hypothesis(sp.Symbol("x") <= 1, "0 ≤ x ≤ 1")],
        title="G_μ(x) = Φ(Φ⁻¹(1 − x) − μ)",
        # Φ(z − μ) with z = Q⁻¹(x): the erfc form keeps the tail G_μ(x) → 0 as x → 1 accurate.
        # The end points are G_μ's limits, G_μ(0) = 1 and G_μ(1) = 0, stated exactly: Q⁻¹ is
        # infinite there, which an Arb ball cannot carry.
        numeric=sp.Piecewise(
            (1, sp.Eq(xx, 0)), (0, sp.Eq(xx, 1)), (normal_cdf_stable(normal_quantile_upper(xx) - mu), True)
        ),
    )
)

gdp_delta = toolkit.add(
    Formula(
        toolkit.id("gdp-delta"),
        gdp_delta_expr(mu, eps),
        [mu_param, eps_param],
        toolkit.source(
            "Cor. 2.13: μ-GDP ⇔ (ε, δ_μ(ε))-DP for all ε", (), "derived", DRS + "; Balle & Wang 2018, Thm 8"
        ),
        title="δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)",
        # δ_μ(0) = Φ(μ/2) − Φ(−μ/2) = erf(μ/(2√2)) exactly: the difference of the two tails cancels to relative
        # μ, past the mpmath fallback's 8060 digits for μ < 1e-8000 (μ = 1e-100000 was refused after 6 CPU s).
        numeric=sp.Piecewise(
            (sp.erf(mu / (2 * sp.sqrt(2))), sp.Eq(eps, 0)),
            (normal_tail(eps / mu - mu / 2) - sp.exp(eps) * normal_tail(eps / mu + mu / 2), True),
        ),
    )
)

# ---------------------------------------------------------------------------
# ε_μ(δ): the fast inverse of δ_μ(ε).

#: δ_μ(ε) from ``gdp-delta``'s verified stable form, compiled once (the Newton steps below call it).
_delta_fn = lambdify_mpmath((mu_param.symbol, eps_param.symbol), gdp_delta.numeric)


_LARGE_MU = 64


def _mills(x):
    """Mills' ratio M(x) = Q(x)/φ(x) = e^{x²/2} ∫_x^∞ e^{−s²/2} ds for x > 0, at relative accuracy ~2^{−prec}.
    For x² < 4 prec as erfc(x/√2)·√(π/2)·e^{x²/2}; beyond, mpmath's erfc fails (x ~ 1e150: its term-count
    estimate overflows a float) and the asymptotic series M(x) = x⁻¹ Σ_k (−1)^k (2k−1)!!/x^{2k} is used
    (Abramowitz & Stegun 7.1.23–24: the remainder has the sign of, and is at most, the first omitted term;
    terms shrink by (2k+1)/x² ≤ 1/2 while k < x²/4, so the sum stops below 2^{−prec−10} after ≤ prec + 10 terms)."""
    prec = mpmath.mp.prec
    if x * x < 4 * prec:
        with mpmath.extraprec(20):
            return mpmath.erfc(x / mpmath.sqrt(2)) * mpmath.sqrt(mpmath.pi / 2) * mpmath.exp(x * x / 2)
    with mpmath.extraprec(20):
        inv2 = 1 / (x * x)
        term, total, k = mpmath.mpf(1), mpmath.mpf(1), 0
        while abs(term) > mpmath.mpf(2) ** (-prec - 10):
            k += 1
            term *= -(2 * k - 1) * inv2
            total += term
        return total / x


def _epsilon_large_mu(mu, delta, target):
    """ε_μ(δ) for μ ≥ 64, in the coordinate t = ε/μ − μ/2 (ε = μt + μ²/2).  There Lemma A.3's
    δ_μ(ε) = Q(−ε/μ + μ/2) − e^ε Q(ε/μ + μ/2) is, exactly (φ(t + μ) e^{μt + μ²/2} = φ(t); the claims
    bok-su-altschuler/lem-a.3-delta/t-coordinate and its -complement prove D and 1 − D),
        D(t) = Q(t) − φ(t) M(t + μ),   D′(t) = −μ φ(t) M(t + μ) < 0,
    with M Mills' ratio (:func:`_mills`).  In ε the root ε ≈ μ²/2 carries t only in its last
    log2(μ) bits, and e^ε, Q(ε/μ + μ/2) leave mpmath's erfc at μ ~ 1e150 (μ = 3e300: ε = 4.5e600);
    in t both terms are moderate (M(t + μ) ≤ 1/(t + μ)) and no precision grows with μ.  Newton
    (:func:`symbolic.solve_monotone` with the derivative) on log D(t) = log δ (δ > 1/2: log(1 − D(t)) =
    log(1 − δ)) inside [lo, hi] where D(lo) > δ ≥ D(hi): hi doubles from 1, lo from −1 (at most to −μ/2,
    where ε = 0)."""
    one_minus = 1 - delta  # exact rational: δ_μ(0) = 1 − 2Q(μ/2) ≤ δ ⟺ 2Q(μ/2) ≥ 1 − δ
    q_half = 2 * mpmath.npdf(mu / 2) * _mills(mu / 2)
    gap = q_half - mpmath.mpf(int(one_minus.p)) / int(one_minus.q)
    if gap >= 0:
        if gap > q_half * mpmath.mpf(10) ** (-(mpmath.mp.dps // 2)):  # both sides carry relative errors
            return 0
        return mpmath.mpf(0)

    upper = target > mpmath.mpf(1) / 2
    log_t = mpmath.log(mpmath.mpf(int(one_minus.p)) / int(one_minus.q) if upper else target)

    def step(t):
        """(t below the root?, log residual, its t-derivative).  For δ > 1/2 the complement
        1 − D(t) = Q(−t) + φ(t) M(t + μ) against 1 − δ (exact): both terms > 0, where D − δ
        would cancel (δ = 1 − 1e-200: 200 digits lost)."""
        second = mpmath.npdf(t) * _mills(t + mu)
        if upper:
            value = mpmath.erfc(-t / mpmath.sqrt(2)) / 2 + second
            res = mpmath.log(value) - log_t
            return res < 0, res, mu * second / value
        value = mpmath.erfc(t / mpmath.sqrt(2)) / 2 - second
        if value <= 0:  # rounding far right of the root
            return False, None, None
        res = mpmath.log(value) - log_t
        return res > 0, res, -mu * second / value

    hi = mpmath.mpf(1)
    while step(hi)[0]:
        hi *= 2
    lo = mpmath.mpf(-1)
    while not step(lo)[0]:
        lo *= 2
        if lo <= -mu / 2:
            lo = -mu / 2  # D(−μ/2) = δ_μ(0) > δ (checked above)
            break

    def log_d(t):
        """log D(t) (δ > 1/2: log(1 − D(t))); −∞ where D rounds to ≤ 0, far right of the root."""
        second = mpmath.npdf(t) * _mills(t + mu)
        value = mpmath.erfc((t if not upper else -t) / mpmath.sqrt(2)) / 2 + (second if upper else -second)
        return mpmath.log(value) if value > 0 else mpmath.ninf

    def slope(t):
        second = mpmath.npdf(t) * _mills(t + mu)
        value = mpmath.erfc((t if not upper else -t) / mpmath.sqrt(2)) / 2 + (second if upper else -second)
        return (mu if upper else -mu) * second / value if value > 0 else mpmath.mpf(0)

    t = solve_monotone(
        log_d, log_t, lower=lo, upper=hi, increasing=upper, derivative=slope, bracketed=True, name="privacy/gdp-epsilon"
    )
    return mu * (t + mu / 2)


def _epsilon_newton(values, dps):
    """ε(δ): Newton on log δ_μ(ε) = log δ (d/dε log δ = −e^ε Q(ε/μ + μ/2)/δ_μ(ε)) by the engine's
    :func:`symbolic.solve_monotone` with the derivative, inside a doubling bracket, at the working precision (the caller's Ziv loop raises it until two runs agree).
    Same root as the generic :class:`~symbolic.evaluate.inverse.Inverse` of ``gdp-delta``, which needs minutes at
    δ = 1e-300 (claim bok-su-altschuler/lem-a.3-epsilon-is-toolkit compares the two); every caller of
    ``privacy/gdp-epsilon`` (the papers, the accountant) gets this one."""
    mu = mpmath.mpf(int(values["mu"].p)) / int(values["mu"].q)
    target = mpmath.mpf(int(values["delta"].p)) / int(values["delta"].q)
    if mu >= _LARGE_MU:
        return _epsilon_large_mu(mu, values["delta"], target)
    last: list = [None, None, None]  # (x, precision, δ_μ(x)) of the latest call

    def f(e):
        # Newton asks log_f(x) and then slope(x) at the same x: both need δ_μ(x), the costly part (erfc
        # at 40+ digits), so the latest value is kept — the same number, at the same precision.
        if last[0] is not None and last[1] == mpmath.mp.prec and last[0] == e:
            return last[2]
        v = _delta_fn(mu, e)
        last[:] = [e, mpmath.mp.prec, v]
        return v

    f0 = f(mpmath.mpf(0))
    if f0 <= target:
        if target - f0 > target * mpmath.mpf(10) ** (-(mpmath.mp.dps // 2)):
            return 0  # the convention ε = 0 when δ_μ(0) ≤ δ already: an exact 0, not a rounded root
        # δ_μ(0) within rounding of δ: the root may be a tiny ε > 0.  An mpf 0 is an unproved
        # zero, which sends the precision loop to more digits instead of printing 0.
        return mpmath.mpf(0)
    lo, hi = mpmath.mpf(0), mpmath.mpf(1)
    while f(hi) > target:
        lo, hi = hi, 2 * hi
    log_t = mpmath.log(target)

    def log_f(x):
        fx = f(x)
        return mpmath.log(fx) if fx > 0 else mpmath.ninf  # −∞: δ_μ rounds to ≤ 0 far right of the root

    def slope(x):  # d/dε log δ_μ(ε) = −e^ε Q(ε/μ + μ/2)/δ_μ(ε)
        fx = f(x)
        return -mpmath.exp(x) * mpmath.erfc((x / mu + mu / 2) / mpmath.sqrt(2)) / 2 / fx if fx > 0 else mpmath.mpf(0)

    return solve_monotone(
        log_f, log_t, lower=lo, upper=hi, increasing=False, derivative=slope, bracketed=True, name="privacy/gdp-epsilon"
    )


#: Symbolic stand-in for the inverse (no closed form): ε_μ(δ), the root of δ_μ(ε) = δ.
GDPEpsilon = sp.Function("varepsilon_mu")

gdp_epsilon = toolkit.add(
    Formula(
        toolkit.id("gdp-epsilon"),
        GDPEpsilon(mu, delta),
        [mu_param, delta_param],
        toolkit.source("Cor. 2.13, inverted: the ε of a μ-GDP mechanism at a given δ", (), "derived", DRS),
        hypotheses=[delta_lt_1],
        title="ε_μ(δ) = min{ε ≥ 0 : δ_μ(ε) ≤ δ} (0 when δ_μ(0) ≤ δ)",
        inverse=Inverse(gdp_delta, solve_for="eps", target="delta", algorithm=_epsilon_newton),
    )
)

# ---------------------------------------------------------------------------
# Claims
_src = lambda label, note="": toolkit.source(label, (), "derived", note or DRS)  # noqa: E731

toolkit.add(
    Identity(
        toolkit.id("gdp-delta/equals-hockey-stick"),
        lhs=gdp_delta(mu=gaussian_hockey_stick.symbol("r"), eps=eps),
        rhs=gaussian_hockey_stick.expr,
        statement="δ_μ(ε) at μ = r equals the Gaussian hockey-stick divergence E_{e^ε}(N(r,1) ‖ N(0,1))",
        source=_src("Cor. 2.13 vs Balle & Wang 2018 Thm 8"),
        covers=[gdp_delta.id, gaussian_hockey_stick.id],
    )
)

_alpha = alpha_param.symbol
toolkit.add(
    Identity(
        toolkit.id("gdp-delta/rdp"),
        lhs=renyi_divergence_integral(gaussian_density(xvar, mu, 1), gaussian_density(xvar, 0, 1), _alpha),
        rhs=_alpha * mu**2 / 2,
        statement="μ-GDP ⇒ (α, αμ²/2)-RDP: D_α(N(μ,1) ‖ N(0,1)) = αμ²/2 for every α > 1",
        source=_src("GDP → RDP", DRS + "; Mironov 2017 Table II"),
        where=[_alpha > 1],
        covers=[gdp_delta.id],
    )
)

# Tangency of the (ε, δ_μ(ε)) line with G_μ: the computational core of Cor. 2.13.
# x* = Q(ε/μ + μ/2), written (1 − erf(w))/2 so that Φ⁻¹(1 − x*) = √2 erfinv(erf(w)) = √2 w
# is recognised by SymPy; the value is the same as normal_tail(ε/μ + μ/2).
_x_star = (1 - sp.erf((eps / mu + mu / 2) / sp.sqrt(2))) / 2
_G = normal_cdf(normal_quantile_upper(xx) - mu)
toolkit.add(
    Identity(
        toolkit.id("gdp-tradeoff/touches-dp-line"),
        lhs=_G.subs(xx, _x_star),
        rhs=1 - gdp_delta.expr - sp.exp(eps) * _x_star,
        statement="G_μ(x*) = 1 − δ_μ(ε) − e^ε x* at x* = Q(ε/μ + μ/2): the (ε, δ_μ(ε)) line meets G_μ",
        source=_src("Cor. 2.13 (primal–dual, Prop. 2.12)"),
        covers=[gdp_tradeoff.id, gdp_delta.id],
    )
)
toolkit.add(
    Identity(
        toolkit.id("gdp-tradeoff/slope-at-contact"),
        lhs=sp.diff(_G, xx).subs(xx, _x_star),
        rhs=-sp.exp(eps),
        statement="G_μ'(x*) = −e^ε at x* = Q(ε/μ + μ/2): the (ε, δ_μ(ε)) line is tangent to the convex G_μ, "
        "so G_μ is the envelope of these lines (μ-GDP ⇔ (ε, δ_μ(ε))-DP for all ε ≥ 0)",
        source=_src("Cor. 2.13 (primal–dual, Prop. 2.12)"),
        covers=[gdp_tradeoff.id, gdp_delta.id],
    )
)

__all__ = [
    "gdp_tradeoff",
    "gdp_delta",
    "gdp_epsilon",
    "mu_param",
    "delta_param",
    "delta_lt_1",
    "DELTA_RANGE",
    "gdp_delta_expr",
    "normal_cdf_stable",
]


def _delta_at_epsilon(v):
    """δ_μ(ε_μ(δ)) through the public evaluators (the inverse's output converted exactly)."""
    dps = mpmath.mp.dps
    mu_exact, d_exact = mpf_to_rational(mpmath.mpf(v["mu"])), mpf_to_rational(mpmath.mpf(v["delta"]))
    e = gdp_epsilon.evaluate(dps=dps, mu=mu_exact, delta=d_exact)
    return gdp_delta.evaluate(dps=dps, mu=mu_exact, eps=mpf_to_rational(mpmath.mpf(e)))


_mu_s, _d_s = sp.Symbol("mu", positive=True), sp.Symbol("delta", positive=True)
toolkit.add(
    NumericIdentity(
        toolkit.id("gdp-epsilon/inverts-gdp-delta"),
        _delta_at_epsilon,
        lambda v: v["delta"],
        "δ_μ(ε_μ(δ)) = δ whenever δ < δ_μ(0) (the inverse hits the target, including μ = 37 and δ = 1e-200)",
        _src("Cor. 2.13, inverted"),
        symbols=[_mu_s, _d_s],
        where=[_d_s < sp.Rational(1, 100)],
        hints=[
            {"mu": 37, "delta": sp.Rational(1, 10**5)},
            {"mu": 2, "delta": sp.Rational(1, 10**200)},
            {"mu": 1, "delta": sp.Rational(1, 10**5)},
            {"mu": sp.Rational(1, 10), "delta": sp.Rational(1, 10**3)},
        ],
        samples=4,
        digits=25,
        covers=[gdp_epsilon.id, gdp_delta.id],
    )
)
