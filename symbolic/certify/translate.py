"""Translating a SymPy expression into Arb ball arithmetic at exact rational inputs.

:func:`enclose` evaluates an expression whose symbols all have exact rational
values and returns an Arb ball that contains the exact value.  It is an
interpreter over the expression tree:

* rational constants and inputs stay exact (flint ``fmpq``) as long as the
  operations are field operations and integer powers of moderate size, so
  ``L - 1`` at ``L = 1 + 1e-9`` is exactly ``1e-9`` before any rounding;
* everything else becomes an Arb ball: ``exp``, ``log``, ``expm1``, ``log1p``,
  ``sqrt`` and other powers, ``erf``/``erfc`` (and their inverses; monotone, so
  evaluated at the end points of the argument's ball when Arb's direct ball lost
  accuracy), ``Abs``,
  ``Min``/``Max``, the incomplete gamma functions, a few more elementary and
  special functions;
* ``Piecewise`` conditions are decided exactly (:func:`symbolic.hypotheses.decide`)
  on the exact values, never on balls;
* a finite ``Sum`` with bounds that evaluate to integers is added up term by term
  when it has at most :data:`DIRECT_TERMS` terms; beyond, a geometric sum (as the
  evaluator detects it) uses its O(1) closed form, any other sum SymPy's closed
  form (computed once with symbolic bounds, then evaluated).

Anything else raises :class:`NotCertifiable`: there is no fallback that could
return an interval without a guarantee.  Arb's own operations are rigorous
(every ball returned by python-flint contains the exact result of the
operation on every point of its input balls), so the composition is too.
"""

from __future__ import annotations

import math
from types import ModuleType
from typing import Any, Callable, Iterable, Mapping

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from ..errors import EvaluationError
from ..relations import UndecidedError, decide_by
from ..sums import _geometric_parts
from .arb import Ball, Fmpq, Fmpz, flint, to_fmpq, working_precision
from .errors import CertificationError, NotCertifiable, PrecisionNotReached

#: Sums with at most this many terms are added term by term (exact index values).
DIRECT_TERMS = 2000
#: Exact rational powers are kept exact while the result has at most this many bits.
EXACT_POWER_BITS = 4096
#: Extra working bits tried, in order, on top of the requested precision.
EXTRA_BITS = (32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384)

# SymPy function -> name of the arb method computing it.
_UNARY = {
    sp.exp: "exp",
    sp.log: "log",
    expm1: "expm1",
    log1p: "log1p",
    sp.erf: "erf",
    sp.erfc: "erfc",
    sp.erfinv: "erfinv",
    sp.erfcinv: "erfcinv",
    sp.sin: "sin",
    sp.cos: "cos",
    sp.tan: "tan",
    sp.atan: "atan",
    sp.asin: "asin",
    sp.acos: "acos",
    sp.sinh: "sinh",
    sp.cosh: "cosh",
    sp.tanh: "tanh",
    sp.asinh: "asinh",
    sp.atanh: "atanh",
    sp.gamma: "gamma",
    sp.loggamma: "lgamma",
    sp.digamma: "digamma",
}

# Functions monotone on their whole real domain (evaluated at the end points of a ball).
_MONOTONE = {"erf", "erfc", "erfinv", "erfcinv"}

_CLOSED_FORMS: dict[sp.Basic, sp.Basic] = {}
_GEOMETRIC: dict[sp.Basic, tuple[sp.Expr, sp.Expr, sp.Expr] | None] = {}


def enclose(expr: sp.Basic, values: Mapping[sp.Symbol, sp.Rational], prec: int, name: str = "expression") -> Ball:
    """An Arb ball containing ``expr`` at the exact ``values``, with ≥ ``prec`` bits of relative accuracy.

    The working precision rises (``prec`` + :data:`EXTRA_BITS`) until the ball
    is exact or its relative accuracy reaches ``prec`` bits.  Raises
    :class:`NotCertifiable` for an expression with no Arb translation,
    :class:`PrecisionNotReached` if the accuracy is never reached, and
    :class:`~symbolic.errors.EvaluationError` for a division by an exact zero.
    """
    return enclose_with(lambda bits: ball_at(expr, values, bits, name), prec, name)


