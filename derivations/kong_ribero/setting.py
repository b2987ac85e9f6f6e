"""The setting of §1.1–§2 on a quadratic instance, and Algorithm 1 simulated exactly.

* (1), footnote 2, (11): the composite problem and (A2) for quadratic losses f_i = (q_i/2)x² + g_i x;
* (2), (3), (12): Clip_C, the prox of h = (ρ/2)x², the prox-linear operator A_λ;
* Lemma A.10 and Lemma A.11's inequality (34);
* Algorithm 1 (:mod:`.simulator`): the exact Rényi divergence of the last iterates of cyclic
  (and shuffled) runs, compared with Theorem 2.3's (19).

Every symbol is real and one-dimensional; statements say so.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import Identity, Inequality
from symbolic.claims import SampledInequality

from . import simulator as sim
from .common import paper, src
from .theorems import thm23u

R = sp.Rational
x, y, z, d = sp.symbols("x y z d", real=True)
qc, g = sp.symbols("q g", real=True)
mw, rho, lam, w, u, v = sp.symbols("m rho lam w u v", nonnegative=True)
lam_p, C_p, sig_p = sp.symbols("lam C sigma", positive=True)

# ---------------------------------------------------------------------------
# (1) and footnote 2 on quadratic losses.
q1, q2, q3, g1, g2, g3 = sp.symbols("q1 q2 q3 g1 g2 g3", real=True)
f_quad = lambda curvature, slope, x_: curvature * x_**2 / 2 + slope * x_  # noqa: E731
paper.add(
    Identity(
        paper.id("sim-composite-objective"),
        lhs=(f_quad(q1, g1, x) + f_quad(q2, g2, x) + f_quad(q3, g3, x)) / 3 + rho * x**2 / 2,
        rhs=((q1 + q2 + q3) / 3 + rho) * x**2 / 2 + (g1 + g2 + g3) / 3 * x,
        statement="(1) on the simulator's instance (k = 3, n = 1): φ(x) = (1/k)Σ f_i(x) + h(x) with f_i = (q_i/2)x² + g_i x "
        "and h = (ρ/2)x² is the quadratic ((q̄ + ρ)/2)x² + ḡx",
        source=src("(1)", "1", "derived", "quadratic instance used by the simulator"),
    )
)
paper.add(
    Identity(
        paper.id("footnote-2-quadratic"),
        lhs=sp.diff(f_quad(qc, g, x) + mw * x**2 / 2, x, 2),
        rhs=qc + mw,
        statement="footnote 2 on f = (q/2)x² + gx: (f + m x²/2)'' = q + m, so f is m-weakly convex exactly when q ≥ −m",
        source=src("Footnote 2", (), "derived", "quadratic instance"),
    )
)
paper.add(
    Identity(
        paper.id("eq-11-quadratic"),
        lhs=f_quad(qc, g, x) - f_quad(qc, g, y) - sp.diff(f_quad(qc, g, y), y) * (x - y),
        rhs=qc * (x - y) ** 2 / 2,
        statement="(11) on f = (q/2)x² + gx: f(x) − f(y) − ⟨∇f(y), x − y⟩ = (q/2)(x − y)², so (A2) holds with (m, M) exactly "
        "when −m ≤ q ≤ M (third remark after (A1)–(A2): m = 0 ⇔ q ≥ 0, convex)",
        source=src("(11)", "11", "derived", "quadratic instance"),
    )
)

# ---------------------------------------------------------------------------
# (2) Clip_C and (3) the prox of h = (ρ/2)x².


def _clip(value, C):
    return value * min(mpmath.mpf(1), C / abs(value)) if value != 0 else mpmath.mpf(0)


Cs, ys, xs2 = sp.Symbol("C", positive=True), sp.Symbol("y", real=True), sp.Symbol("x", real=True)
paper.add(
    SampledInequality(
        paper.id("clip-norm-le-C"),
        lambda p: p["C"],
        ">=",
        lambda p: abs(_clip(p["y"], p["C"])),
        "(2): |Clip_C(y)| ≤ C for every y (1-D; Clip_C(y) = y·min{1, C/|y|})",
        src("(2)", "2", "derived"),
        symbols=[Cs, ys],
        samples=20,
    )
)
paper.add(
    SampledInequality(
        paper.id("lem-a.8a-clip"),
        lambda p: (p["x"] - p["y"]) * (_clip(p["x"], p["C"]) - _clip(p["y"], p["C"])),
        ">=",
        lambda p: (_clip(p["x"], p["C"]) - _clip(p["y"], p["C"])) ** 2,
        "Lemma A.8(a) for ψ = the indicator of [−C, C] (prox_ψ = Clip_C, (2)): ‖Δᵖ‖² ≤ ⟨Δ, Δᵖ⟩ with Δ = x − y, "
        "Δᵖ = Clip_C(x) − Clip_C(y) (1-D, sampled)",
        src("Lemma A.8(a)", (), "derived", "firm nonexpansiveness of a projection, 1-D instance"),
        symbols=[Cs, xs2, ys],
        samples=30,
    )
)
wv = sp.Symbol("w", real=True)
paper.add(
    Identity(
        paper.id("prox-quadratic"),
        lhs=sp.diff(lam * rho * wv**2 / 2 + (wv - z) ** 2 / 2, wv).subs(wv, z / (1 + lam * rho)),
        rhs=0,
        statement="(3) for ψ = λh, h = (ρ/2)x²: w = z/(1 + λρ) is the stationary point of ψ(w) + (w − z)²/2 (a strictly convex "
        "quadratic, so it is the argmin): prox_{λh}(z) = z/(1 + λρ)",
        source=src("(3)", "3", "derived", "the simulator's regulariser"),
    )
)

# ---------------------------------------------------------------------------
# (12), Lemma A.10, (33), Lemma A.8(b), Lemma A.11's inequality.
inst_sym = sim.Instance((q1, q2), (g1, g2), 2, lam, 1, 0)
paper.add(
    Identity(
        paper.id("sim-prox-linear-operator"),
        lhs=sim.step(inst_sym, x, [0, 1]),
        rhs=x - lam / 2 * ((q1 * x + g1) + (q2 * x + g2)),
        statement="the simulator's noiseless update (ρ = 0, batch {1, 2}, no clipping) is the prox-linear operator (12) "
        "A_λ(x) = x − (λ/|B|) Σ_{i∈B} prox_{q_i}(∇f_i(x)) with prox_{q_i} = identity",
        source=src("(12)", "12", "derived"),
    )
)
c1, c2, noise = sp.symbols("c1 c2 N", real=True)
paper.add(
    Identity(
        paper.id("lem-a.10"),
        lhs=(x - lam * (c1 + c2) / 2 + noise) / (1 + lam * rho),
        rhs=((x - lam / 2 * (c1 + c2)) + noise) / (1 + lam * rho),
        statement="Lemma A.10 (b = 2, h = (ρ/2)x²): Algorithm 1's update prox_{λh}(X − λ g_t + N) with g_t the mean of the "
        "clipped gradients c_i = Clip_C(∇f_i(X)) equals prox_{λh}(φ_t(X) + N) with φ_t = A_λ(·, {f_i}) whose prox_{q_i} "
        "is Clip_C (the paper writes {Clip_C} for {q_i}; Clip_C is the prox of the ball's indicator)",
        source=src("Lemma A.10", (), "derived"),
    )
)
v1, v2, v3 = sp.symbols("v1 v2 v3", real=True)
paper.add(
    Inequality(
        paper.id("eq-33-batch-average"),
        3 * (v1**2 + v2**2 + v3**2),
        ">=",
        (v1 + v2 + v3) ** 2,
        "the step of (33) ‖Σ_{i∈B} v_i‖² ≤ |B| Σ ‖v_i‖², for |B| = 3 (coordinatewise, so for vectors too)",
        src("(33)", "33", "derived"),
        certificate=(v1 - v2) ** 2 + (v1 - v3) ** 2 + (v2 - v3) ** 2,
    )
)
P_, I_, D_ = sp.symbols("P I D", nonnegative=True)
paper.add(
    Inequality(
        paper.id("lem-a.8b-from-a"),
        D_ - P_,
        ">=",
        (P_ + D_ - 2 * (P_ + w)),
        "Lemma A.8(b) from (a), in Gram variables P = ‖Δᵖ‖², D = ‖Δ‖², ⟨Δ, Δᵖ⟩ = P + w with w ≥ 0 (that is (a)): "
        "‖Δᵖ − Δ‖² = P + D − 2⟨Δ, Δᵖ⟩ ≤ D − P",
        src("Lemma A.8(b)", (), "derived"),
    )
)
s1, s2 = sp.symbols("s1 s2", nonnegative=True)
cA = Cs * (1 - s1) / (1 + s1)
cB = -Cs * (1 - s2) / (1 + s2)
paper.add(
    Inequality(
        paper.id("lem-a.11-gap-bound"),
        (2 * lam_p * Cs / 2) ** 2,
        ">=",
        (lam_p / 2 * (cA - cB)) ** 2,
        "the inequality of (34), b = 2: ‖φ_s(x) − φ'_s(x)‖ = (λ/b)‖Clip_C(∇f_{i*}(x)) − Clip_C(∇f'_{i*}(x))‖ ≤ 2λC/b; "
        "written for clipped values c = C(1 − s₁)/(1 + s₁) ∈ (−C, C], c' = −C(1 − s₂)/(1 + s₂) ∈ [−C, C) (1-D; "
        "the endpoints follow by continuity)",
        src("Lemma A.11, eq. (34)", "34", "derived"),
    )
)

# ---------------------------------------------------------------------------
# Algorithm 1, simulated exactly (no clipping; see simulator's docstring for what of (18) is used).
ms, Ms, lams, sigs, Cv, al = (sp.Symbol(n, positive=True) for n in ("m", "M", "lam", "sigma", "C", "alpha"))
Ts = sp.Symbol("T", integer=True, positive=True)
istar = sp.Symbol("istar", integer=True, nonnegative=True)


def _instance(pt, k, b):
    m_, M_ = pt["m"], pt["M"]
    qs = [-m_, M_] + [(M_ - m_) / 2] * (k - 2)
    return sim.Instance(tuple(qs), tuple(mpmath.mpf(1) for _ in qs), b, pt["lam"], pt["sigma"], 0)


def _unclipped_bound_at(pt, k, b):
    """Theorem 2.3's unclipped bound (19) (``thm-2.3-unclipped``) at a sample point, batch size b, k."""
    return thm23u.evaluate(
        dps=30,
        alpha=str(pt["alpha"]),
        sigma=str(pt["sigma"]),
        lam=str(pt["lam"]),
        m=str(pt["m"]),
        M=str(pt["M"]),
        C=str(pt["C"]),
        b=b,
        k=k,
        T=int(pt["T"]),
    )


