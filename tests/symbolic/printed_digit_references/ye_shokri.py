"""Independent references for Ye & Shokri (2022) formulas (see the package docstring); imports nothing from the package.

Written from the paper (file 003 of the papers), with N = ⌊n/b⌋ (footnote 1: n/b is read as ⌊n/b⌋),
ρ = 1 − ηλ ∈ (0, 1) (η < 2/(λ + β) and λ ≤ β give ηλ < 1) and A = αηS_g²/(4σ²b²).  Nothing is
computed as 1 − (a number close to 1): with x = ηλ and ℓ = log(1 − x), ρ^{2j} = e^{2jℓ},
1 − ρ^{2j} = −expm1(2jℓ) and 1 − ρ² = x(2 − x) exactly.
"""

from __future__ import annotations

import mpmath

from . import Reference, mpf

GUARD = 15  # extra digits inside; every quantity below is free of cancellation


def _A(alpha, eta, Sg, sigma, b):
    return mpf(alpha) * mpf(eta) * mpf(Sg) ** 2 / (4 * mpf(sigma) ** 2 * mpf(b) ** 2)


def _eps0(A, x, ell, j):
    """(12): ε_0^j = A ρ^{2(j−1)} / Σ_{s=0}^{j−1} ρ^{2s}, the sum as (1 − ρ^{2j})/(1 − ρ²); a short sum is
    added term by term instead (a second route to the same number)."""
    if j <= 64:
        geometric = mpmath.fsum(mpmath.exp(2 * s * ell) for s in range(j))
    else:
        geometric = -mpmath.expm1(2 * j * ell) / (x * (2 - x))
    return A * mpmath.exp(2 * (j - 1) * ell) / geometric


def thm44(alpha, eta, lam, Sg, sigma, b, n, K, j0, beta):
    """(11): ε_0^{⌊n/2b⌋}·(1 − ρ^{2(K−1)(N−m)})/(1 − ρ^{2(N−m)}) + ε_0^{N−j₀}, m = ⌊n/(2b)⌋."""
    with mpmath.workdps(mpmath.mp.dps + GUARD):
        N, m = n // b, n // (2 * b)
        x = mpf(eta) * mpf(lam)
        ell = mpmath.log1p(-x)
        A = _A(alpha, eta, Sg, sigma, b)
        d = 2 * (N - m) * ell  # log q, q = ρ^{2(N−m)}
        ratio = mpmath.expm1((K - 1) * d) / mpmath.expm1(d) if K > 1 else mpmath.mpf(0)
        value = _eps0(A, x, ell, m) * ratio + _eps0(A, x, ell, N - j0)
    return +value


