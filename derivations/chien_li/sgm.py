"""Definition 3.11 (Sampled Gaussian Mechanism divergence, eq. (18)) and Theorem 3.12's per-step
composition term (eq. (19); proof (67)–(69)).

* ``chien-li/def-3.11-sgm`` (alpha, q, sigma): S_α(q, σ) = D_α(N(0, σ²) ‖ (1 − q)N(0, σ²) + qN(1, σ²)) in the
  stated direction.  It is the toolkit's ``privacy/sgm-rdp-reverse`` (the *smaller* direction; the toolkit's
  ``privacy/sgm-rdp`` is Mironov–Talwar–Zhang's mixture-first direction), evaluated through it, with q ∈ (0, 1)
  as the definition requires.
* ``chien-li/thm-3.12-sgm-term`` (alpha, b, n, beta, sigma, eta, K): the printed S_α(b/n, β_tσb/(2ηK)) and
  ``chien-li/thm-3.12-sgm-term-corrected``: S_α(b/n, √β_t σb/(2ηK)) — Z_t ~ N(0, β_tσ²I) has standard deviation
  √β_t σ and Lemma A.4 gives S_α(q, σ_Z/R) with R = 2ηK/b (erratum E1).  At b = n (q = 1, outside (0, 1) but the
  limit the check needs) the corrected term is the full-batch composition term αR²/(2β_tσ²) of (75).
"""

from __future__ import annotations

from collections.abc import Mapping

import mpmath
import sympy as sp

from derivations.privacy.gaussian import gaussian_density, gaussian_rdp
from derivations.privacy.normal import NormalDensity
from derivations.privacy.sgm import sgm_rdp, sgm_rdp_reverse
from symbolic import Formula, Identity, Inequality, mpf_to_rational
from symbolic.claims.numeric import NumericIdentity, SampledInequality

from .common import (
    ALPHA_GT_1,
    B_LE_N,
    BETA_LE_1,
    Q_LT_1,
    K,
    alpha,
    b,
    beta,
    eta,
    mp,
    n,
    paper,
    params,
    q,
    sigma,
    src,
)


def S_value(order, sampling_rate, noise_std):
    """S_α(q, σ) of Definition 3.11, eq. (18) (``order`` = α, ``sampling_rate`` = q, ``noise_std`` = σ;
    exact rational inputs) through the toolkit's reverse-direction evaluator."""
    if sampling_rate == 1:  # D_α(N(0,σ²) ‖ N(1,σ²)) = α/(2σ²)
        return mp(order) / (2 * mp(noise_std) ** 2)
    return sgm_rdp_reverse.evaluator(
        {"q": sp.Rational(sampling_rate), "sigma": sp.Rational(noise_std), "alpha": sp.Rational(order)}, mpmath.mp.dps
    )


def _sgm_divergence_evaluator(values: Mapping[str, sp.Rational], dps: int):
    """The evaluator of ``def-3.11-sgm``: S_α(q, σ), Definition 3.11, eq. (18)."""
    return S_value(values["alpha"], values["q"], values["sigma"])


xx = sp.Symbol("x", real=True)
definition = sp.log(
    sp.Integral(
        gaussian_density(xx, 0, sigma) ** alpha
        * ((1 - q) * gaussian_density(xx, 0, sigma) + q * gaussian_density(xx, 1, sigma)) ** (1 - alpha),
        (xx, -sp.oo, sp.oo),
    )
) / (alpha - 1)
def311 = paper.add(
    Formula(
        paper.id("def-3.11-sgm"),
        definition,
        params("alpha", "q", "sigma"),
        src("Definition 3.11, eq. (18)", ("18",)),
        hypotheses=[ALPHA_GT_1, Q_LT_1],
        title="S_α(q, σ) = D_α(N(0, σ²) ‖ (1 − q)N(0, σ²) + qN(1, σ²))",
        evaluator=_sgm_divergence_evaluator,
    )
)
c311 = [def311.id]
_a, _q, _s = sp.Symbol("alpha", positive=True), sp.Symbol("q", positive=True), sp.Symbol("sigma", positive=True)
_HINTS = [{"alpha": 4, "q": "3/10", "sigma": 1}, {"alpha": "5/2", "q": "1/100", "sigma": 2}]


