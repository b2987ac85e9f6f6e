"""Shared symbolic machinery of the checkers.

* :func:`prove_zero` tries to show that an expression is identically zero on
  the domain its symbols' assumptions describe, splitting ``Piecewise`` branches
  explicitly (an ``Eq(L**2, 1)`` branch is checked at ``L = 1``).
* :func:`value_at` evaluates an expression at an exact point, exactly when it
  can and otherwise at high precision, and says which.
* :func:`find_counterexample` searches sample points for a certain nonzero value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import sympy as sp

from .deadline import Deadline, PhaseTimeout
from .sampling import sample_points

try:  # expm1/log1p are SymPy codegen functions; rewriting them exposes exp/log to simplify
    from sympy.codegen.cfunctions import expm1, log1p
except ImportError:  # pragma: no cover
    expm1 = log1p = None


@dataclass
class ZeroProof:
    proved: bool
    method: str
    residual: sp.Basic


def _rewrite_special(e: sp.Basic) -> sp.Basic:
    if expm1 is not None and (e.has(expm1) or e.has(log1p)):
        e = e.replace(lambda x: isinstance(x, expm1), lambda x: sp.exp(x.args[0]) - 1)
        e = e.replace(lambda x: isinstance(x, log1p), lambda x: sp.log(1 + x.args[0]))
    return e


def _strategies():
    yield "expand", lambda e: sp.expand(e)
    yield "cancel", lambda e: sp.cancel(sp.together(e))
    yield "powsimp", lambda e: sp.cancel(sp.powsimp(sp.expand_power_exp(sp.expand(e)), force=False))
    yield "simplify", sp.simplify
    yield "logcombine+simplify", lambda e: sp.simplify(sp.expand_log(e, force=False))
    yield "exp form", lambda e: sp.simplify(sp.powsimp(e.rewrite(sp.exp)))
    # erfc(-x) = 2 - erfc(x) and friends: SymPy only sees them through erf.
    yield "erf form", lambda e: sp.simplify(e.rewrite(sp.erf)) if e.has(sp.erfc) else e
    # Induction steps compare Sum/Product up to n + 1 with the same up to n; splitting
    # powers (x**(n + 1 - t) = x * x**(n - t)) lets the two summands cancel.
    yield "peel last terms", lambda e: _peeled(e) if e.has(sp.Sum, sp.Product) else e


def _peeled(e: sp.Basic) -> sp.Basic:
    """Peel the last terms, merge sums with the same range, and expand powers inside them."""
    e = sp.simplify(sp.expand(peel_last_terms(e).doit()))
    if e == 0:
        return e
    e = e.replace(lambda x: isinstance(x, sp.Sum),
                  lambda x: sp.Sum(sp.expand(sp.expand_power_exp(sp.expand(x.function))), *x.limits))
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


def prove_zero(expr: sp.Basic, deadline: Deadline | None = None) -> ZeroProof:
    """Try to show ``expr == 0`` for all values allowed by its symbols' assumptions."""
    e = _rewrite_special(sp.sympify(expr))
    e = e.doit()
    e = sp.piecewise_fold(e)
    if isinstance(e, sp.Piecewise):
        return _prove_piecewise_zero(e, deadline)
    return _prove_plain_zero(e, deadline)


def _prove_plain_zero(e: sp.Basic, deadline: Deadline | None) -> ZeroProof:
    if e == 0:
        return ZeroProof(True, "identity: residual is 0 after evaluating sums", e)
    last = e
    for name, fn in _strategies():
        if deadline is not None and deadline.expired():
            raise PhaseTimeout("budget used up during simplification")
        try:
            last = fn(e)
        except (NotImplementedError, RecursionError, TypeError, ValueError):
            continue
        if last == 0:
            return ZeroProof(True, f"identity: {name}(lhs - rhs) = 0", last)
    return ZeroProof(False, "no simplification reached 0", last)


