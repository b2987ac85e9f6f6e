"""Positivity by monotonicity: a function that decreases strictly towards a nonnegative limit is positive.

:func:`prove_by_decrease` proves ``d(x) > 0`` for every ``x`` of an interval ``I`` unbounded above, the
other symbols fixed anywhere in their domains, from three facts each established for all of them:

1. ``d`` is smooth in ``x`` on ``I`` (:func:`smooth`: built from operations that are smooth wherever
   their arguments are finite and real, with every power of non-integer or negative exponent and every
   logarithm taken of a manifestly positive base, so no pole, branch point or corner lies in ``I``);
2. ``d'(x) < 0`` on ``I``: a form of SymPy's derivative (as computed, simplified, or expanded with
   powers combined) is manifestly negative (:mod:`symbolic.sign`);
3. ``lim_{x→∞} d(x) = v`` with ``v`` manifestly nonnegative, proved by the limit calculus
   (:func:`symbolic.limits.prove_limit`).

Then for ``x < y`` in ``I`` the mean value theorem gives ``d(x) − d(y) = −d'(ξ)(y − x) > 0``; letting
``y → ∞``, ``d(x) ≥ v``, and ``d(x) > d(x + 1) ≥ v ≥ 0``.

:func:`prove_by_tangent` proves ``d(x) ≥ 0`` (or ``> 0``) on ``I`` from convexity instead: ``d`` smooth
on ``I`` (as above), ``d''(x) ≥ 0`` on ``I`` (a form of the second derivative manifestly nonnegative),
a point ``x₀`` of ``I`` (manifestly) with ``d'(x₀) = 0`` and ``d(x₀) ≥ 0`` (``> 0``) proved symbolically.
Then Taylor's formula with integral remainder, ``d(x) = d(x₀) + d'(x₀)(x − x₀) + ∫_{x₀}^{x} (x − t) d''(t) dt``
(``I`` is an interval, so ``[x₀, x] ⊂ I``), gives ``d(x) ≥ d(x₀)``: a convex function lies above its
tangent, here horizontal at its minimum.

:func:`prove_by_increase` proves ``d(x) ≥ 0`` (or ``> 0``) on ``I = [0, ∞)`` or ``(0, ∞)`` from the other
end: ``d`` smooth on ``I``, ``d'(x) ≥ 0`` there (manifestly), and ``d``'s value at 0 (``I = [0, ∞)``) or
its limit as ``x → 0⁺`` (``I = (0, ∞)``, by the limit calculus) nonnegative; then ``d(x) ≥ d(s)`` for
every ``s ∈ I`` below ``x``, and ``s → 0`` gives ``d(x) ≥ d(0)`` (resp. the limit).  A strict claim needs
``d(0) > 0``, or ``d' > 0`` on ``I`` (then ``d(x) > d(x/2) ≥ ...``).

``I`` is the set of real numbers the assumptions of ``x`` allow, with integrality dropped (``x`` is
replaced by a fresh real symbol with the same sign assumptions): positive ``(0, ∞)``, nonnegative
``[0, ∞)``, real ``ℝ``; it contains every value the claim's domain allows ``x`` (``where`` relations
only narrow it), so the conclusion covers the claim's whole domain.  Each fact is a structural
argument or a proved limit, never a sample.
"""

from __future__ import annotations

import sympy as sp

from ..deadline import Deadline
from ..limits import prove_limit
from ..proving import prove_zero
from ..sign import manifestly_nonnegative, manifestly_positive, smooth  # noqa: F401 - smooth re-exported


def _interval_symbol(x: sp.Symbol) -> sp.Symbol | None:
    """A fresh real symbol for the interval hull of ``x``'s domain, or None if it is not an interval
    unbounded above that the sign rules can describe."""
    if not x.is_real or x.is_negative or x.is_nonpositive:
        return None
    if x.is_positive:
        return sp.Dummy(x.name, positive=True)
    if x.is_nonnegative:
        return sp.Dummy(x.name, nonnegative=True)
    return sp.Dummy(x.name, real=True)


def prove_by_decrease(d: sp.Basic, x: sp.Symbol, deadline: Deadline | None = None) -> str | None:
    """A method string if ``d > 0`` is proved for every ``x`` of its domain (and every value of the
    other symbols) by the argument of this module, else None.  ``deadline``: checked between the
    steps (the caller's share of the budget)."""

    t = _interval_symbol(x)
    if t is None or x not in d.free_symbols:
        return None
    e = d.xreplace({x: t})
    if not smooth(e):
        return None
    derivative = sp.diff(e, t)
    negative = False
    for form in (lambda: derivative, lambda: sp.simplify(derivative), lambda: sp.powsimp(sp.expand(derivative))):
        if deadline is not None and deadline.expired():
            return None
        if manifestly_positive(-form()):
            negative = True
            break
    if not negative:
        return None
    if deadline is not None and deadline.expired():
        return None
    value, how = prove_limit(e, t, sp.oo, "-")
    if value is None or value.has(t) or value in (sp.oo, -sp.oo, sp.zoo, sp.nan) or not manifestly_nonnegative(value):
        return None
    return (
        f"inequality: the difference is smooth in {x} on its domain, strictly decreasing (its derivative is "
        f"manifestly negative) and tends to {sp.sstr(value)} ≥ 0 as {x} → ∞ (limit calculus, {how})"
    )


