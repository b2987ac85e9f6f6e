"""The compiled Arb program (symbolic.certify.compiled): the interpreter's operations, once compiled.

Its balls are compared with the interpreter's (:func:`symbolic.certify.translate.ball_at` on the
branch-resolved expression) at the same working precision: the same operations in the same order
give the same ball, bit for bit, on every registered closed-form formula.
"""

from __future__ import annotations

import mpmath
import pytest
import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from symbolic import registry
from symbolic.certify import NotCertifiable
from symbolic.certify.arb import flint, working_precision
from symbolic.certify.compiled import ArbProgram, _Source, program_for
from symbolic.certify.translate import ball_at, translatable
from symbolic.errors import EvaluationError, SymbolicError
from symbolic.evaluate.expressions import resolve_branches
from symbolic.sampling import sample_points

L, s, x = sp.symbols("L s x")


def _closed_forms():
    return [
        f
        for f in registry().formulas()
        if f.evaluator is None and f.inverse is None and translatable(f.evaluation_expr)
    ]


def _same_ball(a, b) -> bool:
    a, b = flint().arb(a), flint().arb(b)
    return a.mid().man_exp() == b.mid().man_exp() and a.rad().man_exp() == b.rad().man_exp()


@pytest.mark.parametrize("formula", _closed_forms(), ids=lambda f: f.id)
def test_program_gives_the_interpreters_ball(formula):
    plain_to_param = {sp.Symbol(p.name): p.symbol for p in formula.params}
    where = [h.relation.xreplace(plain_to_param) for h in formula.hypotheses]
    program = program_for(formula, formula.evaluation_expr)  # Piecewise decided inside
    compared = 0
    for point in sample_points(formula.symbols, where=where, n=12, seed=1):
        try:
            formula.check(**{k.name: v for k, v in point.items()})
        except SymbolicError:
            continue
        for bits in (64, 200):
            try:
                want = ball_at(resolve_branches(formula.evaluation_expr, point), point, bits, formula.id)
            except (SymbolicError, ArithmeticError, ValueError) as exc:
                with pytest.raises(type(exc)):
                    with working_precision(bits):
                        program(point)
                continue
            resolved = ArbProgram(resolve_branches(formula.evaluation_expr, point), formula.symbols)
            with working_precision(bits):
                got = flint().arb(resolved(point))  # an exact result is rounded as ball_at rounds it
                whole = flint().arb(program(point))
            assert _same_ball(got, want), (formula.id, point, bits, got, want)
            # with the Piecewise decided inside the program, the operands of a rebuilt Add/Mul may
            # come in another order: another rounding, but a ball around the same value
            assert whole.overlaps(want) and (whole.is_exact() or whole.rel_accuracy_bits() >= bits - 40)
            compared += 1
        if compared >= 6:
            break
    assert compared, f"{formula.id}: no sample point compared"


def test_piecewise_branches_are_decided_exactly_on_the_inputs():
    # θ's three branches: s = 0, L = 1 exactly, else the expm1/log1p form.
    expr = sp.Piecewise(
        (0, sp.Eq(s, 0)), (1 / s, sp.Eq(L, 1)), (expm1(-2 * log1p(L - 1)) / expm1(-2 * s * log1p(L - 1)), True)
    )
    program = ArbProgram(expr, (L, s))
    with working_precision(200):
        assert program({L: sp.Integer(1), s: sp.Integer(4)}) == flint().fmpq(1, 4)
        assert program({L: sp.Rational(3), s: sp.Integer(0)}) == 0
        near = program({L: 1 + sp.Rational(1, 10**40), s: sp.Integer(4)})
    # (1 − L⁻²)/(1 − L⁻⁸) = 1/4 + (3/4)·1e-40 + O(1e-80): the generic branch, not 1/s = 1/4
    assert isinstance(near, flint().arb) and not near.contains(flint().fmpq(1, 4))
    with working_precision(200):
        gap = abs(near - (flint().fmpq(1, 4) + flint().fmpq(3, 4 * 10**40)))
        assert gap < flint().fmpq(1, 10**55)  # the ball is ~1e-60 wide at 200 bits