ALG_WHERE = [lams * (ms + Ms) <= 1, al > 1, Ts <= 12, istar <= 3]
ALG_HINTS = [
    {"m": 1, "M": 2, "lam": R(1, 4), "sigma": 1, "C": 1, "alpha": 2, "T": 8, "istar": 0},
    {"m": 3, "M": 1, "lam": R(1, 4), "sigma": R(1, 2), "C": 2, "alpha": 3, "T": 12, "istar": 3},
    {"m": R(1, 10), "M": 5, "lam": R(1, 6), "sigma": 1, "C": 1, "alpha": 2, "T": 5, "istar": 2},
]
paper.add(
    SampledInequality(
        paper.id("sim-bound-dominates-divergence"),
        lambda p: _unclipped_bound_at(p, 4, 1),
        ">=",
        lambda p: sim.cyclic_divergence(_instance(p, 4, 1), int(p["T"]), p["alpha"], int(p["istar"]), 2 * p["C"]),
        "Algorithm 1 simulated exactly (k = 4, b = 1, curvatures q = (−m, M, (M−m)/2, (M−m)/2), h = 0, no clipping, "
        "neighbours differing by δ = 2C in one gradient at every x): (19)'s right-hand side dominates the exact "
        "D_α(X_T ‖ X'_T) for λ ≤ 1/(M+m), at sampled (m, M, λ, σ, C, α, T ≤ 12, i* ∈ [k])",
        src("Theorem 2.3, eq. (19)", "19", "derived", "empirical check on an exactly simulated instance"),
        symbols=[ms, Ms, lams, sigs, Cv, al, Ts, istar],
        where=ALG_WHERE,
        hints=ALG_HINTS,
        samples=10,
        digits=20,
        covers=[thm23u.id],
        budget=60,
    )
)
SH_WHERE = [lams * (ms + Ms) <= 1, al > 1, Ts <= 3, istar <= 2]
paper.add(
    SampledInequality(
        paper.id("sim-shuffled-bound-dominates"),
        lambda p: _unclipped_bound_at(p, 3, 1),
        ">=",
        lambda p: _shuffled(p),
        "the same comparison when the batches are shuffled in every pass (k = 3, b = 1, T ≤ 3; X_T a uniform mixture "
        "of Gaussians, D_α by 15-digit quadrature of (4)): (19) still dominates at the sampled points (the paper "
        "proves (19) for cyclic traversal only; this is an observation)",
        src("Theorem 2.3, eq. (19)", "19", "derived", "empirical check, shuffled order"),
        symbols=[ms, Ms, lams, sigs, Cv, al, Ts, istar],
        where=SH_WHERE,
        hints=[{"m": 1, "M": 2, "lam": R(1, 4), "sigma": 1, "C": 1, "alpha": 2, "T": 3, "istar": 0}],
        samples=4,
        digits=8,
        covers=[thm23u.id],
        budget=60,
    )
)


