from fractions import Fraction

import sympy as sp

from symbolic.hypotheses import decide
from symbolic.fraction_code import compile_rational

lam, m, M = sp.symbols("lam m M", positive=True)
x = sp.Symbol("x")


def test_rational_relations_compile_and_agree_with_sympy():
    rel = lam <= 1 / (2 * (m + M))
    fn = compile_rational(rel, [lam, m, M])
    for args in [(Fraction(1, 4), 1, 1), (Fraction(1, 3), 1, 1), (Fraction(1, 4) + Fraction(1, 10**40), 1, 1)]:
        vals = [Fraction(a) for a in args]
        assert fn(*vals) == bool(rel.subs(dict(zip((lam, m, M), map(sp.Rational, vals)))))


def test_exact_at_the_boundary_where_floats_would_fail():
    # 0.1 + 0.2 <= 0.3 is False in floats and True exactly.
    assert decide(x + sp.Rational(2, 10) <= sp.Rational(3, 10), {x: sp.Rational(1, 10)})


def test_non_rational_relations_fall_back():
    assert compile_rational(sp.sqrt(x) > 1, [x]) is None
    assert decide(sp.sqrt(x) > 1, {x: sp.Integer(2)}) is True
    assert decide(sp.sqrt(x) > 1, {x: sp.Rational(1, 2)}) is False


def test_integer_domain_test():
    fn = compile_rational(sp.And(sp.Eq(sp.floor(x), x), x >= 0), [x])
    assert fn(Fraction(3)) and not fn(Fraction(3, 2)) and not fn(Fraction(-1))