def _in_interval(x0: sp.Basic, t: sp.Symbol) -> bool:
    """Whether the point ``x0`` (free of ``t``) lies, manifestly, in the interval ``t`` stands for."""
    if t in x0.free_symbols or not (smooth(x0) and x0.is_extended_real):
        return False
    if t.is_positive:
        return manifestly_positive(x0)
    if t.is_nonnegative:
        return manifestly_nonnegative(x0)
    return True


def _some_form(e: sp.Basic, test, deadline: Deadline | None = None) -> bool:
    """Whether ``e`` as computed, simplified, or expanded with powers combined passes ``test``."""
    for form in (lambda: e, lambda: sp.simplify(e), lambda: sp.powsimp(sp.expand(e))):
        if deadline is not None and deadline.expired():
            return False
        if test(form()):
            return True
    return False


def prove_by_tangent(
    d: sp.Basic, x: sp.Symbol, x0: sp.Basic, deadline: Deadline | None = None, strict: bool = False
) -> str | None:
    """A method string if ``d ≥ 0`` (``strict``: ``d > 0``) is proved for every ``x`` of its domain (and every
    value of the other symbols) by convexity in ``x`` with a horizontal tangent at ``x0`` (module docstring),
    else None.  ``x0`` may depend on the other symbols, not on ``x``.  ``deadline``: checked between the steps."""
    t = _interval_symbol(x)
    if t is None or x not in d.free_symbols:
        return None
    e, point = d.xreplace({x: t}), sp.sympify(x0)
    if not (smooth(e) and _in_interval(point, t)):
        return None
    if not _some_form(sp.diff(e, t, 2), manifestly_nonnegative, deadline):
        return None
    if deadline is not None and deadline.expired():
        return None
    if not prove_zero(sp.diff(e, t).xreplace({t: point}), deadline).proved:
        return None
    at = e.xreplace({t: point})
    manifest = manifestly_positive if strict else manifestly_nonnegative
    if _some_form(at, manifest, deadline):
        value = "manifestly positive" if strict else "manifestly nonnegative"
    elif not strict and prove_zero(at, deadline).proved:
        value = "proved equal to 0"
    else:
        return None
    return (
        f"inequality: the difference is smooth and convex in {x} on its domain (its second derivative is manifestly "
        f"nonnegative), stationary at {x} = {sp.sstr(point)} (derivative proved 0 there) where its value is {value}"
    )


def prove_by_increase(d: sp.Basic, x: sp.Symbol, deadline: Deadline | None = None, strict: bool = False) -> str | None:
    """A method string if ``d ≥ 0`` (``strict``: ``d > 0``) is proved for every ``x`` of its domain, ``[0, ∞)`` or
    ``(0, ∞)`` (every value of the other symbols), by ``d`` nondecreasing in ``x`` from a nonnegative value or right
    limit at 0 (module docstring), else None.  ``deadline``: checked between the steps."""

    t = _interval_symbol(x)
    if t is None or not t.is_nonnegative or x not in d.free_symbols:
        return None
    e = d.xreplace({x: t})
    if not smooth(e):
        # expand (exact, equal to d wherever d is defined) can clear a denominator that only looks unsigned
        # (λ(a + b) − λb inside an argument); a form smooth on I and ≥ 0 there bounds d wherever d is defined
        e = sp.expand(e)
        if not smooth(e):
            return None
    derivative, rising = sp.diff(e, t), None
    # each form once (simplify can take a second): the first manifestly nonnegative one decides, positive or not
    for form in (lambda: derivative, lambda: sp.simplify(derivative), lambda: sp.powsimp(sp.expand(derivative))):
        if deadline is not None and deadline.expired():
            return None
        f = form()
        if manifestly_positive(f):
            rising = "increasing (its derivative is manifestly positive)"
        elif manifestly_nonnegative(f):
            rising = "nondecreasing (its derivative is manifestly nonnegative)"
        if rising:
            break
    if rising is None:
        return None
    if deadline is not None and deadline.expired():
        return None
    if t.is_positive:
        value, how = prove_limit(e, t, 0, "+")
        if value is None or value.has(t) or value in (sp.oo, -sp.oo, sp.zoo, sp.nan):
            return None
        start = f"tends to {sp.sstr(value)} as {x} → 0⁺ (limit calculus, {how})"
    else:
        value = e.xreplace({t: sp.S.Zero})
        start = f"equals {sp.sstr(value)} at {x} = 0"
    strictly = strict and rising.startswith("increasing") and t.is_positive
    manifest = manifestly_positive if strict and not strictly else manifestly_nonnegative
    if not _some_form(value, manifest, deadline):
        if strict and not strictly or not prove_zero(value, deadline).proved:
            return None
        start += " (proved 0)"
    return f"inequality: the difference is smooth in {x} on its domain, {rising}, and {start}"
