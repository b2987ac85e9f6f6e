"""Kong & Ribero's theorems as last-iterate bounds in the canonical run vocabulary.

Algorithm 1 adds N_t ~ N(0, σ²I) to the iterate after the step −λ g_t, with g_t the
average of the batch's clipped gradients; so σ = η·s and λ = η (the convention claims
below prove it).  The differing example moves the averaged gradient by at most Δ/b, and
the paper writes that gap as 2C/b (footnote: clipping to C), so C = Δ/2.  The paper's m is
a weak-convexity constant (``weak_convexity`` ρ; ρ = 0 for convex losses) and M the
smoothness constant.  Batches are traversed cyclically (Algorithm 1, j_t = b(t−1) mod k).
"""

from __future__ import annotations

import sympy as sp

from derivations.privacy.bounds import Bound, Output, Regime, Requirement, UpdateConvention, declare
from derivations.privacy.run import RUN_SYMBOLS as R

from .common import paper

eta, s, Delta, b, n, T = (R[k] for k in ("step_size", "noise_std", "gradient_sensitivity", "batch_size", "n", "steps"))
rho, M, D = R["weak_convexity"], R["M"], R["diameter"]

_STEP_22 = Requirement(eta <= 1 / (2 * (rho + M)), "needs η ≤ 1/[2(ρ + M)] (Proposition 2.1(b))")
_STEP_UNCLIPPED = Requirement(eta <= 1 / (rho + M), "needs η ≤ 1/(ρ + M) (Proposition 2.1(c))")
_B_DIVIDES_N = Requirement(sp.Eq(sp.Mod(n, b), 0), "needs b to divide n (footnote 3: ℓ = n/b passes)")
_UPDATE = UpdateConvention(noise_std=sp.Symbol("sigma", positive=True), gradient_step=sp.Symbol("lam", positive=True))

# Theorem 2.2 uses only the last step (Proposition A.5(a) with T = 1 and τ = d_h): any order of
# batches of fixed size b qualifies; Poisson batches have random size, which (9) does not cover.
_ANY_FIXED_SIZE = ("cyclic", "shuffled", "without-replacement", "full")

_COMMON = {"sigma": eta * s, "lam": eta, "m": rho, "M": M, "C": Delta / 2, "b": b}


def _formula(label):
    return paper.formulas[paper.id(label)]


declare(
    paper,
    Bound(
        _formula("thm-2.2-corrected"),
        "Theorem 2.2 (corrected, √2 L_λ)",
        Output.rdp("alpha"),
        Regime(losses=("nonconvex",), batchings=_ANY_FIXED_SIZE, needs=("diameter", "M"), requires=(_STEP_22,)),
        {**_COMMON, "d_h": D},
        _UPDATE,
        note="bounded domain: the last step alone gives the bound, whatever the order of fixed-size batches",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-2.2"),
        "Theorem 2.2 (as printed)",
        Output.rdp("alpha"),
        Regime(losses=("nonconvex",), batchings=_ANY_FIXED_SIZE, needs=("diameter", "M"), requires=(_STEP_22,)),
        {**_COMMON, "d_h": D},
        _UPDATE,
        valid=False,
        corrected_by=paper.id("thm-2.2-corrected"),
        note="refuted under clipping (kong-ribero E11: the proof's L_λ must be √2 L_λ); the corrected form covers every case",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-2.3-clipped"),
        "Theorem 2.3, (17)",
        Output.rdp("alpha"),
        Regime(losses=("nonconvex",), batchings=("cyclic",), needs=("M",), requires=(_STEP_22, _B_DIVIDES_N)),
        {**_COMMON, "k": n, "T": T},
        _UPDATE,
        note="valid as printed (its 4α is loose by a factor 2: the proof's last line gives 2α)",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-2.3-unclipped"),
        "Theorem 2.3, (19)",
        Output.rdp("alpha"),
        Regime(
            losses=("nonconvex",),
            batchings=("cyclic",),
            needs=("M",),
            requires=(_STEP_UNCLIPPED, _B_DIVIDES_N),
            clipping="forbidden",
        ),
        {**_COMMON, "k": n, "T": T},
        _UPDATE,
        note="no clipping: clipping breaks the L_λ-Lipschitz step this form uses",
    ),
)
