"""Exact decisions on rational inputs in plain Python (``fractions.Fraction``).

Hypotheses and ``Piecewise`` conditions are decided on every evaluation; doing it
through SymPy costs milliseconds.  When a relation uses only rational arithmetic
(``+ - * /``, integer powers, ``floor``, ``Abs``, ``Min``, ``Max``, comparisons and
``And/Or/Not``) it is compiled to Python over ``Fraction`` — still exact, and
about a hundred times faster.  Anything else (``sqrt``, ``log``, …) returns
``None`` and callers fall back to SymPy.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable, Sequence

import sympy as sp
from sympy.printing.pycode import PythonCodePrinter

_ALLOWED = (
    sp.Symbol,
    sp.Rational,
    sp.Add,
    sp.Mul,
    sp.Pow,
    sp.floor,
    sp.ceiling,
    sp.Abs,
    sp.Min,
    sp.Max,
    sp.Rel,
    sp.And,
    sp.Or,
    sp.Not,
    sp.logic.boolalg.BooleanAtom,
)


class _FractionPrinter(PythonCodePrinter):
    def _print_Rational(self, expr):
        return f"Fraction({expr.p}, {expr.q})"

    def _print_Integer(self, expr):
        return f"Fraction({expr.p})"

    def _print_Half(self, expr):
        return "Fraction(1, 2)"

    def _print_Pow(self, expr, rational=False):
        return f"({self._print(expr.base)})**({int(expr.exp)})"

    def _print_floor(self, expr):
        return f"Fraction(math.floor({self._print(expr.args[0])}))"

    def _print_ceiling(self, expr):
        return f"Fraction(math.ceil({self._print(expr.args[0])}))"


def _rational_only(expr: sp.Basic) -> bool:
    for node in sp.preorder_traversal(expr):
        if not isinstance(node, _ALLOWED):
            return False
        if isinstance(node, sp.Pow) and not (node.exp.is_Integer):
            return False
    return True


def compile_rational(expr: sp.Basic, symbols: Sequence[sp.Symbol]) -> Callable | None:
    """A function of ``Fraction`` arguments computing ``expr`` exactly, or None if not rational."""
    expr = sp.sympify(expr)
    if not _rational_only(expr):
        return None
    return sp.lambdify(
        list(symbols),
        expr,
        modules=[{"Fraction": Fraction, "math": math, "Min": min, "Max": max, "min": min, "max": max, "abs": abs}],
        printer=_FractionPrinter({"fully_qualified_modules": False}),
    )


def to_fraction(value: sp.Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))
