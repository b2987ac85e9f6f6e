"""The limit calculus: ``lim_{var -> point} expr`` proved for every parameter value.

:func:`prove_limit` proves a limit by continuity after exact rewriting, limit arithmetic outside
indeterminate forms, l'Hôpital with a denominator derivative of proved sign, an erfc squeeze and
finite sums, every side condition proved for all parameter values; it returns ``(value, how)`` or
``(None, why)``.  An engine module: the :class:`~symbolic.claims.limit.Limit` claim, the
monotonicity provers of :mod:`symbolic.claims.monotone` and the obligations use it; it imports
no claim.
"""

from __future__ import annotations

import sympy as sp

from .deadline import PhaseTimeout
from .proving import PointValue, prove_zero
from .sampling import candidates
from .sign import manifestly_nonnegative, manifestly_positive


def _decided(cond: sp.Basic):
    """True/False if the symbols' assumptions decide an equation, else None."""
    if isinstance(cond, sp.Eq):
        diff = cond.lhs - cond.rhs
        for form in (diff, sp.expand(diff), sp.factor(diff)):
            if form.is_zero is not None:
                return form.is_zero
    if cond in (sp.true, sp.false):
        return bool(cond)
    return None


def _isolated_in(cond: sp.Basic, var: sp.Symbol) -> bool:
    """Whether ``cond`` is an equation holding at finitely many values of ``var`` for *every*
    parameter value: a polynomial in ``var`` (after clearing denominators) with a nonzero
    numeric coefficient, so never the zero polynomial.  ``Eq(a*x, 0)`` is not (a = 0)."""
    if not (isinstance(cond, sp.Eq) and var in cond.free_symbols):
        return False
    num = sp.numer(sp.together(cond.lhs - cond.rhs))
    try:
        poly = sp.Poly(num, var)
    except sp.PolynomialError:
        return False
    return poly.degree() >= 1 and any(c.is_number and c != 0 for c in poly.all_coeffs())


def punctured(expr: sp.Basic, var: sp.Symbol) -> sp.Basic:
    """Drop ``Piecewise`` branches that cannot apply near the limit point.

    A limit depends only on a punctured neighbourhood of the point, where a branch given
    by an equation with finitely many solutions in ``var`` (``Eq(L**2, 1)`` as ``L -> 1``,
    see :func:`_isolated_in`) never applies; branches whose equation the assumptions refute
    (``Eq((1 + u)**2, 1)`` with ``u > 0``) are dropped too.  An equation that may hold on a
    whole interval of ``var`` is kept.
    """

    def visit(node):
        if isinstance(node, sp.Piecewise):
            kept = [(visit(p), c) for p, c in node.args if not _isolated_in(c, var) and _decided(c) is not False]
            if len(kept) == 1 and kept[0][1] == sp.true:
                return kept[0][0]
            return sp.Piecewise(*kept)
        if node.is_Atom or not node.args:
            return node
        return node.func(*[visit(a) for a in node.args])

    return visit(sp.piecewise_fold(expr.doit()))


# ---------------------------------------------------------------------------
# A sound limit calculus.  The limit variable is replaced by a fresh positive symbol t
# tending to 0⁺ ("zero") or to +∞ ("inf"); every rule below checks its side condition
# for every parameter value the assumptions allow (by manifest signs), or gives up (None).

INFINITIES = (sp.oo, -sp.oo)


def in_domain(var: sp.Symbol, x: sp.Basic) -> bool:
    """Whether the number ``x`` is allowed by ``var``'s declared sign assumptions."""
    checks = (
        (var.is_positive, x > 0),
        (var.is_nonnegative, x >= 0),
        (var.is_negative, x < 0),
        (var.is_nonpositive, x <= 0),
    )
    return all(bool(ok) for declared, ok in checks if declared)


def _pos(e) -> bool:
    return manifestly_positive(e)


def _neg(e) -> bool:
    return manifestly_positive(-e)


def _near(e, t, mode):
    """``e`` with ``t`` restricted to (0, 1) (``t -> 0+``) or (1, ∞) (``t -> ∞``): a sign proved
    there holds near the limit point, which is all a limit needs."""
    w = sp.Dummy("w", positive=True)
    return e.xreplace({t: 1 / (1 + w) if mode == "zero" else 1 + w})


