"""Scan-then-golden-section minimisation used by the α- and κ-optimising evaluators."""

import mpmath

from symbolic.evaluate.optimise import golden_section_min, scan_then_refine


def test_golden_section_finds_an_interior_minimum_to_the_tolerance():
    with mpmath.workdps(40):
        x, fx = golden_section_min(lambda t: (t - mpmath.pi) ** 2 + 1, 0, 5, mpmath.mpf(10) ** -30)
        # at a quadratic minimum f is flat to 40 digits within ~1e-20 of π: x is found to about
        # half the digits, the minimum value to all of them (why the α search uses prec/2)
        assert abs(x - mpmath.pi) < mpmath.mpf(10) ** -18 and abs(fx - 1) < mpmath.mpf(10) ** -38


def test_scan_picks_the_best_basin_of_a_bimodal_function():
    # two basins, the deeper one at t = 4: a golden section on the whole span would be misled
    f = lambda t: min((t - 1) ** 2 + mpmath.mpf(1) / 2, (t - 4) ** 2)  # noqa: E731
    with mpmath.workdps(30):
        grid = [mpmath.mpf(k) / 4 for k in range(0, 25)]
        x, fx = scan_then_refine(f, grid, mpmath.mpf(10) ** -12)
        assert abs(x - 4) < mpmath.mpf(10) ** -11 and fx < mpmath.mpf(10) ** -20


def test_scan_returns_the_grid_end_when_the_minimum_is_beyond_it():
    with mpmath.workdps(30):
        grid = [mpmath.mpf(k) for k in range(1, 11)]
        x, fx = scan_then_refine(lambda t: -t, grid, mpmath.mpf(10) ** -10)
        assert x == 10 and fx == -10


def test_brent_min_finds_smooth_and_kinked_minima():
    from symbolic.evaluate.optimise import brent_min

    with mpmath.workdps(60):
        tol = mpmath.mpf(10) ** -25
        x, fx = brent_min(lambda t: (t - mpmath.mpf(1) / 3) ** 2 + 2, mpmath.mpf(0), mpmath.mpf(1), tol)
        assert abs(x - mpmath.mpf(1) / 3) < 10 * tol and abs(fx - 2) < mpmath.mpf(10) ** -45
        # the least of two bounds: a kink at 0.7, where parabolic steps fail and golden steps take over
        x, fx = brent_min(lambda t: max(1 - t, t - mpmath.mpf("0.4")), mpmath.mpf(0), mpmath.mpf(1), tol)
        assert abs(x - mpmath.mpf("0.7")) < 10 * tol and abs(fx - mpmath.mpf("0.3")) < 10 * tol
