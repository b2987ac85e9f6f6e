"""Independent references for the privacy toolkit (privacy/*) formulas (see the package docstring); imports nothing from the package.

Written from the sources the toolkit cites:

* Dong, Roth & Su 2022 (Gaussian differential privacy), Cor. 2.13: δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2),
  and its inverse ε_μ(δ) = min{ε ≥ 0 : δ_μ(ε) ≤ δ} (0 when δ_μ(0) ≤ δ), found here by a bracketed root of
  log δ_μ(ε) = log δ;  §4.1: C_p(G_μ) = min{f_p, f_p⁻¹}** with f_p = p G_μ + (1 − p) Id, whose three pieces
  meet at the fixed point x* = Φ(−μ/2) (f_p on [0, x*], x* + f_p(x*) − x up to f_p(x*), f_p⁻¹ beyond).
* Mironov, Talwar & Zhang 2019 (arXiv 1908.10530) §3: the sampled Gaussian mechanism's Rényi divergences
  D_α(μ ‖ μ₀) = log A_α/(α − 1), A_α = ∫ μ₀(z) (1 − q + q e^{(2z−1)/(2σ²)})^α dz, and D_α(μ₀ ‖ μ) with the
  exponent 1 − α (quadrature of these integrals on a grid of break points through both peaks; for integer α the
  forward moment is also the binomial sum of §3.2, positive terms).
* The RDP → (ε, δ) conversions at an order α and RDP value r: Mironov 2017 Prop. 3, r + log(1/δ)/(α − 1);
  Balle et al. 2020 Thm 21 (= Canonne, Kamath & Steinke 2020 Prop. 12),
  r + log((α − 1)/α) − (log δ + log α)/(α − 1); Asoodeh et al. 2021 Lemma 1: for αδ < 1 the minimum of the
  f-bound r + (log(1 − e^{−x}) − log(αδ))/(α − 1), x = (α − 1) r − log(1 − αδ), and the g-bound (= Balle's),
  for αδ ≥ 1 the h-bound r + log(1 − δ); "best" is the least of the three; ε is clipped at 0.  The infimum over
  continuous α > 1 is taken at the root of the bound's α-derivative (written out below), found by bracketed
  root finding (Illinois) and then secant steps at more than half the working precision, so the minimum value
  (stationary in α) carries every digit.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath

from . import Reference, gaussian_tail, illinois_root, mpf

GUARD = 20


# ---------------------------------------------------------------------------------------------------------------------
# Gaussian DP: ε_μ(δ) (Dong, Roth & Su 2022, Cor. 2.13 inverted).


def gdp_delta(mu, eps):
    """δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = Q(ε/μ − μ/2) − e^ε Q(ε/μ + μ/2)."""
    return gaussian_tail(eps / mu - mu / 2) - mpmath.exp(eps) * gaussian_tail(eps / mu + mu / 2)


def gdp_epsilon(mu, delta):
    """min{ε ≥ 0 : δ_μ(ε) ≤ δ}: 0 when δ_μ(0) ≤ δ, else the root of log δ_μ(ε) = log δ (δ_μ decreases in ε).

    The difference of Q's cancels by about log10(ε/μ²) digits for large ε/μ, absorbed by a generous guard."""
    with mpmath.workdps(mpmath.mp.dps + GUARD + 40):
        m, d = mpf(mu), mpf(delta)
        if gdp_delta(m, mpmath.mpf(0)) <= d:
            return mpmath.mpf(0)
        log_d = mpmath.log(d)
        g = lambda e: mpmath.log(gdp_delta(m, e)) - log_d  # noqa: E731  (decreasing)
        hi = mpmath.mpf(1)
        while g(hi) > 0:
            hi *= 2
        root = illinois_root(g, mpmath.mpf(0), hi)
    return +root


# ---------------------------------------------------------------------------------------------------------------------
# C_p(G_μ) (Dong, Roth & Su 2022 §4.1).


