"""Hinted counterexamples are checked before the symbolic attempt (and prove nothing when they hold)."""

import sympy as sp

from symbolic import Identity, Inequality, Source, Status

x = sp.Symbol("x", positive=True)
SRC = Source("test", "hints")


def test_identity_hint_refutes_with_that_point():
    claim = Identity(
        "test/h1",
        lhs=sp.Sum(x ** sp.Symbol("j", integer=True), (sp.Symbol("j", integer=True), 0, 3)),
        rhs=1 + x + x**2,
        statement="wrong",
        source=SRC,
        hints=[{"x": 2}],
        expect="refuted",
    )
    verdict = claim.check()
    assert verdict.status is Status.REFUTED and verdict.counterexample == {"x": "2"}


def test_identity_hint_that_holds_does_not_stop_the_proof():
    claim = Identity("test/h2", lhs=(x + 1) ** 2, rhs=x**2 + 2 * x + 1, statement="true", source=SRC, hints=[{"x": 3}])
    assert claim.check().status is Status.PROVED


def test_inequality_hint_refutes_and_true_inequality_still_proved():
    bad = Inequality("test/h3", x, ">=", 2, "wrong", SRC, hints=[{"x": sp.Rational(1, 2)}], expect="refuted")
    verdict = bad.check()
    assert verdict.status is Status.REFUTED and verdict.counterexample == {"x": "1/2"}
    good = Inequality("test/h4", x**2 + 1, ">=", 0, "true", SRC, hints=[{"x": 1}])
    assert good.check().status is Status.PROVED
