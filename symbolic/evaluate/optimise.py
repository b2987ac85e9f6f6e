"""One-dimensional minimisation at the working mpmath precision, for evaluators that
optimise a free parameter (a Rényi order α, a shift κ).

Every point of the search gives a valid bound in the uses here, so the search only has
to be good, not certified: a scan over a grid finds the best basin, Brent's method
(golden section with parabolic steps) refines it.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import mpmath


def golden_section_min(f: Callable, lo: Any, hi: Any, tol: Any) -> tuple:
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


def brent_min(f: Callable, lo: Any, hi: Any, tol: Any) -> tuple:
    """Minimum of ``f`` on [lo, hi] by Brent's method (golden section with parabolic steps), to
    an abscissa within ``tol``: (x, f(x)).  Converges superlinearly at a smooth minimum, where
    :func:`golden_section_min` needs ~1.44 steps per bit (1800 steps at 750
    digits); at a kink (the least of several bounds) it falls back to golden-section steps."""
    golden = (3 - mpmath.sqrt(5)) / 2
    a, b = lo, hi
    x = w = v = a + golden * (b - a)
    fx = fw = fv = f(x)
    d = e = mpmath.mpf(0)
    tiny_steps = 0
    for _ in range(100_000):
        m = (a + b) / 2
        # Done when the bracket is within 2·tol of x, or after two parabolic steps in a row below
        # tol (x found; at 750 digits the far end of the bracket would otherwise be closed in by
        # golden-section steps, ~1.4 per bit, through a minimum flat at the rounding level).
        if abs(x - m) <= 2 * tol - (b - a) / 2 or tiny_steps >= 2:
            break
        parabolic = False
        if abs(e) > tol:
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = 2 * (q - r)
            if q > 0:
                p = -p
            q = abs(q)
            e_prev, e = e, d
            if abs(p) < abs(q * e_prev / 2) and q * (a - x) < p < q * (b - x):
                d = p / q
                u = x + d
                if u - a < 2 * tol or b - u < 2 * tol:
                    d = tol if x < m else -tol
                parabolic = True
        if not parabolic:
            e = (a - x) if x >= m else (b - x)
            d = golden * e
        tiny_steps = tiny_steps + 1 if parabolic and abs(d) <= tol else 0
        u = x + (d if abs(d) >= tol else (tol if d > 0 else -tol))
        fu = f(u)
        if fu <= fx:
            if u >= x:
                a = x
            else:
                b = x
            v, fv, w, fw, x, fx = w, fw, x, fx, u, fu
        else:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, fv, w, fw = w, fw, u, fu
            elif fu <= fv or v == x or v == w:
                v, fv = u, fu
    return x, fx


def scan_then_refine(f: Callable, grid: Sequence, tol: Any) -> tuple:
    """min of ``f`` over the span of the increasing ``grid``: (x, f(x)).

    The best grid point and its two neighbours bracket the basin, which Brent's method refines
    to width ``tol`` (superlinear at a smooth minimum: ~20 evaluations at 40 digits where golden
    section took ~105); if an end of the grid is better than the refined point (the minimum lies
    at or beyond the end), that grid point is returned.
    """
    values = [f(x) for x in grid]
    k = min(range(len(grid)), key=lambda i: values[i])
    lo, hi = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]
    x_best, v_best = brent_min(f, lo, hi, tol)
    if values[k] < v_best:
        x_best, v_best = grid[k], values[k]
    return x_best, v_best


__all__ = ["brent_min", "golden_section_min", "scan_then_refine"]
