"""Certified (ε, δ) of T Poisson-subsampled Gaussian steps by RDP accounting: ``privacy/sgm-epsilon``.

The quantity (Mironov, Talwar & Zhang 2019 §3 for the RDP curve; the conversions of
:mod:`.rdp_conversion`) is, for T steps of sampling rate q and noise multiplier σ at target δ,

    ε_method(q, σ, T, δ) = max(0, inf_{α ∈ region} P(α, T · r(α), δ)),   r(α) = L(α)/(α − 1),
    L(α) = log A_α = log E_{μ₀}[(μ/μ₀)^α]   (``privacy/sgm-rdp`` = r),

over **continuous** α, where P is a pointwise conversion (:data:`.rdp_conversion.POINTWISE`):
``mironov`` and ``balle`` over α > 1; ``asoodeh`` is the minimum of the f-bound over 1 < α < 1/δ,
the g-bound (= ``balle``, claim ``privacy/rdp-to-dp/asoodeh-g-is-balle``) over α > 1 and the
h-bound over α ≥ 1/δ; ``best`` is the minimum of all three conversions, which equals
``asoodeh`` (asoodeh ≤ balle by definition, balle < mironov by the PROVED claim
``privacy/rdp-to-dp/balle-below-mironov``).  Every α gives a valid guarantee; the infimum is
the best one RDP accounting can state.

**Enclosure.**  Both ends of the returned Arb ball are rigorous:

* upper end — the ball of P(α₀, T L(α₀)/(α₀ − 1), δ) at a found order α₀ (moments by
  :mod:`.sgm_arb`: binomial sums for integer α, Arb's rigorous integration otherwise);
* lower end — a branch-and-bound over the whole region using two standard facts about the
  moment function: L is convex in α (Hölder / Lyapunov's inequality for E[X^α]) and L(1) = 0,
  hence (i) every tangent ℓ(α) = L(a) + L'(a)(α − a) is below L on all of α > 1, (ii) r is
  nondecreasing, with r ≥ lim_{α→1} r = KL(μ‖μ₀); and each P is nondecreasing in its RDP
  argument.  So on a box [a, b] of orders, P(α, T · max(tangents, r(⌊a⌋)), δ) evaluated in
  interval arithmetic is below the objective; a box that bound cannot prune gets a tangent at its
  midpoint t and the mean-value bound F(t) + F'([a, b])([a, b] − t) of F(α) = P(α, T ℓ_t(α)/(α − 1), δ),
  which is tight to second order in the width (the plain interval evaluation is only first order,
  too weak in the flat region next to α₀).  Near α₀ a second-order Taylor bound is used:
  with m ≤ L'' on I ∋ α₀ (interval integrals of M₂, M₁, M₀), L(α) ≥ L(α₀) + L'(α₀)s + m s²/2,
  and the resulting function G (equal to the objective at α₀ with the same slope) satisfies
  min_I G ≥ G(α₀) − G'(α₀)²/(2 inf_I G'') when inf_I G'' > 0 (series arithmetic, ``arb_series``).
  The ends near α = 1, α → ∞ (and α → 1/δ for the f-bound) are bounded in closed form.

When the lower end cannot be brought within the requested accuracy of the upper end, the
computation raises :class:`~symbolic.certify.PrecisionNotReached` (never a made-up ball).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping
from fractions import Fraction

import mpmath
import sympy as sp
from flint import arb, arb_series, ctx

from symbolic.certify.errors import PrecisionNotReached
from symbolic.errors import show_value

from .rdp_conversion import POINTWISE
from .sgm_arb import exact_ball, log_moment_integer, moment, moments01

#: The pieces (pointwise bound, region) whose minimum is each method's ε.
PIECES = {
    "mironov": (("mironov", "all"),),
    "balle": (("balle", "all"),),
    "asoodeh": (("asoodeh-f", "below-1/delta"), ("balle", "all"), ("asoodeh-h", "from-1/delta")),
    "best": (("asoodeh-f", "below-1/delta"), ("balle", "all"), ("asoodeh-h", "from-1/delta")),
}


def _log(v):
    return v.log()


def _exp(v):
    return v.exp()


class _ArbBounds(dict):
    """Arb (and arb_series) versions of the pointwise bounds, generated on first use from the
    SymPy expressions of :data:`.rdp_conversion.POINTWISE` (no symbolic work at import)."""

    def __missing__(self, key):
        a, r, d = sp.symbols("alpha r delta")
        fn = sp.lambdify((a, r, d), POINTWISE[key](a, r, d), modules=[{"log": _log, "exp": _exp}])
        self[key] = fn
        return fn


_ARB = _ArbBounds()


def _fmpq_arb(v: sp.Rational) -> arb:
    from flint import fmpq

    return arb(fmpq(int(v.p), int(v.q)))


def _interval(a: arb, b: arb) -> arb:
    """The ball [a, b] (a ≤ b exact)."""
    return arb((a + b) / 2, ((b - a) / 2).upper()).union(a).union(b)


def _largest(*bounds: arb) -> arb:
    """The largest of several valid lower bounds (exact lower ends; NaN ones are skipped)."""
    finite = [v for v in bounds if v.is_finite()]
    if not finite:
        return arb(-math.inf)
    best = finite[0]
    for v in finite[1:]:
        if v > best:
            best = v
    return best


def _floor(x: arb) -> int:
    """⌊x⌋ of an exact Arb number (a lower or upper end), exactly.  ``math.floor(float(x))`` rounded x to a double
    first: at x = 3 − 2⁻⁶⁰ it gave 3, and r_floor took T·r(3) for a lower bound of T·r(α) on α ≥ x, above
    T·r(x) (q = 1/10, σ = 1: 0.0317123003033764250501 > 0.0317123003033764250339)."""
    man, exp = (int(v) for v in x.mid().man_exp())
    if not x.is_exact():
        raise ValueError(f"_floor: {x} is not an exact number")
    return man << exp if exp >= 0 else man >> -exp  # >> floors negative mantissas too


def _ceil(x: arb) -> int:
    """⌈x⌉ of an exact Arb number, exactly (see :func:`_floor`)."""
    return -_floor(-x)


def _dyadic(x: arb) -> arb:
    """An exact point near the midpoint of ``x`` (a short dyadic)."""
    return arb(x.mid())


class _Moments:
    """L, L', bounds on L'' and r(n) for one (q, σ), shared by all pieces (q ∈ (0, 1])."""

    def __init__(self, q: sp.Rational, sigma: sp.Rational):
        self.q_exact, self.sigma_exact = q, sigma
        # σ may be the square root of a rational (its Arb ball then has a radius; every bound below is rigorous on it)
        self.q, self.sigma = _fmpq_arb(q), exact_ball(sigma, "sigma", "privacy/sgm-epsilon")
        self.closed = q == 1  # A_α = e^{(α² − α)/(2σ²)}
        self._r_int: dict[tuple[int, int], arb] = {}
        self._kl: arb | None = None

    def log_moment_and_slope(self, alpha: arb, prec: int) -> tuple[arb, arb]:
        """(L(α), L'(α)) as balls."""
        if self.closed:
            s2 = 2 * self.sigma**2
            return (alpha * alpha - alpha) / s2, (2 * alpha - 1) / s2
        m0, m1 = moments01(self.q, self.sigma, alpha, prec)
        return m0.log(), m1 / m0

    def curvature_lower(self, interval: arb, prec: int) -> arb:
        """A number m ≥ 0 with m ≤ L''(α) for every α in ``interval``."""
        if self.closed:
            return 1 / self.sigma**2
        m0, m1 = moments01(self.q, self.sigma, interval, prec)
        m2 = moment(self.q, self.sigma, interval, 2, prec)
        low = (m2 / m0 - (m1 / m0) ** 2).lower()
        return low if low > 0 else arb(0)

    def r_integer(self, n: int) -> arb:
        """r(n) = L(n)/(n − 1) at the current precision (cached per precision)."""
        key = (n, ctx.prec)
        if key not in self._r_int:
            if self.closed:
                self._r_int[key] = arb(n) / (2 * self.sigma**2)
            elif n > INTEGRAL_ORDER and n <= 1000 * self.sigma:
                # the binomial sum has n + 1 terms (1.9 s at n = 928143, 82 bits); Arb's integral of the same moment
                # takes milliseconds there, and is kept when it carries at least a quarter of the working bits (its
                # integrand peaks at z ≈ n with width σ: at n/σ = 2000, q = 1/100, it took 0.7 s, the sum 0.1 s)
                by_integral = moment(self.q, self.sigma, arb(n), 0, ctx.prec).log() / (n - 1)
                if by_integral.is_finite() and by_integral.rel_accuracy_bits() >= ctx.prec // 4:
                    self._r_int[key] = by_integral
                else:
                    self._r_int[key] = log_moment_integer(self.q, self.sigma, n) / (n - 1)
            else:
                self._r_int[key] = log_moment_integer(self.q, self.sigma, n) / (n - 1)
        return self._r_int[key]

    def kl(self, prec: int) -> arb:
        """lim_{α→1} r(α) = L'(1) = KL(μ ‖ μ₀) ≥ 0 (a lower bound on r over α > 1)."""
        if self._kl is None:
            if self.closed:
                self._kl = 1 / (2 * self.sigma**2)
            else:
                k = moment(self.q, self.sigma, arb(1), 1, prec)
                self._kl = k if k.lower() > 0 else arb(0)
        return self._kl


