"""Shared fixtures."""

import os

import pytest

# The test suite never reads or writes the verdict cache (symbolic.cache): every `verify`
# it runs, in this process or in a subprocess, re-proves its claims.
os.environ["HIDDEN_STATE_PROOFS_NO_CACHE"] = "1"

from symbolic import registry as _registry


@pytest.fixture(scope="session")
def registry():
    return _registry()