def _pos_near(e, t, mode) -> bool:
    return _pos(e) or (
        t in e.free_symbols and not _fails_at_a_point(e, t, mode, strict=True) and _pos(sp.simplify(_near(e, t, mode)))
    )


def _nonneg_near(e, t, mode) -> bool:
    return manifestly_nonnegative(e) or (
        t in e.free_symbols
        and not _fails_at_a_point(e, t, mode, strict=False)
        and manifestly_nonnegative(sp.simplify(_near(e, t, mode)))
    )


def _fails_at_a_point(e, t, mode, strict: bool) -> bool:
    """Whether ``e`` is certainly ``<= 0`` (``strict``) or ``< 0`` at one point of the range
    :func:`_near` signs over (``t = 1/2`` for ``t -> 0+``, ``t = 2`` for ``t -> ∞``), the other
    symbols at a value their assumptions allow.

    Such a point shows that no sign proof over that range exists, so the ``simplify`` that
    would look for one (seconds on a high-degree rational function, where l'Hôpital tries
    ``g'`` and ``-g'``) is skipped: the answer is the same, found cheaper.  False when the
    value is not certain (not a number, or inexact and too close to 0)."""
    point = {t: sp.Rational(1, 2) if mode == "zero" else sp.Integer(2)}
    for s in e.free_symbols - {t}:
        value = next(iter(candidates(s)), None) if isinstance(s, sp.Symbol) else None
        if value is None:
            return False
        point[s] = value
    if e.has(sp.Sum, sp.Product, sp.Integral, sp.Piecewise):
        return False
    try:
        v = e.xreplace(point)
        if v.is_Rational:
            return v <= 0 if strict else v < 0
        pv = PointValue(sp.N(v, 30), False)
        return pv.value.is_real is True and pv.is_certainly_negative(30)
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError):
        return False


def _sign_of(e) -> int:
    return 1 if _pos(e) else -1 if _neg(e) else 0


def calculus_limit(e: sp.Basic, t: sp.Symbol, mode: str, depth: int = 0) -> sp.Basic | None:
    """The limit of ``e`` as ``t -> 0+`` (``mode="zero"``) or ``t -> +oo`` (``"inf"``),
    valid for every parameter value, or None when no rule applies.

    Rules: sums, products and powers of limits when the result is not an indeterminate
    form (a finite factor beside an infinite one must have a proved sign; a power's base
    must be proved positive, or the exponent an integer); ``a**g`` with ``g -> ±oo`` needs
    ``a > 1`` or ``0 < a < 1`` proved; continuity of exp, log (positive limit), erf, erfc,
    Abs; for ``0·∞``, ``0/0`` and ``∞/∞``: l'Hôpital's rule (only for expressions made of
    functions smooth where defined, with the denominator's derivative of proved constant
    sign for every ``t > 0``) and the squeeze ``0 <= P·erfc(B) <= P·exp(-B²)`` (``P >= 0``,
    ``B -> +oo``).
    """
    if t not in e.free_symbols:
        return e if e.is_finite is not False and not e.has(sp.nan, sp.zoo) else None
    if e == t:
        return sp.S.Zero if mode == "zero" else sp.oo
    if isinstance(e, sp.Add):
        parts = [calculus_limit(a, t, mode, depth) for a in e.args]
        if any(p is None for p in parts):
            return None
        infs = {p for p in parts if p in INFINITIES}
        if not infs:
            return sp.Add(*parts)
        return infs.pop() if len(infs) == 1 else _dominant(e, t, mode)
    if isinstance(e, sp.Mul):
        parts = [calculus_limit(a, t, mode, depth) for a in e.args]
        if any(p is None for p in parts):
            return _erfc_squeeze(e, t, mode, depth) or _lhopital(e, t, mode, depth)
        if not any(p in INFINITIES for p in parts):
            return sp.Mul(*parts)
        sign = 1
        for p in parts:
            sg = (1 if p == sp.oo else -1) if p in INFINITIES else _sign_of(p)
            if not sg:  # 0·∞ or an unsigned factor
                return _erfc_squeeze(e, t, mode, depth) or _lhopital(e, t, mode, depth)
            sign *= sg
        return sp.oo if sign > 0 else -sp.oo
    if isinstance(e, sp.Pow):
        return _pow_limit(e.base, e.exp, t, mode, depth)
    if isinstance(e, sp.Sum):
        return _sum_limit(e, t, mode, depth)
    if isinstance(e, sp.exp):
        g = calculus_limit(e.args[0], t, mode, depth)
        return None if g is None else sp.oo if g == sp.oo else sp.S.Zero if g == -sp.oo else sp.exp(g)
    if isinstance(e, sp.log):
        arg = e.args[0]
        g = calculus_limit(arg, t, mode, depth)
        if g is None or g == -sp.oo:
            return None
        if g == sp.oo:
            return sp.oo
        if _pos(g):
            return sp.log(g)
        if g.is_zero and _pos(arg):
            return -sp.oo
        return None
    if isinstance(e, (sp.erf, sp.erfc)):
        g = calculus_limit(e.args[0], t, mode, depth)
        if g is None:
            return None
        if g in INFINITIES:
            sign = 1 if g == sp.oo else -1
            return sp.S(sign) if isinstance(e, sp.erf) else sp.S.Zero if sign > 0 else sp.S(2)
        return e.func(g)
    if isinstance(e, (sp.sin, sp.cos, sp.atan, sp.tanh, sp.sinh, sp.cosh)):  # continuous on ℝ
        g = calculus_limit(e.args[0], t, mode, depth)
        if g is None or g in INFINITIES:
            return None
        return e.func(g) if g.is_extended_real else None
    if isinstance(e, sp.Abs):
        g = calculus_limit(e.args[0], t, mode, depth)
        return None if g is None else sp.oo if g in INFINITIES else sp.Abs(g)
    return None