class _Problem:
    """inf over α of P(α, T r(α), δ) for each piece of a method; shared tangents of L."""

    def __init__(self, moments: _Moments, T: int, delta: sp.Rational, method: str, search_prec: int):
        self.m = moments
        self.steps, self.T = T, arb(T)
        self.delta_exact = delta
        self.delta = _fmpq_arb(delta)
        self.method = method
        self.sp = search_prec
        self.tangents: list[tuple[arb, arb, arb]] = []  # (a, L(a), L'(a)) at search precision
        self._sorted: list[tuple[float, int]] = []  # (float(a), index into tangents), kept sorted
        self.better: list[arb] = []  # objective values (valid upper bounds) the branch-and-bound met

    def add_tangent(self, alpha: arb, L0: arb, L1: arb) -> None:
        """Record the tangent of L at the exact order ``alpha`` (a lower bound of L on all α > 1)."""
        bisect.insort(self._sorted, (float(alpha.mid()), len(self.tangents)))
        self.tangents.append((alpha, L0, L1))

    def near_tangents(self, a: arb, b: arb) -> list[tuple[arb, arb, arb]]:
        """The tangents at orders in [a, b] and the nearest one on each side (the float keys only
        select candidates; every tangent is a valid minorant, so the choice cannot spoil a bound)."""
        i = bisect.bisect_left(self._sorted, (float(a.lower()), -1))
        j = bisect.bisect_right(self._sorted, (float(b.upper()), len(self.tangents)))
        return [self.tangents[k] for _, k in self._sorted[max(i - 1, 0) : j + 1]]

    # -- objective -----------------------------------------------------------------------------
    def value(self, bound: str, alpha, L):
        return _ARB[bound](alpha, self.T * L / (alpha - 1), self.delta)

    def series(self, bound: str, alpha_center: arb, L_coeffs, order: int):
        """Taylor coefficients in s of P(α + s, T L(α + s)/(α + s − 1), δ) given L's coefficients."""
        a = arb_series([alpha_center, 1], prec=order)
        L = arb_series(list(L_coeffs), prec=order)
        return _ARB[bound](a, self.T * L / (a - 1), self.delta).coeffs()

    def region(self, kind: str) -> tuple[arb | None, arb | None]:
        """(lower, upper) exact bounds of α for a piece (None = open at 1 / unbounded)."""
        inv = 1 / self.delta
        if kind == "below-1/delta":
            return None, inv
        if kind == "from-1/delta":
            return inv, None
        return None, None

    # -- search --------------------------------------------------------------------------------
    def integer_scan(self, bound: str, kind: str) -> tuple[int, dict[int, arb]] | None:
        """The best integer order of a piece (binomial sums), or None if the region has none.

        Raises :class:`PrecisionNotReached` when the piece still decreases at the last order the scan reaches
        (past :data:`SCAN_LIMIT`, inside the piece's region): its optimum lies beyond, where neither the binomial
        sums (α + 1 terms) nor the search's integrals are affordable, and the branch-and-bound cannot bound the
        tail past it (q = 7e-9, σ = 2500, T = 1e6, δ = 7e-60: Mironov's α* ≈ 1e9; the scan stopped at 928143, the
        search, local bound and branch-and-bound then spent ~50 CPU s per precision on a ball [± 8e-5])."""
        _, hi = self.region(kind)
        values: dict[int, arb] = {}
        n, best = 2, None
        while n <= SCAN_LIMIT:
            if hi is not None and not arb(n) < hi:
                break
            v = self.value(bound, arb(n), self.m.r_integer(n) * (n - 1))
            values[n] = v
            # a NaN value (an f-bound whose RDP ball still contains 0 at this precision) is never the best, and
            # never keeps the scan going to 2^20 (q = 3e-60, δ = 1e-100: 20 s of binomial sums per attempt)
            if best is None or not values[best].is_finite() or (v.is_finite() and v.mid() < values[best].mid()):
                best = n
            if n > 8 and values[best].is_finite() and v.mid() > 2 * values[best].mid() + 1:
                break
            n = n + 1 if n < 64 else int(n * 1.25)
        if n > SCAN_LIMIT and best == max(values):
            raise PrecisionNotReached(
                f"privacy/sgm-epsilon: the {bound} bound still decreases at α = {best}, the last order of the "
                f"certified search's integer scan (its limit is 2^20), at q={show_value(self.m.q_exact)}, "
                f"sigma={show_value(self.m.sigma_exact)}, steps={show_value(self.steps)}, "
                f"delta={show_value(self.delta_exact)}, method={self.method}: its optimal order is larger; not supported"
            )
        return None if best is None else (best, values)

    def slope(self, bound: str, alpha: arb) -> arb:
        """d/dα of the objective at an exact α (moments at search precision)."""
        L0, L1 = self.m.log_moment_and_slope(alpha, self.sp)
        self.add_tangent(alpha, L0, L1)
        return self.series(bound, alpha, (L0, L1), 2)[1]

    def integer_value(self, bound: str, n: int) -> arb:
        """The objective at the integer order n (binomial sum, current precision)."""
        return self.value(bound, arb(n), self.m.r_integer(n) * (n - 1))

    def refine_integers(self, bound: str, n_best: int, values: Mapping[int, arb]) -> tuple[int, dict[int, arb]]:
        """The best integer order between the scan's neighbours of ``n_best`` (beyond 64 the scan steps by
        ×1.25, so they can be hundreds apart), by golden-section search on the integer values (binomial
        sums), with its two neighbours' values.  A heuristic for the search only (any order is a valid
        upper bound; the lower end is certified separately): at q = 1e-4, σ = 20, T = 1e4, δ = 1e-5 the
        scan's best order 6851 lies ~500 below α* ≈ 7367.3, where the RDP curve leaves its small-q regime
        within one unit of α (the objective jumps from 0.0025 to 0.22 between 7367 and 7369)."""
        values = dict(values)
        below = max((n for n in values if n < n_best), default=n_best)
        above = min((n for n in values if n > n_best), default=n_best)

        def f(n):
            if n not in values:
                values[n] = self.integer_value(bound, n)
            return values[n].mid()

        a, c, b = below, n_best, above  # f(c) ≤ f(a), f(b): a bracket of the (heuristically unimodal) minimum
        while b - a > 2:
            x = (c + b) // 2 if b - c >= c - a else (a + c + 1) // 2
            x = min(max(x, a + 1), b - 1)
            if x == c:
                x = c + 1 if b - c > 1 else c - 1
            if f(x) < f(c):
                a, b = (c, b) if x > c else (a, c)
                c = x
            elif x > c:
                b = x
            else:
                a = x
        for n in (c - 1, c + 1):
            if n >= 2:
                f(n)
        return c, values

    def refine_order(self, bound: str, a0: arb, L0: arb, L1: arb, work: int) -> tuple[arb, arb, arb] | None:
        """One secant step on the slope at ``work`` bits from α₀ (the search's order, found at half that
        precision) and α₀(1 + 2^-(sp-12)); returns (α₁, L(α₁), L'(α₁)) at ``work`` bits, or None if the step
        is not usable (a heuristic: α₁ is only a better order for the bounds, which stay rigorous)."""
        s0 = self.series(bound, a0, (L0, L1), 2)[1]
        x1 = _dyadic(a0 * (1 + arb(2) ** -(self.sp - 12)))
        M0, M1 = self.m.log_moment_and_slope(x1, work)
        s1 = self.series(bound, x1, (M0, M1), 2)[1]
        den = (s1 - s0).mid()
        if not (s0.is_finite() and s1.is_finite()) or den == 0:
            return None
        x2 = _dyadic(a0 - s0.mid() * (x1 - a0) / den)
        if not abs(x2 - a0) < arb(2) ** -8 * a0:
            return None
        N0, N1 = self.m.log_moment_and_slope(x2, work)
        self.add_tangent(x2, N0, N1)
        return x2, N0, N1

    def search(self, bound: str, kind: str, n_best: int, values: Mapping[int, arb]) -> arb:
        """A continuous order α₀ near the optimum: secant on the slope from a parabolic guess."""
        lo_r, hi_r = self.region(kind)
        if n_best > 64 and (hi_r is None or arb(n_best + 1) < hi_r):
            n_best, values = self.refine_integers(bound, n_best, values)
        # the neighbouring scanned orders (n ± 1 up to 64, the geometric grid's neighbours beyond)
        below = max((n for n in values if n < n_best), default=n_best - 1)
        above = min((n for n in values if n > n_best), default=n_best + 1)
        lo = max(arb(below), arb(1) + arb(2) ** -6)
        hi = arb(above)
        if hi_r is not None and not hi < hi_r:
            hi = hi_r * (1 - arb(2) ** -10)
        x0 = arb(n_best)
        if n_best - 1 in values and n_best + 1 in values:
            fm, f0, fp = (values[n_best + d].mid() for d in (-1, 0, 1))
            curv = fm - 2 * f0 + fp
            if curv > 0:
                x0 = _dyadic(arb(n_best) - (fp - fm) / (2 * curv))
        x1 = _dyadic(x0 + arb(2) ** -10)
        s0, s1 = self.slope(bound, x0), self.slope(bound, x1)
        tol = arb(2) ** (-(self.sp - 12))
        converged = False
        for _ in range(12):
            den = (s1 - s0).mid()
            if den == 0:
                break
            x2 = _dyadic(x1 - s1.mid() * (x1 - x0) / den)
            if not (lo < x2 < hi):
                break
            if x2 == x1:
                converged = True
                break
            x0, s0 = x1, s1
            x1, s1 = x2, self.slope(bound, x2)
            if abs(x1 - x0) < tol * x1:
                converged = True
                break
        best = x1 if abs(s1.mid()) <= abs(s0.mid()) else x0
        if converged and lo < best < hi:
            return best
        # The secant wandered (a steep RDP curve): Illinois regula falsi on a sign-changing bracket, with a
        # bisection step whenever two steps did not halve the bracket.  Where the slope is almost constant on one
        # side of the root and exponential on the other (past the order where the RDP curve leaves its small-q
        # regime), plain Illinois creeps: q = 1e-200, σ = 1, T = 1000, δ = 1e-5, balle: 66 slopes from
        # [921, 923] to α* ≈ 921.994, 0.12 s each near α*.
        a, b = _dyadic(lo), _dyadic(hi)
        sa, sb = self.slope(bound, a), self.slope(bound, b)
        if not (sa.mid() < 0 < sb.mid()):
            return best if lo < best < hi else arb(n_best)
        side = 0
        x, sx = a, sa
        previous, widths = a, [b - a]
        for _ in range(80):
            x = _dyadic((a * sb.mid() - b * sa.mid()) / (sb.mid() - sa.mid()))
            if not (a < x < b) or (len(widths) >= 3 and b - a > widths[-3] / 2):
                x = _dyadic((a + b) / 2)
            sx = self.slope(bound, x)
            if sx.mid() < 0:
                a, sa = x, sx
                if side == -1:
                    sb = sb / 2
                side = -1
            else:
                b, sb = x, sx
                if side == 1:
                    sa = sa / 2
                side = 1
            widths.append(b - a)
            # two successive orders that agree: Illinois converging from one side (the far end need not move)
            if b - a < tol * b or sx.mid() == 0 or abs(x - previous) < tol * x:
                break
            previous = x
        return x

    # -- lower bounds --------------------------------------------------------------------------
    def r_floor(self, a: arb) -> arb:
        """A lower bound on T·r(α) for all α ≥ a (r nondecreasing, r ≥ KL)."""
        n = _floor(a.lower())
        if n >= 2:
            return self.T * self.m.r_integer(min(n, 1 << 14))
        return self.T * self.m.kl(self.sp)

    def box_lower(self, bound: str, a: arb, b: arb, upper: arb | None = None) -> arb:
        """A lower bound of the objective over α ∈ [a, b] (a > 1): P(α, R, δ) over the box for a constant
        R ≤ T·r(α) there (P nondecreasing in its RDP argument), by plain interval evaluation and, unless
        that already reaches ``upper``, also by the mean-value form P(m, R, δ) + ∂_αP(box, R, δ)(box − m),
        m the box's midpoint.  The plain form overestimates the spread of Balle's log((α − 1)/α) by 1/α
        (at α ≈ 7000 that is 0.00014, ~14 % of ε at q = 1e-4, σ = 20, T = 1e4), the mean-value form only by
        second order in the width."""
        box = _interval(a, b)
        R = self.r_floor(a).lower()
        for t, L0, L1 in self.near_tangents(a, b):
            cand = (self.T * (L0 + L1 * (box - t)) / (box - 1)).lower()
            R = max(R, cand)
        fn = _ARB[bound]
        plain = fn(box, arb(R), self.delta).lower()
        if upper is not None and plain >= upper:
            return plain
        m = _dyadic(box)
        try:
            d1 = fn(arb_series([box, 1], prec=2), arb(R), self.delta).coeffs()[1]
        except ValueError:  # a series division by a ball containing 0 (python-flint raises): no mean-value form
            return plain
        mv = fn(m, arb(R), self.delta) + d1 * (box - m)
        return _largest(plain, mv.lower()) if mv.is_finite() else plain

    def box_lower_centered(self, bound: str, a: arb, b: arb, t: arb, L0: arb, L1: arb) -> arb:
        """A lower bound over α ∈ [a, b] (a > 1) from the tangent ℓ(α) = L0 + L1(α − t) at t ∈ [a, b].

        F(α) = P(α, T ℓ(α)/(α − 1), δ) is below the objective on the box (ℓ ≤ L by convexity,
        α − 1 > 0, P nondecreasing in its RDP argument), and by the mean-value theorem
        F(α) ∈ F(t) + F'(box)(α − t), with F'(box) an Arb enclosure of F' over the box (series
        arithmetic; a finite enclosure implies F is defined and smooth on the whole box).  Unlike
        the plain interval evaluation of :meth:`box_lower`, whose overestimate is first order in the
        width, this bound is tight to second order near the optimum, where the objective is flat.
        """
        box = _interval(a, b)
        f_t = self.value(bound, t, L0)
        d1 = self.series(bound, box, (L0 + L1 * (box - t), L1), 2)[1]
        v = f_t + d1 * (box - t)
        return v.lower() if v.is_finite() else arb(-math.inf)

    def near_one_lower(self, bound: str, t1: arb) -> arb:
        """A lower bound of the objective for α ∈ (1, 1 + t1] (closed form; see the notes)."""
        R = self.T * self.m.kl(self.sp)
        ell = (1 / self.delta).log()
        if bound == "mironov":  # R + log(1/δ)/t, decreasing in t
            return (R + ell / t1).lower()
        if bound == "balle":  # log t + c/t is decreasing for t < c = log(1/δ) − log(1 + t1) (t1 ≤ ℓ/2)
            c = ell - (1 + t1).log()
            return (R + t1.log() - (1 + t1).log() + c / t1).lower()
        if bound == "asoodeh-f":
            # f ≥ R + log(1 + c(1 − e^{−tR}))/t with c = (1 − αδ)/(αδ) ≥ c1, and
            # log(1 + y) ≥ y/(1 + y), 1 − e^{−tR} ≥ tR e^{−t1 R}: f ≥ R + c1 R e^{−t1 R}/(1 + c1 t1 R).
            a1 = (1 + t1) * self.delta
            if not a1 < 1:
                return R.lower()
            c1 = (1 - a1) / a1
            return (R + c1 * R * (-(t1 * R)).exp() / (1 + c1 * t1 * R)).lower()
        raise ValueError(bound)

    def tail_lower(self, bound: str, a_n: int) -> arb:
        """A lower bound of the objective for α ≥ a_n (within the piece's region)."""
        R = self.T * self.m.r_integer(a_n)
        if bound == "mironov" or bound == "asoodeh-f":  # the log(1/δ)/(α−1) / f-bracket terms are ≥ 0
            return R.lower()
        if bound == "balle":  # log(1 − 1/α) ≥ log(1 − 1/a_n); −log α/(α − 1) ≥ −log a_n/(a_n − 1)
            an = arb(a_n)
            return (R + (1 - 1 / an).log() - an.log() / (an - 1)).lower()
        raise ValueError(bound)

    def local_lower(self, bound: str, alpha0: arb, L0: arb, L1: arb, I: arb, mL: arb) -> arb | None:
        """min over I of the second-order minorant G (Taylor at α₀), or None if G is not convex on I.

        inf_I G'' is the least of its enclosures on parts of I, bisected while an enclosure has no sign: series
        arithmetic on a wide ball overestimates much (q = 1e-4, σ = 20, T = 1e4, Balle: α* ≈ 4903, G'' ≈ 5e-11,
        whose enclosure on a part of width 38 is ±3e-10; parts of width ~3 give its sign)."""
        c0, c1 = self.series(bound, alpha0, (L0, L1, mL / 2), 2)[:2]

        def curvature(J):
            d = J - alpha0
            coeffs = (self.tangent_value(L0, L1, mL, d), L1 + mL * d, mL / 2)
            with _prec(self.sp):
                return 2 * self.series(bound, J, coeffs, 3)[2]

        # inf of G'' over I: bisect the parts whose enclosure has no sign (at most 512 evaluations)
        todo, least, evaluations = [(I.lower(), I.upper())], None, 0
        while todo:
            lo, hi = todo.pop()
            curv = curvature(_interval(lo, hi))
            evaluations += 1
            if curv > 0:
                least = curv.lower() if least is None or curv.lower() < least else least
            elif evaluations + len(todo) < 512 and curv.is_finite() or evaluations == 1:
                mid = _dyadic((lo + hi) / 2)
                todo += [(lo, mid), (mid, hi)]
            else:
                return None
        return (c0 - c1 * c1 / (2 * least)).lower()

    @staticmethod
    def tangent_value(L0, L1, mL, d):
        return L0 + L1 * d + mL * d * d / 2


