"""Manifest sign analysis: a sound, purely structural proof that an expression is >= 0.

Rules (each valid for every value the symbols' assumptions allow):
sums and products of nonnegative terms are nonnegative; a quotient of
nonnegative by positive is nonnegative; a positive base to any real power is
positive; even integer powers are nonnegative; ``exp`` and ``erfc`` of a real argument are
positive, ``erf`` has the sign of its argument; ``sqrt`` of
anything defined is nonnegative; a ``Sum`` of nonnegative terms whose range is
empty or forward (``upper - lower + 1 >= 0``) is nonnegative.  SymPy's own
assumption system (``is_nonnegative``) is consulted at the leaves.
"""

from __future__ import annotations

import sympy as sp

POS, NONNEG = 2, 1


def _sign(e: sp.Basic) -> int:
    """2 if manifestly > 0, 1 if manifestly >= 0, 0 if unknown."""
    if e.is_positive:
        return POS
    if e.is_nonnegative:
        return NONNEG
    if isinstance(e, sp.Add):
        signs = [_sign(a) for a in e.args]
        if all(signs):
            return POS if any(s == POS for s in signs) else NONNEG
        return 0
    if isinstance(e, sp.Mul):
        signs = [_sign(a) for a in e.args]
        if all(signs):
            return POS if all(s == POS for s in signs) else NONNEG
        # an even number of negative factors (decided by assumptions, not recursively) also works
        negs = [a for a, s in zip(e.args, signs) if not s]
        if all(a.is_negative for a in negs) and len(negs) % 2 == 0:
            rest = [s for s in signs if s]
            return POS if all(s == POS for s in rest) else NONNEG
        return 0
    if isinstance(e, sp.Pow):
        base, exp = e.args
        sb = _sign(base)
        if sb == POS:
            return POS
        if exp.is_integer and exp.is_even:
            return NONNEG
        if sb == NONNEG and exp.is_positive:
            return NONNEG
        return 0
    if isinstance(e, sp.exp):
        return POS if e.args[0].is_extended_real else 0
    if isinstance(e, sp.erfc):  # erfc(x) = 1 − erf(x) ∈ (0, 2) for every finite real x
        return POS if e.args[0].is_real else 0
    if isinstance(e, sp.erf):  # erf has the sign of its argument
        arg = e.args[0]
        return POS if arg.is_positive else NONNEG if (arg.is_nonnegative and arg.is_real) else 0
    if isinstance(e, sp.Sum):
        body, (idx, lo, hi) = e.function, e.limits[0]
        if len(e.limits) != 1:
            return 0
        length = sp.simplify(hi - lo + 1)
        if not (length.is_nonnegative or length.is_zero):
            return 0
        sb = _sign(body)
        return NONNEG if sb else 0
    return 0


def manifestly_nonnegative(expr: sp.Basic) -> bool:
    return _sign(sp.sympify(expr)) >= NONNEG


def manifestly_positive(expr: sp.Basic) -> bool:
    return _sign(sp.sympify(expr)) == POS
