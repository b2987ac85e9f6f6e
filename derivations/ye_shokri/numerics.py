"""Stable mpmath evaluators of the paper's bounds (the formulas' ``evaluator=``).

Every function works at the current mpmath precision on mpf arguments (integers as Python
ints) and never leaves floating point exponent range: mpmath's exponents are unbounded, so
ε_0^j at j = 10¹² (≈ 1e−868601 for ηλ = 1e−6) is a normal number, and the large exponentials
of (15) at α = 1000 are shifted as in (17) anyway.  With x = ηλ ∈ (0, 1) and ℓ = log1p(−x) < 0:

* ρ^{2j} = e^{2jℓ};  1 − ρ² = x(2 − x) (exact);  Σ_{s<j} ρ^{2s} = −expm1(2jℓ)/(x(2 − x)), so
  nothing is computed as 1 − (number close to 1) even at λ = 1e−12 or kN + j = 10¹²;
* ε_0^j of (12) = A·e^{2(j−1)ℓ}·x(2 − x)/(−expm1(2jℓ));
* (1 − q^{K−1})/(1 − q), q = ρ^{2(N−m)} = expm1(2(K−1)(N−m)ℓ)/expm1(2(N−m)ℓ), O(1) in K;
* Theorem 5.3's recursion (20) is iterated in log space, x = log S,
  x ← logaddexp(log p + (α−1)A + x, log(1 − p) + ρ² x), with an early stop that keeps every
  digit (see :func:`log_S_sampled_batches`).

The symbolic forms these compute are registered formulas; claims prove the stable forms
equal to them (``*/stable-form``) and the tests compare them with independent references.
"""

from __future__ import annotations

import functools

import mpmath

from symbolic.errors import EvaluationError


def gaussian_step(alpha, eta, Sg, sigma, b):
    """A = αηS_g²/(4σ²b²): RDP of one step touching the differing record (82)."""
    return alpha * eta * Sg**2 / (4 * sigma**2 * b**2)


def _ell(eta, lam):
    x = eta * lam
    return x, mpmath.log1p(-x)


def geometric_S(eta, lam, count):
    """Σ_{s=0}^{count−1} (1 − ηλ)^{2s}, stable (count ≥ 0 an int)."""
    if count == 0:
        return 0  # the empty sum: exactly 0
    x, ell = _ell(eta, lam)
    return -mpmath.expm1(2 * count * ell) / (x * (2 - x))


def eps0(alpha, eta, lam, Sg, sigma, b, j):
    """ε_0^j of (12) for j ≥ 1."""
    x, ell = _ell(eta, lam)
    a = gaussian_step(alpha, eta, Sg, sigma, b)
    return a * mpmath.exp(2 * (j - 1) * ell) * (x * (2 - x)) / (-mpmath.expm1(2 * j * ell))


def lsi_strongly_convex(eta, lam, sigma, steps):
    """c_k^j of (89) with steps = kN + j ≥ 1."""
    return 1 / (2 * eta * sigma**2 * geometric_S(eta, lam, steps))


def epoch_factor(eta, lam, N, m, K):
    """(1 − q^{K−1})/(1 − q), q = (1 − ηλ)^{2(N−m)}: Σ_{k<K−1} q^k (0 at K = 1)."""
    if K == 1:
        return 0  # the empty sum Σ_{k<0}: exactly 0
    _, ell = _ell(eta, lam)
    d = 2 * (N - m) * ell
    return mpmath.expm1((K - 1) * d) / mpmath.expm1(d)


def rdp_fixed_batches(alpha, eta, lam, Sg, sigma, b, n, K, j0):
    """Theorem 4.4, eq. (11), fixed batches, strongly convex:
    ε_0^m (1 − q^{K−1})/(1 − q) + ε_0^{N−j₀}, N = ⌊n/b⌋, m = ⌊n/(2b)⌋."""
    N, m = n // int(b), n // (2 * int(b))
    e = lambda j: eps0(alpha, eta, lam, Sg, sigma, b, j)  # noqa: E731
    return e(m) * epoch_factor(eta, lam, N, m, K) + e(N - j0)


@functools.lru_cache(maxsize=256)
def _eps0_per_order(eta, lam, Sg, sigma, b, N, prec):
    """(ε_0^N/α, …, ε_0^1/α) at binary precision ``prec``: ε_0^j is α times a factor free of α (A is linear in
    α), so a search over many orders (the Table 1–2 budgets, 151 orders) computes these once."""
    with mpmath.workprec(prec):
        return tuple(eps0(1, eta, lam, Sg, sigma, b, N - i) for i in range(N))


def shuffled_term(alpha, eta, lam, Sg, sigma, b, N):
    """(1/(α−1)) log Avg_{j₀<N} e^{(α−1)ε_0^{N−j₀}}, shifted by ε_0^1 = A as in (17)."""
    a = gaussian_step(alpha, eta, Sg, sigma, b)
    units = _eps0_per_order(eta, lam, Sg, sigma, b, N, mpmath.mp.prec)
    terms = [mpmath.exp((alpha - 1) * (alpha * u - a)) for u in units]
    return a + mpmath.log(mpmath.fsum(terms) / N) / (alpha - 1)


