import mpmath
import pytest
import sympy as sp

from symbolic import Reproduction, Status
from symbolic.claims.reproduction import printed_interval


def test_exact_fraction_is_proved(check, src):
    v = check(Reproduction("t/exact", lambda: sp.Rational(16, 21), "16/21", "θ_2(3)", src, origin="recomputed"))
    assert v.status is Status.PROVED


def test_decimal_matches_printed_digits(check, src):
    v = check(Reproduction("t/dec", lambda: mpmath.mpf(16) / 21, "0.7619", "θ_2(3)", src, origin="recomputed"))
    assert v.status is Status.CHECKED


def test_decimal_that_does_not_round_to_the_print_is_refuted(check, src):
    v = check(Reproduction("t/bad", lambda: mpmath.mpf(16) / 21, "0.7620", "θ_2(3)", src, origin="recomputed"))
    assert v.status is Status.REFUTED


def test_wrong_exact_value_is_refuted(check, src):
    v = check(Reproduction("t/badexact", lambda: sp.Rational(80, 441), "16/21", "Σ from 2", src, origin="recomputed"))
    assert v.status is Status.REFUTED


def _spin():
    while True:  # computes forever (budgets are CPU time: a sleeper would only meet the wall backstop)
        pass


def test_unknown_when_budget_runs_out(check, src):
    v = check(Reproduction("t/slow", _spin, "1", "never returns", src, origin="recomputed", budget=0.25))
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
        Reproduction("t/none", lambda: 1, "1", "no origin", src)
    with pytest.raises(ValueError, match="origin"):
        Reproduction("t/bogus", lambda: 1, "1", "bad origin", src, origin="catalog")
    with pytest.raises(ValueError, match="quote"):
        Reproduction("t/noquote", lambda: 1, "1", "printed without words", src, origin="printed")
    ok = Reproduction("t/ok", lambda: 1, "1", "printed with words", src, origin="printed", quote="equals 1")
    assert ok.origin == "printed" and ok.quote == "equals 1"


def test_evidence_names_the_origin(check, src):
    v = check(Reproduction("t/fig", lambda: mpmath.mpf(16) / 21, "0.76", "read off", src, origin="figure-reading"))
    assert v.status is Status.CHECKED and "figure" in v.method and "read off the figure 0.76" in v.evidence
    v = check(Reproduction("t/pr", lambda: mpmath.mpf(16) / 21, "0.7619", "p", src, origin="printed", quote="0.7619"))
    assert "printed digits" in v.method and "printed 0.7619" in v.evidence
