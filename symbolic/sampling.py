"""Exact sample points in a claim's domain, for counterexample search and CHECKED evidence.

Points are exact rationals drawn from per-type candidate sets (the assumptions of
each symbol decide the set), filtered by the claim's ``where`` conditions decided
exactly.  The generator is seeded, so a verdict's evidence is reproducible.
"""

from __future__ import annotations

import itertools
import random
from typing import Iterable, Iterator, Sequence

import sympy as sp

from .hypotheses import UndecidedError, decide

R = sp.Rational
_POSITIVE = [
    R(1, 10),
    R(1, 3),
    R(1, 2),
    R(2, 3),
    R(9, 10),
    R(1),
    R(11, 10),
    R(5, 4),
    R(3, 2),
    R(2),
    R(5, 2),
    R(3),
    R(7, 2),
    R(5),
    R(10),
    R(37, 3),
]
_NATURAL = [1, 2, 3, 4, 5, 6, 7, 9]


def candidates(symbol: sp.Symbol) -> list[sp.Rational]:
    """The candidate values for one symbol, from its SymPy assumptions (sign and integrality choose the
    set; any other assumption, ``nonzero``, ``odd``, ``prime``, ..., is enforced by :func:`admits`)."""
    if symbol.is_integer:
        pos = [sp.Integer(v) for v in _NATURAL]
        pool = _signed_pool(symbol, pos, pos[:4])
    else:
        pool = _signed_pool(symbol, list(_POSITIVE), _POSITIVE[::2])
    return [v for v in pool if admits(symbol, v)]


def _signed_pool(symbol: sp.Symbol, positive: list, negated_when_unsigned: list) -> list[sp.Rational]:
    """The pool for ``symbol``'s declared sign, from the positive values (negated, and with 0, as the sign
    asks); a symbol of no declared sign gets 0, the positives and the negatives of ``negated_when_unsigned``."""
    zero = [sp.Integer(0)]
    if symbol.is_positive:
        return list(positive)
    if symbol.is_nonnegative:
        return zero + positive
    if symbol.is_negative:
        return [-v for v in positive]
    if symbol.is_nonpositive:
        return zero + [-v for v in positive]
    return zero + positive + [-v for v in negated_when_unsigned]


def admits(symbol: sp.Symbol, value: sp.Rational) -> bool:
    """Whether the exact ``value`` satisfies every assumption declared on ``symbol``: not only the sign
    and integrality the candidate sets are built from, but ``negative``, ``nonpositive``, ``nonzero``,
    ``even``, ``odd``, ``prime``, ``irrational``, ...  A point outside the declared domain is no
    evidence about the claim, and a counterexample there refutes nothing (``exp(x) < 1`` for a
    negative ``x`` "fails" at ``x = 5``)."""
    return all(getattr(value, f"is_{key}", None) is held for key, held in symbol.assumptions0.items())


def sample_points(
    symbols: Sequence[sp.Symbol],
    where: Iterable = (),
    n: int = 30,
    seed: int = 0,
    hints: Iterable[dict] = (),
    candidate_map: dict | None = None,
) -> Iterator[dict]:
    """Yield up to ``n`` distinct points (Symbol -> Rational) satisfying ``where``.

    ``hints`` are tried first (still filtered by the domain), then random
    combinations; ``candidate_map`` overrides the candidate set of a symbol.
    """
    symbols = sorted(set(symbols), key=lambda s: s.name)
    where = [sp.sympify(w) for w in where]
    pools = {s: (candidate_map or {}).get(s) or candidates(s) for s in symbols}
    seen: set = set()
    count = 0

    def admissible(point: dict) -> bool:
        return in_domain(point, symbols, where)

    def fresh(point: dict) -> bool:
        key = tuple(point[s] for s in symbols)
        if key in seen:
            return False
        seen.add(key)
        return True

    for hint in hints:
        point = {s: sp.Rational(hint[s]) if s in hint else pools[s][0] for s in symbols}
        if admissible(point) and fresh(point):
            count += 1
            yield point
    rng = random.Random(seed)
    total = 1
    for s in symbols:
        total *= len(pools[s])
    if total <= 4 * n:
        combos: Iterable = itertools.product(*(pools[s] for s in symbols))
        combos = list(combos)
        rng.shuffle(combos)
    else:
        combos = (tuple(rng.choice(pools[s]) for s in symbols) for _ in range(60 * n))
    for combo in combos:
        if count >= n:
            return
        point = dict(zip(symbols, combo))
        if admissible(point) and fresh(point):
            count += 1
            yield point


def in_domain(point: dict, symbols: Iterable[sp.Symbol], where: Iterable = ()) -> bool:
    """Whether ``point`` satisfies every declared assumption of ``symbols`` and every ``where`` relation,
    decided exactly or by a certified Arb sign (:func:`symbolic.hypotheses.decide`); undecided is no."""
    if not all(admits(s, point[s]) for s in symbols):
        return False
    try:
        return all(decide(w, point) for w in where)
    except UndecidedError:
        return False


