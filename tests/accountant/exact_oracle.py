"""Exact last-iterate privacy of one-dimensional noisy-SGD instances — an independent oracle.

Imports nothing from ``derivations/`` or ``accountant/``: mpmath only.  Every function works at the
current mpmath precision (callers set ``mpmath.workdps``).

**The run.**  The canonical step θ ← θ − η((1/b)Σ_{i∈B_t} g_i(θ) + ξ_t), ξ_t ~ N(0, s²), from θ_0 = 0, no
projection.  Batches (b the batch size, n the dataset size, N = ⌈n/b⌉ steps per epoch):

* ``full`` — every example every step (b = n);
* ``cyclic`` — epoch after epoch the N consecutive batches {jb, …, min((j+1)b, n) − 1}, j < N, of a fixed
  order (the last one ragged when b ∤ n), step t using batch t mod N; the normaliser stays 1/b;
* ``shuffled`` — the same partition of a fresh uniformly random permutation each epoch;
* ``poisson`` — each example independently with probability q = b/n;
* ``without-replacement`` — a uniformly random b-subset each step (so each example with probability b/n,
  independently across steps).

**The instance.**  Every example's loss is f_i(θ) = (h/2)θ² − a_i θ with one curvature h for all of them:
h ∈ [m, M] is m-strongly convex and M-smooth, h = 0 is linear (convex, and every smoothness class), h = −ρ
is ρ-weakly convex (concave).  Every example but the differing one has a_i = 0.  On the two neighbouring
datasets the differing example has a = a₁ and a = a₂, so ‖g − g'‖ = |a₁ − a₂| everywhere (the gradient
sensitivity) and, for h = 0, ‖g‖ = |a| (so clipping at C ≥ |a₁|, |a₂| never acts).  Under add-remove one of
a₁, a₂ is 0 (the example is absent: it adds nothing to the sum; the normaliser 1/b is public).

Then θ_T = Σ_t c_t … is Gaussian given the example's participation pattern S ⊆ {0, …, T−1}:

    θ_T | S  ~  N( (η a/b) Σ_{t∈S} Π_{u>t} c_u ,  η² s² Σ_{t<T} Π_{u>t} c_u² ),   c_u = 1 − η h |B_u|/b,

where only ragged cyclic batches and Poisson batches (random |B_u|) make c_u vary.  For Poisson batches the
instance is kept linear (h = 0, c_u = 1: no dependence on the others' batch sizes) or T = 1.  The last
iterate is a Gaussian (full, cyclic, linear shuffled) or a Gaussian mixture over S with common variance.

**The divergence.**  δ(ε) = max(E_{e^ε}(P‖Q), E_{e^ε}(Q‖P)) with E_γ(P‖Q) = ∫ (p − γ q)_+.  For P, Q finite
mixtures of normals with a common variance: the sign changes of p − γq are found on a grid and refined by
``findroot``; on each interval where it is positive the integral is a sum of normal-CDF differences (exact).
For a Gaussian pair the closed form of Balle & Wang (2018, Thm 8).  ε(δ) is the root in ε of δ(ε) = δ₀
(δ is non-increasing in ε).
"""

from __future__ import annotations

from dataclasses import dataclass

import mpmath


def num(x) -> mpmath.mpf:
    """An exact input (int, Fraction, "p/q" or decimal string, mpf) at the working precision."""
    if isinstance(x, mpmath.mpf):
        return x
    if isinstance(x, str):
        p, _, q = x.partition("/")
        return mpmath.mpf(p) / (mpmath.mpf(q) if q else 1)
    if hasattr(x, "numerator") and hasattr(x, "denominator"):
        return mpmath.mpf(int(x.numerator)) / int(x.denominator)
    if isinstance(x, float):
        raise TypeError("floats are not exact inputs")
    return mpmath.mpf(x)


def _q(z):
    """Upper normal tail Q(z) = P(Z > z)."""
    return mpmath.erfc(z / mpmath.sqrt(2)) / 2


def gaussian_delta(mu, eps):
    """δ(ε) of N(μ, 1) vs N(0, 1): Q(ε/μ − μ/2) − e^ε Q(ε/μ + μ/2) (Balle & Wang 2018, Thm 8)."""
    mu = abs(mu)
    if mu == 0:
        return mpmath.mpf(0)
    return max(_q(eps / mu - mu / 2) - mpmath.exp(eps) * _q(eps / mu + mu / 2), mpmath.mpf(0))


