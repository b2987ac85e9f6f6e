"""A declared bound's formula at one run: exact parameters, fast search values, certified balls.

The bound's mapping sends canonical run symbols to the formula's parameters; at a run they
become exact numbers (rationals, or algebraic numbers when a mapping takes a root, e.g.
σ = s·√(η/2)).  What is left free is the formula's output variable (α, ε or δ) and the
parameters the bound holds for every value of (``Bound.free``).

* :meth:`BoundAtRun.fast` — an mpmath function of the remaining variables, compiled once from
  the formula's verified evaluation expression with the run substituted (used only to
  *search*: every α, ε, δ or free value found is then re-evaluated below);
* :meth:`BoundAtRun.ball` — an Arb ball containing the exact value at exact values of the
  remaining variables, after every domain and hypothesis is decided exactly: the bound's own
  ``certifier`` when it declares one (an algorithm with a certified enclosure, which also takes
  algebraic parameters); for a formula computed by an algorithm (``evaluator=``) whose defining
  expression ``expr`` has an Arb translation, that expression itself (the definition the
  algorithm computes; :func:`derivations.privacy.certified.definition_ball`); else
  :meth:`symbolic.Formula.certify` (rational parameters) or :func:`symbolic.certify.enclose`
  of the verified evaluation expression (algebraic parameters).  A formula with none of these
  raises :class:`~symbolic.certify.NotCertifiable` and its row is labelled "not certified";
* :meth:`BoundAtRun.evaluate` — the same point through :meth:`symbolic.Formula.evaluate`
  (formulas with a custom evaluator have no compiled form and are searched through this).
"""

from __future__ import annotations

import mpmath
import sympy as sp

from derivations.privacy.certified import definition_ball, has_definition_ball
from symbolic.certify import bits_for_digits, enclose
from symbolic.certify.arb import endpoints
from symbolic.errors import HypothesisError, SymbolicError
from symbolic.exact_numbers import mpf_to_rational, parse_exact
from symbolic.hypotheses import UndecidedError, decide
from symbolic.evaluate.expressions import lambdify_mpmath, resolve_branches

from .run_description import Run


class NotEvaluable(SymbolicError):
    """The bound applies but its formula cannot be evaluated exactly at this run."""


def rational(x, digits: int | None = None) -> sp.Rational:
    """An mpmath number as an exact rational: exactly, or rounded to ``digits`` significant digits."""
    if not isinstance(x, mpmath.mpf):  # mpmath.mpf(x) of an mpf would round it to the current precision
        with mpmath.workdps(60):
            x = mpmath.mpf(x)
    if digits is not None:
        return parse_exact(mpmath.nstr(x, digits, strip_zeros=False), "rounded value")
    return mpf_to_rational(x)


def to_mpf(q) -> mpmath.mpf:
    q = sp.Rational(q)
    return mpmath.mpf(int(q.p)) / int(q.q)