def rdp_shuffled_batches(alpha, eta, lam, Sg, sigma, b, n, K):
    """Theorem 5.2, shuffle and partition: eq. (15) with the shift (17)."""
    N, m = n // int(b), n // (2 * int(b))
    first = eps0(alpha, eta, lam, Sg, sigma, b, m) * epoch_factor(eta, lam, N, m, K)
    return first + shuffled_term(alpha, eta, lam, Sg, sigma, b, N)


#: iterations Theorem 5.3's evaluator may spend before it reports that it cannot finish
MAX_STEPS = 400_000


def log_S_sampled_batches(alpha, eta, lam, Sg, sigma, b, n, K, max_steps: int | None = None):
    """Theorem 5.3, sampling without replacement: log S_K^0(α) of (19)–(21), the recursion
    x ← log(pE e^x + (1 − p) e^{ρ² x}) run K·N times.

    p = b/n, E = e^{(α−1)A}, ρ² = (1 − ηλ)², x₀ = 0.  The map g(x) = log(pE e^x + (1−p)e^{ρ²x})
    is increasing, so the iterates increase.  Exact shortcuts, each leaving a relative error below
    10^−(working dps − 6):

    * pE < 1: the iterates increase to the unique fixed point
      x* = log((1 − p)/(1 − pE))/(1 − ρ²) (claim ``thm-5.3-fixed-point``); once x* − x_t is
      below the tolerance, x_T ∈ [x_t, x*] for every T ≥ t.
    * pE > 1 (divergent): x_{t+1} = x_t + log(pE) + d_t with
      0 < d_t = log1p((1−p)/(pE)·e^{−(1−ρ²)x_t}); since x_s ≥ x_t + (s − t) log(pE), the
      remaining Σ_{s≥t} d_s ≤ e^{u_t}/(1 − (pE)^{−(1−ρ²)}), u_t = log((1−p)/(pE)) − (1−ρ²)x_t;
      once that is below the tolerance, x_T = x_t + (T − t) log(pE) (+ the bounded remainder).
    * p = 1 (b = n): x_T = T(α − 1)A exactly.

    Raises :class:`EvaluationError` (never a wrong number) if neither shortcut applies within
    ``max_steps`` iterations (default :data:`MAX_STEPS`; e.g. 1 − ρ² ≈ 1e−12 with K·N ≫ max_steps).
    """
    if max_steps is None:
        max_steps = MAX_STEPS
    N = n // int(b)
    T = K * N
    a = gaussian_step(alpha, eta, Sg, sigma, b)
    p = mpmath.mpf(b) / n
    log_pE = mpmath.log(p) + (alpha - 1) * a
    if b == n:
        return T * (alpha - 1) * a
    log_q = mpmath.log1p(-p)
    r2 = (1 - eta * lam) ** 2
    gap = 1 - r2
    # relative tolerance of the early stops: 6 digits above the working precision's rounding
    # (the formula evaluator runs with ≥ 15 guard digits, so the requested digits are unaffected)
    tol = mpmath.mpf(10) ** (-(mpmath.mp.dps - 6))
    x_star = None
    if log_pE < 0:
        x_star = (log_q - mpmath.log(-mpmath.expm1(log_pE))) / gap
    x = mpmath.mpf(0)
    for step in range(T):
        if step >= max_steps:
            raise EvaluationError(
                f"ye-shokri/thm-5.3-eps: the recursion (20) needs more than {max_steps} of its K·N = {T} steps "
                f"at these parameters (1 − ρ² = {mpmath.nstr(gap, 3)}, log(pE) = {mpmath.nstr(log_pE, 3)}); "
                "no value is returned rather than a truncated one"
            )
        u, v = log_pE + x, log_q + r2 * x
        hi, lo = (u, v) if u >= v else (v, u)
        x = hi + mpmath.log1p(mpmath.exp(lo - hi))
        if x_star is not None:
            if x_star - x <= tol * x_star:
                return x
        elif log_pE > 0 and step >= 1:
            u_t = log_q - log_pE - gap * x
            tail = mpmath.exp(u_t) / (-mpmath.expm1(-gap * log_pE))
            rest = T - step - 1
            if tail <= tol * (x + rest * log_pE):
                return x + rest * log_pE
    return x


def rdp_sampled_batches(alpha, eta, lam, Sg, sigma, b, n, K, max_steps: int | None = None):
    """Theorem 5.3, sampling without replacement, eq. (18): log S_K^0(α)/(α − 1)."""
    return log_S_sampled_batches(alpha, eta, lam, Sg, sigma, b, n, K, max_steps) / (alpha - 1)


def rdp_sampled_batches_limit(alpha, eta, lam, Sg, sigma, b, n):
    """Theorem 5.3's K → ∞ limit, lim_{K→∞} of (18) when pE < 1:
    log((1 − p)/(1 − pE))/((α − 1)(1 − ρ²))."""
    a = gaussian_step(alpha, eta, Sg, sigma, b)
    p = mpmath.mpf(b) / n
    log_pE = mpmath.log(p) + (alpha - 1) * a
    x = eta * lam
    return (mpmath.log1p(-p) - mpmath.log(-mpmath.expm1(log_pE))) / ((alpha - 1) * x * (2 - x))


def rdp_naive_dynamics(alpha, eta, lam, Sg, sigma, b, K):
    """Theorem 4.5, eq. (13), [14]'s naive dynamics, every record: αS_g²/(λσ²b²)·(1 − e^{−ληK/2})
    through expm1."""
    return alpha * Sg**2 / (lam * sigma**2 * b**2) * -mpmath.expm1(-lam * eta * K / 2)
