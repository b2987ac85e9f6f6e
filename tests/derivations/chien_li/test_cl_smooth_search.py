"""Chien & Li, Theorem 3.1: the τ search of ``smooth.solve`` skips windows only when they cannot win.

The reference is written here from the paper's (3)–(4) with β eliminated (min over τ of the window problem
min Σ_{k≤m} (s + a_k)², a ≥ 0, Σ c^{−k} a_k ≥ Δ_τ, Δ_τ = min(sΣ_{t<τ}c^t, 2ηKτ, D), τ = 0 costing T s²), each
window solved by a plain water-filling over the sorted weights (every active count j tried), independently of
the package's closed forms.
"""

from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from derivations.chien_li import smooth
from exact_inputs import exact_mpf


def _window(c, s, dl, m):
    if dl <= 0:
        return m * s**2
    w = sorted((c ** (-k) for k in range(1, m + 1)), reverse=True)
    best = mpmath.inf
    for j in range(1, m + 1):
        W1, W2 = mpmath.fsum(w[:j]), mpmath.fsum(x**2 for x in w[:j])
        mu = (dl + s * W1) / W2
        if mu * w[j - 1] >= s:  # a feasible allocation with j active steps (a_i = μw_i − s ≥ 0)
            best = min(best, (dl + s * W1) ** 2 / W2 + (m - j) * s**2)
    return best


def _reference(c, s, big, D, T):
    best = T * s**2
    for tau in range(1, T):
        dl = min(s * mpmath.fsum(c**t for t in range(tau)), big * tau, D)
        best = min(best, _window(c, s, dl, T - tau))
    return best


CASES = [
    ("3/2", "1/20", "1/2", "1/10", 40),  # nonconvex, a shifted window wins
    ("3/2", "1/2000", "1/2", "1", 60),  # nonconvex, composition wins (every window skipped)
    ("101/100", "1/50", "1/5", "1/4", 60),
    ("11/10", "1/100", "1/10", "1/2", 50),
    ("9/10", "1/20", "1/2", "1/10", 40),  # strongly convex (c < 1)
    ("1/2", "1/10", "1", "1/5", 30),
]


@pytest.mark.parametrize("c, s, big, D, T", CASES)
def test_pruned_search_is_the_exact_minimum_over_every_window(c, s, big, D, T):
    with mpmath.workdps(40):
        args = [exact_mpf(x) for x in (c, s, big, D)]
        got = smooth.solve(*args, T)
        every = smooth.solve(*args, T, keep_profile=True)  # the unpruned scan, every window evaluated
        assert got.tau == every.tau and got.value == every.value
        ref = _reference(*args, T)
        assert abs(got.value - ref) <= ref * mpmath.mpf(10) ** -35


def test_nonconvex_long_run_evaluates_few_windows(monkeypatch):
    """c = 1.5, T = 10⁵ with D/s = 2000 (composition wins): the unpruned scan evaluated all 10⁵ − 1 windows
    (> 27 s); the pruned one a handful.  At T = 10¹² (a window of 17 steps wins) the unpruned scan refused
    (> 2·10⁵ windows before m s² exceeds the best)."""
    calls = []
    real = smooth.window_value
    monkeypatch.setattr(smooth, "window_value", lambda *a: calls.append(a[3]) or real(*a))
    with mpmath.workdps(40):
        c, s, big, D = mpmath.mpf(3) / 2, mpmath.mpf(1) / 2000, mpmath.mpf(1) / 2, mpmath.mpf(1)
        sol = smooth.solve(c, s, big, D, 10**5)
        assert sol.tau == 0 and sol.value == 10**5 * s**2
        assert len(calls) < 200
        calls.clear()
        sol = smooth.solve(c, s, big, D, 10**12)
        assert sol.window.m == 17 and sol.window.active == 17 and len(calls) < 200
        # the winning window against the independent water-filling (its numerator is D)
        assert abs(sol.value - _window(c, s, D, 17)) <= sol.value * mpmath.mpf(10) ** -35
        for m in (16, 18, 40):  # neighbours with numerator D cost more
            assert _window(c, s, D, m) > sol.value


def test_bisection_reference_stops_once_the_bracket_cannot_shrink(monkeypatch):
    """The claim thm-3.1/minimum-matches-bisection's reference bisects each window's water level: it stops
    when the bracket is two adjacent numbers (the remaining ~2·prec steps of 3·prec changed nothing, half its
    CPU time) and still equals the solver."""
    calls = []
    real = mpmath.mpf.__truediv__
    monkeypatch.setattr(mpmath.mpf, "__truediv__", lambda *a: calls.append(1) or real(*a))
    v = {"c": mpmath.mpf(1) / 2, "s": mpmath.mpf(1) / 10, "B": mpmath.mpf(1), "D": mpmath.mpf(2), "T": 12}
    with mpmath.workdps(30):
        brute = smooth._brute(v)
        assert len(calls) <= 11 * (mpmath.mp.prec + 80)  # one halving per step: 11 windows, ~prec + a few each
        got = smooth.solve(v["c"], v["s"], v["B"], v["D"], 12)
        assert abs(brute - got.value) <= got.value * mpmath.mpf(10) ** -25


def _water_level_direct(v):
    """The reference as first written: at every bisection step the spend Σ_k w_k·max(0, μw_k − s) summed over all
    weights (no prefix sums)."""
    Tv, cv, sv = int(v["T"]), v["c"], v["s"]
    best = Tv * sv**2
    for tau in range(1, Tv):
        Dl = smooth.delta_tau(cv, sv, v["B"], v["D"], tau)
        ws = [cv ** (-k) for k in range(1, Tv - tau + 1)]
        lo, hi = mpmath.mpf(0), (Dl + sv * sum(ws)) / min(ws) ** 2 + 1
        for _ in range(3 * mpmath.mp.prec):
            mid = (lo + hi) / 2
            if mid in (lo, hi):
                break
            if mpmath.fsum(wk * max(0, mid * wk - sv) for wk in ws) < Dl:
                lo = mid
            else:
                hi = mid
        best = min(best, mpmath.fsum(max(sv, hi * wk) ** 2 for wk in ws))
    return best


@pytest.mark.parametrize("c, T", [("11/10", 16), ("1", 14), ("9/10", 16), ("1/2", 12), ("3", 9)])
def test_bisection_reference_prefix_sums_equal_the_direct_sum(c, T):
    """The reference reads the spend at level μ off prefix sums of the weights sorted in decreasing order (the
    active ones are the largest): the same minimum as summing every weight at every step."""
    v = {"c": mpmath.mpf(sp.Rational(c)), "s": mpmath.mpf("0.08"), "B": mpmath.mpf("0.4"), "D": mpmath.mpf(1), "T": T}
    with mpmath.workdps(35):
        v = {k: +x if isinstance(x, mpmath.mpf) else x for k, x in v.items()}
        fast, direct = smooth._brute(v), _water_level_direct(v)
        assert abs(fast - direct) <= direct * mpmath.mpf(10) ** -32
