"""Typed formula parameters: a SymPy symbol plus the domain its assumptions promise."""

from __future__ import annotations

from collections.abc import Iterable
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
    #: A categorical parameter (e.g. which conversion to use) takes one of these names
    #: instead of a number; only formulas with an ``evaluator`` can have one.
    choices: tuple[str, ...] = ()
    #: The choice used when the parameter is not given (categorical parameters only).
    default: str | None = None

    @property
    def name(self) -> str:
        return self.symbol.name

    @property
    def is_choice(self) -> bool:
        return bool(self.choices)

    @property
    def choice_text(self) -> str:
        """``method ∈ {mironov, balle}``: the domain of a categorical parameter, as text."""
        return f"{self.name} ∈ {{{', '.join(self.choices)}}}"

    @property
    def is_integer(self) -> bool:
        return bool(self.symbol.is_integer)

    def domain(self) -> list[Hypothesis]:
        s = self.symbol
        x = sp.Symbol(s.name)  # assumption-free, so `x > 0` stays a real test
        hyps: list[Hypothesis] = []
        if s.is_integer:
            # evaluate=False: Eq would try to decide floor(x) = x for a free x (it cannot) through the
            # assumption system, ~25 ms in each freshly forked checker; the relation is the same
            hyps.append(Hypothesis(sp.Eq(sp.floor(x), x, evaluate=False), f"{s.name} is an integer", kind="domain"))
        if s.is_positive:
            hyps.append(Hypothesis(x > 0, f"{s.name} > 0", kind="domain"))
        elif s.is_nonnegative:
            hyps.append(Hypothesis(x >= 0, f"{s.name} ≥ 0", kind="domain"))
        elif s.is_negative:
            hyps.append(Hypothesis(x < 0, f"{s.name} < 0", kind="domain"))
        elif s.is_nonpositive:
            hyps.append(Hypothesis(x <= 0, f"{s.name} ≤ 0", kind="domain"))
        if s.is_zero is False and not (s.is_positive or s.is_negative):
            hyps.append(Hypothesis(sp.Ne(x, 0), f"{s.name} ≠ 0", kind="domain"))
        return hyps


def positive(name: str, description: str = "") -> Parameter:
    return Parameter(sp.Symbol(name, positive=True), description)


def nonnegative(name: str, description: str = "") -> Parameter:
    return Parameter(sp.Symbol(name, nonnegative=True), description)


def real(name: str, description: str = "") -> Parameter:
    return Parameter(sp.Symbol(name, real=True), description)


def choice(name: str, choices: Iterable[str], description: str = "", *, default: str | None = None) -> Parameter:
    """A categorical parameter taking one of ``choices`` (names, not numbers)."""
    choices = tuple(choices)
    if not choices or not all(isinstance(c, str) and c for c in choices):
        raise ValueError(f"choice parameter {name!r} needs non-empty string choices, got {choices!r}")
    if default is not None and default not in choices:
        raise ValueError(f"choice parameter {name!r}: default {default!r} is not one of {choices}")
    return Parameter(sp.Symbol(name), description, choices, default)


def natural(name: str, description: str = "", *, zero: bool = True) -> Parameter:
    """An integer parameter ≥ 0 (``zero=True``) or ≥ 1."""
    if zero:
        return Parameter(sp.Symbol(name, integer=True, nonnegative=True), description)
    return Parameter(sp.Symbol(name, integer=True, positive=True), description)
