"""§2 constants: the contraction factor θ_L(s) of eq. (15) and the Lipschitz constant
L_λ(m, M) of Proposition 2.1, eq. (13), as formulas.  Their identities, bounds, limits and the
errata in the remarks after Proposition 2.1 are claims in :mod:`.constants_claims` (kept apart
so that evaluating θ or L_λ does not build the claims about them).
"""

from __future__ import annotations

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from symbolic import Formula

from .common import MM_POSITIVE, L, M, geometric, lam, m, paper, params, s, src

# ---------------------------------------------------------------------------
# θ_L(s), eq. (15)


def theta_expr(base, count):
    """θ_base(count) as in (15): 0 at count = 0, else base^{2(count-1)} / Σ_{j<count} base^{2j}."""
    return sp.Piecewise((0, sp.Eq(count, 0)), (base ** (2 * (count - 1)) / geometric(base, count), True))


theta = paper.add(
    Formula(
        paper.id("theta"),
        theta_expr(L, s),
        params("L", "s"),
        src("§2, constants (15): θ_L(s)", "15"),
        title="θ_L(s) = L^{2(s-1)} / Σ_{j=0}^{s-1} L^{2j}, θ_L(0) = 0",
        # Stable evaluation: (1 - L^-2)/(1 - L^-2s) through expm1, which keeps every
        # digit when L - 1 is tiny (L_λ - 1 ≈ 1e-5 in Figure 1) and costs O(1) in s.
        numeric=sp.Piecewise(
            (0, sp.Eq(s, 0)),
            (1 / s, sp.Eq(L, 1)),
            (expm1(-2 * log1p(L - 1)) / expm1(-2 * s * log1p(L - 1)), True),
        ),
    )
)

# ---------------------------------------------------------------------------
# L_λ(m, M), eq. (13)


def L_lambda_expr(step, wc, sm):
    """L_λ(m, M) of (13): sqrt(1 + 2λm[1 + m/(2(M + m))])."""
    return sp.sqrt(1 + 2 * step * wc * (1 + wc / (2 * (sm + wc))))


L_lambda = paper.add(
    Formula(
        paper.id("L-lambda"),
        L_lambda_expr(lam, m, M),
        params("lam", "m", "M"),
        src("Proposition 2.1, eq. (13): L_λ(m, M)", "13"),
        hypotheses=[MM_POSITIVE],
        title="L_λ(m, M) = sqrt(1 + 2λm[1 + m/(2(M+m))])",
    )
)