def _condition_substitutions(cond: sp.Basic) -> list[dict] | None:
    """Turn a branch condition made of equalities into substitutions, or None."""
    eqs = cond.args if isinstance(cond, sp.And) else (cond,)
    if not all(isinstance(q, sp.Eq) for q in eqs):
        return None
    symbols = sorted(set().union(*(q.free_symbols for q in eqs)), key=lambda s: s.name)
    try:
        sols = sp.solve(list(eqs), symbols, dict=True)
    except NotImplementedError:
        return None
    # Keep only solutions the symbols' assumptions allow (solve honours them for a
    # single symbol; check again for safety).
    keep = []
    for sol in sols:
        if all(not (sym.is_positive and val.is_nonpositive) for sym, val in sol.items()):
            keep.append(sol)
    return keep


def _prove_piecewise_zero(pw: sp.Piecewise, deadline) -> ZeroProof:
    """Each branch must vanish where it applies.

    A branch whose condition is a system of equations is checked at each of its
    solutions, skipping solutions at which an earlier branch already applies
    (those points never reach this branch).
    """
    methods = []
    earlier: list = []
    for piece, cond in pw.args:
        if cond == sp.true:
            sub = _prove_plain_zero(piece, deadline)
            if not sub.proved:
                return ZeroProof(False, "generic branch not reduced to 0", sub.residual)
            methods.append("generic branch")
            break
        subs = _condition_substitutions(cond)
        if subs is None:
            # An inequality branch: prove the stronger statement that the piece vanishes everywhere.
            sub = _prove_plain_zero(piece, deadline)
            if not sub.proved:
                return ZeroProof(False, f"branch {cond} not reduced to 0", sub.residual)
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


@dataclass
class PointValue:
    value: sp.Basic  # exact Rational, or a Float with ``digits`` digits
    exact: bool

    def is_certainly_nonzero(self, digits: int) -> bool:
        if self.exact:
            return self.value != 0
        return self.value.is_finite is not False and abs(self.value) > sp.Float(10, digits) ** (12 - digits)

    def is_certainly_negative(self, digits: int) -> bool:
        if self.exact:
            return self.value < 0
        return self.value < -sp.Float(10, digits) ** (12 - digits)


def value_at(expr: sp.Basic, point: dict, digits: int = 50) -> PointValue:
    """Value of ``expr`` at an exact point: exact if it reduces to a rational, else ``digits`` digits."""
    e = _rewrite_special(sp.sympify(expr)).xreplace(point)
    e = e.doit()
    if isinstance(e, sp.Piecewise):
        e = sp.piecewise_fold(e).doit()
    if e.is_Rational:
        return PointValue(e, True)
    simplified = sp.simplify(e) if e.count_ops() < 200 else e
    if simplified.is_Rational:
        return PointValue(simplified, True)
    return PointValue(sp.N(e, digits), False)


def mp_value(expr: sp.Basic, point: dict, dps: int = 80):
    """``expr`` at ``point`` in mpmath at ``dps`` digits, without exact intermediate arithmetic.

    For points with huge coordinates (``s = 10**32``) where exact evaluation of
    ``(3/2)**(2*s)`` would never finish.  Sums must already be in closed form.
    """
    import mpmath

    from .numeric import resolve_branches

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
):
    """Search for a point where ``expr`` is certainly nonzero (or, with ``negative``, < 0).

    Returns ``(point, PointValue, tested)`` for the first counterexample, or
    ``(None, None, tested)`` with the number of points that passed.
    """
    tested = 0
    for point in sample_points(symbols, where, n=n, hints=hints):
        if deadline is not None and deadline.expired():
            break
        try:
            pv = value_at(expr, point, digits)
        except (ZeroDivisionError, ValueError, TypeError):
            continue
        if pv.value in (sp.nan, sp.zoo, sp.oo, -sp.oo):
            continue
        tested += 1
        bad = pv.is_certainly_negative(digits) if negative else pv.is_certainly_nonzero(digits)
        if bad:
            return point, pv, tested
    return None, None, tested


def show_point(point: dict) -> dict[str, str]:
    return {str(k): str(v) for k, v in sorted(point.items(), key=lambda kv: str(kv[0]))}
