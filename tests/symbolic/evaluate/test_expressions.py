"""symbolic.evaluate.expressions: branch resolution and the compiled mpmath evaluator."""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic.evaluate.expressions import CompiledExpression, resolve_branches

x, y = sp.symbols("x y", real=True)
NESTED = 2 * sp.Piecewise((x**2, x > 1), (sp.sqrt(x) * y, True)) ** 3 + sp.exp(sp.Piecewise((y, y < 0), (-y, True)))
POINTS = [
    {x: sp.Integer(2), y: sp.Rational(-1, 3)},
    {x: sp.Rational(1, 2), y: sp.Rational(7, 5)},
    {x: sp.Integer(1), y: sp.Integer(0)},  # on both boundaries: the exact decision takes the later branch
]


def test_unevaluated_resolution_is_the_same_function():
    for point in POINTS:
        evaluated = resolve_branches(NESTED, point)
        unevaluated = resolve_branches(NESTED, point, evaluate=False)
        assert not unevaluated.has(sp.Piecewise)
        assert sp.simplify(evaluated - unevaluated) == 0, point
        with mpmath.workdps(50):
            a = sp.lambdify((x, y), evaluated, "mpmath")(*(mpmath.mpf(point[s].p) / point[s].q for s in (x, y)))
            b = sp.lambdify((x, y), unevaluated, "mpmath")(*(mpmath.mpf(point[s].p) / point[s].q for s in (x, y)))
            assert a == b or abs(a - b) <= abs(a) * mpmath.mpf(10) ** -45, point


def test_compiled_expression_with_branches_matches_an_independent_value():
    compiled = CompiledExpression(NESTED, (x, y), "nested")
    for point in POINTS:
        with mpmath.workdps(60):  # written from the expression, branch by branch
            xv, yv = (mpmath.mpf(point[s].p) / point[s].q for s in (x, y))
            first = xv**2 if xv > 1 else mpmath.sqrt(xv) * yv
            want = 2 * first**3 + mpmath.exp(yv if yv < 0 else -yv)
            got = compiled(point, 30)
            assert abs(got - want) <= abs(want) * mpmath.mpf(10) ** -29, (point, got, want)


def test_an_integer_domain_is_the_unevaluated_relation():
    from symbolic.params import Parameter

    n = Parameter(sp.Symbol("n", integer=True, positive=True))
    integer, _ = n.domain()
    plain = sp.Symbol("n")
    assert integer.relation == sp.Eq(sp.floor(plain), plain)
    assert integer.holds({"n": sp.Integer(3)}) and not integer.holds({"n": sp.Rational(7, 2)})
