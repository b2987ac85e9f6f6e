"""Appendix A.2: shuffled cyclic mini-batches — Theorem A.1 (eqs. (25)–(27)) with Lemma A.2's tracking
(eqs. (28)–(29)), erratum E4 (the missing domain cap), and Corollary A.3 (eq. (62)).

Encoded for smooth losses (λ = 1, so h(z) = z/(1 + ηL), c = 1 + ηL) and the batch order in which the
differing example i⋆ sits in batch position ``pos`` of every epoch (encounter steps t_e = eB + pos,
B = n/b, b | n).  With β eliminated (β_t = 0 off the encounter steps, p²/β + a²/(1 − β) ≥ (p + a)² on them)
Theorem A.1 is (α/2σ²) min_τ min_{a ≥ 0} Σ_{t ≥ τ} (s_b 1_t + a_t)² s.t. Σ_t c^{−(t−τ+1)} a_t ≥ Δ_τ,
s_b = 2ηK/b, solved exactly by water-filling (a_t = max(0, μc^{−k} − s_b 1_t); the non-encounter steps are
always active, encounter steps enter in order of their breakpoints s_b c^{k}).

* ``chien-li/thm-a.1-eps`` — as printed: Δ_τ = D_τ of Lemma A.2 (no D anywhere): diverges in T for c > 1.
* ``chien-li/thm-a.1-eps-corrected`` — Δ_τ = min(D_τ, D) (what the proof shows, as in Theorems 3.7/3.12).
* ``chien-li/thm-a.1-hoelder-eps`` / ``-corrected`` — the same for every λ ∈ (0, 1] (h = g⁻¹ with ηL, λ; D_τ of (29)
  for that λ): each window's allocation is the stationary sweep of Theorem 3.7's evaluator with per-step
  sensitivities s_k (s_b on i⋆'s steps, 0 elsewhere), a_k = max(0, p_k − s_k), p_{k+1} = p_k/g′(r_k), at the
  smallest clearing level; windows ranked in double precision, the best two recomputed.  A feasible point (valid
  bound), the water-filling at λ = 1 (claim ``thm-a.1-hoelder-eps/lambda-1``), not certified minimal for λ < 1.
* ``chien-li/lem-a.2-dt`` — Lemma A.2's D_T (29) for every λ ∈ (0, 1] (the minimisation above uses its λ = 1 case),
  i⋆ at batch position ``pos`` of every epoch; :func:`tracking_a2_any` iterates (29) for any order, and claim
  ``lem-a.2-dt/below-thm-3.12-dt`` checks random shuffled cyclic orders against Theorem 3.12's tracking (21).

Parameter names and the paper's symbols: ``etaL`` = ηL, ``exponent`` = λ, ``sb`` = s_b = 2ηK/b, ``clip_step`` = 2ηK,
``diameter`` = D, ``n_steps`` = T; :func:`cyclic_bound` is Theorem A.1 (λ = 1), :func:`cyclic_holder_bound` Theorem A.1
for every λ, :func:`average_over_orders` Corollary A.3 (62).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping

import mpmath
import sympy as sp

from symbolic import Formula, Hypothesis, Identity, Inequality
from symbolic.claims.numeric import NumericIdentity, SampledInequality
from symbolic.errors import EvaluationError
from symbolic.params import natural

from .common import (
    ALPHA_GT_1,
    B_LE_N,
    LAM_LE_1,
    D,
    K,
    L,
    T,
    alpha,
    b,
    eta,
    lam,
    mp,
    n,
    paper,
    params,
    plain,
    sigma,
    src,
)
from .smooth import solve as solve31
from .subsampled import dt312_value
from .tracking import batch_tracking_loop_at_full_batch

pos_param = natural("pos", "position 0 ≤ pos < n/b of i⋆'s batch in every epoch")
pos = pos_param.symbol
MAX_T = 5000


def tracking_a2(etaL, b_, sb, clip_step, B, pos_, n_steps):
    """D_0..D_T of Lemma A.2 at λ = 1 (uncapped): 0 up to t_0, then the encounter / other-step branches."""
    c_all, c_enc = 1 + etaL, 1 + etaL * (b_ - 1) / b_
    enc = set(range(pos_, n_steps + 1, B))
    t0 = pos_
    out = []
    for t in range(n_steps + 1):
        if t <= t0:
            out.append(mpmath.mpf(0))
        elif t == t0 + 1:
            out.append(+sb)
        elif (t - 1) in enc:
            d = out[-1]
            out.append(min(c_enc * d + sb, d + clip_step))
        else:
            d = out[-1]
            out.append(min(c_all * d, d + clip_step))
    return out


MAX_TRACKING_STEPS = 10**6


def tracking_a2_any(etaL, exponent, b_, sb, clip_step, encounters, n_steps):
    """D_T of Lemma A.2, eq. (29), for every λ ∈ (0, 1] and any shuffled cyclic order (uncapped; (28) bounds
    W∞(W_T, W'_T) by min(D_T, D)): ``encounters`` is the increasing list of the steps t_0 < t_1 < … at which i⋆'s
    batch is used.  D_t = 0 for t ≤ t_0, D_{t_0+1} = s_b = 2ηK/b, then D_t = min(g(D_{t−1}; ηL(b−1)/b) + s_b,
    D_{t−1} + 2ηK) if t − 1 is a later encounter step and min(g(D_{t−1}; ηL), D_{t−1} + 2ηK) otherwise,
    g(x; L′) = x + L′x^λ.  mpf ηL, λ, s_b, 2ηK; int b, T.

    Both branches move to D_{t−1} + 2ηK once ηL·D^λ ≥ 2ηK (claim ``lem-a.2-dt/switch``: the encounter branch exceeds
    D + 2ηK by ((b − 1)/b)(ηL D^λ − 2ηK), the other by ηL D^λ − 2ηK), and D never decreases, so from there on every
    step adds 2ηK: the steps after that point are not iterated.  With ηL = 0 only the encounters move D (by s_b)."""
    if isinstance(encounters, range):  # kept lazy: T may be 10¹²
        enc = range(encounters.start, min(encounters.stop, n_steps), encounters.step)
    else:
        enc = sorted({int(t) for t in encounters if int(t) < n_steps})
    if not enc:
        return 0  # i⋆ not met in steps 0..T−1: D_T = 0 exactly (t ≤ t_0)
    t0, later = enc[0], (enc[1:] if isinstance(enc, range) else set(enc[1:]))  # O(1) membership
    if etaL == 0:
        return sb * len(enc)
    if n_steps > MAX_TRACKING_STEPS and (clip_step / etaL) ** (1 / exponent) > MAX_TRACKING_STEPS * clip_step:
        # D_k ≤ 2ηK·k and the switch needs D^λ ≥ 2ηK/ηL: more than the step limit before it
        raise EvaluationError(
            f"chien-li/lem-a.2-dt: more than {MAX_TRACKING_STEPS} steps before the branch switch "
            f"(ηL = {mpmath.nstr(etaL, 5)}, λ = {mpmath.nstr(exponent, 5)}); not supported"
        )
    enc_L = etaL * (b_ - 1) / b_
    d, t = +sb, t0 + 1
    while t < n_steps:
        if etaL * d**exponent >= clip_step:  # switched: every later step adds 2ηK
            return d + clip_step * (n_steps - t)
        if t in later:  # step t → t + 1 uses i⋆'s batch
            d = min(d + enc_L * d**exponent + sb, d + clip_step)
        else:
            d = min(d + etaL * d**exponent, d + clip_step)
        t += 1
        if t - t0 > MAX_TRACKING_STEPS:
            raise EvaluationError(
                f"chien-li/lem-a.2-dt: more than {MAX_TRACKING_STEPS} steps before the branch switch "
                f"(ηL = {mpmath.nstr(etaL, 5)}, λ = {mpmath.nstr(exponent, 5)}); not supported"
            )
    return d


def fixed_position_encounters(B, pos_, n_steps):
    """The encounter steps t_e = eB + pos (e = 0, 1, …) below T: i⋆ in batch position ``pos`` of every epoch."""
    return range(pos_, n_steps, B)


def window_cyclic(c, sb, Dl, tau, n_steps, enc, inv_pows=None):
    """min_{a ≥ 0} Σ_{t=τ}^{T−1} (s_b 1_t + a_t)² s.t. Σ c^{−(t−τ+1)} a_t ≥ Δ (exact water-filling).

    ``inv_pows``: the powers ``c^{−k}`` for ``k = 1, 2, …`` (at least ``T − τ`` of them), computed
    once by the caller for every window instead of again in each (the same values)."""
    ks = range(1, n_steps - tau + 1)
    is_enc = [(tau + k - 1) in enc for k in ks]
    base = sum(is_enc) * sb**2
    if Dl <= 0:
        return base
    v = inv_pows[: n_steps - tau] if inv_pows is not None else [c ** (-k) for k in ks]
    free = [vk for vk, e in zip(v, is_enc) if not e]
    encs = sorted((sb / vk, vk) for vk, e in zip(v, is_enc) if e)  # breakpoints μ > s_b/v_k
    S2 = mpmath.fsum(x**2 for x in free)
    S1s = mpmath.mpf(0)  # Σ s_k v_k over active encounter steps
    n_enc_active = 0
    i = 0
    if S2 == 0:  # every step is an encounter: start with the first breakpoint
        bp, vk = encs[0]
        S2, S1s, n_enc_active, i = vk**2, sb * vk, 1, 1
    while True:
        mu = (Dl + S1s) / S2
        if i < len(encs) and mu > encs[i][0]:
            bp, vk = encs[i]
            S2 += vk**2
            S1s += sb * vk
            n_enc_active += 1
            i += 1
            continue
        break
    return mu**2 * S2 + (len(encs) - n_enc_active) * sb**2


def cyclic_bound(etaL, b_, n_, sb, clip_step, diameter, pos_, n_steps, capped=True):
    """min over τ of Theorem A.1 ÷ (α/2σ²), λ = 1, i⋆ at batch position pos_ of every epoch."""
    if n_steps > MAX_T:
        raise EvaluationError(f"chien-li/thm-a.1-eps: T ≤ {MAX_T} supported (an O(T²) exhaustive τ scan)")
    B = n_ // b_
    enc = set(range(pos_, n_steps, B))
    track = tracking_a2(etaL, b_, sb, clip_step, B, pos_, n_steps)
    c = 1 + etaL
    inv_pows = [c ** (-k) for k in range(1, n_steps + 1)]  # shared by the T windows (O(T) powers, not O(T²))
    best = mpmath.inf
    for tau in range(n_steps):
        Dl = min(track[tau], diameter) if capped else track[tau]
        best = min(best, window_cyclic(c, sb, Dl, tau, n_steps, enc, inv_pows))
    return best


def _evaluator(capped, hoelder=False):
    """Theorem A.1's ε (eq. (25)) with i⋆ at batch position ``pos`` of every epoch: the λ = 1 solution
    (:func:`cyclic_bound`), or for every λ ∈ (0, 1] (``hoelder``: :func:`cyclic_holder_bound`)."""
    solve = cyclic_holder_bound if hoelder else cyclic_bound

    def evaluate(values: Mapping[str, sp.Rational], dps: int):
        if int(values["pos"]) >= int(values["T"]):
            # i⋆ is never met in steps 0..T−1: no encounter term, D_τ = 0 for every τ ≤ T − 1 ≤ t_0 (29), so τ = 0 with
            # a = 0 is feasible and the bound is exactly 0 (an exact zero: the engine accepts it without a proof)
            return 0
        e, Kv, bv = mp(values["eta"]), mp(values["K"]), int(values["b"])
        lam = (mp(values["lam"]),) if hoelder else ()
        val = solve(
            e * mp(values["L"]),
            *lam,
            bv,
            int(values["n"]),
            2 * e * Kv / bv,
            2 * e * Kv,
            mp(values["D"]),
            int(values["pos"]),
            int(values["T"]),
            capped,
        )
        return mp(values["alpha"]) / (2 * mp(values["sigma"]) ** 2) * val

    return evaluate


_params = params("alpha", "sigma", "eta", "L", "K", "n", "b", "D", "T") + [pos_param]
_hyps = [
    ALPHA_GT_1,
    B_LE_N,
    Hypothesis(
        sp.Eq(sp.floor(plain("n") / plain("b")), plain("n") / plain("b")),
        "b divides n (footnote 3: B = n/b batches per epoch)",
    ),
    Hypothesis(plain("pos") < plain("n") / plain("b"), "batch position pos < n/b"),
]
a1 = paper.add(
    Formula(
        paper.id("thm-a.1-eps"),
        sp.Function("varepsilon_A_1")(alpha, sigma, eta, L, K, n, b, D, T, pos),
        _params,
        src(
            "Theorem A.1, eqs. (25)–(27), with Lemma A.2",
            ("25", "26", "27", "28", "29"),
            "printed",
            "λ = 1; i⋆ in batch position pos of every epoch; β eliminated, exact water-filling, exhaustive τ",
        ),
        hypotheses=_hyps,
        title="Theorem A.1 as printed (A_τ ≥ D_τ, D_t of Lemma A.2 uncapped), λ = 1",
        evaluator=_evaluator(False),
    )
)
a1c = paper.add(
    Formula(
        paper.id("thm-a.1-eps-corrected"),
        sp.Function("varepsilon_A_1c")(alpha, sigma, eta, L, K, n, b, D, T, pos),
        _params,
        src(
            "Theorem A.1, eqs. (25)–(27), with Lemma A.2",
            ("25", "27", "61"),
            "corrected",
            "constraint A_τ ≥ min(D_τ, D): (27) and (61) print A_τ ≥ D_τ with D_t of Lemma A.2, whose recursion (29) "
            "has no D; (28) only gives W∞(W_τ, W'_τ) ≤ min(D_τ, D) (erratum chien-li E4)",
        ),
        hypotheses=_hyps,
        title="Theorem A.1 with A_τ ≥ min(D_τ, D), λ = 1",
        evaluator=_evaluator(True),
    )
)
cA = [a1.id, a1c.id]


def _lema2(values: Mapping[str, sp.Rational], dps: int):
    e, Kv, bv, n_steps = mp(values["eta"]), mp(values["K"]), int(values["b"]), int(values["T"])
    return tracking_a2_any(
        e * mp(values["L"]),
        mp(values["lam"]),
        bv,
        2 * e * Kv / bv,
        2 * e * Kv,
        fixed_position_encounters(int(values["n"]) // bv, int(values["pos"]), n_steps),
        n_steps,
    )


lema2 = paper.add(
    Formula(
        paper.id("lem-a.2-dt"),
        sp.Function("D_T")(eta, L, lam, K, n, b, T, pos),
        params("eta", "L", "lam", "K", "n", "b", "T") + [pos_param],
        src(
            "Lemma A.2, eqs. (28)–(29)",
            ("28", "29", "122", "124", "125"),
            "printed",
            "i⋆ in batch position pos of every epoch (t_e = e·n/b + pos); uncapped (W∞ ≤ min(D_T, D))",
        ),
        hypotheses=[LAM_LE_1, *_hyps[1:]],
        title="D_T of Lemma A.2 (29): 0 until t_0, 2ηK/b, then min(g(D; ηL(b−1)/b) + 2ηK/b, D + 2ηK) after an "
        "encounter step, min(g(D; ηL), D + 2ηK) otherwise",
        evaluator=_lema2,
    )
)
cA2 = [lema2.id]
_e, _Lh, _lm, _Kh = (sp.Symbol(x, positive=True) for x in ("eta", "L", "lam", "K"))
_bb, _BB, _TT = (sp.Symbol(x, integer=True, positive=True) for x in ("b", "B", "T"))
_A2_WHERE = [_lm <= 1, _bb <= 8, _BB <= 6, _TT <= 60]


def _cyclic_tracking_args(v, exponent=None):
    """(ηL, λ, b, s_b, 2ηK) of a sampled point (λ = ``exponent`` if given)."""
    e, bv = v["eta"], int(v["b"])
    return e * v["L"], v["lam"] if exponent is None else exponent, bv, 2 * e * v["K"] / bv, 2 * e * v["K"]


def _cyclic_tracking_at_fixed_position(v, exponent=None):
    """lem-a.2-dt's evaluator at a sampled point: i⋆ in batch position pos of every epoch."""
    etaL, exponent, bv, sb, big = _cyclic_tracking_args(v, exponent)
    n_steps, B = int(v["T"]), int(v["B"])
    return tracking_a2_any(
        etaL, exponent, bv, sb, big, fixed_position_encounters(B, int(v["pos"]) % B, n_steps), n_steps
    )


_pp = sp.Symbol("pos", integer=True, nonnegative=True)
paper.add(
    NumericIdentity(
        paper.id("lem-a.2-dt/lambda-1-is-thm-a.1-tracking"),
        lambda v: _cyclic_tracking_at_fixed_position(v, mpmath.mpf(1)),
        lambda v: tracking_a2(
            v["eta"] * v["L"],
            int(v["b"]),
            2 * v["eta"] * v["K"] / int(v["b"]),
            2 * v["eta"] * v["K"],
            int(v["B"]),
            int(v["pos"]) % int(v["B"]),
            int(v["T"]),
        )[-1],
        "λ = 1: lem-a.2-dt (every λ, the switch shortcut) equals the tracking inside thm-a.1-eps (Lemma A.2 with "
        "g(x; L′) = (1 + L′)x, iterated step by step) for i⋆ in batch position pos of every epoch (n = bB)",
        src("Lemma A.2, eq. (29)", ("29",), "derived"),
        symbols=[_e, _Lh, _Kh, _bb, _BB, _TT, _pp],
        where=[_bb <= 8, _BB <= 6, _TT <= 60, _pp <= 5],
        hints=[{"eta": "1/10", "L": 1, "K": 2, "b": 2, "B": 5, "T": 40, "pos": 0}],
        samples=4,
        digits=30,
        covers=cA2,
    )
)
_nA = sp.Symbol("n", integer=True, positive=True)
paper.add(
    NumericIdentity(
        paper.id("lem-a.2-dt/b-equals-n"),
        lambda v: _cyclic_tracking_at_fixed_position({**v, "b": v["n"], "B": 1, "pos": 0}),
        lambda v: batch_tracking_loop_at_full_batch(
            v["eta"] * v["L"], v["lam"], v["n"], 2 * v["eta"] * v["K"] / v["n"], 2 * v["eta"] * v["K"], v["T"]
        ),
        "b = n (one batch per epoch, i⋆ met at every step, t_0 = 0): lem-a.2-dt equals (29) iterated step by step, "
        "D_1 = 2ηK/n, then min(g(D; ηL(n−1)/n) + 2ηK/n, D + 2ηK), for every λ ∈ (0, 1]",
        src("Lemma A.2, eq. (29)", ("29",), "derived"),
        symbols=[_e, _Lh, _lm, _Kh, _nA, _TT],
        where=[_lm <= 1, _nA <= 20, _TT <= 60],
        hints=[{"eta": "1/10", "L": 1, "lam": "1/2", "K": 2, "n": 5, "T": 40}],
        samples=4,
        digits=30,
        covers=cA2,
    )
)
_Dq = sp.Symbol("D_prev", nonnegative=True)
_bj = 1 + sp.Symbol("j", integer=True, nonnegative=True)  # b ≥ 1
paper.add(
    Identity(
        paper.id("lem-a.2-dt/switch"),
        lhs=(_Dq + eta * L * (_bj - 1) / _bj * _Dq**lam + 2 * eta * K / _bj) - (_Dq + 2 * eta * K),
        rhs=(_bj - 1) / _bj * (eta * L * _Dq**lam - 2 * eta * K),
        statement="(29)'s encounter branch exceeds D + 2ηK by ((b − 1)/b)(ηL D^λ − 2ηK) (the other branch by ηL D^λ − 2ηK): "
        "both branches give D + 2ηK from the first D with ηL D^λ ≥ 2ηK on, and D never decreases, so lem-a.2-dt's "
        "evaluator adds 2ηK per step after that point",
        source=src("Lemma A.2, eq. (29)", ("29",), "derived"),
        covers=cA2,
    )
)
_i = sp.Symbol("i", integer=True, positive=True)
paper.add(
    Identity(
        paper.id("lem-a.2/encounter-step"),
        lhs=_Dq + 2 * K * eta / _bj + sp.Sum(eta / _bj * L * _Dq**lam, (_i, 1, _bj - 1)),
        rhs=_Dq + eta * (_bj - 1) * L / _bj * _Dq**lam + 2 * K * eta / _bj,
        statement="(121)–(125): at an encounter step the b − 1 other examples of i⋆'s batch each move the processes apart by at "
        "most (η/b)L‖W − W′‖^λ (Hölder), so the step bound is D + 2Kη/b + (η/b)Σ_{i ∈ 𝓑∖{i⋆}} L D^λ = D + "
        "η(b − 1)L/b·D^λ + 2Kη/b = g(D; η(b − 1)L/b) + 2Kη/b (b = 1 + j ≥ 1)",
        source=src("Lemma A.2, eqs. (121)–(125)", ("121", "122", "124", "125")),
        covers=cA2,
    )
)


def _random_order(seed, B, n_steps):
    """Encounter steps of a shuffled cyclic order: i⋆ at a uniformly drawn position of each epoch (seeded)."""
    rng = random.Random(int(seed))
    return [e * B + rng.randrange(B) for e in range(n_steps // B + 1)]


paper.add(
    SampledInequality(
        paper.id("lem-a.2-dt/below-thm-3.12-dt"),
        lambda v: tracking_a2_any(
            *_cyclic_tracking_args(v), _random_order(v["seed"], int(v["B"]), int(v["T"])), int(v["T"])
        ),
        "<=",
        lambda v: dt312_value(v["eta"] * v["L"], v["lam"], int(v["b"]), 2 * v["eta"] * v["K"], mpmath.inf, int(v["T"])),
        "for every shuffled cyclic order (i⋆ at a random position of each epoch, n = bB), Lemma A.2's D_T (29) is at "
        "most Theorem 3.12's D_T (21) without its cap: (21)'s step is at least both branches of (29) "
        "(thm-3.12-dt/convex-combination), both step maps are nondecreasing, and (29) starts later (0 until t_0)",
        src("Lemma A.2, eq. (29) vs Theorem 3.12, eq. (21)", ("29", "21"), "derived"),
        symbols=[_e, _Lh, _lm, _Kh, _bb, _BB, _TT, sp.Symbol("seed", integer=True, positive=True)],
        where=_A2_WHERE,
        hints=[{"eta": "1/10", "L": 1, "lam": "1/2", "K": 2, "b": 2, "B": 5, "T": 40, "seed": 1}],
        samples=6,
        digits=20,
        covers=cA2,
    )
)
_DEMO = dict(alpha=2, sigma=1, eta=sp.Rational(1, 10), L=1, K=2, n=10, b=2, D=1, pos=0)


def _ev(f, T):
    return lambda v: f.evaluate(dps=20, T=T, **_DEMO) / 2


_one = [sp.Symbol("one", positive=True)]
paper.add(
    SampledInequality(
        paper.id("thm-a.1/converges"),
        _ev(a1, 400),
        "<=",
        _ev(a1, 50),
        "as printed, Theorem A.1's bound does not grow with T after burn-in (convergent privacy loss): ε(T = 400) ≤ "
        "ε(T = 50) for n = 10, b = 2, ηL = 0.1, K = 2, σ = 1, D = 1, i⋆ in the first batch of every epoch (found: "
        "1.58484α vs 0.18484α — the uncapped D_τ grows like c^τ)",
        src("Theorem A.1, eq. (27)", ("27", "61")),
        symbols=_one,
        hints=[{"one": 1}],
        samples=1,
        digits=10,
        expect="refuted",
        erratum="chien-li E4",
        budget=60,
        covers=cA,
    )
)
paper.add(
    SampledInequality(
        paper.id("thm-a.1/converges-corrected"),
        _ev(a1c, 400),
        "<=",
        lambda v: _ev(a1c, 50)(v) * (1 + mpmath.mpf(10) ** -15),
        "corrected (A_τ ≥ min(D_τ, D)): the bound is constant after burn-in at these parameters, ε(400) = ε(50) = 0.16205α",
        src("Theorem A.1, eq. (27)", ("27", "61"), "corrected"),
        symbols=_one,
        hints=[{"one": 1}],
        samples=1,
        digits=10,
        erratum="chien-li E4",
        budget=60,
        covers=cA,
    )
)


def _a1_full_batch(v):
    """b = n (B = 1, every step an encounter): the corrected A.1 at λ = 1."""
    return cyclic_bound(v["e"], 5, 5, v["s"] * 1, v["s"] * 5, v["D"], 0, int(v["T"]))


def _31_full_batch(v):
    return solve31(1 + v["e"], v["s"], v["s"] * 5, v["D"], int(v["T"])).value


paper.add(
    NumericIdentity(
        paper.id("thm-a.1/full-batch-is-thm-3.1"),
        _a1_full_batch,
        _31_full_batch,
        "b = n (one batch per epoch, i⋆ met at every step): the corrected Theorem A.1 equals Theorem 3.1 with "
        "c = 1 + ηL (n = 5; Lemma A.2's encounter branch is then Lemma 3.5 with the factor 1 + ηL(n−1)/n, which here "
        "never binds below the cap)",
        src("Theorem A.1 vs Theorem 3.1", ("27", "3"), "derived"),
        symbols=[
            sp.Symbol("e", positive=True),
            sp.Symbol("s", positive=True),
            sp.Symbol("D", positive=True),
            sp.Symbol("T", integer=True, positive=True),
        ],
        where=[sp.Symbol("T", integer=True, positive=True) <= 40, sp.Symbol("e", positive=True) <= sp.Rational(1, 5)],
        hints=[{"e": "1/10", "s": "2/25", "D": 1, "T": 40}],
        samples=1,
        digits=20,
        budget=60,
        covers=cA,
    )
)


# --- Corollary A.3 (62): averaging over batch orders; here over the n/b positions of i⋆ (uniform), exact mixture.
def average_over_orders(values_by_order, alpha_v):
    """(1/(α−1)) log E_𝓑 exp((α−1)ε(α, 𝓑)) for equally likely orders (mpf list)."""
    m = len(values_by_order)
    return mpmath.log(mpmath.fsum(mpmath.exp((alpha_v - 1) * e) for e in values_by_order) / m) / (alpha_v - 1)


paper.add(
    SampledInequality(
        paper.id("cor-a.3/between-min-and-max"),
        lambda v: average_over_orders(
            [a1c.evaluate(dps=20, **{**_DEMO, "pos": p, "T": 40}) for p in range(5)], mpmath.mpf(2)
        ),
        "<=",
        lambda v: max(a1c.evaluate(dps=20, **{**_DEMO, "pos": p, "T": 40}) for p in range(5)),
        "Corollary A.3's average (1/(α−1)) log E exp((α−1)ε(α, 𝓑)) over the 5 positions of i⋆'s batch (n = 10, b = 2, "
        "T = 40, α = 2) is at most the worst order's ε (and at least the mean, by Jensen)",
        src("Corollary A.3, eq. (62)", ("62",), "derived"),
        symbols=_one,
        hints=[{"one": 1}],
        samples=1,
        digits=12,
        budget=60,
        covers=cA,
    )
)


# --- Theorem A.1 for every λ ∈ (0, 1]: the same β elimination, h = g⁻¹ for ηL, λ; the KKT sweep per window ----------
#: Sweep steps the double-precision window ranking (λ < 1) and the final allocations may take before refusing.
MAX_RANKING_STEPS = 10**7
MAX_ALLOCATION_STEPS = 2 * 10**6


def tracking_a2_all(etaL, exponent, b_, sb, clip_step, B, pos_, n_steps):
    """[D_0, …, D_T] of Lemma A.2 (29) for every λ (uncapped), i⋆ at t_e = eB + pos: step by step (T ≤ MAX_T)."""
    enc_L, out, d = etaL * (b_ - 1) / b_, [], mpmath.mpf(0)
    for t in range(n_steps + 1):
        if t <= pos_:
            d = mpmath.mpf(0)
        elif t == pos_ + 1:
            d = +sb
        elif (t - 1 - pos_) % B == 0:
            d = min(d + enc_L * d**exponent + sb, d + clip_step)
        else:
            d = min(d + etaL * d**exponent, d + clip_step)
        out.append(d)
    return out


def sweep_cyclic(p1, Dl, svec, etaL, exponent, residual_only=False):
    """The stationary allocation of a window from level p1 with per-step sensitivities ``svec`` (s_b on i⋆'s steps,
    0 elsewhere): a_k = max(0, p_k − s_k) (at most the residual's g(r_{k−1})), p_{k+1} = p_k/g′(r_k) on the forward
    residual r_k = g(r_{k−1}) − a_k, r_0 = Δ.  Returns (Σ (s_k + a_k)², final residual); ``residual_only`` stops at
    the first cleared residual (later shifts are 0)."""
    zero = mpmath.mpf(0) if not isinstance(Dl, float) else 0.0
    r, p, cost = Dl, p1, zero
    for s_k in svec:
        if r > 0:
            gr = r + etaL * r**exponent
            a = min(max(zero, p - s_k), gr)
            r = gr - a
        else:
            a = zero
        cost += (s_k + a) ** 2
        if r > 0:
            p = p / (1 + exponent * etaL * r ** (exponent - 1))
        else:
            p, r = zero, zero
            if residual_only:
                break
    return cost, r


def window_cyclic_sweep(Dl, svec, etaL, exponent, iterations):
    """Σ (s_k + a_k)² at the smallest level (``iterations`` bisection steps) whose sweep clears residual Δ = ``Dl``
    within the window (a feasible allocation: the value bounds the window's minimum from above)."""
    if Dl <= 0:
        return sum((s * s for s in svec), Dl * 0)
    lo, hi = Dl * 0, max(svec) + Dl + etaL * Dl**exponent + Dl * 2.0**-20  # hi clears at the first step
    for _ in range(iterations):
        mid = (lo + hi) / 2
        if sweep_cyclic(mid, Dl, svec, etaL, exponent, residual_only=True)[1] > 0:
            lo = mid
        else:
            hi = mid
    return sweep_cyclic(hi, Dl, svec, etaL, exponent)[0]


def cyclic_holder_bound(etaL, exponent, b_, n_, sb, clip_step, diameter, pos_, n_steps, capped=True, force_sweep=False):
    """min over τ of Theorem A.1 ÷ (α/2σ²) for every λ: λ = 1 → :func:`cyclic_bound` (exact water-filling) unless
    ``force_sweep``; otherwise each window's stationary sweep (:func:`window_cyclic_sweep`), the windows ranked in
    double precision (:func:`_rank_cyclic_windows_float`) and the best two recomputed at the working precision."""
    if exponent == 1 and not force_sweep:
        return cyclic_bound(etaL, b_, n_, sb, clip_step, diameter, pos_, n_steps, capped)
    if n_steps > MAX_T:
        raise EvaluationError(f"chien-li/thm-a.1-hoelder-eps: T ≤ {MAX_T} supported (an O(T²) window ranking)")
    B = n_ // b_
    track = tracking_a2_all(etaL, exponent, b_, sb, clip_step, B, pos_, n_steps)
    deltas = [min(d, diameter) if capped else d for d in track]

    def svec(tau, zero):
        return [sb if t >= pos_ and (t - pos_) % B == 0 else zero for t in range(tau, n_steps)]

    try:
        ranked = _rank_cyclic_windows_float(
            float(etaL),
            float(exponent),
            float(sb),
            tuple(float(d) for d in deltas),
            B,
            pos_,
            n_steps,
            MAX_RANKING_STEPS,
        )
    except (OverflowError, ZeroDivisionError, ValueError):
        raise EvaluationError(
            "chien-li/thm-a.1-hoelder-eps: parameters outside the double-precision range of the window ranking; "
            "not supported"
        ) from None
    if sum(n_steps - tau for tau in ranked[:2]) * (mpmath.mp.prec + 20) > MAX_ALLOCATION_STEPS:
        raise EvaluationError(
            f"chien-li/thm-a.1-hoelder-eps: the best windows need more than {MAX_ALLOCATION_STEPS} sweep steps at the "
            "working precision; not supported"
        )
    zero = mpmath.mpf(0)
    return min(
        window_cyclic_sweep(deltas[tau], svec(tau, zero), etaL, exponent, mpmath.mp.prec + 20) for tau in ranked[:2]
    )


@functools.lru_cache(maxsize=64)
def _rank_cyclic_windows_float(etaL, exponent, sb, deltas, B, pos_, n_steps, limit):
    """Windows τ ordered by their sweep cost in double precision (60 bisection steps each), τ from T − 1 down; a window
    is skipped when its lower bound (Σ_k s_k + g(Δ_τ))²/m (Σa ≥ g(Δ_τ) is needed, then Cauchy–Schwarz) reaches the
    best value found, and the scan stops once the encounter steps alone (s_b² each) do.  Cached per point."""
    work, values, best = 0, [], float("inf")
    for tau in range(n_steps - 1, -1, -1):
        s = [sb if t >= pos_ and (t - pos_) % B == 0 else 0.0 for t in range(tau, n_steps)]
        base = sum(x * x for x in s)
        if base >= best:
            break
        Dl = deltas[tau]
        grown = Dl + etaL * Dl**exponent if Dl > 0 else 0.0
        if (sum(s) + grown) ** 2 / len(s) >= best:
            continue
        work += 62 * len(s)
        if work > limit:
            raise EvaluationError(
                f"chien-li/thm-a.1-hoelder-eps: ranking the windows needs more than {limit} sweep steps (T = {n_steps}); "
                "not supported"
            )
        v = window_cyclic_sweep(Dl, s, etaL, exponent, 60)
        values.append((v, tau))
        best = min(best, v)
    return tuple(tau for _, tau in sorted(values))


_params_h = params("alpha", "sigma", "eta", "L", "lam", "K", "n", "b", "D", "T") + [pos_param]
_hyps_h = [LAM_LE_1, *_hyps]
_H_NOTE = (
    "i⋆ in batch position pos of every epoch; β eliminated; h = g⁻¹ for ηL, λ; each window's stationary sweep (a "
    "feasible allocation: a valid bound; the exact water-filling minimum at λ = 1, not certified minimal for λ < 1)"
)
a1h = paper.add(
    Formula(
        paper.id("thm-a.1-hoelder-eps"),
        sp.Function("varepsilon_A_1h")(alpha, sigma, eta, L, lam, K, n, b, D, T, pos),
        _params_h,
        src("Theorem A.1, eqs. (25)–(27), with Lemma A.2", ("25", "26", "27", "29"), "printed", _H_NOTE),
        hypotheses=_hyps_h,
        title="Theorem A.1 as printed (A_τ ≥ D_τ of Lemma A.2, uncapped), every λ ∈ (0, 1] [valid bound]",
        evaluator=_evaluator(False, hoelder=True),
    )
)
a1hc = paper.add(
    Formula(
        paper.id("thm-a.1-hoelder-eps-corrected"),
        sp.Function("varepsilon_A_1hc")(alpha, sigma, eta, L, lam, K, n, b, D, T, pos),
        _params_h,
        src(
            "Theorem A.1, eqs. (25)–(27), with Lemma A.2",
            ("25", "27", "61"),
            "corrected",
            _H_NOTE + "; constraint A_τ ≥ min(D_τ, D) (erratum chien-li E4)",
        ),
        hypotheses=_hyps_h,
        title="Theorem A.1 with A_τ ≥ min(D_τ, D), every λ ∈ (0, 1] [valid bound]",
        evaluator=_evaluator(True, hoelder=True),
    )
)
cAh = [a1h.id, a1hc.id]
_syms_h = [sp.Symbol(x, positive=True) for x in ("e", "s", "D")] + [sp.Symbol("T", integer=True, positive=True)]
_pos_h = sp.Symbol("pos", integer=True, nonnegative=True)


def _a1h_sweep_lambda1(v):
    with_sweep = cyclic_holder_bound(
        v["e"], mpmath.mpf(1), 2, 10, v["s"], 2 * v["s"], v["D"], int(v["pos"]) % 5, int(v["T"]), True, True
    )
    return with_sweep


paper.add(
    NumericIdentity(
        paper.id("thm-a.1-hoelder-eps/lambda-1"),
        _a1h_sweep_lambda1,
        lambda v: cyclic_bound(v["e"], 2, 10, v["s"], 2 * v["s"], v["D"], int(v["pos"]) % 5, int(v["T"])),
        "λ = 1: the window sweep (levels p_{k+1} = p_k/c, a_k = max(0, p_k − s_k), the smallest clearing level, windows "
        "ranked in double precision) equals the exact water-filling of thm-a.1-eps-corrected (n = 10, b = 2, 2ηK = 2s_b)",
        src("Theorem A.1, eq. (27)", ("25", "27"), "derived"),
        symbols=[*_syms_h, _pos_h],
        where=[_syms_h[3] <= 40, _syms_h[0] <= sp.Rational(1, 2), _pos_h <= 4],
        hints=[{"e": "1/10", "s": "1/5", "D": 1, "T": 40, "pos": 0}],
        samples=4,
        digits=25,
        covers=cAh + cA,
    )
)
_DEMO_H = dict(alpha=2, sigma=1, eta=sp.Rational(1, 10), L=1, lam=sp.Rational(1, 2), K=2, n=10, b=2, D=1, pos=0)
paper.add(
    SampledInequality(
        paper.id("thm-a.1-hoelder-eps/converges-corrected"),
        lambda v: a1hc.evaluate(dps=20, T=400, **_DEMO_H),
        "<=",
        lambda v: a1hc.evaluate(dps=20, T=60, **_DEMO_H) * (1 + mpmath.mpf(10) ** -15),
        "λ = 1/2, corrected (A_τ ≥ min(D_τ, D)): the bound does not grow with T after burn-in, ε(400) ≤ ε(60) (n = 10, "
        "b = 2, ηL = 0.1, K = 2, σ = 1, D = 1, i⋆ in the first batch of every epoch)",
        src("Theorem A.1, eq. (27)", ("27", "61"), "corrected"),
        symbols=_one,
        hints=[{"one": 1}],
        samples=1,
        digits=10,
        covers=cAh,
    )
)


# --- (33)–(36): the shift m_t = ψ′_t(W) − ψ_t(W) at i⋆'s steps has norm at most 2Kη/b -------------------------------
# Only i⋆'s term differs between the two batch sums ((a): ℓ_i = ℓ′_i for i ≠ i⋆); in the plane of the two clipped
# gradients u = Π_{B_K}[∇ℓ_{i⋆}(W)], v = Π_{B_K}[∇ℓ′_{i⋆}(W)], with norms r₁, r₂ and cos∠(u, v) = d − 1 (d ≥ 0),
# ‖u − v‖² = r₁² + r₂² − 2r₁r₂(d − 1).  Clipping gives r_i = min(‖∇ℓ‖, K) = K/(1 + p_i) ∈ (0, K] (r_i = 0 is trivial).
_i_s, _bb2 = sp.Symbol("i", integer=True, positive=True), sp.Symbol("b", integer=True, positive=True)
_istar = sp.Symbol("i_star", integer=True, positive=True)
_uvec, _vvec = sp.Symbol("u_1", real=True), sp.Symbol("v_1", real=True)  # a coordinate of u, v
paper.add(
    Identity(
        paper.id("thm-a.1/shift-only-i-star"),
        lhs=eta / _bb2 * sp.Sum(sp.KroneckerDelta(_i_s, _istar) * (_uvec - _vvec), (_i_s, 1, _bb2 + _istar)),
        rhs=eta / _bb2 * (_uvec - _vvec),
        statement="(33) = (34): in (η/b)Σ_{i∈𝓑}(Π[∇ℓ_i(W)] − Π[∇ℓ′_i(W)]) every term but i⋆'s vanishes (ℓ_i = ℓ′_i for i ≠ i⋆), "
        "coordinate by coordinate (the batch indexed 1..b + i⋆ here so that it contains i⋆)",
        source=src("Theorem A.1, proof (33)–(34)", ("33", "34")),
        covers=cA,
    )
)
_r1, _r2 = sp.Symbol("r_1", positive=True), sp.Symbol("r_2", positive=True)
_dd, _p1, _p2 = sp.Symbol("d", nonnegative=True), sp.Symbol("p_1", nonnegative=True), sp.Symbol("p_2", nonnegative=True)
_dist2 = lambda r1, r2: r1**2 + r2**2 - 2 * r1 * r2 * (_dd - 1)  # noqa: E731  ‖u − v‖², cos∠ = d − 1
paper.add(
    Inequality(
        paper.id("thm-a.1/shift-triangle"),
        (eta / _bb2) ** 2 * (_r1 + _r2) ** 2,
        ">=",
        (eta / _bb2) ** 2 * _dist2(_r1, _r2),
        "(34) ≤ (35): ‖(η/b)(u − v)‖ ≤ (η/b)(‖u‖ + ‖v‖), squared: (r₁ + r₂)² − ‖u − v‖² = 2r₁r₂·d ≥ 0 for every angle "
        "(cos∠(u, v) = d − 1 ≥ −1)",
        src("Theorem A.1, proof (34)–(35)", ("34", "35")),
        covers=cA,
    )
)
paper.add(
    Inequality(
        paper.id("thm-a.1/shift-at-most-2k-eta-over-b"),
        (2 * K * eta / _bb2) ** 2,
        ">=",
        (eta / _bb2) ** 2 * _dist2(K / (1 + _p1), K / (1 + _p2)),
        "(33)–(36): with the clipped norms r_i = K/(1 + p_i) ≤ K (Π_{B_K}), ‖m_t‖ = (η/b)‖u − v‖ ≤ 2Kη/b for every angle "
        "between u and v: the sensitivity s_b = 2ηK/b of thm-a.1-eps and (29)",
        src("Theorem A.1, proof (33)–(36)", ("33", "36")),
        covers=cA,
    )
)


# --- The Noisy-SGD update (1) itself, simulated on 1-D quadratic losses, coupled through the same noise -----------
def noisy_sgd_coupled(eta_, K_, D_, sigma_, a, centers, a_star, c_star, batches, W0, rng):
    """W_T and W′_T of (1), W_{t+1} = Π_𝒦[W_t − (η/b)Σ_{i∈𝓑_t} Π_{B_K}[∇ℓ_i(W_t)] + G_t], on ℓ_i(x) = a_i(x − c_i)²/2
    (𝒦 = [−D/2, D/2], Π_{B_K} clipping to [−K, K]); the adjacent run replaces example 0 by a_star, c_star and uses
    the same G_t ~ N(0, σ²) (the synchronous coupling of the proofs).  ``batches``: the index lists 𝓑_0, 𝓑_1, …"""

    def clip(v):
        return max(-K_, min(K_, v))

    def proj(v):
        return max(-D_ / 2, min(D_ / 2, v))

    w = wp = W0
    for batch in batches:
        noise = sigma_ * rng.gauss(0.0, 1.0)
        step = sum(clip(a[i] * (w - centers[i])) for i in batch) / len(batch)
        step_p = sum(clip((a_star * (wp - c_star)) if i == 0 else (a[i] * (wp - centers[i]))) for i in batch) / len(
            batch
        )
        w, wp = proj(w - eta_ * step + noise), proj(wp - eta_ * step_p + noise)
    return w, wp


def _cyclic_batches(n_, b_, pos_, n_steps, rng):
    """A shuffled cyclic order with example 0 (i⋆) in batch position pos of every epoch (b | n): each epoch shuffles
    the other n − 1 examples, gives b − 1 of them to i⋆'s batch and splits the rest into the other n/b − 1 batches."""
    B, out = n_ // b_, []
    while len(out) < n_steps:
        others = list(range(1, n_))
        rng.shuffle(others)
        own, rest = [0] + others[: b_ - 1], others[b_ - 1 :]
        epoch = [rest[k * b_ : (k + 1) * b_] for k in range(B - 1)]
        out.extend(epoch[:pos_] + [own] + epoch[pos_:])
    return out[:n_steps]


def _simulated_gap(v):
    rng = random.Random(int(v["seed"]))
    b_, B, n_steps = int(v["b"]), int(v["B"]), int(v["T"])
    n_, pos_ = b_ * B, int(v["pos"]) % B
    eta_, K_, D_, L_ = (float(v[k]) for k in ("eta", "K", "D", "L"))
    a = [rng.uniform(-L_, L_) for _ in range(n_)]
    centers = [rng.uniform(-3 * D_, 3 * D_) for _ in range(n_)]
    batches = _cyclic_batches(n_, b_, pos_, n_steps, rng)
    w, wp = noisy_sgd_coupled(
        eta_, K_, D_, 0.3, a, centers, rng.uniform(-L_, L_), rng.uniform(-3 * D_, 3 * D_), batches, 0.0, rng
    )
    return mpmath.mpf(abs(w - wp))


def _cyclic_tracking_bound(v):
    b_, B, n_steps = int(v["b"]), int(v["B"]), int(v["T"])
    e, Kv = v["eta"], v["K"]
    dT = tracking_a2_any(
        e * v["L"],
        mpmath.mpf(1),
        b_,
        2 * e * Kv / b_,
        2 * e * Kv,
        fixed_position_encounters(B, int(v["pos"]) % B, n_steps),
        n_steps,
    )
    return min(mpmath.mpf(dT), v["D"]) * (1 + mpmath.mpf(10) ** -9)  # the simulation runs in double precision


_sim_syms = [
    sp.Symbol("eta", positive=True),
    sp.Symbol("L", positive=True),
    sp.Symbol("K", positive=True),
    sp.Symbol("D", positive=True),
    sp.Symbol("b", integer=True, positive=True),
    sp.Symbol("B", integer=True, positive=True),
    sp.Symbol("T", integer=True, positive=True),
    sp.Symbol("pos", integer=True, nonnegative=True),
    sp.Symbol("seed", integer=True, positive=True),
]
paper.add(
    SampledInequality(
        paper.id("eq-1/coupled-runs-within-lem-a.2"),
        _simulated_gap,
        "<=",
        _cyclic_tracking_bound,
        "the Noisy-SGD update (1) run on adjacent datasets of 1-D quadratic losses a_i(x − c_i)²/2, a_i ∈ [−L, L] (L-smooth, "
        "nonconvex allowed), clipped to K, projected on 𝒦 = [−D/2, D/2], shuffled cyclic batches of size b with i⋆ in "
        "batch position pos of every epoch, both runs driven by the same noise: |W_T − W′_T| ≤ min(D_T, D), D_T of "
        "Lemma A.2 at λ = 1 (b = n: Lemma 3.5 with c = 1 + ηL) — the proofs' coupling, realised (double precision)",
        src("Noisy-SGD update (1); Lemma A.2, eqs. (28)–(29)", ("1", "28", "29"), "derived"),
        symbols=_sim_syms,
        where=[
            _sim_syms[0] <= sp.Rational(1, 2),
            _sim_syms[1] <= 2,
            _sim_syms[2] <= 4,
            _sim_syms[4] <= 4,
            _sim_syms[5] <= 4,
            _sim_syms[6] <= 40,
            _sim_syms[7] <= 3,
        ],
        hints=[{"eta": "1/10", "L": 1, "K": 2, "D": 4, "b": 2, "B": 3, "T": 40, "pos": 1, "seed": 3}],
        samples=12,
        digits=8,
        covers=cA2,
    )
)