def _shuffled(p):
    with mpmath.workdps(15):
        value = sim.shuffled_divergence(_instance(p, 3, 1), int(p["T"]), p["alpha"], int(p["istar"]), 2 * p["C"])
    return mpmath.mpf(value)


bk = sp.Symbol("b", integer=True, positive=True)
ellk = sp.Symbol("ell", integer=True, positive=True)
tk = sp.Symbol("t", integer=True, positive=True)


def _cycles(p):
    b_, ell_, t_ = int(p["b"]), int(p["ell"]), int(p["t"])
    k_ = b_ * ell_
    here, later = sim.batch_indices(t_, b_, k_), sim.batch_indices(t_ + ell_, b_, k_)
    one_pass = sorted(i for s in range(t_, t_ + ell_) for i in sim.batch_indices(s, b_, k_))
    return mpmath.mpf(1 if here == later and one_pass == list(range(k_)) else 0)


paper.add(
    SampledInequality(
        paper.id("sim-algorithm-1-cyclic-batches"),
        _cycles,
        ">=",
        lambda p: mpmath.mpf(1),
        "Algorithm 1's batches j_t = b(t − 1) mod k, B_t = {j_t + 1, …, j_t + b} (as the simulator forms them) repeat "
        "with period ℓ = k/b and any ℓ consecutive batches cover [k] exactly once (indicator = 1 at sampled b, ℓ, t)",
        src("Algorithm 1", (), "derived"),
        symbols=[bk, ellk, tk],
        where=[bk <= 8, ellk <= 12, tk <= 40],
        samples=25,
    )
)