#: Integer orders above this get r(n) from Arb's integral of the moment rather than the binomial sum (n + 1 terms).
INTEGRAL_ORDER = 1 << 15

#: The largest order the integer scan of :meth:`_Problem.integer_scan` evaluates (binomial sums of α + 1 terms).
SCAN_LIMIT = 1 << 20


class _prec:
    def __init__(self, bits: int):
        self.bits = bits

    def __enter__(self):
        self.old = ctx.prec
        ctx.prec = self.bits

    def __exit__(self, *exc):
        ctx.prec = self.old


#: Box evaluations after which the branch-and-bound stops refining (the bound stays valid, the ball
#: wide, and the caller raises PrecisionNotReached instead of running for minutes).
MAX_BOXES = 4000

#: Bits of the tangents the branch-and-bound adds at box midpoints, and how many it adds per piece
#: (about a millisecond each; past the cap boxes are only bisected).
TANGENT_PREC = 48
MAX_TANGENTS = 128


def _branch_and_bound(pb: _Problem, bound: str, kind: str, upper: arb, exclude: arb | None, n_hint: int) -> arb:
    """min(lower bounds) over the piece's region outside ``exclude``, pruning boxes whose lower
    bound is ≥ ``upper`` (they cannot hold the infimum); adds tangents of L at the midpoints of
    boxes it cannot prune.  If the objective at such a midpoint is certainly below ``upper``, the
    search missed the optimum: the value is recorded in ``pb.better`` (an upper bound) and the
    refinement stops (every box left keeps its valid, loose bound)."""
    lo_r, hi_r = pb.region(kind)
    ell = (1 / pb.delta).log()
    lows: list[arb] = []
    # α → 1
    t1 = min(arb(2) ** -6, (ell / 2).lower()) if bound == "balle" else arb(2) ** -6
    t1 = arb(t1.mid()) if not t1.is_exact() else t1
    while True:
        v = pb.near_one_lower(bound, t1)
        if v >= upper or t1 < arb(2) ** -60:
            break
        t1 = t1 / 4
    if not v >= upper:
        lows.append(v)
    # α → ∞ (or → 1/δ for the f-bound)
    a_n = max(2 * n_hint, n_hint + 4)
    cap = None
    if hi_r is not None:
        cap_f = hi_r * (1 - arb(2) ** -10)
        cap = _floor(cap_f.lower())
    while True:
        if cap is not None and a_n >= cap:
            a_n = max(cap, 2)
            break
        v = pb.tail_lower(bound, a_n)
        if v >= upper or a_n > 1 << 16:
            break
        a_n *= 2
    v = pb.tail_lower(bound, a_n)
    if not v >= upper:
        lows.append(v)
    # boxes in [1 + t1, a_n]
    edges = [arb(1) + t1] + [arb(1) + arb(2) ** -k for k in (4, 3, 2, 1)] + [arb(n) for n in range(2, min(a_n, 64) + 1)]
    n = 64
    while n < a_n:
        n = min(a_n, int(n * 1.25) + 1)
        edges.append(arb(n))
    edges = [e for e in edges if e >= arb(1) + t1]
    boxes = []
    for a, b in zip(edges, edges[1:]):
        if exclude is not None and not (b <= exclude.lower() or a >= exclude.upper()):
            if a < exclude.lower():
                boxes.append((a, exclude.lower()))
            if b > exclude.upper():
                boxes.append((exclude.upper(), b))
        else:
            boxes.append((a, b))
    added = evaluations = 0
    while boxes:
        a, b = boxes.pop()
        v = pb.box_lower(bound, a, b, upper)
        evaluations += 1
        if v >= upper:
            continue
        if evaluations > MAX_BOXES:  # give up refining: every box left keeps its (valid, loose) bound
            lows.append(v)
            lows.extend(pb.box_lower(bound, a2, b2) for a2, b2 in boxes)
            break
        width = b - a
        if exclude is not None and a >= exclude.upper() and width >= 2 and a.lower() > 64:
            # Right of the optimum at large orders, where the objective at the integer midpoint n is more than twice
            # the upper bound (a steep rise): split at n without a tangent.  The floor T·r(n) (a binomial sum, ~10 ms
            # at α ~ 7000) prunes [n, b]; a tangent there is an integration costing 0.1-0.5 s where the RDP curve
            # leaves its small-q regime (q = 1e-4, σ = 20) and cannot bound that rise from the left anyway.
            n = _floor(((a + b) / 2).mid())
            if a < n < b and pb.integer_value(bound, n) > 2 * upper:
                boxes.append((a, arb(n)))
                boxes.append((arb(n), b))
                continue
        # A tangent at the box's midpoint (about a millisecond): it tightens the plain bound above
        # and gives the mean-value bound, which is what certifies the flat region next to α*.
        mid = _dyadic((a + b) / 2)
        if added < MAX_TANGENTS:
            with _prec(TANGENT_PREC + 8):  # a tangent only has to beat the upper bound by a visible margin
                L0, L1 = pb.m.log_moment_and_slope(mid, TANGENT_PREC)
            pb.add_tangent(mid, L0, L1)
            added += 1
            at_mid = pb.value(bound, mid, L0)
            if at_mid.is_finite() and at_mid.upper() < upper:
                # A better order than the search's α₀: the search missed the optimum, and refining
                # around α₀'s upper bound cannot close the gap; keep the valid bounds, report the point.
                pb.better.append(at_mid)
                lows.append(v)
                lows.extend(pb.box_lower(bound, a2, b2) for a2, b2 in boxes)
                break
            v = _largest(v, pb.box_lower(bound, a, b), pb.box_lower_centered(bound, a, b, mid, L0, L1))
            if v >= upper:
                continue
        if width < arb(2) ** -30 * b:
            lows.append(v)
            continue
        boxes.append((a, mid))
        boxes.append((mid, b))
    return min(lows, key=lambda x: x.mid()) if lows else None


