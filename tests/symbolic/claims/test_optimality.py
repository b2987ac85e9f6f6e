import sympy as sp

from symbolic import Optimality, Status

from .conftest import huge_sum

y = sp.Symbol("y", real=True)
i = sp.Symbol("i", integer=True)
n = sp.Symbol("n", integer=True, positive=True)
w = sp.Symbol("w", positive=True)


def test_proves_the_equal_split(check, src):
    v = check(
        Optimality(
            "t/split",
            y**2,
            y,
            i,
            1,
            n,
            1,
            1,
            1 / n,
            2 / n,
            1 / n,
            "min Σ y_i² s.t. Σ y_i = 1 is 1/n at y_i = 1/n",
            src,
            feasible=sp.S.Reals,
        )
    )
    assert v.status is Status.PROVED and "KKT" in v.method


def test_refutes_a_wrong_optimal_value(check, src):
    v = check(
        Optimality("t/value", y**2, y, i, 1, n, 1, 1, 1 / n, 2 / n, 2 / n, "wrong value", src, feasible=sp.S.Reals)
    )
    assert v.status is Status.REFUTED
    assert v.method.startswith("value")


def test_refutes_a_non_stationary_candidate(check, src):
    # Feasible (sums to 1) but not optimal: y_i proportional to i.
    cand = 2 * i / (n * (n + 1))
    v = check(
        Optimality("t/stationary", y**2, y, i, 1, n, 1, 1, cand, 2 / n, 1 / n, "wrong point", src, feasible=sp.S.Reals)
    )
    assert v.status is Status.REFUTED
    assert v.method.startswith("stationarity")


def test_unknown_when_budget_runs_out(check, src):
    big = huge_sum(w)
    v = check(
        Optimality(
            "t/slow",
            y**2,
            y,
            i,
            1,
            n,
            1,
            big,
            big / n,
            2 * big / n,
            big**2 / n,
            "too big",
            src,
            budget=0.25,
            feasible=sp.S.Reals,
        )
    )
    assert v.status is Status.UNKNOWN