def _quad_definition(v):
    """S_α(q, σ) by direct quadrature of (18) (independent of the toolkit's integrand)."""
    a_, q__, s__ = v["alpha"], v["q"], v["sigma"]
    density = NormalDensity(s__)

    def f(x):
        p0x, p1x = density(x), density(x, 1)  # N(0, σ²) and N(1, σ²) at x
        return p0x**a_ * ((1 - q__) * p0x + q__ * p1x) ** (1 - a_)

    return mpmath.log(mpmath.quad(f, [-mpmath.inf, -a_ * s__, 0, mpmath.mpf(1) / 2, 1, mpmath.inf])) / (a_ - 1)


paper.add(
    NumericIdentity(
        paper.id("def-3.11-sgm/is-toolkit-reverse"),
        _quad_definition,
        lambda v: sgm_rdp_reverse.evaluator(
            {k: sp.Rational(mpmath.nstr(v[k], 50)) for k in ("alpha", "q", "sigma")}, mpmath.mp.dps
        ),
        "S_α(q, σ) of (18) (quadrature of its definition) is the toolkit's privacy/sgm-rdp-reverse D_α(μ₀ ‖ μ), not "
        "privacy/sgm-rdp = D_α(μ ‖ μ₀) (Mironov–Talwar–Zhang's direction)",
        src("Definition 3.11, eq. (18)", ("18",), "derived"),
        symbols=[_a, _q, _s],
        where=[_a > 1, _q < 1, _a <= 12],
        hints=_HINTS,
        samples=4,
        digits=20,
        covers=c311 + [sgm_rdp_reverse.id],
    )
)
paper.add(
    SampledInequality(
        paper.id("def-3.11-sgm/below-mtz-direction"),
        lambda v: S_value(*(sp.Rational(mpmath.nstr(v[k], 50)) for k in ("alpha", "q", "sigma"))),
        "<=",
        lambda v: sgm_rdp.evaluator(
            {k: sp.Rational(mpmath.nstr(v[k], 50)) for k in ("q", "sigma", "alpha")}, mpmath.mp.dps
        ),
        "S_α(q, σ) ≤ D_α((1 − q)N(0, σ²) + qN(1, σ²) ‖ N(0, σ²)) (privacy/sgm-rdp): Chien & Li's direction is the "
        "smaller one (e.g. 0.11710 vs 0.60587 at α = 4, q = 0.3, σ = 1), so do not substitute one for the other",
        src("Definition 3.11, eq. (18)", ("18",), "derived"),
        symbols=[_a, _q, _s],
        where=[_a > 1, _q < 1, sp.Eq(_a, sp.floor(_a))],
        hints=[{"alpha": 4, "q": "3/10", "sigma": 1}, {"alpha": 2, "q": "1/10", "sigma": "1/2"}],
        samples=3,
        digits=15,
        covers=c311 + [sgm_rdp.id],
    )
)
paper.add(
    Identity(
        paper.id("def-3.11-sgm/q-1"),
        lhs=gaussian_rdp(mu=-1),
        rhs=alpha / (2 * sigma**2),
        statement="S_α(1, σ) = D_α(N(0, σ²) ‖ N(1, σ²)) = α/(2σ²): at q = 1 (18) is the equal-variance Gaussian divergence with "
        "mean difference −1, privacy/gaussian-rdp (proved there from the defining integral) — the full-batch term of (75)",
        source=src("Definition 3.11, eq. (18)", ("18", "75"), "derived"),
        covers=c311 + [gaussian_rdp.id],
    )
)

