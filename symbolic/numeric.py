"""Compiling SymPy expressions into evaluators.

* :func:`resolve_branches` decides every ``Piecewise`` condition *exactly* on the
  rational inputs before any rounding happens, so ``L = 1`` takes the ``L = 1``
  branch and ``L = 1 + 1e-40`` never does.
* :class:`CompiledExpression` lambdifies the resolved expression for mpmath
  (cached per branch choice) and evaluates it with guard digits, raising the
  working precision until two successive precisions agree to the requested
  digits (Ziv's strategy).  This absorbs the rounding of the inputs themselves
  (``L = 1 + 1e-9`` at 30 digits) on top of the stable forms the formulas use.
* :func:`float_function` gives a vectorised NumPy evaluator for plotting.
"""

from __future__ import annotations

from typing import Callable, Sequence

import mpmath
import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from .errors import EvaluationError
from .hypotheses import decide

GUARD_DIGITS = 15
MAX_ESCALATIONS = 6


def resolve_branches(expr: sp.Basic, values: dict) -> sp.Basic:
    """Replace each ``Piecewise`` whose conditions involve only ``values`` by its chosen branch.

    Conditions are decided exactly (see :func:`symbolic.hypotheses.decide`).
    """
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
        return node.func(*new_args)

    return visit(expr)


def _to_mpmath(value: sp.Rational):
    # Integers too become mpf: generated code must never do Python int division.
    return mpmath.mpf(int(value.p)) / int(value.q)


class _Printer(MpmathPrinter):
    """mpmath code printer whose finite sums accept mpf bounds (``range(int(a), ...)``)."""

    def _print_Sum(self, expr):
        loops = (
            "for {i} in range(int({a}), int({b}) + 1)".format(
                i=self._print(i), a=self._print(a), b=self._print(b))
            for i, a, b in expr.limits
        )
        return "(builtins.sum({function} {loops}))".format(
            function=self._print(expr.function), loops=" ".join(loops))


def lambdify_mpmath(symbols, expr):
    """``lambdify`` for mpmath with :class:`_Printer` (sums over mpf-valued integer bounds)."""
    return sp.lambdify(symbols, expr, modules="mpmath", printer=_Printer({"fully_qualified_modules": False, "inline": True, "allow_unknown_functions": True, "user_functions": {}}))


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

    def __call__(self, values: dict, dps: int = 30) -> mpmath.mpf:
        """Evaluate at exact rational ``values`` (Symbol -> Rational) to ``dps`` digits."""
        resolved = resolve_branches(self.expr, values)
        fn = self._compiled(resolved)
        return evaluate_to_precision(
            lambda: fn(*[_to_mpmath(values[s]) for s in self.symbols]),
            dps,
            self.name,
        )


def evaluate_to_precision(thunk: Callable[[], object], dps: int, name: str) -> mpmath.mpf:
    """Run ``thunk`` at rising working precision until two runs agree to ``dps`` digits.

    ``thunk`` must build its mpmath inputs inside the call (so they are rounded
    at the current working precision).  Returns an ``mpf`` rounded to ``dps``
    digits; raises :class:`EvaluationError` for non-real or non-finite results or
    if the digits never settle.
    """
    if dps < 1:
        raise ValueError("dps must be a positive integer")
    previous = None
    guard = GUARD_DIGITS
    for _ in range(MAX_ESCALATIONS):
        with mpmath.workdps(dps + guard):
            try:
                value = thunk()
            except ZeroDivisionError as exc:
                raise EvaluationError(f"{name}: division by zero ({exc})") from exc
            value = _as_real(value, name)
            if previous is not None:
                scale = max(abs(value), abs(previous))
                if scale == 0 or abs(value - previous) <= scale * mpmath.mpf(10) ** (-dps - 2):
                    with mpmath.workdps(dps):
                        return +value
            previous = value
        guard *= 2
    raise EvaluationError(
        f"{name}: the value did not settle to {dps} digits even with "
        f"{guard // 2} guard digits (catastrophic cancellation)."
    )


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
    """A NumPy-vectorised float64 evaluator of ``expr``, for plotting sweeps only."""
    import numpy as np

    fn = sp.lambdify(tuple(symbols), expr, modules="numpy")

    def run(*args):
        with np.errstate(all="ignore"):  # Piecewise evaluates every branch; unused ones may overflow
            return fn(*args)

    return run
