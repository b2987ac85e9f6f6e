"""The Arb certifiers of Chien & Li's Theorem 3.1 bounds against an independent transcription of the theorem.

Theorem 3.1, eqs. (3)-(4): ε ≤ min over τ ∈ {0, …, T−1} and β of (α/2σ²)[Σ_{t≥τ} s²/β_t + Δ_τ²/Σ_{t≥τ}(1 − β_t)c^{−2k}],
k = t − τ + 1, s = 2ηK/n, Δ_τ = min(s Σ_{t<τ} c^t, 2ηKτ, D).  The oracles below import nothing from the package:

* c = 1, exactly: every weight is 1, so by symmetry and convexity the β_t are equal, and min_β m s²/β + Δ²/(m(1 − β))
  = (s√m + Δ/√m)² = (Δ + sm)²/m (Fractions, every τ);
* any c, in mpmath: eliminating β (min_β p²/β + a²/(1 − β) = (p + a)²) the window costs min_{a ≥ 0} Σ_k (s + a_k)²
  s.t. Σ_k c^{−k} a_k ≥ Δ_τ, a convex problem whose KKT point is a_k = max(0, μc^{−k} − s); μ by bisection.
"""

from __future__ import annotations

from fractions import Fraction as Fr

import mpmath
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from derivations.chien_li.bounds import _C_CONVEX, _C_NONCONVEX, _C_STRONG
from symbolic.certify.arb import endpoints


def _mpq(x) -> mpmath.mpf:
    x = Fr(x)
    return mpmath.mpf(x.numerator) / x.denominator


def _convex_exact(alpha, sigma, eta, K, n, D, T) -> Fr:
    """Theorem 3.1 at c = 1 in exact rationals (see the module docstring)."""
    s = 2 * eta * K / n
    best = T * s**2
    for tau in range(1, T):
        m = T - tau
        delta = min(s * tau, 2 * eta * K * tau, D)
        best = min(best, (delta + s * m) ** 2 / m)
    return alpha / (2 * sigma**2) * best


def _window_min(c, s, delta, m):
    if delta <= 0:
        return m * s**2
    w = [c ** (-k) for k in range(1, m + 1)]

    def excess(mu):
        return mpmath.fsum(wk * max(0, mu * wk - s) for wk in w) - delta

    lo, hi = mpmath.mpf(0), (s + delta) / min(w) + 1
    while excess(hi) < 0:
        hi *= 2
    for _ in range(mpmath.mp.prec + 10):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if excess(mid) < 0 else (lo, mid)
    mu = (lo + hi) / 2
    return mpmath.fsum(max(s, mu * wk) ** 2 for wk in w)


def _thm31_mp(alpha, sigma, eta, K, n, D, T, c):
    """Theorem 3.1 for any c > 0 in mpmath (water-filling by bisection; see the module docstring)."""
    alpha, sigma, eta, K, n, D, c = map(_mpq, (alpha, sigma, eta, K, n, D, c))
    s = 2 * eta * K / n
    best = T * s**2
    for tau in range(1, T):
        delta = min(s * mpmath.fsum(c**t for t in range(tau)), 2 * eta * K * tau, D)
        best = min(best, _window_min(c, s, delta, T - tau))
    return alpha / (2 * sigma**2) * best


def _contains(ball, x) -> bool:
    lo, hi = endpoints(ball)
    if isinstance(x, Fr):
        return lo <= x <= hi
    return _mpq(lo) <= x <= _mpq(hi)


def _near_tie_diameter(m: int, offset: str) -> Fr:
    """D within ``offset`` of s√(m(m + 1)) (s = 1/50), where windows m and m + 1 of the c = 1 bound tie."""
    with mpmath.workdps(90):
        return Fr(mpmath.nstr(mpmath.sqrt(m * (m + 1)) / 50 + mpmath.mpf(offset), 80))


@pytest.mark.parametrize("m,offset", [(16, "1e-44"), (18, "-1e-44"), (29, "1e-44")])
def test_convex_certified_ball_holds_the_exact_minimum_at_a_near_tie(m, offset):
    """The search ran at 40 digits and the ball was the objective at its window: at D = s√(16·17) + 1e-44 it took
    window 16 (τ = 184) for 17, and the 300-bit ball lay 9.2e-46 relative above the exact minimum (5.4e-46 at 29)."""
    D = _near_tie_diameter(m, offset)
    v = dict(alpha=Fr(2), sigma=Fr(1), eta=Fr(1, 10), K=Fr(1), n=Fr(10), D=D, T=Fr(200), L=Fr(1))
    exact = _convex_exact(v["alpha"], v["sigma"], v["eta"], v["K"], v["n"], D, 200)
    ball = _C_CONVEX({k: sp.Rational(x.numerator, x.denominator) for k, x in v.items()}, 300)
    assert _contains(ball, exact)