# ---------------------------------------------------------------------------
R_ = 2 * eta * K / b


def _term(root):
    """S_α(b/n, noise) with noise = β^{1/2 or 1} σb/(2ηK); the noise is rounded to the working precision
    (the Ziv loop of the caller raises it until the digits are stable)."""

    def evaluate(values: Mapping[str, sp.Rational], dps: int):
        be = mp(values["beta"])
        noise = (
            (mpmath.sqrt(be) if root else be)
            * mp(values["sigma"])
            * mp(values["b"])
            / (2 * mp(values["eta"]) * mp(values["K"]))
        )
        return S_value(values["alpha"], sp.Rational(values["b"], values["n"]), mpf_to_rational(noise))

    return evaluate


_term_params = params("alpha", "b", "n", "beta", "sigma", "eta", "K")
_hyps = [ALPHA_GT_1, B_LE_N, BETA_LE_1]
S_f = sp.Function("S")
term_printed = paper.add(
    Formula(
        paper.id("thm-3.12-sgm-term"),
        S_f(alpha, b / n, beta * sigma * b / (2 * eta * K)),
        _term_params,
        src("Theorem 3.12, eq. (19)", ("19", "69")),
        hypotheses=_hyps,
        title="S_α(b/n, β_t σ b/(2ηK)) [printed; β should be √β]",
        evaluator=_term(False),
    )
)
term_corrected = paper.add(
    Formula(
        paper.id("thm-3.12-sgm-term-corrected"),
        S_f(alpha, b / n, sp.sqrt(beta) * sigma * b / (2 * eta * K)),
        _term_params,
        src(
            "Theorem 3.12, eq. (19)",
            ("19", "69"),
            "corrected",
            "(19) and (69) print β_tσb/(2ηK), but the proof's noise share Z_t ~ N(0, β_tσ²I) (before (67)) has "
            "standard deviation √β_t σ (erratum chien-li E1)",
        ),
        hypotheses=_hyps,
        title="S_α(b/n, √β_t σ b/(2ηK))",
        evaluator=_term(True),
    )
)
c312 = [term_printed.id, term_corrected.id]
full_batch = alpha * R_**2 / (2 * beta * sigma**2)  # part (A) of (75) with b = n
_E1 = {"alpha": 4, "b": 5, "beta": sp.Rational(3, 10), "sigma": 1, "eta": sp.Rational(1, 10), "K": 2}
paper.add(
    Identity(
        paper.id("thm-3.12/q-1-consistency"),
        lhs=(alpha / (2 * (beta * sigma * b / (2 * eta * K)) ** 2)),
        rhs=full_batch,
        statement="as printed, at b = n (q = 1, S_α(1, σ') = α/(2σ'²)) Theorem 3.12's term S_α(1, β_tσb/(2ηK)) equals the "
        "full-batch composition term αR²/(2β_tσ²) of (75), R = 2ηK/b (counterexample: α = 4, β = 0.3, σ = 1, η = 0.1, "
        "K = 2, b = 5: 0.142222… vs 0.0426667)",
        source=src("Theorem 3.12, eq. (19) vs (75)", ("19", "69", "75")),
        expect="refuted",
        erratum="chien-li E1",
        hints=[_E1],
        covers=c312,
    )
)
paper.add(
    Identity(
        paper.id("thm-3.12/q-1-consistency-corrected"),
        lhs=(alpha / (2 * (sp.sqrt(beta) * sigma * b / (2 * eta * K)) ** 2)),
        rhs=full_batch,
        statement="corrected: S_α(1, √β_tσb/(2ηK)) = αR²/(2β_tσ²), the full-batch term (75), for every β_t ∈ (0, 1]",
        source=src("Theorem 3.12, eq. (19) vs (75)", ("19", "69", "75"), "corrected"),
        erratum="chien-li E1",
        covers=c312,
    )
)
_u = sp.Symbol("u", nonnegative=True)
paper.add(
    Inequality(
        paper.id("thm-3.12/printed-is-looser"),
        ((sp.sqrt(beta) - beta) * sigma * b / (2 * eta * K)).subs(beta, 1 / (1 + _u) ** 2),
        ">=",
        0,
        "√β ≥ β for β = 1/(1 + u)² ∈ (0, 1]: the printed noise multiplier βσb/(2ηK) is at most the correct "
        "√βσb/(2ηK), and S_α decreases in its noise argument, so the printed Theorem 3.12 is valid but loose",
        src("Theorem 3.12, eq. (19)", ("19",), "derived"),
        covers=c312,
    )
)


