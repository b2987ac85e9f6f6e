"""Independent references for Asoodeh & Diaz (2023) formulas (see the package docstring); imports nothing from the package.

Written from the paper (file 004 of the papers): Prop. 1's θ_ε(r) = Q(ε/r − r/2) − e^ε Q(ε/r + r/2),
Q(t) = erfc(t/√2)/2; Theorem 2 (the Main Theorem (5)) δ_T = pθ(1 − a^T)/(1 − a), a = (1 − p)θ,
θ = θ_ε((D + 2ηC)/σ); (22): ε*_δ solves θ_ε(r) = δ/(p + (1 − p)δ); Theorem 3, (21), with r_s of (20).

θ_ε(r) is a difference of two nearly equal tails when ε/r ≫ r (or r → 0): :func:`theta` measures the digits the
difference loses and recomputes with that many more.  The inverses (``eq-22``, ``epsilon-T``) are found by bracketing
alone (no derivative, no Newton step): θ* of Theorem 2's bound by bisection on log θ; the root of θ_ε(r) = target by
bisection to a bracket [lo, 2·lo], then Illinois regula falsi on log θ_ε(r) − log target, which keeps the bracket.
"""

from __future__ import annotations

import mpmath

from . import Reference, gaussian_tail, illinois_root, mpf

GUARD = 20


def theta(eps, r):
    """θ_ε(r) of Prop. 1 to the current precision (ε ≥ 0, r > 0): see :func:`theta_guarded`."""
    return theta_guarded(eps, r)[0]


def theta_guarded(eps, r, guard=GUARD):
    """θ_ε(r) of Prop. 1 to the current precision (ε ≥ 0, r > 0), computed with ``guard`` extra digits, and
    again with more while the difference Q(a) − e^ε Q(b) has lost more than guard − 10 of them; and the guard
    the digits lost here call for (int(lost) + 2·GUARD), for a caller evaluating θ at nearby ε to start from."""
    dps = mpmath.mp.dps
    while True:
        with mpmath.workdps(dps + guard):
            e, rr = +eps, +r
            first = gaussian_tail(e / rr - rr / 2)
            value = first - mpmath.exp(e) * gaussian_tail(e / rr + rr / 2)
            lost = mpmath.log10(first / value) if value > 0 else mpmath.inf
        if lost < guard - 10:
            return +value, max(GUARD, int(lost) + 2 * GUARD)
        guard = 2 * guard if not mpmath.isfinite(lost) else int(lost) + 2 * GUARD


def _bisect(sign, lo, hi, rel):
    """The root of a function changing sign across it, from its ``sign`` (+1 left of the root), in [lo, hi]
    with sign(lo) > 0 > sign(hi), to width ``rel`` times max(|lo|, |hi|) (or until the working precision
    cannot split the bracket any further)."""
    for _ in range(100_000):
        if hi - lo <= rel * max(abs(lo), abs(hi)):
            break
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if sign(mid) > 0:
            lo = mid
        else:
            hi = mid
    else:  # pragma: no cover - 100 000 halvings reach any precision used here
        raise RuntimeError("bisection did not converge")
    return (lo + hi) / 2


def _eps_at_theta(target, r):
    """The smallest ε ≥ 0 with θ_ε(r) ≤ target: 0 when θ_0(r) ≤ target, else the root of θ_ε(r) = target
    (θ_ε(r) is strictly decreasing in ε, ∂θ/∂ε = −e^ε Q(ε/r + r/2))."""
    guard, log_target = GUARD, mpmath.log(target)

    def excess(e):  # log θ_e(r) − log target, decreasing in e (θ > 0); each θ starts at the guard the last one asked
        nonlocal guard
        value, guard = theta_guarded(e, r, guard)
        return mpmath.log(value) - log_target

    if excess(mpmath.mpf(0)) <= 0:
        return mpmath.mpf(0)
    hi = mpmath.mpf(1)
    while excess(hi) > 0:
        hi *= 2
    # the root's binary magnitude by bisection (it can be ~1e−100): lo = hi/2, hi/8, hi/128, … (the step squared
    # each time) until θ_lo > target, then geometric bisection down to hi ≤ 2·lo; then Illinois regula falsi on
    # log θ (about quadratic in ε there, while θ itself falls by e^{−ε²/(2r²)}) to width rel: a few dozen θ
    # evaluations instead of bisection's ~3.3 per digit
    lo, step = hi / 2, mpmath.mpf(4)
    while excess(lo) <= 0:
        hi, lo, step = lo, lo / step, step * step
    while hi > 2 * lo:
        mid = mpmath.sqrt(lo * hi)
        lo, hi = (mid, hi) if excess(mid) > 0 else (lo, mid)
    return illinois_root(excess, lo, hi, mpmath.mpf(10) ** -(mpmath.mp.dps - 5))


