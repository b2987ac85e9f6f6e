"""App. A — Lemma A.3 (GDP ⇄ (ε, δ)), as the toolkit's formulas under this paper's IDs, and the
constant bookkeeping of Theorem C.16's lower-bound proof (errata E5, E6).
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import Formula, Identity, Inequality
from symbolic.errors import EvaluationError
from symbolic.evaluate.expressions import lambdify_mpmath
from symbolic.claims.numeric import NumericIdentity
from symbolic.evaluate.inverse import Inverse
from derivations.privacy.gdp import delta_lt_1, delta_param, gdp_delta, gdp_epsilon, mu_param
from derivations.privacy.hockey_stick import eps_param, gaussian_tail

from .common import paper, src

lemA3_delta = paper.add(
    Formula(
        paper.id("lem-a.3-delta"),
        gdp_delta.expr,
        [mu_param, eps_param],
        src("Lemma A.3", (), "printed", "Balle & Wang 2018 Thm 8; the toolkit's privacy/gdp-delta under this ID"),
        title="δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)",
        numeric=gdp_delta.numeric,
    )
)
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
    lem-a.3-delta/t-coordinate and its -complement prove D and 1 − D),
        D(t) = Q(t) − φ(t) M(t + μ),   D′(t) = −μ φ(t) M(t + μ) < 0,
    with M Mills' ratio (:func:`_mills`).  In ε the root ε ≈ μ²/2 carries t only in its last
    log2(μ) bits, and e^ε, Q(ε/μ + μ/2) leave mpmath's erfc at μ ~ 1e150 (μ = 3e300: ε = 4.5e600);
    in t both terms are moderate (M(t + μ) ≤ 1/(t + μ)) and no precision grows with μ.  Safeguarded Newton on log D(t) − log δ (δ > 1/2: log(1 − D(t)) − log(1 − δ)) inside
    [lo, hi] where D(lo) > δ ≥ D(hi): hi doubles from 1, lo from −1 (at most to −μ/2, where ε = 0)."""
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
    tol = mpmath.mpf(2) ** (10 - mpmath.mp.prec)
    t = (lo + hi) / 2
    for it in range(4 * mpmath.mp.prec + 100):
        below, res, slope = step(t)
        if below:
            lo = t
        else:
            hi = t
        if hi - lo <= tol * max(1, abs(t)):
            return mu * ((lo + hi) / 2 + mu / 2)
        new = None
        if slope and it % 3 != 2:  # every third step bisects
            new = t - res / slope
            if abs(new - t) <= tol * max(1, abs(t)):
                return mu * (new + mu / 2)
        if new is None or not (lo < new < hi):
            new = (lo + hi) / 2
        t = new
    raise EvaluationError("bok-su-altschuler/lem-a.3-epsilon: Newton iteration (large μ) did not converge")


def _epsilon_newton(values, dps):
    """ε(δ): safeguarded Newton on log δ_μ(ε) − log δ (d/dε log δ = −e^ε Q(ε/μ + μ/2)/δ_μ(ε)), inside a
    doubling bracket, at the working precision (the caller's Ziv loop raises it until two runs agree).
    Same root as the toolkit's generic Inverse, which needs minutes at δ = 1e-300 (claim
    lem-a.3-epsilon-is-toolkit compares the two)."""
    mu = mpmath.mpf(int(values["mu"].p)) / int(values["mu"].q)
    target = mpmath.mpf(int(values["delta"].p)) / int(values["delta"].q)
    if mu >= _LARGE_MU:
        return _epsilon_large_mu(mu, values["delta"], target)
    f = lambda e: _delta_fn(mu, e)  # noqa: E731
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
    x = (lo + hi) / 2
    tol = mpmath.mpf(2) ** (10 - mpmath.mp.prec)
    for it in range(4 * mpmath.mp.prec + 100):
        fx = f(x)
        if fx > target:
            lo = x
        else:
            hi = x
        if hi - lo <= tol * max(1, abs(hi)):
            return (lo + hi) / 2
        new = None
        if fx > 0 and it % 3 != 2:  # every third step bisects: the bracket halves at least that often
            h = mpmath.log(fx) - log_t
            dh = -mpmath.exp(x) * mpmath.erfc((x / mu + mu / 2) / mpmath.sqrt(2)) / 2 / fx
            if dh:
                new = x - h / dh
                if abs(new - x) <= tol * max(1, abs(x)):
                    return new
        if new is None or not (lo < new < hi):
            new = (lo + hi) / 2
        x = new
    raise EvaluationError("bok-su-altschuler/lem-a.3-epsilon: Newton iteration did not converge")


