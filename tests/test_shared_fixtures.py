"""The fixtures every test shares (tests/conftest.py)."""

import flint
import mpmath


def test_a_test_may_raise_the_working_precisions():
    mpmath.mp.dps = 200
    flint.ctx.prec = 1000


def test_the_next_test_starts_from_the_default_precisions():
    # Runs after the test above (pytest keeps a module's order): restore_precision undid its changes.
    assert (mpmath.mp.prec, flint.ctx.prec) == (53, 53)