def _guard_for(gap):
    """Extra digits for a root whose target sits ``gap`` (relative) below the value at ε = 0."""
    return GUARD + max(0, int(-mpmath.log10(gap))) if gap > 0 else GUARD


def eq22(delta, p, D, eta, C, sigma):
    """(22): ε*_δ, the root of θ_ε(r) = τ := δ/(p + (1 − p)δ), r = (D + 2ηC)/σ; 0 when θ_0(r) ≤ τ (δ ≥ δ_∞(0):
    no root, the smallest ε ≥ 0 with δ_∞(ε) ≤ δ is 0)."""
    dps = mpmath.mp.dps
    with mpmath.workdps(40):  # how close the target is to θ_0: the root's condition number near ε = 0
        d0, p0 = mpf(delta), mpf(p)
        r0 = (mpf(D) + 2 * mpf(eta) * mpf(C)) / mpf(sigma)
        gap = 1 - (d0 / (p0 + (1 - p0) * d0)) / theta(mpmath.mpf(0), r0)
    with mpmath.workdps(dps + _guard_for(gap)):
        d, pp = mpf(delta), mpf(p)
        r = (mpf(D) + 2 * mpf(eta) * mpf(C)) / mpf(sigma)
        value = _eps_at_theta(d / (pp + (1 - pp) * d), r)
    return +value


def _theta_star(delta, T, p):
    """The θ ∈ (0, 1) at which Theorem 2's bound g(θ) = pθ(1 − a^T)/(1 − a) = p Σ_{k<T} (1 − p)^k θ^{k+1}
    (a = (1 − p)θ) equals δ, by bisection on log θ, or None when g(1) = 1 − (1 − p)^T ≤ δ.  g is increasing,
    δ ≤ g(θ*) ≤ θ* and pθ* ≤ g(θ*) = δ, so θ* ∈ [δ, min(1, δ/p)]."""
    d, pp = mpf(delta), mpf(p)

    def log_g(u):  # log g(e^u), 1 − a = p + (1 − p)(1 − θ) and a^T = e^{T log a} with log a = log1p(−(1 − a))
        one_minus_a = pp + (1 - pp) * -mpmath.expm1(u)
        return mpmath.log(pp) + u + mpmath.log(-mpmath.expm1(T * mpmath.log1p(-one_minus_a))) - mpmath.log(one_minus_a)

    target = mpmath.log(d)
    lo, hi = mpmath.log(d) - 1, min(mpmath.mpf(0), mpmath.log(d / pp))
    if log_g(hi) <= target:
        return None if hi == 0 else mpmath.exp(hi)
    # bisection on u = log θ (log g is increasing in u): an absolute width in u is a relative width in θ
    return mpmath.exp(
        _bisect(lambda u: 1 if log_g(u) <= target else -1, lo, hi, mpmath.mpf(10) ** -(mpmath.mp.dps - 5))
    )


