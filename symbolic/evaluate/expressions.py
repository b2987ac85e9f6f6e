"""Compiling SymPy expressions into evaluators.

* :func:`resolve_branches` decides every ``Piecewise`` condition *exactly* on the
  rational inputs before any rounding happens, so ``L = 1`` takes the ``L = 1``
  branch and ``L = 1 + 1e-40`` never does.
* :class:`CompiledExpression` lambdifies the resolved expression for mpmath
  (cached per branch choice): the *fallback* evaluator, used where Arb cannot express
  the formula (:meth:`symbolic.Formula.evaluate` tries Arb first).  It starts at a
  working precision that holds every exact input (:func:`input_digits`) and doubles it
  until two runs agree to the requested digits above the inputs' magnitude; a zero only
  when SymPy proves it (:func:`evaluate_to_precision`, the rule of :mod:`symbolic.evaluate.settle`).
* :func:`float_function` gives a vectorised NumPy evaluator for plotting.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import mpmath
import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from . import settle
from ..errors import EvaluationError, InputError
from ..hypotheses import decide
from ..sums import _geometric_parts, _structural_ratio  # noqa: F401 - re-exported (tests, translate)

if TYPE_CHECKING:
    from ..certify.arb import Ball

GUARD_DIGITS = settle.GUARD_DIGITS
#: Cap of :func:`input_digits` (inputs longer than this are rounded to it in the mpmath fallback).
MAX_INPUT_DIGITS = settle.MAX_INPUT_DIGITS


def resolve_branches(expr: sp.Basic, values: dict, evaluate: bool = True) -> sp.Basic:
    """Replace each ``Piecewise`` whose conditions involve only ``values`` by its chosen branch.

    Conditions are decided exactly (see :func:`symbolic.hypotheses.decide`).  With
    ``evaluate=False`` the nodes above a replaced ``Piecewise`` are rebuilt unevaluated (no
    canonical reordering, no assumption queries: a twentieth of the time in a fresh process):
    the same function of the inputs, for code generation; proofs take the evaluated form.
    """
    if _branch_free(expr):  # the common case, asked once per forward evaluation of a root finder
        return expr
    known = set(values)

    def visit(node):
        if isinstance(node, sp.Piecewise):
            for piece, cond in node.args:
                if cond.free_symbols <= known:
                    if decide(cond, values):
                        return visit(piece)
                    continue
                # A condition on something we do not know (a summation index):
                # keep the Piecewise, resolving inside the pieces only.
                return sp.Piecewise(*[(visit(p), c) for p, c in node.args])
            raise EvaluationError(f"no Piecewise branch applies at {values}")
        if not node.args or node.is_Atom:
            return node
        new_args = [visit(a) for a in node.args]
        if all(a is b for a, b in zip(new_args, node.args)):
            return node
        if not evaluate:
            try:
                return node.func(*new_args, evaluate=False)
            except TypeError:  # a node type without the keyword
                pass
        return node.func(*new_args)

    return visit(expr)


@functools.lru_cache(maxsize=1024)
def _branch_free(expr: sp.Basic) -> bool:
    """Whether ``expr`` has no ``Piecewise`` (kept per expression: walking the tree for every evaluation cost an
    inverse's root finder a third of its time)."""
    return not expr.has(sp.Piecewise)


def _to_mpmath(value: sp.Rational):
    # Integers too become mpf: generated code must never do Python int division.
    return mpmath.mpf(int(value.p)) / int(value.q)


def geometric_sum(first: Any, ratio: Any, count: Any) -> Any:
    """``first * (1 + ratio + ... + ratio**(count - 1))`` at the working precision, in O(1).

    ``count`` is an integer (an mpf with an integral value is accepted).  For
    ``ratio > 0`` the sum is ``first * expm1(count*log(ratio)) / expm1(log(ratio))``,
    which keeps every digit when ``ratio`` is within 1e-9 of 1 (the naive
    ``(ratio**count - 1)/(ratio - 1)`` loses them) and is exactly ``first * count``
    at ``ratio == 1``; no terms give the exact integer 0.  The closed form is SymPy's own (Karr's convention), so a
    negative ``count`` gives the same value SymPy's ``Sum`` does.
    """
    n = mpmath.mpf(count)
    if n != mpmath.floor(n):
        raise ValueError(f"geometric_sum: non-integer number of terms {count}")
    if n == 0:
        return 0  # the empty sum: an exact zero (the precision loop accepts it as exact)
    q = mpmath.mpf(ratio) if not isinstance(ratio, mpmath.mpc) else ratio
    if q == 1:
        return first * n
    if isinstance(q, mpmath.mpf) and q > 0:
        x = mpmath.log(q)
        return first * mpmath.expm1(n * x) / mpmath.expm1(x)
    return first * (q**n - 1) / (q - 1)


#: |x| above which mpmath's own erfc fails (OverflowError converting x² to a float).
_ERFC_HUGE = mpmath.mpf(2) ** 400


def erfc(x: Any) -> Any:
    """mpmath's erfc, extended to |x| ≥ 2^400 (where mpmath's series check overflows a float):
    there erfc(x) = e^{−x²}/(x√π) · Σ_k (−1)^k (2k − 1)!!/(2x²)^k, each term below the last by
    a factor < 2^-799, summed until the terms drop below the working precision."""
    x = mpmath.mpf(x) if not isinstance(x, mpmath.mpc) else x
    if isinstance(x, mpmath.mpc) or abs(x) < _ERFC_HUGE:
        return mpmath.erfc(x)
    if x < 0:
        return 2 - erfc(-x)
    with mpmath.extraprec(10):
        inv = 1 / (2 * x * x)
        total, term, k = mpmath.mpf(1), mpmath.mpf(1), 0
        while True:
            k += 1
            term *= -(2 * k - 1) * inv
            if abs(term) < mpmath.eps:
                break
            total += term
        value = mpmath.exp(-x * x) / (x * mpmath.sqrt(mpmath.pi)) * total
    return +value


def erf(x: Any) -> Any:
    """erf through :func:`erfc` for |x| ≥ 2^400 (±1 − ∓erfc), mpmath's erf otherwise."""
    if not isinstance(x, mpmath.mpc) and abs(mpmath.mpf(x)) >= _ERFC_HUGE:
        return 1 - erfc(x) if x > 0 else erfc(-x) - 1
    return mpmath.erf(x)


#: Most terms a non-geometric sum is added up term by term in the mpmath evaluator.
MAX_LOOP_TERMS = 1_000_000


def index_range(a: Any, b: Any) -> range:
    """``range(a, b + 1)`` for the summation loops of the mpmath evaluator, refusing more than
    :data:`MAX_LOOP_TERMS` terms (a sum to T = 1e5000 would never finish)."""
    a, b = int(a), int(b)
    if b - a + 1 > MAX_LOOP_TERMS:
        raise ArithmeticError(
            f"a sum of about 10^{len(str(b - a + 1)) - 1 if b - a < 10**4000 else '4000+'} "
            f"terms is too long to add up term by term (limit {MAX_LOOP_TERMS})"
        )
    return range(a, b + 1)


class _Printer(MpmathPrinter):
    """mpmath code printer whose finite sums accept mpf bounds (``range(int(a), ...)``).

    Geometric sums (``Σ_j c·q**j``, detected by a term ratio free of the index)
    are printed as :func:`geometric_sum`, which costs O(1) in the number of terms
    and is accurate for ratios near 1; other sums become loops.
    """

    def _print_Sum(self, expr):
        parts = _geometric_parts(expr)
        if parts is not None:
            first, ratio, count = parts
            return "geometric_sum({}, {}, {})".format(self._print(first), self._print(ratio), self._print(count))
        loops = (
            # mpf indices: a Python int index would turn 1/(j + 1) into a float division
            "for {i} in map(mpf, index_range({a}, {b}))".format(i=self._print(i), a=self._print(a), b=self._print(b))
            for i, a, b in expr.limits
        )
        return "(builtins.sum({function} {loops}))".format(function=self._print(expr.function), loops=" ".join(loops))


def lambdify_mpmath(symbols: Sequence[sp.Symbol], expr: sp.Basic) -> Callable:
    """``lambdify`` for mpmath with :class:`_Printer` (geometric sums in O(1), other sums as loops)."""
    return sp.lambdify(
        symbols,
        expr,
        modules=[{"geometric_sum": geometric_sum, "index_range": index_range, "erfc": erfc, "erf": erf}, "mpmath"],
        printer=_Printer(
            {"fully_qualified_modules": False, "inline": True, "allow_unknown_functions": True, "user_functions": {}}
        ),
    )


class CompiledExpression:
    """An mpmath evaluator for one SymPy expression over an ordered list of symbols."""

    def __init__(self, expr: sp.Basic, symbols: Sequence[sp.Symbol], name: str = "expression"):
        self.expr = sp.sympify(expr)
        self.symbols = tuple(symbols)
        self.name = name
        self._cache: dict[sp.Basic, Callable] = {}

    def _compiled(self, resolved: sp.Basic) -> Callable:
        fn = self._cache.get(resolved)
        if fn is None:
            fn = lambdify_mpmath(self.symbols, resolved)
            self._cache[resolved] = fn
        return fn

    def once(self, values: dict) -> mpmath.mpf:
        """One evaluation at the current mpmath precision (no precision escalation): for
        algorithms that only need a proposal which something else validates (a root
        bracket certified by Arb, an outer precision loop)."""
        fn = self._compiled(resolve_branches(self.expr, values, evaluate=False))
        return _as_real(fn(*[_to_mpmath(values[s]) for s in self.symbols]), self.name)

    def __call__(self, values: dict, dps: int = 30) -> mpmath.mpf:
        """Evaluate at exact rational ``values`` (Symbol -> Rational) to ``dps`` digits."""
        fn = self._compiled(resolve_branches(self.expr, values, evaluate=False))
        return evaluate_to_precision(
            lambda: fn(*[_to_mpmath(values[s]) for s in self.symbols]),
            dps,
            self.name,
            input_digits(values.values()),
            input_magnitude(values.values()),
            zero_proof=lambda: proves_zero(self.expr, values),  # resolves the branches itself, evaluated
            point=show_point(values),
        )


#: Largest number of significant digits ``evaluate`` accepts.
MAX_DPS = 4000


def check_dps(dps: object, name: str) -> None:
    """Refuse a requested number of digits that is not an integer in [1, :data:`MAX_DPS`]."""
    if isinstance(dps, bool) or not isinstance(dps, int) or not 1 <= dps <= MAX_DPS:
        raise InputError(f"{name}: dps must be an integer from 1 to {MAX_DPS}, not {dps!r}")


class Evaluation:
    """A value returned by :meth:`symbolic.Formula.evaluation` (read-only by convention).

    ``value``: the mpf; ``digits``: ``(mantissa, exponent)`` of the correctly rounded
    decimal when it came from an enclosure, else None; ``enclosure``: whether an Arb ball
    containing the exact value pins every printed digit; ``path``: ``"arb"``,
    ``"arb-inverse"`` or ``"mpmath"``; ``ball``: that Arb ball (or None); ``note``: why an
    Arb path fell back to mpmath at this point, if it did.

    An evaluation from an enclosure (:meth:`from_digits`) builds its mpf from the digits on
    first access of ``value`` (:func:`symbolic.evaluate.settle.to_mpf`, which depends on the digits and
    ``dps`` only, not on mpmath's current precision): the digits and the ball are the result,
    and a caller that reads only them (a loop of certified values, an enclosure's interval)
    does not pay for a conversion that costs as much as the rounding itself.
    """

    __slots__ = ("_value", "digits", "enclosure", "path", "ball", "note", "_dps")

    def __init__(
        self, value: Any, digits: tuple | None, enclosure: bool, path: str, ball: Any = None, note: str = ""
    ) -> None:
        self._value = value
        self.digits = digits
        self.enclosure = enclosure
        self.path = path
        self.ball = ball
        self.note = note
        self._dps: int | None = None

    @classmethod
    def from_digits(cls, digits: tuple, dps: int, path: str, ball: Ball) -> "Evaluation":
        """The evaluation whose correctly rounded ``dps`` digits ``digits`` an Arb ``ball`` pins."""
        out = object.__new__(cls)  # __init__'s fields set here: a call less on every Arb path
        out._value = None
        out.digits = digits
        out.enclosure = True
        out.path = path
        out.ball = ball
        out.note = ""
        out._dps = dps
        return out

    @property
    def value(self) -> mpmath.mpf:
        if self._value is None and self._dps is not None:
            self._value = settle.to_mpf(self.digits, self._dps)
        return self._value

    def __repr__(self) -> str:
        return (
            f"Evaluation(value={self.value!r}, digits={self.digits!r}, enclosure={self.enclosure!r}, "
            f"path={self.path!r}, ball={self.ball!r}, note={self.note!r})"
        )


def input_digits(values: Iterable[sp.Rational]) -> int:
    """Decimal digits an mpmath working precision needs to hold every exact input to full
    relative accuracy (:func:`symbolic.evaluate.settle.input_digits`): ``x = 1 - 1e-40`` needs 40 digits
    (below that it rounds to 1); ``x = 1e-100`` needs one."""
    return settle.input_digits(values)


def input_magnitude(values: Iterable[sp.Rational]) -> int:
    """The largest decimal magnitude |log10|x|| of the exact inputs (capped)
    (:func:`symbolic.evaluate.settle.input_magnitude`): below this many extra working digits an input can
    be absorbed exactly (``1 + 1e-100 = 1``), so runs that agree there are no evidence."""
    return settle.input_magnitude(values)


def show_point(values: Mapping) -> str:
    """``"L = 3/2, s = 9"``: exact inputs (Symbol or name -> Rational) for error messages."""
    return settle.show_point([str(k) for k in values], list(values.values()))


# An exact rational power with a larger exponent is not attempted by proves_zero: SymPy evaluates
# Rational**Integer on construction, and (1 - 10⁻⁹)^(10¹²) has about 10¹³ digits.  That computation runs
# inside GMP, where neither eval's watchdog nor a signal can stop it.
MAX_EXACT_EXPONENT = 10_000


def _has_huge_exact_power(expr: sp.Basic, values: Mapping) -> bool:
    """Whether substituting ``values`` into ``expr`` would build a rational power whose exponent is a
    rational number with numerator beyond ``MAX_EXACT_EXPONENT`` (base other than 0, ±1).  Inner powers are
    examined first, so a base is substituted only once the powers inside it are known to be small."""
    powers = sorted(expr.atoms(sp.Pow), key=lambda p: p.count(sp.Pow))
    for power in powers:
        exponent = power.exp.xreplace(values)
        if exponent.is_Rational and abs(exponent.p) > MAX_EXACT_EXPONENT:
            base = power.base.xreplace(values)
            if not (base.is_Rational and abs(base) in (0, 1)):
                return True
    return False


def proves_zero(expr: sp.Basic, values: Mapping) -> bool:
    """Whether SymPy proves that ``expr`` is exactly 0 at the exact ``values`` (Symbol -> Rational).

    Only exact reasoning counts: the substituted expression simplifies to 0 on construction, its
    assumptions say ``is_zero``, or (for small expressions without sums) ``doit`` / ``simplify``
    return 0.  Numerical agreement is never used (that is what the proof is needed against).  No
    proof is attempted (False: an unproved zero) when the substitution would build an exact power with
    an exponent beyond ``MAX_EXACT_EXPONENT`` — a conservative cut-off: such a power may have more
    digits than any time budget allows, and its computation cannot be interrupted.
    """
    try:
        e = resolve_branches(sp.sympify(expr), dict(values))
        if _has_huge_exact_power(e, dict(values)):
            return False
        e = e.xreplace(dict(values))
        if e == 0 or e.is_zero is True:
            return True
        if e.has(sp.Sum, sp.Product) or sp.count_ops(e) > 200:
            return False
        if e.has(sp.Integral):
            e = e.doit()
            if e == 0 or e.is_zero is True:
                return True
        return sp.count_ops(e) <= 40 and sp.simplify(e) == 0
    except (TypeError, ValueError, ArithmeticError, NotImplementedError, RecursionError, AttributeError):
        return False


def evaluate_to_precision(
    thunk: Callable[[], object],
    dps: int,
    name: str,
    start_digits: int = 0,
    magnitude: int = 0,
    *,
    zero_proof: Callable[[], bool] | None = None,
    point: str = "",
) -> mpmath.mpf:
    """mpmath fallback: run ``thunk`` at rising working precision (:func:`symbolic.evaluate.settle.settle`,
    the rule the exported modules run too) and return an ``mpf`` rounded to ``dps`` digits.

    A nonzero value needs two runs a factor of two apart that agree to ``dps + 2`` digits, the
    lower one carrying ``dps`` + 15 + ``magnitude`` digits (pass :func:`input_digits` as
    ``start_digits`` and :func:`input_magnitude` as ``magnitude``).  A zero is returned only when
    ``zero_proof()`` proves it (e.g. :func:`proves_zero` on the exact expression) or the thunk
    returns an exact zero (int/Fraction/SymPy: a hand-written algorithm's explicit zero branch
    returns ``0``), never because runs agree on an mpf 0.  A hand-written algorithm's caller may
    leave inputs it takes only through their logarithm out of ``magnitude``
    (:class:`symbolic.Formula`'s ``magnitude_free``).  Raises
    :class:`EvaluationError` naming ``name`` and ``point`` otherwise (non-real or non-finite
    results, arithmetic failures, an unproved zero, digits that never settle).
    """
    return settle.settle(thunk, dps, name, start_digits, magnitude, zero_proof, point, EvaluationError)


def _as_real(value, name: str) -> mpmath.mpf:
    if isinstance(value, (int, float)) or isinstance(value, sp.Rational):
        value = mpmath.mpf(value)
    if isinstance(value, mpmath.mpc):
        if value.imag != 0:
            raise EvaluationError(f"{name}: complex value {value} for a real formula")
        value = value.real
    if not isinstance(value, mpmath.mpf):
        raise EvaluationError(f"{name}: evaluator returned {type(value).__name__}, not a number")
    if not mpmath.isfinite(value):
        raise EvaluationError(f"{name}: non-finite value {value} for a valid input")
    return value


def float_function(expr: sp.Basic, symbols: Sequence[sp.Symbol]) -> Callable:
    """A NumPy-vectorised float64 evaluator of ``expr``, for plotting sweeps only (SciPy supplies the special
    functions NumPy lacks: erf, erfinv, gamma, …)."""
    import numpy as np

    fn = sp.lambdify(tuple(symbols), expr, modules=["numpy", "scipy"])

    def run(*args):
        with np.errstate(all="ignore"):  # Piecewise evaluates every branch; unused ones may overflow
            return fn(*args)

    return run