def _local_lower(
    pb: _Problem, bound: str, kind: str, a0: arb, L0: arb, L1: arb, work: int, upper: arb, h: arb | None = None
) -> tuple[arb | None, arb, arb]:
    """The second-order lower bound of :meth:`_Problem.local_lower` on I = α₀(1 ± h), for the largest h
    in 2^-4, 2^-6, … (or from ``h`` down) where the minorant is convex, trying at most six I (and h ≥ 2^-30):
    (local, I, h), local None if no I gives one.  Past α = 64, an I on whose right end the objective exceeds
    4·``upper`` is skipped without integrating its curvature (a heuristic: the RDP curve leaves its small-q
    regime inside I, the curvature integrals over such wide balls cost ~1 s each there and their bound is 0),
    and does not count among the six.  For an I at least one unit wide that end is read at the integer order
    past it (a binomial sum); a narrower I gets the objective at its right end itself (one moment integral at
    :data:`TANGENT_PREC`, kept as a tangent): an integer order past it says nothing about I when the curve
    rises steeply within one unit (q = 3e-60, σ = 1, T = 1000, δ = 1e-5: α* ≈ 274.999 for balle, 275.004 for
    mironov, the objective exceeds 10^4·``upper`` at α = 276 yet stays within 10^-6 of it on α* ± 2.6e-4; every
    I was skipped, the branch-and-bound alone stopped at 40 bits, and the evaluation refused after 20 s)."""
    local = None
    h = arb(2) ** -4 if h is None else h
    _, hi_r = pb.region(kind)

    def steep(I: arb) -> bool:
        n_right = _ceil(I.upper())
        if n_right <= 64:
            return False
        if I.rad() >= arb(1) / 2:
            return pb.integer_value(bound, n_right).mid() > 4 * upper.mid()
        right = _dyadic(I.upper())
        with _prec(TANGENT_PREC + 8):
            R0, R1 = pb.m.log_moment_and_slope(right, TANGENT_PREC)
            pb.add_tangent(right, R0, R1)
            return pb.value(bound, right, R0).mid() > 4 * upper.mid()

    with _prec(pb.sp):
        tries = 0
        while tries < 6 and h >= arb(2) ** -30:
            I = _interval(a0 - h * a0, a0 + h * a0)
            if I.lower() <= 1 or (hi_r is not None and not I.upper() < hi_r) or steep(I):
                h = h / 4
                continue
            tries += 1
            mL = pb.m.curvature_lower(I, pb.sp)
            with _prec(work):
                local = pb.local_lower(bound, a0, L0, L1, I, mL)
            if local is not None:
                break
            h = h / 4
    return local, I, h


