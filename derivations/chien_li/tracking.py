"""Forward W∞ tracking: Lemma 3.5 (eq. (7), c-Lipschitz updates) and Lemma 3.10 (eq. (17), Hölder
gradients), full batch.  Both are the *uncapped* recursions D_t; the lemmas' W∞ bound is
min(D_t, D).

* ``chien-li/lem-3.5-dt`` (c, eta, K, n, T): D_T of D_t = min(cD_{t−1} + s, D_{t−1} + 2ηK), D_0 = 0,
  s = 2ηK/n, in O(1): the first branch is active while (c − 1)D_{t−1} ≤ 2ηK(1 − 1/n) (proof A.7),
  i.e. while c^{t−1} < n, so D_T = x_T = s Σ_{j<T} c^j for c ≤ 1 or c^T ≤ n, and
  D_T = x_{t₀} + 2ηK(T − t₀) with the switch time t₀ = ⌈log n / log c⌉ otherwise (claims
  ``lem-3.5/*``).  The geometric sum is evaluated in O(1) by the engine (expm1/log1p form).
* ``chien-li/lem-3.10-dt`` (eta, L, lam, K, n, T): D_t = min(g(D_{t−1}; ηL) + 2ηK/n, D_{t−1} + 2ηK),
  g(x; ηL) = x + ηL x^λ.  The first branch is active while ηL D^λ ≤ 2ηK(1 − 1/n); after the switch
  D grows by 2ηK per step, so only the steps before the switch are iterated (their number is
  bounded independently of T); λ = 1 is Lemma 3.5 with c = 1 + ηL.
"""

from __future__ import annotations

from collections.abc import Mapping

import mpmath
import sympy as sp

from symbolic import Formula, Identity, Inequality, Recurrence
from symbolic.claims.numeric import NumericIdentity, SampledInequality
from symbolic.errors import EvaluationError
from symbolic.evaluate.expressions import geometric_sum

from .common import LAM_LE_1, K, L, T, c, eta, lam, mp, n, paper, params, src

j = sp.Symbol("j", integer=True, nonnegative=True)
t = sp.Symbol("t", integer=True, nonnegative=True)
s = 2 * eta * K / n  # one-step sensitivity of the full-batch update
big = 2 * eta * K  # the crude clipping step


def x_closed(tt, cc=c, ss=s):
    """x_t = s Σ_{j=0}^{t−1} c^j = s(c^t − 1)/(c − 1): the first branch iterated from 0."""
    return ss * sp.Sum(cc**j, (j, 0, tt - 1))


t0 = sp.ceiling(sp.log(n) / sp.log(c))
dt_expr = sp.Piecewise(
    (x_closed(T), sp.Le(c, 1)),
    (x_closed(T), T * sp.log(c) <= sp.log(n)),
    (x_closed(t0) + big * (T - t0), True),
)
LEMMA_35 = "Lemma 3.5"
dt35 = paper.add(
    Formula(
        paper.id("lem-3.5-dt"),
        dt_expr,
        params("c", "eta", "K", "n", "T"),
        src(
            "Lemma 3.5, eq. (7)",
            ("7",),
            "printed",
            "closed form of the recursion (branch 1 until t₀ = ⌈log n/log c⌉, then branch 2); uncapped",
        ),
        title="D_T of D_t = min(cD_{t−1} + 2ηK/n, D_{t−1} + 2ηK), D_0 = 0 (O(1) in T)",
    )
)
cD = [dt35.id]


def dt35_reference_loop(cv, sv, bigv, Tv):
    """D_T by iterating the recursion (for tests and claims at small T)."""
    d = mpmath.mpf(0)
    for _ in range(int(Tv)):
        d = min(cv * d + sv, d + bigv)
    return d


