"""Heuristics practitioners quote for the last iterate — **not** privacy guarantees.

Steinke, Nasr, Ganesh, Balle, Choquette-Choo, Jagielski, Hayes, Thakurta, Smith & Terzis
(ICLR 2025), "the last iterate advantage": for a *linear* loss the last iterate of noisy SGD
is θ_0 − η·Σ_t (averaged gradient + noise), so the differing example only moves it by its
number of participations.  Under **add-remove** (the published form), in units of the per-example
gradient norm C (Δ without clipping), with noise multiplier σ = b·s/C, the two last iterates are

    P = Σ_k w_k N(k, σ²T)   and   Q = N(0, σ²T);

under **replace-one** (the run's ``adjacency``, the relation every bound is checked against) the
example's gradient changes from a to a' with ‖a − a'‖ ≤ Δ.  Without clipping the worst linear instance
is the limit a = c + Δ/2, a' = c − Δ/2, c → ∞, which reveals the number k of participations:
δ(ε) = Σ_k w_k δ_G(kΔ/(b·s·√T); ε).  With clipping (‖a‖, ‖a'‖ ≤ C) the symmetric instance a = −a' = C,
in units of C with σ = b·s/C,

    P = Σ_k w_k N(k, σ²T)   and   Q = Σ_k w_k N(−k, σ²T),

is used, or the count-revealed pair at Δ when that is smaller,

with w the law of the number of participations (Binomial(T, b/n) for Poisson sampling and
sampling without replacement; a point mass at T, at ⌈T·b/n⌉ or at the number of epochs begun
for full, cyclic and shuffled batches).  The heuristic is δ(ε) = max(E_{e^ε}(P‖Q), E_{e^ε}(Q‖P)).
It is exact for linear losses and *conjectured*, not proved, to cover others: a heuristic.

The log-likelihood ratio of P to Q increases in x, so each hockey-stick divergence is a
difference of Gaussian tails at the point where it equals ±ε (found by bisection).
Binomial weights below e^{−80} times the largest are dropped (mass < T·e^{−80}).
"""

from __future__ import annotations

from dataclasses import dataclass

import mpmath

from .baseline import participations
from .run_description import Run

DPS = 25
NAME = "Steinke et al. (ICLR 2025) linear-loss last-iterate heuristic"


@dataclass
class Heuristic:
    name: str
    target: str
    result: str | None
    estimate: float
    note: str

    relation: str = "add-remove"

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "relation": self.relation,
            self.target: self.result,
            "is_bound": False,
            "note": self.note,
        }


def _weights(run: Run) -> list[tuple[int, mpmath.mpf]]:
    T = int(run["steps"])
    if run.batching in ("poisson", "without-replacement"):
        if run["batch_size"] == run["n"]:
            return [(T, mpmath.mpf(1))]
        q = mpmath.mpf(int(run["batch_size"])) / int(run["n"])
        logs = [
            (
                k,
                mpmath.loggamma(T + 1)
                - mpmath.loggamma(k + 1)
                - mpmath.loggamma(T - k + 1)
                + k * mpmath.log(q)
                + (T - k) * mpmath.log1p(-q),
            )
            for k in _support(T, q)
        ]
        top = max(v for _, v in logs)
        return [(k, mpmath.exp(v)) for k, v in logs if v > top - 80]
    return [(participations(run), mpmath.mpf(1))]


def _support(T: int, q) -> range:
    mean, sd = T * q, mpmath.sqrt(T * q * (1 - q))
    lo = max(0, int(mean - 25 * sd - 30))
    hi = min(T, int(mean + 25 * sd + 30))
    return range(lo, hi + 1)