def _q_inverse(x):
    """t with Q(t) = x, 0 < x < 1 (a root of log Q(t) = log x; Q decreasing)."""
    target = mpmath.log(x)
    g = lambda t: mpmath.log(gaussian_tail(t)) - target  # noqa: E731
    lo, hi = mpmath.mpf(-1), mpmath.mpf(1)
    while g(lo) < 0:
        lo *= 2
    while g(hi) > 0:
        hi *= 2
    return illinois_root(g, lo, hi)


def subsampled_gdp_tradeoff(p, mu, x):
    """C_p(G_μ)(x): f_p(x) = p Φ(Q⁻¹(x) − μ) + (1 − p)(1 − x) for x ≤ x* = Φ(−μ/2); x* + f_p(x*) − x up to
    f_p(x*) = p x* + (1 − p)(1 − x*) (G_μ(x*) = x*); beyond, the y with f_p(y) = x, found through t = Q⁻¹(y):
    1 − x = p Q(t − μ) + (1 − p) Q(t), a root in log space, so a y near 0 (x near 1) keeps its digits."""
    with mpmath.workdps(mpmath.mp.dps + GUARD + int(mpf(mu) ** 2 / 9) + 10):
        P, M, X = mpf(p), mpf(mu), mpf(x)
        xs = gaussian_tail(M / 2)
        fs = P * xs + (1 - P) * (1 - xs)
        if x == 0:
            value = mpmath.mpf(1)
        elif X <= xs:
            value = P * (1 - gaussian_tail(_q_inverse(X) - M)) + (1 - P) * mpf(1 - Fraction(x))
        elif X <= fs:
            value = xs + fs - X
        elif x == 1:
            value = mpmath.mpf(0)
        else:
            target = mpmath.log(mpf(1 - Fraction(x)))
            g = lambda t: mpmath.log(P * gaussian_tail(t - M) + (1 - P) * gaussian_tail(t)) - target  # noqa: E731  (decreasing in t)
            lo, hi = mpmath.mpf(-1), mpmath.mpf(1)
            while g(lo) < 0:
                lo *= 2
            while g(hi) > 0:
                hi *= 2
            value = gaussian_tail(illinois_root(g, lo, hi))
    return +value


# ---------------------------------------------------------------------------------------------------------------------
# RDP → (ε, δ): the pointwise conversions and their α-derivatives, given R = r(α) and R' = r'(α).


def _mironov(a, R, dR, d):
    ell = -mpmath.log(d)
    return R + ell / (a - 1), dR - ell / (a - 1) ** 2


def _balle(a, R, dR, d):
    # log((α − 1)/α) = log1p(−1/α): at α ~ 1e151 the quotient rounds to 1 and its log, ~ −1/α, would be lost
    value = R + mpmath.log1p(-1 / a) - (mpmath.log(d) + mpmath.log(a)) / (a - 1)
    # d/dα [log((α−1)/α) − (log δ + log α)/(α − 1)] = log(αδ)/(α − 1)²
    return value, dR + mpmath.log(a * d) / (a - 1) ** 2


def _asoodeh_f(a, R, dR, d):
    """f = R + N/(α − 1), N = log(1 − e^{−x}) − log(αδ), x = (α − 1)R − log(1 − αδ) (αδ < 1)."""
    x = (a - 1) * R - mpmath.log1p(-a * d)
    dx = R + (a - 1) * dR + d / (1 - a * d)
    N = mpmath.log(-mpmath.expm1(-x)) - mpmath.log(a * d)
    dN = dx / mpmath.expm1(x) - 1 / a
    return R + N / (a - 1), dR + (dN * (a - 1) - N) / (a - 1) ** 2


_BOUNDS = {"mironov": _mironov, "balle": _balle, "asoodeh-f": _asoodeh_f}


def _critical_points(dfun, gap_lo, gap_hi, points=400):
    """Roots of ``dfun`` (α ↦ derivative) with α − 1 in (gap_lo, gap_hi), located on a log grid of α − 1 where
    the derivative goes from − to + (the minima), each refined by Illinois."""
    t_lo, t_hi = mpmath.log(gap_lo), mpmath.log(gap_hi)
    grid = [1 + mpmath.exp(t_lo + (t_hi - t_lo) * k / (points - 1)) for k in range(points)]
    values = [dfun(a) for a in grid]
    roots = []
    for k in range(points - 1):
        if values[k] < 0 <= values[k + 1]:  # a minimum (derivative − → +)
            roots.append(illinois_root(dfun, grid[k], grid[k + 1]))
    return roots


