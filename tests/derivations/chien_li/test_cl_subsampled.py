"""Chien & Li, Theorem 3.12: the tracking (21) and the constraints (20).  References: plain-float loops written from
the paper (Lemma A.2's two step bounds), independent of the evaluator."""

import random
from fractions import Fraction

import mpmath
import pytest

from derivations.chien_li.holder_map import h_value
from derivations.chien_li.subsampled import backward_shift_reach, dt312_value
from symbolic import EvaluationError, HypothesisError, registry


def _loop(etaL, lam, b, k, D, T):
    d = 0.0
    for _ in range(T):
        d = min(d + etaL * (b - 1) / b * d**lam + k / b, d + k, D)
    return d


@pytest.mark.parametrize(
    "etaL, lam, b, k, D, T",
    [
        (0.1, 0.5, 4, 0.4, 3.0, 60),
        (0.2, 1.0, 5, 0.2, 100.0, 40),
        (0.2, 1 / 3, 1, 0.4, 2.0, 12),
        (3.0, 0.7, 8, 1.0, 50.0, 9),
    ],
)
def test_evaluator_equals_the_printed_recursion(etaL, lam, b, k, D, T):
    with mpmath.workdps(30):
        value = dt312_value(mpmath.mpf(etaL), mpmath.mpf(lam), b, mpmath.mpf(k), mpmath.mpf(D), T)
    assert float(value) == pytest.approx(_loop(etaL, lam, b, k, D, T), rel=1e-12)


def test_the_tracking_bounds_every_batch_draw():
    """Whether or not the batch holds i⋆, a step moves the processes by at most Lemma A.2's bound for that case;
    along any sequence of draws the distance stays below (21)'s D_t (which uses the encounter bound every step)."""
    rng = random.Random(12)
    for _ in range(200):
        etaL, lam, b, k = rng.uniform(0, 2), rng.uniform(0.1, 1), rng.randint(1, 10), rng.uniform(0.01, 1)
        D, T = rng.uniform(0.5, 20), rng.randint(1, 40)
        e = 0.0
        for _ in range(T):
            if rng.random() < 0.5:  # i⋆ in the batch
                e = min(e + etaL * (b - 1) / b * e**lam + k / b, e + k, D)
            else:  # a batch without i⋆: the Hölder step g(e; ηL) or the clipping bound
                e = min(e + etaL * e**lam, e + k, D)
        assert e <= _loop(etaL, lam, b, k, D, T) * (1 + 1e-12)


def test_constraints_20_feasible_with_a_single_shift():
    """a_τ = g(D_τ; ηL), later shifts 0: A_{T−1} = … = A_{τ+1} = 0 and A_τ = h(g(D_τ)) = D_τ."""
    with mpmath.workdps(30):
        etaL, lam = mpmath.mpf("0.3"), mpmath.mpf("0.5")
        d_tau = dt312_value(etaL, lam, 4, mpmath.mpf("0.4"), mpmath.mpf(3), 7)
        reach = backward_shift_reach(etaL, lam, [d_tau + etaL * d_tau**lam], 5)
        assert d_tau > 0 and reach == pytest.approx(d_tau, rel=1e-25)
        assert backward_shift_reach(etaL, lam, [d_tau], 5) < d_tau  # a smaller shift does not reach D_τ
        assert h_value(etaL, lam, mpmath.mpf(0)) == 0


def test_formula_refuses_a_hoelder_exponent_above_one():
    f = registry().formula("chien-li/thm-3.12-dt")
    assert f.evaluate(dps=20, eta="0.1", L=1, lam="0.5", K=2, b=4, D=3, T=60) == 3
    with pytest.raises(HypothesisError, match="λ"):
        f.evaluate(dps=20, eta="0.1", L=1, lam=2, K=2, b=4, D=3, T=60)


# --- thm-3.12-eps(-corrected): (19) minimised over τ and a at a common noise split β -----------------------------
_BASE = dict(alpha=2, sigma=1, eta="1/2", K=2, n=10, b=5, D=1, L="1/5", lam=1)


def _objective_min(alpha, sigma, eta, K, n, b, D, L, T, beta, root):
    """(19) at λ = 1 with β_t = β, every τ (no pruning, no bisection): min(T·S_α(q, σ/R), min_τ (T − τ)·S_α(q, β′σ/R)
    + α/(2σ²(1 − β))·D_τ²/Σ_{k≤T−τ} c^{−2k}), D_τ of (21) iterated as printed, S_α by quadrature of (18)."""
    from derivations.chien_li.sgm import _quad_definition

    with mpmath.workdps(30):
        mf = lambda x: mpmath.mpf(Fraction(x).numerator) / Fraction(x).denominator  # noqa: E731
        a, s, e, k, d_cap, lv = mf(alpha), mf(sigma), mf(eta), mf(K), mf(D), mf(L)
        R, q = 2 * e * k / b, mpmath.mpf(b) / n
        S = lambda u: _quad_definition({"alpha": a, "q": q, "sigma": u})  # noqa: E731
        best = T * S(s / R)
        if beta == 1:
            return best
        be = mf(beta)
        Sb = S((mpmath.sqrt(be) if root else be) * s / R)
        c, d, track = 1 + e * lv, mpmath.mpf(0), [mpmath.mpf(0)]
        for _ in range(T):
            d = min(d + e * lv * (b - 1) / b * d + R, d + 2 * e * k, d_cap)
            track.append(d)
        for tau in range(1, T):
            m = T - tau
            W = mpmath.fsum(c ** (-2 * j) for j in range(1, m + 1))
            best = min(best, m * Sb + a / (2 * s**2 * (1 - be)) * track[tau] ** 2 / W)
        return best


