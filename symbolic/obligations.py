"""Proof obligations: what must hold, besides the argument, for a claim to mean what it says.

A residual reduced to 0 proves ``lhs = rhs`` only where both sides are defined; an induction
step proves a closed form only if the recursion determines the sequence; a sum's closed form
holds only for integer bounds.  As proof assistants do with type-correctness conditions (PVS
TCCs, Isabelle's domain side conditions), every claim kind writes these conditions down as
:class:`Obligation` objects *before* it proves anything:

* ``defined``: every subexpression is defined (and real) on the whole domain — denominators
  nonzero, logarithm arguments positive, fractional-power bases nonnegative (positive under a
  negative exponent), inverse functions inside their domain (``erfinv``/``atanh`` in (−1, 1),
  ``erfcinv`` in (0, 2), ``acos``/``asin`` in [−1, 1], ``LambertW`` ≥ −1/e, ``acosh`` ≥ 1,
  ``gamma`` away from the poles), ``Piecewise`` conditions covering the domain.  Inside
  ``Sum``/``Product`` the conditions are required for every integer index of the range,
  inside a ``Piecewise`` branch only where its condition holds;
* ``integer-bounds``: summation/product bounds are integers on the whole domain;
* ``forward-range``: every summation/product range is empty or forward (``hi ≥ lo − 1``) on the whole
  domain: SymPy evaluates a reversed range by Karr's convention (``Σ_{k=1}^{n} 1 = n`` for every integer
  ``n``), not as the empty sum, so what it proves about a sum holds only there.  Never *violated* (the claim
  may hold at a reversed range under both readings), only discharged or open;
* ``index-range``: the assumptions declared on a summation index (positive, nonnegative,
  negative, even, odd) hold over its whole range, since SymPy simplifies the summand with them;
* ``no-generic-limit``: no unevaluated ``Limit`` with parameters is left to SymPy's generic
  rules (``Limit(x/(x + a), x, 0)`` is 0 for a > 0 and 1 at a = 0); such a limit is
  discharged only by the engine's own limit calculus (:func:`symbolic.limits.prove_limit`);
* kind-specific ones (ODE determinacy, Optimality's index range) added by the claim kinds.

Each obligation is *discharged* by the engine's own rules, recorded in :attr:`Obligation.rule`:
the symbols' assumptions, the manifest sign rules of :mod:`symbolic.sign` (on the expression,
its factored form, or after the substitution ``s = lo + u``, ``s = hi − u`` or
``s = (lo + hi·u)/(1 + u)`` that parametrises the bounds the domain puts on a symbol — a
superset of the domain, so a sign proved there holds on it), an equal hypothesis in ``where``,
or a finite interval check for a one-symbol ``Piecewise``.  Bounded special functions are replaced
by fresh symbols over a superset of their range (``erfc`` in (0, 2), ``erf`` in (−1, 1), ``floor(x)``
a positive integer where ``x ≥ 1`` is proved), and ``e ≠ 0`` is also proved from its parts, each by
any rule under the Piecewise branch's conditions (a product of nonzero factors, ``expm1(x)`` for
real ``x ≠ 0``, ``log1p(y)`` for ``y ≠ 0``).  What no rule discharges stays
``open``; a point of the domain where it fails (exact arithmetic: a real root of a polynomial
denominator, a sample point) makes it ``violated`` with that ``witness``.

PROVED means: the argument holds *and* every obligation is discharged.  An open obligation
caps the verdict at CHECKED (naming it); a violated one makes it REFUTED at the witness.
Extraction is syntactic and discharge uses sign rules and a bounded ``factor``: no
``simplify``, so that the obligations cost little beside the proof.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

import sympy as sp

from .sign import manifestly_nonnegative, manifestly_positive, manifestly_real, smooth

#: Condition kinds of an atomic requirement ``(kind, expr)``: expr ≠ 0, > 0, ≥ 0, integer.
NE, POS, NONNEG, INTEGER = "≠ 0", "> 0", "≥ 0", "∈ ℤ"
#: A requirement met when any of its alternatives ``((kind, expr), ...)`` is.
ANY = "any"

#: Above this many operations an expression is not factored when discharging (cost bound).
_FACTOR_OPS = 40
#: Above this many operations only the expression as it stands is signed (no substitution, no
#: rewriting): what a condition on a large expression needs is beyond these rules anyway, and
#: ``together``/``expand`` on it would cost more than the proof.
_SUBSTITUTE_OPS = 120


@dataclass
class Obligation:
    """One condition a claim's statement needs, and how it was settled.

    ``kind``: ``defined``, ``integer-bounds``, ``index-range``, ``no-generic-limit``,
    ``determinacy``, ``covering``; ``text``: the condition as a reader checks it
    (``x - 1 ≠ 0 on x ∈ ℝ``); ``status``: ``discharged``, ``open`` or ``violated``;
    ``rule``: the rule that discharged it (or why it stays open); ``witness``: a domain point
    where it fails (parameter name -> exact value), for ``violated``."""

    kind: str
    text: str
    status: str = "open"
    rule: str = ""
    witness: dict | None = None
    #: atomic requirements ((kind, expr), ...), all of which must hold; internal
    requirements: tuple = field(default=(), repr=False, compare=False)
    #: (index, low, high, integer?) ranges the requirement's bound variables run over; internal
    ranges: tuple = field(default=(), repr=False, compare=False)
    #: extra hypotheses under which it is needed (a Piecewise branch's condition); internal
    context: tuple = field(default=(), repr=False, compare=False)

    def as_dict(self) -> dict:
        out: dict[str, object] = {"kind": self.kind, "condition": self.text, "status": self.status, "rule": self.rule}
        if self.witness is not None:
            out["witness"] = dict(self.witness)
        return out

    def public(self) -> "Obligation":
        """A copy without the internal SymPy requirements (what a verdict carries and pickles)."""
        return Obligation(self.kind, self.text, self.status, self.rule, self.witness)

    def line(self) -> str:
        """One line: ``[discharged] x - 1 ≠ 0 (defined): sign rule ...``."""
        tail = f" at {self.witness}" if self.witness else ""
        return f"[{self.status}] {self.text} ({self.kind}): {self.rule}{tail}"


class Domain:
    """The symbols' assumptions plus the ``where`` hypotheses, with the bounds they put on each symbol."""

    def __init__(self, symbols: Iterable[sp.Symbol], where: Iterable = ()):
        self.symbols = sorted(set(symbols), key=lambda s: s.name)
        self.where = tuple(sp.sympify(w) for w in where)

    def describe(self) -> str:
        parts = [_symbol_domain(s) for s in self.symbols]
        parts += [sp.sstr(w) for w in self.where]
        return ", ".join(p for p in parts if p) or "no hypotheses"


