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
    # x > 0: every term 1/(k² + x) is defined (for real x the statement is undefined at x = −k²,
    # and its obligation REFUTES it there at once)
    xp = sp.Symbol("x", positive=True)
    v = check(Inequality("t/slow", huge_sum(xp), ">=", 1, "too big", src, budget=0.25))
    assert v.status is Status.UNKNOWN


def test_a_sum_with_a_pole_in_its_range_is_refuted_by_its_obligation(check, src):
    v = check(Inequality("t/pole", huge_sum(x), ">=", 0, "undefined at x = -k²", src, budget=5))
    assert v.status is Status.REFUTED and "k**2 + x ≠ 0" in v.evidence


def test_symbolic_attempt_simplifies_the_difference_once(monkeypatch):
    """ "simplify" and "factor(simplify)" start from the same simplified difference: one simplify, not two."""
    from symbolic.deadline import Deadline

    calls = []
    real = sp.simplify
    monkeypatch.setattr(sp, "simplify", lambda e, **kw: calls.append(e) or real(e, **kw))
    claim = Inequality("t/once", sp.exp(x), ">=", 1 + x, "e^x ≥ 1 + x", "src")
    assert claim._symbolic(Deadline(10)) is None
    assert len(calls) == 1


# ---------------------------------------------------------------------------
# parts=[(factor, expr, hints)]: the difference is Σ factor·expr, factors manifest, each expr ≥ 0 proved on its own

_y = sp.Symbol("y", nonnegative=True)
_g = _y - sp.log(1 + _y)  # ≥ 0: 0 at y = 0, derivative y/(1 + y) ≥ 0; not manifest as it stands
_G = (1 / (1 + _y), _g, {"increasing_in": _y})


def test_parts_combine_a_certificate_and_a_monotonicity_argument(check, src):
    d = p * (x**2 - 2 * x + 1) + _g / (1 + _y)
    parts = [(p, x**2 - 2 * x + 1, {"certificate": (x - 1) ** 2}), _G]
    v = check(Inequality("t/parts", d, ">=", 0, "sum of parts", src, parts=parts))
    assert v.status is Status.PROVED and "2 parts" in v.method
    assert check(Inequality("t/bare", d, ">=", 0, "sum of parts", src, samples=8)).status is Status.CHECKED


def test_parts_refused_when_a_factor_a_part_or_the_sum_fails(check, src):
    d = _g / (1 + _y) + (x - 1) ** 2
    assert check(Inequality("t/ok", d, ">=", 0, "ok", src, parts=[_G, (1, (x - 1) ** 2, {})])).status is Status.PROVED
    cases = {
        "unsigned factor": [_G, (x - 1, x - 1, {})],  # (x − 1)·(x − 1) is the right sum, but x − 1 is not signed
        "part not proved": [(1 / (1 + _y), _g, {}), (1, (x - 1) ** 2, {})],  # y − log(1 + y) without its hint
        "wrong sum": [_G, (1, (x - 1) ** 2 + 1, {})],  # the parts exceed the difference by 1
    }
    for name, parts in cases.items():
        v = check(Inequality(f"t/{name}", d, ">=", 0, name, src, parts=parts, samples=6))
        assert v.status is Status.CHECKED, name
    strict = check(Inequality("t/strict", d + 1, ">", 0, "strict", src, parts=[_G, (1, (x - 1) ** 2 + 1, {})]))
    assert strict.status is not Status.PROVED  # y − log(1 + y) > 0 fails at y = 0: a strict sum needs strict parts


# --- red-team: false inequalities that every random sample point satisfies ---------------------------------

import pytest  # noqa: E402
import sympy as _sp  # noqa: E402

from symbolic import Inequality as _Inequality, Source as _Source, Status as _Status  # noqa: E402

_RX, _PX = _sp.Symbol("x", real=True), _sp.Symbol("x", positive=True)
_SRC = _Source("t", "t", form="derived")


@pytest.mark.parametrize(
    "lhs, rel, rhs, oracle",
    [
        # (x - 1/7)^2 > 0 fails at the double root 1/7 (no candidate value)
        ((_RX - _sp.Rational(1, 7)) ** 2, ">", 0, lambda v: (v - _sp.Rational(1, 7)) ** 2 > 0),
        # 1/(x^2 - 2) >= -10 fails just beside the irrational pole sqrt(2)
        (1 / (_PX**2 - 2), ">=", -10, lambda v: 1 / (v**2 - 2) >= -10),
        # log x < 25 fails past e^25 ~ 7.2e10 (candidates stop at 37/3)
        (_sp.log(_PX), "<", 25, lambda v: _sp.log(v).evalf(30) < 25),
        # sin x <= 0.9999 x fails for small x
        (_sp.sin(_PX), "<=", _sp.Rational(9999, 10000) * _PX, lambda v: _sp.sin(v).evalf(40) <= 0.9999 * v),
    ],
)
def test_a_false_inequality_is_refuted_where_random_samples_do_not_land(lhs, rel, rhs, oracle):
    claim = _Inequality("t/thin", lhs, rel, rhs, "", _SRC, samples=8)
    verdict = claim.check()
    assert verdict.status is _Status.REFUTED, verdict.method
    # the counterexample, checked by an independent evaluation of the claim
    v = _sp.Rational(next(iter(verdict.counterexample.values())))
    assert not bool(oracle(v))
