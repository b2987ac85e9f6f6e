"""One-dimensional minimisation at the working mpmath precision, for evaluators that
optimise a free parameter (a Rényi order α, a shift κ).

Every point of the search gives a valid bound in the uses here, so the search only has
to be good, not certified: a scan over a grid finds the best basin, golden-section
search refines it.
"""

from __future__ import annotations

from typing import Callable, Sequence

import mpmath


def golden_section_min(f: Callable, lo, hi, tol) -> tuple:
    """Golden-section minimum of a unimodal ``f`` on [lo, hi] to width ``tol``: (x, f(x))."""
    inv_phi = (mpmath.sqrt(5) - 1) / 2
    c, d = hi - inv_phi * (hi - lo), lo + inv_phi * (hi - lo)
    fc, fd = f(c), f(d)
    while hi - lo > tol:
        if fc <= fd:
            hi, d, fd = d, c, fc
            c = hi - inv_phi * (hi - lo)
            fc = f(c)
        else:
            lo, c, fc = c, d, fd
            d = lo + inv_phi * (hi - lo)
            fd = f(d)
    return (c, fc) if fc <= fd else (d, fd)


def scan_then_refine(f: Callable, grid: Sequence, tol) -> tuple:
    """min of ``f`` over the span of the increasing ``grid``: (x, f(x)).

    The best grid point and its two neighbours bracket the basin, which golden-section
    search refines to width ``tol``; if an end of the grid is better than the refined point
    (the minimum lies at or beyond the end), that grid point is returned.
    """
    values = [f(x) for x in grid]
    k = min(range(len(grid)), key=lambda i: values[i])
    lo, hi = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]
    x_best, v_best = golden_section_min(f, lo, hi, tol)
    if values[k] < v_best:
        x_best, v_best = grid[k], values[k]
    return x_best, v_best


__all__ = ["golden_section_min", "scan_then_refine"]
