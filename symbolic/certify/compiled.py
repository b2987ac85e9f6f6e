"""An expression translated once into python-flint calls: the fast Arb path.

:class:`ArbProgram` walks a SymPy expression **once** and generates a straight-line Python
function (``ArbProgram.source``) that performs the same operations as the interpreter of
:mod:`.translate` — the same helpers, so the same semantics and the same guarantee: rational
constants and inputs stay exact ``fmpq`` through field operations and moderate integer
powers, poles at exact points are refused, erfinv/erfcinv near their poles are rewritten,
erf-type functions of a ball fall back to its end points when the direct ball lost
accuracy, and ``Piecewise`` conditions are decided exactly on the rational inputs.  Calling
the program at the current Arb working precision therefore returns a ball that contains the
exact value, without re-walking the SymPy tree or calling a Python function per node (the
per-call costs that made the interpreter, then a tree of closures, several times slower
than Arb's own work).  A subexpression met twice is computed once.  On the branch-resolved
expression its balls are bit-identical to the interpreter's
(tests/symbolic/test_certify_compiled.py).

An exact integer power of an exact value is generated as exact ``fmpq`` arithmetic guarded
by (a conservative form of) the interpreter's size limit; an input that may exceed it (or divide by zero) runs the
general program instead, generated on first need, which treats that power as the
interpreter does.

Nodes the generated code does not cover (sums, a ``Piecewise`` with a condition on a summation
index, ``Min``/``Max``, ``floor``, the incomplete gamma functions, …) are delegated, subtree
by subtree, to the interpreter itself (:meth:`ArbProgram._delegate`).

:func:`program_for` caches one program per formula; :func:`enclose_formula`
is :func:`~symbolic.certify.translate.enclose` through it (used by ``Formula.evaluate`` and
``Formula.certify`` for closed forms).
"""

from __future__ import annotations

import operator
import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import sympy as sp

from ..deadline import PhaseTimeout
from ..errors import EvaluationError
from ..hypotheses import UndecidedError, decide
from ..relations import COMPARE
from .arb import Ball, Fmpq, flint, to_fmpq
from .errors import NotCertifiable
from .translate import (
    EXACT_POWER_BITS,
    EXTRA_BITS,
    _MONOTONE,
    _NO_POLES,
    _UNARY,
    _Interpreter,
    accurate,
    apply_unary,
    enclose_with,
    fold_values,
    ball_power,
    power_values,
    refuse_pole,
)
from .translate import MONOTONE_SLACK as _MONOTONE_SLACK

if TYPE_CHECKING:
    from ..evaluate.methods import FormulaView

#: What a program reads: the ``fmpq`` arguments in parameter order, and the SymPy values
#: (Symbol -> Rational) for the conditions and subtrees decided or delegated to SymPy.
Env = tuple[Sequence[Fmpq], Mapping[sp.Symbol, sp.Rational]]
#: A generated program (or a compiled node): ``env`` -> its value, an ``fmpq`` or a ball.
Program = Callable[[Env], Any]