def dt35_value(cv, sv, bigv, Tv, nv):
    """D_T at the working precision from the closed form (mpf c, s, 2ηK; int T, n)."""
    if cv <= 1 or Tv * mpmath.log(cv) <= mpmath.log(nv):
        return sv * geometric_sum(1, cv, Tv)
    tt = int(mpmath.ceil(mpmath.log(nv) / mpmath.log(cv)))
    return sv * geometric_sum(1, cv, tt) + bigv * (Tv - tt)


# --- claims ------------------------------------------------------------------------------
X = sp.Function("x")
sp_ = sp.Symbol("s", positive=True)
paper.add(
    Recurrence(
        paper.id("lem-3.5/branch-1-closed-form"),
        X,
        t,
        x_closed(t, c, sp_),
        sp.Eq(X(t + 1), c * X(t) + sp_),
        {0: 0},
        "x_t = s Σ_{j<t} c^j = s(c^t − 1)/(c − 1) solves x_{t+1} = c x_t + s, x_0 = 0 for every c ≥ 0 (the first "
        "branch of (7) iterated; also Theorem 3.1's s Σ_{t<τ} c^t)",
        src("Lemma 3.5, eq. (7)", ("7", "3")),
        covers=cD,
    )
)
Dp = sp.Symbol("D_prev", nonnegative=True)
paper.add(
    Identity(
        paper.id("lem-3.5/branch-gap"),
        (c * Dp + s) - (Dp + big),
        (c - 1) * Dp - 2 * eta * K * (1 - 1 / n),
        "(cD + 2ηK/n) − (D + 2ηK) = (c − 1)D − 2ηK(1 − 1/n): the second branch is active iff "
        "(c − 1)D_{t−1} > 2ηK(1 − 1/n) (A.7)",
        src("Lemma 3.5, proof (A.7)", ("7", "90")),
        covers=cD,
    )
)
paper.add(
    Identity(
        paper.id("lem-3.5/switch-time"),
        (c - 1) * x_closed(t) - 2 * eta * K * (1 - 1 / n),
        s * (c**t - n),
        "(c − 1)x_t − 2ηK(1 − 1/n) = s(c^t − n): along the first branch the switch happens at the first t with "
        "c^t ≥ n, i.e. t₀ = ⌈log n / log c⌉ (c > 1)",
        src("Lemma 3.5, proof (A.7)", ("7",), "derived"),
        covers=cD,
    )
)
cm1 = sp.Symbol("u", positive=True)  # c = 1 + u > 1
paper.add(
    Inequality(
        paper.id("lem-3.5/second-branch-persists"),
        ((cm1) * (Dp + big) - 2 * eta * K * (1 - 1 / n)) - ((cm1) * Dp - 2 * eta * K * (1 - 1 / n)),
        ">=",
        0,
        "once (c − 1)D_{t−1} ≥ 2ηK(1 − 1/n) it stays so: the gap grows by (c − 1)·2ηK ≥ 0 per step (c = 1 + u), "
        "so after t₀ the recursion is D_t = D_{t−1} + 2ηK",
        src("Lemma 3.5, proof (A.7)", ("7",), "derived"),
        covers=cD,
    )
)
_k = sp.Symbol("k", integer=True, nonnegative=True)  # n = 1 + k
_vv = sp.Symbol("v", nonnegative=True)  # c = 1 − v ≤ 1
paper.add(
    Inequality(
        paper.id("lem-3.5/c-le-1-branch-1"),
        (2 * eta * K * (1 - 1 / n) - (c - 1) * Dp).subs({c: 1 - _vv, n: 1 + _k}),
        ">=",
        0,
        "for c ≤ 1 the first branch is always active: 2ηK(1 − 1/n) − (c − 1)D ≥ 0 (c = 1 − v, n = 1 + k, v, k ≥ 0), "
        "so D_t = x_t",
        src("Lemma 3.5, eq. (7)", ("7",), "derived"),
        covers=cD,
    )
)
_v = sp.Symbol("c", positive=True)
_Tn = sp.Symbol("T", integer=True, positive=True)
_nn = sp.Symbol("n", integer=True, positive=True)
paper.add(
    NumericIdentity(
        paper.id("lem-3.5-dt/matches-recursion"),
        lambda v: dt35_reference_loop(v["c"], 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]),
        lambda v: dt35.evaluate(dps=45, **{k: sp.Rational(mpmath.nstr(v[k], 60)) for k in ("c", "eta", "K", "n", "T")}),
        "the O(1) closed form equals the recursion iterated T times (c on both sides of 1, switch before and after T)",
        src("Lemma 3.5, eq. (7)", ("7",), "derived"),
        symbols=[_v, sp.Symbol("eta", positive=True), sp.Symbol("K", positive=True), _nn, _Tn],
        where=[_Tn <= 60, _nn <= 20],
        digits=35,
        hints=[
            {"c": 2, "eta": "1/10", "K": 5, "n": 10, "T": 5},
            {"c": "11/10", "eta": "1/10", "K": 2, "n": 5, "T": 40},
            {"c": "9/10", "eta": "1/10", "K": 2, "n": 5, "T": 30},
            {"c": 3, "eta": 1, "K": 1, "n": 9, "T": 4},
        ],
        samples=8,
        covers=cD,
    )
)


