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
            objective=y**2,
            x=y,
            index=i,
            lower=1,
            upper=n,
            coefficient=1,
            total=1,
            candidate=1 / n,
            multiplier=2 / n,
            value=1 / n,
            statement="min Σ y_i² s.t. Σ y_i = 1 is 1/n at y_i = 1/n",
            source=src,
            feasible=sp.S.Reals,
        )
    )
    assert v.status is Status.PROVED and "KKT" in v.method


def test_refutes_a_wrong_optimal_value(check, src):
    v = check(
        Optimality(
            "t/value",
            objective=y**2,
            x=y,
            index=i,
            lower=1,
            upper=n,
            coefficient=1,
            total=1,
            candidate=1 / n,
            multiplier=2 / n,
            value=2 / n,
            statement="wrong value",
            source=src,
            feasible=sp.S.Reals,
        )
    )
    assert v.status is Status.REFUTED
    assert v.method.startswith("value")


def test_refutes_a_non_stationary_candidate(check, src):
    # Feasible (sums to 1) but not optimal: y_i proportional to i.
    cand = 2 * i / (n * (n + 1))
    v = check(
        Optimality(
            "t/stationary",
            objective=y**2,
            x=y,
            index=i,
            lower=1,
            upper=n,
            coefficient=1,
            total=1,
            candidate=cand,
            multiplier=2 / n,
            value=1 / n,
            statement="wrong point",
            source=src,
            feasible=sp.S.Reals,
        )
    )
    assert v.status is Status.REFUTED
    assert v.method.startswith("stationarity")


def test_unknown_when_budget_runs_out(check, src):
    big = huge_sum(w)
    v = check(
        Optimality(
            "t/slow",
            objective=y**2,
            x=y,
            index=i,
            lower=1,
            upper=n,
            coefficient=1,
            total=big,
            candidate=big / n,
            multiplier=2 * big / n,
            value=big**2 / n,
            statement="too big",
            source=src,
            budget=0.25,
            feasible=sp.S.Reals,
        )
    )
    assert v.status is Status.UNKNOWN
