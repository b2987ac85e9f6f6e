"""Inverse formulas must find the root for targets far below the float range (δ = 1e-200)."""

import mpmath
import sympy as sp

from symbolic import Formula, Hypothesis, Source
from symbolic.exact_numbers import parse_exact
from symbolic.evaluate.inverse import Inverse
from symbolic.params import nonnegative, positive

t_param = nonnegative("t", "argument")
c_param = positive("c", "rate")
y_param = positive("y", "target")
t, c = t_param.symbol, c_param.symbol
src = Source("test", "inverse of a Gaussian-like tail", (), "derived")
forward = Formula("test/tail", sp.erfc(c * t) / 2, [c_param, t_param], src)
inverse = Formula(
    "test/tail-inverse",
    sp.Function("tinv")(c, sp.Symbol("y", positive=True)),
    [c_param, y_param],
    src,
    hypotheses=[Hypothesis(sp.Symbol("y") < 1, "y < 1")],
    inverse=Inverse(forward, solve_for="t", target="y"),
)


def reference(c, y, dps=60):
    """Root of log(erfc(c s)/2) = log(y), solved in log space at 60 digits."""
    with mpmath.workdps(dps):
        c, y = (mpmath.mpf(parse_exact(v).p) / parse_exact(v).q for v in (c, y))
        return mpmath.findroot(lambda s: mpmath.log(mpmath.erfc(c * s) / 2) - mpmath.log(y), 10)


def test_tiny_target_is_not_an_end_of_the_bracket():
    for c, y in (("1/2", "1e-200"), ("3", "1e-300"), ("1", "1e-5")):
        got = inverse.evaluate(dps=40, c=c, y=y)
        ref = reference(c, y)
        with mpmath.workdps(40):
            assert abs(got - ref) <= abs(ref) * mpmath.mpf(10) ** -38, (c, y, got, ref)
