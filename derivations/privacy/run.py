"""The canonical training run: one vocabulary for every paper's theorems.

Every last-iterate bound of every paper is declared against **one** training step,

    θ_{t+1} = Π_K( θ_t − η · ( (1/b) Σ_{i ∈ B_t} g_i(θ_t) + ξ_t ) ),   ξ_t ~ N(0, s² I),

where g_i is the per-example gradient (clipped to norm C when clipping is used), b the
batch size, s the standard deviation of the noise on the **averaged** gradient and Π_K the
projection onto a constraint set of diameter D (the identity when unconstrained).  So the
noise added to the *iterate* has standard deviation η·s, and the iterate moves by −η times
the averaged (clipped) gradient.  DP-SGD's noise multiplier z with clipping norm C is
s = z·C/b.

Each paper writes this step in its own symbols (Kong & Ribero add N(0, σ²I) to the iterate,
so their σ is η·s; Ye & Shokri add √(2ησ²)·N(0, I), so their σ is s·√(η/2); …).  A
:class:`~derivations.privacy.bounds.Bound` maps the canonical names below to its formula's
parameters, and the mapping's noise and step conventions are **proved** equal to the
canonical step by identity claims.

The canonical names (units in brackets; "param" = units of θ):

========================  ===============================================================
``step_size`` η           learning rate [param / gradient]
``noise_std`` s           std of the Gaussian noise on the averaged gradient [gradient]
``noise_multiplier`` z    DP-SGD's multiplier (then s = z·C/b; needs ``clip``) [1]
``clip`` C                per-example ℓ2 clipping norm [gradient]
``gradient_sensitivity``  Δ = sup_θ ‖g_i(θ) − g'_i(θ)‖ for the differing example [gradient];
                          with clipping, Δ = 2C
``batch_size`` b          examples per step [1]
``n``                     dataset size [1]
``steps`` T               number of update steps [1]; or ``epochs`` E with T = E·⌈n/b⌉
``m``                     strong-convexity constant of each loss (0 if not strongly convex)
``M``                     smoothness constant (gradient Lipschitz) [gradient / param]
``weak_convexity``        ρ with f + (ρ/2)‖θ‖² convex (nonconvex losses; ≤ M) [gradient / param]
``holder_exponent``       λ_H ∈ (0, 1] of a Hölder-continuous gradient [1]
``holder_constant``       L_H with ‖∇f(x) − ∇f(y)‖ ≤ L_H ‖x − y‖^{λ_H}
``diameter`` D            diameter of the constraint set K [param]; absent = unconstrained
``dimension`` d           number of parameters [1]
========================  ===============================================================

Loss classes (``LOSSES``), from the most to the least structured: ``strongly-convex``
(needs m > 0 and M), ``convex`` (needs M), ``nonconvex`` (L-smooth: needs M), and
``holder`` (Hölder-continuous gradient).  A run of a more structured class satisfies any
theorem stated for a less structured one (:func:`loss_satisfies`).

Batching schemes (``BATCHINGS``): ``full`` (every example every step), ``cyclic`` (fixed
order, b | n not assumed: an epoch is ⌈n/b⌉ consecutive batches, the last one holding the
n − (⌈n/b⌉ − 1)b remaining examples, and T = E·⌈n/b⌉ counts such epochs), ``shuffled`` (a
fresh permutation each epoch), ``poisson``
(each example independently with probability b/n), ``without-replacement`` (a uniformly
random subset of size b each step).
"""

from __future__ import annotations

import sympy as sp

#: The canonical run parameters as SymPy symbols (positive unless stated), keyed by run key.
RUN_SYMBOLS: dict[str, sp.Symbol] = {
    "step_size": sp.Symbol("eta", positive=True),
    "noise_std": sp.Symbol("s", positive=True),
    "noise_multiplier": sp.Symbol("z", positive=True),
    "clip": sp.Symbol("C", positive=True),
    "gradient_sensitivity": sp.Symbol("Delta", positive=True),
    "batch_size": sp.Symbol("b", positive=True, integer=True),
    "n": sp.Symbol("n", positive=True, integer=True),
    "steps": sp.Symbol("T", positive=True, integer=True),
    "epochs": sp.Symbol("E", positive=True, integer=True),
    "m": sp.Symbol("m", nonnegative=True),
    "M": sp.Symbol("M", positive=True),
    "weak_convexity": sp.Symbol("rho", nonnegative=True),
    "holder_exponent": sp.Symbol("lambda_H", positive=True),
    "holder_constant": sp.Symbol("L_H", positive=True),
    "diameter": sp.Symbol("D", positive=True),
    "dimension": sp.Symbol("d", positive=True, integer=True),
}

#: One-line meaning of each run key (for messages and ``list --bounds``).
RUN_MEANING: dict[str, str] = {
    "step_size": "learning rate η",
    "noise_std": "std s of the Gaussian noise on the averaged gradient (iterate noise η·s)",
    "noise_multiplier": "DP-SGD noise multiplier z (s = z·C/b)",
    "clip": "per-example clipping norm C",
    "gradient_sensitivity": "Δ = sup ‖g_i − g'_i‖ between neighbouring datasets (2C with clipping)",
    "batch_size": "batch size b",
    "n": "dataset size n",
    "steps": "number of steps T",
    "epochs": "number of epochs E",
    "m": "strong-convexity constant m",
    "M": "smoothness constant M",
    "weak_convexity": "weak-convexity constant ρ",
    "holder_exponent": "Hölder exponent of the gradient",
    "holder_constant": "Hölder constant of the gradient",
    "diameter": "diameter D of the constraint set",
    "dimension": "number of parameters d",
}

LOSSES = ("strongly-convex", "convex", "nonconvex", "holder")
BATCHINGS = ("full", "cyclic", "shuffled", "poisson", "without-replacement")
RELATIONS = ("replace-one", "add-remove")

# A loss of class k also belongs to every class in _IMPLIED[k] (an M-smooth loss has a
# 1-Hölder gradient with constant M).
_IMPLIED = {
    "strongly-convex": {"strongly-convex", "convex", "nonconvex", "holder"},
    "convex": {"convex", "nonconvex", "holder"},
    "nonconvex": {"nonconvex", "holder"},
    "holder": {"holder"},
}


def loss_satisfies(run_loss: str, required: str) -> bool:
    """True when every loss of class ``run_loss`` is a loss of class ``required``."""
    if run_loss not in _IMPLIED or required not in _IMPLIED:
        raise ValueError(f"unknown loss class {run_loss!r} or {required!r}; known: {', '.join(LOSSES)}")
    return required in _IMPLIED[run_loss]


#: The canonical step's two conventions, in canonical symbols: the standard deviation of
#: the Gaussian noise added to the iterate, and the factor multiplying the averaged gradient.
CANONICAL_ITERATE_NOISE_STD = RUN_SYMBOLS["step_size"] * RUN_SYMBOLS["noise_std"]
CANONICAL_GRADIENT_STEP = RUN_SYMBOLS["step_size"]
