"""Shared fixtures."""

import os

import flint
import mpmath
import pytest

# The test suite never reads or writes the user's verdict cache (symbolic.cache): every `verify`
# it runs, in this process or in a subprocess, re-proves its claims.  The one cache it uses is its
# own, created empty for the session (notebooks/conftest.py).
os.environ["HIDDEN_STATE_PROOFS_NO_CACHE"] = "1"

from symbolic import registry as _registry


@pytest.fixture(scope="session")
def registry():
    return _registry()


@pytest.fixture(autouse=True)
def restore_precision():
    """Every test leaves mpmath's and python-flint's working precision as it found them: a test that sets
    either (or calls code that fails before restoring it) cannot change the digits of the tests after it."""
    mp_prec, flint_prec = mpmath.mp.prec, flint.ctx.prec
    yield
    mpmath.mp.prec, flint.ctx.prec = mp_prec, flint_prec