def _delta_replace_one(weights, tau, eps) -> mpmath.mpf:
    """δ(ε) of the replace-one pair P = Σ_k w_k N(k, τ²), Q = Σ_k w_k N(−k, τ²) (symmetric: E(P‖Q) = E(Q‖P)).

    The log-likelihood ratio L(x) = log Σ w_k e^{(kx − k²/2)/τ²} − log Σ w_k e^{(−kx − k²/2)/τ²} increases
    in x, so E_{e^ε}(P‖Q) = P(L > ε) − e^ε Q(L > ε) with {L > ε} = {x > x₁}."""
    q_tail = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2  # noqa: E731
    if len(weights) == 1:  # a fixed number k of participations: N(k) vs N(−k), a Gaussian pair with μ = 2k/τ
        mu = 2 * weights[0][0] / tau
        if mu == 0:
            return mpmath.mpf(0)
        return max(q_tail(eps / mu - mu / 2) - mpmath.exp(eps) * q_tail(eps / mu + mu / 2), mpmath.mpf(0))
    if all(k == 0 for k, _ in weights):
        return mpmath.mpf(0)

    def lse(sign, x):
        return mpmath.log(
            mpmath.fsum(w * mpmath.exp((sign * k * x - mpmath.mpf(k) ** 2 / 2) / tau**2) for k, w in weights)
        )

    llr = lambda x: lse(1, x) - lse(-1, x)  # noqa: E731
    x1 = _float_root(weights, tau, eps, symmetric=True)
    if x1 is None:
        lo, hi = mpmath.mpf(-1), mpmath.mpf(1)
        for _ in range(3000):
            if llr(lo) <= eps:
                break
            lo *= 2
        for _ in range(3000):
            if llr(hi) >= eps:
                break
            hi *= 2
        x1 = mpmath.findroot(lambda x: llr(x) - eps, (lo, hi), solver="illinois", tol=mpmath.mpf(10) ** -40)
    p = mpmath.fsum(w * q_tail((x1 - k) / tau) for k, w in weights)
    q = mpmath.fsum(w * q_tail((x1 + k) / tau) for k, w in weights)
    return max(p - mpmath.exp(eps) * q, mpmath.mpf(0))


def _float_root(weights, tau, level, *, symmetric: bool):
    """The point x where the log-likelihood ratio of the pair equals ``level``, in float64 (None when float64
    cannot represent the problem).  L(x) = log Σ w_k e^{(kx − k²/2)/τ²} − (symmetric: log Σ w_k e^{(−kx − k²/2)/τ²};
    else 0) increases in x.  Float precision is enough: δ(ε) = P(X > x) − e^ε Q(X > x) is largest at that x
    (its derivative −p(x) + e^ε q(x) vanishes there), so an error e in x moves δ by O(e²) only; the tails at x
    are then summed in mpmath as before."""
    try:
        x = _float_root_arrays(_float_arrays(weights), float(tau) ** 2, float(level), symmetric=symmetric)
    except (OverflowError, ValueError, FloatingPointError):
        return None
    return None if x is None else mpmath.mpf(x)


def _float_arrays(weights):
    """(k, log w) as float64 arrays."""
    import math

    import numpy as np

    return (
        np.array([float(k_) for k_, _ in weights]),
        np.array([float(mpmath.log(w)) if w > 0 else -math.inf for _, w in weights]),
    )


def _float_root_arrays(arrays, t2: float, lev: float, *, symmetric: bool) -> float | None:
    """:func:`_float_root` on the float arrays of the weights (τ² = ``t2``)."""
    import math

    import numpy as np

    k, logw = arrays
    try:
        if not (math.isfinite(t2) and t2 > 0 and math.isfinite(lev) and np.all(np.isfinite(k))):
            return None
        base = logw - k * k / (2 * t2)

        def lse(v):
            top = np.max(v)
            return top + math.log(float(np.sum(np.exp(v - top))))

        def llr(x):
            up = lse(base + k * x / t2)
            return up - lse(base - k * x / t2) if symmetric else up

        lo, hi = -1.0, 1.0
        for _ in range(2000):
            if llr(lo) <= lev:
                break
            lo *= 2
        else:
            return None
        for _ in range(2000):
            if llr(hi) >= lev:
                break
            hi *= 2
        else:
            return None
        if not (math.isfinite(lo) and math.isfinite(hi)):
            return None
        for _ in range(200):  # bisection to adjacent floats
            mid = (lo + hi) / 2
            if mid in (lo, hi):
                break
            if llr(mid) < lev:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2
    except (OverflowError, ValueError, FloatingPointError):
        return None


