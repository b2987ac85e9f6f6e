"""The privacy certifiers' Arb balls against independent mpmath transcriptions of their definitions.

* ``privacy/sgm-rdp`` (``sgm_arb.rdp_ball``): MTZ 2019 §3, r(α) = log E_{z~N(0,σ²)}[(1 − q + q e^{(2z−1)/(2σ²)})^α]/(α − 1),
  by mpmath quadrature of the definition;
* ``privacy/sgm-epsilon`` (``sgm_accounting.enclosure``) at q = 1, where r(α) = α/(2σ²) (two Gaussians at distance 1):
  Mironov's ε = inf_α T r(α) + log(1/δ)/(α − 1) in closed form, Balle et al.'s by a bracketed minimisation;
* the branch-and-bound's floor T·r(⌊a⌋) of T·r(α) on α ≥ a (``_Problem.r_floor``), at an a just below an integer.

The oracles import nothing from the package.
"""

from __future__ import annotations

from fractions import Fraction as Fr

import mpmath
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

flint = pytest.importorskip("flint")

from derivations.privacy.sgm_accounting import _Moments, _Problem, enclosure  # noqa: E402
from derivations.privacy.sgm_arb import rdp_ball  # noqa: E402
from symbolic.certify.arb import endpoints  # noqa: E402


def _mpq(x) -> mpmath.mpf:
    if isinstance(x, tuple):  # ("sqrt", r): √r
        return mpmath.sqrt(_mpq(x[1]))
    x = Fr(x)
    return mpmath.mpf(x.numerator) / x.denominator


def _rat(x: Fr) -> sp.Rational:
    return sp.Rational(x.numerator, x.denominator)


def _contains(ball, x: mpmath.mpf) -> bool:
    lo, hi = endpoints(ball)
    return _mpq(lo) <= x <= _mpq(hi)


def _rdp_oracle(q, sigma, alpha) -> mpmath.mpf:
    """MTZ 2019 §3's r(α) by quadrature (the integrand in log space, split where it bends and peaks)."""
    q, s, a = _mpq(q), _mpq(sigma), _mpq(alpha)

    def f(z):
        w = (2 * z - 1) / (2 * s**2)
        log_ratio = w + mpmath.log(q + (1 - q) * mpmath.exp(-w)) if w > 0 else mpmath.log1p(q * mpmath.expm1(w))
        return mpmath.exp(a * log_ratio - z**2 / (2 * s**2)) / (s * mpmath.sqrt(2 * mpmath.pi))

    points = sorted({mpmath.mpf(0), mpmath.mpf(1) / 2, a / 2, a, a - 3 * s, a + 3 * s, a + 10 * s})
    return mpmath.log(mpmath.quad(f, [-mpmath.inf, *points, mpmath.inf])) / (a - 1)


def test_r_floor_is_a_lower_bound_just_below_an_integer():
    """r_floor(a) took ⌊float(a)⌋: at a = 3 − 2⁻⁶⁰ the double is 3.0, and T·r(3) = 0.031712300303376425050147 was
    returned as a lower bound of T·r(α) on α ≥ a, above T·r(a) = 0.031712300303376425033888 (q = 1/10, σ = 1)."""
    q, sigma = Fr(1, 10), Fr(1)
    with _Prec(120):
        pb = _Problem(_Moments(_rat(q), _rat(sigma)), 1, sp.Rational(1, 10**5), "mironov", 100)
        a = flint.arb(3) - flint.arb(2) ** -60
        floor = pb.r_floor(a).lower()
    with mpmath.workdps(60):
        truth = _rdp_oracle(q, sigma, Fr(3) - Fr(1, 2**60))
        assert _mpq(endpoints(floor)[1]) <= truth


class _Prec:
    def __init__(self, bits):
        self.bits = bits

    def __enter__(self):
        self.old = flint.ctx.prec
        flint.ctx.prec = self.bits

    def __exit__(self, *exc):
        flint.ctx.prec = self.old


