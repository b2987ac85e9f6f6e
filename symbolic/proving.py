"""Shared symbolic machinery of the checkers.

* :func:`prove_zero` tries to show that an expression is identically zero on
  the domain its symbols' assumptions describe, splitting ``Piecewise`` branches
  explicitly (an ``Eq(L**2, 1)`` branch is checked at ``L = 1``).
* :func:`value_at` evaluates an expression at an exact point, exactly when it
  can and otherwise at high precision, and says which.
* :func:`find_counterexample` searches sample points for a certain nonzero value.
* :func:`confirm_zero` is the defence in depth behind every PROVED identity: the residual
  a proof reduced to 0 is evaluated at seeded random rational points of the domain, and a
  certainly nonzero value raises :class:`EngineBug` (a wrong rewrite rule), never PROVED.

What PROVED means here: ``lhs - rhs`` was reduced to 0 by SymPy rewrites that hold for
every value the symbols' assumptions allow (Piecewise branches split on complete solution
sets), and the residual also vanished at the confirmation points.  It is a symbolic
argument by this engine's rules, not a kernel-checked proof (as in Lean or Isabelle): it
trusts SymPy's simplification and assumption system.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

import sympy as sp

from .deadline import Deadline, PhaseTimeout
from .sampling import candidates, sample_points
from .verdict import shown
from .sums import constants_outside, linear_sums

if TYPE_CHECKING:  # mpmath is imported where a value is computed
    import mpmath

try:  # expm1/log1p are SymPy codegen functions; rewriting them exposes exp/log to simplify
    from sympy.codegen.cfunctions import expm1, log1p
except ImportError:  # pragma: no cover
    expm1 = log1p = None


@dataclass
class ZeroProof:
    proved: bool
    method: str
    residual: sp.Basic
    strategy: str = ""  # the rewrite of :func:`_strategies` that reached 0, if one did


def _rewrite_special(e: sp.Basic) -> sp.Basic:
    if expm1 is not None and (e.has(expm1) or e.has(log1p)):
        e = e.replace(lambda x: isinstance(x, expm1), lambda x: sp.exp(x.args[0]) - 1)
        e = e.replace(lambda x: isinstance(x, log1p), lambda x: sp.log(1 + x.args[0]))
    return e


def _strategies(simplify=sp.simplify):
    """The rewrites :func:`_prove_plain_zero` tries, as ``(name, function)``; ``simplify`` is the
    simplification they end with (a memoised one there: the log, exp and erf rewrites are often
    no-ops, and the same ``simplify`` would run again on the same expression)."""
    yield "expand", _expand
    yield "cancel", lambda e: sp.cancel(sp.together(e))
    # erfc(x) = 1 − erf(x), then rational arithmetic in the erf atoms: an identity mixing erf and erfc of the same
    # arguments (a certificate written with erf beside a difference written with erfc) without the seconds of
    # simplify the "erf form" below spends.
    yield "erf form (cancel)", lambda e: sp.cancel(sp.together(e.rewrite(sp.erf))) if e.has(sp.erfc) else e
    yield "powsimp", lambda e: sp.cancel(sp.powsimp(sp.expand_power_exp(sp.expand(e)), force=False))
    yield "simplify", simplify
    yield "logcombine+simplify", lambda e: simplify(sp.expand_log(e, force=False))
    yield "exp form", lambda e: simplify(sp.powsimp(e.rewrite(sp.exp)))
    # erfc(-x) = 2 - erfc(x) and friends: SymPy only sees them through erf.
    yield "erf form", lambda e: simplify(e.rewrite(sp.erf)) if e.has(sp.erfc) else e
    # Induction steps compare Sum/Product up to n + 1 with the same up to n; splitting
    # powers (x**(n + 1 - t) = x * x**(n - t)) lets the two summands cancel.
    yield "peel last terms", lambda e: _peeled(e) if e.has(sp.Sum, sp.Product) else e


def _expand(e: sp.Basic) -> sp.Basic:
    """``sp.expand(e)``, except that when the base of an integer power of a sum expands to 0 by itself,
    that power is 0 first: ``expand`` multiplies ``(a + b + …)**2`` out term by term before the
    terms cancel (a sum of squared residuals whose bases each expand to 0: ~1.6 CPU s for the 45
    entries of ye-shokri's Hessian, 0.08 s base by base).  Replacing such a power by 0 is exact, and
    the rest is ``expand`` as before; should that not reach 0, plain ``sp.expand(e)`` decides."""
    zero_bases = False

    def power(x):
        nonlocal zero_bases
        base = sp.expand(x.base)
        if base == 0:
            zero_bases = True
            return sp.S.Zero
        return x

    pre = e.replace(lambda x: x.is_Pow and x.exp.is_Integer and x.exp > 1 and x.base.is_Add, power)
    if zero_bases:
        out = sp.expand(pre)
        if out == 0:
            return out
    return sp.expand(e)


def _peeled(e: sp.Basic) -> sp.Basic:
    """Peel the last terms, merge sums with the same range, and expand powers inside them."""
    e = sp.simplify(sp.expand(peel_last_terms(e).doit()))
    if e == 0:
        return e
    e = e.replace(
        lambda x: isinstance(x, sp.Sum),
        lambda x: sp.Sum(sp.expand(sp.expand_power_exp(sp.expand(x.function))), *x.limits),
    )
    return sp.simplify(e)


def peel_last_terms(expr: sp.Basic) -> sp.Basic:
    """Split the last term off every ``Sum``/``Product`` whose upper limit is ``m + k`` (``k ≥ 1``,
    ``m`` symbolic): ``Sum(f, (i, a, b)) -> Sum(f, (i, a, b - 1)) + f(b)``, repeatedly.

    Valid for all limits: SymPy's sums and products follow Karr's convention, under
    which ``Σ_a^b f = Σ_a^{b-1} f + f(b)`` and ``Π_a^b f = Π_a^{b-1} f · f(b)``
    hold even for empty or reversed ranges.
    """

    def peel(node):
        if len(node.limits) != 1:
            return node
        i, a, b = node.limits[0]
        const, rest = sp.sympify(b).as_coeff_Add()
        if not (const.is_Integer and const > 0 and rest.free_symbols):
            return node
        inner = type(node)(node.function, (i, a, b - 1))
        last = node.function.subs(i, b)
        return inner + last if isinstance(node, sp.Sum) else inner * last

    previous = None
    while previous != expr:
        previous = expr
        expr = expr.replace(lambda x: isinstance(x, (sp.Sum, sp.Product)), peel)
    return expr


def binomial_theorem(expr: sp.Basic) -> sp.Basic:
    """``expr`` with every sum ``Σ_{k=0}^{N} c·C(N, k)·x^(k+a)·y^(N−k+d)`` replaced by its closed form
    ``c·x^a·y^d·(x + y)^N`` (the binomial theorem); other sums are left as they are.

    Applied only where it holds for every value of the symbols: the range starts at 0 and ``N`` is
    an integer that the assumptions make nonnegative (an empty range ``N = −1`` sums to 0, not
    ``(x + y)^(−1)``); the binomial is ``C(N, k)`` with that very ``N``; every other factor is free
    of ``k`` (``c``), or a power of a ``k``-free base whose exponent is ``k + a`` (the base is ``x``)
    or ``N − k + d`` (``y``), ``a`` and ``d`` nonnegative integers, at most one of each.  Then each
    term's exponents are nonnegative integers, so ``x^(k+a) = x^a·x^k`` and ``y^(N−k+d) = y^d·y^(N−k)``
    hold for every ``x``, ``y`` (with ``0⁰ = 1``, as in SymPy), and ``Σ_k C(N, k) x^k y^(N−k) =
    (x + y)^N`` is the binomial theorem.  A missing ``x`` or ``y`` factor is the base 1.  Anything
    else (a factor ``x^(2k)``, a second binomial, a lower limit 1) is not matched."""

    def closed(node: sp.Sum):
        form = _binomial_form(node)
        return node if form is None else form

    return expr.replace(lambda x: isinstance(x, sp.Sum), closed)


def _binomial_form(node: sp.Sum) -> sp.Basic | None:
    if len(node.limits) != 1:
        return None
    k, lo, top = node.limits[0]
    if lo != 0 or k in top.free_symbols or not (top.is_integer and top.is_nonnegative):
        return None
    const, x, y, a, d, seen_binomial = [], None, None, 0, 0, False
    for factor in sp.Mul.make_args(node.function):
        if k not in factor.free_symbols:
            const.append(factor)
            continue
        if isinstance(factor, sp.binomial):
            if seen_binomial or factor.args[1] != k or sp.expand(factor.args[0] - top) != 0:
                return None
            seen_binomial = True
            continue
        if not (factor.is_Pow and k not in factor.base.free_symbols):
            return None
        shift, varying = sp.expand(factor.exp).as_independent(k, as_Add=True)
        if varying == k and x is None:
            x, a = factor.base, shift
        elif varying == -k and y is None:
            y, d = factor.base, sp.expand(shift - top)
        else:
            return None
    if not seen_binomial or not all(sp.sympify(v).is_Integer and v >= 0 for v in (a, d)):
        return None
    x, y = (sp.S.One if v is None else v for v in (x, y))
    return sp.Mul(*const) * x**a * y**d * (x + y) ** top


def prove_zero(expr: sp.Basic, deadline: Deadline | None = None) -> ZeroProof:
    """Try to show ``expr == 0`` for all values allowed by its symbols' assumptions."""
    e = _rewrite_special(sp.sympify(expr))
    if e.has(sp.Sum) and e.has(sp.binomial):
        closed = binomial_theorem(e)
        if closed != e:
            proof = prove_zero(closed, deadline)
            proof.method = proof.method.replace("identity: ", "identity: binomial theorem on the sums, then ", 1)
            return proof
    if e.has(sp.Sum):
        by_linearity = _prove_zero_by_sum_linearity(e)
        if by_linearity is not None:
            return by_linearity
    # Σ_i a·r^i = a·Σ_i r^i first: Sum.doit expands the summand, turning a geometric term under an
    # index-free rational factor into one geometric sum (and one Piecewise) per monomial.
    e = constants_outside(e, geometric_only=True).doit()
    e = sp.piecewise_fold(e)
    if isinstance(e, sp.Piecewise):
        return _prove_piecewise_zero(e, deadline)
    return _prove_plain_zero(e, deadline)


def _prove_zero_by_sum_linearity(e: sp.Basic) -> ZeroProof | None:
    """A proof with the sums kept as atoms (:mod:`symbolic.sums`), before evaluating them:
    SymPy's ``Sum.doit`` looks for telescoping forms through ``solve`` and ``simplify`` and
    can take tens of seconds on an identity that holds by linearity alone (an allocation
    summed over its range; an induction step, once the last term is peeled)."""
    peeled = peel_last_terms(e)
    forms = [("sums split by linearity", e)]
    if peeled != e:
        forms.append(("last terms peeled, sums split by linearity", peeled))
    for how, form in forms:
        linear = linear_sums(form)
        for name, fn in (("expand", sp.expand), ("cancel", lambda x: sp.cancel(sp.together(x)))):
            if name == "cancel" and _nonzero_with_sums_as_unknowns(linear):
                continue  # cancel cannot reach 0 (seconds on high powers of the parameters)
            if fn(linear) == 0:
                return ZeroProof(True, f"identity: {how}, then {name}(lhs - rhs) = 0", sp.Integer(0))
    return None


def _nonzero_with_sums_as_unknowns(e: sp.Basic) -> bool:
    """Whether ``e`` is certainly nonzero at one exact point once every ``Sum`` in it is replaced
    by an independent unknown: then ``cancel`` cannot reduce ``e`` to 0, since it treats each sum
    as a polynomial generator (after normalising it with ``factor_sum``, as done here first) and
    a 0 it returns would make that form vanish wherever it is defined.

    Only a filter that skips a rewrite bound to fail (a geometric sum kept as an atom beside its
    closed form: ~2 s of ``cancel``); it proves nothing.  The point need not lie in the domain
    (a rational-function identity holds wherever defined); False when the value is not an
    exact nonzero rational (undefined there, irrational, an unevaluated function)."""
    from sympy.simplify.simplify import factor_sum

    try:
        e = e.replace(lambda x: isinstance(x, sp.Sum), lambda x: factor_sum(x, radical=True))
        e = e.xreplace({s: sp.Dummy(f"sum{i}") for i, s in enumerate(sorted(e.atoms(sp.Sum), key=sp.default_sort_key))})
        point = {}
        for i, sym in enumerate(sorted(e.free_symbols, key=sp.default_sort_key)):
            value = sp.Integer(3 + i) if sym.is_integer else sp.Rational(3 + 2 * i, 7 + i)
            point[sym] = -value if (sym.is_negative or sym.is_nonpositive) else value
        value = e.xreplace(point)
    except Exception:  # anything SymPy cannot do here: no conclusion, cancel runs as before
        return False
    return bool(value.is_Rational and value != 0)


def _prove_plain_zero(e: sp.Basic, deadline: Deadline | None, first: str = "") -> ZeroProof:
    """``e == 0`` by the rewrites of :func:`_strategies`, in order, except that ``first`` (the
    one that proved a sibling Piecewise branch, usually of the same shape) is tried first."""
    if e == 0:
        return ZeroProof(True, "identity: residual is 0 after evaluating sums", e)
    last = e
    simplified: dict = {}

    def simplify(x):
        """``sp.simplify``, once per distinct expression (a failure SymPy raises is remembered too)."""
        if x not in simplified:
            try:
                simplified[x] = sp.simplify(x)
            except (NotImplementedError, RecursionError, TypeError, ValueError) as exc:
                simplified[x] = exc
        if isinstance(simplified[x], Exception):
            raise simplified[x]
        return simplified[x]

    strategies = list(_strategies(simplify))
    strategies.sort(key=lambda item: item[0] != first)  # stable: the others keep their order
    for name, fn in strategies:
        if deadline is not None and deadline.expired():
            raise PhaseTimeout("budget used up during simplification")
        try:
            last = fn(e)
        except (NotImplementedError, RecursionError, TypeError, ValueError):
            continue
        if last == 0:
            return ZeroProof(True, f"identity: {name}(lhs - rhs) = 0", last, name)
    return ZeroProof(False, "no simplification reached 0", last)


def _condition_substitutions(cond: sp.Basic) -> list[dict] | None:
    """The *complete* solution set of a branch condition made of equalities, or None.

    Checking a branch only at the points ``solve`` returns is sound only if those are all
    the points where the condition holds (``Eq(sin(pi*x), 0)`` holds at every integer).
    Accepted: one equation that is a nonzero polynomial in a single symbol, whose roots are
    all found (multiplicities summing to the degree); or equations ``s = expr`` linear in a
    symbol ``s`` with a nonzero numeric coefficient, solved one after another.  Anything
    else gives None, and the caller proves the stronger statement that the branch's
    expression vanishes everywhere.
    """
    eqs = list(cond.args) if isinstance(cond, sp.And) else [cond]
    if not all(isinstance(q, sp.Eq) for q in eqs):
        return None
    together_syms = set().union(*(q.free_symbols for q in eqs))
    if len(together_syms) == 1 and len(eqs) > 1:
        # One symbol, several equations: the roots of the first, kept unless another equation
        # certainly fails there (undecided ones are kept: extra points only add work).
        sym = next(iter(together_syms))
        roots = _univariate_roots(sp.numer(sp.together(eqs[0].lhs - eqs[0].rhs)), sym)
        if roots is None:
            return None
        return [r for r in roots if all(sp.simplify((q.lhs - q.rhs).subs(r)).is_zero is not False for q in eqs[1:])]
    solution: dict = {}
    for q in eqs:
        diff = sp.together((q.lhs - q.rhs).xreplace(solution))
        num = sp.numer(diff)
        syms = sorted(num.free_symbols, key=lambda s: s.name)
        if not syms:
            if sp.simplify(num) == 0:
                continue
            return []  # the condition never holds
        if len(syms) == 1 and len(eqs) == 1:
            return _univariate_roots(num, syms[0])
        step = None
        for sym in syms:
            try:
                poly = sp.Poly(num, sym)
            except sp.PolynomialError:
                continue
            if poly.degree() == 1 and poly.LC().is_number and poly.LC() != 0:
                step = {sym: sp.expand(-poly.TC() / poly.LC())}
                break
        if step is None:
            return None
        solution = {k: v.xreplace(step) for k, v in solution.items()}
        solution.update(step)
    return [solution] if _admissible(solution) else []


def _univariate_roots(num: sp.Basic, sym: sp.Symbol) -> list[dict] | None:
    try:
        poly = sp.Poly(num, sym)
    except sp.PolynomialError:
        return None
    if poly.degree() < 1 or not all(c.is_number for c in poly.all_coeffs()):
        return None
    roots = sp.roots(poly)
    if sum(roots.values()) != poly.degree():
        return None
    return [{sym: r} for r in roots if _admissible({sym: r})]


def _admissible(sol: dict) -> bool:
    """False only when a value certainly violates its symbol's assumptions (such points are
    outside the domain); undecided values are kept, which only adds points to check."""
    for sym, val in sol.items():
        if (
            (sym.is_real and val.is_real is False)
            or (sym.is_positive and val.is_positive is False)
            or (sym.is_nonnegative and val.is_nonnegative is False)
            or (sym.is_integer and val.is_integer is False)
        ):
            return False
    return True


def _prove_piecewise_zero(pw: sp.Piecewise, deadline) -> ZeroProof:
    """Each branch must vanish where it applies.

    A branch whose condition is a system of equations is checked at each of its
    solutions, skipping solutions at which an earlier branch already applies
    (those points never reach this branch).
    """
    methods = []
    earlier: list = []
    # the rewrite that proved the last plain branch: tried first on the next.  Before any has, an exp
    # of a log (expm1(a·log1p(x)) rewritten, beside the verified expression's powers (1 + x)^a) asks
    # for the exp form, which the four rewrites before it never reach (~1-2 CPU s of simplify).
    worked = "exp form" if any(a.args[0].has(sp.log) for a in pw.atoms(sp.exp)) else ""
    for piece, cond in pw.args:
        if cond == sp.true:
            sub = _prove_plain_zero(piece, deadline, worked)
            if not sub.proved:
                return ZeroProof(False, "generic branch not reduced to 0", sub.residual)
            methods.append("generic branch")
            break
        subs = _condition_substitutions(cond)
        if subs is None:
            # An inequality branch: prove the stronger statement that the piece vanishes everywhere.
            sub = _prove_plain_zero(piece, deadline, worked)
            if not sub.proved:
                return ZeroProof(False, f"branch {cond} not reduced to 0", sub.residual)
            worked = sub.strategy or worked
            methods.append(f"branch {cond}")
        else:
            for sol in subs:
                if any(_holds_at(c, sol) for c in earlier):
                    continue
                inner = prove_zero(piece.subs(sol), deadline)
                if not inner.proved:
                    return ZeroProof(False, f"branch {cond} at {sol} not reduced to 0", inner.residual)
            methods.append(f"branch {cond}")
        earlier.append(cond)
    return ZeroProof(True, "identity: every Piecewise branch reduced to 0 (" + "; ".join(methods) + ")", sp.S.Zero)


def _holds_at(cond: sp.Basic, sol: dict) -> bool:
    value = cond.subs(sol)
    if value == sp.true:
        return True
    if isinstance(value, sp.Eq):
        return sp.simplify(value.lhs - value.rhs) == 0
    return False


class EngineBug(AssertionError):
    """A symbolic proof contradicted by exact evaluation: a rewrite rule was unsound.

    Raised, never turned into a verdict by the checker: the runner reports it as an
    UNKNOWN "checker error: EngineBug" and ``verify`` flags the claim as unexpected.
    """


class UnconfirmedProof(EngineBug):
    """A confirmation step that evaluated the residual at no point of the domain: the domain is
    empty, or the residual is undefined (or not a number) at every point tried.  An engine error,
    never PROVED: a proof confirmed nowhere may be a proof about nothing."""


#: Seeded random rational points per confirmed proof, and their seed.
CONFIRM_POINTS = 4
CONFIRM_SEED = 20260923


def _random_pool(symbol: sp.Symbol, rng) -> list:
    """The symbol's candidate values plus seeded random rationals of its type."""
    base = candidates(symbol)
    if symbol.is_integer:
        return base
    extra = [sp.Rational(rng.randint(1, 97), rng.randint(1, 29)) for _ in range(8)]
    if not (symbol.is_positive or symbol.is_nonnegative):
        extra += [-v for v in extra[:3]]
    return base + extra


def confirm_zero(
    expr: sp.Basic,
    symbols: Sequence[sp.Symbol],
    where: Iterable = (),
    n: int = CONFIRM_POINTS,
    deadline: Deadline | None = None,
    what: str = "residual",
    digits: int = 50,
) -> int:
    """Evaluate a residual a proof reduced to 0 at ``n`` seeded random rational domain points.

    Exact when the value is rational, else at ``digits`` digits where only a value far
    from 0 at that precision counts as nonzero.  Raises :class:`EngineBug` on a certainly
    nonzero value; returns the number of points at which the residual could be evaluated
    (points where it is undefined or not a number are skipped), and raises
    :class:`UnconfirmedProof` when that number is 0.
    """
    import random

    rng = random.Random(CONFIRM_SEED)
    symbols = sorted(set(symbols), key=lambda s: s.name)
    pools = {s: _random_pool(s, rng) for s in symbols}
    evaluated = undefined = 0
    improper = any(
        any(bound.is_infinite for lim in integral.limits for bound in lim[1:]) for integral in expr.atoms(sp.Integral)
    )
    for point in sample_points(symbols, where, n=n, seed=CONFIRM_SEED, candidate_map=pools):
        if deadline is not None:
            deadline.check_hang()
        try:
            # An improper integral by an antiderivative first (a second method, beside the
            # Meijer-G integration ``doit`` tries first over an infinite range, and ~15x cheaper
            # there); a value that does not vanish that way is left to the general evaluation.
            pv = _value_by_antiderivatives(expr, point, digits) if improper else None
            if pv is None and not improper and _vanishes_in_a_ball(expr, point, digits):
                evaluated += 1  # what the evaluation below concludes, read off a rigorous enclosure
                continue
            if pv is None:
                # Without simplify first (seconds per point with exp/log terms): a zero residual
                # shows as a tiny value.  A value that looks nonzero is evaluated again with
                # simplify before it counts: SymPy's N can lose every digit to cancellation
                # (``0.e+17`` for a difference of two square roots of exp(810)).
                pv = value_at(expr, point, digits, simplify=False)
                if not pv.exact and pv.is_certainly_nonzero(digits):
                    pv = value_at(expr, point, digits)
            if pv.value in (sp.nan, sp.zoo, sp.oo, -sp.oo):
                undefined += 1
                continue
            if not pv.value.is_number:  # an undefined function (θ(k)) left symbolic: no value, no verdict
                continue
            bad = bool(pv.is_certainly_nonzero(digits))
        except ZeroDivisionError:
            undefined += 1
            continue
        except (ValueError, TypeError):  # not evaluable this way (a derivative in a substituted variable)
            continue
        evaluated += 1
        if bad:
            raise EngineBug(
                f"ENGINE BUG: the {what} was proved identically 0, but at {show_point(point)} "
                f"it is {shown(pv.value)[:80]} ({'exact' if pv.exact else f'{digits} digits'})"
            )
    if n > 0 and evaluated == 0 and (undefined or not _has_points(symbols, where, pools)):
        raise UnconfirmedProof(
            f"ENGINE ERROR: the {what} was proved identically 0, but it could be evaluated at no point of the "
            f"domain ({', '.join(map(str, symbols)) or 'no symbols'}; where {[sp.sstr(w) for w in where]}): "
            "an empty domain, or a residual undefined wherever it was tried"
        )
    return evaluated


def _has_points(symbols, where, pools) -> bool:
    return next(iter(sample_points(symbols, where, n=1, seed=CONFIRM_SEED, candidate_map=pools)), None) is not None


def _vanishes_in_a_ball(expr: sp.Basic, point: dict, digits: int) -> bool:
    """Whether an Arb ball (python-flint, :mod:`symbolic.certify.translate`) rigorously encloses
    ``expr`` at the exact ``point`` within ±10^(12 − ``digits``)/2: then the ``digits``-digit
    evaluation of :func:`confirm_zero` would find the value vanishing too (it counts a value as
    nonzero only beyond 10^(12 − ``digits``)), and that evaluation is skipped.  SymPy's ``N`` of a
    residual that is exactly 0 raises its precision again and again, finding no relative accuracy
    in 0 (half a second at four points for two dozen erfc terms); one ball at ~3.3·``digits`` + 64
    bits settles it in milliseconds.

    False (no conclusion: the caller evaluates as before) when the substituted expression is an
    exact rational (decided exactly there), keeps a free symbol, a Sum, Product or Integral, has no
    Arb translation, or when the ball is not that small (cancellation at this precision, a nonzero
    value: the general path decides, and raises)."""
    try:
        from .certify.arb import flint
        from .certify.errors import CertificationError
        from .certify.translate import ball_at, translatable
    except ImportError:  # pragma: no cover - the certify package is part of the engine
        return False
    try:
        e = _rewrite_special(sp.sympify(expr)).xreplace(point)
        if e.is_Rational or e.free_symbols or e.has(sp.Sum, sp.Product, sp.Integral) or not translatable(e):
            return False
        ball = ball_at(e, {}, int(digits * 3.33) + 64)
        bound = flint().arb(10) ** (12 - digits) / 2
        return bool(ball.is_finite() and ball.abs_upper() < bound)
    except (CertificationError, ArithmeticError, ValueError, TypeError, NotImplementedError):
        return False


def _value_by_antiderivatives(expr: sp.Basic, point: dict, digits: int) -> PointValue | None:
    """``expr`` at an exact point with every definite integral evaluated through an antiderivative
    (SymPy's rule-based ``manualintegrate``, after combining powers of ``exp``), then exactly or at
    ``digits`` digits; None when an integral is left unevaluated or the value is not a finite
    number *that vanishes* at that precision.

    Only a vanishing value is returned, so a wrong antiderivative can never raise a false
    :class:`EngineBug`: the caller evaluates any other value the general way (``doit``).  For
    :func:`confirm_zero`, where a vanishing residual at a point is all that counts."""

    def integrate(integral):
        return sp.integrate(sp.powsimp(integral.function), *integral.limits, manual=True)

    try:
        e = _rewrite_special(sp.sympify(expr)).xreplace(point)
        e = e.replace(lambda x: isinstance(x, sp.Integral), integrate)
        if e.has(sp.Integral):
            return None
        e = e.doit()
        pv = PointValue(e, True) if e.is_Rational else PointValue(sp.N(e, digits), False)
    except Exception:  # any failure: the general path decides
        return None
    v = pv.value
    if not (v.is_number and v.is_finite and v.is_real) or pv.is_certainly_nonzero(digits):
        return None
    return pv


@dataclass
class PointValue:
    value: sp.Basic  # exact Rational, or a Float with ``digits`` digits
    exact: bool

    def _accurate(self, digits: int) -> bool:
        """Whether an inexact value carries the requested digits: SymPy's ``N`` returns a Float
        of lower precision when cancellation ate them (``0.e+17``: one bit, for a value that
        is exactly 0), and such a value certifies nothing."""
        prec = getattr(self.value, "_prec", None)
        return prec is None or prec >= int(digits * 3.3219) - 4

    def is_certainly_nonzero(self, digits: int) -> bool:
        if self.exact:
            return self.value != 0
        return (
            self._accurate(digits)
            and self.value.is_finite is not False
            and abs(self.value) > sp.Float(10, digits) ** (12 - digits)
        )

    def is_certainly_negative(self, digits: int) -> bool:
        if self.exact:
            return self.value < 0
        return self._accurate(digits) and self.value < -(sp.Float(10, digits) ** (12 - digits))


def value_at(expr: sp.Basic, point: dict, digits: int = 50, simplify: bool = True) -> PointValue:
    """Value of ``expr`` at an exact point: exact if it reduces to a rational, else ``digits`` digits.

    ``simplify=False`` skips ``simplify`` on the substituted expression (seconds for a few
    exp/log/erfc terms), so a value that is rational only after simplification comes back as
    ``digits`` digits: enough where only a certainly nonzero value matters (:func:`confirm_zero`)."""
    e = _rewrite_special(sp.sympify(expr))
    if e.has(sp.Derivative):
        # differentiate before substituting: Derivative(|x|, x) at x = 1/2 would become d/d(1/2), no value at all,
        # and a proof "confirmed" at no point
        e = e.replace(lambda node: isinstance(node, sp.Derivative), lambda node: node.doit())
    e = e.xreplace(point)
    e = e.doit()
    if isinstance(e, sp.Piecewise):
        e = sp.piecewise_fold(e).doit()
    if e.is_Rational:
        return PointValue(e, True)
    simplified = sp.simplify(e) if simplify and e.count_ops() < 200 else e
    if simplified.is_Rational:
        return PointValue(simplified, True)
    return PointValue(sp.N(e, digits), False)


def mp_value(expr: sp.Basic, point: dict, dps: int = 80) -> mpmath.mpf:
    """``expr`` at ``point`` in mpmath at ``dps`` digits, without exact intermediate arithmetic.

    For points with huge coordinates (``s = 10**32``) where exact evaluation of
    ``(3/2)**(2*s)`` would never finish.  Sums must already be in closed form.
    """
    import mpmath

    from .evaluate.expressions import resolve_branches

    e = resolve_branches(_rewrite_special(sp.sympify(expr)), point)
    syms = sorted(e.free_symbols, key=lambda x: x.name)
    fn = sp.lambdify(syms, e, modules="mpmath")
    with mpmath.workdps(dps):
        return fn(*[mpmath.mpf(int(point[x].p)) / int(point[x].q) for x in syms])


def find_counterexample(
    expr: sp.Basic,
    symbols: Sequence[sp.Symbol],
    where: Iterable = (),
    hints: Iterable[dict] = (),
    n: int = 24,
    deadline: Deadline | None = None,
    digits: int = 50,
    negative: bool = False,
    sides: tuple | None = None,
) -> tuple[dict | None, PointValue | None, int]:
    """Search for a point where ``expr`` is certainly nonzero (or, with ``negative``, < 0).

    ``sides``: ``(lhs, rhs)`` whose difference ``expr`` is; where ``expr`` is infinite, one side finite and the
    other infinite (a divergent series or integral, SymPy's exact value ``oo``/``zoo``) is a counterexample too.
    Returns ``(point, PointValue, tested)`` for the first counterexample, or
    ``(None, None, tested)`` with the number of points that passed.
    """
    tested = 0
    for point in sample_points(symbols, where, n=n, hints=hints):
        if deadline is not None:
            deadline.check_hang()
        try:
            pv = value_at(expr, point, digits)
            if pv.value in (sp.zoo, sp.oo, -sp.oo) and sides is not None and _one_side_infinite(sides, point, digits):
                return point, pv, tested + 1
            if pv.value in (sp.nan, sp.zoo, sp.oo, -sp.oo) or not pv.value.is_number:
                continue  # not a number here (an undefined function such as θ(k) is left symbolic)
            bad = bool(pv.is_certainly_negative(digits) if negative else pv.is_certainly_nonzero(digits))
        except (ZeroDivisionError, ValueError, TypeError):
            continue
        tested += 1
        if bad:
            return point, pv, tested
    return None, None, tested


def _one_side_infinite(sides: tuple, point: dict, digits: int) -> bool:
    """Whether exactly one of the two sides is infinite at ``point`` (exact SymPy values), the other a finite
    number: ``Σ_k 2^k = 1/(1 − 2)`` states a finite value for a divergent series."""
    infinite = (sp.zoo, sp.oo, -sp.oo)
    values = [value_at(side, point, digits).value for side in sides]
    kinds = ["inf" if v in infinite else "finite" if v.is_number and v.is_finite else "?" for v in values]
    return sorted(kinds) == ["finite", "inf"]


def show_point(point: dict) -> dict[str, str]:
    return {str(k): str(v) for k, v in sorted(point.items(), key=lambda kv: str(kv[0]))}