def _symbol_domain(s: sp.Symbol) -> str:
    kind = "ℤ" if s.is_integer else "ℝ" if s.is_real or s.is_extended_real else "ℂ"
    if s.is_positive:
        return f"{s} > 0 in {kind}"
    if s.is_nonnegative:
        return f"{s} ≥ 0 in {kind}"
    if s.is_negative:
        return f"{s} < 0 in {kind}"
    if s.is_nonpositive:
        return f"{s} ≤ 0 in {kind}"
    return f"{s} ∈ {kind}"


# ---------------------------------------------------------------------------------------------
# Extraction


def definedness(exprs: Iterable, domain: Domain, *, real: bool = True) -> list[Obligation]:
    """The ``defined``/``integer-bounds``/``index-range``/``covering``/``no-generic-limit``
    obligations of the expressions, deduplicated, in order of appearance.

    ``real``: every subexpression must also be real (an inequality compares reals; an ODE's
    solution lives on a real interval), so logarithm arguments are positive, fractional-power
    bases nonnegative and ``acos``/``asin``/``LambertW`` arguments in their real domain.  With
    ``real=False`` (an identity between complex values, principal branches as SymPy defines
    them) only the points where an expression is undefined (a pole, ``log 0``, ``0`` to a
    negative power, ``erfinv`` outside (−1, 1), ``gamma`` at a pole) are obligations."""
    found: dict = {}
    for e in exprs:
        _walk(sp.sympify(e), (), (), found, real)
    return list(found.values())


def _add(found, kind, text, reqs, ranges, context):
    # −f ≠ 0 is f ≠ 0: one obligation (a numeric factor changes no zero)
    reqs = [(k, e.as_coeff_Mul()[1]) if k == NE and isinstance(e, sp.Expr) else (k, e) for k, e in reqs]
    key = (kind, tuple(reqs), ranges, context)
    if key not in found:
        found[key] = Obligation(kind, text, requirements=tuple(reqs), ranges=ranges, context=context)


def _show(e) -> str:
    return sp.sstr(e)[:160]


def _walk(e: sp.Basic, ranges: tuple, context: tuple, found: dict, real: bool = True) -> None:
    if e.is_Atom or isinstance(e, (sp.core.relational.Relational, sp.logic.boolalg.Boolean)) and not e.args:
        return
    if isinstance(e, sp.Limit):
        _add(found, "no-generic-limit", f"{_show(e)} holds for every parameter value", [("limit", e)], ranges, context)
        return  # its body is about a neighbourhood of the point, not the domain
    if isinstance(e, (sp.Sum, sp.Product)):
        inner = ranges
        for lim in e.limits:
            if len(lim) != 3:
                continue
            k, lo, hi = lim
            for b in (lo, hi):
                if b.is_infinite:
                    continue
                if b.is_integer is not True:
                    _add(found, "integer-bounds", f"{_show(b)} ∈ ℤ (a bound of {k})", [(INTEGER, b)], ranges, context)
            _index_range(k, lo, hi, ranges, context, found)
            if not (lo.is_infinite or hi.is_infinite):
                # SymPy sums a reversed range by Karr's convention (Σ_{k=1}^{n} 1 = n for n = −2 too), not as
                # the empty sum a reader means, so a closed form proved by SymPy holds only where hi ≥ lo − 1
                what = "sum" if isinstance(e, sp.Sum) else "product"
                _add(
                    found,
                    "forward-range",
                    f"{_show(hi)} ≥ {_show(lo - 1)} (the range of {k} is empty or forward; a reversed one is "
                    f"not the empty {what} for SymPy)",
                    [(NONNEG, sp.expand(hi - lo + 1))],
                    ranges,
                    context,
                )
            inner = inner + ((k, lo, hi, True),)
        _walk(e.function, inner, context, found, real)
        return
    if isinstance(e, sp.Derivative):
        # d/dx |x| = sign(x) "holds" once SymPy has differentiated, but |x| has no derivative at 0: the body must
        # be differentiable, which the engine reads off its structure (smooth: C∞ operations on their domain)
        body = e.expr
        wrt = ", ".join(sp.sstr(v) for v in e.variables)
        # a placeholder variable (SymPy's Subs(Derivative(G(ξ), ξ), ξ, a) for G'(a)) carries no assumption:
        # the derivative is taken along the real line, where the engine's smoothness rules apply
        body = body.xreplace(
            {
                v: sp.Dummy(v.name, real=True)
                for v in e.variables
                if isinstance(v, sp.Dummy) and v.is_extended_real is None
            }
        )
        _add(found, "defined", f"{_show(body)} differentiable in {wrt}", [("smooth", body)], ranges, context)
        _walk(body, ranges, context, found, real)
        return
    if isinstance(e, sp.Integral):
        inner = ranges
        for lim in e.limits:
            if len(lim) == 3:
                inner = inner + ((lim[0], lim[1], lim[2], False),)
        _walk(e.function, inner, context, found, real)
        return
    if isinstance(e, sp.Piecewise):
        conds = [c for _, c in e.args]
        if conds[-1] != sp.true:
            _add(
                found,
                "covering",
                f"one of the Piecewise conditions {', '.join(_show(c) for c in conds)} holds",
                [("cover", sp.Or(*conds))],
                ranges,
                context,
            )
        earlier: list = []
        for piece, cond in e.args:
            here = context + ((cond,) if cond != sp.true else ()) + tuple(sp.Not(c) for c in earlier)
            _walk(piece, ranges, tuple(c for c in here if c not in (sp.true, sp.false)), found, real)
            earlier.append(cond)
        return
    if isinstance(e, sp.Pow):
        base, ex = e.args
        if not base.is_number:
            need = _power_requirement(base, ex, real)
            if need is not None and need[0] == ANY:
                _add(
                    found,
                    "defined",
                    f"{_show(base)} ≠ 0 or {_show(ex)} ≥ 0 (base of the power {_show(ex)})",
                    [(ANY, need[1])],
                    ranges,
                    context,
                )
            elif need is not None:
                kind, why = need
                _add(found, "defined", f"{_show(base)} {kind} ({why})", [(kind, base)], ranges, context)
        elif real and ex.is_number and base.is_negative and ex.is_integer is False:
            # a constant such as (-8)**(1/3): SymPy's principal root 1 + i√3, not the real cube root -2
            _add(
                found,
                "defined",
                f"{_show(e)} real (a non-integer power of a negative number)",
                [(POS, base)],
                ranges,
                context,
            )
    elif isinstance(e, sp.log):
        a = e.args[0]
        if not a.is_number or not a.is_positive:
            if real:
                _add(found, "defined", f"{_show(a)} > 0 (log argument)", [(POS, a)], ranges, context)
            else:
                _add(found, "defined", f"{_show(a)} ≠ 0 (log argument)", [(NE, a)], ranges, context)
    elif getattr(e.func, "__name__", "") == "log1p":
        a = e.args[0]
        kind = POS if real else NE
        _add(found, "defined", f"1 + {_show(a)} {kind} (log1p argument)", [(kind, 1 + a)], ranges, context)
    elif isinstance(e, (sp.erfinv, sp.atanh)):
        # erfinv(±1) = ±∞ in SymPy's extended reals (a Gaussian tradeoff curve at α ∈ {0, 1}); beyond, nothing
        a = e.args[0]
        _add(found, "defined", f"-1 ≤ {_show(a)} ≤ 1", [(NONNEG, 1 - a), (NONNEG, 1 + a)], ranges, context)
    elif isinstance(e, sp.erfcinv):
        a = e.args[0]
        _add(found, "defined", f"0 ≤ {_show(a)} ≤ 2", [(NONNEG, a), (NONNEG, 2 - a)], ranges, context)
    elif isinstance(e, (sp.acos, sp.asin)) and real:
        a = e.args[0]
        _add(found, "defined", f"-1 ≤ {_show(a)} ≤ 1", [(NONNEG, 1 - a), (NONNEG, 1 + a)], ranges, context)
    elif isinstance(e, sp.acosh) and real:
        a = e.args[0]
        _add(found, "defined", f"{_show(a)} ≥ 1", [(NONNEG, a - 1)], ranges, context)
    elif isinstance(e, sp.LambertW) and real:
        a = e.args[0]
        _add(found, "defined", f"{_show(a)} ≥ -1/e", [(NONNEG, a + sp.exp(-1))], ranges, context)
    elif isinstance(e, (sp.gamma, sp.loggamma, sp.polygamma, sp.digamma)):
        a = e.args[-1]
        if not (a.is_positive or a.is_integer is False):
            _add(found, "defined", f"{_show(a)} > 0 (argument of {e.func.__name__})", [(POS, a)], ranges, context)
    elif isinstance(e, (sp.tan, sp.cot, sp.sec, sp.csc)):
        _add(found, "defined", f"{_show(e)} defined (pole of {e.func.__name__})", [("never", e)], ranges, context)
    for a in e.args:
        if isinstance(a, sp.Basic) and not isinstance(a, sp.Tuple):
            _walk(a, ranges, context, found, real)


