"""Theorem 3.12 (mini-batches of size b sampled without replacement): its constraints (20) and its forward W∞
tracking (21), D_t = min(g(D_{t−1}; ηL(b−1)/b) + 2ηK/b, D_{t−1} + 2ηK, D), D_0 = 0, g(x; L) = x + Lx^λ.

* ``chien-li/thm-3.12-dt`` (eta, L, lam, K, b, D, T): D_T of (21).  It is (17)/(15)'s recursion with
  ηL → ηL(b−1)/b and 2ηK/n → 2ηK/b, so :func:`.tracking.dt310_value` evaluates it (iterate to the branch switch,
  then linear); the cap D inside the min equals the cap outside, min(D_T uncapped, D), because the step map is
  nondecreasing and above the identity (claim ``thm-3.12-dt/matches-recursion`` iterates (21) as printed).
* ``thm-3.12-dt/convex-combination`` — why (21) needs no second case: a batch that does not contain the
  differing example i⋆ moves the two processes by at most min(g(D; ηL), D + 2ηK) (Lemma A.2's "otherwise" case,
  (120)–(125) without i⋆); (21)'s first branch is the convex combination ((b−1)/b)·g(D; ηL) + (1/b)·(D + 2ηK) of
  those two bounds, hence at least their minimum, so (21)'s step bounds a step with or without i⋆ and D_t tracks
  every batch sequence the sampling can draw (PROVED).
* ``thm-3.12-dt/b-equals-n-is-a.2`` — at b = n, (21) is Lemma A.2's recursion with i⋆ met at every step.
* ``thm-3.12/constraints-feasible`` — (20): for every τ the constraint set is nonempty; the sweep allocation of
  :mod:`.hoelder_theorem` for the residual D_τ of (21), pushed through the printed A_T = 0,
  A_{t−1} = h(A_t + a_{t−1}) (h = g⁻¹ with ηL, by root finding), reaches A_τ ≥ D_τ.
"""

from __future__ import annotations

from collections.abc import Mapping

import mpmath
import sympy as sp

from symbolic import Formula, Identity
from symbolic.claims.numeric import NumericIdentity, SampledInequality

from .common import LAM_LE_1, D, K, L, T, b, eta, lam, mp, paper, params, src
from .hoelder_theorem import window_allocation
from .holder import h_value
from .tracking import dt310_value, dt_a2_full_batch


def dt312_value(etaLv, lv, bv, kv, Dv, Tv):
    """D_T of (21) at the working precision: mpf ηL, λ, 2ηK (= kv); int b, T; mpf cap D."""
    return min(dt310_value(etaLv * (bv - 1) / bv, lv, kv / bv, kv, Tv), Dv)


def dt312_reference_loop(etaLv, lv, bv, kv, Dv, Tv):
    """(21) iterated T times as printed, the cap D inside the min."""
    d, first = mpmath.mpf(0), etaLv * (bv - 1) / bv
    for _ in range(int(Tv)):
        d = min(d + first * d**lv + kv / bv, d + kv, Dv)
    return d


def _dt312(values: Mapping[str, sp.Rational], dps: int):
    e, Lv, lv, Kv, Dv = (mp(values[k]) for k in ("eta", "L", "lam", "K", "D"))
    return dt312_value(e * Lv, lv, int(values["b"]), 2 * e * Kv, Dv, int(values["T"]))


dt312 = paper.add(
    Formula(
        paper.id("thm-3.12-dt"),
        sp.Function("D_T")(eta, L, lam, K, b, D, T),
        params("eta", "L", "lam", "K", "b", "D", "T"),
        src("Theorem 3.12, eq. (21)", ("21", "20")),
        hypotheses=[LAM_LE_1],
        title="D_T of D_t = min(D_{t−1} + ηL(b−1)/b·D_{t−1}^λ + 2ηK/b, D_{t−1} + 2ηK, D), D_0 = 0",
        evaluator=_dt312,
    )
)
c312 = [dt312.id]

# --- claims ------------------------------------------------------------------------------
_Dp = sp.Symbol("D_prev", nonnegative=True)
_j = sp.Symbol("j", integer=True, nonnegative=True)  # b = 1 + j ≥ 1
_b1 = 1 + _j
_g = _Dp + eta * L * _Dp**lam  # g(D; ηL): the Hölder step of a batch without i⋆
paper.add(
    Identity(
        paper.id("thm-3.12-dt/convex-combination"),
        _Dp + eta * L * (_b1 - 1) / _b1 * _Dp**lam + 2 * eta * K / _b1,
        (_b1 - 1) / _b1 * _g + (_Dp + 2 * eta * K) / _b1,
        "(21)'s first branch g(D; ηL(b−1)/b) + 2ηK/b equals ((b−1)/b)·g(D; ηL) + (1/b)·(D + 2ηK) for b = 1 + j ≥ 1, "
        "D ≥ 0 (the identity is what is proved).  Read with Lemma A.2: the right side is a convex combination of the "
        "two bounds of a step whose batch misses i⋆ (its 'otherwise' case), hence at least their minimum, so (21)'s "
        "step also bounds such a step",
        src("Theorem 3.12, eq. (21); Lemma A.2, eqs. (119)–(125)", ("21", "29", "120", "125")),
        covers=c312,
    )
)
_SYMS = [
    sp.Symbol("eta", positive=True),
    sp.Symbol("L", positive=True),
    sp.Symbol("lam", positive=True),
    sp.Symbol("K", positive=True),
    sp.Symbol("b", integer=True, positive=True),
    sp.Symbol("D", positive=True),
    sp.Symbol("T", integer=True, positive=True),
]
_WHERE = [_SYMS[2] <= 1, _SYMS[4] <= 20, _SYMS[6] <= 60]