@dataclass
class Mixture:
    """Σ_k w_k N(m_k, τ²): weights sum to 1, one standard deviation τ."""

    components: list  # [(weight, mean)]
    tau: mpmath.mpf

    def log_density(self, x):
        terms = [mpmath.log(w) - (x - m) ** 2 / (2 * self.tau**2) for w, m in self.components if w > 0]
        top = max(terms)
        return top + mpmath.log(mpmath.fsum(mpmath.exp(t - top) for t in terms))

    def mass_between(self, lo, hi):
        """P(lo < X < hi) (lo may be −inf, hi +inf), from upper or lower normal tails directly: 1 − CDF would
        cancel catastrophically in the far tail where the hockey-stick divergence lives."""

        def part(m):
            a = (lo - m) / self.tau if lo != -mpmath.inf else -mpmath.inf
            b = (hi - m) / self.tau if hi != mpmath.inf else mpmath.inf
            if a >= 0:  # both in the upper tail: Q(a) − Q(b)
                return _q(a) - (_q(b) if b != mpmath.inf else 0)
            if b <= 0:  # both in the lower tail: Q(−b) − Q(−a)
                return _q(-b) - (_q(-a) if a != -mpmath.inf else 0)
            return 1 - (_q(-a) if a != -mpmath.inf else 0) - (_q(b) if b != mpmath.inf else 0)

        return mpmath.fsum(w * part(m) for w, m in self.components)

    @property
    def span(self):
        means = [m for _, m in self.components]
        return min(means), max(means)


def hockey_stick(P: Mixture, Q: Mixture, eps, grid: int = 400) -> mpmath.mpf:
    """E_{e^ε}(P‖Q) = ∫ (p − e^ε q)_+ for mixtures with one common τ (see the module docstring)."""
    if P.tau != Q.tau:
        raise ValueError("mixtures with different variances")
    tau = P.tau
    lo = min(P.span[0], Q.span[0]) - 40 * tau
    hi = max(P.span[1], Q.span[1]) + 40 * tau
    g = lambda x: P.log_density(x) - Q.log_density(x) - eps  # noqa: E731
    xs = [lo + (hi - lo) * i / grid for i in range(grid + 1)]
    vals = [g(x) for x in xs]
    roots = []
    for x0, x1, v0, v1 in zip(xs, xs[1:], vals, vals[1:]):
        if v0 == 0:
            roots.append(x0)
        elif (v0 > 0) != (v1 > 0):
            roots.append(mpmath.findroot(g, (x0, x1), solver="anderson"))
    cuts = [-mpmath.inf, *roots, mpmath.inf]
    total = mpmath.mpf(0)
    for a, b in zip(cuts, cuts[1:]):
        mid = (max(a, lo) + min(b, hi)) / 2 if a != -mpmath.inf or b != mpmath.inf else (lo + hi) / 2
        if a == -mpmath.inf and b != mpmath.inf:
            mid = min(b, lo) - tau
        if b == mpmath.inf and a != -mpmath.inf:
            mid = max(a, hi) + tau
        if g(mid) > 0:
            total += P.mass_between(a, b) - mpmath.exp(eps) * Q.mass_between(a, b)
    return max(total, mpmath.mpf(0))


def pair_delta(P: Mixture, Q: Mixture, eps) -> mpmath.mpf:
    """max of both hockey-stick directions (general mixtures: grid + roots; slow, for cross-checks)."""
    if len(P.components) == 1 and len(Q.components) == 1:
        return gaussian_delta((P.components[0][1] - Q.components[0][1]) / P.tau, eps)
    return max(hockey_stick(P, Q, eps), hockey_stick(Q, P, eps))


def _increasing_root(f, level, lo_limit, hi_limit):
    """x with f(x) = level for an increasing f; −inf / +inf when level is below / above f's range there."""
    lo, hi = mpmath.mpf(-1), mpmath.mpf(1)
    while f(lo) > level:
        if lo < lo_limit:
            return -mpmath.inf
        lo = 2 * lo
    while f(hi) < level:
        if hi > hi_limit:
            return mpmath.inf
        hi = 2 * hi
    return _bracketed_root(lambda x: f(x) - level, lo, hi)


