"""The sampled Gaussian mechanism's shared pieces: parameters, the moments' integrands and their quadrature.

One home for what ``privacy/sgm-rdp`` (:mod:`.sgm`), its mpmath fallback for T steps (:mod:`.sgm_mpmath`)
and ``privacy/sgm-epsilon`` (:mod:`.sgm_accounting`) share, so none of them imports another's private
names and the three form no import circle.  With μ₀ = N(0, σ²), μ₁ = N(1, σ²) and the mixture
μ = (1 − q) μ₀ + q μ₁ (Mironov, Talwar & Zhang 2019, §3):

* :data:`ratio` = μ(z)/μ₀(z), :func:`a_integrand` μ₀ (μ/μ₀)^power (A_α for power = α, B_α for 1 − α),
  compiled as :data:`integrand_forward` / :data:`integrand_reverse` (arguments q, σ, α, z);
* :data:`a_binomial`, the integer-α sum (MTZ §3.2), and its compiled term :data:`binomial_term` (q, σ, α, k);
* :func:`moment_quadrature`, the checked quadrature of either integrand over ℝ;
* :data:`SGM_HYPOTHESES` (0 ≤ q ≤ 1, α > 1), the parameters ``q`` and ``sigma`` and :data:`MTZ`.

Adds no formula or claim to the toolkit.
"""

from __future__ import annotations

import functools

import mpmath
import sympy as sp

from symbolic.errors import EvaluationError
from symbolic.hypotheses import Hypothesis
from symbolic.evaluate.expressions import lambdify_mpmath
from symbolic.params import nonnegative, positive

from .gaussian import ALPHA_GT_1, alpha_param, gaussian_density

#: Integer orders up to this use the exact binomial sum (α + 1 terms); larger ones (α = 1e50
#: would be 10^50 terms) the quadrature of the definition, like fractional orders (the evaluator,
#: sgm.py, and the certifier, sgm_arb.py, alike).
MAX_BINOMIAL_TERMS = 100_000

q_param = nonnegative("q", "Poisson sampling rate q ∈ [0, 1]")
sigma_param = positive("sigma", "noise multiplier σ > 0 (noise standard deviation for sensitivity 1)")
q, sigma, alpha = q_param.symbol, sigma_param.symbol, alpha_param.symbol
z = sp.Symbol("z", real=True)
k = sp.Symbol("k", integer=True, nonnegative=True)

MTZ = "Mironov, Talwar & Zhang 2019 (arXiv 1908.10530)"
#: The hypotheses of the SGM's RDP formulas.
SGM_HYPOTHESES = [Hypothesis(sp.Symbol("q") <= 1, "0 ≤ q ≤ 1"), Hypothesis(sp.Symbol("alpha") > 1, ALPHA_GT_1)]

#: likelihood ratio μ(z)/μ₀(z) of the mixture against the base Gaussian
ratio = 1 - q + q * sp.exp((2 * z - 1) / (2 * sigma**2))
mu0 = gaussian_density(z, 0, sigma)


def a_integrand(power):
    """μ₀(z) (μ(z)/μ₀(z))^power: A_α for power = α, B_α for power = 1 − α."""
    return mu0 * ratio**power


#: A_α for integer α (MTZ 2019 §3.2): binomial expansion of the ratio, term by term.
a_binomial = sp.Sum(
    sp.binomial(alpha, k) * (1 - q) ** (alpha - k) * q**k * sp.exp((k**2 - k) / (2 * sigma**2)), (k, 0, alpha)
)

#: The integrands' arguments, in order.
INTEGRAND_SYMBOLS = (q, sigma, alpha, z)
integrand_forward = lambdify_mpmath(INTEGRAND_SYMBOLS, a_integrand(alpha))
integrand_reverse = lambdify_mpmath(INTEGRAND_SYMBOLS, a_integrand(1 - alpha))
#: One term of :data:`a_binomial` (arguments q, σ, α, k).
binomial_term = lambdify_mpmath((q, sigma, alpha, k), a_binomial.function)


def to_mpf(v: sp.Rational) -> mpmath.mpf:
    """An exact rational as an mpf at the working precision."""
    return mpmath.mpf(int(v.p)) / int(v.q)


def moment_quadrature(integrand, qv, sv, av) -> mpmath.mpf:
    """∫ integrand(q, σ, α, z) dz over ℝ by mpmath quadrature with the error estimate checked (see
    :func:`_moment_quadrature`), remembered per (integrand, q, σ, α, working precision): Chien & Li's S_α(q, σ)
    is the same moment for every T, β and λ of Theorem 3.12, and one evaluation of the theorem asked for it
    twice per run of the precision loop (~75 % of its cost; notebook 02's Figure 1 spent ~10 CPU s there).
    The value depends on nothing else (mpmath's quadrature is deterministic at a given precision), so a
    remembered value is the one a fresh quadrature would return; a failed one is not remembered."""
    return _remembered_quadrature(integrand, qv, sv, av, mpmath.mp.prec)