def rdp_linear_epsilon(rho, delta, method):
    """max(0, inf over α > 1 of the method's bound at r(α) = ρα).  Mironov: ρ + 2√(ρ log(1/δ)) (the stationary
    point of ρα + log(1/δ)/(α − 1)).  Balle: the root of ρ + log(αδ)/(α − 1)² (unique: the left side increases
    from −∞).  Asoodeh: the least of the f-bound's interior minima on (1, 1/δ) (critical points on a log grid,
    refined), Balle's minimum, and the h-bound's infimum over α ≥ 1/δ, ρ/δ + log(1 − δ)."""
    with mpmath.workdps(mpmath.mp.dps + GUARD):
        r, d = mpf(rho), mpf(delta)

        def minimum(bound):
            if bound == "mironov":
                return r + 2 * mpmath.sqrt(-r * mpmath.log(d))
            if bound == "balle":
                a = illinois_root(
                    lambda a: _balle(a, r * a, r, d)[1], 1 + mpmath.mpf(2) ** (-mpmath.mp.prec // 2), 1 / d
                )
                return _balle(a, r * a, r, d)[0]
            inv = 1 / d
            candidates = [r * inv + mpmath.log1p(-d), minimum("balle")]  # h at α = 1/δ; g = Balle
            gaps = (inv - 1) * mpmath.mpf(10) ** -40, (inv - 1) * (1 - mpmath.mpf(10) ** -12)
            for a in _critical_points(lambda a: _asoodeh_f(a, r * a, r, d)[1], *gaps):
                candidates.append(_asoodeh_f(a, r * a, r, d)[0])
            return min(candidates)

        methods = ("mironov", "balle", "asoodeh") if method == "best" else (method,)
        eps = min(minimum(m) for m in methods)
        eps = max(eps, 0)
    return +mpmath.mpf(eps)


# ---------------------------------------------------------------------------------------------------------------------
# The sampled Gaussian mechanism (Mironov, Talwar & Zhang 2019 §3).


def _break_points(q, sigma, alpha, reverse):
    """Break points through every region where the integrand can peak: z = 0, z = 1 and z = α (μ₀, μ₀e^{w} ∝
    N(1, σ²) and μ₀ ratio^α ≈ N(α, σ²) up to constants; 1 − α for the reverse moment) at 0, ±2σ, ±6σ, ±16σ
    around each, and the switch z_t = 1/2 + σ² log((1 − q)/q) between the ratio's two regimes, at 0, ±h, ±4h
    around it with h = min(σ, σ²) (the ratio's log turns there over a width σ²).  The range ends Kσ beyond the
    outermost of these, e^{−K²/2} = 10^{−(dps + 30)} (the Gaussian factor's tail, below every digit kept); gaps
    wider than 4σ are split evenly, so that no piece is much wider than the Gaussian factor's scale."""
    centers = [mpmath.mpf(0), mpmath.mpf(1), (1 - alpha) if reverse else alpha]
    pts = set()
    for c in centers:
        for k in (0, 2, 6, 16):
            pts |= {c + k * sigma, c - k * sigma}
    if 0 < q < 1:
        zt = mpmath.mpf(1) / 2 + sigma**2 * mpmath.log((1 - q) / q)
        h = min(sigma, sigma**2)
        pts |= {zt + k * h for k in (-4, -1, 0, 1, 4)}
    K = mpmath.sqrt(2 * mpmath.log(10) * (mpmath.mp.dps + 30))
    pts |= {min(pts) - K * sigma, max(pts) + K * sigma}
    pts = sorted(pts)
    filled = [pts[0]]
    for b in pts[1:]:
        a = filled[-1]
        pieces = int(mpmath.ceil((b - a) / (4 * sigma)))
        filled.extend(a + (b - a) * k / pieces for k in range(1, pieces + 1))
    return filled


def _quad(f, pts):
    """∫ f over the pieces ``pts`` by Gauss–Legendre, with mpmath's error estimate required ~10 digits below the
    precision.  mpmath's convergence test is absolute, so f is first divided by its largest value at the finite
    break points (an integrand of size e^{600} or 1e−12 then converges in relative terms)."""
    scale = max(abs(f(z)) for z in pts)
    value, err = mpmath.quad(lambda z: f(z) / scale, pts, error=True, method="gauss-legendre")
    assert err <= abs(value) * mpmath.mpf(10) ** (10 - mpmath.mp.dps), ("quadrature", value, err)
    return value * scale


def _moment_minus_one(q, sigma, power, alpha, reverse):
    """∫ μ₀ [(1 + u)^power − 1 − power·u] dz = (moment) − 1, u = q(e^{(2z−1)/(2σ²)} − 1), which integrates to 0
    against μ₀ (E[ratio] = 1); the bracket is ≥ 0 (convexity), so the integral has no cancellation."""
    s2 = 2 * sigma**2
    norm = 1 / (sigma * mpmath.sqrt(2 * mpmath.pi))

    def f(z):
        u = q * mpmath.expm1((2 * z - 1) / s2)
        bracket = mpmath.expm1(power * mpmath.log1p(u)) - power * u
        return norm * mpmath.exp(-(z**2) / s2) * bracket

    return _quad(f, _break_points(q, sigma, alpha, reverse))


def _sgm_dps(q, alpha):
    """The working digits: the caller's, plus those the (A − 1) integrand loses pointwise (its two terms ~ αq
    cancel to ~ α(α − 1)q²) and a guard, rounded up to a multiple of 20 (mpmath caches Gauss–Legendre nodes per
    precision, so the points share them)."""
    need = mpmath.mp.dps + 10 + max(0, -int(mpmath.log10(q))) + max(0, -int(mpmath.log10(alpha - 1)))
    return -(-need // 20) * 20


def _is_integer(x):
    return isinstance(x, int) or (isinstance(x, Fraction) and x.denominator == 1)


def sgm_rdp(q, sigma, alpha):
    """D_α(μ ‖ μ₀) = log A_α/(α − 1) (MTZ 2019 §3): log1p(A_α − 1)/(α − 1) with A_α − 1 by quadrature (fractional
    α) or, for integer α, by the binomial sum Σ_{k≥2} C(α, k)(1 − q)^{α−k} q^k (e^{(k²−k)/(2σ²)} − 1); for integer
    α ≤ 64 the two are cross-checked (they must agree to the working precision but 5 digits)."""
    if q == 0:
        return mpmath.mpf(0)
    if _is_integer(alpha):
        with mpmath.workdps(mpmath.mp.dps + 10):
            Q, S, n = mpf(q), mpf(sigma), int(alpha)
            a_minus_1 = mpmath.fsum(
                mpmath.binomial(n, k) * (1 - Q) ** (n - k) * Q**k * mpmath.expm1((k * k - k) / (2 * S**2))
                for k in range(2, n + 1)
            )
            value = mpmath.log1p(a_minus_1) / (n - 1)
        if n <= 64:
            other = sgm_rdp_quadrature(q, sigma, alpha)
            assert abs(other - value) <= abs(value) * mpmath.mpf(10) ** (5 - mpmath.mp.dps), ("binomial", value, other)
        return +value
    return sgm_rdp_quadrature(q, sigma, alpha)


def sgm_rdp_quadrature(q, sigma, alpha):
    """The forward divergence by quadrature of A_α − 1 at every α (also cross-checks the binomial sum)."""
    if q == 0:
        return mpmath.mpf(0)
    with mpmath.workdps(_sgm_dps(mpf(q), mpf(alpha))):
        Q, S, A = mpf(q), mpf(sigma), mpf(alpha)
        value = mpmath.log1p(_moment_minus_one(Q, S, A, A, reverse=False)) / (A - 1)
    return +value


def sgm_rdp_reverse(q, sigma, alpha):
    """D_α(μ₀ ‖ μ) = log B_α/(α − 1), B_α = ∫ μ₀ ratio^{1−α} dz (quadrature of B_α − 1)."""
    if q == 0:
        return mpmath.mpf(0)
    with mpmath.workdps(_sgm_dps(mpf(q), mpf(alpha))):
        Q, S, A = mpf(q), mpf(sigma), mpf(alpha)
        value = mpmath.log1p(_moment_minus_one(Q, S, 1 - A, A, reverse=True)) / (A - 1)
    return +value


_CACHE: dict = {}


def _cached(fn, precision_free=False):
    """Memoised per exact arguments and working precision (the method points at one (q, σ, T, δ) share pieces);
    ``precision_free`` for a function that sets its own precision from exact arguments."""

    def wrapper(*args):
        key = (fn.__name__, None if precision_free else mpmath.mp.prec, *args)
        if key not in _CACHE:
            _CACHE[key] = fn(*args)
        return _CACHE[key]

    return wrapper


@_cached
def _log_moment(q, sigma, alpha, derivative):
    """L(α) = log A_α, and with ``derivative`` also L'(α) = ∫ μ₀ ratio^α log(ratio) / A_α (one complex quadrature:
    real part A_α, imaginary part A'_α)."""
    s2 = 2 * sigma**2
    norm = 1 / (sigma * mpmath.sqrt(2 * mpmath.pi))

    def f(z):
        lr = mpmath.log1p(q * mpmath.expm1((2 * z - 1) / s2))
        g = norm * mpmath.exp(alpha * lr - z**2 / s2)
        return mpmath.mpc(g, g * lr) if derivative else g

    value = _quad(f, _break_points(q, sigma, alpha, False))
    if derivative:
        return mpmath.log(value.real), value.imag / value.real
    return mpmath.log(value)


def _log_moment_integer(q, sigma, n):
    """L(n) by the binomial sum (MTZ §3.2)."""
    return mpmath.log(
        mpmath.fsum(
            mpmath.binomial(n, k) * (1 - q) ** (n - k) * q**k * mpmath.exp((k * k - k) / (2 * sigma**2))
            for k in range(n + 1)
        )
    )


def _sgm_objective(bound, T, d):
    fn = _BOUNDS[bound]
    return lambda a, L, dL: fn(a, T * L / (a - 1), T * (dL * (a - 1) - L) / (a - 1) ** 2, d)


def _secant(slope, x0, x1, digits, lo, hi):
    """Secant iteration on the derivative (``slope(a)`` returns (bound, derivative)) from x0, x1; None if it leaves
    [lo, hi] or does not converge.  Returns the iterate x_{k+1} as soon as its predicted error, |x_{k+1} − x_k| ·
    |x_k − x_{k−1}| (superlinear convergence), is 1000 times below 10^−digits relative, or once two iterates agree
    to ``digits`` digits, with the bound at the last iterate evaluated (x_k, at most that far away)."""
    s0 = slope(x0)[1]
    v1, s1 = slope(x1)
    tol = mpmath.mpf(10) ** -digits
    for _ in range(40):
        if s1 == s0:
            return None
        step = s1 * (x1 - x0) / (s1 - s0)
        previous = abs(x1 - x0)
        x0, x1, s0 = x1, x1 - step, s1
        if not lo < x1 < hi:
            return None
        if abs(step) <= abs(x1) * tol or abs(step) * previous <= x1 * x1 * tol / 1000:
            return x1, v1
        v1, s1 = slope(x1)
    return None


def _sgm_piece_order(q, sigma, T, d, bound):
    """The order α* minimising the bound at R = T L(α)/(α − 1) (α < 1/δ for the f-bound) to about
    14 digits: the best integer order n by binomial sums, the parabola through n − 1, n, n + 1 as a guess, a sign
    change of the α-derivative in a window around it (widened until found, inside [n − 1, n + 1]) and Illinois
    there, at 25 digits; returns (α*, the bound there, the integer scan, the bracket [n − 1, n + 1])."""
    with mpmath.workdps(25):  # exact inputs: the 80- and 120-digit runs share this stage (memoised)
        q, sigma, d = mpf(q), mpf(sigma), mpf(d)
        cap = 1 / d if bound == "asoodeh-f" else None
        objective = _sgm_objective(bound, T, d)
        best, values, n = None, {}, 2
        while cap is None or n < cap:
            values[n] = objective(mpmath.mpf(n), _log_moment_integer(q, sigma, n), 0)[0]
            if best is None or values[n] < values[best]:
                best = n
            if n > best + 3:
                break
            n += 1
        lo = max(mpmath.mpf(best - 1), 1 + mpmath.mpf(2) ** -20)
        hi = mpmath.mpf(best + 1)
        if cap is not None:
            hi = min(hi, 1 + (cap - 1) * (1 - mpmath.mpf(2) ** -20))
        guess = mpmath.mpf(best)
        if best - 1 in values and best + 1 in values:  # the parabola through the three integer orders
            fm, f0, fp = values[best - 1], values[best], values[best + 1]
            if fm - 2 * f0 + fp > 0:
                guess = best - (fp - fm) / (2 * (fm - 2 * f0 + fp))
        slope = lambda a: objective(a, *_log_moment(q, sigma, a, True))  # noqa: E731
        # a sign change of the derivative in a small window around the guess (widened until found), then Illinois
        h = guess / 50
        a, b = max(lo, guess - h), min(hi, guess + h)
        sa, sb = slope(a), slope(b)
        while not (sa[1] < 0 < sb[1]):
            h *= 4
            if sa[1] >= 0:
                assert a > lo, "no sign change of the derivative"
                a, b, sb = max(lo, a - h), a, sa
                sa = slope(a)
            else:
                assert b < hi, "no sign change of the derivative"
                a, b, sa = b, min(hi, b + h), sb
                sb = slope(b)
        a0 = illinois_root(lambda x: slope(x)[1], a, b, rel=mpmath.mpf(10) ** -14)
        found = a0, slope(a0)[0]
    return found[0], found[1], values, (lo, hi)


_sgm_piece_order = _cached(_sgm_piece_order, precision_free=True)


def _sgm_refine(q, sigma, T, d, bound, a0, a0_digits, bracket, digits):
    """α* refined to ``digits`` digits by secant steps at ``digits`` + 5 digits, from ``a0`` known to about
    ``a0_digits`` digits (:func:`_sgm_piece_order`'s 14, or an earlier refinement's) and a0·(1 + 10^−a0_digits)."""
    objective = _sgm_objective(bound, T, d)
    with mpmath.workdps(-(-(digits + 5) // 20) * 20):  # a multiple of 20 (shared Gauss–Legendre nodes)
        slope = lambda a: objective(a, *_log_moment(q, sigma, a, True))  # noqa: E731
        a0 = mpmath.mpf(a0)
        found = _secant(slope, a0, a0 * (1 + mpmath.mpf(10) ** -a0_digits), digits, *bracket)
        if found is not None:
            return found[0]
    raise AssertionError("secant did not converge")


_REFINED: dict = {}  # (q, σ, T, δ, bound) as exact inputs -> {digits: α* refined to that many digits}


def sgm_epsilon(q, sigma, steps, delta, method):
    """max(0, inf over continuous α of the method's bound at T·D_α(μ ‖ μ₀)) (MTZ 2019 §3 and the conversions
    above).  Asoodeh: the least of the f-bound (α < 1/δ), Balle's bound (= the g-bound) and the h-bound
    T r(1/δ) + log(1 − δ) (its infimum over α ≥ 1/δ, r being nondecreasing), the last skipped when T r(n) +
    log(1 − δ) at an integer n ≤ 1/δ already exceeds the others.  Best: the least of the three methods, i.e.
    Asoodeh's (Balle's bound is below Mironov's at every α: their difference log((α − 1)/α) − log(α)/(α − 1) < 0).

    Each piece's order is located to ~14 digits at 25 digits (whatever the caller's precision), the winner's is
    refined to more than half the working digits (the bound is stationary there, so its value there is exact to
    the working precision) and the bound is evaluated there at full precision."""
    if q == 0:
        return mpmath.mpf(0)
    dps = mpmath.mp.dps
    pieces = {"mironov": ("mironov",), "balle": ("balle",)}.get(method, ("balle", "asoodeh-f"))
    found, scanned = [], {}
    for bound in pieces:  # each piece's order and minimum to ~14 digits (at 25 digits, whatever the caller's)
        a0, v, values, bracket = _sgm_piece_order(q, sigma, steps, delta, bound)
        found.append((v, bound, a0, bracket))
        scanned.update(values)
    with mpmath.workdps(-(-(dps + 10 + max(0, -int(mpmath.log10(mpf(q))))) // 20) * 20):
        Q, S, D = mpf(q), mpf(sigma), mpf(delta)
        v, bound, a0, bracket = min(found)
        # the other pieces' minima (known to ~14 digits) must be clearly above the winner's
        assert all(w - v > abs(v) * mpmath.mpf(10) ** -12 for w, b, _, _ in found if b != bound), "too close to call"
        # α* to `digits` digits, once per point and precision: from the α* of the most digits below `digits`
        # already refined (the 120-digit run starts from the 80-digit run's: two secant steps instead of about
        # five, with the same stopping test), else from the ~14-digit α* of the piece's search
        digits, refined = dps // 2 + 8, _REFINED.setdefault((q, sigma, steps, delta, bound), {})
        if digits not in refined:
            start_digits = max((k for k in refined if k < digits), default=None)
            start = (start_digits, refined[start_digits]) if start_digits else (14, a0)
            refined[digits] = _sgm_refine(Q, S, steps, D, bound, start[1], start[0], bracket, digits)
        a_star = refined[digits]
        eps = _sgm_objective(bound, steps, D)(a_star, _log_moment(Q, S, a_star, False), 0)[0]
        if method in ("asoodeh", "best"):
            n = min(max(scanned), int(1 / Fraction(delta)))
            if not (n >= 2 and steps * _log_moment_integer(Q, S, n) / (n - 1) + mpmath.log1p(-D) >= eps):
                inv = 1 / D
                eps = min(eps, steps * _log_moment(Q, S, inv, False) / (inv - 1) + mpmath.log1p(-D))
        eps = max(eps, 0)
    return +mpmath.mpf(eps)


REFERENCES: dict[str, Reference] = {
    "privacy/gdp-epsilon": Reference(
        value=gdp_epsilon,
        points=(
            dict(mu="1", delta="1e-5"),
            dict(mu="37", delta="1e-10"),  # ε ≈ 919
            dict(mu="2", delta="1e-30"),
            dict(mu="0.01", delta="0.0039"),  # δ just below δ_μ(0) ≈ 0.00399: ε ≈ 1.8e−4
            # μ = 1e−50: Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) cancels ~50 digits, δ_μ(0) ≈ 4e−51 is 0 at 10 guard
            # digits (issue #17: the root finder returned ε = 0, the Arb bracket was rejected, mpmath took 270 s)
            dict(mu="1e-50", delta="1e-300"),
        ),
        source="Dong, Roth & Su (2022) Cor. 2.13, δ_μ(ε) inverted (least ε ≥ 0 with δ_μ(ε) ≤ δ)",
    ),
    "privacy/subsampled-gdp-tradeoff": Reference(
        value=subsampled_gdp_tradeoff,
        points=(
            dict(p="0.5", mu="1", x="0.1"),  # first piece
            dict(p="0.001", mu="5", x="0.5"),  # middle piece
            dict(p="1", mu="40", x="1e-300"),  # first piece at x = 1e−300 (Q⁻¹(x) ≈ 37)
            # third piece: p = 1 − 1e−6, 1 − x = 1e−20, the root y ≈ 1.9e−337
            dict(p="0.999999", mu="30", x="0.99999999999999999999"),
        ),
        source="Dong, Roth & Su (2022) §4.1: C_p(G_μ) = min{f_p, f_p⁻¹}**, three-piece form",
    ),
    "privacy/rdp-linear-epsilon": Reference(
        value=rdp_linear_epsilon,
        points=(
            dict(rho="1e-6", delta="1e-300", method="mironov"),
            dict(rho="0.5", delta="1e-5", method="balle"),  # the Gaussian mechanism at σ = 1
            # α* ≈ 1e51: log((α − 1)/α) ≈ −1/α must not round to 0 (it did in a first draft of this reference)
            dict(rho="1e-100", delta="1e-300", method="balle"),
            # α* ≈ 1e151: runs at 47 and 94 digits agreed on a value 0.15 % off (log((α − 1)/α) rounded to 0), and
            # the 2000-point scan plus 1800 golden-section steps at 752 digits took 15–82 s (issue #17)
            dict(rho="1e-300", delta="1e-300", method="balle"),
            dict(rho="1e-300", delta="1e-300", method="best"),
            dict(rho="1e-20", delta="1e-300", method="asoodeh"),  # α* ≈ 1e12
            dict(rho="1e16", delta="0.99", method="best"),  # α* − 1 ≈ 1e−9
            dict(rho="100", delta="0.999", method="best"),  # the h-bound at α = 1/δ within 5e−3 of the minimum
            dict(rho="0.05", delta="0.5", method="asoodeh"),  # every bound negative: ε = 0
        ),
        source="Mironov (2017) Prop. 3; Balle et al. (2020) Thm 21; Asoodeh et al. (2021) Lemma 1; minimised over "
        "continuous α at r(α) = ρα",
    ),
    "privacy/sgm-rdp": Reference(
        value=sgm_rdp,
        points=(
            dict(q="0.01", sigma="1", alpha="7.5"),  # DP-SGD's rate and noise, a fractional order
            dict(q="1e-6", sigma="0.5", alpha="1.000001"),  # α → 1 and q → 0: D ≈ 2.7e−11
            dict(q="0.1", sigma="0.5", alpha="20.5"),  # σ < 1: two separated bumps (z ≈ 0 and z ≈ α)
            dict(q="0.5", sigma="5", alpha="1000"),  # a large integer order (binomial sum, 1001 terms)
            dict(q="0.01", sigma="1", alpha="8"),  # an integer order: binomial sum and quadrature cross-checked
        ),
        source="Mironov, Talwar & Zhang (2019) §3: log A_α/(α − 1), A_α = ∫ μ₀ (1 − q + q e^{(2z−1)/(2σ²)})^α dz "
        "(§3.2's binomial sum for integer α)",
    ),
    "privacy/sgm-rdp-reverse": Reference(
        value=sgm_rdp_reverse,
        points=(
            dict(q="0.01", sigma="1", alpha="7.5"),
            dict(q="1e-6", sigma="0.5", alpha="1.000001"),  # α → 1 and q → 0
            dict(q="0.9", sigma="0.3", alpha="10.5"),  # σ < 1, q near 1
        ),
        source="Mironov, Talwar & Zhang (2019) §3: the other direction, log ∫ μ₀ ratio^{1−α} dz/(α − 1)",
    ),
    "privacy/sgm-epsilon": Reference(
        value=sgm_epsilon,
        points=(
            # the DP-SGD point of issue #17 (q = 0.01, σ = 1, 1000 steps, δ = 1e−5), each conversion
            dict(q="0.01", sigma="1", steps="1000", delta="1e-5", method="mironov"),
            dict(q="0.01", sigma="1", steps="1000", delta="1e-5", method="balle"),
            dict(q="0.01", sigma="1", steps="1000", delta="1e-5", method="asoodeh"),
            dict(q="0.01", sigma="1", steps="1000", delta="1e-5", method="best"),
            # a long run at δ = 1e−30 with σ < 1: r(α) explodes past α ≈ 9, the optimum α* ≈ 8.08 sits next to it
            dict(q="0.001", sigma="0.8", steps="100000", delta="1e-30", method="best"),
            # few steps at a small rate: the optimum moves out to α* ≈ 55.4
            dict(q="0.001", sigma="2", steps="10", delta="1e-5", method="balle"),
        ),
        source="Mironov, Talwar & Zhang (2019) §3 (RDP of T steps) with Mironov (2017) Prop. 3, Balle et al. (2020) "
        "Thm 21, Asoodeh et al. (2021) Lemma 1, minimised over continuous α",
    ),
}