lemA3_eps = paper.add(
    Formula(
        paper.id("lem-a.3-epsilon"),
        gdp_epsilon.expr,
        [mu_param, delta_param],
        src("Lemma A.3, inverted", (), "derived", "the toolkit's privacy/gdp-epsilon under this ID"),
        hypotheses=[delta_lt_1],
        title="ε(δ) = min{ε ≥ 0 : δ_μ(ε) ≤ δ} (0 when δ_μ(0) ≤ δ)",
        inverse=Inverse(lemA3_delta, solve_for="eps", target="delta", algorithm=_epsilon_newton),
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3-is-toolkit"),
        lhs=lemA3_delta.expr,
        rhs=gdp_delta.expr,
        statement="lem-a.3-delta is privacy/gdp-delta (one expression, two IDs)",
        source=src("Lemma A.3", (), "derived"),
        covers=[lemA3_delta.id, gdp_delta.id],
    )
)


# The coordinate _epsilon_large_mu solves in: t = ε/μ − μ/2, with M(x) = Q(x)/φ(x) (Mills' ratio).
_t = sp.Symbol("t", real=True)


def _phi(x):
    return sp.exp(-(x**2) / 2) / sp.sqrt(2 * sp.pi)


def _mills_expr(x):
    return gaussian_tail(x) / _phi(x)


_delta_at_t = lemA3_delta.expr.subs(eps_param.symbol, mu_param.symbol * _t + mu_param.symbol**2 / 2)
paper.add(
    Identity(
        paper.id("lem-a.3-delta/t-coordinate"),
        lhs=_delta_at_t,
        rhs=gaussian_tail(_t) - _phi(_t) * _mills_expr(_t + mu_param.symbol),
        statement="δ_μ(ε) at ε = μt + μ²/2 is Q(t) − φ(t)·M(t + μ), M(x) = Q(x)/φ(x) Mills' ratio (e^ε φ(t + μ) = φ(t)): the "
        "form lem-a.3-epsilon's evaluator solves for μ ≥ 64, for every real t",
        source=src("Lemma A.3", (), "derived"),
        covers=[lemA3_delta.id, "bok-su-altschuler/lem-a.3-epsilon"],
    )
)
paper.add(
    Identity(
        paper.id("lem-a.3-delta/t-coordinate-complement"),
        lhs=1 - _delta_at_t,
        rhs=gaussian_tail(-_t) + _phi(_t) * _mills_expr(_t + mu_param.symbol),
        statement="1 − δ_μ(μt + μ²/2) = Q(−t) + φ(t)·M(t + μ): the sum of two positive terms lem-a.3-epsilon's evaluator solves "
        "on for δ > 1/2 (no cancellation), for every real t",
        source=src("Lemma A.3", (), "derived"),
        covers=[lemA3_delta.id, "bok-su-altschuler/lem-a.3-epsilon"],
    )
)


def _dec(x):
    """A sampled mpf as a 30-digit decimal string (the sample points are short rationals, so this is
    exact for the hints; it keeps the evaluator's input precision at 30 digits)."""
    return mpmath.nstr(x, 30)


def _eps_ours(v):
    return lemA3_eps.evaluate(dps=mpmath.mp.dps, mu=_dec(v["mu"]), delta=_dec(v["delta"]))


def _eps_toolkit(v):
    return gdp_epsilon.evaluate(dps=mpmath.mp.dps, mu=_dec(v["mu"]), delta=_dec(v["delta"]))


_m, _d = sp.Symbol("mu", positive=True), sp.Symbol("delta", positive=True)
paper.add(
    NumericIdentity(
        paper.id("lem-a.3-epsilon-is-toolkit"),
        _eps_ours,
        _eps_toolkit,
        "lem-a.3-epsilon (Newton in log space) agrees with privacy/gdp-epsilon (generic inverse) at Table 1's "
        "μ = 0.9925 and 4.714 and at δ = 1e-50",
        src("Lemma A.3, inverted", (), "derived"),
        symbols=[_m, _d],
        hints=[
            {"mu": sp.Rational(9925, 10000), "delta": sp.Rational(1, 10**5)},
            {"mu": sp.Rational(4714, 1000), "delta": sp.Rational(1, 10**5)},
            {"mu": 2, "delta": sp.Rational(1, 10**50)},
        ],
        samples=3,
        digits=20,
        covers=[lemA3_eps.id, gdp_epsilon.id],
        budget=60,
    )
)


def _round_trip(v):
    e = _eps_ours(v)
    return lemA3_delta.evaluate(dps=mpmath.mp.dps, mu=_dec(v["mu"]), eps=mpmath.nstr(e, mpmath.mp.dps + 5))


