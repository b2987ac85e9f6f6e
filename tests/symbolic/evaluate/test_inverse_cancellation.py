"""An inverse whose forward cancels catastrophically near the root is still certified.

The forward erfc(t) − erfc(t + h) with h = 1e-40 is a difference of two values that agree to ~40
digits (like θ_ε(r) of Asoodeh & Diaz at r = 1e-25, issue #17), and at t = 0 it is erf(h) ≈ 1e-40,
which is exactly 0 at the root finder's old 10 guard digits.  The root finder must
measure the loss and add guard digits, so the Arb bracket around its proposal is accepted
(``enclosure`` True) rather than falling back to mpmath.
"""

import mpmath
import sympy as sp

from symbolic import Formula, Hypothesis, Source
from symbolic.evaluate.inverse import Inverse
from symbolic.params import nonnegative, positive

t_param = nonnegative("t", "argument")
h_param = positive("h", "half-width")
y_param = positive("y", "target")
t, h = t_param.symbol, h_param.symbol
src = Source("test", "inverse of a difference of two nearly equal tails", (), "derived")
forward = Formula("test/tail-difference", sp.erfc(t) - sp.erfc(t + h), [h_param, t_param], src)
inverse = Formula(
    "test/tail-difference-inverse",
    sp.Function("dinv")(h, sp.Symbol("y", positive=True)),
    [h_param, y_param],
    src,
    hypotheses=[Hypothesis(sp.Symbol("y") < 1, "y < 1")],
    inverse=Inverse(forward, solve_for="t", target="y"),
)


def reference(h, y):
    """The root of erfc(s) − erfc(s + h) = y at 250 digits (the difference keeps ~150 of them), by
    mpmath's Illinois solver on log(erfc(s) − erfc(s + h)) − log(y) over s in [0, 40]."""
    with mpmath.workdps(250):
        h, y = mpmath.mpf(h), mpmath.mpf(y)
        residual = lambda s: mpmath.log(mpmath.erfc(s) - mpmath.erfc(s + h)) - mpmath.log(y)  # noqa: E731
        return mpmath.findroot(residual, (mpmath.mpf(0), mpmath.mpf(40)), solver="illinois")


def test_a_cancelling_forward_is_enclosed_with_every_digit_right():
    for hv, yv, dps in (("1e-40", "1e-100", 30), ("1e-40", "1e-41", 30), ("1e-100", "1e-300", 40)):
        e = inverse.evaluation(dps, h=hv, y=yv)
        assert e.enclosure, (hv, yv, e.note)
        ref = reference(hv, yv)
        with mpmath.workdps(dps + 20):
            assert mpmath.nstr(e.value, dps) == mpmath.nstr(ref, dps), (hv, yv, e.value, ref)


def test_an_exact_zero_of_the_forward_is_not_taken_for_the_root():
    """At t = 0 the forward is erf(h) > y: the root is positive, not the lower end 0."""
    e = inverse.evaluation(30, h="1e-100", y="1e-150")
    assert e.enclosure and e.value > 0, e