def accurate(ball: Ball, prec: int) -> bool:
    """Whether ``ball`` is what :func:`enclose_with` returns: finite, and exact or with at least
    ``prec`` bits of relative accuracy."""
    return ball.is_finite() and (ball.is_exact() or ball.rel_accuracy_bits() >= prec)


def enclose_with(run: Callable[[int], Ball], prec: int, name: str = "expression") -> Ball:
    """The precision loop of :func:`enclose` around ``run(bits)`` (an Arb evaluation at the
    current working precision ``bits``: the interpreter, or a compiled program)."""
    if not isinstance(prec, int) or prec < 2:
        raise ValueError(f"{name}: prec must be an integer number of bits >= 2, not {prec!r}")
    ball = None
    ctx = flint().ctx
    old = ctx.prec
    try:
        for extra in EXTRA_BITS:
            ctx.prec = bits = prec + extra
            ball = run(bits)
            if accurate(ball, prec):
                return ball
    finally:
        ctx.prec = old
    raise PrecisionNotReached(
        f"{name}: Arb could not enclose the value to {prec} bits even at "
        f"{prec + EXTRA_BITS[-1]} working bits (best ball: {ball})."
    )


#: Node types the interpreter handles besides the functions of :data:`_UNARY`.
_HANDLED = (
    sp.Symbol,
    sp.Rational,
    sp.Add,
    sp.Mul,
    sp.Pow,
    sp.Piecewise,
    sp.Sum,
    sp.Min,
    sp.Max,
    sp.Abs,
    sp.floor,
    sp.ceiling,
    sp.binomial,
    sp.lowergamma,
    sp.uppergamma,
)


def translatable(expr: sp.Basic) -> bool:
    """Whether every node of ``expr`` has an Arb translation (``Piecewise`` conditions are
    decided exactly and not translated).  A ``Sum`` too long to add up may still need a
    closed form at evaluation time, which can fail (:class:`NotCertifiable`)."""

    def ok(node) -> bool:
        if isinstance(node, sp.Piecewise):
            return all(ok(piece) for piece, _ in node.args)
        if isinstance(node, sp.Sum):
            return ok(node.function) and all(ok(b) for _, *bounds in node.limits for b in bounds)
        if node in (sp.pi, sp.E, sp.EulerGamma):
            return True
        if node.is_Float:
            return False
        if isinstance(node, _HANDLED) or (node.func in _UNARY and len(node.args) == 1):
            return all(ok(a) for a in node.args)
        return False

    return ok(sp.sympify(expr))


#: Working precisions (bits) at which :func:`certified_sign` encloses a number, until a ball excludes 0.
SIGN_BITS = (128, 512, 2048)


def certified_sign(number: sp.Basic) -> int | None:
    """The sign of a real constant expression certified by an Arb ball: 1 or −1 when a ball at one of
    :data:`SIGN_BITS` excludes 0, None when none does (the number is 0, too close to it, not real) or
    the expression has no Arb translation (or python-flint is missing).  Never a rounded guess."""
    number = sp.sympify(number)
    if number.free_symbols or not translatable(number):
        return None
    for bits in SIGN_BITS:
        try:
            ball = ball_at(number, {}, bits)
        except (CertificationError, ArithmeticError, ValueError, TypeError, NotImplementedError, EvaluationError):
            return None
        if not (ball.is_finite() and ball.rad() < 2**64):
            continue  # an Arb real, finite; a huge radius means too few bits
        if ball > 0:
            return 1
        if ball < 0:
            return -1
    return None


def decide(relation: sp.Basic, values: Mapping) -> bool:
    """:func:`symbolic.hypotheses.decide` (exact, else by a certified sign), for the interpreter's own
    branch conditions: the same procedure (:func:`symbolic.relations.decide_by`) with the same oracle,
    called from here so that hypotheses (which uses this module) is not imported by it."""
    return decide_by(relation, values, certified_sign)


