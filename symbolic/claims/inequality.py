"""Inequality claims: PROVED only symbolically, otherwise CHECKED on a stated sample."""

from __future__ import annotations

import functools
from typing import Iterable, Mapping

import mpmath
import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..obligations import definedness
from ..proving import prove_zero, show_point, value_at
from ..sampling import critical_points, extreme_points, sample_points
from ..sign import manifestly_nonnegative, manifestly_positive
from ..verdict import Status, Verdict, shown
from .base import Claim, free_symbols, named_points
from .monotone import prove_by_decrease, prove_by_increase, prove_by_tangent

_RELATIONS = {">=": (1, False), ">": (1, True), "<=": (-1, False), "<": (-1, True)}


class Inequality(Claim):
    """``lhs rel rhs`` (``rel`` in ``>=, >, <=, <``) on the domain.

    PROVED when both sides are defined on the whole domain (obligations, :mod:`symbolic.obligations`)
    and the difference ``d`` (oriented so the claim is ``d >= 0``) is
    manifestly nonnegative after simplification (see :mod:`symbolic.sign`), or
    when a supplied ``certificate`` is proved equal to ``d`` and is itself
    manifestly nonnegative, or (``decreasing_in=x``) when the difference decreases strictly
    in ``x`` towards a nonnegative limit at ``x → ∞``, or (``increasing_in=x``, ``x ≥ 0`` or ``x > 0``)
    when it does not decrease in ``x`` from a nonnegative value (limit) at ``x = 0``, or
    (``minimum_at=(x, x0)``) when it is
    convex in ``x`` and stationary at ``x0`` with a nonnegative value there
    (:mod:`symbolic.claims.monotone`), or (``parts=[(factor, expr, hints), ...]``) when it is
    proved equal to ``Σ factor·expr`` with every ``factor`` manifestly nonnegative and every
    ``expr ≥ 0`` proved as an inequality of its own (``hints``: its keyword arguments, e.g.
    ``certificate=``, ``increasing_in=``); for a strict claim every factor must be manifestly
    positive and every ``expr > 0``.
    Otherwise ``samples`` points of the domain are
    evaluated, exactly when the value is rational and with mpmath interval
    arithmetic otherwise: a certainly violated point REFUTES; if every point
    holds the verdict is CHECKED with the sample size recorded.
    """

    kind = "inequality"

    def __init__(
        self,
        id,
        lhs,
        rel: str,
        rhs,
        statement,
        source,
        *,
        where: Iterable = (),
        certificate=None,
        hints: Iterable[dict] = (),
        samples: int = 40,
        decreasing_in: sp.Symbol | None = None,
        minimum_at: tuple | None = None,
        increasing_in: sp.Symbol | None = None,
        parts: Iterable[tuple] = (),
        **kw,
    ):
        super().__init__(id, statement, source, **kw)
        if rel not in _RELATIONS:
            raise ValueError(f"{id}: relation must be one of {list(_RELATIONS)}")
        orient, self.strict = _RELATIONS[rel]
        self.lhs, self.rhs, self.rel = sp.sympify(lhs), sp.sympify(rhs), rel
        self.difference = orient * (self.lhs - self.rhs)
        self.where = tuple(sp.sympify(w) for w in where)
        self.certificate = None if certificate is None else sp.sympify(certificate)
        self.symbols = free_symbols(self.difference, *self.where)
        self.hints = named_points(hints, self.symbols)
        self.samples = samples
        #: A symbol in which the difference is expected to decrease strictly towards a nonnegative
        #: limit at +∞: :func:`~symbolic.claims.monotone.prove_by_decrease` is tried first.
        self.decreasing_in = decreasing_in
        #: ``(x, x0)``: the difference is expected convex in ``x`` with its minimum at ``x0``:
        #: :func:`~symbolic.claims.monotone.prove_by_tangent` is tried first.
        self.minimum_at = None if minimum_at is None else (minimum_at[0], sp.sympify(minimum_at[1]))
        #: A symbol (``≥ 0`` or ``> 0``) in which the difference is expected not to decrease from a nonnegative
        #: value at 0: :func:`~symbolic.claims.monotone.prove_by_increase` is tried first.
        self.increasing_in = increasing_in
        #: ``(factor, expr, hints)`` triples whose ``Σ factor·expr`` is the difference (see the class docstring).
        self.parts = tuple((sp.sympify(f), sp.sympify(e), dict(h)) for f, e, h in parts)

    def _obligations(self):
        """Both sides (and a certificate) defined on the whole domain."""
        exprs = [self.lhs, self.rhs] + ([self.certificate] if self.certificate is not None else [])
        return definedness(exprs, self.obligation_domain())

    def _manifest(self, e) -> bool:
        return manifestly_positive(e) if self.strict else manifestly_nonnegative(e)

    def _symbolic(self, deadline) -> str | None:
        if self.decreasing_in is not None:
            method = prove_by_decrease(self.difference, self.decreasing_in, deadline)
            if method:
                return method
        if self.increasing_in is not None:
            method = prove_by_increase(self.difference, self.increasing_in, deadline, strict=self.strict)
            if method:
                return method
        if self.parts:
            method = self._by_parts(deadline)
            if method:
                return method
        if self.minimum_at is not None:
            method = prove_by_tangent(self.difference, *self.minimum_at, deadline, strict=self.strict)
            if method:
                return method
        if self.certificate is not None:
            if self._manifest(self.certificate) and prove_zero(self.difference - self.certificate, deadline).proved:
                return "inequality: difference equals a manifestly nonnegative certificate"
        d = self.difference
        simplified: list[sp.Basic] = []  # simplify(d) once: "factor(simplify)" starts from the "simplify" form

        def simplify(e):
            if not simplified:
                simplified.append(sp.simplify(e))
            return simplified[0]

        for name, fn in (
            ("as stated", lambda e: e),
            ("factor", lambda e: sp.factor(sp.together(e))),
            ("simplify", simplify),
            ("factor(simplify)", lambda e: sp.factor(simplify(e))),
        ):
            if deadline.expired():
                break
            try:
                form = fn(d)
            except (NotImplementedError, TypeError, ValueError):
                continue
            if self._manifest(form):
                return f"inequality: {name} form of the difference is manifestly nonnegative"
        return None

    def _by_parts(self, deadline) -> str | None:
        """A method string if the difference is proved equal to ``Σ factor·expr`` with each factor manifestly
        nonnegative (positive) and each ``expr ≥ 0`` (``> 0``) proved symbolically, else None."""
        if not all(self._manifest(f) for f, _, _ in self.parts):
            return None
        total = sp.Add(*(f * e for f, e, _ in self.parts))
        if not prove_zero(self.difference - total, deadline).proved:
            return None
        proofs, rel = [], ">" if self.strict else ">="
        for i, (factor, expr, hints) in enumerate(self.parts, 1):
            method = Inequality(f"{self.id}/part-{i}", expr, rel, 0, "", self.source, **hints)._symbolic(deadline)
            if not method:
                return None
            proofs.append(f"({i}) {sp.sstr(factor)[:40]} × [{method.removeprefix('inequality: ')}]")
        return (
            f"inequality: the difference equals a sum of {len(self.parts)} parts factor × expr, every factor "
            f"manifestly {'positive' if self.strict else 'nonnegative'}, every expr proved {rel} 0: "
            + "; ".join(proofs)
        )

    def _check(self, deadline: Deadline) -> Verdict:
        reason = ""
        if self.hints:
            # A hinted counterexample is certain on its own: check it before the symbolic attempt.
            verdict = self._sample(deadline, "hinted point checked before any symbolic attempt", len(self.hints))
            if verdict.status is Status.REFUTED:
                return verdict
        try:
            method = deadline.isolated(0.6, self._symbolic)
            if method:
                return Verdict(Status.PROVED, method, f"difference = {sp.sstr(self.difference)[:200]}")
            reason = "no manifestly nonnegative form found"
        except PhaseTimeout:
            reason = "symbolic attempt ran out of its share of the budget"
        return self._sample(deadline, reason)

    def _sample(self, deadline: Deadline, reason: str, n: int | None = None) -> Verdict:
        tested, exact_count, interval_count, digits_count, inconclusive, extra_tested = 0, 0, 0, 0, 0, 0
        for point in sample_points(self.symbols, self.where, n=self.samples if n is None else n, hints=self.hints):
            deadline.check_hang()
            verdict = self._decide_point(point)
            if verdict is None:
                inconclusive += 1
                continue
            holds, how, value = verdict
            tested += 1
            exact_count += how == "exact"
            interval_count += how == "interval"
            digits_count += how == "50-digit"
            if not holds:
                return self._counterexample(point, how, value)
        if tested and n is None:
            # where a random sample rarely lands: roots, poles and critical points of a rational difference,
            # then huge and tiny magnitudes (decided by interval arithmetic only: no exact huge powers)
            base = next(sample_points(self.symbols, self.where, n=1), None)
            extra = [(p, self._decide_point) for p in critical_points(self.difference, self.symbols, self.where, base)]
            extra += [
                (p, self._decide_point if any(v.is_infinite for v in p.values()) else self._decide_by_interval)
                for p in extreme_points(self.symbols, self.where, base)
            ]
            for point, decide_at in extra:  # a fixed set (≤ 24 + 9 per symbol): the evidence never depends on time
                deadline.check_hang()
                verdict = decide_at(point)
                if verdict is None:
                    continue
                holds, how, value = verdict
                extra_tested += 1
                if not holds:
                    return self._counterexample(point, how, value, where=", at a root, pole or extreme point")
        if tested:
            more = f"; {extra_tested} more at roots, poles, extremes" if extra_tested else ""
            return Verdict(
                Status.CHECKED,
                f"sampled {tested} points ({exact_count} exact, {interval_count} interval, {digits_count} 50-digit)"
                + more,
                f"not proved symbolically ({reason}); holds at all {tested} sample points"
                + (f"; {inconclusive} points undecided" if inconclusive else ""),
            )
        return Verdict(Status.UNKNOWN, "no sample point could be decided", reason)

    def _counterexample(self, point, how: str, value, where: str = "") -> Verdict:
        """REFUTED at ``point``, where the difference ``value`` was decided by ``how`` arithmetic."""
        return Verdict(
            Status.REFUTED,
            f"counterexample ({how} arithmetic{where})",
            f"{self.lhs} {self.rel} {self.rhs} fails at {show_point(point)}: difference = {shown(value)}",
            counterexample=show_point(point),
            details={"difference": value},
        )

    def _decide_by_interval(self, point):
        """(holds, 'interval', value) from a rigorous enclosure only, or None (for points of huge magnitude,
        where exact arithmetic could build numbers of astronomically many digits)."""
        lo, hi = interval_bounds(self.difference, point)
        if lo is None or hi is None:
            return None
        shown_value = f"[{mpmath.nstr(lo, 8)}, {mpmath.nstr(hi, 8)}]"
        if lo > 0 or (lo >= 0 and not self.strict):
            return True, "interval", shown_value
        if hi < 0 or (hi <= 0 and self.strict):
            return False, "interval", shown_value
        return None

    def _decide_point(self, point):
        """(holds, 'exact'|'interval'|'50-digit', value), or None if undecidable at this point.

        Cheapest certain answer first: an exact rational after substitution, then an interval
        enclosure (or, for special functions without one, a 50-digit value far from 0
        compared with the working precision), and only then ``simplify`` of the substituted
        difference (seconds with a few exp/log terms) for a value that becomes rational only
        when simplified."""
        pv = value_at(self.difference, point, 50, simplify=False)
        if not pv.exact:
            lo, hi = interval_bounds(self.difference, point)
            if lo is not None and hi is not None:  # both or neither
                if lo > 0 or (lo >= 0 and not self.strict):
                    return True, "interval", f"[{mpmath.nstr(lo, 8)}, {mpmath.nstr(hi, 8)}]"
                if hi < 0 or (hi <= 0 and self.strict):
                    return False, "interval", f"[{mpmath.nstr(lo, 8)}, {mpmath.nstr(hi, 8)}]"
            else:
                v = pv.value
                if not (v.is_real and v.is_finite):
                    return None
                if pv.is_certainly_negative(50):
                    return False, "50-digit", v
                if pv.is_certainly_nonzero(50):
                    return True, "50-digit", v
            pv = value_at(self.difference, point, 50)
        if pv.exact:
            v = pv.value
            return (v > 0 if self.strict else v >= 0), "exact", v
        return None  # too close to 0 to decide without an exact value or an enclosure