def _bracketed_root(g, lo, hi):
    """Root of an increasing g in [lo, hi] (g(lo) ≤ 0 ≤ g(hi)): Illinois steps kept inside the bracket, every
    third step a bisection (so the bracket halves at least every three steps even where rounding noise in g
    stalls Illinois), until the bracket is 2^−(prec−24) of its scale."""
    glo, ghi = g(lo), g(hi)
    side = 0
    tol = mpmath.mpf(2) ** (-mpmath.mp.prec + 24)
    for it in range(3 * mpmath.mp.prec):
        if hi - lo <= tol * max(abs(lo), abs(hi)):
            break
        if it % 3 == 2 or ghi == glo:
            x = (lo + hi) / 2
        else:
            x = (lo * ghi - hi * glo) / (ghi - glo)
            if not lo < x < hi:
                x = (lo + hi) / 2
        gx = g(x)
        if gx == 0:
            return x
        if gx < 0:
            lo, glo = x, gx
            if side == -1:
                ghi /= 2
            side = -1
        else:
            hi, ghi = x, gx
            if side == 1:
                glo /= 2
            side = 1
    return (lo + hi) / 2


def _direction_epsilon(P: Mixture, Q: Mixture, delta, sign: int) -> mpmath.mpf:
    """ε(δ) of E(P‖Q) (sign = +1) or E(Q‖P) (sign = −1) when L = log p/q increases in x.

    The set where p > e^ε q is {X > x} with L(x) = ε, so E(P‖Q) = P(X > x) − e^{L(x)} Q(X > x), a decreasing
    function of x for x ≥ x₀ (L(x₀) = 0): one root in x, then ε = L(x).  Likewise E(Q‖P) = Q(X < x) −
    e^{−L(x)} P(X < x) at L(x) = −ε, increasing in x ≤ x₀."""
    tau = P.tau
    L = lambda x: P.log_density(x) - Q.log_density(x)  # noqa: E731
    lo_lim = min(P.span[0], Q.span[0]) - 60 * tau
    hi_lim = max(P.span[1], Q.span[1]) + 60 * tau
    lo_lim, hi_lim = lo_lim - abs(lo_lim), hi_lim + abs(hi_lim)
    delta = num(delta)
    x0 = _increasing_root(L, mpmath.mpf(0), lo_lim, hi_lim)

    if sign > 0:

        def excess(x):  # E at ε = L(x), minus δ: decreasing in x
            return P.mass_between(x, mpmath.inf) - mpmath.exp(L(x)) * Q.mass_between(x, mpmath.inf) - delta

        if excess(x0) <= 0:
            return mpmath.mpf(0)
        step = tau
        x1 = x0 + step
        while excess(x1) > 0:
            step *= 2
            x1 = x0 + step
        return L(_bracketed_root(lambda x: -excess(x), x0, x1))

    def excess_q(x):  # E(Q‖P) at ε = −L(x), minus δ: increasing in x
        return Q.mass_between(-mpmath.inf, x) - mpmath.exp(-L(x)) * P.mass_between(-mpmath.inf, x) - delta

    if excess_q(x0) <= 0:
        return mpmath.mpf(0)
    step = tau
    x1 = x0 - step
    while excess_q(x1) > 0:
        if x1 < lo_lim:  # L is bounded below (a component of P at Q's mean): E(Q‖P) ≤ δ for every ε ≥ its sup
            return -L(x1)
        step *= 2
        x1 = x0 - step
    return -L(_bracketed_root(excess_q, x1, x0))


def epsilon_for_delta(delta_of, delta) -> mpmath.mpf:
    """The ε ≥ 0 with δ(ε) = δ for a non-increasing δ(ε) (0 when δ(0) ≤ δ): bracketed Illinois steps."""
    delta = num(delta)
    if delta_of(mpmath.mpf(0)) <= delta:
        return mpmath.mpf(0)
    lo, hi = mpmath.mpf(0), mpmath.mpf(1)
    while delta_of(hi) > delta:
        lo, hi = hi, 2 * hi
    return _bracketed_root(lambda e: delta - delta_of(e), lo, hi)


def gaussian_epsilon(mu, delta) -> mpmath.mpf:
    """ε(δ) of a Gaussian pair with μ = |mean gap|/std (Balle & Wang's δ(ε) inverted)."""
    mu = abs(num(mu))
    if mu == 0:
        return mpmath.mpf(0)
    return epsilon_for_delta(lambda e: gaussian_delta(mu, e), delta)


