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
        if symbol.is_positive:
            pool = pos
        elif symbol.is_nonnegative:
            pool = [sp.Integer(0)] + pos
        elif symbol.is_negative:
            pool = [-v for v in pos]
        elif symbol.is_nonpositive:
            pool = [sp.Integer(0)] + [-v for v in pos]
        else:
            pool = [sp.Integer(0)] + pos + [-v for v in pos[:4]]
    elif symbol.is_positive:
        pool = list(_POSITIVE)
    elif symbol.is_nonnegative:
        pool = [sp.Integer(0)] + _POSITIVE
    elif symbol.is_negative:
        pool = [-v for v in _POSITIVE]
    elif symbol.is_nonpositive:
        pool = [sp.Integer(0)] + [-v for v in _POSITIVE]
    else:
        pool = [sp.Integer(0)] + _POSITIVE + [-v for v in _POSITIVE[::2]]
    return [v for v in pool if admits(symbol, v)]


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
        if not all(admits(s, point[s]) for s in symbols):
            return False
        try:
            # decide: exact, else the certified sign of an Arb ball of the difference (never a rounded value)
            return all(decide(w, point) for w in where)
        except UndecidedError:
            return False

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