def test_nonconvex_certified_ball_at_c_a_hair_above_1_near_a_tie():
    """c = 1 + 10⁻⁶¹ rounds to 1 in the search; the tie of the c = 1 case stays (the c-correction is ~1e-59)."""
    D = _near_tie_diameter(16, "1e-44")
    v = dict(alpha=Fr(2), sigma=Fr(1), eta=Fr(1, 10), K=Fr(1), n=Fr(10), D=D, T=Fr(200), L=Fr(1, 10**60))
    ball = _C_NONCONVEX({k: sp.Rational(x.numerator, x.denominator) for k, x in v.items()}, 150)
    exact_c1 = _convex_exact(v["alpha"], v["sigma"], v["eta"], v["K"], v["n"], D, 200)
    lo, hi = endpoints(ball)
    # c > 1 only raises Δ_τ's first term and lowers the weights: the bound moves by < 1e-55 relative
    assert abs((lo + hi) / 2 - exact_c1) < Fr(1, 10**55) * exact_c1


_fr = lambda lo, hi, den: st.builds(Fr, st.integers(lo, hi), st.just(den))  # noqa: E731


#: Random exact inputs of Theorems 3.1 and 3.7 (α, σ, η, K, n, D, L as small-denominator rationals).
_INPUTS = dict(
    alpha=_fr(11, 400, 10),
    sigma=_fr(1, 40, 10),
    eta=_fr(1, 20, 100),
    K=_fr(1, 5, 1),
    n=_fr(1, 20, 1),
    D=_fr(1, 60, 10),
    L=_fr(1, 30, 10),
)
_SETTINGS = settings(
    max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)


@_SETTINGS
@given(**_INPUTS, T=st.integers(1, 9), m=_fr(1, 9, 10))
def test_certifiers_hold_the_theorem_on_random_rationals(alpha, sigma, eta, K, n, D, T, L, m):
    v = dict(alpha=alpha, sigma=sigma, eta=eta, K=K, n=n, D=D, T=Fr(T), L=L, m=m)
    exact = {k: sp.Rational(x.numerator, x.denominator) for k, x in v.items()}
    assert _contains(_C_CONVEX(exact, 100), _convex_exact(alpha, sigma, eta, K, n, D, T))
    with mpmath.workdps(45):
        for cert, c in ((_C_NONCONVEX, 1 + eta * L), (_C_STRONG, 1 - eta * m)):
            assert _contains(cert(exact, 100), _thm31_mp(alpha, sigma, eta, K, n, D, T, c))


def _holder_lambda1_mp(alpha, sigma, eta, K, n, D, L, T):
    """Theorem 3.7 at λ = 1 in mpmath: g(x) = (1 + ηL)x is linear, so the backward recursion A_{t−1} = h(A_t + a_{t−1})
    gives A_τ = Σ_k c^{−k} a_k (c = 1 + ηL) and (14) is Σ_k c^{−k} a_k ≥ D_τ, with D_t of (15):
    D_0 = 0, D_t = min(g(D_{t−1}) + s, D_{t−1} + 2ηK, D).  Each window's water-filling by its KKT conditions: the j
    largest weights active at the level μ_j = (D_τ + sΣw)/Σw² of those j, checked against the (j+1)-th."""
    alpha, sigma, eta, K, n, D, L = map(_mpq, (alpha, sigma, eta, K, n, D, L))
    s, c = 2 * eta * K / n, 1 + eta * L
    track = [mpmath.mpf(0)]
    for _ in range(T):
        d = track[-1]
        track.append(min(c * d + s, d + 2 * eta * K, D))
    best = T * s**2
    for tau in range(1, T):
        m, delta = T - tau, track[tau]
        w = [c ** (-k) for k in range(1, m + 1)]  # decreasing (c ≥ 1)
        for j in range(1, m + 1):
            W1, W2 = mpmath.fsum(w[:j]), mpmath.fsum(x * x for x in w[:j])
            mu = (delta + s * W1) / W2
            if mu * w[j - 1] >= s and (j == m or mu * w[j] <= s):
                best = min(best, (delta + s * W1) ** 2 / W2 + (m - j) * s**2)
                break
    return alpha / (2 * sigma**2) * best