def epsilon_T(delta, T, p, D, eta, C, sigma):
    """Figures 1 (right) and 3: the smallest ε ≥ 0 with Theorem 2's δ_T(ε) ≤ δ.  Two stages: θ* with
    g(θ*) = δ (Theorem 2's bound is increasing in θ), then the ε at which θ_ε(r) = θ* (0 when θ_0(r) ≤ θ*)."""
    dps = mpmath.mp.dps
    with mpmath.workdps(40):
        r0 = (mpf(D) + 2 * mpf(eta) * mpf(C)) / mpf(sigma)
        th0 = _theta_star(delta, T, p)
        gap = 1 - th0 / theta(mpmath.mpf(0), r0) if th0 is not None else mpmath.mpf(1)
    with mpmath.workdps(dps + _guard_for(gap)):
        r = (mpf(D) + 2 * mpf(eta) * mpf(C)) / mpf(sigma)
        th = _theta_star(delta, T, p)
        value = mpmath.mpf(0) if th is None else _eps_at_theta(th, r)
    return +value


def _thm3(coefficient, scale):
    """Theorem 3 (21): (1 + e^ε)[1 − P(χ²_d ≤ κ²)^T] + c Σ_{t=1}^T (1 − p)^{T−t} Π_{s=t}^T θ_ε(k(r_s − σκ)/σ),
    r_s = (ηC + κσ)(1 − (1 − λ)^s)/λ (20); c = p/(1 − p) (printed b/(n − b)) or p (E2), k = 1 (printed) or 2 (E1).
    The sum and product are loops over t and s as printed (the product Π_{s=t}^T is built from s = T down, one
    factor per t); the radii come from (20)'s recursion, not its closed form.  1 − P^T = −expm1(T log(1 − P(χ²_d > κ²))) with the upper tail from mpmath's regularized Γ."""

    def value(eps, T, p, d, kappa, lam, eta, C, sigma):
        with mpmath.workdps(mpmath.mp.dps + GUARD):
            e, pp, ka, la, si = mpf(eps), mpf(p), mpf(kappa), mpf(lam), mpf(sigma)
            step = mpf(eta) * mpf(C)
            thetas, r_prev = {}, mpmath.mpf(0)
            for s in range(1, T + 1):
                # r_s − σκ = (1 − λ)r_{s−1} + ηC (proof of Prop. 5; (20) is r_s = (1 − λ)r_{s−1} + ηC + σκ, r_0 = 0):
                # a sum of positive terms, where (20)'s closed form minus σκ cancels when λ → 1
                inner = (1 - la) * r_prev + step
                thetas[s] = theta(e, scale * inner / si)
                r_prev = inner + si * ka
            total = mpmath.mpf(0)
            product = mpmath.mpf(1)
            for t in range(T, 0, -1):  # Π_{s=t}^T θ_s = θ_t · Π_{s=t+1}^T θ_s
                product *= thetas[t]
                total += (1 - pp) ** (T - t) * product
            c = pp / (1 - pp) if coefficient == "printed" else pp
            upper = mpmath.gammainc(mpmath.mpf(d) / 2, ka**2 / 2, mpmath.inf, regularized=True)
            tv = -mpmath.expm1(T * mpmath.log1p(-upper))
            result = (1 + mpmath.exp(e)) * tv + c * total
        return +result

    return value


# Figure 3 (and Figure 1 right): D = 3, C = 2, η = 0.01, σ = 1, p = 0.001, δ = 1e−3.
FIG13 = dict(D="3", eta="0.01", C="2", sigma="1", p="0.001")
# Figure 2: C = 1, η = 0.1, σ = 5, ε = 5, p = 0.001 (λ = 0.65 left, 0.01 right); d = 1 as in derivations' figure
FIG2 = dict(eps="5", p="0.001", d="1", eta="0.1", C="1", sigma="5")

