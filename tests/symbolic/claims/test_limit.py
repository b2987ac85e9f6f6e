import sympy as sp

from symbolic import Limit, Status

from .conftest import huge_sum

x = sp.Symbol("x", positive=True)
s = sp.Symbol("s", integer=True, positive=True)


def test_proves_with_numeric_confirmation(check, src):
    v = check(Limit("t/lim", (1 - x**-2) / (1 - x ** (-2 * s)), x, 1, 1 / s, "θ → 1/s", src))
    assert v.status is Status.PROVED
    assert "limit calculus" in v.method and "numeric" in v.evidence


def test_refutes_a_wrong_value(check, src):
    v = check(Limit("t/wrong", sp.sin(x) / x, x, 0, 2, "sin x / x → 2", src, direction="+"))
    assert v.status is Status.REFUTED
    assert "1" in v.evidence


def test_infinite_limit(check, src):
    v = check(Limit("t/inf", sp.exp(x) / x, x, sp.oo, sp.oo, "e^x/x → ∞", src))
    assert v.status is Status.PROVED


def test_unknown_when_budget_runs_out(check, src):
    y = sp.Symbol("y", positive=True)
    v = check(Limit("t/slow", huge_sum(y) * x, x, 0, 0, "too big", src, budget=0.25))
    assert v.status is Status.UNKNOWN
