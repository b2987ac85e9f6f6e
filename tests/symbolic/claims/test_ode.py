import sympy as sp

from symbolic import ODE, Status

from .conftest import huge_sum, huge_sum_closed

x = sp.Symbol("x", real=True)
c = sp.Symbol("c", positive=True)
f = sp.Function("f")
growth = sp.Eq(f(x).diff(x), c * f(x))


def test_proves_solution_and_initial_condition(check, src):
    v = check(
        ODE(
            "t/ode",
            equation=growth,
            func=f(x),
            solution=sp.exp(c * x),
            initial={0: 1},
            statement="f' = c f, f(0) = 1",
            source=src,
        )
    )
    assert v.status is Status.PROVED


def test_refutes_a_wrong_solution(check, src):
    v = check(
        ODE(
            "t/wrong",
            equation=growth,
            func=f(x),
            solution=sp.exp(2 * c * x),
            initial={0: 1},
            statement="wrong rate",
            source=src,
        )
    )
    assert v.status is Status.REFUTED and v.counterexample


def test_refutes_a_wrong_initial_condition(check, src):
    v = check(
        ODE(
            "t/ic",
            equation=growth,
            func=f(x),
            solution=2 * sp.exp(c * x),
            initial={0: 1},
            statement="wrong start",
            source=src,
        )
    )
    assert v.status is Status.REFUTED
    assert "initial condition" in v.method


def test_unknown_when_budget_runs_out(check, src):
    y = sp.Symbol("y", positive=True)
    sol = sp.exp(c * x) + huge_sum(y) - huge_sum_closed(y)  # = e^{cx}, but nobody can tell quickly
    v = check(
        ODE(
            "t/slow",
            equation=growth,
            func=f(x),
            solution=sol,
            initial={0: 1},
            statement="too big",
            source=src,
            budget=0.25,
        )
    )
    assert v.status is Status.UNKNOWN


def test_a_piecewise_right_side_does_not_establish_uniqueness():
    """f' = Piecewise((√f, f > 0), (0, True)), f(0) = 0: ∂F/∂f(0) = 0 is finite, yet f = 0 and f = x²/4 (x ≥ 0)
    both solve it (red-team: 'the solution is 0' was PROVED)."""
    from symbolic import ODE, Source, Status

    x = sp.Symbol("x", nonnegative=True)
    f = sp.Function("f")
    rhs = sp.Piecewise((sp.sqrt(f(x)), f(x) > 0), (0, True))
    claim = ODE(
        "t/nonunique",
        "",
        Source("t", "t", form="derived"),
        equation=sp.Eq(f(x).diff(x), rhs),
        func=f(x),
        solution=sp.S.Zero,
        initial={0: 0},
    )
    verdict = claim.check()
    assert verdict.status is Status.CHECKED and "determine the solution" in verdict.method
    # the independent oracle: x²/4 is a second solution through (0, 0)
    other = x**2 / 4
    assert sp.simplify(sp.diff(other, x) - sp.sqrt(other)) == 0 and other.subs(x, 0) == 0