def ball_at(expr: sp.Basic, values: Mapping[sp.Symbol, sp.Rational], bits: int, name: str = "expression") -> Ball:
    """One Arb evaluation of ``expr`` at the exact ``values`` with ``bits`` working bits.

    The ball contains the exact value (it may be wide, infinite or NaN when the
    precision is too low; callers test it).
    """
    exact = {s: to_fmpq(v) for s, v in values.items()}
    with working_precision(bits):
        return _Interpreter(exact, name).ball(expr)


def _geometric(node: sp.Sum) -> tuple[sp.Expr, sp.Expr, sp.Expr] | None:
    """``(first, ratio, count)`` of a geometric sum (the evaluator's own detection,
    :func:`symbolic.sums._geometric_parts`), cached; None otherwise."""
    if node not in _GEOMETRIC:
        _GEOMETRIC[node] = _geometric_parts(node)
    return _GEOMETRIC[node]


def closed_form(node: sp.Sum) -> sp.Basic:
    """SymPy's closed form of a ``Sum`` with symbolic bounds (cached); raises if there is none."""
    cf = _CLOSED_FORMS.get(node)
    if cf is None:
        cf = node.doit()
        if cf.has(sp.Sum):
            raise NotCertifiable(f"the sum {node} has no closed form in SymPy and too many terms to add")
        _CLOSED_FORMS[node] = cf
    return cf


#: Exact arguments at which a function of :data:`_UNARY` is infinite, decided without SymPy.
_POLES = {
    "log": lambda y: y == 0,
    "log1p": lambda y: y == -1,
    "erfinv": lambda y: y == 1 or y == -1,
    "erfcinv": lambda y: y == 0 or y == 2,
    "atanh": lambda y: y == 1 or y == -1,
    "gamma": lambda y: y <= 0 and y.q == 1,
    "lgamma": lambda y: y <= 0 and y.q == 1,
    "digamma": lambda y: y <= 0 and y.q == 1,
}
#: Functions finite at every rational argument.
_NO_POLES = {
    "exp",
    "expm1",
    "erf",
    "erfc",
    "sin",
    "cos",
    "tan",
    "atan",
    "asin",
    "acos",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
}


def refuse_pole(func: type[sp.Function], fn: str, arg: Fmpq, name: str) -> None:
    """Refuse ``func(arg)`` at an exact argument where it is infinite (erfinv(1), log(0)).

    Arb balls are finite.  The poles of the usual functions are listed (:data:`_POLES`);
    any other function is decided by SymPy at the exact point.
    """
    pole = _POLES.get(fn)
    if pole is not None:
        infinite = pole(arg)
    elif fn in _NO_POLES:
        infinite = False
    else:
        infinite = func(sp.Rational(int(arg.p), int(arg.q))).has(sp.oo, -sp.oo, sp.zoo, sp.nan)
    if infinite:
        raise NotCertifiable(
            f"{name}: the intermediate {func.__name__}({arg}) is infinite; "
            "Arb balls cannot carry infinite intermediates (an end point of the domain?)"
        )


def inverse_erf_near_pole(f: ModuleType, fn: str, y: Fmpq) -> Ball | None:
    """erfinv / erfcinv at an exact argument, through the complementary function of the
    exact distance to the pole: erfinv(y) = erfcinv(1 − y) = −erfcinv(1 + y) and
    erfcinv(y) = −erfcinv(2 − y), the differences taken exactly.  So Q⁻¹(x) written as
    √2 erfinv(1 − 2x) keeps x = 1e-300 (1 − (1 − 2x) = 2x exactly) instead of rounding
    the argument to 1 first.  None when no rewrite is needed."""
    if fn == "erfinv":
        if y > 0:
            return f.arb(1 - y).erfcinv()
        if y < 0:
            return -f.arb(1 + y).erfcinv()
    elif fn == "erfcinv" and y > 1:
        return -f.arb(2 - y).erfcinv()
    return None


#: Bits of relative accuracy an erf-type function may lose on a ball before
#: :func:`apply_unary` evaluates it at the ball's end points instead.
MONOTONE_SLACK = 16