def sgm_epsilon_ball(q: sp.Rational, sigma: sp.Rational, steps: int, delta: sp.Rational, method: str, prec: int) -> arb:
    """An Arb ball containing ε_method(q, σ, T, δ) (see the module docstring), aiming at ``prec`` bits.

    Inputs are exact rationals already checked (0 ≤ q ≤ 1, σ > 0, T ≥ 1, 0 < δ < 1).
    Raises :class:`PrecisionNotReached` if the enclosure cannot be made that tight.
    """
    if q == 0:
        return arb(0)
    _refuse_unresolved_rdp(q, sigma, steps, delta, method, prec + 24)
    last = None
    for work in (prec + 24, prec + 64, 2 * prec + 64):
        with _prec(work):
            ball = _enclose(q, sigma, steps, delta, method, work, prec)
        last = ball
        if ball.is_exact() or (ball.is_finite() and ball.rel_accuracy_bits() >= prec):
            return ball
    raise PrecisionNotReached(
        f"privacy/sgm-epsilon: the certified enclosure did not reach {prec} bits "
        f"(best ball: {last}) at q={show_value(q)}, sigma={show_value(sigma)}, steps={show_value(steps)}, "
        f"delta={show_value(delta)}, "
        f"method={method}"
    )


def _refuse_unresolved_rdp(q, sigma, steps, delta, method, work) -> None:
    """For the methods with Asoodeh's f-bound (asoodeh, best): raise :class:`PrecisionNotReached` at once when
    T·r(2) = T log(1 + q²(e^{1/σ²} − 1)) is not resolved at
    ``work`` bits (its ball contains 0): every order's moment A_α = 1 + O(q²) then rounds to a ball around 1 in
    the search, every bound of the branch-and-bound is too wide to prune and it spends its box cap on each of
    the three precisions (q = 3e-60, σ = 1, T = 1000, δ = 1e-5: 23 CPU s for a ball [0, 1e-61]).  A higher
    precision would not be enough either: ε is then the Asoodeh f-bound's infimum ≈ T·KL/δ, flat in α to
    relative O(q), which the first-order box bounds cannot certify."""
    if q == 1 or method not in ("asoodeh", "best"):  # Balle's and Mironov's optima lie where r is resolved
        return
    with _prec(work):
        m = _Moments(q, sigma)
        r2 = arb(steps) * m.r_integer(2)
    if not r2 > 0:
        raise PrecisionNotReached(
            f"privacy/sgm-epsilon: the RDP of the steps at order 2, T·r(2) = T·log(1 + q²(e^(1/σ²) − 1)), is below "
            f"the certified search's resolution at {work} bits (ball {r2}) at q={show_value(q)}, "
            f"sigma={show_value(sigma)}, steps={show_value(steps)}, delta={show_value(delta)}, method={method}: "
            "the certified enclosure of the Asoodeh f-bound's infimum (≈ T·KL/δ, flat in α) does not handle a "
            "sampling rate this small (this check does not apply to method=balle or mironov)"
        )


