import sympy as sp

from symbolic import Inequality, Status

from .conftest import huge_sum

x = sp.Symbol("x", real=True)
p = sp.Symbol("p", positive=True)


def test_proves_by_factoring(check, src):
    v = check(Inequality("t/amgm", x**2 + 1, ">=", 2 * x, "x² + 1 ≥ 2x", src))
    assert v.status is Status.PROVED


def test_proves_with_a_certificate(check, src):
    v = check(Inequality("t/cert", x**4 + 2, ">", 2 * x**2, "x⁴ + 2 > 2x²", src, certificate=(x**2 - 1) ** 2 + 1))
    assert v.status is Status.PROVED and "certificate" in v.method


def test_checked_only_on_samples_when_not_manifest(check, src):
    v = check(Inequality("t/exp", sp.exp(x), ">=", 1 + x, "e^x ≥ 1 + x", src, samples=25))
    assert v.status is Status.CHECKED
    assert "sampled 25 points" in v.method


def test_refutes_with_certain_counterexample(check, src):
    v = check(Inequality("t/false", p, ">=", p**2, "p ≥ p²", src))
    assert v.status is Status.REFUTED
    assert sp.Rational(v.counterexample["p"]) > 1


def test_refutes_non_rational_point_with_interval_arithmetic(check, src):
    v = check(Inequality("t/iv", sp.sqrt(p), "<=", 1, "√p ≤ 1", src, hints=[{"p": 3}]))
    assert v.status is Status.REFUTED
    assert "interval" in v.method or "exact" in v.method


def test_unknown_when_budget_runs_out(check, src):
    v = check(Inequality("t/slow", huge_sum(x), ">=", 0, "too big", src, budget=0.25))
    assert v.status is Status.UNKNOWN


def test_symbolic_attempt_simplifies_the_difference_once(monkeypatch):
    """ "simplify" and "factor(simplify)" start from the same simplified difference: one simplify, not two."""
    from symbolic.deadline import Deadline

    calls = []
    real = sp.simplify
    monkeypatch.setattr(sp, "simplify", lambda e, **kw: calls.append(e) or real(e, **kw))
    claim = Inequality("t/once", sp.exp(x), ">=", 1 + x, "e^x ≥ 1 + x", "src")
    assert claim._symbolic(Deadline(10)) is None
    assert len(calls) == 1
