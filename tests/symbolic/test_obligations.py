"""Discharge rules of symbolic.obligations: each true requirement is discharged, and a false (or not implied)
neighbour stays undischarged."""

import sympy as sp
from sympy.codegen.cfunctions import expm1, log1p

from symbolic.obligations import Domain, definedness, discharge
from symbolic.sign import manifestly_positive

L = sp.Symbol("L", positive=True)
s = sp.Symbol("s", integer=True, nonnegative=True)
a = sp.Symbol("a", nonnegative=True)
r = sp.Symbol("r", positive=True)
x = sp.Symbol("x", real=True)
y = sp.Symbol("y", real=True)
n = sp.Symbol("n", integer=True, positive=True)
b = sp.Symbol("b", integer=True, positive=True)
k = sp.Symbol("k", integer=True, nonnegative=True)
i = sp.Symbol("i", integer=True)


def _statuses(expr, where=(), real=False):
    domain = Domain(expr.free_symbols, where)
    obs = definedness([expr], domain, real=real)
    discharge(obs, domain, witness_search=False)
    return {o.text: o.status for o in obs}


def _all_discharged(expr, where=(), real=False) -> bool:
    return all(v == "discharged" for v in _statuses(expr, where, real).values())


def test_nonzero_by_parts_uses_hypotheses():
    e = 1 / expm1(-2 * s * log1p(L - 1))
    assert _all_discharged(e, [sp.Ne(s, 0), sp.Ne(L, 1)])
    assert not _all_discharged(e, [sp.Ne(s, 0)])  # L = 1 makes it 1/0
    assert not _all_discharged(e, [sp.Ne(L, 1)])  # s = 0 makes it 1/0


def test_nonzero_expm1_needs_nonzero_argument():
    assert not _all_discharged(1 / expm1(x))
    assert _all_discharged(1 / expm1(x), [x > 0])


def test_erfc_range():
    # 1 − (a/(a + 1))·erf-like term with erfc ∈ (0, 2): positive
    assert _all_discharged(1 / (1 - (1 - 1 / (a + 1)) * (1 - sp.erfc(r))))
    # 1 − 2·erfc(r) vanishes where erfc(r) = 1/2: not discharged
    assert not _all_discharged(1 / (1 - 2 * sp.erfc(r)))
    assert _all_discharged(1 / (2 - sp.erfc(x)))  # erfc < 2 on ℝ
    assert not _all_discharged(1 / (sp.Rational(3, 2) - sp.erfc(x)))  # erfc(x) = 3/2 for some x < 0
    assert _all_discharged(1 / (1 + sp.erf(x)))  # erf > −1 on ℝ


def test_floor_at_least_one():
    e = 1 / sp.floor(n / b)
    assert _all_discharged(e, [b <= n])
    assert not _all_discharged(e)  # floor(1/2) = 0


def test_quotient_by_a_positive_sum_is_real():
    total = sp.Sum(y ** (2 * i), (i, 0, k))
    assert manifestly_positive(sp.exp(x / total))
    assert not manifestly_positive(sp.exp(x / y))  # a pole at y = 0
    assert not manifestly_positive(sp.exp(x / sp.Sum(y**i, (i, 0, k))))  # Σ y^i may vanish (y = −1, k = 1)


def test_a_sum_over_a_possibly_reversed_range_is_not_proved():
    """Σ_{k=1}^{n} 1 = n for every integer n: SymPy's Karr convention makes it an identity, but the empty sum a
    reader means is 0 at n = −2 (red-team: was PROVED).  Over n ≥ 0 the range is forward and it is proved."""
    from symbolic import Identity, Source, Status

    k = sp.Symbol("k", integer=True)
    src = Source("t", "t", form="derived")
    anyint = sp.Symbol("n", integer=True)
    verdict = Identity("t/karr", "", src, lhs=sp.Sum(1, (k, 1, anyint)), rhs=anyint).check()
    assert verdict.status is Status.CHECKED and "forward" in verdict.method
    # the independent oracle: at n = −2 the empty sum is 0, not −2
    assert sum(1 for _ in range(1, -2 + 1)) != -2
    natural = sp.Symbol("n", integer=True, nonnegative=True)
    assert Identity("t/karr2", "", src, lhs=sp.Sum(1, (k, 1, natural)), rhs=natural).check().status is Status.PROVED


def test_a_constant_fractional_power_of_a_negative_number_is_not_real():
    """(-8)**(1/3) is SymPy's principal root 1 + i√3 (mpmath agrees), not -2: an inequality with it compares a
    non-real number (red-team: was UNKNOWN, the obligation was skipped for numeric bases)."""
    import mpmath

    from symbolic import Inequality, Source, Status

    assert abs(mpmath.im(mpmath.power(-8, mpmath.mpf(1) / 3))) > 1  # the independent oracle
    x = sp.Symbol("x", positive=True)
    claim = Inequality("t/cbrt", sp.Pow(-8, sp.Rational(1, 3)) + x, ">", -3, "", Source("t", "t", form="derived"))
    verdict = claim.check()
    assert verdict.status is Status.REFUTED and "negative number" in verdict.evidence


def test_the_derivative_of_a_function_with_a_corner_is_not_proved():
    """d/dx |x| = sign(x): SymPy differentiates |x| to sign(x) everywhere, but |x| has no derivative at 0
    (red-team: was PROVED).  A smooth body is discharged."""
    from symbolic import Identity, Source, Status

    x = sp.Symbol("x", real=True)
    src = Source("t", "t", form="derived")
    verdict = Identity("t/dabs", "", src, lhs=sp.Derivative(sp.Abs(x), x), rhs=sp.sign(x)).check()
    assert verdict.status is Status.CHECKED and "differentiable" in verdict.method
    # the independent oracle: the one-sided difference quotients of |x| at 0 differ
    h = sp.Rational(1, 10**9)
    assert (abs(h) - 0) / h != (abs(-h) - 0) / (-h)
    smooth = Identity("t/dexp", "", src, lhs=sp.Derivative(sp.exp(x) * x, x), rhs=sp.exp(x) * (x + 1)).check()
    assert smooth.status is Status.PROVED


def test_an_unspecified_function_is_differentiable_by_hypothesis():
    """The chain rule for an unspecified u (SymPy's Function('u')) holds for every differentiable u: the
    differentiability obligation is discharged as the claim's hypothesis, and named."""
    from symbolic import Identity, Source, Status

    t = sp.Symbol("t", real=True)
    u = sp.Function("u")
    s = sp.Symbol("s", real=True)
    claim = Identity(
        "t/chain",
        "",
        Source("t", "t", form="derived"),
        lhs=sp.Derivative(u(t**2), t),
        rhs=2 * t * sp.Subs(sp.Derivative(u(s), s), s, t**2),
    )
    verdict = claim.check()
    assert verdict.status is Status.PROVED, verdict.method
    assert any("by hypothesis" in o.rule for o in verdict.obligations if "differentiable" in o.text)
