"""Inverting a monotone real function: the one bracket-and-refine routine of the package.

:func:`solve_monotone` finds ``x`` in ``[lower, upper]`` with ``function(x) = target`` for a
strictly monotone ``function`` at the current mpmath working precision:

1. **bracket** — from ``lower``, the upper end is pushed out (doubling, then squaring once past
   2^64, so a root at 1e500 is bracketed in about 75 steps) when no ``upper`` is given; when
   the bracket starts at 0 the lower end is pulled in (halving, then squaring below 2^-64) so
   a root at 4e-24 gets a bracket of bounded ratio;
2. **geometric bisection** down to a bracket of ratio 4 (roots spanning hundreds of orders of
   magnitude: bisecting [1e-300, 1] linearly would take ~1000 steps to reach the root's scale);
3. **refinement** — Anderson's method on ``log function − log target`` when both are positive
   (a tiny target makes the linear residual flat), with the Illinois variant of regula falsi
   when Anderson leaves the bracket, and bisection as the last resort.  The root never leaves
   the bracket.

Signs decide everything, so the caller may pass ``sign(x)``: a slower evaluation of
``function(x) − target`` whose sign is trustworthy where ``function`` loses digits (a forward
that cancels, :class:`symbolic.evaluate.inverse.Inverse`).  The result is a proposal at the working
precision: a caller that needs guaranteed digits validates it (the mpmath precision loop, or
the certified bracket of :func:`symbolic.evaluate.certified_root`).

This module imports only the standard library and mpmath: :mod:`symbolic.export.python` copies
its source into every exported module, so the exported inverses run this very routine.
"""

from typing import Any, Callable, Optional

import mpmath

#: A real function at the current mpmath precision (mpf -> mpf).
RealFunction = Callable[[Any], Any]


def solve_monotone(
    function: RealFunction,
    target: Any,
    *,
    lower: Any,
    upper: Any = None,
    dps: Optional[int] = None,
    increasing: Optional[bool] = None,
    name: str = "function",
    sign: Optional[RealFunction] = None,
    on_bracket: Optional[Callable[[Any, Any], None]] = None,
    clamp: bool = False,
    derivative: Optional[RealFunction] = None,
    bracketed: bool = False,
    error: type[ArithmeticError] = ArithmeticError,
) -> Any:
    """The ``x`` in ``[lower, upper]`` with ``function(x) = target`` (an mpf at the working precision).

    ``function(x)`` takes an mpf and returns the value at the current mpmath precision;
    ``target``, ``lower`` and ``upper`` are mpmath numbers (``upper=None``: unbounded above,
    the bracket is expanded).  ``dps``: working digits (default: the current precision).
    ``increasing``: the direction, detected from the values at the ends when None.
    ``sign(x)``: optional trustworthy evaluation of ``function(x) − target`` used for every
    decision on a sign (default: ``function(x) − target``).  ``on_bracket(lo, hi)`` is called
    once the bracket has ratio at most 4, before refinement.  ``clamp``: when the target is
    beyond the value at ``lower`` (e.g. δ(0) already below the requested δ) return ``lower``
    instead of raising.  ``derivative(x)``: the function's derivative, when the caller has it:
    the refinement is then safeguarded Newton from the bracket's middle (a step leaving the
    bracket bisects), to a step below ``2**(8 − prec)`` relative (``error`` if it does not converge).  ``bracketed=True``: the
    caller proves the root lies in ``[lower, upper]`` (both given), so the ends are not
    evaluated (a root at an end, where rounding may put the value on either side, is then no
    error).  Raises ``error`` naming ``name`` and the values when the target is not bracketed.
    """
    if dps is not None:
        with mpmath.workdps(dps):
            return solve_monotone(
                function,
                target,
                lower=lower,
                upper=upper,
                increasing=increasing,
                name=name,
                sign=sign,
                on_bracket=on_bracket,
                clamp=clamp,
                derivative=derivative,
                bracketed=bracketed,
                error=error,
            )
    wp = mpmath.mp.dps
    lo = mpmath.mpf(lower)
    target = mpmath.mpf(target)
    if upper is not None:
        upper = mpmath.mpf(upper)
        if not upper > lo:
            raise error(f"{name}: empty bracket [{lo}, {upper}] (need lower < upper)")
    if bracketed and (upper is None or increasing is None):
        raise error(f"{name}: bracketed=True needs both ends and the direction")
    if increasing is None:
        increasing = _direction(function, lo, upper, name, error)
    # Work on a decreasing residual: g > 0 left of the root, g <= 0 at and right of it.
    s = -1 if increasing else 1

    def g(x):
        return s * (function(x) - target)

    if sign is None:
        g_checked = g
    else:

        def g_checked(x):
            return s * sign(x)

    if bracketed:
        lo, hi = lo, upper
    else:
        lo, hi = _bracket(g_checked, function, target, lo, upper, wp, name, lower, clamp, error)
        if hi is None:  # the target is met at the lower end (clamp)
            return lo
        if on_bracket is not None:
            on_bracket(lo, hi)
    if derivative is None:
        return _refine(g, g_checked, target, lo, hi, s)
    root = _newton(g, s, derivative, lo, hi)
    if root is None:
        raise error(f"{name}: Newton's iteration did not converge in [{mpmath.nstr(lo, 17)}, {mpmath.nstr(hi, 17)}]")
    return root