def _delta(weights, tau, eps) -> mpmath.mpf:
    if len(weights) == 1:  # a fixed number k of participations: a Gaussian pair, μ = k/τ (Balle & Wang, Thm 8)
        mu = weights[0][0] / tau
        if mu == 0:
            return mpmath.mpf(0)
        q_tail = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2
        return max(q_tail(eps / mu - mu / 2) - mpmath.exp(eps) * q_tail(eps / mu + mu / 2), mpmath.mpf(0))

    def llr(x):
        return mpmath.log(mpmath.fsum(w * mpmath.exp((k * x - mpmath.mpf(k) ** 2 / 2) / tau**2) for k, w in weights))

    # As x → −∞ the ratio tends to the weight of k = 0 (Poisson sampling may skip the example
    # every time): below that level the region {p/q < e^{−ε}} is empty.
    floor = mpmath.log(dict(weights)[0]) if 0 in dict(weights) else -mpmath.inf

    def root(level):
        if level <= floor:
            return None
        x = _float_root(weights, tau, level, symmetric=False)
        if x is not None:
            return x
        lo, hi = mpmath.mpf(-1), mpmath.mpf(1)
        for _ in range(3000):
            if llr(lo) <= level:
                break
            lo *= 2
        for _ in range(3000):
            if llr(hi) >= level:
                break
            hi *= 2
        # llr is increasing and convex (a log-sum-exp of linear functions): Illinois converges fast
        return mpmath.findroot(lambda x: llr(x) - level, (lo, hi), solver="illinois", tol=mpmath.mpf(10) ** -40)

    q_tail = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2
    x1, x2 = root(eps), root(-eps)
    d_pq = mpmath.fsum(w * q_tail((x1 - k) / tau) for k, w in weights) - mpmath.exp(eps) * q_tail(x1 / tau)
    d_qp = (
        mpmath.mpf(0)
        if x2 is None
        else (q_tail(-x2 / tau) - mpmath.exp(eps) * mpmath.fsum(w * q_tail((k - x2) / tau) for k, w in weights))
    )
    return max(d_pq, d_qp, mpmath.mpf(0))


def _delta_flagged(weights, tau, eps) -> mpmath.mpf:
    """δ(ε) when the number k of participations is revealed: Σ_k w_k δ_G(k/τ; ε) (units of Δ).  The limit of
    the replace-one linear instances a = c + Δ/2, a' = c − Δ/2 as c → ∞ (their mixture components separate),
    so the supremum over linear losses when the gradients are unbounded."""
    q_tail = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2  # noqa: E731
    total = mpmath.mpf(0)
    for k, w in weights:
        mu = mpmath.mpf(k) / tau
        if mu == 0:
            continue
        total += w * max(q_tail(eps / mu - mu / 2) - mpmath.exp(eps) * q_tail(eps / mu + mu / 2), mpmath.mpf(0))
    return total


def _solve_epsilon(delta_of, target, fast=None) -> mpmath.mpf:
    """The ε of the bisection below (δ(ε) decreases in ε): doubling from 1, then halving until the bracket is
    within 1e-7 relative, returning its upper end.  The comparisons δ(mid) > target are what decide it; once
    the root is located (a secant search) and bracketed by two evaluations [a, b], a midpoint outside [a, b] is
    decided by monotonicity without evaluating δ, so the result is the same number with a few evaluations."""
    known: list = [None, None]  # (a, b): δ(a) > target ≥ δ(b), verified
    seen: dict = {}
    plain = delta_of

    def delta_of(x):  # noqa: F811 -- each point evaluated once (the search and the bisection share points)
        if x not in seen:
            seen[x] = plain(x)
        return seen[x]

    def above(x) -> bool:
        a, b = known
        if a is not None and x <= a:
            return True
        if b is not None and x >= b:
            return False
        return delta_of(x) > target

    guess = _float_solve(fast, float(target)) if fast is not None else None
    if guess is not None:  # a float model's root: polished and bracketed in mpmath before it decides anything
        _locate(delta_of, target, mpmath.mpf(guess), mpmath.mpf(guess) * (1 + mpmath.mpf("1e-8")), known, near=True)
    if not above(mpmath.mpf(0)):
        return mpmath.mpf(0)
    lo, hi = mpmath.mpf(0), mpmath.mpf(1)
    while above(hi):
        lo, hi = hi, hi * 2
    if known[0] is None:
        _locate(delta_of, target, lo, hi, known)
    for _ in range(60):
        mid = (lo + hi) / 2
        if above(mid):
            lo = mid
        else:
            hi = mid
        if hi - lo < hi * mpmath.mpf("1e-7"):
            break
    return hi