def test_poles_and_exact_divisions_are_refused_as_the_interpreter_does():
    with working_precision(100):
        with pytest.raises(NotCertifiable, match="infinite"):
            ArbProgram(sp.log(x), (x,))({x: sp.Integer(0)})
        with pytest.raises(NotCertifiable, match="infinite"):
            ArbProgram(sp.erfinv(x), (x,))({x: sp.Integer(1)})
        with pytest.raises(EvaluationError, match="division by zero"):
            ArbProgram(1 / x, (x,))({x: sp.Integer(0)})
        # erfinv(1 − 2x) at x = 1e-300 keeps x (the complementary rewrite near the pole)
        ball = ArbProgram(sp.erfinv(1 - 2 * x), (x,))({x: sp.Rational(1, 10**300)})
    with mpmath.workdps(400):  # 1 − 2e-300 is exact at 400 digits
        ref = mpmath.erfinv(1 - 2 * mpmath.mpf(10) ** -300)
        mid = mpmath.mpf(ball.mid().str(40, radius=False))
        assert ball.is_finite() and abs(mid - ref) <= abs(ref) * mpmath.mpf(10) ** -25


def test_inlined_pole_tests_agree_with_the_interpreters():
    # the generated code calls refuse_pole only where its inlined test holds: the two must agree
    from symbolic.certify.compiled import _POLE_TESTS
    from symbolic.certify.translate import _POLES

    f = flint()
    for fn, test in _POLE_TESTS.items():
        for p in range(-5, 6):
            for q in (1, 2, 3):
                y = f.fmpq(p, q)
                assert eval(test.format("y"), {"y": y}) == bool(_POLES[fn](y)), (fn, y)
    with working_precision(100):
        with pytest.raises(NotCertifiable, match="infinite"):
            ArbProgram(log1p(x - 1), (x,))({x: sp.Integer(0)})
        assert ArbProgram(log1p(x - 1), (x,))({x: sp.Rational(1, 2)}).overlaps(flint().arb(1 / 2).log())


def test_programs_are_cached_per_formula():
    f = registry().formula("kong-ribero/theta")
    assert program_for(f, f.evaluation_expr) is program_for(f, f.evaluation_expr)
    e = f.evaluation(30, L="1.37", s="9")
    assert e.enclosure and e.path == "arb"


def test_the_program_is_straight_line_python_with_shared_subexpressions():
    f = registry().formula("kong-ribero/theta")
    source = program_for(f, f.evaluation_expr).source
    assert source.startswith("def _program(env):")
    assert "delegate" not in source and "condition" not in source  # every node of θ is generated code
    assert source.count(".log1p()") == 1  # log1p(L − 1) appears twice in θ, computed once


def test_an_exact_power_that_would_grow_too_large_leaves_for_the_general_program():
    # 1/x is kept exact (speculation); at x = 0 or with a 10^4-bit input the general program
    # decides, as the interpreter: an error for 0, a ball for the huge input
    program = ArbProgram(1 / x + 1, (x,))
    with working_precision(100):
        with pytest.raises(EvaluationError, match="division by zero"):
            program({x: sp.Integer(0)})
        assert program({x: sp.Rational(1, 3)}) == flint().fmpq(4)
        tiny = sp.Rational(1, 3**7000)
        got = program({x: tiny})
        want = ball_at(1 / x + 1, {x: tiny}, 100)
        # 3000 bits: exact in the interpreter (size 3002 <= 4096), past the speculative guard's
        # conservative test (2 x 3001 bits): the general program must still give the exact value
        big = sp.Integer(2) ** 3000
        assert program({x: big}) == flint().fmpq(2**3000 + 1, 2**3000)
    assert isinstance(got, flint().arb) and _same_ball(got, want)


def test_a_pole_in_a_branch_not_taken_is_never_evaluated():
    # log(x) is generated inside its branch only: at x = 0 the other branch is taken
    expr = sp.Piecewise((sp.log(x) + sp.log(x) ** 2, x > 0), (sp.Integer(7), True))
    program = ArbProgram(expr, (x,))
    with working_precision(100):
        assert program({x: sp.Integer(0)}) == 7
        assert program({x: sp.Integer(1)}) == 0  # log(1) = 0 exactly, in Arb


def test_an_integer_power_of_a_ball_centred_on_zero_is_a_ball_not_nan():
    """python-flint 0.9 returns nan for arb('0 +/- r') ** 2; the difference of two equal computations
    (√x − √y at x = y) is such a ball.  The interpreter and both programs multiply instead (a ball
    around 0 of radius r^n), so the value around it is still certified."""
    y = sp.Symbol("y", positive=True)
    assert (flint().arb("0 +/- 1e-10") ** flint().fmpz(2)).is_nan()  # what python-flint gives
    expr = (sp.sqrt(x) - sp.sqrt(y)) ** 2 * 3 + (sp.sqrt(x) - sp.sqrt(y)) ** 3 + sp.Rational(1, 3)
    point = {x: sp.Integer(2), y: sp.Integer(2)}
    for bits in (64, 200):
        want = ball_at(expr, point, bits)
        with working_precision(2 * bits):  # 1/3 as a ball narrower than the one computed
            assert want.is_finite() and want.contains(flint().fmpq(1, 3)) and want.rad() < flint().arb(2) ** (-bits)
        program = ArbProgram(expr, (x, y))
        general = _Source(program, speculate=False).function()[1]  # the program without speculation
        with working_precision(bits):
            got = program(point)
            tree = program._compile(program.expr)[0](([flint().fmpq(2)] * 2, point))  # the closures
            unspeculated = general(([flint().fmpq(2)] * 2, point))
        for ball in (got, tree, unspeculated):
            assert _same_ball(ball, want), (bits, ball, want)
    with working_precision(64):  # a negative power of it stays a pole
        assert (ball_at(sp.sqrt(x) - sp.sqrt(y), point, 64) ** flint().fmpz(-2)).is_nan()