def _power_requirement(base, ex, real: bool):
    """What ``base**ex`` needs to be defined (and real, with ``real``): ``(kind, why)`` or None."""
    if ex.is_integer:
        if ex.is_nonnegative:
            return None
        if not ex.is_number:  # 0**k is defined for k ≥ 0: either suffices
            return ANY, ((NE, base), (NONNEG, ex))
        return NE, "denominator"
    negative = ex.is_negative or (ex.is_number and ex.is_real and ex < 0)
    if real:
        if ex.is_positive:
            return NONNEG, "base of a fractional power" if ex.is_number else f"base of the power {_show(ex)}"
        return POS, "base of a negative fractional power" if ex.is_number else f"base of the power {_show(ex)}"
    # principal branch: defined for every base except 0 under a non-positive exponent
    if ex.is_positive:
        return None
    return NE, "base of a negative power" if negative else f"base of the power {_show(ex)}"


def _index_range(k, lo, hi, ranges, context, found) -> None:
    """The declared assumptions of a summation index must hold over its whole (nonempty) range."""
    reqs = []
    if k.is_positive:
        reqs.append((POS, lo))
    elif k.is_nonnegative:
        reqs.append((NONNEG, lo))
    if k.is_negative:
        reqs.append((POS, -hi))
    elif k.is_nonpositive:
        reqs.append((NONNEG, -hi))
    if k.is_even or k.is_odd:
        reqs.append(("never", k))  # a range of consecutive integers has both parities
    if reqs:
        declared = ", ".join(
            key
            for key, weaker in (
                ("positive", None),
                ("nonnegative", "positive"),
                ("negative", None),
                ("nonpositive", "negative"),
                ("even", None),
                ("odd", None),
            )
            if getattr(k, f"is_{key}") and not (weaker and getattr(k, f"is_{weaker}"))
        )
        _add(
            found,
            "index-range",
            f"{k} {declared} (as declared) for every {k} in [{_show(lo)}, {_show(hi)}]",
            [("range", (k, lo, hi, tuple(reqs)))],
            ranges,
            context,
        )


# ---------------------------------------------------------------------------------------------
# Discharge


def discharge(obligations: Sequence[Obligation], domain: Domain, *, witness_search: bool = True) -> None:
    """Settle each open obligation in place: ``discharged`` (with the rule), ``violated`` (with a
    witness point of the domain) or left ``open`` (with what was tried)."""
    _SEEN.clear()
    for ob in obligations:
        if ob.status != "open":
            continue
        rule = _discharge_one(ob, domain)
        if rule:
            ob.status, ob.rule = "discharged", rule
            continue
        if witness_search and ob.kind != "forward-range":
            # a reversed range refutes nothing (the claim may hold there under either convention): it stays open
            point = _witness(ob, domain)
            if point is not None:
                ob.status, ob.witness = "violated", point
                ob.rule = "fails at a point of the domain"
                continue
        if not ob.rule:
            ob.rule = "no sign or interval rule applies"


def _discharge_one(ob: Obligation, domain: Domain) -> str | None:
    rules = []
    for kind, e in ob.requirements:
        if kind == "limit":
            rule = _limit_rule(e)
        elif kind == "cover":
            rule = _cover_rule(e, domain, ob.context)
        elif kind == "range":
            rule = _range_rule(e, domain, ob)
        elif kind == "never":
            rule = None
        elif kind == "smooth":
            rule = _smooth_rule(e, domain, ob.context)
        elif kind == ANY:
            rule = next((r for k, x in e if (r := _sign_rule(k, x, domain, ob.ranges, ob.context))), None)
        else:
            rule = _sign_rule(kind, e, domain, ob.ranges, ob.context)
        if not rule:
            rule = _unreachable(domain, ob.context)
        if not rule:
            return None
        rules.append(rule)
    return "; ".join(dict.fromkeys(rules))


