"""symbolic.sums: the linear normal form of sums, and the proofs prove_zero finds with it."""

import random

import sympy as sp

from symbolic.proving import prove_zero
from symbolic.sums import linear_sums

c = sp.Symbol("c", positive=True)
s, D = sp.symbols("s Delta", real=True)
i, k, j = sp.symbols("i k j", integer=True)
m = sp.Symbol("m", integer=True, nonnegative=True)
f = sp.Function("f")


def _values_agree(a, b, symbols, points=6):
    """``a`` and ``b`` (sums evaluated term by term) agree at seeded exact points."""
    rng = random.Random(0)
    for _ in range(points):
        at = {x: sp.Rational(rng.randint(1, 9), rng.randint(1, 4)) for x in symbols}
        # m >= 1: at m = 0 the allocation divides by an empty sum (0), undefined on both sides
        at[m] = rng.randint(1, 5)
        assert sp.simplify((a - b).xreplace(at).doit()) == 0, at


def test_linear_form_equals_the_sum():
    e = sp.Sum((D + s * sp.Sum(c**-k, (k, 1, m))) / (c**i * sp.Sum(c ** (-2 * k), (k, 1, m))) - s / c**i, (i, 1, m))
    _values_agree(e, linear_sums(e), [c, s, D])


def test_inner_sum_with_a_limit_on_the_outer_index_is_not_captured():
    e = sp.Sum(i * sp.Sum(c**k, (k, 1, i)) + c * i**2, (i, 1, m))
    lin = linear_sums(e)
    _values_agree(e, lin, [c])


def test_the_same_sum_under_two_index_names_cancels():
    assert sp.expand(linear_sums(sp.Sum(c**-i, (i, 1, m)) - sp.Sum(c**-k, (k, 1, m)))) == 0


def test_allocation_summed_over_its_range_is_proved_without_evaluating_the_sums():
    a, b = sp.Sum(c**-k, (k, 1, m)), sp.Sum(c ** (-2 * k), (k, 1, m))
    x = (-s + (D + s * a) / (c**i * b)) / c**i
    proof = prove_zero(sp.Sum(x, (i, 1, m)) - D)
    assert proof.proved and "linearity" in proof.method


def test_induction_step_is_proved_by_peeling_then_linearity():
    n = sp.Symbol("n", integer=True, nonnegative=True)
    closed = lambda t: c**t + sp.Sum(c ** (t - k) * f(k), (k, 1, t))  # noqa: E731
    proof = prove_zero(closed(n + 1) - (c * closed(n) + f(n + 1)))
    assert proof.proved and "peeled" in proof.method


def test_false_sum_identities_are_not_proved():
    # shifted range, a summand that differs at one index, an index-dependent factor pulled out
    for false in (
        sp.Sum(c**-i, (i, 1, m)) - sp.Sum(c**-i, (i, 0, m)),
        sp.Sum(c**-i + sp.KroneckerDelta(i, 2), (i, 1, m)) - sp.Sum(c**-i, (i, 1, m)),
        sp.Sum(i * c**-i, (i, 1, m)) - m * sp.Sum(c**-i, (i, 1, m)),
    ):
        assert not prove_zero(false).proved, false
