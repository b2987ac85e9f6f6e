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
    from symbolic import limits as limit

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
    from symbolic.limits import _fails_at_a_point

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


# ---------------------------------------------------------------------------
# Limit(squeeze=(lower, upper)): the squeeze theorem, with both inequalities proved over the whole domain

_eps = sp.Symbol("eps", nonnegative=True)


def _theta(e, r):
    """θ_e(r) = Q(e/r − r/2) − e^e Q(e/r + r/2), Q(z) = erfc(z/√2)/2 (Definition 1 of the hockey-stick divergence)."""
    Q = lambda z: sp.erfc(z / sp.sqrt(2)) / 2  # noqa: E731
    return Q(e / r - r / 2) - sp.exp(e) * Q(e / r + r / 2)


_HINTS = ({"decreasing_in": _eps}, {"increasing_in": _eps})


def test_squeeze_proves_a_limit_whose_terms_depend_on_the_parameter(check, src):
    # ε/r → ∞ for ε > 0 but 0 for ε = 0: the calculus alone finds no limit
    th = _theta(_eps, x)
    v = check(Limit("t/sq", th, x, 0, 0, "θ → 0", src, direction="+", squeeze=(0, _theta(0, x)), squeeze_hints=_HINTS))
    assert v.status is Status.PROVED and "squeeze" in v.method
    bare = check(Limit("t/bare", th, x, 0, 0, "θ → 0", src, direction="+"))
    assert bare.status is not Status.PROVED


def test_squeeze_needs_both_inequalities_proved(check, src):
    th = _theta(_eps, x)
    half = _theta(0, x) / 2  # θ_ε ≤ θ_0/2 is false at ε = 0
    v = check(Limit("t/sq-half", th, x, 0, 0, "θ → 0", src, direction="+", squeeze=(0, half), squeeze_hints=_HINTS))
    assert v.status is not Status.PROVED
    no_hints = check(Limit("t/sq-nohint", th, x, 0, 0, "θ → 0", src, direction="+", squeeze=(0, _theta(0, x))))
    assert no_hints.status is not Status.PROVED  # neither bound is manifest without its monotonicity argument


def test_squeeze_needs_bounds_with_one_limit_and_sides_in_the_domain(check, src):
    from symbolic.deadline import Deadline

    y = sp.Symbol("y", nonnegative=True)
    # x ≤ x + y ≤ x + y + 1, both manifest, but the bounds tend to 0 and y + 1: no conclusion by the squeeze
    gap = Limit("t/sq-gap", x + y, x, 0, y, "→ y", src, direction="+", squeeze=(x, x + y + 1))
    value, reason = gap._squeezed(Deadline(10), "")
    assert value is None and "tend to 0 and y + 1" in reason
    # approached from the left, x > 0 is outside its domain: the inequalities say nothing there
    z = sp.Symbol("z", nonnegative=True)
    left = Limit("t/sq-left", _theta(_eps, z), z, 0, 0, "θ → 0", src, direction="-", squeeze=(0, _theta(0, z)))
    assert not left._sides_in_domain()


def test_a_generic_limit_is_not_checked_when_it_fails_at_the_corner_parameter():
    """x/(x + a) → 0 as x → 0 is SymPy's answer for generic a ≥ 0, but the limit is 1 at a = 0 (red-team: was
    CHECKED from three random a > 0)."""
    from symbolic import Limit, Source, Status

    x = sp.Symbol("x", real=True)
    a = sp.Symbol("a", nonnegative=True)
    verdict = Limit("t/generic", x / (x + a), x, 0, 0, "", Source("t", "t", form="derived")).check()
    assert verdict.status in (Status.UNKNOWN, Status.REFUTED), verdict.method
    # the independent oracle: at a = 0 the expression is identically 1 near 0
    assert (x / (x + 0)).subs(x, sp.Rational(1, 10**30)) == 1
