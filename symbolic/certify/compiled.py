"""An expression translated once into a tree of python-flint calls: the fast Arb path.

:class:`ArbProgram` walks a SymPy expression **once** and builds nested Python closures
that perform the same operations as the interpreter of :mod:`.translate` — the same
helpers, so the same semantics and the same guarantee: rational constants and inputs stay
exact ``fmpq`` through field operations and moderate integer powers, poles at exact points
are refused, erfinv/erfcinv near their poles are rewritten, erf-type functions of a ball
fall back to its end points when the direct ball lost accuracy, and ``Piecewise``
conditions are decided exactly on the rational inputs.  Calling the program at the current
Arb working precision therefore returns a ball that contains the exact value, without
re-walking the SymPy tree (the per-call cost that made the interpreter several times slower
than Arb's own work).  On the branch-resolved expression its balls are bit-identical to the
interpreter's (tests/symbolic/test_certify_compiled.py).

Nodes the closures do not cover (sums, a ``Piecewise`` with a condition on a summation
index, ``Min``/``Max``, ``floor``, the incomplete gamma functions, …) are delegated, subtree
by subtree, to the interpreter itself.

:func:`program_for` caches one program per formula; :func:`enclose_formula`
is :func:`~symbolic.certify.translate.enclose` through it (used by ``Formula.evaluate`` and
``Formula.certify`` for closed forms).
"""

from __future__ import annotations

import operator
import weakref

import sympy as sp

from ..errors import EvaluationError
from ..hypotheses import UndecidedError, decide
from .arb import flint, to_fmpq
from .errors import NotCertifiable
from .translate import _MONOTONE, _UNARY, _Interpreter, apply_unary, enclose_with, fold_values, power_values