def _smooth_rule(e, domain: Domain, context: tuple) -> str | None:
    """``e`` is C^∞ on the domain: built from operations smooth where their arguments are (sign.smooth), as it
    stands or after a substitution that parametrises the open region the hypotheses bound a symbol to
    (``1/(1 − x)`` under ``x < 1``, with ``x = 1 − u``, ``u > 0``: a smooth change of variable with a smooth
    inverse, so smooth in ``u`` is smooth in ``x``).  Substitutions that pin a symbol to a closed end are not used."""
    from sympy.core.function import AppliedUndef

    # an unspecified function (u(α, t) in a chain-rule identity) stands for any differentiable function: the
    # claim's hypothesis, named in the rule; it is smooth in its arguments, as exp(Σ arguments) is
    undefined = sorted({sp.sstr(f.func) for f in e.atoms(AppliedUndef)})
    if undefined:
        e = e.replace(lambda n: isinstance(n, AppliedUndef), lambda n: sp.exp(sp.Add(*n.args)))
    assumed = f"; {', '.join(undefined)} differentiable by hypothesis (unspecified functions)" if undefined else ""
    if smooth(e):
        return "built from operations smooth on their domain (sign.smooth)" + assumed
    if e.count_ops() > _SUBSTITUTE_OPS:
        return None
    bounds = _bounds(e.free_symbols, list(domain.where) + list(context))
    for name, bsub in _bound_substitutions(e.free_symbols, bounds):
        if isinstance(bsub, tuple):
            continue
        if all(smooth(_together(_apply(e, piece))) for piece in _pieces(bsub)):
            return f"smooth with {name} (sign.smooth)" + assumed
    return None


def _unreachable(domain: Domain, context: tuple) -> str | None:
    """A Piecewise branch whose condition contradicts a hypothesis of the domain never applies there
    (``Not(η(M + m) ≤ 2)`` under the hypothesis ``η(M + m) ≤ 2``), so what it needs is vacuous."""
    for c in context:
        neg = sp.Not(c)
        for h in domain.where:
            if h == neg or (
                isinstance(h, sp.core.relational.Relational)
                and isinstance(neg, sp.core.relational.Relational)
                and type(h) is type(neg)
                and sp.expand(h.lhs - h.rhs - neg.lhs + neg.rhs) == 0
            ):
                return f"the branch condition {sp.sstr(c)} contradicts the hypothesis {sp.sstr(h)}"
    return None


def _limit_rule(limit: sp.Limit) -> str | None:
    expr, var, point, direction = limit.args
    params = expr.free_symbols - {var}
    if not params:
        return "no parameters: SymPy's limit of a constant expression"
    from .limits import prove_limit
    from .proving import prove_zero

    d = str(direction)
    if not _defined_near(expr, var, point, d):
        return None
    try:
        value, how = prove_limit(expr, var, point, "+-" if d == "+-" else d)
        if value is None:
            return None
        generic = limit.doit()
        if generic == value or (
            value not in (sp.oo, -sp.oo) and generic not in (sp.oo, -sp.oo) and prove_zero(generic - value).proved
        ):
            return f"the engine's limit calculus ({how}) gives {sp.sstr(value)} for every parameter value"
    except Exception:  # a rule that does not apply: the obligation stays open
        return None
    return None


def _defined_near(expr, var, point, direction: str) -> bool:
    """Whether the limit's expression is defined on a whole one-sided neighbourhood of the point for
    every parameter value (``sin(a·x)/(a·x)`` is nowhere defined at ``a = 0``): its definedness
    requirements, signed with ``var = point ± u`` (``u > 0``; ``1 + u`` towards ``+∞``), a superset."""
    u = sp.Dummy("u", positive=True)
    if point == sp.oo:
        sides = [1 + u]
    elif point == -sp.oo:
        sides = [-1 - u]
    else:
        sides = [point + s * u for s in ((1, -1) if direction == "+-" else (1,) if direction == "+" else (-1,))]
    for ob in definedness([expr], Domain(expr.free_symbols - {var})):
        for kind, e in ob.requirements:
            if kind not in (NE, POS, NONNEG):
                return False
            for at in sides:
                form = e.xreplace({var: at})
                if not (_holds(kind, form) or _holds(kind, _factored(form))):
                    return False
    return True


def _factored(e):
    try:
        if e.count_ops() > _FACTOR_OPS or any(not p.exp.is_Integer for p in e.atoms(sp.Pow)):
            return e  # factor treats a symbolic power as a new generator: slow, and no sign comes of it
        return sp.factor(sp.together(e))
    except (sp.PolynomialError, NotImplementedError, TypeError, ValueError):
        return e


#: (kind, expr, ranges, context) -> rule, within one :func:`discharge` call: the obligations of one
#: claim repeat their subexpressions (``log1p(x) ≠ 0`` beside ``1 + x > 0``)
_SEEN: dict = {}


def _sign_rule(kind, e, domain: Domain, ranges: tuple, context: tuple, depth: int = 0) -> str | None:
    key = (kind, e, ranges, context)
    if key not in _SEEN:
        _SEEN[key] = _sign_rule_uncached(kind, e, domain, ranges, context, depth)
    return _SEEN[key]


def _sign_rule_uncached(kind, e, domain: Domain, ranges: tuple, context: tuple, depth: int = 0) -> str | None:
    if kind == INTEGER:
        return "declared integer" if e.is_integer else None
    e = sp.sympify(e)
    for how, form in _forms(kind, e, domain, ranges, context):
        if all(_holds(kind, f) for f in form) if isinstance(form, _Cases) else _holds(kind, form):
            return how
    if kind == NE and depth < 4 and e.count_ops() <= _SUBSTITUTE_OPS:  # a larger one is beyond the rules (cost)
        rule = _nonzero_by_parts(e, domain, ranges, context, depth)
        if rule:
            return rule
    if e.has(sp.Piecewise) and depth < 2:
        return _piecewise_rule(kind, e, domain, ranges, context, depth)
    return None


def _nonzero_by_parts(e, domain, ranges, context, depth) -> str | None:
    """``e ≠ 0`` from its parts, each proved ≠ 0 by any rule (a hypothesis, a Piecewise branch's
    condition, a sign rule): a product whose factors are all nonzero; a power of a nonzero base;
    ``expm1(x)`` with ``x`` real and nonzero (exp is injective on ℝ); ``log1p(y)`` with ``y ≠ 0`` and
    ``log(a)`` with ``a ≠ 1`` (the principal logarithm vanishes only at 1, for complex arguments too;
    where it is defined is an obligation of its own)."""

    def part(x):
        return _sign_rule(NE, x, domain, ranges, context, depth + 1)

    name = type(e).__name__
    if isinstance(e, sp.Mul):
        if any(a.is_number and a.is_zero is not False for a in e.args):
            return None
        factors = [a for a in e.args if not a.is_number]
        rules = []
        for a in factors:
            rule = part(a)
            if not rule:
                return None
            rules.append(rule)
        return "a product of nonzero factors (" + "; ".join(dict.fromkeys(rules)) + ")" if rules else None
    if isinstance(e, sp.Pow):
        ex = e.exp
        if (ex.is_positive or ex.is_negative or ex.is_integer) and ex.is_finite is not False:
            rule = part(e.base)
            return f"a power of a nonzero base ({rule})" if rule else None
        return None
    if name == "expm1" and len(e.args) == 1 and e.args[0].is_extended_real:
        rule = part(e.args[0])
        return f"expm1(x) ≠ 0 for real x ≠ 0 ({rule})" if rule else None
    if name == "log1p" and len(e.args) == 1:
        rule = part(e.args[0])
        return f"log1p(y) ≠ 0 for y ≠ 0 ({rule})" if rule else None
    if isinstance(e, sp.log):
        rule = part(_together(e.args[0] - 1))
        return f"log(a) ≠ 0 for a ≠ 1 ({rule})" if rule else None
    return None


