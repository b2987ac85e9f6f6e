"""Independent references for Kong & Ribero (2025) formulas (see the package docstring); imports nothing from the package.

Written from the paper (file 000 of the papers): Theorem 2.3, eq. (17), with L_λ of (13) and θ_L of (15).
"""

from __future__ import annotations

import mpmath

from . import Reference, mpf

GUARD = 15


def thm23_clipped(alpha, sigma, lam, m, M, C, b, k, T):
    """(17): 4α(λC/(bσ))²[1 + E·θ_{√2 L_λ}(ℓ)], ℓ = k/b, E = ⌈T/ℓ⌉,
    L_λ² = 1 + 2λm[1 + m/(2(M + m))] (13), θ_L(s) = L^{2(s−1)}/Σ_{j<s} L^{2j} (15).

    With B = (√2 L_λ)² = 2L_λ² ≥ 2: θ = B^{ℓ−1}/Σ_{j<ℓ} B^j, summed term by term for ℓ ≤ 64 and otherwise as
    (1 − 1/B)/(1 − B^{−ℓ}) (the geometric sum divided through by B^{ℓ−1}; B ≥ 2, so nothing cancels)."""
    with mpmath.workdps(mpmath.mp.dps + GUARD):
        ell = k // b
        E = -(-T // ell)  # ⌈T/ℓ⌉, exactly
        lam_, m_, M_ = mpf(lam), mpf(m), mpf(M)
        B = 2 * (1 + 2 * lam_ * m_ * (1 + m_ / (2 * (M_ + m_))))
        if ell <= 64:
            theta = B ** (ell - 1) / mpmath.fsum(B**j for j in range(ell))
        else:
            theta = (1 - 1 / B) / -mpmath.expm1(-ell * mpmath.log(B))
        ratio = lam_ * mpf(C) / (b * mpf(sigma))
        value = 4 * mpf(alpha) * ratio**2 * (1 + E * theta)
    return +value


REFERENCES: dict[str, Reference] = {
    "kong-ribero/thm-2.3-clipped": Reference(
        value=thm23_clipped,
        points=(
            # Figure 1's setting (λ = σ = 1e−5, C = 10, b = 10, k = 10⁴, T = 10⁵), the clipped curve at (m, M) = (0, 1)
            dict(alpha="2", sigma="1e-5", lam="1e-5", m="0", M="1", C="10", b="10", k="10000", T="100000"),
            # λ at its bound 1/[2(m + M)] with m = 1e10, M = 0 (L_λ² = 5/2); ℓ = 7, T not a multiple of ℓ
            dict(
                alpha="1.000000000000000000001", sigma="3", lam="5e-11", m="1e10", M="0", C="2", b="3", k="21", T="50"
            ),
            # huge horizon: ℓ = 10⁹ iterations per pass, T = 10¹⁸ (E = 10⁹), tiny λ
            dict(
                alpha="1000", sigma="1e30", lam="1e-12", m="7", M="1e-3", C="1e20", b="1", k="1000000000", T=str(10**18)
            ),
            # one example per pass (ℓ = 1: θ = 1), α large
            dict(alpha="1e6", sigma="0.5", lam="0.25", m="1", M="1", C="1", b="5", k="5", T="123"),
        ),
        source="Kong & Ribero (2025) Theorem 2.3, eq. (17), with (13) and (15)",
    ),
}