class ArbProgram:
    """``expr`` over ``symbols``, compiled to closures over python-flint values.

    A ``Piecewise`` whose conditions involve only the parameters is compiled too: its
    conditions are decided exactly on the rational inputs at each call (exact ``fmpq``
    comparisons where both sides are rational, else :func:`symbolic.hypotheses.decide`),
    never on balls — as :func:`symbolic.numeric.resolve_branches` does.
    """

    def __init__(self, expr: sp.Basic, symbols, name: str = "expression"):
        self.expr = sp.sympify(expr)
        self.symbols = tuple(symbols)
        self.name = name
        self._index = {s: i for i, s in enumerate(self.symbols)}
        self._f = flint()
        self._run = self._compile(self.expr)[0]

    def __call__(self, values):
        """The value at exact ``values`` (Symbol -> Rational) at the current Arb precision: an
        ``fmpq`` when everything stayed exact, else an ``arb`` ball containing the exact value."""
        return self._run(([to_fmpq(values[s]) for s in self.symbols], values))

    # -- compilation ---------------------------------------------------------------------
    def _compile(self, node):
        """``(closure, kind)``: the closure maps ``env`` to the node's value; ``kind`` says what
        it returns whatever the inputs — ``"exact"`` (an ``fmpq``), ``"ball"`` (an ``arb``) or
        ``"dynamic"`` (either) — so sums, products, powers and functions of operands of a known
        kind skip the interpreter's per-value type tests (same operations, same order)."""
        f, name = self._f, self.name
        if node.is_Symbol and node in self._index:
            i = self._index[node]
            return (lambda env: env[0][i]), EXACT
        if node.is_Rational:
            c = f.fmpq(int(node.p), int(node.q))
            return (lambda env: c), EXACT
        if node is sp.pi:
            return (lambda env: f.arb.pi()), BALL
        if node is sp.E:
            return (lambda env: f.arb.const_e()), BALL
        if node.is_Add or node.is_Mul:
            return self._fold(node)
        if node.is_Pow:
            (base, base_kind), (expo, expo_kind) = self._compile(node.base), self._compile(node.exp)
            if base_kind == BALL and node.exp.is_Integer:
                n = f.fmpz(int(node.exp))  # power_values on a ball and an integer: ball ** fmpz
                return (lambda env: base(env) ** n), BALL
            kind = BALL if BALL in (base_kind, expo_kind) else DYNAMIC
            return (lambda env: power_values(f, base(env), expo(env), name, node)), kind
        fn = _UNARY.get(node.func)
        if fn is not None and len(node.args) == 1:
            (arg, kind), func = self._compile(node.args[0]), node.func
            if kind == BALL and fn not in _MONOTONE:  # apply_unary on a ball: the method itself
                method = operator.methodcaller(fn)
                return (lambda env: method(arg(env))), BALL
            return (lambda env: apply_unary(f, func, fn, arg(env), name)), BALL
        if isinstance(node, sp.Piecewise) and all(c.free_symbols <= set(self._index) for _, c in node.args):
            return self._piecewise(node)
        return self._delegate(node), DYNAMIC

    def _fold(self, node):
        """An Add or Mul: :func:`fold_values` — the exact operands combined in order, then the
        balls in order, then ``balls op arb(exact)`` — specialised to its operands' kinds."""
        f = self._f
        compiled = [self._compile(a) for a in node.args]
        parts = [c for c, _ in compiled]
        kinds = [k for _, k in compiled]
        op = operator.add if node.is_Add else operator.mul
        if DYNAMIC in kinds:
            return (lambda env: fold_values(f, [p(env) for p in parts], op)), DYNAMIC
        exact = [i for i, k in enumerate(kinds) if k == EXACT]
        balls = [i for i, k in enumerate(kinds) if k == BALL]
        if len(parts) == 2 and len(exact) != 1:  # two operands of the same kind
            p0, p1 = parts
            return (lambda env: op(p0(env), p1(env))), kinds[0]

        def combine(values, where):
            out = values[where[0]]
            for i in where[1:]:
                out = op(out, values[i])
            return out

        if not balls:
            return (lambda env: combine([p(env) for p in parts], exact)), EXACT
        if not exact:
            return (lambda env: combine([p(env) for p in parts], balls)), BALL

        def mixed(env):
            values = [p(env) for p in parts]  # every operand evaluated in order, as the interpreter
            return op(combine(values, balls), f.arb(combine(values, exact)))

        return mixed, BALL

    def _piecewise(self, node):
        compiled = [(self._compile(piece), self._condition(cond)) for piece, cond in node.args]
        branches = [(piece, holds) for (piece, _), holds in compiled]
        kinds = {kind for (_, kind), _ in compiled}
        name = self.name

        def run(env):
            for piece, holds in branches:
                if holds(env):
                    return piece(env)
            raise EvaluationError(f"{name}: no Piecewise branch applies at {env[1]}")

        return run, kinds.pop() if len(kinds) == 1 else DYNAMIC

    def _condition(self, cond):
        """``env -> bool``: ``cond`` decided exactly at the inputs — by comparing exact ``fmpq``
        values when both sides of a relation stay rational, else by :func:`decide` (SymPy)."""
        if cond in (sp.true, True):
            return lambda env: True
        if cond in (sp.false, False):
            return lambda env: False
        if isinstance(cond, (sp.And, sp.Or)):
            parts = [self._condition(c) for c in cond.args]
            if isinstance(cond, sp.And):
                return lambda env: all(p(env) for p in parts)
            return lambda env: any(p(env) for p in parts)
        if isinstance(cond, sp.Not):
            inner = self._condition(cond.args[0])
            return lambda env: not inner(env)
        compare = _COMPARE.get(type(cond))
        lhs = rhs = None
        if compare is not None:
            lhs, rhs = self._compile(cond.lhs)[0], self._compile(cond.rhs)[0]
        fmpq, name = self._f.fmpq, self.name

        def holds(env):
            if compare is not None:
                try:
                    a, b = lhs(env), rhs(env)
                except (ArithmeticError, ValueError, NotCertifiable):
                    a = b = None
                if isinstance(a, fmpq) and isinstance(b, fmpq):
                    return compare(a, b)
            try:
                return decide(cond, env[1])
            except UndecidedError as exc:
                raise NotCertifiable(f"{name}: cannot decide the branch condition {cond} exactly ({exc})") from None

        return holds

    def _delegate(self, node):
        """The interpreter on one subtree (its free symbols are parameters, exact in ``env``)."""
        symbols, name = self.symbols, self.name

        def run(env):
            return _Interpreter(dict(zip(symbols, env[0])), name).eval(node)

        return run


#: What a compiled node returns whatever the inputs: an fmpq, an arb ball, or either.
EXACT, BALL, DYNAMIC = "exact", "ball", "dynamic"

_COMPARE = {
    sp.Eq: lambda a, b: a == b,
    sp.Ne: lambda a, b: a != b,
    sp.Lt: lambda a, b: a < b,
    sp.Le: lambda a, b: a <= b,
    sp.Gt: lambda a, b: a > b,
    sp.Ge: lambda a, b: a >= b,
}

_PROGRAMS: "weakref.WeakKeyDictionary[object, dict]" = weakref.WeakKeyDictionary()


def program_for(formula, expr: sp.Basic) -> ArbProgram:
    """The :class:`ArbProgram` of ``expr`` over ``formula``'s parameters (cached per formula)."""
    programs = _PROGRAMS.setdefault(formula, {})
    program = programs.get(expr)
    if program is None:
        program = programs[expr] = ArbProgram(expr, formula.symbols, formula.id)
    return program


def enclose_formula(formula, values, prec: int):
    """:func:`symbolic.certify.translate.enclose` of a closed-form formula at exact ``values``
    (Symbol -> Rational) through its cached compiled program: a ball with ≥ ``prec`` bits."""
    program = program_for(formula, formula.evaluation_expr)
    f = program._f

    def run(bits):
        out = program(values)
        return out if isinstance(out, f.arb) else f.arb(out)

    return enclose_with(run, prec, formula.id)
