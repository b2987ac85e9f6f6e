"""Independent 40-digit references for Chien & Li (2024), written from the paper's formulas in plain mpmath.

h by the printed (104) or bisection in log x, D_t by iterating the recursions of Lemmas 3.5 and 3.10, Theorem 3.1 by exhaustive τ
with the inner minimum by water-filling (bisection on the level), S_α by quadrature.  Used in the issue #12 audit to
check ``eval chien-li/… --dps 45``, and the source of the ``recomputed`` Figure 1(a) plateau references
(``derivations/chien_li/figures.py``: ``thm31("2", "1", "0.1", "2", 5, "1", c, 400) / 2`` for c = 1.1, 1, 0.9).
Imports nothing from the package.
"""

import mpmath as mp
from mpmath import mpf

mp.mp.dps = 60


def Q(x):
    from fractions import Fraction

    f = Fraction(str(x))
    return mpf(f.numerator) / f.denominator


# --- Lemma 3.9 (104): h = ((-L + sqrt(L^2 + 4z))/2)^2, printed form evaluated with enough guard digits
def h_half(L, z):
    L, z = Q(L), Q(z)
    with mp.workdps(60 + 2 * max(0, int(-mp.log10(z / L**2)) if L > 0 and z > 0 else 0) + 10):
        return +(((-L + mp.sqrt(L**2 + 4 * z)) / 2) ** 2)


# --- h = g^{-1}, g(x) = x + L x^lam: root in log space by bisection (monotone in y = log x)
def h_gen(L, lam, z):
    L, lam, z = Q(L), Q(lam), Q(z)
    if z == 0:
        return mpf(0)
    F = lambda y: mp.log(mp.exp(y) + L * mp.exp(lam * y)) - mp.log(z)
    lo, hi = mp.log(z) - 10, mp.log(z) + 1  # g(x) >= x: root <= log z
    while F(lo) > 0:
        lo = 2 * lo - 10
    for _ in range(400):
        mid = (lo + hi) / 2
        if F(mid) > 0:
            hi = mid
        else:
            lo = mid
    return mp.exp((lo + hi) / 2)


# --- Lemma 3.5 (7): recursion, directly (small T) or jumping over branch-1 / branch-2 stretches
def dt35_loop(c, eta, K, n, T):
    c, s, big = Q(c), 2 * Q(eta) * Q(K) / n, 2 * Q(eta) * Q(K)
    d = mpf(0)
    for _ in range(T):
        d = min(c * d + s, d + big)
    return d


def dt35_big(c, eta, K, n, T):
    """For large T: iterate while branch 1 is active (it is active from D_0 = 0); once branch 2 is strictly
    smaller it stays so (its gap (c-1)D - 2ηK(1-1/n) grows with D for c > 1), so add 2ηK per remaining step.
    Branch-1 stretches longer than 10^6 use the sum s*sum_{j<t} c^j (exact fsum of the closed form of
    x_t = c x_{t-1} + s, written as the partial geometric series)."""
    c, s, big = Q(c), 2 * Q(eta) * Q(K) / n, 2 * Q(eta) * Q(K)
    d, t = mpf(0), 0
    while t < T and t < 10**6:
        b1, b2 = c * d + s, d + big
        if b2 < b1:
            return d + big * (T - t)
        d, t = b1, t + 1
    if t == T:
        return d
    # long branch-1 stretch (c within ~1e-6 of 1): find the first t with c x_t + s > x_t + big by bisection
    x = lambda tt: s * (mp.expm1(tt * mp.log(c)) / (c - 1) if c != 1 else tt)
    lo, hi = t, T
    if not (x(hi - 1) * c + s > x(hi - 1) + big):
        return x(T)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if x(mid) * c + s > x(mid) + big:
            hi = mid
        else:
            lo = mid
    return x(hi) + big * (T - hi)


# --- Lemma 3.10 (17)
def dt310_loop(eta, L, lam, K, n, T):
    e, L, lam, K = Q(eta), Q(L), Q(lam), Q(K)
    s, big = 2 * e * K / n, 2 * e * K
    d = mpf(0)
    for t in range(T):
        b1, b2 = d + e * L * d**lam + s, d + big
        if b2 < b1 and T > 10**6:
            return d + big * (T - t)
        d = min(b1, b2)
    return d


# --- Theorem 3.1 (3): for each tau, min over beta by water-filling with bisection on the level mu
def inner_wf(c, s, Dl, m):
    """min_{a>=0} sum (s+a_k)^2 s.t. sum c^{-k} a_k >= Dl  (beta eliminated: p^2/b + a^2/(1-b) >= (p+a)^2)."""
    if Dl <= 0:
        return m * s**2
    v = [c ** (-k) for k in range(1, m + 1)]
    G = lambda mu: mp.fsum(vk * max(0, mu * vk - s) for vk in v) - Dl
    lo, hi = mpf(0), mpf(1)
    while G(hi) < 0:
        hi *= 2
    for _ in range(mp.mp.prec + 30):
        mid = (lo + hi) / 2
        if G(mid) < 0:
            lo = mid
        else:
            hi = mid
    mu = hi
    return mp.fsum(max(s, mu * vk) ** 2 for vk in v)


def delta31(c, s, big, D, tau):
    geo = tau if c == 1 else (c**tau - 1) / (c - 1)
    return min(s * geo, big * tau, D)


def thm31(alpha, sigma, eta, K, n, D, c, T, profile=False):
    alpha, sigma, eta, K, D, c = map(Q, (alpha, sigma, eta, K, D, c))
    s, big = 2 * eta * K / n, 2 * eta * K
    best = T * s**2  # tau = 0
    prof = [(0, best)]
    # every window of length m costs >= m s^2 (each (s + a_k)^2 >= s^2): windows with m s^2 >= best cannot win
    m = 1
    while m <= T - 1 and m * s**2 < best:
        tau = T - m
        v = inner_wf(c, s, delta31(c, s, big, D, tau), m)
        prof.append((tau, v))
        best = min(best, v)
        m += 1
    val = alpha / (2 * sigma**2) * best
    return (val, prof) if profile else val


def S_ref(alpha, q, sigma):
    """S_alpha(q, sigma) = 1/(alpha-1) log E_{x~N(0,s^2)} [(1 - q + q e^{(2x-1)/(2 s^2)})^{1-alpha}]."""
    a, q, s = Q(alpha), Q(q), Q(sigma)
    if q == 1:
        return a / (2 * s**2)
    f = lambda x: mp.npdf(x, 0, s) * (1 - q + q * mp.exp((2 * x - 1) / (2 * s**2))) ** (1 - a)
    pts = [-mp.inf, -20 * s, -5 * s, 0, mpf(1) / 2, 1, 5 * s, 20 * s, mp.inf]
    return mp.log(mp.quad(f, sorted(set(pts)))) / (a - 1)
