"""Steps of the appendix proofs' divergence chains that carry a formula (the rest of those chains are inequalities
between divergences of arbitrary distributions, listed with their reasons in :mod:`.coverage`).

* (40), the Gaussian step of Theorem A.1's part (A): D_α(N(0, β_tσ²I) ‖ N(m_t, β_tσ²I)) = α‖m_t‖²/(2β_tσ²) (the
  toolkit's Gaussian RDP along the direction of m_t; the other coordinates have equal laws and contribute 0), and its
  supremum over ‖m_t‖ ≤ 2Kη/b is attained at the boundary, giving (41)'s term.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Inequality
from derivations.privacy.gaussian import gaussian_rdp

from .common import paper, src

_al, _sg, _beta, _R = sp.symbols("alpha sigma beta R", positive=True)
_u = sp.Symbol("u", nonnegative=True)  # ‖m_t‖ = R/(1 + u) ∈ (0, R]

paper.add(
    Inequality(
        paper.id("thm-a.1/gaussian-step-40"),
        gaussian_rdp(alpha=_al, mu=_R / (1 + _u), sigma=sp.sqrt(_beta) * _sg),
        "<=",
        gaussian_rdp(alpha=_al, mu=_R, sigma=sp.sqrt(_beta) * _sg),
        "(40): the Gaussian RDP D_α(N(0, β_tσ²I) ‖ N(m_t, β_tσ²I)) = α‖m_t‖²/(2β_tσ²) (privacy/gaussian-rdp, along "
        "m_t) is largest on the boundary ‖m_t‖ = R = 2Kη/b: α(R/(1 + u))²/(2β_tσ²) ≤ αR²/(2β_tσ²) for every u ≥ 0, "
        "so the supremum in (40) is (41)'s term α(2Kη/b)²/(2β_tσ²)",
        src("Theorem A.1, proof, eqs. (39)–(41)", ("39", "40", "41")),
        where=[_al > 1, _beta <= 1],
        covers=["privacy/gaussian-rdp"],
    )
)
