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
from .exact import mpf_to_rational

#: Guard digits of the root finder's forward evaluations when the forward does not cancel.
GUARD_DIGITS = 10
#: Most guard digits :func:`_guard_digits` gives a forward that cancels (digits lost beyond
#: this many make the proposal wrong; the caller's validation then refuses or retries).
MAX_GUARD_DIGITS = 640

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

        fixed_exact = {sym[n]: v for n, v in fixed.items()}
        guard = [GUARD_DIGITS]

        def forward_at(x, digits: int) -> mpmath.mpf:
            exact = dict(fixed_exact)
            exact[sym[self.solve_for]] = _exact(x)
            with mpmath.workdps(digits):
                return fwd.once(exact)

        def g(x) -> mpmath.mpf:
            # One run at the working precision plus the guard digits: the caller's precision
            # loop (or the certified Arb bracket built around the result) validates the root.
            return forward_at(x, wp + guard[0]) - target

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
        if g_checked(lo) <= 0:
            return lo
        hi = max(lo + 1, 2 * abs(lo))
        # Doubling, then squaring once past 2^64, so a root at 1e500 (eq-23 at σ = 1e-250)
        # is bracketed in about 75 steps.
        for _ in range(4 * wp + 200):
            if g_checked(hi) < 0:
                break
            lo, hi = hi, (2 * hi if hi < mpmath.mpf(2) ** 64 else hi * hi)
        else:
            raise EvaluationError(f"{self.forward.id}: could not bracket the inverse in {self.solve_for}")
        if lo == 0:
            # A root just above 0 (ε*_δ ≈ 4e-24 at r ≈ 1e-25): halve, then square once below
            # 2^-64, until the forward is above the target, so the geometric bisection below
            # starts from a bracket of bounded ratio instead of [0, hi].
            x = hi / 2
            for _ in range(4 * wp + 200):
                if g_checked(x) > 0:
                    lo = x
                    break
                hi, x = x, (x / 2 if x > mpmath.mpf(2) ** -64 else x * x)
        while lo > 0 and hi > 4 * lo:  # geometric bisection down to a bracket of ratio 4
            mid = mpmath.sqrt(lo * hi)
            if g_checked(mid) > 0:
                lo = mid
            else:
                hi = mid
        guard[0] = _guard_digits(forward_at, mpmath.sqrt(lo * hi) if lo > 0 else hi, wp, guard[0])
        # A bracketing solver keeps the root inside [lo, hi]; bisection is the fallback.
        # With a positive target and a positive forward value at hi (so on all of [lo, hi],
        # forward being decreasing) the solver works on log forward − log target: the forward
        # value spans many orders of magnitude when the target is tiny (δ = 1e-50), where the
        # linear residual is flat and sends the solver to an end of the bracket.
        tolerance = mpmath.mpf(2) ** (16 - mpmath.mp.prec)
        if target > 0:
            # The log residual needs a positive forward at hi: bisect (on checked signs) while
            # the forward there is still 0 at the current guard (erfc(32) − erfc(32 + 1e-100)
            # needs 320 guard digits; at the root ~21.5, 100 suffice) — else the solver runs
            # on the linear residual, which is flat at a tiny target.
            for _ in range(mpmath.mp.prec):
                if g(hi) + target > 0:
                    break
                mid = (lo + hi) / 2
                if mid in (lo, hi):
                    break
                if g_checked(mid) > 0:
                    lo = mid
                else:
                    hi = mid
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
        root = _illinois(residual, lo, hi, tolerance)
        if root is not None:
            return root
        for _ in range(mpmath.mp.prec + 64):
            mid = (lo + hi) / 2
            if mid in (lo, hi):
                break
            if g(mid) > 0:
                lo = mid
            else:
                hi = mid
        return hi


def _illinois(residual, lo: mpmath.mpf, hi: mpmath.mpf, tolerance: mpmath.mpf, steps: int = 200):
    """A root of the decreasing ``residual`` in [lo, hi] (residual(lo) > 0 >= residual(hi)) by
    the Illinois variant of regula falsi, to a bracket of relative width ``tolerance``; None if
    the residual's signs do not bracket or it has not converged after ``steps`` steps (the
    caller then bisects).  Superlinear where Anderson's secant step leaves the bracket (the
    log residual of θ_ε(r) at r = 1e-100 is nearly quadratic in ε/r)."""
    f_lo, f_hi = residual(lo), residual(hi)
    if not f_lo > 0 >= f_hi:
        return None
    side = 0
    for _ in range(steps):
        x = (lo * f_hi - hi * f_lo) / (f_hi - f_lo)
        if not lo < x < hi:
            x = (lo + hi) / 2
            if x in (lo, hi):
                return hi
        fx = residual(x)
        if fx > 0:
            lo, f_lo = x, fx
            if side == -1:
                f_hi /= 2
            side = -1
        else:
            hi, f_hi = x, fx
            if side == 1:
                f_lo /= 2
            side = 1
        if hi - lo <= tolerance * abs(hi):
            return hi
    return None


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