def monotone_epsilon(P: Mixture, Q: Mixture, delta) -> mpmath.mpf:
    """ε(δ) of max(E(P‖Q), E(Q‖P)) for a pair whose log-likelihood ratio increases in x (every mean of P
    ≥ the matching mean of Q, e.g. P = Σ w_S N(d_S), Q = Σ w_S N(d'_S) with d_S ≥ d'_S sharing weights and
    shifts proportional: see the instances below).  The ε of a max of decreasing functions is the max ε."""
    return max(_direction_epsilon(P, Q, delta, 1), _direction_epsilon(P, Q, delta, -1))


# ---------------------------------------------------------------------------------------------------------
# The instances.


def _geom(r, count):
    """Σ_{k<count} r^k for an integer count ≥ 0 (r = 1: count)."""
    if count <= 0:
        return mpmath.mpf(0)
    if r == 1:
        return mpmath.mpf(count)
    return (1 - r**count) / (1 - r)


def variance(eta, s, h, T):
    """Var θ_T = η²s² Σ_{k<T} c^{2k}, c = 1 − ηh (full batches, fixed-size batches)."""
    c = 1 - eta * h
    return eta**2 * s**2 * _geom(c**2, T)


def full_mu(*, eta, s, h, T, n, gap):
    """μ of full-batch noisy GD: θ_T − θ'_T = (η gap/n) Σ_{t<T} c^{T−1−t}, Var as :func:`variance`."""
    eta, s, h, gap = num(eta), num(s), num(h), num(gap)
    c = 1 - eta * h
    d = eta * gap / n * _geom(c, T)
    return abs(d) / mpmath.sqrt(variance(eta, s, h, T))


