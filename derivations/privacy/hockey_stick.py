"""Hockey-stick divergence between unit-variance Gaussians.

E_{e^ε}(N(r, 1) ‖ N(0, 1)) = Q(ε/r − r/2) − e^ε Q(ε/r + r/2), with the Gaussian
tail Q(x) = erfc(x/√2)/2 (Balle & Wang 2018, Thm 8; Dong, Roth & Su 2022, Cor. 2.13;
the θ_ε(r) of Asoodeh & Diaz 2023).  Evaluated through erfc, never 1 − Φ, so it
stays accurate for large r and for δ far below 1e-16.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic.formula import Formula
from symbolic.params import nonnegative, positive
from . import toolkit
from .normal import NormalDensity

eps_param = nonnegative("eps", "privacy level ε ≥ 0")
r_param = positive("r", "distance between the means, in units of the standard deviation")
eps, r = eps_param.symbol, r_param.symbol


def gaussian_tail(x):
    """Q(x) = P[N(0,1) > x] = erfc(x/√2)/2."""
    return sp.erfc(x / sp.sqrt(2)) / 2


gaussian_hockey_stick = toolkit.add(
    Formula(
        toolkit.id("gaussian-hockey-stick"),
        gaussian_tail(eps / r - r / 2) - sp.exp(eps) * gaussian_tail(eps / r + r / 2),
        [eps_param, r_param],
        toolkit.source(
            "Gaussian hockey-stick divergence E_{e^ε}(N(r,1) ‖ N(0,1))",
            (),
            "derived",
            "Balle & Wang 2018 Thm 8; Dong, Roth & Su 2022 Cor. 2.13",
        ),
        title="Q(ε/r − r/2) − e^ε Q(ε/r + r/2)",
    )
)


# ---------------------------------------------------------------------------
# Claims.  (gdp-delta at μ = r is the identity `privacy/gdp-delta/equals-hockey-stick`.)
from symbolic.claims import Identity, Limit  # noqa: E402
from symbolic.claims.numeric import QuadratureCheck  # noqa: E402

_SRC = toolkit.source(
    "Gaussian hockey-stick divergence E_{e^ε}(N(r,1) ‖ N(0,1))",
    (),
    "derived",
    "Balle & Wang 2018 Thm 8; Dong, Roth & Su 2022 Cor. 2.13",
)


def _std_normal_pdf(z):
    return sp.exp(-(z**2) / 2) / sp.sqrt(2 * sp.pi)


_theta = gaussian_hockey_stick.expr

toolkit.add(
    Identity(
        toolkit.id("gaussian-hockey-stick/d-dr"),
        lhs=sp.diff(_theta, r),
        rhs=_std_normal_pdf(eps / r - r / 2),
        statement="∂/∂r [Q(ε/r − r/2) − e^ε Q(ε/r + r/2)] = φ(ε/r − r/2)",
        source=_SRC,
        covers=[gaussian_hockey_stick.id],
    )
)
toolkit.add(
    Identity(
        toolkit.id("gaussian-hockey-stick/d-deps"),
        lhs=sp.diff(_theta, eps),
        rhs=-sp.exp(eps) * gaussian_tail(eps / r + r / 2),
        statement="∂/∂ε [Q(ε/r − r/2) − e^ε Q(ε/r + r/2)] = −e^ε Q(ε/r + r/2)",
        source=_SRC,
        covers=[gaussian_hockey_stick.id],
    )
)


def hockey_stick_quadrature(values) -> "mpmath.mpf":
    """E_{e^ε}(N(r,1) ‖ N(0,1)) = ∫ (φ(x − r) − e^ε φ(x))_+ dx straight from the definition.

    mpmath tanh-sinh quadrature at the current precision; the range is split at the kink
    x = ε/r + r/2 (where φ(x − r) = e^ε φ(x)) so each piece is smooth.  Independent of the
    closed form: used to *check* that the formula is the hockey-stick divergence.
    """
    import mpmath

    e_mp, r_mp = values["eps"], values["r"]
    gamma = mpmath.exp(e_mp)
    phi = NormalDensity(1)

    def integrand(t):
        return max(phi(t, r_mp) - gamma * phi(t), 0)  # φ(t − r) − e^ε φ(t)

    kink = e_mp / r_mp + r_mp / 2
    return mpmath.quad(integrand, [-mpmath.inf, kink, mpmath.inf])


toolkit.add(
    QuadratureCheck(
        toolkit.id("gaussian-hockey-stick/is-hockey-stick-divergence"),
        hockey_stick_quadrature,
        _theta,
        "∫ (φ(x − r) − e^ε φ(x))_+ dx = Q(ε/r − r/2) − e^ε Q(ε/r + r/2), i.e. the formula is "
        "E_{e^ε}(N(r,1) ‖ N(0,1)) (high-precision quadrature of the definition at sample points)",
        _SRC,
        samples=8,
        hints=[{"eps": 1, "r": 1}, {"eps": 0, "r": 2}, {"eps": 3, "r": sp.Rational(1, 2)}, {"eps": 5, "r": 3}],
        covers=[gaussian_hockey_stick.id],
    )
)

_eps_pos = sp.Symbol("eps", positive=True)
toolkit.add(
    Limit(
        toolkit.id("gaussian-hockey-stick/limit-r-0"),
        _theta.subs(eps, _eps_pos),
        r,
        0,
        0,
        "E_{e^ε}(N(r,1) ‖ N(0,1)) → 0 as r → 0⁺ for every ε > 0 (identical distributions)",
        _SRC,
        direction="+",
        covers=[gaussian_hockey_stick.id],
    )
)
toolkit.add(
    Limit(
        toolkit.id("gaussian-hockey-stick/limit-r-0-eps-0"),
        _theta.subs(eps, 0),
        r,
        0,
        0,
        "E_1(N(r,1) ‖ N(0,1)) = TV = 1 − 2Q(r/2) → 0 as r → 0⁺ (the case ε = 0)",
        _SRC,
        direction="+",
        covers=[gaussian_hockey_stick.id],
    )
)
toolkit.add(
    Limit(
        toolkit.id("gaussian-hockey-stick/limit-r-infinity"),
        _theta,
        r,
        sp.oo,
        1,
        "E_{e^ε}(N(r,1) ‖ N(0,1)) → 1 as r → ∞ (perfectly distinguishable)",
        _SRC,
        covers=[gaussian_hockey_stick.id],
    )
)
toolkit.add(
    Limit(
        toolkit.id("gaussian-hockey-stick/limit-eps-infinity"),
        _theta,
        eps,
        sp.oo,
        0,
        "E_{e^ε}(N(r,1) ‖ N(0,1)) → 0 as ε → ∞ for every r > 0",
        _SRC,
        covers=[gaussian_hockey_stick.id],
    )
)
