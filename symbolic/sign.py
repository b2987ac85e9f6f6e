"""Manifest sign analysis: a sound, purely structural proof that an expression is >= 0 (or > 0).

Every rule holds for *every* value the symbols' assumptions allow, and checks its own
side condition (otherwise it answers "unknown", never a guess):

* sums and products of nonnegative terms are nonnegative (positive if every factor,
  resp. some term, is positive); an even number of factors known to be negative is fine;
* a power ``b**e`` is positive when ``b`` is positive and ``e`` is *real*
  (``2**(I*x)`` is not real); it is nonnegative when ``e`` is an even integer and ``b``
  is *real* (``(sqrt(x - 1) + sqrt(x - 2))**2`` is not, for real ``x < 1``), or when
  ``b >= 0`` and ``e > 0``;
* ``exp`` and ``erfc`` of a real argument are positive (real by SymPy's assumptions or by
  :func:`_real`), ``erf``, ``expm1`` and ``log1p`` have the
  sign of their argument, ``log(a)`` is positive when ``a − 1`` is;
* ``Sum(f, (k, a, b))`` is nonnegative when its range is empty or forward
  (``b - a + 1 >= 0``, so SymPy's Karr convention does not flip its sign) and ``f`` is
  nonnegative for every integer ``k`` of the range: ``f`` is signed with ``k = a + j``
  and with ``k = b - j`` for a fresh integer ``j >= 0``, never from the assumptions
  declared on ``k`` itself (``Sum(k - 1, (k, 0, n))`` with ``k`` declared positive is
  negative at ``n = 0``); it is positive when moreover the range is nonempty (``b − a ≥ 0``) and
  its first term ``f(a)`` is positive;
* ``Integral(f, (x, a, b))`` over a range of positive length (``b − a > 0``, or an infinite end) is
  nonnegative (positive) when ``f`` is, for ``x = a + j`` (``j > 0``; any real ``x`` over ℝ).

SymPy's own assumption system (``is_positive``/``is_nonnegative``) is consulted at the
leaves.  Anything else (Piecewise, Min/Max of unsigned terms, products) is "unknown".
"""

from __future__ import annotations

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

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
        if sb == POS and exp.is_extended_real and exp.is_finite:
            return POS
        if exp.is_integer and exp.is_even and base.is_extended_real:
            return NONNEG
        if sb == NONNEG and exp.is_positive:
            return NONNEG
        return 0
    if isinstance(e, sp.exp):
        arg = e.args[0]
        return POS if (arg.is_extended_real and arg.is_finite) or _real(arg) else 0
    if isinstance(e, sp.erfc):  # erfc(x) = 1 − erf(x) ∈ (0, 2) for every finite real x
        return POS if e.args[0].is_real or _real(e.args[0]) else 0
    if isinstance(e, sp.erf):  # erf has the sign of its argument
        arg = e.args[0]
        return POS if arg.is_positive else NONNEG if (arg.is_nonnegative and arg.is_real) else 0
    name = type(e).__name__
    if name in ("expm1", "log1p") and len(e.args) == 1:  # sympy.codegen.cfunctions: the sign of the argument
        arg = e.args[0]
        if not arg.is_extended_real:
            return 0
        s = _sign(arg)
        return s if (name == "expm1" or s) else 0
    if isinstance(e, sp.log):
        arg = e.args[0]
        return _sign(sp.expand(arg - 1)) if _sign(arg) == POS else 0
    if isinstance(e, sp.Sum):
        if len(e.limits) == 1 and sp.expand(e.limits[0][2] - e.limits[0][1]) == 0:  # one term: that term
            idx, lo, _ = e.limits[0]
            return _sign(e.function.xreplace({idx: lo}))
        if not _sum_nonnegative(e):
            return 0
        return POS if _sum_first_term_positive(e) else NONNEG
    if isinstance(e, sp.Integral):
        return _integral_sign(e)
    return 0


def _real(e: sp.Basic) -> bool:
    """Manifestly a finite real number for every value the assumptions allow, where SymPy's own
    assumptions cannot tell (``x/Σ_k y^(2k)``: a quotient is real only where its denominator is
    nonzero): sums and products of such numbers; an integer power of a real base that is
    nonnegative or whose base has a manifest sign (no pole); a real power of a positive base;
    ``exp``/``erf``/``erfc`` of a real argument; a one-index ``Sum`` over a forward range whose term is
    such a number at every index (``lo + j``, or ``hi − j``, ``j ≥ 0``)."""
    if e.is_extended_real and e.is_finite:
        return True
    if e.is_number:
        return bool(e.is_real)
    if isinstance(e, (sp.Add, sp.Mul)):
        return all(_real(a) for a in e.args)
    if isinstance(e, sp.Pow):
        b, x = e.args
        if x.is_integer:
            return _real(b) and (bool(x.is_nonnegative) or _sign(b) == POS or _sign(-b) == POS)
        return _real(x) and _sign(b) == POS and _real(b)
    if isinstance(e, (sp.exp, sp.erf, sp.erfc)):
        return _real(e.args[0])
    if isinstance(e, sp.Sum) and len(e.limits) == 1 and len(e.limits[0]) == 3:
        idx, lo, hi = e.limits[0]
        if not (_real(lo) and _real(hi)) or lo.is_infinite or hi.is_infinite:
            return False
        length = sp.expand(hi - lo + 1)
        if not (length.is_nonnegative or _sign(length)):
            return False  # a reversed range (Karr) sums indices outside [lo, hi]
        # every index of a forward range is lo + j and hi − j for some integer j ≥ 0
        j = sp.Dummy("j", integer=True, nonnegative=True)
        return any(_real(e.function.xreplace({idx: at})) for at in (lo + j, hi - j))
    return False


