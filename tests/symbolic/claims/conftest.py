"""Helpers for checker tests: each test runs its claim the way ``verify`` does."""

import sympy as sp
import pytest

from symbolic import Source, runner
from symbolic.runner import check as run_isolated

SRC = Source("test", "unit test")


@pytest.fixture
def src():
    return SRC


@pytest.fixture
def check(monkeypatch):
    """``runner.check`` with a 0.25-s grace (``runner.GRACE`` is 2 CPU s).  The runner kills a checker GRACE CPU
    seconds after its own hang limit (4 × the budget); the claims here either finish well inside their budget or
    never do (the UNKNOWN tests: budget 0.25 s, stuck in a 10⁵-term sum or a spin, killed at 1 + GRACE CPU s), so the grace
    only decided how long those wait for the kill (3 CPU s each before).  The kill with the real grace is tested
    in tests/symbolic/test_runner.py (test_timeout_is_unknown_never_proved)."""
    monkeypatch.setattr(runner, "GRACE", 0.25)
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