_THM3_POINTS = (
    dict(FIG2, T="60", kappa="3", lam="0.65"),  # Figure 2 (left)
    dict(FIG2, T="1000", kappa="2", lam="0.01"),  # Figure 2 (right), a long horizon
    # λ = 1 − 1e−9: (r_s − σκ)/σ ≈ 1.5e−8 for s ≥ 2 (r_s ≈ 15 less σκ = 15: (20) as printed cancels 9 digits) and
    # ε/r ≈ 10, so θ = Q(a) − e^ε Q(b) cancels another ~9; κ = 15 puts the TV term (~1e−49) below the sum (~1e−24)
    dict(eps="1.5e-7", T="30", p="0.3", d="2", kappa="15", lam="0.999999999", eta="1e-10", C="1", sigma="1"),
    # ε = 0, p near 1, large d (the χ² tail near its median), λ tiny (r_s grows linearly)
    dict(eps="0", T="25", p="0.999999", d="1000", kappa="31.6", lam="1e-12", eta="2", C="3", sigma="7"),
)

REFERENCES: dict[str, Reference] = {
    "asoodeh-diaz/eq-22": Reference(
        value=eq22,
        points=(
            dict(FIG13, delta="0.001"),  # Figure 3's setting
            # p = 1, δ = 1e−300, r = 1e−8: ε*/r ≈ 37, θ's two tails cancel ~10 digits
            dict(D="1e-8", eta="1e-12", C="1", sigma="1", p="1", delta="1e-300"),
            # r = 1e−25, δ = 1e−300: ε* ≈ 3.5e−24, the tails cancel ~25 digits (issue #17: the Arb bracket was
            # rejected and the mpmath fallback ran past 120 s)
            dict(D="1e-25", eta="1e-40", C="1", sigma="1", p="0.01", delta="1e-300"),
            dict(D="1e-25", eta="1e-40", C="1", sigma="1", p="1", delta="1e-300"),
            # r = 1e−100: ~100 digits cancel, and θ_0(r) ≈ 1e−101 is exactly 0 at 20 guard digits
            dict(D="1e-100", eta="1e-140", C="1", sigma="1", p="0.01", delta="1e-300"),
            dict(FIG13, delta="0.5"),  # δ ≥ δ_∞(0): no root, ε*_δ = 0
            # δ = δ_∞(0)(1 − 1e−20) to 45 digits (δ_∞(0) = pθ_0/(1 − (1 − p)θ_0), θ_0 = erf(r/(2√2)), r = 3.04): the
            # root sits near ε = 0 and θ_0 − τ cancels 20 digits
            dict(FIG13, delta="0.00673575840928088540503369486909581718650527561"),
        ),
        source="Asoodeh & Diaz (2023) Appendix, (22): ε*_δ solves θ_ε(r) = δ/(p + (1 − p)δ), r = (D + 2ηC)/σ",
    ),
    "asoodeh-diaz/epsilon-T": Reference(
        value=epsilon_T,
        points=(
            dict(FIG13, delta="0.001", T="10"),  # Figure 3's setting (T = 10: a^T ≈ 1e−3, far from the T = ∞ root)
            dict(FIG13, delta="1e-30", T="1"),  # T = 1: δ_1 = pθ
            dict(D="1", eta="0.5", C="1", sigma="0.7", p="1e-8", delta="1e-12", T="1000000000"),  # T = 1e9, p = 1e−8
            dict(FIG13, delta="0.9", T="5"),  # δ above δ_T(0): ε = 0
        ),
        source="Asoodeh & Diaz (2023) Figures 1 (right) and 3: Theorem 2's (5) inverted in ε at a given δ",
    ),
    "asoodeh-diaz/thm-3": Reference(
        value=_thm3("printed", 1),
        points=_THM3_POINTS,
        source="Asoodeh & Diaz (2023) Theorem 3, (21), with r_s of (20), as printed",
    ),
    "asoodeh-diaz/thm-3-coef": Reference(
        value=_thm3("coef", 1),
        points=_THM3_POINTS,
        source="Asoodeh & Diaz (2023) Theorem 3, (21) with Lemma 1's coefficient p(1 − p)^{T−t} (erratum E2)",
    ),
    "asoodeh-diaz/thm-3-corrected": Reference(
        value=_thm3("coef", 2),
        points=_THM3_POINTS,
        source="Asoodeh & Diaz (2023) Theorem 3, (21) with coefficient p (E2) and diameter 2(r_s − σκ)/σ (E1)",
    ),
}