def _piecewise_rule(kind, e, domain, ranges, context, depth) -> str | None:
    """Branch by branch: ``e`` folded into one Piecewise, each branch's requirement proved under its
    condition (and the failure of the earlier ones), or the branch unreachable on the domain."""
    if e.count_ops() > _SUBSTITUTE_OPS:
        return None
    pw = sp.piecewise_fold(e)
    if not isinstance(pw, sp.Piecewise):
        return None
    rules: list[str] = []
    earlier: list[sp.Basic] = []
    for piece, cond in pw.args:
        here = context + tuple(c for c in (cond, *[sp.Not(c) for c in earlier]) if c not in (sp.true, sp.false))
        rule = _unreachable(domain, here) or _sign_rule(kind, piece, domain, ranges, here, depth + 1)
        if not rule:
            return None
        rules.append(f"[{sp.sstr(cond)}] {rule}")
        earlier.append(cond)
    return "by branches: " + "; ".join(rules)


def _holds(kind, e) -> bool:
    if kind == POS:
        return manifestly_positive(e)
    if kind == NONNEG:
        return manifestly_nonnegative(e)
    if kind == NE:
        return _nonzero(e)
    return False


def _nonzero(e) -> bool:
    """Manifestly ≠ 0 for every value the assumptions allow: a manifest sign, a product of nonzero
    factors, a power of a nonzero base, ``exp`` (never 0), ``expm1(a)``/``log1p(a)`` of a real nonzero
    ``a``, ``log(a)`` with ``a − 1`` nonzero, or ``A − B`` with ``A/B`` a product of positive factors
    each on the same side of 1 (``1 − (1 + u)^(−l)`` for ``u, l > 0``: ``(1 + u)^l > 1``)."""
    if e.is_zero is False or manifestly_positive(e) or manifestly_positive(-e):
        return True
    if isinstance(e, sp.Mul):
        return all(_nonzero(a) for a in e.args)
    if isinstance(e, sp.Pow):
        return (
            (e.exp.is_positive or e.exp.is_negative or e.exp.is_integer)
            and e.exp.is_finite is not False
            and _nonzero(e.base)
        )
    if isinstance(e, sp.exp):
        return e.args[0].is_finite is not False
    name = type(e).__name__
    if name in ("expm1", "log1p") and len(e.args) == 1:
        a = e.args[0]
        # log1p(a) ≠ 0 iff a ≠ 0 where it is defined; 1 + a > 0 is an obligation of its own
        return bool(a.is_extended_real) and _nonzero(a)
    if isinstance(e, sp.log):
        a = e.args[0]  # log a ≠ 0 iff a ≠ 1 where it is defined (a > 0 is an obligation of its own)
        return bool(a.is_extended_real) and _nonzero(_together(a - 1))
    if isinstance(e, sp.Add) and len(e.args) == 2:
        t1, t2 = e.args
        return _side_of_one(_together(t1 / (-t2))) != 0
    return False


def _side_of_one(r) -> int:
    """1 if ``r > 1``, −1 if ``0 < r < 1`` (manifestly, factor by factor), else 0."""
    total = 0
    side: int | None
    for f in sp.Mul.make_args(r):
        if f.is_number:
            if not (f.is_real and f > 0):
                return 0
            side = 1 if f > 1 else -1 if f < 1 else 0
        elif isinstance(f, sp.exp):
            x = f.args[0]
            side = 1 if manifestly_positive(x) else -1 if manifestly_positive(-x) else None
        elif isinstance(f, sp.Pow) and manifestly_positive(f.base):
            b = _together(f.base - 1)
            sb = 1 if manifestly_positive(b) else -1 if manifestly_positive(-b) else None
            sx = 1 if manifestly_positive(f.exp) else -1 if manifestly_positive(-f.exp) else None
            side = None if sb is None or sx is None else sb * sx
        elif manifestly_positive(f):
            d = _together(f - 1)
            side = 1 if manifestly_positive(d) else -1 if manifestly_positive(-d) else None
        else:
            return 0
        if side is None:
            return 0
        if side:
            if total and side != total:
                return 0
            total = side
    return total


def _forms(kind, e, domain: Domain, ranges: tuple, context: tuple):
    """The forms of :func:`_plain_forms`, then the same forms with each bounded special function
    replaced by a fresh symbol that parametrises a superset of its range (:func:`_ranged_atoms`)."""
    yield from _plain_forms(kind, e, domain, ranges, context)
    ranged, names = _ranged_atoms(e, domain, ranges, context)
    if ranged:
        pre = "; ".join(names) + "; "
        for how, form in _plain_forms(kind, e.xreplace(ranged), domain, ranges, context):
            yield pre + how, form


def _ranged_atoms(e, domain: Domain, ranges: tuple, context: tuple) -> tuple[dict, list]:
    """Special functions replaced by fresh symbols ranging over a superset of their values, so that
    the sign rules (and the bound substitutions, which skip ``floor``) see a rational expression:
    ``erfc(x) = 2v/(1 + v)`` (``erfc`` maps ℝ into (0, 2)), ``erf(x) = (v − 1)/(v + 1)`` (into
    (−1, 1); ``v/(1 + v)`` into (0, 1) for ``x > 0``), and ``floor(x)`` an integer ≥ 1 where ``x ≥ 1``
    (≥ 0 where ``x ≥ 0``) is proved by these rules under the domain."""
    out, names = {}, []
    for f in sorted(e.atoms(sp.erfc, sp.erf, sp.floor), key=sp.default_sort_key):
        x = f.args[0]
        if isinstance(f, sp.floor):
            if x.has(sp.floor):
                continue
            if _sign_rule(NONNEG, _together(x - 1), domain, ranges, context):
                out[f] = sp.Dummy("F", integer=True, positive=True)
                names.append(f"{sp.sstr(f)} ≥ 1 as {sp.sstr(x)} ≥ 1")
            elif _sign_rule(NONNEG, x, domain, ranges, context):
                out[f] = sp.Dummy("F", integer=True, nonnegative=True)
                names.append(f"{sp.sstr(f)} ≥ 0 as {sp.sstr(x)} ≥ 0")
            continue
        if not (x.is_real or manifestly_real(x)):  # finite and real: erfc(−∞) = 2, erfc(∞) = 0 are outside (0, 2)
            continue
        v = sp.Dummy("v", positive=True)
        if isinstance(f, sp.erfc):
            out[f] = 2 * v / (1 + v)
            names.append(f"{sp.sstr(f)} = 2v/(1 + v) ∈ (0, 2)")
        elif x.is_positive:
            out[f] = v / (1 + v)
            names.append(f"{sp.sstr(f)} = v/(1 + v) ∈ (0, 1)")
        else:
            out[f] = (v - 1) / (v + 1)
            names.append(f"{sp.sstr(f)} = (v − 1)/(v + 1) ∈ (−1, 1)")
    return out, names