def _bracket(g_checked, function, target, lo, upper, wp, name, lower, clamp, error):
    """``(lo, hi)`` with the root inside and ratio at most 4 when ``lo > 0`` (module docstring,
    steps 1 and 2), or ``(lower, None)`` when the target is already met at the lower end."""
    at_lower = g_checked(lo)
    if at_lower <= 0:
        if clamp or at_lower == 0:
            return lo, None
        raise error(_not_bracketed(name, function, target, lo, upper))
    if upper is not None:
        hi = upper
        if g_checked(hi) > 0:
            raise error(_not_bracketed(name, function, target, lo, upper))
    else:
        hi = max(lo + 1, 2 * abs(lo))
        # Doubling, then squaring once past 2^64.
        for _ in range(4 * wp + 200):
            if g_checked(hi) < 0:
                break
            lo, hi = hi, (2 * hi if hi < mpmath.mpf(2) ** 64 else hi * hi)
        else:
            raise error(f"{name}: could not bracket the target {mpmath.nstr(target, 17)} above {lower}")
    if lo == 0:
        # A root just above 0: halve, then square once below 2^-64, until the residual is positive,
        # so the geometric bisection below starts from a bracket of bounded ratio instead of [0, hi].
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
    return lo, hi


def _refine(g, g_checked, target, lo, hi, s):
    """The root inside the bracket ``[lo, hi]`` of the decreasing residual ``g`` (see the module docstring)."""
    tolerance = mpmath.mpf(2) ** (16 - mpmath.mp.prec)

    def value(x):
        # The function as the residual sees it, (f − target) + target: the positivity test and
        # the log residual below use the same rounded number as the linear residual.
        return s * g(x) + target

    # ``small``: the end of the bracket where the function is smallest (the log residual needs
    # it positive).
    small = (lambda: hi) if s > 0 else (lambda: lo)  # noqa: E731
    if target > 0:
        # Bisect (on checked signs) while the function there is still 0 at the current
        # evaluation (a forward that underflows far from the root): else the refinement runs on
        # the linear residual, which is flat at a tiny target.
        for _ in range(mpmath.mp.prec):
            if value(small()) > 0:
                break
            mid = (lo + hi) / 2
            if mid in (lo, hi):
                break
            if g_checked(mid) > 0:
                lo = mid
            else:
                hi = mid
    if target > 0 and value(small()) > 0:
        log_target = mpmath.log(target)

        def residual(x):
            return s * (mpmath.log(value(x)) - log_target)

        def accept(r):
            return abs(residual(r)) <= tolerance

    else:
        residual = g

        # findroot verifies |g| against an absolute tolerance: accept the root only if the
        # residual is small *relative to the target* (a zero target: findroot's own test).
        def accept(r):
            return target == 0 or abs(g(r)) <= abs(target) * tolerance

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


def _newton(g, s, derivative, lo, hi):
    """Safeguarded Newton on the decreasing residual ``g`` (``g' = s·derivative``) from the middle of
    its bracket ``[lo, hi]``: a step leaving the bracket is a bisection; stops at a step, or a
    bracket, below ``2**(8 − prec)`` relative (to max(1, |x|))."""
    tol = mpmath.mpf(2) ** (8 - mpmath.mp.prec)
    x = (lo + hi) / 2
    for _ in range(4 * mpmath.mp.prec + 100):
        gx = g(x)
        if gx == 0:  # a root at the working precision
            return x
        if gx > 0:
            lo = x
        else:
            hi = x
        slope = s * derivative(x)
        # Converged when Newton's own step is below the tolerance, tested before the bracket's safeguard:
        # an iteration that reaches the root from one side makes x an end of the bracket, where a step
        # below one ulp lands on that end and the safeguard would bisect the whole bracket instead
        # (privacy/gdp-epsilon at μ ≈ 0.9428, δ = 1e-5: 188 evaluations at 189 bits, not 13).
        if slope and abs(gx / slope) <= tol * max(1, abs(x)):
            new = x - gx / slope
            return new if lo <= new <= hi else x
        new = x - gx / slope if slope else (lo + hi) / 2
        if not (lo < new < hi):
            new = (lo + hi) / 2
        if abs(new - x) <= tol * max(1, abs(x)) or hi - lo <= tol * max(1, abs(x)):
            return new
        x = new
    return None


def _direction(function, lo, upper, name, error):
    """True if ``function`` increases from ``lo`` to ``upper`` (or to a point above ``lo``)."""
    other = upper if upper is not None else max(lo + 1, 2 * abs(lo))
    a, b = function(lo), function(other)
    if a == b:
        raise error(
            f"{name}: cannot tell whether it increases or decreases: equal values {mpmath.nstr(a, 17)} "
            f"at {mpmath.nstr(lo, 17)} and {mpmath.nstr(other, 17)}; pass increasing="
        )
    return b > a


def _not_bracketed(name, function, target, lo, upper):
    at_upper = "" if upper is None else f", {mpmath.nstr(function(upper), 17)} at {mpmath.nstr(upper, 17)}"
    return (
        f"{name}: the target {mpmath.nstr(target, 17)} is not between its values "
        f"({mpmath.nstr(function(lo), 17)} at {mpmath.nstr(lo, 17)}{at_upper})"
    )


def _illinois(residual, lo, hi, tolerance, steps=200):
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