def interval_bounds(
    expr: sp.Basic, point: Mapping[sp.Symbol, sp.Rational], dps: int = 50
) -> tuple[mpmath.mpf, mpmath.mpf] | tuple[None, None]:
    """Rigorous enclosure [lo, hi] of ``expr`` at an exact point (mpmath ``iv``), or (None, None).

    The evaluated expression and its compiled interval function are kept for the next point
    (:func:`_evaluated`, :func:`_interval_function`): a sampled claim asks for the same
    expression at every point, and ``lambdify`` (printing and compiling it) cost more than
    the interval evaluation itself."""
    e, syms = _evaluated(sp.sympify(expr))
    if not set(syms) <= set(point):
        return None, None
    try:
        fn = _interval_function(e, syms)
        saved = mpmath.iv.prec
        mpmath.iv.dps = dps
        try:
            args = [mpmath.iv.mpf(int(point[s].p)) / int(point[s].q) for s in syms]
            val = fn(*args)
            if isinstance(val, int):
                val = mpmath.iv.mpf(val)
            if not hasattr(val, "_mpi_"):
                return None, None
            lo, hi = val._mpi_  # raw endpoints: converting through decimals could round inwards
            return mpmath.mp.make_mpf(lo), mpmath.mp.make_mpf(hi)
        finally:
            mpmath.iv.prec = saved
    except (TypeError, ValueError, ZeroDivisionError, NameError, AttributeError):
        return None, None


@functools.lru_cache(maxsize=32)
def _evaluated(expr: sp.Basic) -> tuple[sp.Basic, tuple]:
    """``expr.doit()`` and its free symbols, sorted by name."""
    e = expr.doit()
    return e, tuple(sorted(e.free_symbols, key=lambda s: s.name))


@functools.lru_cache(maxsize=32)
def _interval_function(e: sp.Basic, syms: tuple):
    """``e`` compiled for mpmath's interval context (a failure is raised again at every call, never
    cached).  The generated code reads no global precision: the caller sets ``iv.dps`` per call."""
    return sp.lambdify(list(syms), e, modules=[_iv_namespace(), "mpmath"])


def _iv_namespace() -> dict:
    iv = mpmath.iv
    return {
        "mpf": iv.mpf,
        "exp": iv.exp,
        "log": iv.log,
        "sqrt": iv.sqrt,
        "sin": iv.sin,
        "cos": iv.cos,
        "pi": iv.pi,
        "e": iv.e,
        "expm1": lambda x: iv.exp(x) - 1,
        "log1p": lambda x: iv.log(1 + x),
    }