def _plain_forms(kind, e, domain: Domain, ranges: tuple, context: tuple):
    """``(how, form)`` pairs whose sign, proved, proves the requirement on the whole domain: the
    expression, its factored form, and its forms under parametrisations of a superset of the
    domain (bound variables at ``lo + j`` / ``hi − j``, symbols between their bounds)."""
    base_subs: list[tuple[dict, str]] = [({}, "")]
    for k, lo, hi, integer in ranges:
        if k not in e.free_symbols:
            continue
        j = sp.Dummy("j", integer=True, nonnegative=True) if integer else sp.Dummy("j", positive=True)
        nxt = []
        for sub, how in base_subs:
            for at, name in ((lo + j, f"{k} = {sp.sstr(lo)} + j"), (hi - j, f"{k} = {sp.sstr(hi)} - j")):
                if at.has(sp.oo, -sp.oo):
                    continue
                nxt.append(({**sub, k: at}, f"{how}{name}, j ≥ 0; "))
        base_subs = nxt or base_subs
    hyps = list(domain.where) + list(context)
    literal = _literal(kind, e, hyps)
    if literal:
        yield literal, sp.S.One  # the hypothesis is the requirement
    nonzero = _nonzero_atoms(e, hyps)
    if nonzero:
        yield (
            "hypotheses " + ", ".join(f"{sp.sstr(a)} ≠ 0" for a in nonzero) + " (as nonzero atoms)",
            e.xreplace(nonzero),
        )
    if e.has(sp.binomial):
        # C(N, K) > 0 for integers 0 ≤ K ≤ N: each such binomial stands for a positive number
        pos = {bn: sp.Dummy("C", positive=True) for bn in e.atoms(sp.binomial) if _binomial_positive(bn, hyps)}
        if pos:
            e = e.xreplace(pos)
            yield "binomial coefficients C(N, K) with 0 ≤ K ≤ N are positive", e
    for sub, how in base_subs:
        f0 = e.xreplace(sub) if sub else e
        yield f"{how}sign rules (symbols' assumptions)", f0
        if f0.has(sp.exp):
            yield (
                f"{how}sign rules with exp(a) = 1 + expm1(a)",
                f0.xreplace({x: 1 + _expm1(x.args[0]) for x in f0.atoms(sp.exp)}),
            )
        ops = f0.count_ops()
        if ops > _SUBSTITUTE_OPS or f0.has(sp.Piecewise, sp.floor, sp.ceiling):
            continue  # a Piecewise goes branch by branch (_piecewise_rule); substituting into it re-decides conditions
        bounds = _bounds(f0.free_symbols, hyps)
        subs = list(_bound_substitutions(f0.free_symbols, bounds))
        small = ops <= _FACTOR_OPS
        for name, bsub in subs:
            yield f"{how}sign rules with {name}", _Cases([_together(_apply(f0, b)) for b in _pieces(bsub)])
        if small:
            yield f"{how}sign rules on the factored form", _factored(f0)
            for name, bsub in subs:
                yield (
                    f"{how}sign rules on the factored form with {name}",
                    _Cases([_factored(_apply(f0, b)) for b in _pieces(bsub)]),
                )


def _nonzero_atoms(e, hyps) -> dict:
    """``a - b`` -> a nonzero symbol for each hypothesis ``Ne(a, b)`` whose difference occurs in ``e``
    (``log1p(L - 1)`` under ``L ≠ 1``): the sign rules then see a factor that cannot vanish."""
    out = {}
    for h in hyps:
        if isinstance(h, sp.Ne):
            d = h.lhs - h.rhs
            for form in (d, -d, sp.expand(d), sp.expand(-d)):
                if form.free_symbols and e.has(form):
                    pos = form.is_Symbol and form.is_nonnegative
                    out[form] = sp.Dummy("nz", positive=True) if pos else sp.Dummy("nz", nonzero=True, real=True)
                    break
    return out


def _binomial_positive(bn, hyps) -> bool:
    n, k = bn.args
    if not (n.is_integer and k.is_integer and (k.is_nonnegative or manifestly_nonnegative(k))):
        return False
    d = sp.expand(n - k)
    if manifestly_nonnegative(d):
        return True
    for h in hyps:
        if isinstance(h, (sp.GreaterThan, sp.StrictGreaterThan)) and sp.expand(h.lhs - h.rhs - d) == 0:
            return True
        if isinstance(h, (sp.LessThan, sp.StrictLessThan)) and sp.expand(h.rhs - h.lhs - d) == 0:
            return True
    return False


def _expm1(a):
    from sympy.codegen.cfunctions import expm1

    return expm1(a)


def _apply(e, sub: dict):
    """``e`` under the substitution, applied again while a bound names another bounded symbol (a bound
    ``η ≤ 2/(M + m)`` beside ``M ≥ m``), at most once per symbol."""
    for _ in range(len(sub)):
        nxt = e.xreplace(sub)
        if nxt == e or not (nxt.free_symbols & set(sub)) or nxt.count_ops() > _SUBSTITUTE_OPS:
            return nxt
        e = nxt
    return e


class _Cases(list):
    """Forms that must all have the sign (a cover of the domain by several parametrisations)."""


def _pieces(bsub):
    return list(bsub) if isinstance(bsub, tuple) else [bsub]


def _together(e):
    try:
        return sp.together(e) if e.count_ops() <= _SUBSTITUTE_OPS else e
    except (TypeError, ValueError):
        return e


