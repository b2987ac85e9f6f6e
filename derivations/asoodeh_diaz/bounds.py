"""Asoodeh & Diaz's theorems as last-iterate bounds in the canonical run vocabulary.

Update (1): W_t = Π[ψ_B(W_{t−1}) + σZ_t] with ψ_B(w) = w − (η/|B|) Σ Clip(∇ℓ): the noise on
the iterate has standard deviation σ = η·s, and the gradient step is η (the convention
claims prove it).  The bounds need clipping (C is the clipping constant itself; the paper
bounds the step's gap by 2ηC, not 2ηC/b) and a constraint set of diameter D; the loss may
be nonconvex.  Batches are Poisson-sampled with rate p or drawn without replacement with
p = b/n (Theorem 2 covers both).  δ_T increases to δ_∞ (thm-2-limit), so the T → ∞ bounds
(22), (23) hold at every T.
"""

from __future__ import annotations

import sympy as sp

from derivations.privacy.bounds import Bound, Output, Regime, UpdateConvention, declare
from derivations.privacy.run import LOSSES
from derivations.privacy.run import RUN_SYMBOLS as R

from .common import paper

eta, s, C, b, n, T, D = (R[k] for k in ("step_size", "noise_std", "clip", "batch_size", "n", "steps", "diameter"))

_REGIME = Regime(
    losses=LOSSES, batchings=("poisson", "without-replacement"), needs=("diameter", "clip"), clipping="required"
)
_UPDATE = UpdateConvention(noise_std=sp.Symbol("sigma", positive=True), gradient_step=sp.Symbol("eta", positive=True))
_COMMON = {"p": b / n, "D": D, "eta": eta, "C": C, "sigma": eta * s}


def _formula(label):
    return paper.formulas[paper.id(label)]


declare(paper, Bound(_formula("thm-2"), "Theorem 2, (5)", Output.delta("eps"), _REGIME, {**_COMMON, "T": T}, _UPDATE))
declare(
    paper,
    Bound(
        _formula("thm-2-limit"),
        "Theorem 2, T → ∞",
        Output.delta("eps"),
        _REGIME,
        _COMMON,
        _UPDATE,
        note="δ_T ≤ δ_∞ for every T",
    ),
)
declare(
    paper,
    Bound(
        _formula("eq-22"),
        "(22)",
        Output.epsilon("delta"),
        _REGIME,
        _COMMON,
        _UPDATE,
        note="the exact inversion of δ_∞; holds at every T",
    ),
)
declare(
    paper,
    Bound(
        _formula("eq-23"),
        "(23)",
        Output.epsilon("delta"),
        _REGIME,
        _COMMON,
        _UPDATE,
        note="Q(ε/r − r/2) ≥ θ_ε(r) makes (23) ≥ (22); holds at every T",
    ),
)