paper.add(
    NumericIdentity(
        paper.id("lem-a.3-epsilon-round-trip"),
        _round_trip,
        lambda v: v["delta"],
        "δ_μ(ε_μ(δ)) = δ, down to δ = 1e-300 (μ = 2, 37): the inverse keeps every digit far below the float range",
        src("Lemma A.3, inverted", (), "derived"),
        symbols=[_m, _d],
        hints=[
            {"mu": 2, "delta": sp.Rational(1, 10**300)},
            {"mu": 37, "delta": sp.Rational(1, 10**300)},
            {"mu": sp.Rational(1, 10), "delta": sp.Rational(1, 10**3)},
        ],
        samples=3,
        digits=25,
        covers=[lemA3_eps.id, lemA3_delta.id],
        budget=60,
    )
)
mu_ = sp.Symbol("mu", positive=True)
Phi = lambda x: (1 + sp.erf(x / sp.sqrt(2))) / 2  # noqa: E731
paper.add(
    Inequality(
        paper.id("lem-a.3-mu-squared-point"),
        gdp_delta.expr.subs({gdp_delta.symbol("mu"): mu_, gdp_delta.symbol("eps"): mu_**2}),
        "<=",
        Phi(-mu_ / 2),
        "Theorem C.16's use of Lemma A.3: a μ-GDP mechanism is (μ², Φ(−μ/2))-DP, since "
        "δ(μ²) = Φ(−μ/2) − e^{μ²}Φ(−3μ/2) ≤ Φ(−μ/2)",
        src("Theorem C.16, proof", (), "derived"),
        certificate=sp.exp(mu_**2) * sp.erfc(3 * mu_ / (2 * sp.sqrt(2))) / 2,
        covers=[lemA3_delta.id],
    )
)

# ---------------------------------------------------------------------------
# Theorem C.16's constants.
m0 = sp.Symbol("mu_0", positive=True)
paper.add(
    Inequality(
        paper.id("thm-c.16-tail-constant"),
        Phi(sp.Rational(3, 10) * m0 / sp.sqrt(sp.Rational(28, 10))),
        ">=",
        1 - sp.exp(-sp.Rational(9, 56) * m0**2),
        "printed (proof of Theorem C.16): Φ(0.3μ₀/√2.8) ≥ 1 − exp(−(0.9/5.6)μ₀²) (for μ₀ ≥ 1/√(2.8·…))",
        src("Theorem C.16, proof"),
        where=[m0 >= 1],
        hints=[{"mu_0": 3}, {"mu_0": 5}],
        expect="refuted",
        erratum="bok-su-altschuler E5",
    )
)
paper.add(
    Inequality(
        paper.id("thm-c.16-tail-constant-corrected"),
        Phi(sp.Rational(3, 10) * m0 / sp.sqrt(sp.Rational(28, 10))),
        ">=",
        1 - sp.exp(-sp.Rational(9, 560) * m0**2),
        "corrected: Φ(x) ≥ 1 − e^{−x²/2} with x = 0.3μ₀/√2.8 gives exponent 0.09/5.6 (sampled for μ₀ ≥ 1; the "
        "theorem survives since the exp(−(0.01/5.6)μ₀²) term dominates)",
        src("Theorem C.16, proof", (), "corrected"),
        where=[m0 >= 1],
        hints=[{"mu_0": 3}, {"mu_0": 5}],
        expect="checked",
        erratum="bok-su-altschuler E5",
    )
)
tt, xx = sp.Symbol("t", integer=True, positive=True), sp.Symbol("x", positive=True)
paper.add(
    Identity(
        paper.id("thm-c.16-t0-printed"),
        lhs=tt - (tt - sp.ceiling(sp.Rational(4, 5) * xx) + 1),
        rhs=sp.ceiling(sp.Rational(4, 5) * xx),
        statement="printed (Theorem C.16(a)): t₀ = t − ⌈0.8x⌉ + 1 leaves the ⌈0.8x⌉ drift increments of ηL/n the proof adds "
        "between t₀ and t (x = Dn/(ηL))",
        source=src("Theorem C.16(a), proof"),
        hints=[{"x": 2}],
        expect="refuted",
        erratum="bok-su-altschuler E6",
    )
)
paper.add(
    Identity(
        paper.id("thm-c.16-t0-printed-corrected"),
        lhs=tt - (tt - sp.ceiling(sp.Rational(4, 5) * xx)),
        rhs=sp.ceiling(sp.Rational(4, 5) * xx),
        statement="corrected: t₀ = t − ⌈0.8x⌉ (allowed since t ≥ x) has exactly ⌈0.8x⌉ increments; part (b) counts correctly",
        source=src("Theorem C.16(a), proof", (), "corrected"),
        erratum="bok-su-altschuler E6",
    )
)
paper.add(
    Inequality(
        paper.id("thm-c.16-ceiling-bound"),
        sp.ceiling(sp.Rational(4, 5) * xx),
        "<=",
        sp.Rational(14, 5) * xx,
        "Theorem C.16: ⌈0.8x⌉ ≤ 2.8x for x ≥ 1/2 (the variance bound 2.8D²/μ₀²)",
        src("Theorem C.16, proof", (), "derived"),
        where=[xx >= sp.Rational(1, 2)],
        expect="checked",
    )
)