class ArbProgram:
    """``expr`` over ``symbols``, compiled to a Python function of python-flint values (:class:`_Source`);
    branch conditions it does not inline and delegated nodes stay closures (:meth:`_compile`).

    A ``Piecewise`` whose conditions involve only the parameters is compiled too: its
    conditions are decided exactly on the rational inputs at each call (exact ``fmpq``
    comparisons where both sides are rational, else :func:`symbolic.hypotheses.decide`),
    never on balls — as :func:`symbolic.evaluate.expressions.resolve_branches` does.
    """

    def __init__(self, expr: sp.Basic, symbols: Iterable[sp.Symbol], name: str = "expression") -> None:
        self.expr = sp.sympify(expr)
        self.symbols = tuple(symbols)
        self.name = name
        self._index = {s: i for i, s in enumerate(self.symbols)}
        self._f = flint()
        source = _Source(self)
        self.source, self._speculative = source.function()
        #: ``entry(exact, prec, finish=None, *args)``: the speculative program on ``Formula.check``'s
        #: values at precision ``prec`` (or ``finish(value, *args)`` computed at that precision), or
        #: None where either raises (see :meth:`_Source._entry_source`).
        entry = source.entry_function
        assert entry is not None  # a speculative _Source always generates its entry
        self.entry: Callable[..., Any] = entry
        #: Whether the program reads the SymPy values (``env[1]``): a branch condition decided
        #: by SymPy or a subtree delegated to the interpreter.  When not, a caller may pass any
        #: mapping there (it is only shown in the message of a ``Piecewise`` with no branch).
        self.uses_values = source.uses_values
        #: The parameter names in the order of :attr:`symbols` (how ``Formula.check`` keys them).
        self.names = tuple(s.name for s in self.symbols)
        self._general: Program | None = None

    def __call__(self, values: Mapping[sp.Symbol, sp.Rational]) -> Fmpq | Ball:
        """The value at exact ``values`` (Symbol -> Rational) at the current Arb precision: an
        ``fmpq`` when everything stayed exact, else an ``arb`` ball containing the exact value."""
        return self.run([to_fmpq(values[s]) for s in self.symbols], values)

    def run(self, arguments: Sequence[Fmpq], values: Mapping[sp.Symbol, sp.Rational]) -> Fmpq | Ball:
        """:meth:`__call__` with the inputs already converted: ``arguments`` the ``fmpq`` values
        in the order of :attr:`symbols` (converted once for a whole precision loop)."""
        env = (arguments, values)
        try:
            return self._speculative(env)
        except _Speculation:
            if self._general is None:
                self._general = _Source(self, speculate=False).function()[1]
            return self._general(env)

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
                n = f.fmpz(int(node.exp))  # power_values on a ball and an integer: ball_power
                return (lambda env: ball_power(base(env), n)), BALL
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
        compare = COMPARE.get(type(cond))
        sides = None if compare is None else (self._compile(cond.lhs)[0], self._compile(cond.rhs)[0])
        fmpq, name = self._f.fmpq, self.name

        def holds(env: Env) -> bool:
            if compare is not None and sides is not None:
                try:
                    a, b = sides[0](env), sides[1](env)
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

_PROGRAMS: "weakref.WeakKeyDictionary[object, dict]" = weakref.WeakKeyDictionary()


def program_for(formula: FormulaView, expr: sp.Basic) -> ArbProgram:
    """The :class:`ArbProgram` of ``expr`` over ``formula``'s parameters (cached per formula)."""
    last = _LAST[0]
    if last is not None and last[0] is formula and last[1] is expr and last[3] is _PROGRAMS:
        return last[2]
    programs = _PROGRAMS.get(formula)
    if programs is None:
        programs = _PROGRAMS[formula] = {}
    program = programs.get(expr)
    if program is None:
        program = programs[expr] = ArbProgram(expr, formula.symbols, formula.id)
    _LAST[0] = (formula, expr, program, _PROGRAMS)
    return program


#: The last :func:`program_for` answer (with the cache it came from): repeated evaluation of one
#: formula skips the weak dictionary, whose every lookup builds a weak reference.
_LAST: list = [None]


def enclose_formula(formula: FormulaView, values: Mapping[sp.Symbol, sp.Rational], prec: int) -> Ball:
    """:func:`symbolic.certify.translate.enclose` of a closed-form formula at exact ``values``
    (Symbol -> Rational) through its cached compiled program: a ball with ≥ ``prec`` bits."""
    return closed_form_enclosure(formula, values)(prec)


def closed_form_enclosure(formula: FormulaView, values: Mapping[sp.Symbol, sp.Rational]) -> Callable[[int], Ball]:
    """``prec -> ball``: :func:`enclose_formula` at fixed ``values``, their ``fmpq`` conversion
    done once for every precision asked (the rounding loop of ``evaluate`` asks several).

    The first precision of :func:`~symbolic.certify.translate.enclose_with`'s loop is tried
    inline (what almost every call needs); the loop runs only if that ball is not accurate."""
    program = program_for(formula, formula.evaluation_expr)
    f, name = program._f, formula.id
    arb, ctx = f.arb, f.ctx
    try:  # SymPy rationals, as Formula.check returns them
        arguments = [f.fmpq(v.p, v.q) for v in map(values.__getitem__, program.symbols)]
    except (AttributeError, TypeError):
        arguments = [to_fmpq(values[s]) for s in program.symbols]

    def run(bits):
        out = program.run(arguments, values)
        return out if type(out) is arb else arb(out)

    def enclose(prec):
        old = ctx.prec
        ctx.prec = prec + EXTRA_BITS[0]
        try:
            ball = run(prec)
        finally:
            ctx.prec = old
        return ball if accurate(ball, prec) else enclose_with(run, prec, name)

    return enclose


