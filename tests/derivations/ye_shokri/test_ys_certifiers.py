"""Theorem 5.3's Arb certifier (``ye-shokri/thm-5.3-eps``) against Ye & Shokri's (18)–(21) iterated in mpmath.

(18) ε ≤ log S_K^0(α)/(α − 1); (19) S_0^0 = 1; (20) S_k^{j+1} = (b/n)e^{(α−1)αηS_g²/(4σ²b²)} S_k^j + (1 − b/n)(S_k^j)^{(1−ηλ)²}
for j < n/b (read as ⌊n/b⌋); (21) S_{k+1}^0 = S_k^{n/b}.  The oracle imports nothing from the package, iterates S
itself (not its logarithm) at 80 digits, and takes σ² exactly when σ = s·√(η/2).
"""

from __future__ import annotations

from fractions import Fraction as Fr

import mpmath
import pytest
import sympy as sp
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from symbolic import HypothesisError, registry
from symbolic.certify.arb import endpoints


def _mpq(x: Fr) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator


def _thm53(alpha: Fr, eta: Fr, lam: Fr, Sg: Fr, sigma_sq: Fr, b: int, n: int, K: int) -> mpmath.mpf:
    p = _mpq(Fr(b, n))
    E = mpmath.exp(_mpq((alpha - 1) * alpha * eta * Sg**2 / (4 * sigma_sq * b**2)))
    r2 = _mpq((1 - eta * lam) ** 2)
    S = mpmath.mpf(1)
    for _ in range(K):
        for _ in range(n // b):
            S = p * E * S + (1 - p) * S**r2
    return mpmath.log(S) / _mpq(alpha - 1)


def _rat(x: Fr) -> sp.Rational:
    return sp.Rational(x.numerator, x.denominator)


def _ball(prec: int, **values):
    return registry().formula("ye-shokri/thm-5.3-eps").certify(prec, **values)


@settings(max_examples=12, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(
    alpha=st.builds(Fr, st.integers(11, 600), st.sampled_from([1, 3, 10])),
    eta=st.builds(Fr, st.integers(1, 30), st.just(100)),
    lam=st.builds(Fr, st.integers(1, 20), st.just(10)),
    Sg=st.builds(Fr, st.integers(1, 8), st.just(2)),
    s=st.builds(Fr, st.integers(1, 30), st.just(10)),
    algebraic=st.booleans(),
    b=st.integers(1, 6),
    n=st.integers(1, 30),
    K=st.integers(1, 6),
)
def test_certified_ball_holds_the_recursion_on_random_inputs(alpha, eta, lam, Sg, s, algebraic, b, n, K):
    """Rational σ, or σ = s·√(η/2) (an algebraic input whose square is rational)."""
    assume(alpha > 1 and b <= n)
    beta = Fr(2)  # η < 2/(λ + β) with λ ≤ β: the strata below keep η ≤ 0.3 and λ ≤ 2
    assume(lam <= beta and eta < 2 / (lam + beta))
    sigma = _rat(s) * sp.sqrt(_rat(eta) / 2) if algebraic else _rat(s)
    sigma_sq = s * s * eta / 2 if algebraic else s * s
    values = dict(alpha=_rat(alpha), eta=_rat(eta), lam=_rat(lam), Sg=_rat(Sg), sigma=sigma, b=b, n=n, K=K, beta=2)
    try:
        lo, hi = endpoints(_ball(100, **values))
    except HypothesisError:
        assume(False)
    with mpmath.workdps(80):
        exact = _thm53(alpha, eta, lam, Sg, sigma_sq, b, n, K)
        assert _mpq(lo) <= exact <= _mpq(hi)


@pytest.mark.parametrize(
    "alpha,eta,sigma_sq",
    [
        (Fr(4000000004, 10**8), Fr(1, 10), Fr(1)),  # A = 1 + 1e-9, the case of commit 19e34ca
        (Fr(2), Fr(1, 10), Fr(1, 5) + Fr(1, 10**40)),  # σ² a hair above 1/5
        (Fr(3), Fr(1, 10), Fr(1, 20)),  # pE = (1/10)e^{(α−1)A} with A = 3/4 = 1.5/2: pE = 0.448… (convergent)
        (Fr(10), Fr(1, 10), Fr(1, 100)),  # pE = 0.1·e^{225}: far into the divergent regime
    ],
)
def test_certified_ball_at_near_simple_and_regime_inputs(alpha, eta, sigma_sq):
    sigma = sp.sqrt(_rat(sigma_sq))
    values = dict(alpha=_rat(alpha), eta=_rat(eta), lam=1, Sg=1, sigma=sigma, b=1, n=10, K=3, beta=1)
    lo, hi = endpoints(_ball(200, **values))
    with mpmath.workdps(120):
        exact = _thm53(alpha, eta, Fr(1), Fr(1), sigma_sq, 1, 10, 3)
        assert _mpq(lo) <= exact <= _mpq(hi)
