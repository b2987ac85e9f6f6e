"""Chien & Li, Lemma A.2 (shuffled cyclic mini-batches): the tracking D_t of (29) for every λ (``lem-a.2-dt``).
References: plain loops written from (29), every step iterated (no switch shortcut), independent of the evaluator."""

import random
from fractions import Fraction

import mpmath
import numpy as np
import pytest

from derivations.chien_li.cyclic import fixed_position_encounters, tracking_a2, tracking_a2_any
from derivations.chien_li.subsampled import dt312_value
from symbolic import EvaluationError, HypothesisError, registry
from exact_inputs import exact_mpf


def _loop29(eta, L, lam, K, b, encounters, T):
    """(29) as printed, every step: 0 up to t_0, 2ηK/b at t_0 + 1, then the encounter / other branch."""
    enc = sorted(t for t in encounters if t < T)
    if not enc:
        return mpmath.mpf(0)
    t0, d = enc[0], mpmath.mpf(0)
    for t in range(1, T + 1):  # d = D_{t−1} → D_t
        if t <= t0:
            d = mpmath.mpf(0)
        elif t == t0 + 1:
            d = 2 * eta * K / b
        elif t - 1 in enc:
            d = min(d + eta * L * (b - 1) / b * d**lam + 2 * eta * K / b, d + 2 * eta * K)
        else:
            d = min(d + eta * L * d**lam, d + 2 * eta * K)
    return d


