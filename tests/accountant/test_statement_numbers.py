"""``--statement`` prints numbers as decimals, as the rest of the report does (issue 29): exact where the value
is a terminating decimal, else ≈ rounded up; the sampling rate q = b/n was printed as a fraction (8/1875)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from accountant.statement import decimal


@pytest.mark.parametrize(
    "value, shown",
    [
        ("1/2", "0.5"),
        ("11/2560", "0.004296875"),
        ("11/10", "1.1"),
        ("60000", "60000"),
        ("-3/4", "-0.75"),
        ("8/1875", "≈0.00426667"),
        ("1/3", "≈0.333334"),
        ("1/10**300", "1e-300"),
    ],
)
def test_decimal(value, shown):
    assert decimal(sp.Rational(sp.sympify(value))) == shown


def test_a_rounded_decimal_is_never_below_the_value():
    for p, q in [(8, 1875), (1, 3), (2, 3), (1, 7), (22, 7)]:
        assert Fraction(decimal(sp.Rational(p, q)).lstrip("≈")) >= Fraction(p, q)


def test_statement_prints_q_as_a_decimal():
    from accountant import account
    from accountant.statement import statement

    run = {
        "loss": "nonconvex",
        "M": "1",
        "batching": "poisson",
        "n": "60000",
        "batch_size": "256",
        "clip": "1",
        "noise_multiplier": "1.1",
        "step_size": "0.5",
        "steps": "10",
    }
    text = statement(account(run, delta="1e-5", heuristics=False))
    assert "q = b/n ≈ 0.00426667" in text and "8/1875" not in text
    assert "η = 0.5" in text and "z = b·s/C = 1.1" in text and "s = 0.004296875" in text
