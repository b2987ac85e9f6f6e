"""symbolic.solve_monotone against closed-form inverses computed by mpmath alone (no package code)."""

from fractions import Fraction

import mpmath
import pytest

from symbolic import EvaluationError, solve_monotone


def _close(x, ref, dps):
    """Relative accuracy 10^(2−dps) (absolute at a root 0)."""
    return abs(x - ref) <= (abs(ref) or 1) * mpmath.mpf(10) ** (2 - dps)


@pytest.mark.parametrize("target", ["1e-300", "1e-20", "0.5", "5", "1e40", "1e300"])
def test_inverts_exp_across_magnitudes(target):
    dps = 40
    with mpmath.workdps(dps):
        t = mpmath.mpf(target)
        x = solve_monotone(mpmath.exp, t, lower=-1000, dps=dps)
    with mpmath.workdps(dps + 20):
        assert _close(x, mpmath.log(mpmath.mpf(target)), dps)


@pytest.mark.parametrize("target", ["1e-200", "1e-30", "1e-3", "0.7", "100"])
def test_inverts_log1p_down_to_tiny_roots_from_zero(target):
    # lower = 0 and the root at ~1e-200: the bracket is pulled towards 0 geometrically
    dps = 30
    with mpmath.workdps(dps):
        x = solve_monotone(mpmath.log1p, mpmath.mpf(target), lower=0, dps=dps)
    with mpmath.workdps(dps + 20):
        assert _close(x, mpmath.expm1(mpmath.mpf(target)), dps)


@pytest.mark.parametrize("p", ["1e-12", "0.001", "0.3", "0.5", "0.9", "0.999999"])
def test_gaussian_cdf_inverse_matches_erfinv(p):
    dps = 30
    with mpmath.workdps(dps):
        x = solve_monotone(mpmath.ncdf, mpmath.mpf(p), lower=-40, upper=40, dps=dps)
    with mpmath.workdps(120):
        ref = mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(p) - 1)
        # Φ(x) at dps digits is known to p·10^-dps; that moves the root by p·10^-dps/φ(x)
        # (the inverse's condition: 1e-25 absolute at p = 1 − 1e-6, where φ(x) ≈ 5e-6).
        tol = mpmath.mpf(10) ** (2 - dps) * max(abs(ref), mpmath.mpf(p) / mpmath.npdf(ref))
        assert abs(x - ref) <= tol


def test_decreasing_direction_is_detected():
    # the Gaussian survival function Φ(−x) = 1e-50: the log residual keeps the tiny target exact
    dps = 30
    with mpmath.workdps(dps):
        x = solve_monotone(lambda t: mpmath.ncdf(-t), mpmath.mpf("1e-50"), lower=0, dps=dps)
    with mpmath.workdps(200):
        ref = -mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf("1e-50") - 1)
        assert _close(x, ref, dps)


def test_unbracketed_target_names_the_function_and_values():
    with pytest.raises(EvaluationError) as err:
        solve_monotone(mpmath.exp, mpmath.mpf("0.5"), lower=0, upper=10, dps=20, name="exp")
    msg = str(err.value)
    assert msg.startswith("exp:") and "0.5" in msg and "not between" in msg
    with pytest.raises(EvaluationError, match="not between"):
        solve_monotone(mpmath.exp, mpmath.mpf("1e10"), lower=0, upper=10, dps=20, name="exp")


def test_clamp_returns_the_lower_end_when_the_target_is_met_there():
    with mpmath.workdps(20):
        assert solve_monotone(lambda x: mpmath.exp(-x), mpmath.mpf(2), lower=0, clamp=True, dps=20) == 0


def test_constant_function_has_no_direction():
    with pytest.raises(EvaluationError, match="increases or decreases"):
        solve_monotone(lambda x: mpmath.mpf(1), mpmath.mpf(1), lower=0, upper=1, dps=20, name="const")