# ---------------------------------------------------------------------------
# Lemma 3.10 (Hölder).
def dt310_value(etaLv, lv, sv, bigv, Tv, max_steps=10**6):
    """D_T of (17) at the working precision (uncapped); mpf ηL, λ, s = 2ηK/n, 2ηK; int T."""
    if lv == 1:
        nv = bigv / sv
        return dt35_value(1 + etaLv, sv, bigv, Tv, nv)
    if etaLv == 0:  # g(x) = x: D_t = D_{t−1} + min(s, 2ηK) = D_{t−1} + s (n ≥ 1), so D_T = sT exactly
        return sv * Tv
    if Tv > max_steps and ((bigv - sv) / etaLv) ** (1 / lv) > max_steps * bigv:
        # before the switch D_k ≤ 2ηK·k and the switch needs ηL D^λ ≥ 2ηK − s: more than max_steps steps
        raise EvaluationError(
            f"chien-li/lem-3.10-dt: more than {max_steps} steps before the branch switch "
            f"(ηL = {mpmath.nstr(etaLv, 5)}, λ = {mpmath.nstr(lv, 5)}); not supported"
        )
    d, k = mpmath.mpf(0), 0
    while k < Tv:
        one, two = d + etaLv * d**lv + sv, d + bigv
        if two <= one:  # switch: the second branch stays active (ηL D^λ increases)
            return d + bigv * (Tv - k)
        d, k = one, k + 1
        if k > max_steps:
            raise EvaluationError(
                "chien-li/lem-3.10-dt: more than 10⁶ steps before the branch switch "
                f"(ηL = {mpmath.nstr(etaLv, 5)}, λ = {mpmath.nstr(lv, 5)}); not supported"
            )
    return d


def _dt310(values: Mapping[str, sp.Rational], dps: int):
    e, Lv, lv, Kv, nv = (mp(values[k]) for k in ("eta", "L", "lam", "K", "n"))
    return dt310_value(e * Lv, lv, 2 * e * Kv / nv, 2 * e * Kv, int(values["T"]))


