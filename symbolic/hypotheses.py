"""Hypotheses: SymPy relations that a formula's parameters must satisfy.

They are decided *exactly* on the user's rational inputs; a relation that SymPy
cannot decide exactly (e.g. it involves ``sqrt``) is decided by the sign of a certified
Arb ball of the difference (:func:`decide`), and otherwise reported as undecidable
(never silently passed, never settled from a rounded value).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

import sympy as sp

from .fraction_code import compile_rational
from .relations import COMPARE, UndecidedError, decide_by

__all__ = ["Hypothesis", "UndecidedError", "decide", "plain"]

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


_MIRRORED = {operator.gt: operator.lt, operator.ge: operator.le, operator.lt: operator.gt, operator.le: operator.ge}


def _simple_test(relation):
    """``(name, compare, a, b)`` deciding ``relation`` on a rational ``x = p/q`` (``q > 0``) in
    integers, for the two forms nine hypotheses in ten take:

    * ``x OP a/b`` (either side; ``b > 0``): ``x OP a/b ⇔ p·b OP a·q``, multiplying both sides
      by ``b·q > 0``;
    * ``floor(x) = x`` (an integer domain): ``q = 1`` (``compare`` None), a SymPy rational
      being in lowest terms.

    None for any other relation (the compiled ``Fraction`` test or :func:`decide` decides it)."""
    compare = COMPARE.get(type(relation))
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


def _certified_sign(number: sp.Basic) -> int | None:
    """The sign of a real number from an Arb ball (:func:`symbolic.certify.translate.certified_sign`)."""
    from .certify.translate import certified_sign

    return certified_sign(number)


def decide(relation: object, values: Mapping) -> bool:
    """Decide a SymPy Boolean at exact values; raise :class:`UndecidedError` if impossible.

    Exactly when the relation is rational (or its difference simplifies to a rational), otherwise by the
    sign of a certified Arb ball of ``lhs − rhs`` at the point (:func:`symbolic.relations.decide_by`):
    a ball that contains 0, or an expression the Arb interpreter cannot enclose, is undecided, never
    settled from a rounded value."""
    return decide_by(relation, values, _certified_sign)