class _Source:
    """The straight-line Python source of an :class:`ArbProgram` (what its closures would do,
    without a Python call per node): each node becomes one statement on a local variable, in
    the closures' order of operations, so the balls are bit-identical to the interpreter's.

    A node met twice is computed once (the same operation on the same inputs at the same
    precision gives the same ball); a node first computed inside a ``Piecewise`` branch is not
    reused outside it, so a branch's poles are met only when the branch is taken.  Branch
    conditions comparing a parameter with a rational are inlined as ``fmpq`` comparisons; other
    conditions, and the nodes the closures delegate to the interpreter, call the program's own
    closures (:meth:`ArbProgram._condition`, :meth:`ArbProgram._delegate`).
    """

    def __init__(self, program: ArbProgram, speculate: bool = True):
        self.program = program
        self.speculate = speculate
        f = program._f
        self.names = {
            "_arb": f.arb,
            "_pi": f.arb.pi,
            "_e": f.arb.const_e,
            "_fold": fold_values,
            "_power": power_values,
            "_ball_power": ball_power,
            "_unary": apply_unary,
            "_refuse": refuse_pole,
            "_flint": f,
            "_ctx": f.ctx,
            "_fmpq": f.fmpq,
            "_BUDGET": (TimeoutError, PhaseTimeout),
            "_remember": _remember,
            "_add": operator.add,
            "_mul": operator.mul,
            "_name": program.name,
            "_no_branch": _no_branch,
            "_Speculation": _Speculation,
        }
        self.lines: list[str] = []
        self.count = 0
        self.uses_values = False

    def function(self):
        """``(source, function)``: the program as ``def _program(env)`` (``env`` = the ``fmpq``
        arguments in parameter order and the SymPy values, as the closures take it)."""
        arguments = [f"a{i}" for i in range(len(self.program.symbols))]
        body = ["    " + ", ".join(arguments) + (", = env[0]" if len(arguments) == 1 else " = env[0]")]
        if not arguments:
            body = []
        self.lines = body
        result, _ = self.emit(self.program.expr, {}, 1)
        self.lines.append(f"    return {result}")
        source = "def _program(env):\n" + "\n".join(self.lines) + "\n"
        namespace = dict(self.names)
        exec(compile(source, f"<Arb program of {self.program.name}>", "exec"), namespace)
        self.entry_source: str | None = None
        self.entry_function: Callable[..., Any] | None = None
        if self.speculate:
            self.entry_source = self._entry_source(arguments, self.lines[1:] if arguments else self.lines, result)
            namespace.update(self.names)  # the symbols the entry names (constants added after the exec above)
            exec(compile(self.entry_source, f"<Arb entry of {self.program.name}>", "exec"), namespace)
            self.entry_function = namespace["_entry"]
        return source, namespace["_program"]

    def _entry_source(self, arguments, body, result: str) -> str:
        """``def _entry(exact, prec, finish=None, *args)``: the speculative program on
        ``Formula.check``'s values (name -> SymPy rational) at Arb precision ``prec`` (restored after),
        its arguments converted inline (and, for a program that reads the SymPy values, those keyed by
        symbol); the program's value — or, given ``finish``, ``finish(value, *args)`` computed before
        the precision is restored (a rounding that works in Arb at the program's precision) — or None
        wherever the program or ``finish`` raises (a speculation that fails, a pole, no branch: the
        caller's full path repeats the work and raises what it raises), except a time budget."""
        symbols = self.program.symbols
        assert body[-1] == f"    return {result}", body[-1]  # function() ends the program so
        body = [*body[:-1], f"    return {result} if finish is None else finish({result}, *args)"]
        lines = ["def _entry(exact, prec, finish=None, *args):", "    try:"]
        for a, s in zip(arguments, symbols):
            lines.append(f"        _x = exact[{s.name!r}]")
            lines.append(f"        {a} = _fmpq(_x.p, _x.q)")
        if self.uses_values:  # Piecewise conditions decided by SymPy, delegated subtrees: Symbol -> Rational
            pairs = ", ".join(f"{self.constant(s, 'symbol')}: exact[{s.name!r}]" for s in symbols)
            lines.append(f"        _values = {{{pairs}}}")
        else:  # only shown in the message of a Piecewise with no branch
            lines.append("        _values = exact")
        lines += [
            "    except (AttributeError, TypeError, KeyError):",
            "        return None",
            f"    env = (({''.join(a + ', ' for a in arguments)}), _values)",
            "    _old = _ctx.prec",
            "    _ctx.prec = prec",
            "    try:",
            *("    " + line for line in body),
            "    except _BUDGET:",
            "        raise",
            "    except Exception:",
            "        return None",
            "    finally:",
            "        _ctx.prec = _old",
        ]
        return "\n".join(lines) + "\n"

    # -- helpers ---------------------------------------------------------------------
    def constant(self, value, prefix: str = "k") -> str:
        name = f"_{prefix}{len(self.names)}"
        self.names[name] = value
        return name

    def ball(self, code: str) -> str:
        """``_arb(code)`` — or, for a constant dyadic rational (1/2, −2, 3/8: exact in any working
        precision of the Arb path), that ball made once, when the program is generated."""
        value = self.names.get(code)
        f = self.program._f
        if (
            value is not None
            and type(value) is f.fmpq
            and value.q & (value.q - 1) == 0
            and int(value.p).bit_length() <= 30
        ):
            name = f"_b{code}"
            if name not in self.names:
                self.names[name] = f.arb(value)
            return name
        return f"_arb({code})"

    def assign(self, code: str, depth: int) -> str:
        self.count += 1
        name = f"t{self.count}"
        self.lines.append("    " * depth + f"{name} = {code}")
        return name

    def integer_power(self, base: str, p: int, depth: int) -> str:
        """``base ** p`` for a ball and an integer ``p``, as :func:`ball_power` computes it: Arb's
        power, and for ``p ≥ 2`` the products where python-flint returns nan for a finite ball
        (tested inline: one ``is_nan`` on the usual path)."""
        exponent = self.constant(self.program._f.fmpz(p))
        name = self.assign(f"{base} ** {exponent}", depth)
        if p > 1:
            self.lines.append("    " * depth + f"if {name}.is_nan():")
            self.lines.append("    " * (depth + 1) + f"{name} = _ball_power({base}, {exponent})")
        return name

    # -- nodes -------------------------------------------------------------------------
    def emit(self, node, memo: dict, depth: int):
        """``(variable, kind)`` of ``node``: statements appended at indentation ``depth``; ``memo``
        maps the nodes already computed in this block (and the enclosing ones) to theirs."""
        known = memo.get(node)
        if known is not None:
            return known
        out = self.cached_constant(node, depth) if _constant_ball(node) else None
        if out is None:
            out = self._emit(node, memo, depth)
        memo[node] = out
        return out

    def cached_constant(self, node, depth: int):
        """``(variable, BALL)`` for a constant ball (``sqrt(2)``, ``pi``, ``log(2)``: no parameter
        in it) computed once per working precision and kept in a dict of the program: the same
        operations at the same precision give the same ball, so every later call at that
        precision reads it instead of recomputing it (``sqrt(2)`` costs as much as a few
        multiplications).  None, and nothing emitted, if the node is not a ball after all."""
        lines, self.lines = self.lines, []
        value, kind = self._emit(node, {}, depth + 1)  # own memo: computed only when missing
        body, self.lines = self.lines, lines
        if kind != BALL:
            return None
        cache = self.constant({}, "cache")
        name = self.assign(f"{cache}.get(_ctx.prec)", depth)
        self.lines.append("    " * depth + f"if {name} is None:")
        self.lines.extend(body)
        self.lines.append("    " * (depth + 1) + f"{name} = _remember({cache}, _ctx.prec, {value})")
        return name, BALL

    def _emit(self, node, memo, depth):
        program, f = self.program, self.program._f
        if node.is_Symbol and node in program._index:
            return f"a{program._index[node]}", EXACT
        if node.is_Rational:
            return self.constant(f.fmpq(int(node.p), int(node.q))), EXACT
        if node is sp.pi:
            return self.assign("_pi()", depth), BALL
        if node is sp.E:
            return self.assign("_e()", depth), BALL
        if node.is_Add or node.is_Mul:
            return self.fold(node, memo, depth)
        if node.is_Pow:
            (base, base_kind), (expo, expo_kind) = self.emit(node.base, memo, depth), self.emit(node.exp, memo, depth)
            if node.exp.is_Rational:  # power_values with a constant exponent, its cases unrolled
                p, q = int(node.exp.p), int(node.exp.q)
                if q == 1 and base_kind == BALL:
                    return self.integer_power(base, p, depth), BALL
                if q == 1 and base_kind == EXACT and self.speculate:
                    # exact while the result stays small (always, for ordinary inputs); a huge
                    # input or a zero divisor leaves for the non-speculative program.  Twice
                    # height_bits (the larger of the numerator's and denominator's bits) bounds
                    # power_values' size measure (their sum) in one flint call: an input the
                    # interpreter would still raise exactly may leave too, and is raised exactly there
                    test = f"{base} == 0 or " if p < 0 else ""
                    self.lines.append(
                        "    " * depth + f"if {test}{base}.height_bits() * {2 * abs(p)} > {EXACT_POWER_BITS}:"
                    )
                    self.lines.append("    " * (depth + 1) + "raise _Speculation")
                    return self.assign(f"{base} ** {p}", depth), EXACT
                if q == 2:
                    root = f"{self.ball(base)}.sqrt()"  # x ** 1 would round the root again to the same ball
                    if p == 1:
                        return self.assign(root, depth), BALL
                    return self.integer_power(self.assign(root, depth), p, depth), BALL
                if p == 1 and q < 2**31:
                    return self.assign(f"{self.ball(base)}.root({q})", depth), BALL
                if q != 1:
                    return self.assign(f"{self.ball(base)} ** {self.ball(expo)}", depth), BALL
            kind = BALL if BALL in (base_kind, expo_kind) else DYNAMIC
            code = f"_power(_flint, {base}, {expo}, _name, {self.constant(node, 'node')})"
            return self.assign(code, depth), kind
        fn = _UNARY.get(node.func)
        if fn is not None and len(node.args) == 1:
            arg, kind = self.emit(node.args[0], memo, depth)
            if kind == BALL and fn not in _MONOTONE:
                return self.assign(f"{arg}.{fn}()", depth), BALL
            if kind == BALL:  # apply_unary's monotone case on a ball, inlined
                direct = self.assign(f"{arg}.{fn}()", depth)
                self.lines.append(
                    "    " * depth + f"if not ({arg}.is_exact() or ({direct}.is_finite() and "
                    f"{direct}.rel_accuracy_bits() >= {arg}.rel_accuracy_bits() - {_MONOTONE_SLACK})):"
                )
                self.lines.append("    " * (depth + 1) + f"{direct} = {arg}.lower().{fn}().union({arg}.upper().{fn}())")
                return direct, BALL
            if kind == EXACT and fn not in _MONOTONE and fn not in _INVERSE_ERF:
                # apply_unary on an fmpq: refuse a pole, then the method on arb(arg)
                if fn not in _NO_POLES:
                    func = self.constant(node.func, "func")
                    refuse = f"_refuse({func}, {fn!r}, {arg}, _name)"
                    pole_test = _POLE_TESTS.get(fn)
                    if pole_test is None:
                        self.lines.append("    " * depth + refuse)
                    else:  # refuse_pole's own test inlined: the call only at the pole, to raise there
                        self.lines.append("    " * depth + f"if {pole_test.format(arg)}:")
                        self.lines.append("    " * (depth + 1) + refuse)
                return self.assign(f"{self.ball(arg)}.{fn}()", depth), BALL
            code = f"_unary(_flint, {self.constant(node.func, 'func')}, {fn!r}, {arg}, _name)"
            return self.assign(code, depth), BALL
        if isinstance(node, sp.Piecewise) and all(c.free_symbols <= set(program._index) for _, c in node.args):
            return self.piecewise(node, memo, depth)
        self.uses_values = True
        return self.assign(f"{self.constant(program._delegate(node), 'delegate')}(env)", depth), DYNAMIC

    def fold(self, node, memo, depth):
        """An Add or Mul as :meth:`ArbProgram._fold` computes it (operands in order)."""
        emitted = [self.emit(a, memo, depth) for a in node.args]
        parts = [v for v, _ in emitted]
        kinds = [k for _, k in emitted]
        op = " + " if node.is_Add else " * "
        if DYNAMIC in kinds:
            return self.assign(
                f"_fold(_flint, [{', '.join(parts)}], {'_add' if node.is_Add else '_mul'})", depth
            ), DYNAMIC
        exact = [p for p, k in zip(parts, kinds) if k == EXACT]
        balls = [p for p, k in zip(parts, kinds) if k == BALL]
        if len(parts) == 2 and len(exact) != 1:
            return self.assign(op.join(parts), depth), kinds[0]

        def left_fold(names):
            code = names[0]
            for name in names[1:]:
                code = f"({code}{op}{name})"
            return code

        if not balls:
            return self.assign(left_fold(exact), depth), EXACT
        if not exact:
            return self.assign(left_fold(balls), depth), BALL
        exact_code = left_fold(exact)
        ball = self.ball(exact_code)
        if ball == f"_arb({exact_code})":  # python-flint converts an fmpq operand as arb() does, at
            ball = exact_code  # the working precision: the same ball, one Python call fewer
        return self.assign(f"{left_fold(balls)}{op}{ball}", depth), BALL

    def piecewise(self, node, memo, depth):
        """An ``if``/``elif`` chain; each branch's statements in its own block (own ``memo``)."""
        self.count += 1
        result = f"t{self.count}"
        kinds = set()
        for i, (piece, cond) in enumerate(node.args):
            test = self.condition(cond)
            self.lines.append("    " * depth + ("if " if i == 0 else "elif ") + test + ":")
            value, kind = self.emit(piece, dict(memo), depth + 1)
            self.lines.append("    " * (depth + 1) + f"{result} = {value}")
            kinds.add(kind)
        self.lines.append("    " * depth + "else:")
        self.lines.append("    " * (depth + 1) + "raise _no_branch(_name, env)")
        return result, kinds.pop() if len(kinds) == 1 else DYNAMIC

    def condition(self, cond) -> str:
        """A Python test of ``cond`` at the inputs: as :meth:`ArbProgram._condition` decides it."""
        if cond in (sp.true, True):
            return "True"
        if cond in (sp.false, False):
            return "False"
        if isinstance(cond, (sp.And, sp.Or)):
            joiner = " and " if isinstance(cond, sp.And) else " or "
            return "(" + joiner.join(self.condition(c) for c in cond.args) + ")"
        if isinstance(cond, sp.Not):
            return f"(not {self.condition(cond.args[0])})"
        operator_text = _OPERATORS.get(type(cond))
        if operator_text is not None and all(self._exact_atom(side) for side in (cond.lhs, cond.rhs)):
            # both sides are fmpq (a parameter or a rational): the closure's exact comparison
            lhs, _ = self.emit(cond.lhs, {}, 0)
            rhs, _ = self.emit(cond.rhs, {}, 0)
            if isinstance(cond, (sp.Eq, sp.Ne)) and 0 in (cond.lhs, cond.rhs):  # fmpq's truth value
                side = rhs if cond.lhs == 0 else lhs  # (x == 0 costs a comparison object)
                return f"(not {side})" if isinstance(cond, sp.Eq) else f"(not not {side})"
            return f"({lhs} {operator_text} {rhs})"
        self.uses_values = True
        return f"{self.constant(self.program._condition(cond), 'condition')}(env)"

    def _exact_atom(self, node) -> bool:
        return (node.is_Symbol and node in self.program._index) or node.is_Rational


