from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from symbolic import InputError, parse_exact


@pytest.mark.parametrize(
    "text, value",
    [
        ("0.1", sp.Rational(1, 10)),
        ("1/3", sp.Rational(1, 3)),
        ("1e-200", sp.Rational(1, 10**200)),
        ("-2", sp.Integer(-2)),
        ("1.000000001", sp.Rational(1000000001, 10**9)),
        (" 2.5E3 ", sp.Integer(2500)),
        (".5", sp.Rational(1, 2)),
        ("12 / 4", sp.Integer(3)),
        (7, sp.Integer(7)),
        (Fraction(3, 4), sp.Rational(3, 4)),
    ],
)
def test_parses_exactly(text, value):
    assert parse_exact(text) == value


@pytest.mark.parametrize("bad", ["abc", "nan", "inf", "1/0", "", "1/2/3", "0x10", "1e", 0.1, True, sp.sqrt(2)])
def test_rejects_with_input_error(bad):
    with pytest.raises(InputError):
        parse_exact(bad)


@settings(max_examples=200, deadline=None)
@given(st.fractions(), st.integers(min_value=-300, max_value=300))
def test_decimal_and_fraction_strings_round_trip(frac, exponent):
    assert parse_exact(f"{frac.numerator}/{frac.denominator}") == sp.Rational(frac.numerator, frac.denominator)
    assert parse_exact(f"{frac.numerator}e{exponent}") == sp.Rational(frac.numerator) * sp.Rational(10) ** exponent
