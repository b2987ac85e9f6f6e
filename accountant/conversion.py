"""A bound's value in its own currency, converted to ε at δ (or δ at ε), as a certified interval.

Conversions (through the privacy toolkit, :mod:`derivations.privacy`):

* **GDP μ** — exactly: ε = ``privacy/gdp-epsilon``(μ, δ), δ = ``privacy/gdp-delta``(μ, ε)
  (Dong, Roth & Su 2022, Cor. 2.13).  μ is enclosed in an Arb ball [μ_lo, μ_hi]; ε and δ
  increase with μ, so the certified balls at μ_lo and μ_hi enclose the exact value.
* **RDP ε(α)** — the best valid conversion (``best`` of :mod:`derivations.privacy.rdp_conversion`:
  Mironov, Balle et al./Canonne–Kamath–Steinke, Asoodeh et al.) minimised over continuous α > 1.
  Every α gives a valid ε, so the search need not be certified: the order α* found is rounded
  to a 12-digit rational, r(α*) is enclosed by the formula's certified evaluation, and the
  conversion (increasing in r) is enclosed at the ends of that ball.  δ at ε uses the Balle
  et al. bound solved for δ, log δ = (α − 1)(r − ε + log(1 − 1/α)) − log α, minimised over α.
* **δ at ε (hockey-stick)** — directly; ε at δ by inverting: the certified ε_hi satisfies
  δ(ε_hi) ≤ δ (a ball whose upper end is ≤ δ), ε_lo has δ(ε_lo) > δ (so the exact inverse of
  the decreasing δ(·) lies in [ε_lo, ε_hi]).  ε = 0 when δ(0) ≤ δ already.
* **ε at δ** — directly; δ at ε by the same inversion in δ, except for a bound declared as an
  :class:`~symbolic.evaluate.inverse.Inverse` (ε*(δ) = min{ε ≥ 0 : F(ε) ≤ δ}, F decreasing, e.g. Asoodeh &
  Diaz (22)): ε*(δ) ≤ ε exactly when F(ε) ≤ δ, so δ at ε is the forward formula F at ε, certified
  directly.  A δ whose certified upper end rounds to 1 is no guarantee (:class:`NotConvertible`).
* **TV bound t** — (ε, t)-DP for every ε ≥ 0: ε = 0 at δ ≥ t, no ε below.

The result's ``epsilon`` (or ``delta``) is the certified upper end, rounded up to
:data:`DIGITS` significant digits: a number the user can quote.  ``interval`` is the certified
enclosure of the bound's exact converted value at the search point, rounded outward.  With
``certify=False`` only the mpmath search value is computed; ``rough=True`` (plots, with
``certify=False``) runs the searches at :data:`ROUGH` accuracy — 15 working digits, a coarser RDP
order scan, inversions to 8 digits — still on the valid side (an inversion returns its upper end, an
RDP order its ε, both ≥ the bound's exact value up to the working precision).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
import sympy as sp

from derivations.privacy.gdp import gdp_delta, gdp_epsilon
from symbolic import EvaluationError, HypothesisError, certify_monotone, endpoints, parse_exact, solve_monotone
from symbolic.certify import CertificationError, NotCertifiable, directed_decimal, enclose
from symbolic.errors import SymbolicError

from .evaluation import BoundAtRun, rational, to_mpf

#: Significant digits of reported values (rounded outward).
DIGITS = 20
#: Bits of relative accuracy of the certified balls.
PREC = 120
#: Working digits of the searches.
SEARCH_DPS = 40


@dataclass(frozen=True)
class Search:
    """How far the uncertified searches go: working digits, points of the RDP order scan (formulas with a
    compiled form; custom algorithms, which cost more per order, get ``slow_points``), the width in
    log(α − 1) where the order search stops (None: the working precision's), and whether an uncertified
    value of a formula computed by an algorithm (an inverse's root finder) is its validated digits (the
    formula's precision loop) or one run of the algorithm at the working precision (a plotted point)."""

    dps: int
    points: int
    slow_points: int
    order_tolerance: float | None
    validated: bool


#: The report's searches: their values are certified next, or printed (15 digits) when a formula has none.
#: The order scan has about one point per unit of log(α − 1) over [log 1e-8, log 1e12]; Brent's method refines
#: the best basin (48 points and ~20 refinements per row, where 120 and ~105 golden-section steps gave the same
#: orders to 12 digits on the three example runs).
FULL = Search(SEARCH_DPS, 48, 40, None, True)
#: A plotted curve's searches (``rough=True``): a figure needs a few digits, not 26.
ROUGH = Search(15, 20, 12, 1e-3, False)


class NotConvertible(SymbolicError):
    """The bound applies but gives no guarantee at the requested target (reason in the message)."""


@dataclass
class Converted:
    """ε at δ (or δ at ε) of one bound at one run."""

    value: str  # the bound's value in its own currency, with the point it was taken at
    target: str  # "epsilon" (ε at the given δ) or "delta" (δ at the given ε)
    estimate: mpmath.mpf  # search value (mpmath), the number plotted
    result: str | None = None  # certified upper end, rounded up
    interval: tuple[str, str] | None = None
    details: dict = field(default_factory=dict)
    certified: bool = True  # False: the formula has no certified enclosure (result/interval None)


def _endpoints(ball) -> tuple[Fraction, Fraction]:
    return endpoints(ball)


def _up(x: Fraction) -> str:
    return directed_decimal(Fraction(x), DIGITS, upward=True)


def _down(x: Fraction) -> str:
    return directed_decimal(Fraction(x), DIGITS, upward=False)


def _interval(lo: Fraction, hi: Fraction) -> tuple[str, str]:
    return _down(max(lo, Fraction(0))), _up(hi)


def _q(x: Fraction) -> sp.Rational:
    x = Fraction(x)
    return sp.Rational(x.numerator, x.denominator)


def _outward(x: Fraction, up: bool) -> sp.Rational:
    """``x`` rounded up (or down) to 32 significant digits: a short exact input for the next step
    (the conversions are monotone, so rounding outward keeps the enclosure valid)."""
    return parse_exact(directed_decimal(Fraction(x), 32, upward=up), "rounded endpoint")


def _mp_str(x, digits: int = 12) -> str:
    return mpmath.nstr(x, digits)


# ---------------------------------------------------------------------------------------
# GDP


def gdp_convert(
    mu_ball, *, delta=None, epsilon=None, certify: bool = True, mu_estimate=None, search: Search = FULL
) -> tuple:
    """(estimate, result, interval) of ε at ``delta`` or δ at ``epsilon`` for μ in ``mu_ball``.

    Both through the toolkit (Dong, Roth & Su 2022, Cor. 2.13): δ at ε is ``privacy/gdp-delta``, ε at δ
    is ``privacy/gdp-epsilon`` (its fast Newton, certified by a bracket on ``gdp-delta`` balls).  Both
    increase with μ, so their certified balls at the outward-rounded ends μ_lo, μ_hi of the μ ball
    enclose the exact value for every μ in it; the estimate is the value at ``mu_estimate``.
    """
    if certify:
        lo, hi = _endpoints(mu_ball)
        lo = max(lo, Fraction(0))
        est_mu = mu_estimate if mu_estimate is not None else to_mpf(_q((lo + hi) / 2))
    else:
        est_mu = mu_estimate
    formula, at = (gdp_epsilon, {"delta": delta}) if delta is not None else (gdp_delta, {"eps": epsilon})
    value = formula.evaluate if search.validated else formula.estimate  # a plotted point: one run, no enclosure
    est = value(search.dps, mu=rational(est_mu), **at)
    if not certify:
        return est, None, None
    up = _endpoints(formula.certify(PREC, mu=_outward(hi, True), **at))[1]
    down = _endpoints(formula.certify(PREC, mu=_outward(lo, False), **at))[0] if lo > 0 else Fraction(0)
    if delta is None:
        up = min(up, Fraction(1))
    return est, _up(up), _interval(down, up)


def _gdp(at: BoundAtRun, free: dict, delta, epsilon, certify: bool, search: Search = FULL) -> Converted:
    mu_est = at.evaluate(search.dps, **free)
    ball = at.ball(PREC, **free) if certify else None
    est, res, iv = gdp_convert(ball, delta=delta, epsilon=epsilon, certify=certify, mu_estimate=mu_est, search=search)
    return Converted(
        f"μ = {_mp_str(mu_est, 15)}",
        "epsilon" if delta is not None else "delta",
        est,
        res,
        iv,
        {"mu": _mp_str(mu_est, 25)},
    )


# ---------------------------------------------------------------------------------------
# RDP

_A, _R, _D, _E = sp.symbols("alpha r delta eps", positive=True)
_CONVERSIONS: dict = {}  # method -> SymPy ε(α, r, δ), filled on the first RDP conversion (_rdp_toolkit)


def _rdp_toolkit():
    """The RDP conversions (:mod:`derivations.privacy.rdp_conversion`), imported on the first RDP row: its
    formulas cost ~0.15 CPU s to build, which a run with no RDP bound (a Poisson or a nonconvex one) need not pay."""
    from derivations.privacy import rdp_conversion

    if not _CONVERSIONS:
        _CONVERSIONS.update({name: fn(_A, _R, _D) for name, fn in rdp_conversion.POINTWISE.items()})
    return rdp_conversion


# Balle et al. solved for log δ at a given ε.
_LOG_DELTA_BALLE = (_A - 1) * (_R - _E + sp.log(1 - 1 / _A)) - sp.log(_A)


def _rdp_conversion_ball(alpha: sp.Rational, r: Fraction, delta: sp.Rational, up: bool) -> tuple:
    """The valid pointwise conversions at (α, r rounded outward, δ) and their exact inputs."""
    names = ["mironov", "balle"] + (["asoodeh-f", "asoodeh-g"] if alpha * delta < 1 else ["asoodeh-h"])
    values = {_A: alpha, _R: _outward(r, up), _D: delta}
    return names, values


def rdp_epsilon_interval(alpha: sp.Rational, r_ball, delta: sp.Rational) -> tuple[Fraction, Fraction]:
    """Certified [lo, hi] of max(0, min_method ε_method(α, r, δ)) for r in ``r_ball``
    (each pointwise bound increases with r)."""
    _rdp_toolkit()
    r_lo, r_hi = _endpoints(r_ball)
    ends = []
    for r, up in ((max(r_lo, Fraction(0)), False), (r_hi, True)):
        names, values = _rdp_conversion_ball(alpha, r, delta, up)
        ends.append([_endpoints(enclose(_CONVERSIONS[n], values, PREC, f"rdp-to-dp[{n}]")) for n in names])
    lo = min(e[0] for e in ends[0])
    hi = min(e[1] for e in ends[1])
    return max(lo, Fraction(0)), max(hi, Fraction(0))


def _rdp(at: BoundAtRun, free: dict, delta, epsilon, certify: bool, search: Search = FULL) -> Converted:
    a_name = at.bound.output.at
    toolkit = _rdp_toolkit()
    minimise_over_alpha, pointwise_epsilon = toolkit.minimise_over_alpha, toolkit.pointwise_epsilon

    def true_r(alpha):
        return at.search_value(validated=search.validated, **{a_name: alpha}, **{k: to_mpf(v) for k, v in free.items()})

    r = true_r
    if at.fast() is None:
        # A custom-algorithm formula can cost seconds per order (a recursion over T steps).  Choose α*
        # on the affine surrogate through r(2) and r(4) — exact for the usual r(α) = αρ — and then
        # evaluate the formula itself at α*: every α gives a valid ε, so the surrogate only steers.
        with mpmath.workdps(search.dps):
            r2, r4 = true_r(mpmath.mpf(2)), true_r(mpmath.mpf(4))
        if mpmath.isfinite(r2) and mpmath.isfinite(r4) and r4 >= r2 >= 0:
            slope = (r4 - r2) / 2

            def r(alpha):
                return r2 + slope * (alpha - 2)

    with mpmath.workdps(search.dps):
        if delta is not None:
            d = to_mpf(delta)

            def objective(alpha):
                v = r(alpha)
                return pointwise_epsilon("best", alpha, v, d) if mpmath.isfinite(v) and v >= 0 else mpmath.inf
        else:
            e = to_mpf(epsilon)
            fn = sp.lambdify((_A, _R, _E), _LOG_DELTA_BALLE, "mpmath")

            def objective(alpha):
                v = r(alpha)
                return fn(alpha, v, e) if mpmath.isfinite(v) and v >= 0 else mpmath.inf

        points = search.points if at.fast() is not None else search.slow_points
        tolerance = None if search.order_tolerance is None else mpmath.mpf(search.order_tolerance)
        best, alpha_star = minimise_over_alpha(objective, points=points, tolerance=tolerance)
    if not mpmath.isfinite(best):
        raise NotConvertible(f"{at.bound.id}: no order α > 1 gives a finite RDP value at this run")
    alpha_q = rational(alpha_star, 12)
    if alpha_q <= 1:
        alpha_q = sp.Rational(1) + sp.Rational(1, 10**8)
    r_est = at.evaluate(search.dps, **{a_name: alpha_q}, **free)
    value = f"ε_RDP(α = {alpha_q if alpha_q.q < 10**6 else _mp_str(to_mpf(alpha_q))}) = {_mp_str(r_est, 15)}"
    details = {
        "alpha": str(alpha_q),
        "alpha_shown": str(alpha_q) if alpha_q.q < 10**6 else _mp_str(to_mpf(alpha_q)),
        "rdp": _mp_str(r_est, 25),
    }
    if delta is not None:
        with mpmath.workdps(search.dps):
            est = max(pointwise_epsilon("best", to_mpf(alpha_q), r_est, to_mpf(delta)), mpmath.mpf(0))
        if not certify:
            return Converted(value, "epsilon", est, details=details)
        try:
            ball = at.ball(PREC, **{a_name: alpha_q}, **free)
        except NotCertifiable:
            return Converted(value, "epsilon", est, details=details, certified=False)
        lo, hi = rdp_epsilon_interval(alpha_q, ball, delta)
        return Converted(value, "epsilon", est, _up(hi), _interval(lo, hi), details)
    with mpmath.workdps(search.dps):
        est = min(
            mpmath.exp(sp.lambdify((_A, _R, _E), _LOG_DELTA_BALLE, "mpmath")(to_mpf(alpha_q), r_est, to_mpf(epsilon))),
            mpmath.mpf(1),
        )
    if not certify:
        return Converted(value, "delta", est, details=details)
    try:
        r_lo, r_hi = _endpoints(at.ball(PREC, **{a_name: alpha_q}, **free))
    except NotCertifiable:
        return Converted(value, "delta", est, details=details, certified=False)
    ends = [
        _endpoints(
            enclose(
                sp.exp(_LOG_DELTA_BALLE), {_A: alpha_q, _R: _outward(x, up), _E: epsilon}, PREC, "rdp-to-dp[balle, δ]"
            )
        )
        for x, up in ((max(r_lo, Fraction(0)), False), (r_hi, True))
    ]
    lo, hi = min(ends[0][0], Fraction(1)), min(ends[1][1], Fraction(1))
    return Converted(value, "delta", est, _up(hi), _interval(lo, hi), details)


# ---------------------------------------------------------------------------------------
# Monotone inversion (δ(ε) → ε at δ, ε(δ) → δ at ε): the engine's one routine and its certificate


class _BeyondCap(Exception):
    """The upward search passed its cap without meeting the target."""


def _least_below(
    what: str, fn_mp, fn_ball, target: sp.Rational, *, lower, upper=None, cap=None, certify: bool, search: Search
):
    """The least x in [``lower``, ``upper``] with f(x) ≤ ``target`` for a decreasing f: the estimate of
    :func:`symbolic.solve_monotone` on ``fn_mp`` (a non-finite value counts as above the target), and with
    ``certify`` the bracket of :func:`symbolic.certify_monotone` around it, decided on ``fn_ball(x, bits)``
    balls at exact x: f(x_hi) ≤ target (x_hi is a valid value), f(x_lo) > target (the exact one is above
    x_lo).  Without ``upper`` the search expands upwards from ``lower`` (doubling from 1) and gives up past
    ``cap``: bisecting down from a far end would cost ~log2(cap/x) steps at points where f, deep in its
    tail, is mostly rounding.  Returns (estimate, x_hi, x_lo) (the ends as Fractions, None without
    ``certify``)."""

    def f(x):
        if cap is not None and x > cap:
            raise _BeyondCap
        v = fn_mp(x)
        return v if mpmath.isfinite(v) else mpmath.inf

    left = []  # a point the mpmath search found above the target: where the certified bracket starts
    with mpmath.workdps(search.dps):
        try:
            est = solve_monotone(
                f,
                to_mpf(target),
                lower=lower,
                upper=upper,
                increasing=False,
                name=what,
                clamp=True,
                on_bracket=lambda lo, hi: left.append(lo),
            )
        except (EvaluationError, _BeyondCap):
            raise NotConvertible(f"{what}: the bound stays above the target {target} (no finite value found)") from None
    if not certify:
        return est, None, None
    start = rational(left[0]) if left else rational(mpmath.mpf(lower))
    try:
        enc = certify_monotone(
            lambda x, bits: fn_ball(sp.Rational(x.numerator, x.denominator), bits),
            Fraction(int(target.p), int(target.q)),
            Fraction(int(rational(est).p), int(rational(est).q)),
            lower=Fraction(int(start.p), int(start.q)),
            prec=PREC,
            increasing=False,
            name=what,
        )
    except CertificationError:
        raise NotConvertible(f"{what}: could not certify a value at the target {target}") from None
    x_lo = enc.lo
    if enc.lo == enc.hi and left:  # met already at the search's own left end: the exact value is only ≤ it
        x_lo = Fraction(0)
    return to_mpf(sp.Rational(enc.hi.numerator, enc.hi.denominator)), enc.hi, x_lo


def _delta_currency(at: BoundAtRun, free: dict, delta, epsilon, certify: bool, search: Search = FULL) -> Converted:
    e_name = at.bound.output.at
    fr = {k: to_mpf(v) for k, v in free.items()}
    if epsilon is not None:
        est = min(at.evaluate(search.dps, **{e_name: epsilon}, **free), mpmath.mpf(1))
        value = f"δ(ε = {epsilon}) = {_mp_str(est, 15)}"
        if not certify:
            return Converted(value, "delta", est)
        result, interval = delta_strings(at.ball(PREC, **{e_name: epsilon}, **free))
        if result == "1":
            raise NotConvertible(f"{at.bound.id}: δ({epsilon}) rounds up to 1 (no guarantee at this ε)")
        return Converted(value, "delta", est, result, interval)
    try:  # ε = 0 already enough? (skipped when the formula's domain is ε > 0)
        d0 = at.evaluate(search.dps, **{e_name: 0}, **free)
    except HypothesisError:
        d0 = None
    if (
        d0 is not None
        and d0 <= to_mpf(delta)
        and (not certify or _endpoints(at.ball(PREC, **{e_name: 0}, **free))[1] <= Fraction(int(delta.p), int(delta.q)))
    ):
        return Converted(
            f"δ(0) = {_mp_str(d0, 15)} ≤ δ",
            "epsilon",
            mpmath.mpf(0),
            "0" if certify else None,
            ("0", "0") if certify else None,
        )
    est, upper, lower = _least_below(
        at.bound.id,
        lambda x: at.search_value(validated=search.validated, **{e_name: x}, **fr),
        lambda x, bits: at.ball(bits, **{e_name: x}, **free),
        delta,
        lower=0,
        cap=mpmath.mpf(4) ** 40,
        certify=certify,
        search=search,
    )
    value = f"δ(ε) = {delta} at ε = {_mp_str(est, 15)}"
    if not certify:
        return Converted(value, "epsilon", est)
    return Converted(value, "epsilon", est, _up(upper), _interval(lower, upper))


def _epsilon_currency(at: BoundAtRun, free: dict, delta, epsilon, certify: bool, search: Search = FULL) -> Converted:
    d_name = at.bound.output.at
    if delta is not None:
        if not certify:
            if search.validated:
                est = at.evaluate(search.dps, **{d_name: delta}, **free)
            else:  # a plotted point: one run of the formula's algorithm (its root finder), no precision loop
                with mpmath.workdps(search.dps):
                    est = at.search_value(
                        validated=False, **{d_name: to_mpf(delta)}, **{k: to_mpf(v) for k, v in free.items()}
                    )
            est = max(est, mpmath.mpf(0))
            return Converted(f"ε(δ = {delta}) = {_mp_str(est, 15)}", "epsilon", est)
        # one certified evaluation (these are often root finders): the estimate is the ball's midpoint
        lo, hi = _endpoints(at.ball(PREC, **{d_name: delta}, **free))
        with mpmath.workdps(search.dps):
            est = max(to_mpf(_q((lo + hi) / 2)), mpmath.mpf(0))
        value = f"ε(δ = {delta}) = {_mp_str(est, 15)}"
        return Converted(value, "epsilon", est, _up(max(hi, Fraction(0))), _interval(lo, max(hi, Fraction(0))))
    inv = at.formula.inverse
    if inv is not None and inv.target == d_name and at.rational:
        return _delta_through_forward(at, inv, free, epsilon, certify, search)
    fr = {k: to_mpf(v) for k, v in free.items()}

    def fn_mp(x):
        if x >= 1:
            return mpmath.mpf(0)
        return at.search_value(validated=search.validated, **{d_name: x}, **fr)

    # ε(δ) decreases in δ: the smallest δ with ε(δ) ≤ ε, in [1e-300, 1 − 1e-30].
    one = 1 - sp.Rational(1, 10**30)
    with mpmath.workdps(search.dps):
        if not fn_mp(to_mpf(one)) <= to_mpf(epsilon):
            raise NotConvertible(f"{at.bound.id}: ε(δ) > {epsilon} for every δ < 1")
    est, upper, lower = _least_below(
        at.bound.id,
        fn_mp,
        lambda x, bits: at.ball(bits, **{d_name: x}, **free),
        epsilon,
        lower=mpmath.mpf("1e-300"),
        upper=to_mpf(one),
        certify=certify,
        search=search,
    )
    value = f"ε(δ) = {epsilon} at δ = {_mp_str(est, 15)}"
    if not certify:
        return Converted(value, "delta", est)
    return Converted(value, "delta", est, _up(upper), _interval(lower, upper))


def _delta_through_forward(at: BoundAtRun, inv, free: dict, epsilon, certify: bool, search: Search = FULL) -> Converted:
    """δ at ε of a bound declared as an inverse, ε*(δ) = min{x ≥ lower : F(x) ≤ δ} with F strictly
    decreasing (:class:`symbolic.evaluate.inverse.Inverse`): ε*(δ) ≤ ε ⟺ F(ε) ≤ δ (for ε ≥ lower), so the smallest
    δ is F(ε) itself — the forward formula, evaluated and certified directly (no search over δ, each
    step of which would be a root finding)."""
    fwd = inv.forward
    values = {**at.params, **free, inv.solve_for: epsilon}
    lower = sp.sympify(inv.lower).xreplace({fwd.symbol(k): v for k, v in at.params.items() if k in fwd.names})
    if epsilon < lower:
        raise NotConvertible(f"{at.bound.id}: ε(δ) ≥ {lower} > {epsilon} for every δ")
    est = min(fwd.evaluate(search.dps, **values), mpmath.mpf(1))
    value = f"ε(δ) = {epsilon} at δ = {_mp_str(est, 15)} (δ = {fwd.id} at ε)"
    if not certify:
        if est >= 1:
            raise NotConvertible(f"{at.bound.id}: ε(δ) > {epsilon} for every δ < 1")
        return Converted(value, "delta", est)
    result, interval = delta_strings(fwd.certify(PREC, **values))
    if result == "1":
        raise NotConvertible(f"{at.bound.id}: ε(δ) > {epsilon} for every δ < 1 − 10⁻{DIGITS} (no guarantee)")
    return Converted(value, "delta", est, result, interval)


def delta_strings(ball) -> tuple[str, tuple[str, str]]:
    """The certified δ (upper end, rounded up) and interval of a ball containing a δ ∈ [0, 1], clamped to
    [0, 1]; decimal strings built from Arb's mantissa and exponent, so a δ of 1e-10⁹ (a far Gaussian tail)
    costs no huge fraction."""
    from symbolic.certify import interval_strings

    lo, hi = interval_strings(ball, DIGITS)
    if ball.upper() >= 1:
        hi = "1"
    if ball.lower() <= 0:
        lo = "0"
    return hi, (lo, hi)


def _tv(at: BoundAtRun, free: dict, delta, epsilon, certify: bool, search: Search = FULL) -> Converted:
    est = at.evaluate(search.dps, **free)
    value = f"TV = {_mp_str(est, 15)}"
    if epsilon is not None:
        if not certify:
            return Converted(value, "delta", est)
        lo, hi = _endpoints(at.ball(PREC, **free))
        return Converted(value, "delta", est, _up(min(hi, Fraction(1))), _interval(lo, min(hi, Fraction(1))))
    if certify:
        ok = _endpoints(at.ball(PREC, **free))[1] <= Fraction(int(delta.p), int(delta.q))
    else:
        ok = est <= to_mpf(delta)
    if not ok:
        raise NotConvertible(
            f"{at.bound.id}: the total-variation bound {_mp_str(est)} exceeds δ = {delta}, so it gives no ε at this δ"
        )
    return Converted(value, "epsilon", mpmath.mpf(0), "0" if certify else None, ("0", "0") if certify else None)


_BY_CURRENCY = {"gdp-mu": _gdp, "rdp": _rdp, "delta": _delta_currency, "epsilon": _epsilon_currency, "tv": _tv}


def _free_ranges(bound):
    out = {}
    for name, (lo, hi) in bound.free.items():
        lo = sp.Rational(lo) if lo is not None else sp.Rational(1, 10**6)
        hi = sp.Rational(hi) if hi is not None else sp.Integer(10**6)
        out[name] = (lo, hi)
    return out


def _choose_free(at: BoundAtRun, delta, epsilon, search: Search = FULL) -> dict:
    """Values of the bound's free parameters minimising the converted value (a scan per
    parameter, two rounds; every value gives a valid bound, so the search is not certified)."""
    ranges = _free_ranges(at.bound)
    if not ranges:
        return {}
    current = {
        k: rational(mpmath.sqrt(to_mpf(lo) * to_mpf(hi)) if lo > 0 else (to_mpf(lo) + to_mpf(hi)) / 2, 12)
        for k, (lo, hi) in ranges.items()
    }

    def score(values):
        try:
            return convert_at(at, values, delta, epsilon, certify=False, search=search).estimate
        except (SymbolicError, ArithmeticError, ValueError):
            return mpmath.inf

    for _ in range(2):
        for name, (lo, hi) in ranges.items():
            lo_m, hi_m = to_mpf(lo), to_mpf(hi)
            if lo_m > 0:
                grid = [lo_m * (hi_m / lo_m) ** (mpmath.mpf(k + 1) / 26) for k in range(25)]
            else:
                grid = [lo_m + (hi_m - lo_m) * mpmath.mpf(k + 1) / 26 for k in range(25)]
            scores = [score({**current, name: rational(g, 12)}) for g in grid]
            k = min(range(len(grid)), key=lambda i: scores[i])
            current[name] = rational(grid[k], 12)
    return current


def convert_at(
    at: BoundAtRun, free: dict, delta=None, epsilon=None, certify: bool = True, search: Search = FULL
) -> Converted:
    currency = at.bound.output.currency
    if currency not in _BY_CURRENCY:
        raise NotConvertible(f"{at.bound.id}: no conversion from the currency '{currency}' to (ε, δ) yet")
    return _BY_CURRENCY[currency](at, free, delta, epsilon, certify, search)


def convert(bound, run, *, delta=None, epsilon=None, certify: bool = True, rough: bool = False) -> Converted:
    """ε at ``delta`` (or δ at ``epsilon``) of ``bound`` at ``run`` (exact rational targets).

    ``rough=True`` (only with ``certify=False``: a plotted curve) searches at :data:`ROUGH` accuracy.
    Raises :class:`HypothesisError` when a formula hypothesis fails at the run (the bound
    does not apply), :class:`NotConvertible` when it gives no guarantee at the target.
    """
    if (delta is None) == (epsilon is None):
        raise ValueError("give exactly one of delta and epsilon")
    if rough and certify:
        raise ValueError("rough=True is for uncertified searches (certify=False)")
    search = ROUGH if rough else FULL
    at = BoundAtRun(bound, run)
    free = _choose_free(at, delta, epsilon, search)
    out = convert_at(at, free, delta, epsilon, certify, search)
    if free:
        out.details["free"] = {k: str(v) for k, v in free.items()}
    return out


__all__ = [
    "DIGITS",
    "PREC",
    "Converted",
    "HypothesisError",
    "NotConvertible",
    "convert",
    "gdp_convert",
    "rdp_epsilon_interval",
]