_NOT_SMOOTH = (sp.Abs, sp.Piecewise, sp.sign, sp.floor, sp.ceiling, sp.Min, sp.Max, sp.Heaviside)
#: l'Hôpital applications allowed in a row.
MAX_DEPTH = 3


def _lhopital(e, t, mode, depth):
    """``e -> 0·∞``, ``0/0`` or ``∞/∞``: l'Hôpital's rule on ``e = f/g`` (valid when f, g are
    differentiable near the point, ``g' != 0`` there, ``f, g -> 0`` or ``|g| -> ∞``, and
    ``f'/g'`` has a limit; differentiability holds for the smooth functions allowed here)."""
    if depth >= MAX_DEPTH or e.has(*_NOT_SMOOTH):
        return None
    candidates = []
    num, den = sp.fraction(sp.together(e))
    if t in den.free_symbols:
        candidates.append((num, den))
    if isinstance(e, sp.Mul):  # f·g with f -> 0, g -> ∞ as g / (1/f)
        for a in e.args:
            rest = e / a
            if t in a.free_symbols and t in rest.free_symbols:
                candidates.append((rest, 1 / a))
    for f, g in candidates[:4]:
        lg = calculus_limit(g, t, mode, depth + 1)
        if lg is None:
            continue
        if lg in INFINITIES:
            pass
        elif lg.is_zero:
            lf = calculus_limit(f, t, mode, depth + 1)
            if lf is None or lf in INFINITIES or not lf.is_zero:
                continue
        else:
            continue
        dg = sp.simplify(sp.diff(g, t))
        if not (_pos_near(dg, t, mode) or _pos_near(-dg, t, mode)):
            continue
        value = calculus_limit(sp.simplify(sp.diff(f, t) / dg), t, mode, depth + 1)
        if value is not None:
            return value
    return None


def _erfc_squeeze(e, t, mode, depth):
    """``P·erfc(B)`` with ``P >= 0`` and ``B -> +oo``: 0 if ``P·exp(-B²) -> 0`` (erfc(x) <= exp(-x²), x >= 0)."""
    if not isinstance(e, sp.Mul):
        return None
    for a in e.args:
        if isinstance(a, sp.erfc):
            rest = e / a
            if not _nonneg_near(rest, t, mode):
                continue
            b = a.args[0]
            if calculus_limit(b, t, mode, depth + 1) != sp.oo:
                continue
            bound = sp.powsimp(rest * sp.exp(sp.expand(-(b**2))))
            bound = bound.replace(lambda z: isinstance(z, sp.exp), lambda z: sp.exp(sp.expand(z.args[0])))
            if calculus_limit(sp.powsimp(bound), t, mode, depth + 1) == 0:
                return sp.S.Zero
    return None


