"""Limit(first_rewrite=...): the named rewrite is tried first, the others follow in their order."""

import pytest
import sympy as sp

from symbolic import Limit, Source
from symbolic import limits as limit
from symbolic.limits import _first_then_rest, prove_limit

x = sp.Symbol("x", positive=True)


def test_order_only_and_lazy():
    made = []

    def rewrites():
        yield "as stated", lambda: 1
        yield "cancel", lambda: 2
        made.append("prepared")  # the eager preparation of the later rewrites (powers split: an expand)
        yield "powers split", lambda: 3
        yield "simplify", lambda: 4

    gen = _first_then_rest(rewrites(), "cancel")
    assert next(gen)[0] == "cancel" and made == []  # nothing after cancel prepared while cancel is tried
    assert [how for how, _ in gen] == ["as stated", "powers split", "simplify"] and made == ["prepared"]
    made.clear()
    gen = _first_then_rest(rewrites(), "")
    assert [next(gen)[0], next(gen)[0]] == ["as stated", "cancel"] and made == []  # no hint: lazy as before
    assert [how for how, _ in gen] == ["powers split", "simplify"]


def test_same_value_without_the_failing_attempt(monkeypatch):
    """x²/(1 − (1 − x)²)² → 1/4: the stated 0·∞ form fails (l'Hôpital's simplify calls find no sign proof),
    cancel proves it.  First_rewrite='cancel' gives the same value and method without any simplify."""
    e = x**2 / (1 - (1 - x) ** 2) ** 2
    assert prove_limit(e, x, 0, "+") == (sp.Rational(1, 4), "cancel")
    calls = []
    real = sp.simplify
    monkeypatch.setattr(limit.sp, "simplify", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert prove_limit(e, x, 0, "+", "cancel") == (sp.Rational(1, 4), "cancel")
    assert calls == []


def test_the_rest_still_runs_when_the_first_does_not_prove(monkeypatch):
    real = limit._rewrites

    def cancel_fails(e, t):  # a 'cancel' no rule applies to (an unknown function of t)
        for how, form in real(e, t):
            yield how, ((lambda: sp.Function("g")(t)) if how == "cancel" else form)

    monkeypatch.setattr(limit, "_rewrites", cancel_fails)
    e = (1 - (1 - x) ** 2) / (1 - (1 - x) ** 4)
    assert prove_limit(e, x, 0, "+", "cancel") == (sp.Rational(1, 2), "as stated")


def test_unknown_rewrite_name_is_refused():
    with pytest.raises(ValueError, match="first_rewrite"):
        Limit("t/bad", x, x, 0, 0, "x → 0", Source("test", "unit test"), first_rewrite="factor")
