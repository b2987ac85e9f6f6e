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


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["", "+", "-"]),
    st.text("0123456789", min_size=1, max_size=45),
    st.one_of(st.none(), st.text("0123456789", max_size=45)),
    st.one_of(st.none(), st.tuples(st.sampled_from("eE"), st.sampled_from(["", "+", "-"]), st.integers(0, 120))),
)
def test_short_decimals_parse_as_the_general_parser_parses_them(sign, whole, frac, exponent):
    # parse_exact reads short decimals directly; the value must be the general parser's
    text = sign + whole + ("" if frac is None else "." + frac)
    if exponent is not None:
        text += f"{exponent[0]}{exponent[1]}{exponent[2]}"
    value = Fraction(int(whole + (frac or "")), 10 ** len(frac or ""))
    e = 0 if exponent is None else (-1 if exponent[1] == "-" else 1) * exponent[2]
    value = value * Fraction(10) ** e * (-1 if sign == "-" else 1)
    assert parse_exact(text) == sp.Rational(value.numerator, value.denominator)


@pytest.mark.parametrize("bad", ["1.5abc", "1.5\n2", "١٢", "1e5e5", "--1", "1..2"])
def test_the_short_decimal_reader_accepts_only_whole_numbers(bad):
    with pytest.raises(InputError):
        parse_exact(bad)