def apply_unary(f: ModuleType, func: type[sp.Function], fn: str, arg: Fmpq | Ball, name: str) -> Ball:
    """``func(arg)`` (Arb method ``fn``) for an exact ``fmpq`` or a ball ``arg``: poles refused,
    erfinv/erfcinv near their poles rewritten, erf-type functions of a ball taken at its ends."""
    if isinstance(arg, f.fmpq):
        refuse_pole(func, fn, arg, name)
        near_pole = inverse_erf_near_pole(f, fn, arg)
        if near_pole is not None:
            return near_pole
        ball = f.arb(arg)
    else:
        ball = arg
    if fn in _MONOTONE and not ball.is_exact():
        # Arb bounds the propagated error of erf/erfc with a global derivative
        # bound, useless in the far tail (erfc(7e6) ≈ 1e-2e13).  Both are monotone,
        # so the image of [lo, hi] lies between the values at the exact end points;
        # that costs two evaluations, so it is used only when the direct ball lost accuracy.
        direct = getattr(ball, fn)()
        if direct.is_finite() and direct.rel_accuracy_bits() >= ball.rel_accuracy_bits() - MONOTONE_SLACK:
            return direct
        return getattr(ball.lower(), fn)().union(getattr(ball.upper(), fn)())
    return getattr(ball, fn)()


def fold_values(f: ModuleType, values: Iterable[Fmpq | Ball], op: Callable[[Any, Any], Any]) -> Fmpq | Ball | None:
    """``op`` over ``values``: exact ``fmpq`` operands combined exactly first, then the balls."""
    exact, balls = None, None
    for v in values:
        if isinstance(v, f.fmpq):
            exact = v if exact is None else op(exact, v)
        else:
            balls = v if balls is None else op(balls, v)
    if balls is None:
        return exact
    return balls if exact is None else op(balls, f.arb(exact))


def ball_power(ball: Ball, n: Fmpz) -> Ball:
    """``ball ** n`` for an integer ``n`` (an ``fmpz``): Arb's power, except where python-flint
    returns nan for a finite ball (0.9: ``arb('0 +/- 1e-10') ** 2``, a ball centred exactly on 0,
    such as the difference of two equal computations).  For ``n ≥ 1`` the power is then the product
    of ``n`` copies by repeated squaring, which Arb's multiplication encloses (``[±r] · [±r] =
    [±r²]``); a negative power of such a ball stays nan (a pole: the precision loop refuses it)."""
    result = ball**n
    if n > 1 and result.is_nan() and ball.is_finite():
        k, square, result = int(n), ball, None
        while k:
            if k & 1:
                result = square if result is None else result * square
            k >>= 1
            if k:
                square = square * square
    return result


def power_values(f: ModuleType, base: Fmpq | Ball, expo: Fmpq | Ball, name: str, node: sp.Basic) -> Fmpq | Ball:
    """``base ** expo``: exact for an exact base and a moderate integer exponent, else a ball
    (integer powers by ``fmpz``, half-integers through ``sqrt``, ``1/q`` by ``root``)."""
    if isinstance(expo, f.fmpq) and expo.q == 1:
        n = int(expo.p)
        if isinstance(base, f.fmpq):
            size = (int(base.p).bit_length() + int(base.q).bit_length()) * abs(n)
            if size <= EXACT_POWER_BITS:
                if base == 0 and n < 0:
                    raise EvaluationError(f"{name}: division by zero in {node}")
                return base**n
        return ball_power(f.arb(base), f.fmpz(n))
    if isinstance(expo, f.fmpq) and expo.q == 2:
        # x**(p/2) = sqrt(x)**p: Arb's sqrt of a ball touching 0 stays finite.
        return ball_power(f.arb(base).sqrt(), f.fmpz(int(expo.p)))
    if isinstance(expo, f.fmpq) and int(expo.p) == 1 and int(expo.q) < 2**31:
        return f.arb(base).root(int(expo.q))
    return f.arb(base) ** f.arb(expo)