# ---------------------------------------------------------------------------------------------
# Beyond the random sample: where a false claim hides from it


#: Integer values far beyond the candidates (a closed form that agrees for n ≤ 9 only: binomial(n, 10) = 0;
#: (1 + 1/n)^n < 2.718 fails only past n ≈ 3600).  Beyond 100 they are decided by interval arithmetic only.
_EXTREME_INTEGERS = (10, 11, 12, 20, 100, 10**4, 10**6)
#: Real magnitudes far beyond the candidates (log x < 25 fails past e^25; sin x ≤ 0.9999 x fails near 0).
_EXTREME_REALS = (R(1, 10**15), R(1, 10**6), R(10**6), R(10**15))


def _extra_point_setting(symbols, where, base):
    """(symbols sorted by name, ``where`` sympified, ``base``, by default the first sample point) for
    :func:`extreme_points` and :func:`critical_points`; None when the domain yields no sample point."""
    symbols = sorted(set(symbols), key=lambda s: s.name)
    where = [sp.sympify(w) for w in where]
    if base is None:
        base = next(sample_points(symbols, where, n=1), None)
        if base is None:
            return None
    return symbols, where, base


def extreme_points(symbols: Sequence[sp.Symbol], where: Iterable = (), base: dict | None = None) -> Iterator[dict]:
    """Points of the domain far from the candidate values: the corner where every symbol is at its
    candidate of least magnitude (``x = y = 0`` for ``x² + y² > 0``), then each symbol in turn at large
    and tiny magnitudes (:data:`_EXTREME_INTEGERS`, :data:`_EXTREME_REALS`, negated where the domain
    allows) with the others at ``base`` (default: the first sample point).  Evaluate them without exact
    powers of huge numbers (``2**(2**x)`` at ``x = 10**15`` has no exact value worth computing)."""
    prepared = _extra_point_setting(symbols, where, base)
    if prepared is None:
        return
    symbols, where, base = prepared
    pools = {s: candidates(s) for s in symbols}
    if not all(pools.values()):
        return
    seen = set()
    corner = {s: min(pools[s], key=abs) for s in symbols}
    todo = [corner]
    for s in symbols:
        values = _EXTREME_INTEGERS if s.is_integer else _EXTREME_REALS
        for v in values:
            for signed in (sp.Integer(v) if s.is_integer else v, -(sp.Integer(v) if s.is_integer else v)):
                todo.append({**base, s: signed})
        if s.is_extended_real and s.is_finite is not True:
            # a symbol declared extended_real takes ±∞ too (exp(x) > 0 fails at x = −∞)
            todo += [{**base, s: sp.oo}, {**base, s: -sp.oo}]
    for point in todo:
        key = tuple(point[s] for s in symbols)
        if key in seen or not in_domain(point, symbols, where):
            continue
        seen.add(key)
        yield point


def critical_points(
    expr: sp.Basic, symbols: Sequence[sp.Symbol], where: Iterable = (), base: dict | None = None, limit: int = 24
) -> Iterator[dict]:
    """Exact rational points of the domain at (or within 10⁻²⁰ on both sides of) the real roots, poles
    and critical points of ``expr`` in one symbol, the others at ``base``: where a rational function
    that is positive at every random point touches 0 (``(x − 1/7)² > 0``) or dives to a pole
    (``1/(x² − 2) ≥ −10`` just below √2).  Only for a rational function of that symbol with rational
    coefficients and degree ≤ 12 (real root isolation is exact there); nothing otherwise."""
    prepared = _extra_point_setting(symbols, where, base)
    if prepared is None:
        return
    symbols, where, base = prepared
    count = 0
    seen = set()
    for s in symbols:
        rest = {k: v for k, v in base.items() if k != s}
        try:
            e = sp.sympify(expr).xreplace(rest)
            if e.free_symbols != {s} or not e.is_rational_function(s):
                continue
            num, den = sp.fraction(sp.together(e))
            dnum = sp.fraction(sp.together(sp.diff(e, s)))[0]
            polys = [sp.Poly(p, s) for p in (num, den, dnum)]
        except (sp.PolynomialError, TypeError, ValueError, NotImplementedError):
            continue
        for poly in polys:
            if poly.degree() < 1 or poly.degree() > 12 or not all(c.is_Rational for c in poly.all_coeffs()):
                continue
            try:
                intervals = poly.intervals(eps=R(1, 10**20))
            except (sp.PolynomialError, NotImplementedError, ValueError):
                continue
            for (lo, hi), _mult in intervals:
                for v in (lo,) if lo == hi else (lo, hi, (lo + hi) / 2):
                    point = {**base, s: sp.Rational(v)}
                    key = tuple(point[t] for t in symbols)
                    if key in seen or not in_domain(point, symbols, where):
                        continue
                    seen.add(key)
                    count += 1
                    yield point
                    if count >= limit:
                        return
