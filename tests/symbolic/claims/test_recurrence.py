import sympy as sp

from symbolic import Recurrence, Status

from .conftest import huge_sum, huge_sum_closed

n = sp.Symbol("n", integer=True, nonnegative=True)
x = sp.Symbol("x", positive=True)
a = sp.Function("a")
rec = sp.Eq(a(n + 1), 2 * a(n) + 1)


def test_proves_by_induction(check, src):
    v = check(Recurrence("t/rec", a, n, 2**n - 1, rec, {0: 0}, "a_n = 2^n − 1", src))
    assert v.status is Status.PROVED
    assert "induction on n" in v.method


def test_refutes_a_wrong_base_case(check, src):
    v = check(Recurrence("t/base", a, n, 2**n, rec, {0: 0}, "a_n = 2^n", src))
    assert v.status is Status.REFUTED
    assert "base case" in v.method


def test_refutes_a_wrong_step_with_counterexample(check, src):
    v = check(Recurrence("t/step", a, n, n**2, rec, {0: 0}, "a_n = n²", src))
    assert v.status is Status.REFUTED
    assert v.counterexample is not None and "n" in v.counterexample
    m = sp.Integer(v.counterexample["n"])
    assert (m + 1) ** 2 != 2 * m**2 + 1


def test_unknown_when_budget_runs_out(check, src):
    b = sp.Function("b")
    closed = huge_sum(x) * x**n
    v = check(
        Recurrence(
            "t/slow", b, n, closed, sp.Eq(b(n + 1), x * b(n)), {0: huge_sum_closed(x)}, "too big", src, budget=0.25
        )
    )
    assert v.status is Status.UNKNOWN
