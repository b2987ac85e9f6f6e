"""Ye & Shokri's theorems as last-iterate bounds in the canonical run vocabulary
(:mod:`derivations.privacy.run`).

Algorithm 1 adds √(2ησ²)·N(0, I) to the iterate after the step −η·(1/b)Σ∇ℓ, so the canonical
iterate noise η·s is σ√(2η): σ = s·√(η/2) (the convention claims prove it).  S_g bounds the change
of one per-example gradient between neighbours (change-one), so S_g = Δ; λ is the strong-convexity
constant m and β the smoothness constant M; K counts epochs E.  The paper's epoch has n/b steps
(footnote 1: ⌊n/b⌋, the remainder dropped), so the fixed-batch regimes require b | n.

The gradient step must be the gradient of the declared (strongly) convex, smooth loss (Lemmas B.3, B.4:
the step is non-expansive / a (1 − ηλ)-contraction), so runs with per-example clipping are not covered
(``clipping="forbidden"``): clipping the whole gradient breaks that contraction.  The paper's own clipped
variant (Proposition 6.2: clip only the unregularized logistic gradient, then add λθ) keeps it; such a run
is described without ``clip``, with ``gradient_sensitivity`` S_g and the regularised loss's m, M.

Theorem 5.3 (Algorithm 2: a fresh batch of size b sampled without replacement at each step) iterates (20)
K·n/b times.  The run counts T = E·⌈n/b⌉ steps, so the row requires b | n, where K·n/b = E·⌈n/b⌉ = T
(``_DIVIDES_53``, as Theorems 4.3–4.5 require b | n).  Without it, footnote 1's ⌊n/b⌋ steps per epoch undercount the
run: n = 11, b = 10, T = 4 (E = 2), m = M = 1, η = 1/100, s = 1/10, Δ = 1 gave ε = 7.0170 at δ = 1e-5 from
2 steps of (20), below the exact ε = 9.5040 of the 1-D quadratic instance (issue 28).  The proof (Appendix
C.2, (139)–(147)) applies (20) once per iteration with P(i₀ ∈ B) = b/n, so iterating it over the run's own T
steps would also be supported; the printed formula counts epochs, and b | n keeps it as printed.

Theorems 4.3, 4.4 bound the records of the batch B^{j₀}; the declarations map j₀ to the worst
position, the last batch j₀ = n/b − 1, which bounds every record.

Not declared: Theorem 5.2.  Its Algorithm 1 shuffles and partitions **once** and reuses the partition
in every epoch (the proof averages over the position of the differing record, the same in every
epoch).  The canonical vocabulary has ``cyclic`` (a fixed, adversarially known order — Theorem 5.2's
averaging does not apply) and ``shuffled`` (a fresh permutation each epoch — not what the theorem
proves), so no canonical batching matches it.
"""

from __future__ import annotations

import sympy as sp

from derivations.privacy.bounds import Bound, Output, Regime, Requirement, UpdateConvention, declare
from derivations.privacy.run import RUN_SYMBOLS as R

from .common import eta as eta_f, paper, sigma as sigma_f

eta, s, Delta, b, n, E, m, M = (
    R[k] for k in ("step_size", "noise_std", "gradient_sensitivity", "batch_size", "n", "epochs", "m", "M")
)

_UPDATE = UpdateConvention(noise_std=sp.sqrt(2 * eta_f) * sigma_f, gradient_step=eta_f)
_COMMON = {"eta": eta, "sigma": s * sp.sqrt(eta / 2), "Sg": Delta, "b": b}
_STEP_SC = Requirement(eta < 2 / (m + M), "needs η < 2/(m + M) (λ-strongly convex, β-smooth: η < 2/(λ + β))")
_STEP_C = Requirement(eta < 2 / M, "needs η < 2/M (convex, β-smooth: η < 2/β)")
_DIVIDES = Requirement(sp.Eq(sp.Mod(n, b), 0), "needs b to divide n (Algorithm 1 partitions the data into n/b batches)")
_DIVIDES_53 = Requirement(
    sp.Eq(sp.Mod(n, b), 0),
    "needs b to divide n (Algorithm 2's epoch is n/b steps of (20): only then are the K·n/b steps it counts the "
    "run's T = E·⌈n/b⌉)",
)
_TWO = Requirement(n >= 2 * b, "needs n/b ≥ 2 (Theorems 4.4, 5.2)")
_ONE = Requirement(b <= n, "needs b ≤ n")


def _formula(label):
    return paper.formulas[paper.id(label)]


declare(
    paper,
    Bound(
        _formula("thm-4.3-eps"),
        "Theorem 4.3, (9)",
        Output.rdp("alpha"),
        Regime(
            losses=("convex",),
            batchings=("cyclic",),
            needs=("M",),
            requires=(_STEP_C, _DIVIDES, _ONE),
            clipping="forbidden",
        ),
        {**_COMMON, "n": n, "K": E, "j0": sp.floor(n / b) - 1, "beta": M},
        _UPDATE,
        note="fixed batches; j₀ = n/b − 1 (the last batch) is the worst position: A(K − 1)b/n + A",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-4.4-eps"),
        "Theorem 4.4, (11)",
        Output.rdp("alpha"),
        Regime(
            losses=("strongly-convex",),
            batchings=("cyclic",),
            needs=("m", "M"),
            requires=(_STEP_SC, _DIVIDES, _TWO),
            clipping="forbidden",
        ),
        {**_COMMON, "n": n, "K": E, "j0": sp.floor(n / b) - 1, "lam": m, "beta": M},
        _UPDATE,
        note="fixed batches; j₀ = n/b − 1 (worst position); converges as K → ∞",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-4.5-eps"),
        "Theorem 4.5, (13)",
        Output.rdp("alpha"),
        Regime(
            losses=("strongly-convex",),
            batchings=("cyclic",),
            needs=("m", "M"),
            requires=(_STEP_SC, _DIVIDES),
            clipping="forbidden",
        ),
        {**_COMMON, "K": E, "lam": m, "beta": M},
        _UPDATE,
        note="[14]'s naive dynamics baseline, every record",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-5.3-eps"),
        "Theorem 5.3, (18)–(21)",
        Output.rdp("alpha"),
        Regime(
            losses=("strongly-convex",),
            batchings=("without-replacement",),
            needs=("m", "M"),
            requires=(_STEP_SC, _DIVIDES_53),
            clipping="forbidden",
        ),
        {**_COMMON, "n": n, "K": E, "lam": m, "beta": M},
        _UPDATE,
        note=(
            "a fresh uniformly random batch of size b at each of the K·n/b steps (b | n, so K·n/b = T); "
            "converges iff (b/n)e^{(α−1)A} < 1"
        ),
    ),
)
