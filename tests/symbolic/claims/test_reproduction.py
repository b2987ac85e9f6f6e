import mpmath
import pytest
import sympy as sp

from symbolic import Reproduction, Status
from symbolic.claims.reproduction import printed_interval


def test_exact_fraction_is_proved(check, src):
    v = check(
        Reproduction(
            "t/exact",
            compute=lambda: sp.Rational(16, 21),
            printed="16/21",
            statement="θ_2(3)",
            source=src,
            origin="recomputed",
        )
    )
    assert v.status is Status.PROVED


def test_decimal_matches_printed_digits(check, src):
    v = check(
        Reproduction(
            "t/dec",
            compute=lambda: mpmath.mpf(16) / 21,
            printed="0.7619",
            statement="θ_2(3)",
            source=src,
            origin="recomputed",
        )
    )
    assert v.status is Status.CHECKED


def test_decimal_that_does_not_round_to_the_print_is_refuted(check, src):
    v = check(
        Reproduction(
            "t/bad",
            compute=lambda: mpmath.mpf(16) / 21,
            printed="0.7620",
            statement="θ_2(3)",
            source=src,
            origin="recomputed",
        )
    )
    assert v.status is Status.REFUTED


def test_wrong_exact_value_is_refuted(check, src):
    v = check(
        Reproduction(
            "t/badexact",
            compute=lambda: sp.Rational(80, 441),
            printed="16/21",
            statement="Σ from 2",
            source=src,
            origin="recomputed",
        )
    )
    assert v.status is Status.REFUTED


def _spin():
    while True:  # computes forever (budgets are CPU time: a sleeper would only meet the wall backstop)
        pass


def test_unknown_when_budget_runs_out(check, src):
    v = check(
        Reproduction(
            "t/slow",
            compute=_spin,
            printed="1",
            statement="never returns",
            source=src,
            origin="recomputed",
            budget=0.25,
        )
    )
    assert v.status is Status.UNKNOWN and v.method == "timeout"


@pytest.mark.parametrize(
    "printed, lo, hi",
    [
        ("0.6355", "0.63545", "0.63555"),
        ("1.2e-5", "1.15e-5", "1.25e-5"),
        ("12", "11.5", "12.5"),
    ],
)
def test_printed_interval(printed, lo, hi):
    a, b, _ = printed_interval(printed)
    assert (a, b) == (sp.Rational(lo), sp.Rational(hi))


def test_origin_is_required_and_printed_needs_a_quote(src):
    with pytest.raises(ValueError, match="origin"):
        Reproduction("t/none", compute=lambda: 1, printed="1", statement="no origin", source=src)
    with pytest.raises(ValueError, match="origin"):
        Reproduction("t/bogus", compute=lambda: 1, printed="1", statement="bad origin", source=src, origin="catalog")
    with pytest.raises(ValueError, match="quote"):
        Reproduction(
            "t/noquote", compute=lambda: 1, printed="1", statement="printed without words", source=src, origin="printed"
        )
    ok = Reproduction(
        "t/ok",
        compute=lambda: 1,
        printed="1",
        statement="printed with words",
        source=src,
        origin="printed",
        quote="equals 1",
    )
    assert ok.origin == "printed" and ok.quote == "equals 1"


def test_evidence_names_the_origin(check, src):
    v = check(
        Reproduction(
            "t/fig",
            compute=lambda: mpmath.mpf(16) / 21,
            printed="0.76",
            statement="read off",
            source=src,
            origin="figure-reading",
        )
    )
    assert v.status is Status.CHECKED and "figure" in v.method and "read off the figure 0.76" in v.evidence
    v = check(
        Reproduction(
            "t/pr",
            compute=lambda: mpmath.mpf(16) / 21,
            printed="0.7619",
            statement="p",
            source=src,
            origin="printed",
            quote="0.7619",
        )
    )
    assert "printed digits" in v.method and "printed 0.7619" in v.evidence