@pytest.mark.parametrize("T, beta, root", [(60, "1/2", True), (60, "9/10", False), (30, "1/5", True), (8, "1/2", True)])
def test_common_beta_bound_is_the_minimum_over_every_window(T, beta, root):
    fid = "chien-li/thm-3.12-eps-corrected" if root else "chien-li/thm-3.12-eps"
    got = registry().formula(fid).evaluate(dps=20, T=T, beta=beta, **_BASE)
    ref = _objective_min(2, 1, "1/2", 2, 10, 5, 1, "1/5", T, beta, root)
    assert float(got) == pytest.approx(float(ref), rel=1e-15)


def test_beta_one_is_composition_and_full_batch_closed_form():
    f = registry().formula("chien-li/thm-3.12-eps-corrected")
    comp = f.evaluate(dps=25, T=40, beta=1, **_BASE)
    s0 = registry().formula("chien-li/def-3.11-sgm").evaluate(dps=25, alpha=2, q="1/2", sigma="5/2")
    with mpmath.workdps(30):
        assert mpmath.almosteq(mpmath.mpf(comp), 40 * mpmath.mpf(s0), 1e-22)
    # b = n: S_α(1, u) = α/(2u²), so a window costs (α/2σ²)(m R²/β + D_τ²/(W_m(1 − β))) (R = 2ηK/b = 2/5, c = 1.1)
    with mpmath.workdps(30):
        R, c, be, T = mpmath.mpf(2) / 5, mpmath.mpf("1.1"), mpmath.mpf(1) / 2, 50
        d, track = mpmath.mpf(0), [mpmath.mpf(0)]
        for _ in range(T):
            d = min(d + mpmath.mpf("0.1") * 4 / 5 * d + R, d + 2, mpmath.mpf(1))
            track.append(d)
        ref = min(
            [T * R**2]
            + [
                (T - tau) * R**2 / be
                + track[tau] ** 2 / ((1 - be) * mpmath.fsum(c ** (-2 * j) for j in range(1, T - tau + 1)))
                for tau in range(1, T)
            ]
        )
    got = f.evaluate(dps=25, T=T, beta="1/2", **{**_BASE, "n": 5})
    with mpmath.workdps(30):
        assert mpmath.almosteq(mpmath.mpf(got), ref, 1e-22)  # α/(2σ²) = 1


def test_long_horizons_and_refusals():
    f = registry().formula("chien-li/thm-3.12-eps-corrected")
    assert f.evaluate(dps=20, T=10**12, beta="1/2", **_BASE) == f.evaluate(dps=20, T=100, beta="1/2", **_BASE)
    # λ < 1 with a tiny per-step S_α (b/n = 1/10, σb/(2ηK) = 25): too many windows to rank, a prompt refusal
    with pytest.raises(EvaluationError, match="ranking the windows"):
        f.evaluate(dps=20, T=10**12, beta="9/10", **{**_BASE, "eta": "1/10", "n": 50, "L": 1, "lam": "1/2"})
    for bad, word in (({"beta": 2}, "β"), ({"lam": 2}, "λ"), ({"b": 20}, "b ≤ n"), ({"alpha": 1}, "α > 1")):
        with pytest.raises(HypothesisError, match=word):
            f.evaluate(dps=20, **{**_BASE, "T": 10, "beta": "1/2", **bad})


def test_term_68_is_the_corrected_sgm_term_at_the_largest_shift():
    """(68)'s term for a shift of norm R = 2ηK/b, by quadrature of the Rényi divergence, is the corrected (69) term
    S_α(b/n, √β σb/(2ηK)) (thm-3.12-sgm-term-corrected), not the printed one; smaller shifts give less."""
    from derivations.chien_li.sgm import _quad_term68

    reg = registry()
    args = dict(alpha=4, b=3, n=10, beta="1/2", sigma=1, eta="1/10", K=2)
    with mpmath.workdps(30):
        point = {"alpha": mpmath.mpf(4), "q": mpmath.mpf(3) / 10, "beta": mpmath.mpf(1) / 2, "sigma": mpmath.mpf(1)}
        at_R = _quad_term68({**point, "r": mpmath.mpf(4) / 30})  # R = 2ηK/b = 0.4/3
        corrected = mpmath.mpf(reg.formula("chien-li/thm-3.12-sgm-term-corrected").evaluate(dps=25, **args))
        printed = mpmath.mpf(reg.formula("chien-li/thm-3.12-sgm-term").evaluate(dps=25, **args))
        assert mpmath.almosteq(at_R, corrected, 1e-22)
        assert printed > corrected * (1 + mpmath.mpf(10) ** -3)
        assert _quad_term68({**point, "r": mpmath.mpf(1) / 10}) < at_R