def _sum_limit(e, t, mode, depth):
    """A sum over a forward range independent of ``t``: the sum of the terms' limits
    (finite sums of convergent terms; the index is signed from the range, ``j = a + k``)."""
    if len(e.limits) != 1:
        return None
    j, lo, hi = e.limits[0]
    if t in lo.free_symbols or t in hi.free_symbols or not manifestly_nonnegative(sp.expand(hi - lo + 1)):
        return None
    k = sp.Dummy("k", integer=True, nonnegative=True)
    body = calculus_limit(e.function.xreplace({j: lo + k}), t, mode, depth)
    if body is None or body in INFINITIES:
        return None
    return sp.Sum(body.xreplace({k: j - lo}), (j, lo, hi))


def _pow_limit(b, x, t, mode, depth=0):
    if t not in x.free_symbols:
        lb = calculus_limit(b, t, mode, depth)
        if lb is None:
            return None
        if lb in INFINITIES:
            if x.is_zero:
                return sp.S.One
            if lb == sp.oo:
                return sp.oo if _pos(x) else sp.S.Zero if _neg(x) else None
            if x.is_integer and _pos(x):
                return sp.oo if x.is_even else -sp.oo if x.is_odd else None
            return sp.S.Zero if (x.is_integer and _neg(x)) else None
        if x.is_integer and x.is_nonnegative:
            return lb**x
        if _pos(lb) and x.is_extended_real:
            return lb**x
        if x.is_integer and _neg(lb):
            return lb**x
        if lb.is_zero:
            if _pos(x) and (x.is_integer or _nonneg_near(b, t, mode)):
                return sp.S.Zero
            if _neg(x) and _pos_near(b, t, mode):  # b -> 0 through positive values
                return sp.oo
        return None
    if not (_pos_near(b, t, mode) and b.is_extended_real is not False):
        return None
    if t not in b.free_symbols:
        g = calculus_limit(x, t, mode, depth)
        if g is None:
            return None
        if g not in INFINITIES:
            return b**g
        grows = g == sp.oo
        if sp.simplify(b - 1) == 0:
            return sp.S.One
        if _pos(b - 1):
            return sp.oo if grows else sp.S.Zero
        if _pos(1 - b):
            return sp.S.Zero if grows else sp.oo
        return None  # depends on whether the base is above or below 1
    return calculus_limit(sp.exp(sp.expand_log(x * sp.log(b))), t, mode, depth)


def _dominant(e, t, mode):
    """∞ − ∞ in a polynomial in ``t`` (``t -> ∞``) or in ``1/t`` (``t -> 0+``): the sign of the
    leading coefficient, proved for every parameter value, decides."""
    var = t if mode == "inf" else 1 / t
    y = sp.Dummy("y", positive=True)
    try:
        poly = sp.Poly(sp.expand(e.xreplace({t: var}).xreplace({t: 1 / y} if mode != "inf" else {t: y})), y)
    except sp.PolynomialError:
        return None
    if poly.degree() < 1 or any(t in c.free_symbols for c in poly.all_coeffs()):
        return None
    sign = _sign_of(poly.LC())
    return None if not sign else sp.oo if sign > 0 else -sp.oo


def _rewrites(e: sp.Basic, t: sp.Symbol):
    """Equivalent forms of ``e`` (equal wherever both are defined near the limit point),
    as ``(name, thunk)``: a rewrite SymPy fails on is skipped by the caller."""
    yield "as stated", lambda: e
    yield "cancel", lambda: sp.cancel(sp.together(e))
    split = sp.powsimp(sp.expand_power_exp(sp.expand(e)))
    yield "powers split", lambda: split
    num, den = sp.fraction(sp.together(split))
    if den != 1:
        terms = sp.Add.make_args(sp.expand(den))
        for term in sorted(terms, key=sp.default_sort_key):
            if t not in term.free_symbols:
                continue

            def divided(term=term):
                n2 = sp.expand(sp.powsimp(sp.expand_power_exp(sp.expand(num / term))))
                d2 = sp.expand(sp.powsimp(sp.expand_power_exp(sp.expand(den / term))))
                return sp.Mul(n2, sp.Pow(d2, -1))

            yield f"numerator and denominator divided by {term}", divided
    yield "simplify", lambda: sp.simplify(e)