def test_certified_bracket_contains_the_root():
    flint = pytest.importorskip("flint")
    from symbolic.evaluate import certify_monotone

    with mpmath.workdps(60):
        x0 = solve_monotone(mpmath.exp, mpmath.mpf(5), lower=0, dps=60)
    man, exp = x0.man_exp
    proposal = Fraction(int(man) * 2 ** int(exp)) if exp >= 0 else Fraction(int(man), 2 ** int(-exp))

    def exp_ball(x, bits):
        old = flint.ctx.prec
        flint.ctx.prec = bits
        try:
            return flint.arb(flint.fmpq(x.numerator, x.denominator)).exp()
        finally:
            flint.ctx.prec = old

    found = certify_monotone(exp_ball, Fraction(5), proposal, lower=Fraction(0), prec=150, increasing=True, name="exp")
    assert found.lo < found.hi
    with mpmath.workdps(100):
        root = mpmath.log(5)
        assert mpmath.mpf(found.lo.numerator) / found.lo.denominator < root
        assert root <= mpmath.mpf(found.hi.numerator) / found.hi.denominator
        assert (found.hi - found.lo) / found.hi < Fraction(1, 2**150)
    # decreasing: exp(−x) = 1/5
    neg = certify_monotone(
        lambda x, bits: exp_ball(-x, bits), Fraction(1, 5), proposal, lower=Fraction(0), prec=150, name="exp(-x)"
    )
    assert neg.lo < neg.hi


def test_newton_with_a_derivative_inside_a_proved_bracket():
    # y = log x with x + x^(1/3) = z, in the log form chien-li's h uses; x checked against Cardano's formula
    dps = 40
    z = mpmath.mpf("1e-30")
    with mpmath.workdps(dps):
        logz = mpmath.log(z)

        def log_g(y):
            return mpmath.log(mpmath.exp(y) + mpmath.exp(y / 3))

        def slope(y):
            a, b = mpmath.exp(y), mpmath.exp(y / 3)
            return (a + b / 3) / (a + b)

        y = solve_monotone(
            log_g,
            logz,
            lower=3 * (logz - mpmath.log(2)),
            upper=3 * logz,
            increasing=True,
            bracketed=True,
            derivative=slope,
        )
    with mpmath.workdps(400):
        # u = x^(1/3) solves u³ + u − z = 0: Cardano's formula (its cancellation costs ~60 of the 400 digits)
        root = mpmath.sqrt(z**2 / 4 + mpmath.mpf(1) / 27)
        u = mpmath.cbrt(z / 2 + root) - mpmath.cbrt(root - z / 2)
        ref = u**3
        assert _close(mpmath.exp(y), ref, dps - 2)


@pytest.mark.parametrize(
    "function,slope,target,root",
    [
        # linear: one Newton step lands on the root exactly (the residual is 0 there)
        (lambda x: 10 - x, lambda x: -1, lambda: 7, 3),
        # convex decreasing: Newton from the bracket's middle approaches the root from one side
        (lambda x: mpmath.exp(-x), lambda x: -mpmath.exp(-x), lambda: mpmath.exp(-5), 5),
    ],
)
def test_newton_stops_at_a_root_reached_from_one_side(function, slope, target, root):
    """An iteration that reaches the root from one side makes it an end of the bracket; the safeguard then took the
    last sub-ulp step (or the exact 0 residual) for a step leaving the bracket and bisected the whole bracket:
    privacy/gdp-epsilon at μ ≈ 0.9428, δ = 1e-5 took 188 evaluations at 189 bits instead of 13."""
    calls = []

    def counted(x):
        calls.append(x)
        return function(x)

    with mpmath.workdps(50):
        x = solve_monotone(counted, target(), lower=0, upper=8, increasing=False, bracketed=True, derivative=slope)
        assert _close(x, root, 50)
    assert len(calls) <= 12, len(calls)


def test_bracketed_needs_both_ends_and_the_direction():
    with pytest.raises(EvaluationError, match="bracketed=True"):
        solve_monotone(mpmath.exp, 2, lower=0, bracketed=True, dps=20)