def thm53(alpha, eta, lam, Sg, sigma, b, n, K, beta):
    """(18)–(21): ε = log S_K^0/(α − 1), S_0^0 = 1 and K·N steps of
    S ← (b/n)e^{(α−1)A} S + (1 − b/n) S^{(1−ηλ)²}.  Run on u = S − 1 ≥ 0, so that a tiny A (S within
    1e−40 of 1) keeps its digits: u ← p(E − 1) + pE·u + (1 − p)·expm1(ρ² log1p(u)), every term ≥ 0;
    ε = log1p(u)/(α − 1).  No shortcut: every one of the K·N steps is taken."""
    steps = K * (n // b)
    with mpmath.workdps(mpmath.mp.dps + GUARD + len(str(steps))):
        a1 = mpf(alpha) - 1
        A = _A(alpha, eta, Sg, sigma, b)
        p = mpf(b) / n
        Em1 = mpmath.expm1(a1 * A)
        pE, pEm1, q = p * (1 + Em1), p * Em1, 1 - p
        r2 = (1 - mpf(eta) * mpf(lam)) ** 2
        u = mpmath.mpf(0)
        for _ in range(steps):
            u = pEm1 + pE * u + q * mpmath.expm1(r2 * mpmath.log1p(u))
        value = mpmath.log1p(u) / a1
    return +value


def thm53_limit(alpha, eta, lam, Sg, sigma, b, n, beta):
    """The fixed point of (20) in (18): log((1 − p)/(1 − pE))/((α − 1)(1 − ρ²)), p = b/n, E = e^{(α−1)A}, pE < 1.
    (1 − p)/(1 − pE) = 1/(1 − y), y = p(E − 1)/(1 − p) ∈ (0, 1): −log1p(−y) for y < 1/2; for y ≥ 1/2, 1 − y is
    formed from 1 − pE = −expm1(log p + (α − 1)A), whose argument cancels near the boundary pE → 1: the guard digits
    cover that loss (measured first)."""
    a1 = mpf(alpha) - 1
    with mpmath.workdps(30):
        lost = -mpmath.log10(abs(mpmath.log(mpf(b) / n) + a1 * _A(alpha, eta, Sg, sigma, b)))
    with mpmath.workdps(mpmath.mp.dps + GUARD + max(0, int(lost))):
        A = _A(alpha, eta, Sg, sigma, b)
        p = mpf(b) / n
        y = p * mpmath.expm1(a1 * A) / (1 - p)
        if y < mpmath.mpf(1) / 2:  # log(1/(1 − y)) = −log1p(−y): no cancellation for a small y
            log_ratio = -mpmath.log1p(-y)
        else:  # 1 − y = (1 − pE)/(1 − p), with 1 − pE from its logarithm
            log_ratio = mpmath.log1p(-p) - mpmath.log(-mpmath.expm1(mpmath.log(p) + a1 * A))
        x = mpf(eta) * mpf(lam)
        value = log_ratio / (a1 * x * (2 - x))
    return +value


# Figure 1 (Theorem 4.4) and Figure 2 (Theorem 5.3): α = 10, λ = 1, β = 4, S_g = 4, n = 50, η = 0.02, σ² = 4.
FIG = dict(alpha="10", eta="0.02", lam="1", Sg="4", sigma="2", n="50", beta="4")

REFERENCES: dict[str, Reference] = {
    "ye-shokri/thm-4.4-eps": Reference(
        value=thm44,
        points=(
            dict(FIG, b="2", K="20", j0="0"),  # Figure 1, first batch
            dict(FIG, b="2", K="1", j0="24"),  # Figure 1, last batch, one epoch (the epoch factor is the empty sum)
            # ηλ = 1e−12: ρ² within 2e−12 of 1, K·N = 1e12·5e8 steps (every 1 − ρ^{…} must keep its digits)
            dict(
                alpha="1.000001",
                eta="1e-6",
                lam="1e-6",
                Sg="3",
                sigma="0.5",
                b="2",
                n="1000000001",
                K=str(10**12),
                j0="123456789",
                beta="1",
            ),
            # ηλ → 1 (λ = β, η just below 1/λ): ρ = 1e−30, ρ^{2(j−1)} underflows any float
            dict(
                alpha="1000",
                eta="0.999999999999999999999999999999",
                lam="1",
                Sg="1e-20",
                sigma="1e20",
                b="3",
                n="3001",
                K="7",
                j0="5",
                beta="1",
            ),
        ),
        source="Ye & Shokri (2022) Theorem 4.4, eqs. (11)–(12)",
    ),
    "ye-shokri/thm-5.3-eps": Reference(
        value=thm53,
        points=(
            dict(FIG, b="4", K="100"),  # Figure 2 (right), α = 10, K = 100: 1200 steps
            # 1 − ρ² = 2e−8 and K·N = 3000 steps: far from the fixed point, every step counts
            dict(alpha="30", eta="1e-4", lam="1e-4", Sg="4", sigma="2", b="4", n="50", K="250", beta="1"),
            # tiny A (S_g = 1e−20): S − 1 ≈ 1e−40; ρ² = 0.49 and 1600 steps, so the iterates reach the fixed point
            # to every digit well before the last step (where an evaluator may stop early)
            dict(alpha="1.5", eta="0.3", lam="1", Sg="1e-20", sigma="2", b="3", n="50", K="100", beta="4"),
            # divergent: pE = (4/50)e^{199·0.25} ≫ 1, ε grows linearly in K
            dict(alpha="200", eta="0.02", lam="1", Sg="4", sigma="2", b="4", n="50", K="200", beta="4"),
        ),
        source="Ye & Shokri (2022) Theorem 5.3, eqs. (18)–(21)",
    ),
    "ye-shokri/thm-5.3-eps-limit": Reference(
        value=thm53_limit,
        points=(
            dict(FIG, b="4"),  # Figure 2's setting, α = 10: the K → ∞ plateau
            dict(alpha="30", eta="1e-12", lam="1e-10", Sg="4", sigma="2", b="4", n="50", beta="1"),  # 1 − ρ² = 2e−22
            dict(
                alpha="1.000000001", eta="0.02", lam="1", Sg="1e-25", sigma="2", b="1", n="1000000", beta="4"
            ),  # tiny A
            # pE = 1 − 1e−20 (η = 2 log 2 − 2e−20 to 50 digits, so (α − 1)A = η/2 is log(n/b) less 1e−20): 1 − pE
            # cancels 20 digits
            dict(
                alpha="2",
                eta="1.3862943611198906188144642429163531361510002687205",
                lam="0.5",
                Sg="1",
                sigma="1",
                b="1",
                n="2",
                beta="0.5",
            ),
        ),
        source="Ye & Shokri (2022) Theorem 5.3, eq. (18) at the fixed point of (20) (K → ∞, pE < 1)",
    ),
}