dt310 = paper.add(
    Formula(
        paper.id("lem-3.10-dt"),
        sp.Function("D_T")(eta, L, lam, K, n, T),
        params("eta", "L", "lam", "K", "n", "T"),
        src("Lemma 3.10, eq. (17)", ("17",)),
        hypotheses=[LAM_LE_1],
        title="D_T of D_t = min(D_{t−1} + ηL D_{t−1}^λ + 2ηK/n, D_{t−1} + 2ηK), D_0 = 0 (uncapped)",
        evaluator=_dt310,
    )
)
paper.add(
    NumericIdentity(
        paper.id("lem-3.10-dt/lambda-1-is-lem-3.5"),
        lambda v: dt310_value(
            v["eta"] * v["L"], mpmath.mpf(1), 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]
        ),
        lambda v: dt35_reference_loop(
            1 + v["eta"] * v["L"], 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]
        ),
        "λ = 1: Lemma 3.10's recursion is Lemma 3.5's with c = 1 + ηL",
        src("Lemma 3.10, eq. (17)", ("17", "7"), "derived"),
        symbols=[
            sp.Symbol("eta", positive=True),
            sp.Symbol("L", positive=True),
            sp.Symbol("K", positive=True),
            _nn,
            _Tn,
        ],
        where=[_Tn <= 60, _nn <= 20],
        hints=[{"eta": "1/10", "L": 1, "K": 2, "n": 5, "T": 50}],
        samples=6,
        covers=[dt310.id, dt35.id],
    )
)


def dt310_reference_loop(etaLv, lv, sv, bigv, Tv):
    d = mpmath.mpf(0)
    for _ in range(int(Tv)):
        d = min(d + etaLv * d**lv + sv, d + bigv)
    return d


paper.add(
    NumericIdentity(
        paper.id("lem-3.10-dt/matches-recursion"),
        lambda v: dt310_reference_loop(
            v["eta"] * v["L"], 1 / (1 + v["u"]), 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]
        ),
        lambda v: dt310_value(
            v["eta"] * v["L"], 1 / (1 + v["u"]), 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]
        ),
        "the evaluator (iterate to the switch, then linear) equals the recursion iterated T times (λ = 1/(1+u))",
        src("Lemma 3.10, eq. (17)", ("17",), "derived"),
        symbols=[
            sp.Symbol("eta", positive=True),
            sp.Symbol("L", positive=True),
            sp.Symbol("u", positive=True),
            sp.Symbol("K", positive=True),
            _nn,
            _Tn,
        ],
        where=[_Tn <= 60, _nn <= 20],
        hints=[{"eta": "1/10", "L": 1, "u": 1, "K": 2, "n": 5, "T": 60}],
        samples=6,
        covers=[dt310.id],
    )
)

# --- E3: Theorem 3.1's numerator min(x_τ, 2ηKτ, D) versus Lemma 3.5's min(D_τ, D).
_E3 = {"c": 2, "eta": sp.Rational(1, 10), "K": 5, "n": 10, "T": 5}
paper.add(
    NumericIdentity(
        paper.id("thm-3.1/numerator-is-lem-3.5"),
        lambda v: min(v["s"] * geometric_sum(1, v["c"], v["T"]), v["B"] * v["T"]),
        lambda v: dt35_reference_loop(v["c"], v["s"], v["B"], v["T"]),
        "Theorem 3.1's numerator min(s Σ_{t<τ} c^t, 2ηKτ) (before the cap D) equals Lemma 3.5's D_τ, which the "
        "proof sketch's (11) uses (counterexample c = 2, s = 0.1, 2ηK = 1, τ = 5: 3.1 vs D_5 = 2.5)",
        src("Theorem 3.1, eq. (3) vs Lemma 3.5, eq. (7)", ("3", "7", "11")),
        expect="refuted",
        erratum="chien-li E3",
        symbols=[sp.Symbol("c", positive=True), sp.Symbol("s", positive=True), sp.Symbol("B", positive=True), _Tn],
        hints=[{"c": 2, "s": "1/10", "B": 1, "T": 5}],
        samples=1,
    )
)
_e = sp.Symbol("e", nonnegative=True)
paper.add(
    Inequality(
        paper.id("thm-3.1/numerator-is-lem-3.5-corrected"),
        c * (Dp + _e) + s,
        ">=",
        c * Dp + s,
        "corrected: D_τ ≤ min(x_τ, 2ηKτ), by induction: if x_{t−1} = D_{t−1} + e with e ≥ 0 then "
        "x_t = c x_{t−1} + s ≥ cD_{t−1} + s ≥ D_t (and likewise for 2ηKt); so Theorem 3.1 is valid but can be looser "
        "than min(D_τ, D) for c > 1 (equal for c ≤ 1: lem-3.5/c-le-1-branch-1)",
        src("Theorem 3.1, eq. (3) vs Lemma 3.5, eq. (7)", ("3", "7"), "corrected"),
        erratum="chien-li E3",
        covers=cD,
    )
)


