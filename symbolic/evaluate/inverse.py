"""Formulas defined as the inverse of another formula in one of its parameters.

Example: ``privacy/gdp-epsilon`` is the ε solving ``gdp-delta(mu, eps) = delta``.
An :class:`Inverse` spec turns the forward formula's verified evaluator into an
evaluator for the inverse (bracketing + bisection/Anderson at the working
precision), and tells certified evaluation how to enclose the root: the answer
is ``[x_lo, x_hi]`` with ``forward(x_lo)`` and ``forward(x_hi)`` certified on
either side of the target.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import mpmath
import sympy as sp

from ..errors import EvaluationError
from ..exact_numbers import mpf_to_rational
from .roots import solve_monotone

#: Guard digits of the root finder's forward evaluations when the forward does not cancel.
GUARD_DIGITS = 10
#: Most guard digits :func:`_guard_digits` gives a forward that cancels (digits lost beyond
#: this many make the proposal wrong; the caller's validation then refuses or retries).
MAX_GUARD_DIGITS = 640


@dataclass(frozen=True)
class Inverse:
    """``x = inverse(target)``: the smallest ``x >= lower`` with ``forward(x) <= target``.

    ``forward`` is strictly decreasing in its parameter ``solve_for`` on
    ``[lower, ∞)`` (e.g. δ(ε) of a GDP mechanism).  The inverse formula's
    parameters are the forward's other parameters plus ``target``.  When
    ``forward(lower) <= target`` the answer is ``lower`` itself (e.g. ε = 0 when
    δ(0) is already below the target): the convention must be stated in the
    inverse formula's docstring/title.
    """

    #: The forward :class:`~symbolic.Formula` (typed loosely: the formula module imports this one).
    forward: Any
    solve_for: str
    target: str
    lower: sp.Basic = sp.S.Zero
    #: Optional faster algorithm ``(values, dps) -> mpf`` for the same root (a Newton iteration
    #: specific to the forward): it replaces :meth:`evaluator` as the value and as the proposal
    #: the certified bracket is built around, which still validates it.
    algorithm: Callable[[Mapping[str, sp.Rational], int], mpmath.mpf] | None = None

    @property
    def proposal(self) -> Callable[[Mapping[str, sp.Rational], int], mpmath.mpf]:
        """The inverse's evaluator: :attr:`algorithm` when given, else :meth:`evaluator`."""
        return self.algorithm if self.algorithm is not None else self.evaluator

    def forward_values(self, values: Mapping[str, sp.Rational]) -> dict:
        return {n: v for n, v in values.items() if n != self.target}

    # -- the evaluation protocol (symbolic.evaluate.methods) ----------------------------
    def value(self, formula: Any, exact: Mapping[str, Any], dps: int) -> Any:
        return formula.evaluation_at(exact, dps)

    def ball(self, formula: Any, exact: Mapping[str, Any], prec: int) -> Any:
        from .inverse_enclosure import enclose_inverse

        return enclose_inverse(formula, dict(exact), prec).ball(prec + 64)

    def evaluator(self, values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
        """Evaluate the inverse at the current mpmath precision (called inside the Ziv loop) by
        :func:`symbolic.solve_monotone`, deciding signs on forward runs checked at rising guard digits."""
        fixed = self.forward_values(values)
        target = mpmath.mpf(int(values[self.target].p)) / int(values[self.target].q)
        wp = mpmath.mp.dps
        fwd = self.forward._compiled  # the verified forward evaluator (exact branch choice)
        sym = {p.name: p.symbol for p in self.forward.params}

        fixed_exact = {sym[n]: v for n, v in fixed.items()}
        guard = [GUARD_DIGITS]

        def forward_at(x, digits: int) -> mpmath.mpf:
            exact = dict(fixed_exact)
            exact[sym[self.solve_for]] = _exact(x)
            with mpmath.workdps(digits):
                return fwd.once(exact)

        def g_checked(x) -> mpmath.mpf:
            # The bracketing decides on signs, where the forward may have lost every digit
            # (θ_ε(r) at r = 1e-100 is exactly 0 at 10 guard digits, and again at 20).  The sign
            # counts once runs at wp + guard and wp + 2·guard digits differ by less than half
            # their distance to the target, and a forward of exactly 0 only if it is still 0
            # with MAX_GUARD_DIGITS guard digits; else the guard doubles.  The guard two nonzero
            # runs agreed at is kept for later calls; one where the first run was still 0 is not
            # (a point far from the root, whose tiny forward needs hundreds of digits only to
            # show that it is below the target, must not slow every later call).
            local = guard[0]
            while True:
                a = forward_at(x, wp + local)
                if local >= MAX_GUARD_DIGITS:
                    return a - target
                b = forward_at(x, wp + 2 * local)
                if a == b == 0:
                    if forward_at(x, wp + MAX_GUARD_DIGITS) == 0:
                        return -target
                elif ((a > target) == (b > target)) and 2 * abs(a - b) < abs(b - target):
                    if a != 0:
                        guard[0] = local
                    return b - target
                local *= 2

        lo = mpmath.mpf(sp.N(self.lower.subs(fixed_exact), wp + 5))

        def keep_guard(lo: mpmath.mpf, hi: mpmath.mpf) -> None:
            guard[0] = _guard_digits(forward_at, mpmath.sqrt(lo * hi) if lo > 0 else hi, wp, guard[0])

        return solve_monotone(
            lambda x: forward_at(x, wp + guard[0]),
            target,
            lower=lo,
            increasing=False,
            name=f"{self.forward.id} in {self.solve_for}",
            sign=g_checked,
            on_bracket=keep_guard,
            clamp=True,
            error=EvaluationError,
        )


def _guard_digits(forward_at, x: mpmath.mpf, wp: int, guard: int | None = None) -> int:
    """Guard digits that give the forward value at ``x`` about ``wp`` correct digits.

    The forward may cancel catastrophically near the root (θ_ε(r) of Asoodeh & Diaz is a
    difference of two Gaussian tails that agree to ~27 digits at r = 1e-25), so a fixed
    guard leaves the proposal wrong in its last digits and the certified bracket around it
    is rejected.  The loss is measured as the agreement of two runs at ``wp + guard`` and
    ``wp + 2·guard`` digits, the guard (starting at ``guard``) doubling until they agree to
    ``wp`` digits (at most :data:`MAX_GUARD_DIGITS`).  Heuristic, like every proposal: the
    outer precision loop or the Arb bracket validates the root.
    """
    guard = guard or GUARD_DIGITS
    while guard < MAX_GUARD_DIGITS:
        a, b = forward_at(x, wp + guard), forward_at(x, wp + 2 * guard)
        if a != 0 and abs(a - b) <= abs(b) * mpmath.mpf(10) ** (-wp):
            return guard
        guard *= 2
    return MAX_GUARD_DIGITS


def _exact(x: mpmath.mpf) -> sp.Rational:
    """The exact binary value of an mpf as a SymPy rational (no rounding)."""
    return mpf_to_rational(mpmath.mpf(x))  # (its mantissa as an int: with gmpy2, mpmath's is an mpz)
