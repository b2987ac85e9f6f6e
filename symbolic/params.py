"""Typed formula parameters: a SymPy symbol plus the domain its assumptions promise."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .hypotheses import Hypothesis


@dataclass(frozen=True)
class Parameter:
    """A named parameter of a formula.

    ``symbol`` carries SymPy assumptions (``positive``, ``nonnegative``, ``integer``);
    :meth:`domain` turns them into hypotheses checked on every evaluation, so a
    claim proved under ``L > 0`` is never evaluated at ``L = -2``.
    ``description`` is the paper's meaning of the symbol.
    """

    symbol: sp.Symbol
    description: str = ""

    @property
    def name(self) -> str:
        return self.symbol.name

    @property
    def is_integer(self) -> bool:
        return bool(self.symbol.is_integer)

    def domain(self) -> list[Hypothesis]:
        s = self.symbol
        x = sp.Symbol(s.name)  # assumption-free, so `x > 0` stays a real test
        hyps: list[Hypothesis] = []
        if s.is_integer:
            hyps.append(Hypothesis(sp.Eq(sp.floor(x), x), f"{s.name} is an integer", kind="domain"))
        if s.is_positive:
            hyps.append(Hypothesis(x > 0, f"{s.name} > 0", kind="domain"))
        elif s.is_nonnegative:
            hyps.append(Hypothesis(x >= 0, f"{s.name} ≥ 0", kind="domain"))
        elif s.is_negative:
            hyps.append(Hypothesis(x < 0, f"{s.name} < 0", kind="domain"))
        return hyps


def positive(name: str, description: str = "") -> Parameter:
    return Parameter(sp.Symbol(name, positive=True), description)


def nonnegative(name: str, description: str = "") -> Parameter:
    return Parameter(sp.Symbol(name, nonnegative=True), description)


def real(name: str, description: str = "") -> Parameter:
    return Parameter(sp.Symbol(name, real=True), description)


def natural(name: str, description: str = "", *, zero: bool = True) -> Parameter:
    """An integer parameter ≥ 0 (``zero=True``) or ≥ 1."""
    if zero:
        return Parameter(sp.Symbol(name, integer=True, nonnegative=True), description)
    return Parameter(sp.Symbol(name, integer=True, positive=True), description)