def cyclic_mus(*, eta, s, h, T, n, b, gap):
    """μ of every batch position j < N = ⌈n/b⌉ of cyclic batches (step t uses batch t mod N).

    A ragged last batch (r = n − (N−1)b < b examples) contracts by c_r = 1 − ηh r/b instead of c = 1 − ηh.
    With T = K·N + R: the step factors of one epoch are (c, …, c, c_r); the product over the steps after t
    is computed per epoch (P_e = c^{N−1} c_r) and within the partial epoch, all in closed form, so T may be 10⁹.
    """
    eta, s, h, gap = num(eta), num(s), num(h), num(gap)
    N = -(-n // b)
    r = n - (N - 1) * b
    c = 1 - eta * h
    cr = 1 - eta * h * mpmath.mpf(r) / b
    factors = [c] * (N - 1) + [cr]  # factor of the step using batch j
    K, R = divmod(T, N)
    E = c ** (N - 1) * cr  # one whole epoch's product
    # the partial epoch: steps K·N .. K·N + R − 1 use batches 0..R−1
    tail_prod = [mpmath.mpf(1)] * (R + 1)  # tail_prod[j] = Π_{u=j}^{R−1} factors[u]
    for j in range(R - 1, -1, -1):
        tail_prod[j] = tail_prod[j + 1] * factors[j]
    in_epoch = [mpmath.mpf(1)] * (N + 1)  # in_epoch[j] = Π_{u=j}^{N−1} factors[u]
    for j in range(N - 1, -1, -1):
        in_epoch[j] = in_epoch[j + 1] * factors[j]
    # variance: Σ_t Π_{u>t} c_u², over the whole epochs then the partial one
    after_partial = tail_prod[0]  # product of the partial epoch's factors
    var_whole = mpmath.fsum(in_epoch[j + 1] ** 2 for j in range(N)) * _geom(E**2, K) * after_partial**2
    var_part = mpmath.fsum(tail_prod[j + 1] ** 2 for j in range(R))
    v = eta**2 * s**2 * (var_whole + var_part)
    mus = []
    for j in range(N):
        # whole epochs: the step of batch j in epoch e < K contributes in_epoch[j+1]·E^{K−1−e}·after_partial
        d = in_epoch[j + 1] * _geom(E, K) * after_partial
        if j < R:
            d += tail_prod[j + 1]
        mus.append(abs(eta * gap / b * d) / mpmath.sqrt(v))
    return mus


def shuffled_pair(*, eta, s, h, T, n, b, a1, a2):
    """One epoch (b | n, T ≤ N = n/b): a fresh permutation puts the example in batch j with probability 1/N
    (it is not used if j ≥ T): P = Σ_j (1/N) N((η a₁/b) c^{T−1−j}, v), Q the same with a₂."""
    N = n // b
    if n % b or T > N:
        raise ValueError("shuffled_pair covers b | n and T ≤ n/b (one epoch)")
    eta, s, h, a1, a2 = num(eta), num(s), num(h), num(a1), num(a2)
    c = 1 - eta * h
    tau = mpmath.sqrt(variance(eta, s, h, T))
    shifts = [(mpmath.mpf(1) / N, eta / b * c ** (T - 1 - j)) for j in range(T)]
    if T < N:
        shifts.append((mpmath.mpf(N - T) / N, mpmath.mpf(0)))
    return Mixture([(w, sh * a1) for w, sh in shifts], tau), Mixture([(w, sh * a2) for w, sh in shifts], tau)


def shuffled_linear_pair(*, eta, s, T, n, b, a1, a2):
    """Linear loss (h = 0), any n, b, T: with N = ⌈n/b⌉, T = K·N + R, the example is used once in each of the
    K whole epochs and, in the partial one, iff the permutation puts it in the first R batches (R·b of the n
    places; R < N so the ragged last batch is never among them): probability p = R·b/n."""
    eta, s, a1, a2 = num(eta), num(s), num(a1), num(a2)
    N = -(-n // b)
    K, R = divmod(T, N)
    p = mpmath.mpf(R * b) / n
    tau = eta * s * mpmath.sqrt(T)
    u = eta / b
    comps = [(1 - p, K)] + ([(p, K + 1)] if R else [])
    return Mixture([(w, u * k * a1) for w, k in comps], tau), Mixture([(w, u * k * a2) for w, k in comps], tau)


def subsets_pair(*, eta, s, h, T, b, q, a1, a2):
    """Fixed-size random batches (without replacement) or Poisson batches with h = 0 (or T = 1): the example
    takes part in each step independently with probability q, and its gradient a moves θ_T by
    (ηa/b)Σ_{t∈S} c^{T−1−t}.  P, Q are mixtures over the participation set S ⊆ [T] (2^T components; with
    h = 0 only |S| matters: T + 1 binomial components, those below 10^−(dps+40) of the largest dropped —
    their mass is added to the result by the caller's tolerance, never relied on)."""
    eta, s, h, q, a1, a2 = num(eta), num(s), num(h), num(q), num(a1), num(a2)
    c = 1 - eta * h
    tau = mpmath.sqrt(variance(eta, s, h, T))
    unit = eta / b
    if h == 0 or T == 1:
        comps = []
        for k in range(T + 1):
            w = mpmath.binomial(T, k) * q**k * (1 - q) ** (T - k)
            comps.append((w, k))
        top = max(w for w, _ in comps)
        comps = [(w, k) for w, k in comps if w > top * mpmath.mpf(10) ** -(mpmath.mp.dps + 40)]
        return (
            Mixture([(w, unit * k * a1) for w, k in comps], tau),
            Mixture([(w, unit * k * a2) for w, k in comps], tau),
        )
    comps = []
    for mask in range(1 << T):
        k = bin(mask).count("1")
        w = q**k * (1 - q) ** (T - k)
        shift = mpmath.fsum(c ** (T - 1 - t) for t in range(T) if mask >> t & 1)
        comps.append((w, shift))
    return (
        Mixture([(w, unit * sh * a1) for w, sh in comps], tau),
        Mixture([(w, unit * sh * a2) for w, sh in comps], tau),
    )


def flagged_delta(*, mu, T, q, eps):
    """δ(ε) of the last iterate of a linear loss when the number k ~ Binomial(T, q) of the example's
    participations is revealed: Σ_k Binom(T, q)(k) δ_G(k·μ; ε), μ = (shift of one participation)/(std of the
    last iterate) = Δ/(b·s·√T).  The limit of the replace-one instances a₁ = c + Δ/2, a₂ = c − Δ/2 (the other
    examples' gradients 0) as c → ∞: the mixture components N(k·a·η/b) separate, so it is the supremum of
    those instances' exact δ(ε) (and of their ε(δ))."""
    q, mu = num(q), num(mu)
    total = mpmath.mpf(0)
    for k in range(1, T + 1):
        w = mpmath.binomial(T, k) * q**k * (1 - q) ** (T - k)
        if w < mpmath.mpf(10) ** -(mpmath.mp.dps + 40):
            continue
        total += w * gaussian_delta(k * mu, eps)
    return total