def _args(v):
    return v["eta"] * v["L"], v["lam"], int(v["b"]), 2 * v["eta"] * v["K"], v["D"], v["T"]


paper.add(
    NumericIdentity(
        paper.id("thm-3.12-dt/matches-recursion"),
        lambda v: dt312_reference_loop(*_args(v)),
        lambda v: dt312_value(*_args(v)),
        "the evaluator (Lemma 3.10's O(switch) form with ηL(b−1)/b and 2ηK/b, capped at D afterwards) equals (21) "
        "iterated T times with D inside the min (λ ∈ (0, 1], b = 1 included)",
        src("Theorem 3.12, eq. (21)", ("21",), "derived"),
        symbols=_SYMS,
        where=_WHERE,
        hints=[
            {"eta": "1/10", "L": 1, "lam": "1/2", "K": 2, "b": 4, "D": 3, "T": 60},
            {"eta": "1/10", "L": 2, "lam": 1, "K": 1, "b": 5, "D": 100, "T": 40},
            {"eta": "1/5", "L": 1, "lam": "1/3", "K": 1, "b": 1, "D": 2, "T": 12},
        ],
        samples=6,
        digits=30,
        covers=c312,
    )
)
_nn = sp.Symbol("n", integer=True, positive=True)
_A2_SYMS = [
    sp.Symbol("eta", positive=True),
    sp.Symbol("L", positive=True),
    sp.Symbol("lam", positive=True),
    sp.Symbol("K", positive=True),
    _nn,
    sp.Symbol("T", integer=True, positive=True),
]


def _at_b_n(v):
    e, n_ = v["eta"], int(v["n"])
    return dt312_value(e * v["L"], v["lam"], n_, 2 * e * v["K"], mpmath.inf, v["T"])


def _a2_at_b_n(v):
    e, n_ = v["eta"], v["n"]
    return dt_a2_full_batch(e * v["L"], v["lam"], n_, 2 * e * v["K"] / n_, 2 * e * v["K"], v["T"])


paper.add(
    NumericIdentity(
        paper.id("thm-3.12-dt/b-equals-n-is-a.2"),
        _at_b_n,
        _a2_at_b_n,
        "at b = n (every batch holds i⋆, t_0 = 0) (21) without its cap is Lemma A.2's recursion (29): D_1 = 2ηK/n, "
        "then min(g(D; ηL(n−1)/n) + 2ηK/n, D + 2ηK)",
        src("Theorem 3.12, eq. (21) vs Lemma A.2, eq. (29)", ("21", "29"), "derived"),
        symbols=_A2_SYMS,
        where=[_A2_SYMS[2] <= 1, _nn <= 20, _A2_SYMS[5] <= 40],
        hints=[{"eta": "1/10", "L": 1, "lam": "1/2", "K": 2, "n": 5, "T": 20}],
        samples=4,
        digits=30,
        covers=c312,
    )
)


def backward_shift_reach(etaLv, lv, shifts, steps):
    """A_τ of (20)'s backward recursion A_T = 0, A_{t−1} = h(A_t + a_{t−1}) over ``steps`` steps whose first shifts
    are ``shifts`` (the rest 0), h = g⁻¹ with constant ηL (:func:`.holder.h_value`)."""
    a = list(shifts) + [mpmath.mpf(0)] * (steps - len(shifts))
    reach = mpmath.mpf(0)
    for shift in reversed(a):
        reach = h_value(etaLv, lv, reach + shift)
    return reach


def _feasible(v):
    etaL, lv, bv, kv, Dv, Tv = _args(v)
    tau = int(v["tau"])
    d_tau = dt312_value(etaL, lv, bv, kv, Dv, tau)
    _, shifts = window_allocation(d_tau, int(Tv) - tau, etaL, lv, kv / bv)
    return backward_shift_reach(etaL, lv, shifts, int(Tv) - tau), d_tau


_tau = sp.Symbol("tau", integer=True, nonnegative=True)
paper.add(
    SampledInequality(
        paper.id("thm-3.12/constraints-feasible"),
        lambda v: _feasible(v)[0],
        ">=",
        lambda v: _feasible(v)[1] * (1 - mpmath.mpf(10) ** (-15)),
        "(20) is feasible for every τ < T: with D_τ from (21), the sweep allocation a_τ, …, a_{T−1} ≥ 0 of Theorem "
        "3.7's evaluator pushed through A_T = 0, A_{t−1} = h(A_t + a_{t−1}) (h for ηL, λ) reaches A_τ ≥ D_τ "
        "(to 10⁻¹⁵ relative: h by root finding), so the minimum (19) is over a nonempty set",
        src("Theorem 3.12, eqs. (20)–(21)", ("20", "21"), "derived"),
        symbols=[*_SYMS, _tau],
        where=[*_WHERE[:2], _SYMS[6] <= 16, _tau <= _SYMS[6] - 1],
        hints=[{"eta": "1/10", "L": 1, "lam": "1/2", "K": 2, "b": 4, "D": 3, "T": 12, "tau": 6}],
        samples=4,
        digits=12,
        covers=c312,
    )
)