def _literal(kind, req, hyps) -> str | None:
    """A hypothesis that states the requirement itself (``x - 1 > 0`` for ``x - 1 ≠ 0`` or ``x - 1 > 0``)."""
    if kind not in (NE, POS, NONNEG) or req.count_ops() > _SUBSTITUTE_OPS:
        return None
    free, e = req.free_symbols, None
    for h in hyps:
        if not isinstance(h, sp.core.relational.Relational) or isinstance(h, sp.Eq):
            continue
        if not free <= h.free_symbols:
            continue  # e = (number)·(h's difference) needs e's symbols among h's: skip the expand/cancel
        e = sp.expand(req) if e is None else e
        d = sp.expand(h.lhs - h.rhs)  # h says d ≠ 0, d > 0, d < 0, ...
        if isinstance(h, sp.Ne):
            if kind == NE and (e - d == 0 or e + d == 0):
                return f"hypothesis {sp.sstr(h)}"
            continue
        up = isinstance(h, (sp.StrictGreaterThan, sp.GreaterThan))  # d ≥ 0 (or > 0); else −d ≥ 0
        strict = isinstance(h, (sp.StrictGreaterThan, sp.StrictLessThan))
        side = d if up else -d  # the expression the hypothesis makes nonnegative (positive)
        ratio = sp.cancel(e / side) if side != 0 else sp.nan
        same = ratio.is_number and ratio.is_positive is True  # e = (positive number) · side
        opposite = ratio.is_number and ratio.is_negative is True
        if (
            (kind == NE and strict and (same or opposite))
            or (kind == POS and strict and same)
            or (kind == NONNEG and same)
        ):
            return f"hypothesis {sp.sstr(h)}"
    return None


def _bounds(symbols, hyps) -> dict:
    """symbol -> ([(lower, strict)], [(upper, strict)]) read off the hypotheses linear in it."""
    out: dict = {}
    for h in hyps:
        if isinstance(h, sp.Ne) and {h.lhs, h.rhs} & set(symbols):
            # an integer k ≥ 0 with k ≠ 0 is ≥ 1 (a Piecewise's Eq(k, 0) branch taken earlier)
            s, other = (h.lhs, h.rhs) if h.lhs in symbols else (h.rhs, h.lhs)
            if s.is_Symbol and other == 0 and (s.is_nonnegative or s.is_nonpositive):
                lows, highs = out.setdefault(s, ([], []))
                (lows if s.is_nonnegative else highs).append((sp.S.Zero, True))
            continue
        if not isinstance(h, (sp.StrictGreaterThan, sp.StrictLessThan, sp.GreaterThan, sp.LessThan)):
            continue
        strict = isinstance(h, (sp.StrictGreaterThan, sp.StrictLessThan))
        d = h.lhs - h.rhs if isinstance(h, (sp.StrictGreaterThan, sp.GreaterThan)) else h.rhs - h.lhs  # d > 0
        for s in d.free_symbols & set(symbols):
            try:
                poly = sp.Poly(d, s)
            except sp.PolynomialError:
                continue
            if poly.degree() != 1:
                continue
            lc, tc = poly.all_coeffs()
            if s in tc.free_symbols:
                continue
            up = lc.is_number and lc > 0 or not lc.is_number and manifestly_positive(lc)
            down = lc.is_number and lc < 0 or not lc.is_number and manifestly_positive(-lc)
            if not (up or down):
                continue
            bound = -tc / lc
            lows, highs = out.setdefault(s, ([], []))
            (lows if up else highs).append((bound, strict))
    # a positive integer steps from 1 (k = 1 + u, u ∈ ℕ): exactly its domain
    for s in symbols:
        if s.is_Symbol and s.is_integer and s.is_positive and s not in out:
            out[s] = ([], [])
    # the declared sign of a symbol is a bound too, used when the hypotheses give the other side
    for s, (lows, highs) in out.items():
        if s.is_positive:
            lows.append((sp.S.Zero, True))
        elif s.is_nonnegative:
            lows.append((sp.S.Zero, False))
        if s.is_negative:
            highs.append((sp.S.Zero, True))
        elif s.is_nonpositive:
            highs.append((sp.S.Zero, False))
    return out


def _bound_substitutions(symbols, bounds: dict):
    """Substitutions that parametrise a superset of the domain: every bounded symbol strictly
    between its first lower and first upper bound (``(lo + hi·u)/(1 + u)``, ``u > 0``), or at or
    beyond one of them (``lo + u``, ``hi − u``; ``u ≥ 0`` for a non-strict bound).  An integer
    symbol with an integer bound steps by integers (``lo + 1 + u`` for a strict one)."""
    symbols = [s for s in sorted(symbols, key=lambda s: s.name) if s in bounds]
    if not symbols:
        return
    for mode in ("both", "low", "high"):
        sub, names, ends = {}, [], []
        for s in symbols:
            lows, highs = bounds[s]
            if mode == "both" and lows and highs and not s.is_integer:
                (lo, ls), (hi, hs) = lows[0], highs[0]
                # (lo, hi) exactly; a closed end is the limit u -> 0 or u -> oo, so only an open interval
                # is parametrised: a closed one gets u ≥ 0 at its lower end and the endpoint hi itself below
                u = sp.Dummy(f"u_{s.name}", positive=True) if ls else sp.Dummy(f"u_{s.name}", nonnegative=True)
                sub[s] = (lo + hi * u) / (1 + u)
                names.append(f"{s} = ({sp.sstr(lo)} + {sp.sstr(hi)}·u)/(1 + u), u {'>' if ls else '≥'} 0")
                if not hs:
                    ends.append((s, hi))
                continue
            side = lows if (mode in ("both", "low") and lows) else highs if mode in ("both", "high") else []
            if not side:
                continue
            b, strict = side[0]
            sign = 1 if side is lows else -1
            if s.is_integer and b.is_integer:
                u = sp.Dummy(f"u_{s.name}", integer=True, nonnegative=True)
                sub[s] = b + sign * ((1 if strict else 0) + u)
                how = "u ∈ ℕ"
            else:
                u = sp.Dummy(f"u_{s.name}", positive=True) if strict else sp.Dummy(f"u_{s.name}", nonnegative=True)
                sub[s] = b + sign * u
                how = "u > 0" if strict else "u ≥ 0"
            names.append(f"{s} = {sp.sstr(sub[s]).replace('_u_' + s.name, 'u')} ({how})")
        if sub and not ends:
            yield "; ".join(names), sub
        elif sub and len(ends) <= 3:
            # every combination of interior points and closed upper ends (2^k pieces, k ≤ 3)
            import itertools

            pieces = []
            for mask in itertools.product((False, True), repeat=len(ends)):
                piece = dict(sub)
                for (s, hi), at_end in zip(ends, mask):
                    if at_end:
                        piece[s] = hi
                pieces.append(piece)
            yield "; ".join(names) + "; and " + ", ".join(f"{s} = {sp.sstr(hi)}" for s, hi in ends), tuple(pieces)


