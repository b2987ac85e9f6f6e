import sympy as sp

from symbolic import Recurrence, Status

from .conftest import huge_sum, huge_sum_closed

n = sp.Symbol("n", integer=True, nonnegative=True)
x = sp.Symbol("x", positive=True)
a = sp.Function("a")
rec = sp.Eq(a(n + 1), 2 * a(n) + 1)


def test_proves_by_induction(check, src):
    v = check(
        Recurrence(
            "t/rec",
            sequence=a,
            index=n,
            closed_form=2**n - 1,
            recursion=rec,
            base={0: 0},
            statement="a_n = 2^n − 1",
            source=src,
        )
    )
    assert v.status is Status.PROVED
    assert "induction on n" in v.method


def test_refutes_a_wrong_base_case(check, src):
    v = check(
        Recurrence(
            "t/base",
            sequence=a,
            index=n,
            closed_form=2**n,
            recursion=rec,
            base={0: 0},
            statement="a_n = 2^n",
            source=src,
        )
    )
    assert v.status is Status.REFUTED
    assert "base case" in v.method


def test_refutes_a_wrong_step_with_counterexample(check, src):
    v = check(
        Recurrence(
            "t/step",
            sequence=a,
            index=n,
            closed_form=n**2,
            recursion=rec,
            base={0: 0},
            statement="a_n = n²",
            source=src,
        )
    )
    assert v.status is Status.REFUTED
    assert v.counterexample is not None and "n" in v.counterexample
    m = sp.Integer(v.counterexample["n"])
    assert (m + 1) ** 2 != 2 * m**2 + 1


def test_unknown_when_budget_runs_out(check, src):
    b = sp.Function("b")
    closed = huge_sum(x) * x**n
    v = check(
        Recurrence(
            "t/slow",
            sequence=b,
            index=n,
            closed_form=closed,
            recursion=sp.Eq(b(n + 1), x * b(n)),
            base={0: huge_sum_closed(x)},
            statement="too big",
            source=src,
            budget=0.25,
        )
    )
    assert v.status is Status.UNKNOWN