@functools.lru_cache(maxsize=1024)
def _remembered_quadrature(integrand, qv, sv, av, prec: int) -> mpmath.mpf:
    with mpmath.workprec(prec):
        return _moment_quadrature(integrand, qv, sv, av)


def _moment_quadrature(integrand, qv, sv, av) -> mpmath.mpf:
    """∫ integrand(q, σ, α, z) dz over ℝ by mpmath quadrature with the error estimate checked.

    Break points: 0 and 1/2 (where the ratio changes regime) and the peak z ≈ α of
    μ₀ e^{αz/σ²} (and its mirror for the reverse moment), so each piece is unimodal.
    Pieces at most 16·min(σ, σ²) wide are integrated by Gauss–Legendre (degree ≤ 6: at most
    189 nodes a piece), the others (the infinite ends included) by tanh-sinh (degree ≤ 10, the
    previous rule for every piece); if the summed error estimate is not below the working
    precision, the Gauss–Legendre pieces are integrated again by tanh-sinh.  On the smooth pieces here Gauss–Legendre reaches the working precision
    with about a third of tanh-sinh's nodes (e.g. 990 instead of 2756 integrand evaluations for
    q = 1/100, σ = 1, α = 8 at 35 digits).
    Raises :class:`EvaluationError` if the estimated error is not below the working precision.
    """
    # ±2^j σ (j = 0..10): μ₀'s own scale, which the other points miss entirely when σ ≪ 1
    # (σ = 1e-90); the ladder resolves each of its tails down to e^{-2^19}.  Its points beyond
    # reach = max(1, |α|, |1 − α|) + σ√(2 (prec + 64) log 2), where both Gaussians that bound the
    # integrand (centred at 0 and at α or 1 − α, scale σ) are below 2^-(prec+64) of their peaks, are
    # left out: they only cut the far tails into pieces of a negligible integrand (12 of 26 pieces
    # at σ = 1, 35 evaluations each); the infinite end pieces integrate those tails whole.
    reach = max(mpmath.mpf(1), abs(av), abs(1 - av)) + sv * mpmath.sqrt(2 * (mpmath.mp.prec + 64) * mpmath.ln2)
    ladder = [x for x in (sv * 2**j for j in range(11)) if x <= reach]
    pts = sorted({mpmath.mpf(0), mpmath.mpf(1) / 2, av, 1 - av, *ladder, *(-x for x in ladder)})
    f = lambda t: integrand(qv, sv, av, t)  # noqa: E731
    tolerance = mpmath.mpf(2) ** (8 - mpmath.mp.prec)
    # Gauss–Legendre only on pieces at most 16·min(σ, σ²) wide: the integrand's features (μ₀'s and the second
    # peak's width σ at a break point, the ratio's step at z = 1/2 of width σ² in z) then span many nodes at
    # every degree, so comparing two degrees estimates the error.  A feature much narrower than its piece sits
    # between Gauss–Legendre's nodes at both degrees, which then agree on a wrong value (σ = 1e-8, α = 5/2: half
    # the peak at z = α was missed, error estimate ~1e-40); tanh-sinh's nodes crowd at the piece's ends and see it.
    narrow = 16 * min(sv, sv * sv)
    ends = [-mpmath.inf, *pts, mpmath.inf]
    short = [(a, b) for a, b in zip(ends, ends[1:]) if mpmath.isfinite(a) and mpmath.isfinite(b) and b - a <= narrow]
    wide = [(a, b) for a, b in zip(ends, ends[1:]) if (a, b) not in short]

    def integrate(pieces, **options):
        parts = [mpmath.quad(f, [a, b], error=True, **options) for a, b in pieces]
        return mpmath.fsum(v for v, _ in parts), mpmath.fsum(e for _, e in parts)

    value, err = integrate(wide, maxdegree=10)
    core, err_core = integrate(short, maxdegree=6, method="gauss-legendre")
    if not err + err_core <= abs(value + core) * tolerance:
        core, err_core = integrate(short, maxdegree=10)
    value, err = value + core, err + err_core
    if not err <= abs(value) * tolerance:
        raise EvaluationError(
            f"sgm-rdp: quadrature error estimate {mpmath.nstr(err, 3)} too large "
            f"for the working precision (q={qv}, sigma={sv}, alpha={av})"
        )
    return value


__all__ = [
    "MTZ",
    "SGM_HYPOTHESES",
    "INTEGRAND_SYMBOLS",
    "a_binomial",
    "a_integrand",
    "alpha",
    "binomial_term",
    "integrand_forward",
    "integrand_reverse",
    "k",
    "moment_quadrature",
    "mu0",
    "q",
    "q_param",
    "ratio",
    "sigma",
    "sigma_param",
    "to_mpf",
    "z",
]