@settings(max_examples=10, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(
    q=st.builds(Fr, st.integers(1, 999), st.just(1000)),
    sigma=st.builds(Fr, st.integers(5, 40), st.just(10)),
    alpha=st.builds(Fr, st.integers(11, 400), st.sampled_from([1, 2, 7, 10])).filter(lambda a: 1 < a <= 40),
)
def test_rdp_ball_holds_the_definition_on_random_rationals(q, sigma, alpha):
    ball = rdp_ball(_rat(q), _rat(sigma), _rat(alpha), 60)
    with mpmath.workdps(40):
        assert _contains(ball, _rdp_oracle(q, sigma, alpha))


@pytest.mark.parametrize(
    "q,sigma,alpha,dps",
    [
        (Fr(1, 10), Fr(1), 1 + Fr(1, 10**20), 80),  # α a hair above 1: log A_α/(α − 1) from a moment 1 + 1e-22
        (Fr(1, 10), Fr(3), Fr(64), 40),  # the large-order path's threshold
        (Fr(1, 2), Fr(10), Fr(1000000001, 10**9), 60),  # a near-simple rational order
        (Fr(1, 3), Fr(7, 10), Fr(63), 40),
        (Fr(1, 100), Fr(1), Fr(10**6), 40),  # the dominant-term enclosure (10⁶ + 1 binomial terms otherwise)
        (Fr(1, 2), Fr(10**4), Fr(10**6), 40),  # an integer order past the binomial sum's limit: the moment integral
    ],
)
def test_rdp_ball_holds_the_definition_at_edges(q, sigma, alpha, dps):
    ball = rdp_ball(_rat(q), _rat(sigma), _rat(alpha), 80)
    with mpmath.workdps(dps):
        assert _contains(ball, _rdp_oracle(q, sigma, alpha))


def _epsilon_q1_oracle(sigma, T, delta, method):
    """inf over α > 1 of the conversion at RDP T·α/(2σ²) (q = 1)."""
    s, T, d = _mpq(sigma), mpmath.mpf(T), _mpq(delta)
    if method == "mironov":  # T α/(2σ²) + log(1/δ)/(α − 1): α* = 1 + σ√(2 log(1/δ)/T)
        return max(0, T / (2 * s**2) + mpmath.sqrt(2 * T * mpmath.log(1 / d)) / s)

    def balle(a):  # Balle et al. 2020, Thm 21
        return T * a / (2 * s**2) + mpmath.log((a - 1) / a) - (mpmath.log(d) + mpmath.log(a)) / (a - 1)

    # convex in α > 1 here; its stationary point lies beyond Mironov's α* · ½ and below 4α* + 4
    a_m = 1 + s * mpmath.sqrt(2 * mpmath.log(1 / d) / T)
    root = mpmath.findroot(lambda a: mpmath.diff(balle, a), (1 + (a_m - 1) / 4, 4 * a_m + 4), solver="anderson")
    return max(0, balle(root))


@settings(max_examples=6, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(
    sigma=st.builds(Fr, st.integers(5, 100), st.just(10)),
    T=st.integers(1, 1000),
    delta=st.sampled_from([Fr(1, 10**5), Fr(1, 10**9), Fr(3, 1000), Fr(1, 10**30)]),
    method=st.sampled_from(["mironov", "balle"]),
)
def test_sgm_epsilon_ball_holds_the_definition_at_q_1(sigma, T, delta, method):
    values = dict(q=sp.Integer(1), sigma=_rat(sigma), steps=sp.Integer(T), delta=_rat(delta), method=method)
    ball = enclosure(values, 60)
    with mpmath.workdps(40):
        assert _contains(ball, _epsilon_q1_oracle(sigma, T, delta, method))


def test_rdp_ball_at_an_algebraic_sigma():
    """σ = √2 (a σ = s·√(η/2) of the bounds' runs): the certifier read σ.p and raised AttributeError."""
    ball = rdp_ball(sp.Rational(1, 10), sp.sqrt(2), sp.Rational(7, 2), 80)
    with mpmath.workdps(40):
        assert _contains(ball, _rdp_oracle(Fr(1, 10), ("sqrt", 2), Fr(7, 2)))


def test_sgm_epsilon_ball_at_an_algebraic_sigma():
    values = dict(q=sp.Integer(1), sigma=sp.sqrt(sp.Rational(3, 2)), steps=sp.Integer(10), delta=sp.Rational(1, 10**5))
    ball = enclosure(dict(values, method="mironov"), 60)
    with mpmath.workdps(40):
        assert _contains(ball, _epsilon_q1_oracle(("sqrt", Fr(3, 2)), 10, Fr(1, 10**5), "mironov"))


def test_a_transcendental_sigma_is_refused_by_name():
    from symbolic.certify import NotCertifiable

    with pytest.raises(NotCertifiable, match="sigma"):
        rdp_ball(sp.Rational(1, 10), sp.pi, sp.Integer(3), 60)


def _gdp_epsilon_oracle(mu: Fr, delta: Fr) -> mpmath.mpf:
    """Dong, Roth & Su's μ-GDP profile δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), inverted: min{ε ≥ 0 : δ(ε) ≤ δ}."""
    m, d = _mpq(mu), _mpq(delta)

    def profile(e):
        return mpmath.ncdf(-e / m + m / 2) - mpmath.exp(e) * mpmath.ncdf(-e / m - m / 2)

    if profile(0) <= d:
        return mpmath.mpf(0)
    hi = mpmath.mpf(1)
    while profile(hi) > d:
        hi *= 2
    lo = mpmath.mpf(0)
    for _ in range(mpmath.mp.prec + 10):  # δ(ε) decreasing: bisection
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if profile(mid) > d else (lo, mid)
    return hi


@settings(max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(
    mu=st.builds(Fr, st.integers(1, 60), st.just(10)),
    delta=st.builds(lambda k, e: Fr(k, 10**e), st.integers(1, 9), st.integers(1, 12)),
)
def test_inverse_certificate_of_gdp_epsilon_holds_the_definition(mu, delta):
    from symbolic import registry

    ball = registry().formula("privacy/gdp-epsilon").certify(60, mu=_rat(mu), delta=_rat(delta))
    with mpmath.workdps(40):
        assert _contains(ball, _gdp_epsilon_oracle(mu, delta))