def test_holder_certified_ball_at_lambda_1_is_the_exact_minimum_at_a_near_tie():
    """At λ = 1 the certifier encloses the objective at the water-filling of the window its search chose, the last
    shift raised to an upper bound of the residual (a feasible point, so the ball may sit a radius above the
    minimum, never below it).  The search ran at 40 digits: at D = s√(16·17) + 1e-44, ηL = 1e-60 it took the wrong
    one of two windows ~1e-46 apart, and the 300-bit ball lay that far above the exact minimum."""
    from derivations.chien_li.bounds import _holder_bound_certify

    prec = 300
    D = _near_tie_diameter(16, "1e-44")
    v = dict(alpha=Fr(2), sigma=Fr(1), eta=Fr(1, 10), K=Fr(1), n=Fr(10), D=D, T=Fr(70), L=Fr(1, 10**60), lam=Fr(1))
    lo, hi = endpoints(_holder_bound_certify({k: sp.Rational(x.numerator, x.denominator) for k, x in v.items()}, prec))
    with mpmath.workdps(120):
        exact = _holder_lambda1_mp(v["alpha"], v["sigma"], v["eta"], v["K"], v["n"], D, v["L"], 70)
        assert _mpq(hi) >= exact  # a valid bound
        assert _mpq(lo) <= exact * (1 + mpmath.mpf(2) ** -(prec - 8))  # the minimum, to the ball's accuracy


@_SETTINGS
@given(**_INPUTS, T=st.integers(1, 12))
def test_holder_certifier_at_lambda_1_on_random_rationals(alpha, sigma, eta, K, n, D, T, L):
    from derivations.chien_li.bounds import _holder_bound_certify

    prec = 100
    v = dict(alpha=alpha, sigma=sigma, eta=eta, K=K, n=n, D=D, T=Fr(T), L=L, lam=Fr(1))
    lo, hi = endpoints(_holder_bound_certify({k: sp.Rational(x.numerator, x.denominator) for k, x in v.items()}, prec))
    with mpmath.workdps(50):
        exact = _holder_lambda1_mp(alpha, sigma, eta, K, n, D, L, T)
        assert _mpq(hi) >= exact
        assert _mpq(lo) <= exact * (1 + mpmath.mpf(2) ** -(prec - 8))


def test_certifiers_at_an_algebraic_sigma():
    """σ = √2 (only α/(2σ²) enters): the certifiers read sp.Rational(σ) and raised TypeError."""
    from derivations.chien_li.bounds import _holder_bound_certify

    v = dict(alpha=Fr(3), eta=Fr(1, 10), K=Fr(1), n=Fr(10), D=Fr(1, 2), T=Fr(30), L=Fr(1), lam=Fr(1), m=Fr(1, 2))
    exact = {k: sp.Rational(x.numerator, x.denominator) for k, x in v.items()}
    exact["sigma"] = sp.sqrt(2)
    with mpmath.workdps(45):
        args = (v["alpha"], Fr(1), v["eta"], v["K"], v["n"], v["D"], 30)
        assert _contains(_C_CONVEX(exact, 100), _convex_exact(*args) / 2)  # σ² = 2 for the σ = 1 oracle
        assert _contains(_C_NONCONVEX(exact, 100), _thm31_mp(*args, 1 + v["eta"] * v["L"]) / 2)
        lo, hi = endpoints(_holder_bound_certify(exact, 100))
        ref = _holder_lambda1_mp(v["alpha"], Fr(1), v["eta"], v["K"], v["n"], v["D"], v["L"], 30) / 2
        assert _mpq(hi) >= ref and _mpq(lo) <= ref * (1 + mpmath.mpf(2) ** -92)


def test_a_transcendental_sigma_is_refused_by_name():
    from symbolic.certify import NotCertifiable

    exact = dict(alpha=3, sigma=sp.pi, eta=sp.Rational(1, 10), K=1, n=10, D=sp.Rational(1, 2), T=30, L=1)
    with pytest.raises(NotCertifiable, match="sigma"):
        _C_CONVEX({k: sp.sympify(x) for k, x in exact.items()}, 100)
