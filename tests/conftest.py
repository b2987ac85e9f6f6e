"""Shared fixtures."""

import pytest

from symbolic import registry as _registry


@pytest.fixture(scope="session")
def registry():
    return _registry()