def test_constants_are_computed_once_per_working_precision_and_give_the_interpreters_ball():
    # sqrt(2), pi·log(3) and e have no parameter: the program computes each once per precision
    # and reads it afterwards.  Going back and forth between precisions must give, every time,
    # the ball the interpreter computes at that precision (a cached ball of another precision
    # would differ in its last bits).
    expr = sp.sqrt(2) * x + sp.pi * sp.log(3) * x**2 + sp.E - sp.erfc(sp.sqrt(2) / 2)
    program = ArbProgram(expr, (x,))
    assert program.source.count("_cache") >= 3 and program.source.count(".sqrt()") == 2
    point = {x: sp.Rational(3, 7)}
    for bits in (64, 200, 64, 113, 200, 64):
        want = ball_at(expr, point, bits)
        with working_precision(bits):
            got = program(point)
        assert _same_ball(got, want), (bits, got, want)
    caches = [v for k, v in program._speculative.__globals__.items() if k.startswith("_cache")]
    assert caches and all(set(c) == {64, 113, 200} for c in caches)
    # a cache keeps a bounded number of precisions
    for bits in range(60, 60 + 3 * 64):
        with working_precision(bits):
            program(point)
    assert all(len(c) <= 64 for c in caches)


def test_the_entry_is_the_program_on_checked_values_at_a_given_precision():
    # ArbProgram.entry converts Formula.check's values inline and sets the precision itself: the same
    # ball as the program run by hand, the caller's precision restored, None where the program raises
    f = registry().formula("kong-ribero/theta")
    program = program_for(f, f.evaluation_expr)
    assert program.entry is not None
    exact = f.check(L="1.37", s="9")
    F = flint()
    before = F.ctx.prec
    got = program.entry(exact, 130)
    assert F.ctx.prec == before
    with working_precision(130):
        want = program._speculative(([F.fmpq(137, 100), F.fmpq(9)], exact))
    assert _same_ball(got, want)
    # s = 1/2 (not an integer: check would refuse it, the entry does not check) at L = 1 takes the 1/s branch
    assert program.entry({"L": sp.Integer(1), "s": sp.Rational(1, 2)}, 64) == F.fmpq(2)
    assert program.entry({"L": sp.Integer(0), "s": sp.Integer(3)}, 64) is None  # log1p(-1): a pole, refused
    assert F.ctx.prec == before
    assert program.entry({"L": 1.37, "s": sp.Integer(9)}, 64) is None  # not a rational: no conversion
    # a condition SymPy decides reads the values, keyed by symbol: the entry builds them too
    decided = ArbProgram(sp.Piecewise((x, sp.sqrt(x) > 1), (1 / x + 1, True)), (x,))
    assert decided.uses_values
    assert decided.entry({"x": sp.Integer(4)}, 64) == F.fmpq(4)
    assert decided.entry({"x": sp.Rational(1, 4)}, 64) == F.fmpq(5)
    assert decided.entry({"y": sp.Integer(4)}, 64) is None  # a missing value: no conversion
    constant = ArbProgram(sp.sqrt(2) + sp.pi, ())  # no parameter at all
    with working_precision(80):
        want = constant({})
    assert _same_ball(constant.entry({}, 80), want)
    # finish(value, *args) runs at the program's precision, before the caller's is restored; what
    # it raises is a None like the program's own errors
    seen = []
    assert program.entry(exact, 130, lambda ball, tag: seen.append((ball, tag, F.ctx.prec)) or "done", "t") == "done"
    assert _same_ball(seen[0][0], got) and seen[0][1:] == ("t", 130) and F.ctx.prec == before
    assert program.entry(exact, 130, lambda ball: 1 / 0) is None and F.ctx.prec == before
    assert constant.entry({}, 80, lambda ball: ball.rel_accuracy_bits()) >= 70
