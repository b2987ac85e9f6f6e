"""Hypotheses: SymPy relations that a formula's parameters must satisfy.

They are decided *exactly* on the user's rational inputs; a relation that SymPy
cannot decide exactly (e.g. it involves ``sqrt``) is decided by high-precision
interval-free evaluation of the difference, with a margin that rules out a wrong
answer from rounding, and otherwise reported as undecidable (never silently passed).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

import sympy as sp

from .fraction_code import compile_rational, to_fraction

_KINDS = ("hypothesis", "domain")


@dataclass(frozen=True)
class Hypothesis:
    """A condition on parameters.

    ``relation`` is a SymPy Boolean (``lam <= 1/(2*(m + M))``, ``And(...)``);
    ``text`` is the hypothesis as the paper writes it (shown in error messages);
    ``kind`` is ``"domain"`` for parameter domains, ``"hypothesis"`` otherwise.
    """

    relation: sp.Basic
    text: str
    kind: str = "hypothesis"
    #: ``(symbols, exact rational test, simple test)`` for :meth:`holds`, built on first use (:meth:`prepare`).
    _decider: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        if self.kind not in _KINDS:
            raise ValueError(f"Hypothesis.kind must be one of {_KINDS}")
        rel = sp.sympify(self.relation)
        if rel in (sp.true, sp.false):
            # Typically `L > 0` built from a symbol declared positive: SymPy has
            # already decided it from the assumptions, so it would check nothing.
            raise ValueError(
                f"hypothesis '{self.text}' evaluated to {rel} when built; "
                "write it with plain symbols (see symbolic.hypotheses.plain)"
            )
        # Stored on assumption-free symbols, so that substituting a value that
        # violates a symbol's assumptions still evaluates honestly.
        object.__setattr__(self, "relation", plain(rel))

    @property
    def symbols(self) -> set:
        return self.relation.free_symbols

    @property
    def names(self) -> set[str]:
        return {s.name for s in self.relation.free_symbols}

    def holds(self, values: dict) -> bool:
        """Decide the hypothesis at exact ``values`` (parameter name -> Rational).

        A purely rational relation is decided by its compiled ``Fraction`` test (what
        :func:`decide` tries first), built once per hypothesis; anything else by :func:`decide`."""
        symbols, test, simple = self._decider or self.prepare()
        if simple is not None:  # a parameter against a rational, or an integrality test
            name, compare, a, b = simple
            try:
                p, q = values[name].p, values[name].q
            except (KeyError, AttributeError):
                pass
            else:
                return q == 1 if compare is None else compare(p * b, a * q)
        if test is not None:
            try:
                result = test(*[Fraction(values[s.name].p, values[s.name].q) for s in symbols])
            except (ZeroDivisionError, KeyError, TypeError, AttributeError):
                result = None
            if isinstance(result, bool):
                return result
        return decide(self.relation, {s: values[s.name] for s in symbols})

    def prepare(self) -> tuple:
        """Build the exact tests :meth:`holds` tries first (once: ``(symbols, test, simple)``):
        ``simple`` (:func:`_simple_test`) for a parameter compared with a rational or an
        integrality domain, else None; ``test`` the compiled ``Fraction`` test of a purely
        rational relation, else None."""
        if self._decider is None:
            symbols = tuple(sorted(self.relation.free_symbols, key=lambda s: s.name))
            simple = _simple_test(self.relation)
            test = None if simple is not None else compile_rational(self.relation, symbols)
            decider = (symbols, test, simple)
            object.__setattr__(self, "_decider", decider)
            return decider
        return self._decider


_OPERATORS = {
    sp.StrictGreaterThan: operator.gt,
    sp.GreaterThan: operator.ge,
    sp.StrictLessThan: operator.lt,
    sp.LessThan: operator.le,
    sp.Equality: operator.eq,
    sp.Unequality: operator.ne,
}
_MIRRORED = {operator.gt: operator.lt, operator.ge: operator.le, operator.lt: operator.gt, operator.le: operator.ge}


def _simple_test(relation):
    """``(name, compare, a, b)`` deciding ``relation`` on a rational ``x = p/q`` (``q > 0``) in
    integers, for the two forms nine hypotheses in ten take:

    * ``x OP a/b`` (either side; ``b > 0``): ``x OP a/b ⇔ p·b OP a·q``, multiplying both sides
      by ``b·q > 0``;
    * ``floor(x) = x`` (an integer domain): ``q = 1`` (``compare`` None), a SymPy rational
      being in lowest terms.

    None for any other relation (the compiled ``Fraction`` test or :func:`decide` decides it)."""
    compare = _OPERATORS.get(type(relation))
    if compare is None:
        return None
    lhs, rhs = relation.lhs, relation.rhs
    if compare is operator.eq and isinstance(lhs, sp.floor) and lhs.args[0] == rhs and rhs.is_Symbol:
        return rhs.name, None, 0, 1
    if rhs.is_Symbol and lhs.is_Rational:
        lhs, rhs, compare = rhs, lhs, _MIRRORED.get(compare, compare)
    if lhs.is_Symbol and rhs.is_Rational:
        return lhs.name, compare, int(rhs.p), int(rhs.q)
    return None


def plain(expr: sp.Basic) -> sp.Basic:
    """``expr`` with every symbol replaced by an assumption-free symbol of the same name."""
    expr = sp.sympify(expr)
    return expr.xreplace({s: sp.Symbol(s.name) for s in expr.free_symbols if isinstance(s, sp.Symbol)})


class UndecidedError(ArithmeticError):
    """A relation could not be decided at the given exact values."""


_MISSING = object()
_FAST: dict = {}


def _fast_decide(rel, values: Mapping):
    """Decide with exact ``Fraction`` arithmetic when the relation is purely rational, else None."""
    syms = tuple(sorted(rel.free_symbols, key=lambda s: s.name))
    key = (rel, syms)
    fn = _FAST.get(key, _MISSING)
    if fn is _MISSING:
        fn = _FAST[key] = compile_rational(rel, syms)
    if fn is None:
        return None
    try:
        result = fn(*[to_fraction(values[s]) for s in syms])
    except (ZeroDivisionError, KeyError, TypeError, AttributeError):
        return None
    return result if isinstance(result, bool) else None


def decide(relation: object, values: Mapping, digits: int = 60) -> bool:
    """Decide a SymPy Boolean at exact values; raise :class:`UndecidedError` if impossible."""
    rel = sp.sympify(relation)
    if values and not isinstance(rel, sp.logic.boolalg.BooleanAtom):
        fast = _fast_decide(rel, values)
        if fast is not None:
            return fast
    if rel in (sp.true, True):
        return True
    if rel in (sp.false, False):
        return False
    if isinstance(rel, sp.And):
        return all(decide(a, values, digits) for a in rel.args)
    if isinstance(rel, sp.Or):
        return any(decide(a, values, digits) for a in rel.args)
    if isinstance(rel, sp.Not):
        return not decide(rel.args[0], values, digits)
    substituted = rel.xreplace({k: v for k, v in values.items()})
    if substituted in (sp.true, sp.false):
        return bool(substituted)
    if isinstance(substituted, sp.Rel):
        diff = substituted.lhs - substituted.rhs
        if diff.is_number:
            exact = sp.simplify(diff)
            if exact.is_Rational:
                return bool(type(substituted)(exact, 0))
            # Not rational (sqrt, log, ...): decide by sign at high precision, and only
            # when the value is far from zero compared with the working precision.
            value = sp.N(exact, digits)
            if value.is_real and abs(value) > sp.Float(10, digits) ** (10 - digits):
                return bool(type(substituted)(value, 0))
    raise UndecidedError(f"cannot decide {rel} at {values}")
