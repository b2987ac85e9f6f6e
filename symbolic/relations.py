"""Deciding a relation at exact values: exactly, or from a certified sign, never from a rounded value.

:func:`decide_by` is the one decision procedure; :func:`symbolic.hypotheses.decide` calls it with the
sign of an Arb ball (:func:`symbolic.certify.translate.certified_sign`) as its oracle, and the Arb
interpreter, which decides its own ``Piecewise`` conditions, calls it with the same oracle.  This
module sits below both, so that neither imports the other through it (no import circle).

The answer comes, in order, from: the relation compiled to exact ``Fraction`` arithmetic (purely
rational relations); ``And``/``Or``/``Not`` of decided parts; the difference ``lhs − rhs`` at the point
when it is an exact rational or a signed infinity; the oracle's *certified* sign of that difference
(a ball that excludes 0); the same after ``simplify`` (an exact 0 that only simplification sees).
Anything else raises :class:`UndecidedError`: a high-precision value near 0 is not a decision.
"""

from __future__ import annotations

import operator
from typing import Callable, Mapping

import sympy as sp

from .fraction_code import compile_rational, to_fraction

#: The sign of a real number certified by an enclosure: 1, −1, or None when the enclosure cannot tell
#: (it contains 0, the number is not real, or it cannot be enclosed).
SignOracle = Callable[[sp.Basic], "int | None"]


class UndecidedError(ArithmeticError):
    """A relation could not be decided at the given exact values."""


_MISSING = object()
_FAST: dict = {}

#: A SymPy relation's class -> the Python comparison it denotes (one table for the engine: hypotheses' simple tests,
#: this module, the Arb interpreter's Piecewise conditions).
COMPARE = {
    sp.StrictGreaterThan: operator.gt,
    sp.GreaterThan: operator.ge,
    sp.StrictLessThan: operator.lt,
    sp.LessThan: operator.le,
    sp.Equality: operator.eq,
    sp.Unequality: operator.ne,
}


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


def _exact_sign(d: sp.Basic) -> int | None:
    """The sign of an exact rational or a signed real infinity, else None."""
    if d.is_Rational:
        return (d.p > 0) - (d.p < 0)
    if d in (sp.oo, -sp.oo):
        return 1 if d == sp.oo else -1
    return None


def decide_by(relation: object, values: Mapping, sign: SignOracle | None = None) -> bool:
    """Decide a SymPy Boolean at exact ``values`` (symbol -> Rational), using ``sign`` for the certified
    sign of a non-rational difference; raise :class:`UndecidedError` if no exact or certified answer."""
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
        return all(decide_by(a, values, sign) for a in rel.args)
    if isinstance(rel, sp.Or):
        return any(decide_by(a, values, sign) for a in rel.args)
    if isinstance(rel, sp.Not):
        return not decide_by(rel.args[0], values, sign)
    compare = COMPARE.get(type(rel))
    if compare is None:
        # another Boolean (a set membership, ...): only SymPy's own exact evaluation of it
        substituted = rel.xreplace(dict(values))
        if substituted in (sp.true, sp.false):
            return bool(substituted)
        raise UndecidedError(f"cannot decide {rel} at {values}")
    # the difference as an expression: substituting into the relation itself would make SymPy compare
    # the two sides numerically (a rounded comparison) as it builds the result
    d = (rel.lhs - rel.rhs).xreplace(dict(values))
    if d.is_number:
        for form in (lambda: d, lambda: sp.simplify(d)):
            e = form()
            s = _exact_sign(e)
            if s is None and sign is not None and e.is_finite is not False:
                s = sign(e)
            if s is not None:
                return compare(s, 0)
    raise UndecidedError(f"cannot decide {rel} at {values}: no exact value and no certified sign")