#: The rewrites of :func:`_rewrites` a claim may ask to be tried first (``Limit(first_rewrite=...)``).
FIRST_REWRITES = ("as stated", "cancel", "powers split", "simplify")


def _first_then_rest(rewrites, first: str):
    """``rewrites`` (the lazy ``(name, thunk)`` pairs of :func:`_rewrites`) with the one named
    ``first`` moved to the front and the others in their order after it.  Lazy: the pairs before
    ``first`` are held (their thunks not called), the generator's eager preparations after it
    (``powers split`` expands the expression) run only if ``first`` does not prove the limit."""
    if not first:
        yield from rewrites
        return
    held = []
    for how, form in rewrites:
        if how == first:
            yield how, form
            break
        held.append((how, form))
    yield from held
    yield from rewrites


def prove_limit(
    expr: sp.Basic, var: sp.Symbol, point: sp.Basic, direction: str, first: str = ""
) -> tuple[sp.Basic | None, str]:
    """``(value, how)``: the limit proved by the calculus above, or ``(None, reason)``.

    ``var -> point`` from ``direction`` ('+', '-', or '+-' for both sides, which must
    agree); ``point`` finite or ±oo.  The expression's Piecewise branches that cannot apply
    near the point are dropped first (:func:`punctured`).  ``first`` names a rewrite of
    :data:`FIRST_REWRITES` to try before the others (all are still tried, in their order, if it
    fails): only the order changes, and with it the work spent on forms that fail.
    """
    forms = []
    for candidate in (_punctured_plain(expr, var), punctured(expr, var)):
        if not candidate.has(sp.Piecewise) and candidate not in forms:
            forms.append(candidate)
    if not forms:
        return None, "a Piecewise branch condition depends on the parameters"
    reason = ""
    for e in forms:
        value, how = _prove_limit_of(e, var, point, direction, first)
        if value is not None:
            return value, how
        reason = how
    return None, reason


def _punctured_plain(expr, var):
    """:func:`punctured` without evaluating sums first (a Sum with fixed range is continuous)."""

    def visit(node):
        if isinstance(node, sp.Piecewise):
            kept = [(visit(p), c) for p, c in node.args if not _isolated_in(c, var) and _decided(c) is not False]
            if len(kept) == 1 and kept[0][1] == sp.true:
                return kept[0][0]
            return sp.Piecewise(*kept)
        if node.is_Atom or not node.args:
            return node
        return node.func(*[visit(a) for a in node.args])

    return visit(sp.piecewise_fold(expr))


def _prove_limit_of(e, var, point, direction, first=""):
    if point in INFINITIES:
        sides = [("inf", var, (1 if point == sp.oo else -1))]
    else:
        sides = [("zero", var, s) for s in ((1, -1) if direction == "+-" else (1,) if direction == "+" else (-1,))]
    values = []
    t = sp.Dummy("t", positive=True)
    for mode, v, sign in sides:
        sub = e.xreplace({v: sign * t}) if mode == "inf" else e.xreplace({v: point + sign * t})
        found = None
        for how, form in _first_then_rest(_rewrites(sub, t), first):
            try:
                found = calculus_limit(form(), t, mode)
            except PhaseTimeout:  # the share is spent: the later rewrites must not run past it
                raise
            except Exception:  # a rewrite SymPy cannot do is a rule that does not apply
                found = None
            if found is not None:
                values.append((found, how))
                break
        if found is None:
            return None, "no rule of the limit calculus applies"
    value, how = values[0]
    if value not in INFINITIES:
        value = value.doit()
    for other, _ in values[1:]:
        other = other if other in INFINITIES else other.doit()
        if other != value and not (
            value not in INFINITIES and other not in INFINITIES and prove_zero(other - value).proved
        ):
            return None, "the one-sided limits were not proved equal"
    return value, how