def _locate(delta_of, target, lo, hi, known: list, near: bool = False) -> None:
    """Bracket the root of δ(ε) = target in [lo, hi] (δ(lo) > target ≥ δ(hi)) to ~1e-9 relative by the
    Anderson–Björck method on log δ, verified by evaluating δ at both ends; ``known`` gets the bracket if
    verified.  ``near``: lo and hi are two starting points near the root (a float model's), not a bracket."""
    try:
        ltarget = mpmath.log(target)

        def g(x):
            d = delta_of(x)
            return mpmath.log(d) - ltarget if d > 0 else mpmath.inf

        r = mpmath.findroot(g, (lo if lo > 0 else hi / 2, hi), solver="anderson", tol=mpmath.mpf(10) ** -20)
    except (ValueError, ZeroDivisionError, ArithmeticError):
        return
    if near:
        if not (r > 0 and abs(r - lo) <= lo * mpmath.mpf("1e-6")):
            return
    elif not (lo <= r <= hi):
        return
    gap = r * mpmath.mpf("1e-9")
    a, b = r - gap, r + gap
    if delta_of(a) > target and not delta_of(b) > target:
        known[0], known[1] = a, b


# -- float models of δ(ε): only to find where the root is (every decision is then verified in mpmath) --------


def _float_solve(fast, target: float) -> float | None:
    """The ε > 0 where the float model ``fast`` (decreasing) crosses ``target``, or None."""
    import math

    try:
        if not (target > 0 and fast(0.0) > target):
            return None
        lo, hi = 0.0, 1.0
        while fast(hi) > target:
            lo, hi = hi, hi * 2
            if hi > 1e6:
                return None
        for _ in range(200):
            mid = (lo + hi) / 2
            if mid in (lo, hi):
                break
            if fast(mid) > target:
                lo = mid
            else:
                hi = mid
        return hi if math.isfinite(hi) and hi > 0 else None
    except (OverflowError, ValueError, ZeroDivisionError):
        return None


def _float_weights(weights) -> list[tuple[float, float]]:
    return [(float(k), float(w)) for k, w in weights]


def _ftail(z: float) -> float:
    import math

    return math.erfc(z / math.sqrt(2)) / 2


def _fgauss(mu: float, eps: float) -> float:
    import math

    return _ftail(eps / mu - mu / 2) - math.exp(eps) * _ftail(eps / mu + mu / 2) if mu else 0.0


def _fast_flagged(weights, tau):
    kw, t = _float_weights(weights), float(tau)
    return lambda eps: sum(w * max(_fgauss(k / t, eps), 0.0) for k, w in kw)


def _fast_replace_one(weights, tau):
    import math

    kw, t, arrays = _float_weights(weights), float(tau), _float_arrays(weights)

    def f(eps):
        x = _float_root_arrays(arrays, t * t, eps, symmetric=True)
        if x is None:
            raise ValueError("no float model")
        p = sum(w * _ftail((x - k) / t) for k, w in kw)
        q = sum(w * _ftail((x + k) / t) for k, w in kw)
        return max(p - math.exp(eps) * q, 0.0)

    return f


def _fast_add_remove(weights, tau):
    import math

    kw, t, arrays = _float_weights(weights), float(tau), _float_arrays(weights)
    w0 = dict(kw).get(0.0)
    floor = math.log(w0) if w0 else -math.inf

    def f(eps):
        x1 = _float_root_arrays(arrays, t * t, eps, symmetric=False)
        if x1 is None:
            raise ValueError("no float model")
        d_pq = sum(w * _ftail((x1 - k) / t) for k, w in kw) - math.exp(eps) * _ftail(x1 / t)
        d_qp = 0.0
        if -eps > floor:
            x2 = _float_root_arrays(arrays, t * t, -eps, symmetric=False)
            if x2 is None:
                raise ValueError("no float model")
            d_qp = _ftail(-x2 / t) - math.exp(eps) * sum(w * _ftail((k - x2) / t) for k, w in kw)
        return max(d_pq, d_qp, 0.0)

    return f