def _constant_ball(node) -> bool:
    """Whether ``node`` is a constant the generated code computes as a ball: no symbol in it, not
    a rational, and built only of the operations the generated code inlines (field operations,
    powers, the unary functions, π, e)."""
    if (
        node.is_Rational
        or node.free_symbols
        or not (node.is_Add or node.is_Mul or node.is_Pow or node in _CONSTANTS or node.func in _UNARY)
    ):
        return False
    return all(
        n.is_Rational or n in _CONSTANTS or n.is_Add or n.is_Mul or n.is_Pow or (n.func in _UNARY and len(n.args) == 1)
        for n in sp.preorder_traversal(node)
    )


_CONSTANTS = (sp.pi, sp.E)

#: Working precisions a program's constant keeps at most (a precision loop asks a handful).
_CONSTANT_PRECISIONS = 64


def _remember(cache: dict, prec: int, ball):
    """``cache[prec] = ball`` (the cache emptied first when full), and ``ball``."""
    if len(cache) >= _CONSTANT_PRECISIONS:
        cache.clear()
    cache[prec] = ball
    return ball


class _Speculation(Exception):
    """Raised by a speculative program where an exact power would grow too large (or divide by
    zero): the non-speculative program, which handles that case as the interpreter does, runs."""


def _no_branch(name, env):
    return EvaluationError(f"{name}: no Piecewise branch applies at {env[1]}")


#: :data:`~symbolic.certify.translate._POLES` as Python tests on an ``fmpq`` (the generated code
#: calls :func:`refuse_pole` only when one holds; tests/symbolic/test_certify_compiled.py checks
#: both agree).
_POLE_TESTS = {
    "log": "{0} == 0",
    "log1p": "{0} == -1",
    "erfinv": "({0} == 1 or {0} == -1)",
    "erfcinv": "({0} == 0 or {0} == 2)",
    "atanh": "({0} == 1 or {0} == -1)",
}

_OPERATORS = {sp.Eq: "==", sp.Ne: "!=", sp.Lt: "<", sp.Le: "<=", sp.Gt: ">", sp.Ge: ">="}
_INVERSE_ERF = {"erfinv", "erfcinv"}
