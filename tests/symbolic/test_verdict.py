"""A verdict's text never fails on a value Python refuses to print (red-team: a crash, not a counterexample)."""

import sympy as sp

from symbolic import Identity, Source, Status
from symbolic.verdict import shown


def test_an_exact_residual_of_thousands_of_digits_is_a_counterexample_not_a_crash():
    x = sp.Symbol("x", positive=True)
    # at x = 1 the residual is 2**15000 - 2: 4516 digits, past Python's 4300-digit str() limit
    claim = Identity(
        "t/huge", "", Source("t", "t", form="derived"), lhs=(x + 1) ** 15000, rhs=x**15000 + 1, hints=[{"x": 1}]
    )
    verdict = claim.check()
    assert verdict.status is Status.REFUTED, verdict.method
    assert "exact rational" in verdict.evidence
    assert verdict.as_dict()["counterexample"] == {"x": "1"}


def test_shown_gives_leading_digits_that_agree_with_an_independent_computation():
    value = sp.Integer(2) ** 15000 - 2
    text = shown(value)
    import mpmath

    with mpmath.workdps(30):
        expected = mpmath.nstr(mpmath.mpf(2) ** 15000, 15)  # the -2 is far below 15 digits
    assert text.startswith(expected.split("e")[0][:12])
    assert shown(sp.Rational(3, 7)) == "3/7"