@pytest.mark.parametrize(
    "eta, L, lam, K, n, b, T, pos",
    [
        ("1/10", "1", "1/2", "2", 10, 2, 40, 0),
        ("1/10", "3", "3/10", "2", 7, 1, 200, 6),  # b = 1: the encounter branch is D + 2ηK
        ("1/100", "1/10000", "1", "1", 64, 64, 300, 0),  # b = n: every step an encounter
        ("1/10", "50", "1/1000", "2", 60, 3, 500, 19),  # λ near 0: switch at once
        ("1/5", "1/2", "9/10", "1", 12, 3, 90, 2),
    ],
)
def test_formula_equals_29_iterated(eta, L, lam, K, n, b, T, pos):
    f = registry().formula("chien-li/lem-a.2-dt")
    got = f.evaluate(dps=30, eta=eta, L=L, lam=lam, K=K, n=n, b=b, T=T, pos=pos)
    with mpmath.workdps(50):
        ref = _loop29(exact_mpf(eta), exact_mpf(L), exact_mpf(lam), exact_mpf(K), b, range(pos, T, n // b), T)
        assert mpmath.almosteq(mpmath.mpf(got), ref, rel_eps=mpmath.mpf(10) ** -28)


def test_every_order_and_the_subsampled_tracking():
    """Random shuffled cyclic orders (i⋆ at a random position of each epoch): the evaluator's loop equals (29)
    iterated, and stays at or below (21)'s uncapped D_T (Theorem 3.12)."""
    rng = random.Random(7)
    with mpmath.workdps(30):
        for _ in range(40):
            eta, L, lam, K = (mpmath.mpf(rng.uniform(0.01, 1)) for _ in range(4))
            lam = min(lam, mpmath.mpf(1))
            b, B, T = rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 50)
            enc = [e * B + rng.randrange(B) for e in range(T // B + 1)]
            got = tracking_a2_any(eta * L, lam, b, 2 * eta * K / b, 2 * eta * K, enc, T)
            assert mpmath.almosteq(got, _loop29(eta, L, lam, K, b, enc, T), rel_eps=mpmath.mpf(10) ** -25)
            assert got <= dt312_value(eta * L, lam, b, 2 * eta * K, mpmath.inf, T) * (1 + mpmath.mpf(10) ** -25)


def test_lambda_1_is_the_tracking_of_theorem_a1():
    with mpmath.workdps(30):
        etaL, sb, big = mpmath.mpf("0.1"), mpmath.mpf("0.2"), mpmath.mpf("0.4")
        for pos in range(5):
            a1 = tracking_a2(etaL, 2, sb, big, 5, pos, 60)[-1]
            assert tracking_a2_any(etaL, mpmath.mpf(1), 2, sb, big, fixed_position_encounters(5, pos, 60), 60) == (
                pytest.approx(a1, rel=1e-25)
            )


def test_exact_zero_no_hoelder_term_and_long_horizons():
    f = registry().formula("chien-li/lem-a.2-dt")
    base = dict(eta="0.1", L=1, lam="0.5", K=2, n=10, b=2)
    assert f.evaluate(dps=20, T=4, pos=4, **base) == 0  # i⋆ first met at step 4: D_4 = 0
    assert f.evaluate(dps=20, T=5, pos=4, **base) == pytest.approx(0.2)  # D_{t_0+1} = 2ηK/b
    # ηL = 0: only the encounters move D, by 2ηK/b each; encounters at 1, 6, …, 96 below T = 100: 20 of them
    assert f.evaluate(dps=20, T=100, pos=1, **{**base, "L": 0}) == pytest.approx(20 * 0.2, rel=1e-18)
    # T = 10¹²: after the switch every step adds 2ηK (the remaining steps are not iterated)
    v_long = f.evaluate(dps=25, T=10**12, pos=3, **base)
    v_short = f.evaluate(dps=25, T=2000, pos=3, **base)
    assert mpmath.almosteq(mpmath.mpf(v_long) - mpmath.mpf(v_short), mpmath.mpf("0.4") * (10**12 - 2000), 1e-20)


def test_refusals():
    f = registry().formula("chien-li/lem-a.2-dt")
    base = dict(eta="0.1", L=1, lam="0.5", K=2, n=10, b=2, T=40, pos=0)
    for bad, word in (({"lam": 2}, "λ"), ({"b": 3}, "divides"), ({"pos": 5}, "position"), ({"b": 20}, "b ≤ n")):
        with pytest.raises(HypothesisError, match=word):
            f.evaluate(dps=20, **{**base, **bad})
    with pytest.raises(EvaluationError, match="branch switch"):  # ηL = 1e-10: ~10¹⁹ steps before the switch
        f.evaluate(dps=20, **{**base, "L": "1e-9", "T": 10**12})


# --- Theorem A.1 for every λ (thm-a.1-hoelder-eps[-corrected]) --------------------------------------------------
def _a1_by_slsqp(etaL, lam, T, pos, cap, n=10, b=2, eta=0.1, K=2.0):
    """min over τ of Σ_t (s_t + a_t)² (s_t = s_b on i⋆'s steps) subject to the printed backward constraint
    A_T = 0, A_{t−1} = h(A_t + a_{t−1}), A_τ ≥ min(D_τ, D) (h by root finding), by scipy's SLSQP from three starts:
    a generic local optimiser, independent of the evaluator's stationary sweep."""
    from scipy.optimize import brentq, minimize

    B, sb, big = n // b, 2 * eta * K / b, 2 * eta * K
    d, deltas = 0.0, []
    for t in range(T + 1):
        if t <= pos:
            d = 0.0
        elif t == pos + 1:
            d = sb
        elif (t - 1 - pos) % B == 0:
            d = min(d + etaL * (b - 1) / b * d**lam + sb, d + big)
        else:
            d = min(d + etaL * d**lam, d + big)
        deltas.append(min(d, cap))
    g = lambda x: x + etaL * x**lam  # noqa: E731
    h = lambda z: 0.0 if z <= 0 else brentq(lambda x: g(x) - z, 0, z, xtol=1e-15)  # noqa: E731
    best = float("inf")
    for tau in range(T):
        s = np.array([sb if t >= pos and (t - pos) % B == 0 else 0.0 for t in range(tau, T)])
        target = deltas[tau]
        if target == 0:
            best = min(best, float((s**2).sum()))
            continue

        def reach(a):
            A = 0.0
            for x in reversed(a):
                A = h(A + max(x, 0.0))
            return A

        m = len(s)
        for start in (np.full(m, target), np.linspace(2 * target, 0, m), np.r_[g(target), np.zeros(m - 1)]):
            r = minimize(
                lambda a, s=s: float(((s + a) ** 2).sum()),
                start,
                constraints=[{"type": "ineq", "fun": lambda a, target=target: reach(a) - target}],
                bounds=[(0, None)] * m,
                method="SLSQP",
                options={"maxiter": 500, "ftol": 1e-15},
            )
            if reach(r.x) >= target * (1 - 1e-9):
                best = min(best, float(r.fun))
    return best


@pytest.mark.parametrize("L, lam, T, pos", [("1", "1/2", 12, 0), ("1/10", "3/10", 14, 3)])
def test_hoelder_a1_matches_a_generic_optimiser(L, lam, T, pos):
    f = registry().formula("chien-li/thm-a.1-hoelder-eps-corrected")
    got = f.evaluate(dps=20, alpha=2, sigma=1, eta="1/10", L=L, lam=lam, K=2, n=10, b=2, D=1, pos=pos, T=T)
    ref = _a1_by_slsqp(0.1 * float(Fraction(L)), float(Fraction(lam)), T, pos, 1.0)  # α/(2σ²) = 1
    assert float(got) == pytest.approx(ref, rel=1e-9)


def test_hoelder_a1_at_lambda_1_and_the_cap():
    reg = registry()
    demo = dict(alpha=2, sigma=1, eta="1/10", L=1, K=2, n=10, b=2, D=1, pos=1, T=60)
    assert reg.formula("chien-li/thm-a.1-hoelder-eps-corrected").evaluate(dps=20, lam=1, **demo) == (
        reg.formula("chien-li/thm-a.1-eps-corrected").evaluate(dps=20, **demo)
    )
    capped = reg.formula("chien-li/thm-a.1-hoelder-eps-corrected").evaluate(dps=20, lam="1/2", **demo)
    printed = reg.formula("chien-li/thm-a.1-hoelder-eps").evaluate(dps=20, lam="1/2", **demo)
    assert 0 < capped < printed  # min(D_τ, D) ≤ D_τ: a smaller residual to clear
    with pytest.raises(HypothesisError, match="λ"):
        reg.formula("chien-li/thm-a.1-hoelder-eps-corrected").evaluate(dps=20, lam=2, **demo)
    with pytest.raises(EvaluationError, match="T ≤"):
        reg.formula("chien-li/thm-a.1-hoelder-eps-corrected").evaluate(dps=20, lam="1/2", **{**demo, "T": 10**4})


def test_shift_bounds_are_proved_and_a_smaller_bound_is_refuted():
    """(33)–(36) and (86)–(89) are PROVED; the same statement with K in place of 2K fails at antiparallel gradients."""
    import sympy as sp

    from symbolic import Inequality, Status
    from derivations.chien_li.common import K, eta, src

    reg = registry()
    for cid in ("thm-a.1/shift-at-most-2k-eta-over-b", "thm-a.1/shift-triangle", "lem-3.5/step-triangle"):
        assert reg.claim(f"chien-li/{cid}").check().status is Status.PROVED
    d, p1, p2 = (sp.Symbol(x, nonnegative=True) for x in ("d", "p_1", "p_2"))
    b = sp.Symbol("b", integer=True, positive=True)
    r1, r2 = K / (1 + p1), K / (1 + p2)
    wrong = Inequality(
        "chien-li/test-shift-at-most-k-eta-over-b",
        (K * eta / b) ** 2,
        ">=",
        (eta / b) ** 2 * (r1**2 + r2**2 - 2 * r1 * r2 * (d - 1)),
        "‖m_t‖ ≤ Kη/b (false)",
        src("Theorem A.1, proof (33)–(36)", ("36",)),
        hints=[{"K": 1, "eta": 1, "b": 1, "d": 0, "p_1": 0, "p_2": 0}],
    )
    assert wrong.check().status is Status.REFUTED


def test_simulated_noisy_sgd_stays_within_and_near_lemma_a2():
    """The coupled runs of (1) (eq-1/coupled-runs-within-lem-a.2) never exceed min(D_T, D) and come within a factor 2
    of it for some seed (the check is not vacuous); the batches put i⋆ (example 0) in position pos of every epoch."""
    from derivations.chien_li.cyclic import _cyclic_tracking_bound, _cyclic_batches, _simulated_gap

    batches = _cyclic_batches(6, 2, 1, 9, random.Random(1))
    assert all(0 in batches[e * 3 + 1] for e in range(3)) and sorted(sum(batches[:3], [])) == list(range(6))
    ratios = []
    for seed in range(1, 60):
        v = {"eta": mpmath.mpf("0.1"), "L": mpmath.mpf(1), "K": mpmath.mpf(2), "D": mpmath.mpf(4)}
        v.update({"b": 2, "B": 3, "T": 40, "pos": 1, "seed": seed})
        ratios.append(_simulated_gap(v) / _cyclic_tracking_bound(v))
    assert max(ratios) <= 1 and max(ratios) > mpmath.mpf(1) / 2
