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
from typing import TYPE_CHECKING, Mapping

import mpmath
import sympy as sp

from .errors import EvaluationError

if TYPE_CHECKING:  # pragma: no cover
    from .formula import Formula


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

    forward: "Formula"
    solve_for: str
    target: str
    lower: sp.Basic = sp.S.Zero

    def forward_values(self, values: Mapping[str, sp.Rational]) -> dict:
        return {n: v for n, v in values.items() if n != self.target}

    def evaluator(self, values: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
        """Evaluate the inverse at the current mpmath precision (called inside the Ziv loop)."""
        fixed = self.forward_values(values)
        target = mpmath.mpf(int(values[self.target].p)) / int(values[self.target].q)
        wp = mpmath.mp.dps
        fwd = self.forward._compiled  # the verified forward evaluator (exact branch choice)
        sym = {p.name: p.symbol for p in self.forward.params}

        def g(x) -> mpmath.mpf:
            exact = {sym[n]: v for n, v in fixed.items()}
            exact[sym[self.solve_for]] = _exact(x)
            # One run at the working precision: the caller's precision loop (or the certified
            # Arb bracket built around the result) is what validates the root.
            with mpmath.workdps(wp + 10):
                return fwd.once(exact) - target

        lo = mpmath.mpf(sp.N(self.lower.subs({sym[n]: v for n, v in fixed.items()}), wp + 5))
        if g(lo) <= 0:
            return lo
        hi = max(lo + 1, 2 * abs(lo))
        # Doubling, then squaring once past 2^64, so a root at 1e500 (eq-23 at σ = 1e-250)
        # is bracketed in about 75 steps.
        for _ in range(4 * wp + 200):
            if g(hi) < 0:
                break
            lo, hi = hi, (2 * hi if hi < mpmath.mpf(2) ** 64 else hi * hi)
        else:
            raise EvaluationError(f"{self.forward.id}: could not bracket the inverse in {self.solve_for}")
        while lo > 0 and hi > 4 * lo:  # geometric bisection down to a bracket of ratio 4
            mid = mpmath.sqrt(lo * hi)
            if g(mid) > 0:
                lo = mid
            else:
                hi = mid
        # A bracketing solver keeps the root inside [lo, hi]; bisection is the fallback.
        # With a positive target and a positive forward value at hi (so on all of [lo, hi],
        # forward being decreasing) the solver works on log forward − log target: the forward
        # value spans many orders of magnitude when the target is tiny (δ = 1e-50), where the
        # linear residual is flat and sends the solver to an end of the bracket.
        tolerance = mpmath.mpf(2) ** (16 - mpmath.mp.prec)
        if target > 0 and g(hi) + target > 0:
            log_target = mpmath.log(target)
            residual = lambda x: mpmath.log(g(x) + target) - log_target  # noqa: E731
            accept = lambda r: abs(residual(r)) <= tolerance  # noqa: E731
        else:
            residual = g
            # findroot verifies |g| against an absolute tolerance: accept the root only if the
            # residual is small *relative to the target*.
            accept = lambda r: abs(g(r)) <= abs(target) * tolerance  # noqa: E731
        try:
            root = mpmath.findroot(residual, (lo, hi), solver="anderson")
            if lo <= root <= hi and accept(root):
                return root
        except (ValueError, ZeroDivisionError):
            pass
        for _ in range(mpmath.mp.prec + 64):
            mid = (lo + hi) / 2
            if mid in (lo, hi):
                break
            if g(mid) > 0:
                lo = mid
            else:
                hi = mid
        return hi


def _exact(x: mpmath.mpf) -> sp.Rational:
    """The exact binary value of an mpf as a SymPy rational (no rounding)."""
    man, exp = mpmath.mpf(x).man_exp
    return sp.Integer(man) * sp.Integer(2) ** exp if exp >= 0 else sp.Rational(man, 2**-exp)
