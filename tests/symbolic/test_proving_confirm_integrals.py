"""confirm_zero on residuals with an improper integral: an antiderivative first, doit for the rest."""

import pytest
import sympy as sp

from symbolic import proving
from symbolic.proving import EngineBug, _value_by_antiderivatives, confirm_zero

x = sp.Symbol("x", real=True)
a = sp.Symbol("a", positive=True)
b = sp.Symbol("b", real=True)
gauss = sp.Integral(sp.exp(-a * x**2) * sp.exp(b * x), (x, -sp.oo, sp.oo))  # = √(π/a)·e^{b²/(4a)}
closed = sp.sqrt(sp.pi / a) * sp.exp(b**2 / (4 * a))
decay = sp.Integral(sp.exp(-a * x), (x, 0, sp.oo))  # = 1/a, quick for doit too


def test_a_gaussian_integral_vanishes_exactly_by_its_antiderivative():
    pv = _value_by_antiderivatives(gauss - closed, {a: sp.Rational(3, 7), b: -5}, 50)
    assert pv is not None and pv.exact and pv.value == 0


def test_a_nonvanishing_value_is_left_to_the_general_path():
    # a wrong closed form: the antiderivative path never reports it, doit does
    assert _value_by_antiderivatives(decay - 2 / a, {a: 2}, 50) is None
    assert _value_by_antiderivatives(gauss - 2 * closed, {a: 2, b: 1}, 50) is None
    assert proving.value_at(decay - 2 / a, {a: 2}, 50, simplify=False).is_certainly_nonzero(50)


def test_an_integral_without_antiderivative_is_left_to_the_general_path():
    assert _value_by_antiderivatives(sp.Integral(sp.exp(-(x**4) - x), (x, -sp.oo, sp.oo)), {}, 50) is None


def test_confirm_zero_uses_the_antiderivative_and_catches_a_wrong_proof(monkeypatch):
    calls = []
    real = proving.value_at
    monkeypatch.setattr(proving, "value_at", lambda *args, **kw: calls.append(args) or real(*args, **kw))
    assert confirm_zero(gauss - closed, [a, b]) == proving.CONFIRM_POINTS
    assert calls == []  # no Meijer-G doit at any point
    with pytest.raises(EngineBug):
        confirm_zero(decay - 2 / a, [a], n=1)


def test_a_proper_integral_takes_the_general_path(monkeypatch):
    called = []
    monkeypatch.setattr(proving, "_value_by_antiderivatives", lambda *args: called.append(args))
    t = sp.Symbol("t", positive=True)
    assert confirm_zero(sp.Integral(x, (x, 0, t)) - t**2 / 2, [t], n=2) == 2
    assert called == []