class BoundAtRun:
    """``bound``'s formula with the run's values substituted (see the module docstring)."""

    def __init__(self, bound, run: Run):
        self.bound = bound
        self.formula = bound.formula
        subs = run.subs()
        self.params = {name: sp.sympify(expr).xreplace(subs) for name, expr in bound.mapping.items()}
        self.rational = all(v.is_Rational for v in self.params.values())
        self.variables = ([bound.output.at] if bound.output.at else []) + list(bound.free)
        self._fast = None

    # -- searching ----------------------------------------------------------------------
    def _composite(self) -> sp.Basic:
        f = self.formula
        known = {f.symbol(n): v for n, v in self.params.items()}
        expr = f.evaluation_expr.xreplace(known)
        if self.rational:
            expr = resolve_branches(f.evaluation_expr, {f.symbol(n): v for n, v in self.params.items()}).xreplace(known)
        return expr

    def fast(self):
        """mpmath function of ``self.variables`` (in that order) for searching; None when the
        formula has a custom evaluator (then :meth:`evaluate` is the search path).

        Compiled over the formula's own symbols with the run's values passed as mpmath numbers at
        call time (branches resolved exactly once): substituting them first would let SymPy expand
        e.g. (√2)^(2·10⁶) into a 300 000-digit integer literal that the code printer then writes out."""
        if self.formula.evaluator is not None:
            return None
        if self._fast is None:
            f = self.formula
            names = list(self.params)
            expr = resolve_branches(f.evaluation_expr, {f.symbol(n): v for n, v in self.params.items()})
            fn = lambdify_mpmath([f.symbol(n) for n in names + self.variables], expr)
            cache: dict[int, list] = {}

            def param_values():
                prec = mpmath.mp.prec
                if prec not in cache:
                    cache[prec] = [
                        to_mpf(v) if v.is_Rational else mpmath.mpf(sp.N(v, mpmath.mp.dps + 10))
                        for v in (self.params[n] for n in names)
                    ]
                return cache[prec]

            def call(*args):
                try:
                    v = fn(*param_values(), *args)
                except (ZeroDivisionError, ValueError, OverflowError, TypeError):
                    return mpmath.nan
                if isinstance(v, mpmath.mpc):
                    return mpmath.nan if abs(v.imag) > 0 else v.real
                return mpmath.mpf(v)

            self._fast = call
        return self._fast

    def search_value(self, **vars_):
        """The formula at ``vars_`` (mpmath values) for searching: the compiled form when there
        is one, else :meth:`evaluate` at the values made exact (NaN where a hypothesis fails)."""
        fn = self.fast()
        if fn is not None:
            return fn(*[mpmath.mpf(vars_[n]) for n in self.variables])
        try:
            return self.evaluate(mpmath.mp.dps, **{k: rational(v) for k, v in vars_.items()})
        except HypothesisError:
            return mpmath.nan

    # -- checked values -------------------------------------------------------------------
    def _check_irrational(self, values: dict) -> None:
        exact = {**self.params, **values}
        for hyp in self.formula.all_hypotheses():
            involved = {s: exact[s.name] for s in hyp.relation.free_symbols}
            try:
                ok = decide(hyp.relation, involved)
            except UndecidedError:
                raise HypothesisError(
                    self.formula.id,
                    hyp.text + " (could not be decided exactly)",
                    {str(k): v for k, v in involved.items()},
                ) from None
            if not ok:
                raise HypothesisError(self.formula.id, hyp.text, {str(k): v for k, v in involved.items()})

    @property
    def certifier(self):
        """The bound's declared certifier (exact values by parameter name, prec) -> ball, or None."""
        return getattr(self.bound, "certifier", None)

    def _by_definition(self) -> bool:
        """A custom-algorithm formula certified through its defining expression."""
        f = self.formula
        return f.evaluator is not None and f.inverse is None and has_definition_ball(f)

    def evaluate(self, dps: int = 30, **values) -> mpmath.mpf:
        """The formula at exact ``values`` of the remaining variables, hypotheses checked."""
        if self.certifier is not None:
            # a custom algorithm with a certified enclosure: its value is the ball's (one run of the
            # algorithm, no precision doubling; the certifier may reuse its search across orders α)
            return self._ball_midpoint(dps, values)
        if self.rational:
            return self.formula.evaluate(dps=dps, **self.params, **values)
        self._check_irrational(values)
        if self.formula.evaluator is not None and self._by_definition():
            # the algorithm takes exact rationals; at algebraic parameters its value is the certified ball's
            return self._ball_midpoint(dps, values)
        self._require_closed_form()
        with mpmath.workdps(dps + 10):
            return +self.fast()(*[to_mpf(values[n]) for n in self.variables])

    def _ball_midpoint(self, dps: int, values: dict) -> mpmath.mpf:
        lo, hi = endpoints(self.ball(bits_for_digits(dps) + 10, **values))
        with mpmath.workdps(dps + 10):
            return (mpmath.mpf(lo.numerator) / lo.denominator + mpmath.mpf(hi.numerator) / hi.denominator) / 2

    def ball(self, prec: int, **values):
        """Arb ball containing the exact value at exact ``values`` (hypotheses checked exactly)."""
        f = self.formula
        if self.certifier is not None or self._by_definition():
            self.check(**values)
            exact = {**self.params, **{k: sp.Rational(v) for k, v in values.items()}}
            if self.certifier is not None:
                return self.certifier(exact, prec)
            return definition_ball(f, exact, prec)
        if self.rational:
            return f.certify(prec, **self.params, **values)
        self._check_irrational(values)
        self._require_closed_form()
        syms = {f.symbol(n): sp.Rational(values[n]) for n in self.variables}
        return enclose(resolve_branches(self._composite(), syms), syms, prec, f.id)

    def _require_closed_form(self) -> None:
        if self.formula.evaluator is not None:
            irrational = {k: v for k, v in self.params.items() if not v.is_Rational}
            raise NotEvaluable(
                f"{self.formula.id} is computed by a custom algorithm, which takes exact rationals, and this run "
                "maps its parameter(s) "
                + ", ".join(f"{k} = {v}" for k, v in irrational.items())
                + " to irrational values; it is not evaluated rather than rounded in an unknown direction"
            )

    def check(self, **values) -> None:
        """Raise :class:`HypothesisError` if a domain or hypothesis fails at ``values``."""
        if self.rational:
            self.formula.check(**self.params, **values)
        else:
            self._check_irrational(values)
