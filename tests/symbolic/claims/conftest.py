"""Helpers for checker tests: each test runs its claim the way ``verify`` does."""

import sympy as sp
import pytest

from symbolic import Source
from symbolic.runner import check as run_isolated

SRC = Source("test", "unit test")


@pytest.fixture
def src():
    return SRC


@pytest.fixture
def check():
    return run_isolated


def huge_sum(x):
    """Σ_{k=1}^{10^5} 1/(k² + x): no closed form, so both SymPy's summation and exact
    evaluation at a rational point take far longer than a test budget (UNKNOWN cases)."""
    k = sp.Symbol("k", integer=True)
    return sp.Sum(1 / (k**2 + x), (k, 1, 10**5))


def huge_sum_closed(x):
    """The same sum with its last term split off: a true identity nobody can check quickly."""
    k = sp.Symbol("k", integer=True)
    return sp.Sum(1 / (k**2 + x), (k, 1, 10**5 - 1)) + 1 / (10**10 + x)