# --- E5: Lemma 3.10 is called "a full batch special case of Lemma A.2" (A.10); Lemma A.2 at b = n gives the
# tighter first branch g(D; ηL(n−1)/n) + 2ηK/n.
def dt_a2_full_batch(etaLv, lv, nv, sv, bigv, Tv):
    """Lemma A.2's recursion at b = n (i⋆ met at every step, t_0 = 0), uncapped."""
    d = mpmath.mpf(0)
    for t in range(1, int(Tv) + 1):
        d = sv if t == 1 else min(d + etaLv * (nv - 1) / nv * d**lv + sv, d + bigv)
    return d


_E5_SYMS = [
    sp.Symbol("eta", positive=True),
    sp.Symbol("L", positive=True),
    sp.Symbol("u", positive=True),
    sp.Symbol("K", positive=True),
    _nn,
    _Tn,
]
_E5_WHERE = [_Tn <= 40, _nn <= 20, _nn >= 2]


def _e5_lem310(v):
    return dt310_reference_loop(
        v["eta"] * v["L"], 1 / (1 + v["u"]), 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]
    )


def _e5_a2(v):
    return dt_a2_full_batch(
        v["eta"] * v["L"], 1 / (1 + v["u"]), v["n"], 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]
    )


paper.add(
    NumericIdentity(
        paper.id("lem-3.10/special-case-of-a.2"),
        _e5_a2,
        _e5_lem310,
        "A.10 as printed: Lemma 3.10 is the full-batch special case of Lemma A.2, i.e. Lemma A.2's D_t at b = n equals "
        "(17)'s (counterexample: ηL = 0.1, λ = ½, K = 2, n = 5, T = 20, where A.2's first branch carries ηL(n−1)/n)",
        src("Lemma 3.10 vs Lemma A.2 (A.10)", ("17", "29")),
        expect="refuted",
        erratum="chien-li E5",
        symbols=_E5_SYMS,
        where=_E5_WHERE,
        hints=[{"eta": "1/10", "L": 1, "u": 1, "K": 2, "n": 5, "T": 20}],
        samples=1,
        digits=20,
        covers=[dt310.id],
    )
)
paper.add(
    SampledInequality(
        paper.id("lem-3.10/special-case-of-a.2-corrected"),
        _e5_a2,
        "<=",
        _e5_lem310,
        "corrected: Lemma A.2 at b = n gives D_t ≤ (17)'s D_t (the first branch has ηL(n−1)/n ≤ ηL and g is increasing), "
        "so Lemma 3.10 is a valid weakening of Lemma A.2, not a special case (λ = 1/(1 + u))",
        src("Lemma 3.10 vs Lemma A.2 (A.10)", ("17", "29"), "corrected"),
        erratum="chien-li E5",
        symbols=_E5_SYMS,
        where=_E5_WHERE,
        hints=[{"eta": "1/10", "L": 1, "u": 1, "K": 2, "n": 5, "T": 20}],
        samples=6,
        digits=20,
        covers=[dt310.id],
    )
)