def _sum_first_term_positive(e: sp.Sum) -> bool:
    """A nonnegative sum is positive when its range is nonempty and its first term positive."""
    idx, lo, hi = e.limits[0]
    if not (_sign(sp.expand(hi - lo)) or (hi - lo).is_nonnegative):
        return False
    return _sign(e.function.xreplace({idx: lo})) == POS


def _integral_sign(e: sp.Integral) -> int:
    if len(e.limits) != 1 or len(e.limits[0]) != 3:
        return 0
    x, a, b = e.limits[0]
    if a.is_infinite and b.is_infinite:
        if not (a == -sp.oo and b == sp.oo):
            return 0
        at = sp.Dummy("x", real=True)
    elif b == sp.oo:
        at = a + sp.Dummy("j", positive=True)
    elif a.is_finite and b.is_finite and _sign(sp.expand(b - a)) == POS:
        at = a + sp.Dummy("j", positive=True)  # x ∈ (a, ∞) ⊇ (a, b)
    else:
        return 0
    return _sign(e.function.xreplace({x: at}))


def _sum_nonnegative(e: sp.Sum) -> bool:
    if len(e.limits) != 1:
        return False
    idx, lo, hi = e.limits[0]
    length = hi - lo + 1
    if not (length.is_nonnegative or _sign(sp.expand(length)) or _sign(sp.simplify(length))):
        return False
    j = sp.Dummy("j", integer=True, nonnegative=True)
    body = e.function
    return any(_sign(body.xreplace({idx: at})) for at in (lo + j, hi - j))


def _neutral_bound_variables(expr: sp.Basic) -> sp.Basic:
    """Rename every Sum/Product index to a fresh symbol assumed integer only.

    SymPy derives a ``Sum``'s sign from the assumptions declared on its index, whatever the
    range; after renaming, only the range (see :func:`_sum_nonnegative`) can sign it.
    """

    def rename(node):
        limits, body = [], node.function
        for lim in node.limits:
            idx = lim[0]
            fresh = sp.Dummy(idx.name, integer=True)
            body = body.xreplace({idx: fresh})
            limits.append((fresh,) + tuple(lim[1:]))
        return type(node)(body, *limits)

    return expr.replace(lambda n: isinstance(n, (sp.Sum, sp.Product)), rename)


def manifestly_nonnegative(expr: sp.Basic) -> bool:
    return _sign(_neutral_bound_variables(sp.sympify(expr))) >= NONNEG


def manifestly_positive(expr: sp.Basic) -> bool:
    return _sign(_neutral_bound_variables(sp.sympify(expr))) == POS


def manifestly_real(expr: sp.Basic) -> bool:
    """Manifestly a finite real number for every value the assumptions allow (see :func:`_real`)."""
    return _real(_neutral_bound_variables(sp.sympify(expr)))


#: Functions smooth on the whole real line.
_ENTIRE = (sp.exp, sp.erf, sp.erfc, sp.sin, sp.cos, sp.atan, sp.tanh, sp.sinh, sp.cosh, expm1)


def smooth(e: sp.Basic) -> bool:
    """Whether ``e`` is manifestly C^∞ in each of its real symbols over their whole assumed domain.

    Sound, not complete: ``False`` means only that no rule applies."""
    if e.is_Atom:
        return bool(e.is_extended_real and e.is_finite)
    if e.is_Add or e.is_Mul:
        return all(smooth(a) for a in e.args)
    if e.is_Pow:
        base, exponent = e.args
        if exponent.is_Integer and exponent >= 0:
            return smooth(base)
        # b**c = exp(c·log b): smooth where b > 0 (a negative integer power needs b ≠ 0; asking b > 0
        # is stronger and keeps one rule)
        return manifestly_positive(base) and smooth(base) and smooth(exponent)
    if isinstance(e, _ENTIRE) and len(e.args) == 1:
        return smooth(e.args[0])
    if isinstance(e, sp.log) and len(e.args) == 1:
        return manifestly_positive(e.args[0]) and smooth(e.args[0])
    if isinstance(e, log1p):
        return manifestly_positive(1 + e.args[0]) and smooth(e.args[0])
    return False