class _Interpreter:
    """Evaluates one expression at the current Arb precision; values are ``fmpq`` or ``arb``."""

    def __init__(self, exact: dict, name: str):
        self.env = dict(exact)
        self.name = name
        self.flint = flint()

    # -- helpers ------------------------------------------------------------
    def arb(self, v):
        return v if isinstance(v, self.flint.arb) else self.flint.arb(v)

    def is_exact(self, v) -> bool:
        return isinstance(v, self.flint.fmpq)

    def ball(self, expr):
        return self.arb(self.eval(sp.sympify(expr)))

    def exact_integer(self, node) -> int:
        v = self.eval(node)
        if not self.is_exact(v) or v.q != 1:
            raise NotCertifiable(f"{self.name}: the bound {node} of a sum is not an exact integer ({v})")
        return int(v.p)

    def sympy_values(self) -> dict:
        return {s: sp.Rational(int(v.p), int(v.q)) for s, v in self.env.items()}

    # -- the interpreter ----------------------------------------------------
    def eval(self, node):
        f = self.flint
        if node.is_Symbol:
            try:
                return self.env[node]
            except KeyError:
                raise NotCertifiable(f"{self.name}: no value for the symbol {node}") from None
        if node.is_Rational:
            return f.fmpq(int(node.p), int(node.q))
        if node.is_Float:
            raise NotCertifiable(
                f"{self.name}: the expression contains the floating-point constant {node}; "
                "its intended exact value is unknown (write it as a Rational)"
            )
        if node is sp.pi:
            return f.arb.pi()
        if node is sp.E:
            return f.arb.const_e()
        if node is sp.EulerGamma:
            return f.arb.const_euler()
        if node.is_Add:
            return self.fold(node.args, lambda a, b: a + b)
        if node.is_Mul:
            return self.fold(node.args, lambda a, b: a * b)
        if node.is_Pow:
            return self.power(node)
        if isinstance(node, sp.Piecewise):
            return self.piecewise(node)
        if isinstance(node, sp.Sum):
            return self.sum(node)
        if isinstance(node, (sp.Min, sp.Max)):
            return self.extremum(node)
        if isinstance(node, sp.Abs):
            v = self.eval(node.args[0])
            return abs(v)
        if isinstance(node, (sp.floor, sp.ceiling)):
            v = self.eval(node.args[0])
            if self.is_exact(v):
                return f.fmpq(v.floor() if isinstance(node, sp.floor) else v.ceil())
            out = v.floor() if isinstance(node, sp.floor) else v.ceil()
            if out.is_finite() and out.is_exact():  # the ball lies between two integers: exact
                man, exp = (int(w) for w in out.mid().man_exp())
                return f.fmpq(man * 2**exp) if exp >= 0 else f.fmpq(man, 2**-exp)
            return out
        if isinstance(node, sp.binomial):
            return self.binomial(node)
        if isinstance(node, (sp.lowergamma, sp.uppergamma)) and len(node.args) == 2:
            a, z = (self.arb(self.eval(arg)) for arg in node.args)
            # python-flint: z.gamma_lower(s) is γ(s, z) (the argument is self, the order is passed).
            return z.gamma_lower(a) if isinstance(node, sp.lowergamma) else z.gamma_upper(a)
        fn = _UNARY.get(node.func)
        if fn is not None and len(node.args) == 1:
            return apply_unary(f, node.func, fn, self.eval(node.args[0]), self.name)
        if node in (sp.oo, -sp.oo, sp.zoo, sp.nan):
            raise EvaluationError(f"{self.name}: the expression evaluates to {node}")
        raise NotCertifiable(f"{self.name}: no certified Arb translation for {type(node).__name__} (in {node})")

    def add(self, x, y):
        return x + y if self.is_exact(x) and self.is_exact(y) else self.arb(x) + self.arb(y)

    def fold(self, args, op):
        return fold_values(self.flint, [self.eval(a) for a in args], op)

    def power(self, node):
        return power_values(self.flint, self.eval(node.base), self.eval(node.exp), self.name, node)

    def piecewise(self, node):
        values = self.sympy_values()
        for piece, cond in node.args:
            try:
                if decide(cond, values):
                    return self.eval(piece)
            except UndecidedError as exc:
                raise NotCertifiable(
                    f"{self.name}: cannot decide the branch condition {cond} exactly ({exc})"
                ) from None
        raise EvaluationError(f"{self.name}: no Piecewise branch applies at {values}")

    def extremum(self, node):
        vals = [self.eval(a) for a in node.args]
        pick_max = isinstance(node, sp.Max)
        if all(self.is_exact(v) for v in vals):
            return max(vals) if pick_max else min(vals)
        out = self.arb(vals[0])
        for v in vals[1:]:
            out = out.max(self.arb(v)) if pick_max else out.min(self.arb(v))
        return out

    def sum(self, node):
        if len(node.limits) > 1:  # Sum(f, inner, outer, ...): peel the outer limits
            return self.sum(sp.Sum(sp.Sum(node.function, node.limits[0]), *node.limits[1:]))
        ((index, a_node, b_node),) = node.limits
        a, b = self.exact_integer(a_node), self.exact_integer(b_node)
        sign = 1
        if b < a:  # Karr's convention, as SymPy: Σ_{a}^{b} = −Σ_{b+1}^{a−1}
            a, b, sign = b + 1, a - 1, -1
        if b - a + 1 <= DIRECT_TERMS:
            total = self.flint.fmpq(0)
            saved = self.env.get(index)
            try:
                for k in range(a, b + 1):
                    self.env[index] = self.flint.fmpq(k)
                    total = self.add(total, self.eval(node.function))
            finally:
                if saved is None:
                    self.env.pop(index, None)
                else:
                    self.env[index] = saved
            return total if sign == 1 else -total
        geometric = _geometric(node)
        if geometric is not None:
            return self.geometric_sum(node, *geometric)
        return self.eval(closed_form(node))

    def geometric_sum(self, node, first, ratio, count):
        """Σ first·ratio^k over count terms in O(1): first·count when ratio = 1 exactly
        (decided on the exact values), else first·expm1(count·log r)/expm1(log r) for r > 0
        (no cancellation when r is within 1e-9 of 1), else first·(r^count − 1)/(r − 1).

        ``first`` and ``count`` = b − a + 1 are those of the sum as written: for b < a the same closed form is
        Karr's −Σ_{b+1}^{a−1} (as :func:`symbolic.evaluate.expressions.geometric_sum` uses it).  The count was
        once multiplied by the reversal's sign, which gave Σ_{k=5000}^{1} 2^{−k} = +1.4e-1505 for Karr's −1/2."""
        n = self.exact_integer(count)
        f = self.flint
        r = self.eval(ratio)
        # ratio = 1 decided on the exact value: cheaply when r is an exact rational or its ball
        # excludes 1 (SymPy would expand L^ℓ exactly at L = 1 + 1e-30, ℓ = 1e6), else by SymPy.
        if self.is_exact(r):
            is_one = r == 1
        elif not self.arb(r).contains(1):
            is_one = False
        else:
            is_one = decide(sp.Eq(ratio, 1), self.sympy_values())
        if is_one:
            return self.arb(self.eval(first)) * n
        r = self.arb(r)
        a = self.arb(self.eval(first))
        if r > 0:
            x = r.log()
            return a * (x * n).expm1() / x.expm1()
        return a * (r ** f.fmpz(n) - 1) / (r - 1)

    def binomial(self, node):
        """binomial(n, k) for exact integers 0 <= k <= n: exact when small, else through log-gamma."""
        n, k = (self.eval(a) for a in node.args)
        if not (self.is_exact(n) and self.is_exact(k) and n.q == 1 and k.q == 1 and 0 <= int(k.p) <= int(n.p)):
            raise NotCertifiable(f"{self.name}: binomial{node.args} needs integers 0 <= k <= n")
        n, k = int(n.p), int(k.p)
        if min(k, n - k) * max(n.bit_length(), 1) <= EXACT_POWER_BITS:
            return self.flint.fmpq(math.comb(n, k))
        one = self.flint.arb(1)
        return (
            (self.flint.arb(n) + one).lgamma()
            - (self.flint.arb(k) + one).lgamma()
            - (self.flint.arb(n - k) + one).lgamma()
        ).exp()


__all__ = [
    "enclose",
    "enclose_with",
    "ball_at",
    "translatable",
    "closed_form",
    "DIRECT_TERMS",
    "EXTRA_BITS",
    "PrecisionNotReached",
]