def _enclose(q, sigma, steps, delta, method, work, prec) -> arb:
    search_prec = max(48, work // 2)
    moments = _Moments(q, sigma)
    pb = _Problem(moments, steps, delta, method, search_prec)
    pieces = PIECES[method]
    uppers: list[arb] = []
    found = {}
    # 1. integer scans; the h-piece (α ≥ 1/δ, P = r + log(1 − δ) nondecreasing) has its infimum at 1/δ.
    scans = {}
    for bound, kind in pieces:
        if kind == "from-1/delta":
            continue
        scans[(bound, kind)] = pb.integer_scan(bound, kind)
    live = {k: v for k, v in scans.items() if v is not None}
    best_int = min(v[1][v[0]].mid() for v in live.values())
    # 2. continuous optimum and a rigorous upper bound, for pieces whose integer minimum is close
    for (bound, kind), (n_best, values) in live.items():
        if values[n_best].mid() > best_int + arb(2) ** -8 * (1 + abs(best_int)):
            continue
        with _prec(search_prec):
            a0 = pb.search(bound, kind, n_best, values)
        L0, L1 = moments.log_moment_and_slope(a0, work)
        upper = pb.value(bound, a0, L0)
        uppers.append(upper)
        found[(bound, kind)] = (a0, L0, L1, n_best)
    for n_best, values in live.values():  # integer orders are valid uppers too
        uppers.append(values[n_best])
    ub = min(uppers, key=lambda x: x.upper().mid())
    ub_end = ub.upper()
    lows: list[arb] = []
    # 3. lower bounds, piece by piece
    for bound, kind in pieces:
        if kind == "from-1/delta":
            inv = 1 / pb.delta
            n_floor = min(_floor(inv.lower()), 1 << 12)  # r nondecreasing: any n ≤ 1/δ
            lowb = (
                (pb.T * moments.r_integer(n_floor) + (1 - pb.delta).log()).lower() if n_floor >= 2 else arb(-math.inf)
            )
            if lowb >= ub_end:
                continue
            exact_inv = 1 / _fmpq_arb(delta)
            L0, _ = moments.log_moment_and_slope(exact_inv, work)
            v = _ARB["asoodeh-h"](exact_inv, pb.T * L0 / (exact_inv - 1), pb.delta)
            uppers.append(v)
            lows.append(v.lower())
            continue
        scan = live.get((bound, kind))
        if scan is None:
            continue
        n_best = scan[0]
        exclude = None
        if (bound, kind) in found:
            a0, L0, L1, _ = found[(bound, kind)]
            h = None
            for _ in range(3):
                upper = pb.value(bound, a0, L0)
                local, I, h = _local_lower(pb, bound, kind, a0, L0, L1, work, upper, h)
                if local is None or not upper.is_finite() or upper.upper() - local <= arb(2) ** -(prec + 2) * upper:
                    break
                # Not tight enough: α₀ (found at half the working precision) is too far from the stationary
                # point for the curvature of the objective on I (q = 1e-4, σ = 20, T = 1e4: the curvature at
                # α₀ is ~100 times its infimum over I).  One secant step at the working precision.
                step = pb.refine_order(bound, a0, L0, L1, work)
                if step is None:
                    break
                a0, L0, L1 = step
                uppers.append(pb.value(bound, a0, L0))
            if local is not None:
                lows.append(local)
                exclude = I
        ub_end = min(uppers, key=lambda x: x.upper().mid()).upper()
        with _prec(search_prec):
            far = _branch_and_bound(pb, bound, kind, ub_end, exclude, n_best)
        if far is not None:
            lows.append(far)
        uppers.extend(pb.better)
    ub = min(uppers, key=lambda x: x.upper().mid())
    hi = ub.upper()
    lo = min(lows, key=lambda x: x.mid()) if lows else hi
    if lo > hi:  # cannot happen with correct bounds; refuse rather than return an empty ball
        raise PrecisionNotReached(f"privacy/sgm-epsilon: inconsistent bounds [{lo}, {hi}]")
    zero = arb(0)
    if hi <= zero:
        return zero
    lo = max(lo, zero)
    return _interval(lo, hi)


def to_mpf(ball: arb, dps: int) -> mpmath.mpf:
    """The midpoint of ``ball`` as an mpf at ``dps`` digits (exact binary conversion)."""
    man, exp = (int(v) for v in ball.mid().man_exp())
    with mpmath.workdps(dps):
        return +mpmath.mpf((man, exp)) if man else mpmath.mpf(0)


def as_fraction(ball_end: arb) -> Fraction:
    man, exp = (int(v) for v in ball_end.man_exp())
    return Fraction(man * 2**exp) if exp >= 0 else Fraction(man, 2**-exp)


# ---------------------------------------------------------------------------
# The formula ``privacy/sgm-epsilon``.
from symbolic import Algorithm, Formula
from symbolic.params import choice, natural

from . import toolkit
from .gdp import delta_lt_1, delta_param
from .rdp_conversion import METHODS
from .sgm_moments import MTZ, SGM_HYPOTHESES, q_param, sigma_param

steps_param = natural("steps", "number T of Poisson-subsampled Gaussian steps (T ≥ 1)", zero=False)
sgm_method_param = choice(
    "method",
    METHODS,
    "RDP → (ε, δ) conversion: mironov (Prop. 3), balle (Thm 21 / CKS Prop. 12), asoodeh (Lemma 1), "
    "best (the smallest of the three)",
    default="best",
)

#: (inputs, method) -> the tightest ball computed so far (evaluate's precision loop asks twice).
_CACHE: dict[tuple, arb] = {}


def _key(values: Mapping[str, sp.Rational]) -> tuple:
    return tuple(values[n] for n in ("q", "sigma", "steps", "delta", "method"))


def enclosure(values: Mapping[str, sp.Rational], prec: int) -> arb:
    """The certified ball at checked exact ``values`` with ≥ ``prec`` bits (memoised per input)."""
    key = _key(values)
    ball = _CACHE.get(key)
    if ball is not None and (ball.is_exact() or ball.rel_accuracy_bits() >= prec):
        return ball
    ball = sgm_epsilon_ball(values["q"], values["sigma"], int(values["steps"]), values["delta"], values["method"], prec)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = ball
    return ball


def _evaluator(values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
    """The mpmath fallback (no enclosure), used by ``evaluate`` only where the certified ball cannot
    pin the digits: the previous algorithm, :func:`.sgm_mpmath.mpmath_epsilon`."""
    from .sgm_mpmath import mpmath_epsilon

    return mpmath_epsilon(values, dps)


q_s, sigma_s, steps_s, delta_s = q_param.symbol, sigma_param.symbol, steps_param.symbol, delta_param.symbol
sgm_epsilon_formula = toolkit.add(
    Formula(
        toolkit.id("sgm-epsilon"),
        sp.Function("varepsilon_SGM")(q_s, sigma_s, steps_s, delta_s),
        [q_param, sigma_param, steps_param, delta_param, sgm_method_param],
        toolkit.source(
            "ε at δ of T Poisson-subsampled Gaussian steps by RDP accounting, minimised over continuous α",
            (),
            "derived",
            f"{MTZ} (RDP curve); Mironov 2017 Prop. 3; Balle et al. 2020 Thm 21; "
            "Asoodeh et al. 2021 Lemma 1 (conversions)",
        ),
        hypotheses=[SGM_HYPOTHESES[0], delta_lt_1],
        title="max(0, inf_α ε_method(α, T·sgm-rdp(q, σ, α), δ)); certified Arb enclosure (both ends rigorous)",
        method=Algorithm(_evaluator, certifier=enclosure),
    )
)