# --- the proof's per-step term (68) for a shift m_t of norm r ≤ R = 2ηK/b (1-D: rotate m_t onto an axis) -----------
def _quad_term68(v):
    """D_α(N(0, βσ²) ‖ (1 − q)N(0, βσ²) + qN(r, βσ²)) by quadrature of the definition (Definition 2.1)."""
    a_, q__, r_ = v["alpha"], v["q"], v["r"]
    variance = v["beta"] * v["sigma"] ** 2
    density = NormalDensity(variance=variance)
    sd = mpmath.sqrt(variance)

    def f(x):
        p0x = density(x)
        return p0x**a_ * ((1 - q__) * p0x + q__ * density(x, r_)) ** (1 - a_)

    pts = [-mpmath.inf, -a_ * sd - abs(a_ - 1) * r_, 0, r_ / 2, r_, mpmath.inf]
    return mpmath.log(mpmath.quad(f, pts)) / (a_ - 1)


_b68, _r68, _w68 = (sp.Symbol(x, positive=True) for x in ("beta", "r", "w"))
_S68 = [_a, _q, _b68, _s, _r68]
_W68 = [_a > 1, _q < 1, _b68 <= 1, _a <= 8]


def _rat(x):
    return sp.Rational(mpmath.nstr(x, 50))


paper.add(
    NumericIdentity(
        paper.id("thm-3.12/term-68-scaling"),
        _quad_term68,
        lambda v: S_value(_rat(v["alpha"]), _rat(v["q"]), _rat(mpmath.sqrt(v["beta"]) * v["sigma"] / v["r"])),
        "(68)'s per-step term for a shift of norm r: D_α(N(0, β_tσ²) ‖ (1 − b/n)N(0, β_tσ²) + (b/n)N(r, β_tσ²)) (quadrature) "
        "= S_α(b/n, √β_t σ/r) (x ↦ x/r maps it onto Definition 3.11's pair): at r = R = 2ηK/b it is (69)'s corrected "
        "term, with √β_t (erratum E1)",
        src("Theorem 3.12, proof (68)–(69)", ("68", "69", "18"), "derived"),
        symbols=_S68,
        where=_W68,
        hints=[{"alpha": 4, "q": "3/10", "beta": "1/2", "sigma": 1, "r": "2/5"}],
        samples=3,
        digits=20,
        covers=c312,
    )
)
paper.add(
    SampledInequality(
        paper.id("thm-3.12/term-68-increasing-in-shift"),
        lambda v: _quad_term68({**v, "r": v["r"] / (1 + v["w"])}),
        "<=",
        _quad_term68,
        "(68)'s per-step term does not decrease with the shift's norm (r/(1 + w) vs r): the shifts ‖m_t‖ ≤ 2ηK/b "
        "(33)–(36) are bounded by the term at ‖m_t‖ = R, S_α(b/n, √β_t σb/(2ηK)) — the step (68) → (69) for point masses",
        src("Theorem 3.12, proof (68)–(69)", ("68", "69"), "derived"),
        symbols=[*_S68, _w68],
        where=_W68,
        hints=[{"alpha": 4, "q": "3/10", "beta": "1/2", "sigma": 1, "r": "2/5", "w": 1}],
        samples=3,
        digits=15,
        covers=c312,
    )
)
