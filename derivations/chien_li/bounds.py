"""Chien & Li's full-batch theorems as last-iterate bounds in the canonical run vocabulary.

The paper's step (1) is W_{t+1} = Π_𝒦[W_t − η·(1/b)Σ Π_{B_K}∇ℓ_i(W_t) + G_t], G_t ~ N(0, σ²I): the noise is added
to the iterate and not scaled by η, so σ = η·s and the gradient step is η (the convention claims prove it).
Gradients are clipped to norm K, and the differing example moves a clipped gradient by at most 2K, so K = Δ/2.
Replace-one adjacency (§2), last iterate only, bounded domain of diameter D, full batch.

Declared: Theorem 3.1 in its three regimes (Lemma 3.4: c = 1 + ηM nonconvex smooth; c = 1 convex with η ≤ 2/M;
c = 1 − ηm strongly convex with η ≤ 1/M; the convex cases also assume K-Lipschitz losses, i.e. clipping never
active) and Theorem 3.7 (Hölder gradients).  Not declared: Theorem A.1 (its value depends on where the differing
example sits in the batch order; a DP guarantee needs the worst order, which an accountant must not minimise over)
and Theorem 3.12 (only its per-step term is encoded).
"""

from __future__ import annotations

from derivations.privacy.bounds import (
    Bound,
    Output,
    Regime,
    Requirement,
    UpdateConvention,
    declare,
)
from derivations.privacy.run import RUN_SYMBOLS as R

from .common import eta as eta_p
from .common import paper, sigma

eta, s, Delta, n, T = (R[k] for k in ("step_size", "noise_std", "gradient_sensitivity", "n", "steps"))
M, m, D = R["M"], R["m"], R["diameter"]
L_H, lam_H = R["holder_constant"], R["holder_exponent"]

_UPDATE = UpdateConvention(noise_std=sigma, gradient_step=eta_p)
_COMMON = {"sigma": eta * s, "eta": eta, "K": Delta / 2, "n": n, "D": D, "T": T}


def _formula(label):
    return paper.formulas[paper.id(label)]


declare(
    paper,
    Bound(
        _formula("thm-3.1-eps-nonconvex"),
        "Theorem 3.1 (nonconvex smooth, c = 1 + ηL)",
        Output.rdp("alpha"),
        Regime(losses=("nonconvex",), batchings=("full",), needs=("diameter", "M")),
        {**_COMMON, "L": M},
        _UPDATE,
        note="exact minimum over τ and β; Lemma 3.4's factor 1 + ηM for an M-smooth loss",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-3.1-eps-convex"),
        "Theorem 3.1 (convex, c = 1)",
        Output.rdp("alpha"),
        Regime(
            losses=("convex",),
            batchings=("full",),
            needs=("diameter", "M"),
            requires=(Requirement(eta <= 2 / M, "needs η ≤ 2/M (Lemma 3.4, convex case)"),),
        ),
        {**_COMMON, "L": M},
        _UPDATE,
        note="the paper assumes K-Lipschitz losses (clipping inactive) for c = 1",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-3.1-eps-strongly-convex"),
        "Theorem 3.1 (strongly convex, c = 1 − ηm)",
        Output.rdp("alpha"),
        Regime(
            losses=("strongly-convex",),
            batchings=("full",),
            needs=("diameter", "M", "m"),
            requires=(
                Requirement(eta <= 1 / M, "needs η ≤ 1/M (Lemma 3.4, strongly convex case)"),
                Requirement(eta * m < 1, "needs ηm < 1 (c = 1 − ηm > 0)"),
            ),
        ),
        {**_COMMON, "L": M, "m": m},
        _UPDATE,
        note="the paper assumes K-Lipschitz losses (clipping inactive) for c = 1 − ηm",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-3.7-eps"),
        "Theorem 3.7 (Hölder-continuous gradients)",
        Output.rdp("alpha"),
        Regime(
            losses=("holder",),
            batchings=("full",),
            needs=("diameter", "holder_constant", "holder_exponent"),
            requires=(Requirement(lam_H <= 1, "needs a Hölder exponent λ ≤ 1"),),
        ),
        {**_COMMON, "L": L_H, "lam": lam_H},
        _UPDATE,
        note="value of (13) at a feasible allocation (a valid bound; exact minimum at λ = 1)",
    ),
)