def _ratio(x) -> mpmath.mpf:
    return mpmath.mpf(int(x.p)) / int(x.q)


def linear_loss_heuristic(run: Run, *, delta=None, epsilon=None) -> Heuristic:
    """Steinke et al.'s heuristic ε at ``delta`` (or δ at ``epsilon``) — not a bound.

    The published form is add/remove with per-example gradients of norm ≤ C: shift C per participation,
    noise multiplier z = b·s/C (Δ for C without clipping).  Under replace-one the differing example's
    gradient goes from a to a' with ‖a − a'‖ ≤ Δ, and the worst linear instance depends on what bounds
    the gradients: without clipping a = c + Δ/2, a' = c − Δ/2 with c → ∞ reveals the participation count
    (:func:`_delta_flagged`); with clipping (‖a‖, ‖a'‖ ≤ C) the symmetric pair ±C
    (:func:`_delta_replace_one` in units of C), or the flagged pair if smaller.  The symmetric pair ±Δ/2
    alone (the earlier model) is the worst case only when every gradient has norm ≤ Δ/2 (issue 28)."""
    T = int(run["steps"])
    with mpmath.workdps(DPS):
        weights = _weights(run)
        total = mpmath.fsum(w for _, w in weights)
        weights = [(k, w / total) for k, w in weights]
        fixed = len(weights) == 1
        b, s = run["batch_size"], run["noise_std"]
        candidates = []  # (δ(ε) function, pair description, noise multiplier, float model of δ(ε) or None)
        if run.adjacency == "replace-one":
            sig = _ratio(b * s / run["gradient_sensitivity"])
            candidates.append(
                (
                    lambda e, t=sig * mpmath.sqrt(T): _delta_flagged(weights, t, e),
                    "replace-one, count revealed: Σ w_k δ_G(kΔ/τ) (gradients c ± Δ/2, c → ∞)",
                    sig,
                    None if fixed else _fast_flagged(weights, sig * mpmath.sqrt(T)),
                )
            )
            if run.clipped:
                sig_c = _ratio(b * s / run["clip"])
                candidates.append(
                    (
                        lambda e, t=sig_c * mpmath.sqrt(T): _delta_replace_one(weights, t, e),
                        "replace-one, gradients ±C: Σ w_k N(kC, τ²) vs Σ w_k N(−kC, τ²)",
                        sig_c,
                        None if fixed else _fast_replace_one(weights, sig_c * mpmath.sqrt(T)),
                    )
                )
        else:
            sens = run["clip"] if run.clipped else run["gradient_sensitivity"]
            sig = _ratio(b * s / sens)
            candidates.append(
                (
                    lambda e, t=sig * mpmath.sqrt(T): _delta(weights, t, e),
                    "add-remove (the published form): Σ w_k N(kC, τ²) vs N(0, τ²)",
                    sig,
                    None if fixed else _fast_add_remove(weights, sig * mpmath.sqrt(T)),
                )
            )

        def note(pair, sigma):
            return (
                f"{pair}; exact for linear losses only; conjectured, not proved, for others — not a privacy "
                f"guarantee; participations ~ {'fixed' if fixed else 'Binomial(T, b/n)'}, noise/sensitivity "
                f"{mpmath.nstr(sigma, 8)}"
            )

        if epsilon is not None:
            e = _ratio(epsilon)
            d, pair, sigma = min(((f(e), pair, sg) for f, pair, sg, _ in candidates), key=lambda r: r[0])
            return Heuristic(NAME, "delta", mpmath.nstr(d, 6), float(d), note(pair, sigma), run.adjacency)
        target = _ratio(delta)
        eps, pair, sigma = min(
            ((_solve_epsilon(f, target, fast), pair, sg) for f, pair, sg, fast in candidates), key=lambda r: r[0]
        )
        return Heuristic(NAME, "epsilon", mpmath.nstr(eps, 6), float(eps), note(pair, sigma), run.adjacency)