# --- Lemma 3.5's proof (81)–(89): one full-batch step moves the coupled processes by at most c‖W − W′‖ + 2ηK/n -----
# Pointwise (for the coupling of the proof), i⋆ written last: ψ_i(x) = x − ηΠ_{B_K}[∇ℓ_i(x)] is c-Lipschitz (Lemma 3.4's
# assumption) and ℓ′_i = ℓ_i for i ≠ i⋆.
_ii = sp.Symbol("i", integer=True, positive=True)
_g, _h = sp.IndexedBase("g"), sp.IndexedBase("h")  # a coordinate of Π[∇ℓ_i(W_{t−1})], Π[∇ℓ′_i(W′_{t−1})]
_x, _xp, _gs, _hs = sp.symbols("x x_prime g_star h_star", real=True)
paper.add(
    Identity(
        paper.id("lem-3.5/step-split"),
        (_x - eta / n * (sp.Sum(_g[_ii], (_ii, 1, n - 1)) + _gs))
        - (_xp - eta / n * (sp.Sum(_h[_ii], (_ii, 1, n - 1)) + _hs)),
        sp.Sum((_x - eta * _g[_ii]) - (_xp - eta * _h[_ii]), (_ii, 1, n - 1)) / n
        + ((_x - eta * _gs) - (_xp - eta * _hs)) / n,
        "(81)–(83): W_t − W′_t = (1/n)Σ_{i≠i⋆}(ψ_i(W_{t−1}) − ψ_i(W′_{t−1})) + (1/n)(ψ_{i⋆}(W_{t−1}) − ψ′_{i⋆}(W′_{t−1})), "
        "coordinate by coordinate (ψ_i(x) = x − ηΠ_{B_K}[∇ℓ_i(x)]; the terms i ≠ i⋆ use ℓ′_i = ℓ_i)",
        src("Lemma 3.5, proof (81)–(83)", ("81", "82", "83")),
        covers=cD,
    )
)
_rho1, _rho2 = sp.Symbol("rho_1", positive=True), sp.Symbol("rho_2", positive=True)
_dd, _q1, _q2 = sp.Symbol("d", nonnegative=True), sp.Symbol("p_1", nonnegative=True), sp.Symbol("p_2", nonnegative=True)
_Dn = sp.Symbol("D_prev", nonnegative=True)  # ‖W_{t−1} − W′_{t−1}‖
paper.add(
    Inequality(
        paper.id("lem-3.5/step-triangle"),
        (c * _Dn + 2 * eta * K) ** 2,
        ">=",
        (c * _Dn / (1 + _q1)) ** 2
        + (eta * 2 * K / (1 + _q2)) ** 2
        + 2 * (c * _Dn / (1 + _q1)) * (eta * 2 * K / (1 + _q2)) * (1 - _dd),
        "(86)–(89): i⋆'s term ψ_{i⋆}(W) − ψ′_{i⋆}(W′) = [ψ_{i⋆}(W) − ψ_{i⋆}(W′)] − η[Π∇ℓ_{i⋆}(W′) − Π∇ℓ′_{i⋆}(W′)], of norms "
        "ρ₁ = cD/(1 + p₁) ≤ c‖W − W′‖ (c-Lipschitz) and ρ₂ = 2K/(1 + p₂) ≤ 2K (two clipped gradients, as in "
        "thm-a.1/shift-at-most-2k-eta-over-b), at any angle (cos = d − 1): its squared norm ρ₁² + η²ρ₂² − 2ηρ₁ρ₂cos is at "
        "most (c‖W − W′‖ + 2ηK)²",
        src("Lemma 3.5, proof (86)–(89)", ("86", "87", "88", "89")),
        covers=cD,
    )
)
paper.add(
    Identity(
        paper.id("lem-3.5/step-sum"),
        sp.Sum(c * _Dn, (_ii, 1, n - 1)) / n + (c * _Dn + 2 * eta * K) / n,
        c * _Dn + 2 * eta * K / n,
        "(84)–(85) with (89), giving (90): (1/n)Σ_{i≠i⋆} c‖W − W′‖ + (1/n)(c‖W − W′‖ + 2ηK) = c‖W − W′‖ + 2ηK/n, the first "
        "branch of (7)",
        src("Lemma 3.5, proof (84)–(90)", ("84", "85", "89", "90")),
        covers=cD,
    )
)
