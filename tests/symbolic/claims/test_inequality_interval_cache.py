"""interval_bounds compiles an expression once for all its sample points, with the same enclosures."""

import mpmath
import sympy as sp

from symbolic.claims import inequality

x = sp.Symbol("x", positive=True)
y = sp.Symbol("y", positive=True)


def test_one_compilation_per_expression_and_the_same_enclosures(monkeypatch):
    expr = sp.exp(x) * sp.log(1 + y) - sp.sqrt(x + y) / 3
    points = [{x: sp.Rational(i, 7), y: sp.Rational(3, i)} for i in range(1, 9)]
    inequality._evaluated.cache_clear()
    inequality._interval_function.cache_clear()
    compiled = []
    real_lambdify = sp.lambdify
    monkeypatch.setattr(inequality.sp, "lambdify", lambda *a, **k: compiled.append(a) or real_lambdify(*a, **k))
    bounds = [inequality.interval_bounds(expr, p) for p in points]
    assert len(compiled) == 1
    for (lo, hi), p in zip(bounds, points):
        with mpmath.workdps(60):
            exact = mpmath.mpf(sp.N(expr.xreplace(p), 60))
        assert lo <= exact <= hi and hi - lo < mpmath.mpf(10) ** -45
    # the interval precision is set per call: a lower dps gives a wider enclosure from the same program
    lo, hi = inequality.interval_bounds(expr, points[0], dps=15)
    assert len(compiled) == 1 and hi - lo > bounds[0][1] - bounds[0][0]
