"""Bok, Su & Altschuler's theorems as last-iterate bounds in the canonical run vocabulary.

Eq. (1): X_{k+1} = Π_K[X_k − η((1/b)Σ_{i∈B_k}∇f_i(X_k) + Z_{k+1})], Z ~ N(0, σ²I): σ is the noise on
the averaged gradient (the canonical s) and the iterate noise is η·σ (the convention claims prove it).
Adjacent datasets differ in one loss f_{i*} ≠ f'_{i*} (replace-one); L is the gradient sensitivity
sup‖∇f − ∇f'‖ (the canonical Δ).  Theorems 4.2 and 4.5 need m > 0, m ≤ M and η < 2/M
(c = max{|1−ηm|, |1−ηM|} < 1); Theorems 4.3 and 4.6 a constraint set of diameter D and η ≤ 2/M.

Not declared: Theorem 4.9's formula ``thm-4.9-gdp-mu`` is only the G(·) factor of a composite tradeoff
(composed with C_{b/n}(G(2√2L/(bσ))) ⊗ C_{b/n}(G(2L/(bσ)))^{⊗(t−τ)}), not a bound by itself; Theorem
C.17 is a *lower* bound (no valid f-DP guarantee beats G(μ)), which the Bound vocabulary (upper bounds on
the privacy loss) has no currency for.
"""

from __future__ import annotations

import sympy as sp

from derivations.privacy.bounds import Bound, Output, Regime, Requirement, UpdateConvention, declare
from derivations.privacy.run import RUN_SYMBOLS as R

from .common import paper

eta, s, Delta, b, n, T, E = (
    R[k] for k in ("step_size", "noise_std", "gradient_sensitivity", "batch_size", "n", "steps", "epochs")
)
m, M, D = R["m"], R["M"], R["diameter"]

_UPDATE = UpdateConvention(
    noise_std=sp.Symbol("eta", positive=True) * sp.Symbol("sigma", positive=True),
    gradient_step=sp.Symbol("eta", positive=True),
)
_STRONG = (
    Requirement(m > 0, "needs m > 0 (strong convexity: c < 1)"),
    Requirement(m <= M, "needs m ≤ M"),
    Requirement(eta * M < 2, "needs η ∈ (0, 2/M) (Lemma 2.8: c = max{|1−ηm|, |1−ηM|} < 1)"),
)
_CONVEX_STEP = Requirement(eta * M <= 2, "needs η ∈ (0, 2/M] (Lemma 2.8)")
_B_DIVIDES_N = Requirement(sp.Eq(sp.Mod(n, b), 0), "needs b to divide n (l = n/b batches per epoch)")


def _formula(label):
    return paper.formulas[paper.id(label)]


declare(
    paper,
    Bound(
        _formula("thm-4.2-mu"),
        "Theorem 4.2",
        Output.gdp(),
        Regime(losses=("strongly-convex",), batchings=("full",), needs=("M",), requires=_STRONG, clipping="forbidden"),
        {"eta": eta, "m": m, "M": M, "L": Delta, "n": n, "sigma": s, "t": T},
        _UPDATE,
        note="exact for η ≤ 2/(M+m); unconstrained (K = ℝ^d); clipping would break the gradient-step contraction",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-4.3-mu"),
        "Theorem 4.3",
        Output.gdp(),
        Regime(
            losses=("convex",),
            batchings=("full",),
            needs=("diameter", "M"),
            requires=(_CONVEX_STEP, Requirement(T * eta * Delta >= D * n, "needs t ≥ Dn/(ηL) (Theorem 4.3)")),
            clipping="forbidden",
        ),
        {"eta": eta, "L": Delta, "n": n, "sigma": s, "D": D, "t": T, "M": M},
        _UPDATE,
        note="independent of t once t ≥ Dn/(ηL)",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-4.5-mu"),
        "Theorem 4.5",
        Output.gdp(),
        Regime(
            losses=("strongly-convex",),
            batchings=("cyclic",),
            needs=("M", "epochs"),
            requires=_STRONG + (_B_DIVIDES_N,),
            clipping="forbidden",
        ),
        {"eta": eta, "m": m, "M": M, "L": Delta, "b": b, "sigma": s, "l": n / b, "E": E},
        _UPDATE,
        note="l = n/b batches per epoch, E whole epochs",
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-4.6-mu"),
        "Theorem 4.6",
        Output.gdp(),
        Regime(
            losses=("convex",),
            batchings=("cyclic",),
            needs=("diameter", "M", "epochs"),
            requires=(
                _CONVEX_STEP,
                _B_DIVIDES_N,
                Requirement(E * eta * Delta >= D * b, "needs E ≥ Db/(ηL) (Theorem 4.6)"),
            ),
            clipping="forbidden",
        ),
        {"eta": eta, "L": Delta, "b": b, "sigma": s, "D": D, "l": n / b, "E": E, "M": M},
        _UPDATE,
        note="independent of E once E ≥ Db/(ηL)",
    ),
)
