"""Sums kept as sums: the linear normal form under which two sums over the same range cancel.

``prove_zero`` used to evaluate every ``Sum`` with ``doit`` first.  For sums whose summand
involves other sums (an allocation ``x_i = (Δ + s·Σ_k c^{-k}) / (c^i Σ_k c^{-2k})`` summed
over ``i``) SymPy's summation then searches for a telescoping form through ``solve`` and
``simplify``: tens of CPU seconds for an identity that is pure linearity,

    Σ_i (a·f(i) + g(i)) = a·Σ_i f(i) + Σ_i g(i)     (``a`` free of ``i``),

valid for every range under Karr's convention, which SymPy's sums follow (so also for empty
or reversed ranges).  :func:`linear_sums` rewrites every single-index ``Sum`` that way and
renames bound indices canonically, so that ``Σ_i c^{-i}`` and ``Σ_k c^{-k}`` become the same
object; the sums are then atoms for ``expand``/``cancel``.  Nothing is evaluated, so a zero
found this way is a proof for all parameter values.
"""

from __future__ import annotations

import sympy as sp

#: Prefix of the canonical bound indices (``_sum_index0`` for innermost sums, ``1`` for a
#: sum containing those, …): a level above every index bound inside, so renaming an outer
#: index never captures an inner one.
_PREFIX = "_sum_index"


def _level(expr: sp.Basic, index: sp.Symbol | None = None) -> int:
    """One more than the highest canonical level bound inside ``expr`` (0 if none), not
    counting ``index`` (the sum's own index, free in its summand)."""
    levels = [int(s.name[len(_PREFIX) :]) for s in expr.atoms(sp.Symbol) if s.name.startswith(_PREFIX) and s != index]
    return 1 + max(levels) if levels else 0


def _linear(node: sp.Sum) -> sp.Basic:
    if len(node.limits) != 1:
        return node
    index, lower, upper = node.limits[0]
    k = sp.Symbol(f"{_PREFIX}{_level(node.function)}", integer=True)
    summand = sp.expand(node.function.xreplace({index: k}))
    out = sp.Integer(0)
    for term in sp.Add.make_args(summand):
        const, dependent = term.as_independent(k, as_Add=False)
        # the level again, of what stays inside: a sum factored out no longer counts
        own = sp.Symbol(f"{_PREFIX}{_level(dependent, k)}", integer=True)
        out += const * sp.Sum(dependent.xreplace({k: own}), (own, lower, upper))
    return out


def linear_sums(expr: sp.Basic) -> sp.Basic:
    """``expr`` with every single-index ``Sum`` (innermost first) split by linearity into
    sums of index-dependent monomials times index-free coefficients, over canonically named
    indices.  Equal to ``expr`` for all values of its free symbols."""
    return expr.replace(lambda x: isinstance(x, sp.Sum), _linear)


def _geometric(term: sp.Basic, index: sp.Symbol) -> bool:
    """Whether ``term`` is a product of powers ``r^(a·index + b)`` (``r``, ``a``, ``b`` free of ``index``)."""
    for factor in sp.Mul.make_args(term):
        base, exp = factor.as_base_exp()
        if index in base.free_symbols or not exp.is_polynomial(index) or sp.degree(exp, index) > 1:
            return False
    return True


def constants_outside(expr: sp.Basic, geometric_only: bool = False) -> sp.Basic:
    """``expr`` with the index-free factor of every single-index ``Sum``'s summand taken out:
    ``Σ_i a·f(i) = a·Σ_i f(i)`` (``a`` free of ``i``; Karr's convention, so for every range).
    Equal to ``expr`` for all values of its free symbols; nothing is evaluated.

    For ``Sum.doit``: SymPy expands the summand before it looks for a closed form, so a
    geometric term times an index-free rational function (an allocation ``c^{t−i}(1+c)/(1+c^t)``
    summed, or squared and summed) becomes one geometric sum per monomial of the expanded
    numerator, each with its own ``Piecewise``; the same sum with the factor outside is one
    geometric sum (~0.01 CPU s instead of ~1 s, and a far smaller closed form to simplify).

    ``geometric_only``: only sums whose remaining summand is geometric (a product of powers
    ``r^(a·i + b)``) under a factor holding no sum — the case above, left to SymPy's geometric
    formula; other sums are left as they are (taking a factor out of them changes the form
    ``doit`` returns: the order of its ``Piecewise`` branches, a harder closed form to simplify)."""

    def outside(node: sp.Sum) -> sp.Basic:
        if len(node.limits) != 1:
            return node
        index = node.limits[0][0]
        const, dependent = node.function.as_independent(index, as_Add=False)
        if const == 1 or (geometric_only and (const.has(sp.Sum) or not _geometric(dependent, index))):
            return node
        return const * sp.Sum(dependent, *node.limits)

    return expr.replace(lambda x: isinstance(x, sp.Sum), outside)


# Geometric sums, read off the summand (used by the evaluator and the Arb interpreter alike).


def _structural_ratio(term: sp.Expr, i: sp.Symbol):
    """``term(i + 1)/term(i)`` read off the factors ``c``, ``base**(p·i + q)`` and ``exp(p·i + q)``
    (``base``, ``c``, ``p``, ``q`` free of ``i``), or None for any other shape.

    ``simplify`` of the quotient does not always cancel ``i`` when the base carries nested
    radicals (θ_{√2 L_λ}(ℓ) of Kong & Ribero (17)); reading the exponents never needs to.
    """
    ratio = sp.S.One
    for factor in sp.Mul.make_args(term):
        if not factor.has(i):
            continue
        if factor.is_Pow and not factor.base.has(i):
            base, exponent = factor.base, factor.exp
        elif isinstance(factor, sp.exp):
            base, exponent = sp.E, factor.args[0]
        else:
            return None
        slope = sp.expand(exponent).coeff(i)
        if slope.has(i) or sp.expand(exponent - slope * i).has(i):
            return None
        ratio *= base**slope
    return ratio


def _geometric_parts(expr: sp.Sum):
    """``(first, ratio, count)`` if ``expr`` is a one-index sum of a geometric sequence, else None."""
    if len(expr.limits) != 1:
        return None
    (i, a, b), f = expr.limits[0], expr.function
    if not f.has(i) or not (f.is_Pow or f.is_Mul or f.is_Function):
        return None
    ratio = _structural_ratio(f, i)
    if ratio is None:
        try:
            ratio = sp.powsimp(sp.simplify(f.subs(i, i + 1) / f), force=False)
        except (TypeError, ValueError, NotImplementedError):  # pragma: no cover - defensive
            return None
    if ratio.has(i) or ratio.has(sp.nan, sp.zoo):
        return None
    numerator, denominator = sp.fraction(ratio)
    if numerator == 1 and denominator != 1:
        # Σ α^{T−t}: summed from the last term the ratio is α, not 1/α, so α = 0 (a valid
        # input, where the sum is 1) does not divide by zero.  Same value for every count.
        return f.subs(i, b), denominator, b - a + 1
    return f.subs(i, a), ratio, b - a + 1
