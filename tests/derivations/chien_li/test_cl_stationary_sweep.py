"""Theorem 3.7's stationary sweep (derivations.chien_li.holder_bound): the bisection's residual-only sweep."""

import itertools

import mpmath
import pytest

from derivations.chien_li import holder_bound as H


@pytest.mark.parametrize("lv", ["1", "0.5", "0.75"])
def test_residual_only_sweep_leaves_the_same_residual(lv):
    """The bisection asks only whether a level clears the residual: the sweep without cost and shifts, stopped
    once the residual is 0, leaves the same residual (bit for bit) as the full sweep, cleared or not."""
    with mpmath.workdps(30):
        lv = mpmath.mpf(lv)
        etaL, sv = mpmath.mpf("0.2"), mpmath.mpf("0.08")
        cleared = 0
        for Dl, m, level in itertools.product(("0.3", "2", "7.5"), (1, 5, 17), ("0.09", "0.5", "1.3", "4")):
            Dl, level = mpmath.mpf(Dl), mpmath.mpf(level)
            full = H._sweep(level, Dl, m, etaL, lv, sv)
            short = H._sweep(level, Dl, m, etaL, lv, sv, residual_only=True)
            assert short[1] == full[1] and short[0] == 0 and short[2] == []
            assert len(full[2]) == m
            cleared += full[1] == 0
        assert 0 < cleared < 27  # both outcomes occur


def test_window_allocation_clears_and_costs_at_least_the_lower_bound():
    with mpmath.workdps(30):
        Dl, m, etaL, lv, sv = mpmath.mpf(3), 12, mpmath.mpf("0.1"), mpmath.mpf("0.5"), mpmath.mpf("0.1")
        cost, shifts = H.window_allocation(Dl, m, etaL, lv, sv)
        assert cost >= H.window_lower_bound(Dl, m, sv, etaL, lv) and 0 < len(shifts) <= m
