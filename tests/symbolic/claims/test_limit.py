import sympy as sp

from symbolic import Limit, Status

from .conftest import huge_sum

x = sp.Symbol("x", positive=True)
s = sp.Symbol("s", integer=True, positive=True)


def test_proves_with_numeric_confirmation(check, src):
    v = check(Limit("t/lim", (1 - x**-2) / (1 - x ** (-2 * s)), x, 1, 1 / s, "θ → 1/s", src))
    assert v.status is Status.PROVED
    assert "limit calculus" in v.method and "numeric" in v.evidence


def test_refutes_a_wrong_value(check, src):
    v = check(Limit("t/wrong", sp.sin(x) / x, x, 0, 2, "sin x / x → 2", src, direction="+"))
    assert v.status is Status.REFUTED
    assert "1" in v.evidence


def test_infinite_limit(check, src):
    v = check(Limit("t/inf", sp.exp(x) / x, x, sp.oo, sp.oo, "e^x/x → ∞", src))
    assert v.status is Status.PROVED


def test_unknown_when_budget_runs_out(check, src):
    y = sp.Symbol("y", positive=True)
    v = check(Limit("t/slow", huge_sum(y) * x, x, 0, 0, "too big", src, budget=0.25))
    assert v.status is Status.UNKNOWN


def test_a_sign_failing_at_a_point_skips_simplify(monkeypatch):
    """l'Hôpital tries g' and −g': the sign that fails at t = 1/2 (resp. t = 2) is answered without the
    simplify (seconds on a degree-~120 polynomial), the one that holds still reaches it."""
    from symbolic.claims import limit

    t = sp.Dummy("t", positive=True)
    calls = []
    monkeypatch.setattr(limit.sp, "simplify", lambda e: calls.append(e) or e)
    g = 1 - (1 - t) ** 20  # > 0 on (0, 1), not manifestly so
    assert not limit._pos_near(-g, t, "zero") and calls == []
    assert not limit._nonneg_near(-g, t, "zero") and calls == []
    limit._pos_near(g, t, "zero")
    assert len(calls) == 1
    assert not limit._pos_near(t - 3, t, "inf") and len(calls) == 1  # t = 2 gives −1


def test_fails_at_a_point_is_certain_and_respects_assumptions():
    from symbolic.claims.limit import _fails_at_a_point

    t = sp.Dummy("t", positive=True)
    n = sp.Symbol("n", integer=True, positive=True)
    a = sp.Symbol("a", negative=True)
    assert _fails_at_a_point(t - 1, t, "zero", strict=True)  # −1/2
    assert _fails_at_a_point(2 * t - 1, t, "zero", strict=True)  # exactly 0: not > 0
    assert not _fails_at_a_point(2 * t - 1, t, "zero", strict=False)  # but ≥ 0 there
    assert _fails_at_a_point(t - n - 1, t, "zero", strict=False)  # n = 1: −3/2
    assert _fails_at_a_point(a * t, t, "inf", strict=False)  # a value allowed for a (negative)
    assert not _fails_at_a_point(-a * t, t, "inf", strict=False)
    assert not _fails_at_a_point(sp.log(2 * t) - sp.log(2) - sp.log(t), t, "zero", strict=False)  # 0 in floats
    assert _fails_at_a_point(sp.exp(-1 / t) - sp.Rational(1, 2), t, "zero", strict=False)  # e^-2 − 1/2 < 0
    assert not _fails_at_a_point(sp.Sum(t - n, (n, 1, 3)), t, "zero", strict=False)  # not evaluated