def _cover_rule(cond, domain: Domain, context) -> str | None:
    syms = cond.free_symbols
    if len(syms) != 1:
        return None
    s = next(iter(syms))
    try:
        covered = cond.as_set()
        whole = _symbol_set(s)
        for h in list(domain.where) + list(context):
            if h.free_symbols == {s}:
                whole = whole.intersect(h.as_set())
        if whole.is_subset(covered):
            return f"the conditions cover {whole} (interval arithmetic)"
    except (NotImplementedError, TypeError, ValueError):
        return None
    return None


def _symbol_set(s):
    if s.is_positive:
        return sp.Interval.open(0, sp.oo)
    if s.is_nonnegative:
        return sp.Interval(0, sp.oo)
    if s.is_negative:
        return sp.Interval.open(-sp.oo, 0)
    if s.is_nonpositive:
        return sp.Interval(-sp.oo, 0)
    return sp.S.Reals


def _range_rule(spec, domain: Domain, ob: Obligation) -> str | None:
    k, lo, hi, reqs = spec
    rules = []
    for kind, e in reqs:
        if kind == "never":
            return None
        rule = _sign_rule(kind, e, domain, ob.ranges, ob.context)
        if not rule:
            return None
        rules.append(rule)
    return "; ".join(dict.fromkeys(rules))


# ---------------------------------------------------------------------------------------------
# Witnesses


def _witness(ob: Obligation, domain: Domain) -> dict | None:
    """A point of the domain (bound variables within their ranges) where the obligation fails."""
    from .hypotheses import UndecidedError, decide
    from .sampling import sample_points

    checks = []
    for kind, e in ob.requirements:
        if kind in (NE, POS, NONNEG, INTEGER):
            checks.append((kind, e))
        elif kind == "range":
            k, lo, hi, reqs = e
            checks += [("range", (k, lo, hi, r)) for r in reqs]
        elif kind == "cover":
            checks.append(("cover", e))
    if not checks:
        return None
    syms = set(domain.symbols)
    where = list(domain.where) + [c for c in ob.context if isinstance(c, sp.core.relational.Relational)]
    bound = []
    for k, lo, hi, integer in ob.ranges:
        if integer:
            bound.append(k)
            where += [sp.Ge(_plain_index(k), lo), sp.Le(_plain_index(k), hi)]
    for _kind, e in checks:
        syms |= (
            e.free_symbols if not isinstance(e, tuple) else set().union(*(sp.sympify(v).free_symbols for v in e[1:3]))
        )
    syms -= {r[0] for r in ob.ranges if not r[3]}
    # bound indices are sampled as plain integers (their declared signs may be what is wrong)
    rename = {k: _plain_index(k) for k in bound}
    syms = {rename.get(s, s) for s in syms}
    checks = [(kind, e.xreplace(rename) if not isinstance(e, tuple) else e) for kind, e in checks]
    where = [w.xreplace(rename) for w in where]
    if any(
        not isinstance(e, tuple) and (sp.sympify(e).count_ops() > _FACTOR_OPS or sp.sympify(e).has(sp.erf, sp.erfc))
        for _, e in checks
    ):
        return None  # evaluating a large or special-function expression at many points costs more than the proof
    samples = list(sample_points(sorted(syms, key=lambda s: s.name), where, n=16, seed=27))
    cands = []
    for kind, e in checks:
        if kind == NE:
            cands += _root_points(e, syms)
            # a zero in one symbol with the others at sample values (q = 0 in q/(p + q))
            for point in samples[:2]:
                for s in sorted(e.free_symbols & syms, key=lambda s: s.name):
                    rest = {k: v for k, v in point.items() if k != s}
                    cands += [{**rest, **r} for r in _root_points(e.xreplace(rest), {s})]
    points = cands + samples
    for point in points:
        if not _in_domain(point, where, decide, UndecidedError):
            continue
        for kind, e in checks:
            if _fails(kind, e, point):
                return {str(s): str(v) for s, v in sorted(point.items(), key=lambda kv: str(kv[0]))}
    return None


def _plain_index(k: sp.Symbol) -> sp.Symbol:
    return sp.Symbol(k.name, integer=True)


def _root_points(e, syms) -> list[dict]:
    """Real rational roots of a polynomial requirement in one symbol (exact candidates)."""
    out: list[dict] = []
    free = e.free_symbols & syms
    if len(free) != 1:
        return out
    s = next(iter(free))
    try:
        num = sp.numer(sp.together(e))
        poly = sp.Poly(num, s)
        if not all(c.is_Rational for c in poly.all_coeffs()) or poly.degree() > 8:
            return out
        for r in sp.roots(poly, filter="Q") if False else poly.ground_roots():
            if r.is_Rational:
                out.append({s: r})
    except (sp.PolynomialError, NotImplementedError, ValueError, TypeError):
        pass
    return out


def _in_domain(point, where, decide, UndecidedError) -> bool:
    from .sampling import admits

    if not all(admits(s, v) for s, v in point.items()):
        return False
    try:
        return all(decide(w, point) for w in where)
    except (UndecidedError, TypeError, ValueError, KeyError):
        return False


def _fails(kind, e, point) -> bool:
    try:
        if kind == "cover":
            v = e.xreplace(point)
            return v == sp.false
        if kind == "range":
            k, lo, hi, (rk, re) = e
            lo_v, hi_v = sp.sympify(lo).xreplace(point), sp.sympify(hi).xreplace(point)
            if not (lo_v.is_number and hi_v.is_number) or hi_v < lo_v:
                return False
            if rk == "never":
                return hi_v > lo_v
            v = sp.sympify(re).xreplace(point)
            return _fails(rk, v, {})
        v = sp.sympify(e).xreplace(point) if point else sp.sympify(e)
        if v.free_symbols or v.has(sp.Sum, sp.Product, sp.Integral, sp.Limit):
            return False
        if kind == INTEGER:
            return v.is_Rational and not v.is_Integer or (v.is_integer is False and v.is_real is True)
        if v.has(sp.nan, sp.zoo) or v is sp.nan:
            return True
        if kind == NE:
            return v == 0 or v.is_zero is True
        if kind == POS:
            return v.is_real is False or v.is_nonpositive is True
        if kind == NONNEG:
            return v.is_real is False or v.is_negative is True
    except (TypeError, ValueError, ZeroDivisionError, AttributeError):
        return False
    return False


# ---------------------------------------------------------------------------------------------
# Verdict integration


def summary(obligations: Sequence[Obligation]) -> tuple[list[Obligation], list[Obligation]]:
    """(open, violated) obligations."""
    return [o for o in obligations if o.status == "open"], [o for o in obligations if o.status == "violated"]
