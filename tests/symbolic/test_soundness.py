"""Soundness corpus (issue #9): false or under-specified claims must never be PROVED.

Each false claim below is false somewhere in its stated domain (the comment says where);
the engine may REFUTE it, CHECK it (if its samples miss the bad point) or give UNKNOWN,
but a PROVED verdict would be a soundness bug.  Under-specified claims are rejected when
built.  The true counterparts at the end must still be PROVED, so that "prove nothing"
cannot pass this file.
"""

from __future__ import annotations

import pytest
import sympy as sp

from symbolic import ODE, Identity, Inequality, Limit, Optimality, Source, Status
from symbolic.claims.recurrence import Recurrence
from symbolic.proving import EngineBug, confirm_zero

SRC = Source("test", "soundness corpus")
x = sp.Symbol("x", real=True)
y = sp.Symbol("y", real=True)
p = sp.Symbol("p", positive=True)
a0 = sp.Symbol("a", nonnegative=True)
k = sp.Symbol("k", integer=True, positive=True)
n = sp.Symbol("n", integer=True, nonnegative=True)
m = sp.Symbol("m", integer=True)
i = sp.Symbol("i", integer=True)
N = sp.Symbol("N", integer=True, positive=True)
X, F = sp.Function("X"), sp.Function("F")
f = sp.Function("f")
BUDGET = 8


def ineq(name, lhs, rel, rhs, **kw):
    return lambda: Inequality(f"t/{name}", lhs, rel, rhs, name, SRC, budget=BUDGET, **kw)


def ident(name, lhs, rhs, **kw):
    return lambda: Identity(f"t/{name}", lhs=lhs, rhs=rhs, statement=name, source=SRC, budget=BUDGET, **kw)


def lim(name, expr, var, point, expected, **kw):
    return lambda: Limit(f"t/{name}", expr, var, point, expected, name, SRC, budget=BUDGET, **kw)


def rec(name, seq, idx, closed, recursion, base, **kw):
    return lambda: Recurrence(
        f"t/{name}",
        sequence=seq,
        index=idx,
        closed_form=closed,
        recursion=recursion,
        base=base,
        statement=name,
        source=SRC,
        budget=BUDGET,
        **kw,
    )


def ode(name, eq, sol, initial, **kw):
    return lambda: ODE(
        f"t/{name}",
        equation=eq,
        func=f(x),
        solution=sol,
        initial=initial,
        statement=name,
        source=SRC,
        budget=BUDGET,
        **kw,
    )


def opt(name, objective, var, coefficient, total, candidate, multiplier, value, **kw):
    return lambda: Optimality(
        f"t/{name}",
        objective=objective,
        x=var,
        index=i,
        lower=1,
        upper=N,
        coefficient=coefficient,
        total=total,
        candidate=candidate,
        multiplier=multiplier,
        value=value,
        statement=name,
        source=SRC,
        budget=BUDGET,
        **kw,
    )


xp = sp.Symbol("xp", positive=True)

FALSE_CLAIMS = {
    # --- sign analysis / inequalities
    "sum-sign-from-index-assumptions": ineq("s1", sp.Sum(k - 1, (k, 0, n)), ">=", 0),  # n = 0: -1
    "even-power-of-non-real-base": ineq("s2", (sp.sqrt(x - 1) + sp.sqrt(x - 2)) ** 2, ">=", 0),  # x = 0
    "positive-base-complex-exponent": ineq("s3", 2 ** (sp.I * x), ">", 0),  # not real
    "square-strictly-positive": ineq("s4", x**2, ">", 0),  # x = 0
    "reversed-sum-range": ineq("s5", sp.Sum(1, (i, 0, m)), ">=", 0),  # m = -2: Karr gives -1
    "tight-at-one": ineq("s6", xp + 1 / xp, ">", 2),  # xp = 1
    "exp-above-tangent-strict": ineq("s7", sp.exp(x), ">", 1 + x),  # x = 0
    "shifted-square-strict": ineq("s8", (xp - 1) ** 2, ">", 0),  # xp = 1
    "odd-power": ineq("s9", x**3, ">=", 0),  # x < 0
    "sum-of-signed-terms": ineq("s10", sp.Sum((-1) ** i * i, (i, 0, n)), ">=", 0),  # n = 1: -1
    "false-certificate": ineq("s11", xp, ">=", 1, certificate=(xp - 1) ** 2),  # xp = 1/2
    "log-below-zero": ineq("s12", sp.log(xp), ">=", 0),  # xp < 1
    # --- identities: branch cuts, roots, logs, Piecewise
    "sqrt-of-square": ident("i1", sp.sqrt(x**2), x),  # x < 0
    "log-of-product": ident("i2", sp.log(x * y), sp.log(x) + sp.log(y)),  # x = y = -1
    "cube-root-of-cube": ident("i3", (x**3) ** sp.Rational(1, 3), x),  # x = -1
    "sqrt-of-product": ident("i4", sp.sqrt(x * y), sp.sqrt(x) * sp.sqrt(y)),  # x = y = -1
    "log-exp-branch-cut": ident("i5", sp.log(sp.exp(sp.I * x)), sp.I * x),  # x = 4
    "asin-sin": ident("i6", sp.asin(sp.sin(x)), x),  # x = 3
    "periodic-equality-branch": ident("i7", sp.Piecewise((x, sp.Eq(sp.sin(sp.pi * x), 0)), (0, True)), 0),
    "overlapping-piecewise": ident("i8", sp.Piecewise((0, x >= 0), (x, x >= -1), (0, True)), 0),  # x = -1/2
    "multivariate-equality-branch": ident("i9", sp.Piecewise((y, sp.Eq(x * y, x)), (0, True)), 0),  # x=0, y=1
    "log-of-square": ident("i10", sp.log(x**2), 2 * sp.log(x)),  # x = -1
    "abs-is-identity": ident("i11", sp.Abs(x), x),  # x < 0
    "power-of-power": ident("i12", (x**2) ** y, x ** (2 * y)),  # x = -1, y = 1/2
    "fractional-power-of-negative": ident("i13", (-xp) ** sp.Rational(1, 2), -sp.sqrt(xp)),  # = i·sqrt(xp)
    "empty-range-sum": ident("i14", sp.Sum(1, (i, 1, m)), sp.Max(m, 0)),  # m = -2: Karr gives -2
    # --- limits
    "limit-generic-parameter": lim("l1", x / (x + a0), x, 0, 0, direction="+"),  # a = 0: limit 1
    "limit-base-above-one": lim("l2", p**x, x, sp.oo, 0),  # p >= 1
    "limit-power-at-zero-exponent": lim("l3", xp**a0, xp, 0, 0, direction="+"),  # a = 0: 1
    "limit-wrong-value": lim("l4", sp.sin(x) / x, x, 0, 2),
    "limit-two-sided-pole": lim("l5", 1 / x, x, 0, sp.oo),  # -oo from the left
    "limit-two-sided-exp": lim("l6", sp.exp(-1 / x), x, 0, 0),  # +oo from the left
    "limit-interval-equality-branch": lim(
        "l7", sp.Piecewise((1, sp.Eq(sp.floor(x), 0)), (0, True)), x, sp.Rational(1, 2), 0
    ),  # the branch holds on [0, 1): limit 1
    "limit-parameter-sign": lim("l8", sp.exp(y * x), x, sp.oo, 0),  # y >= 0
    # --- recurrences
    "recurrence-wrong-base": rec("r1", X, n, 2**n, sp.Eq(X(n + 1), 2 * X(n)), {0: 2}),
    "recurrence-wrong-closed-form": rec("r2", X, n, n**2, sp.Eq(X(n + 1), X(n) + 2 * n), {0: 0}),  # n=2
    # --- ODEs
    "ode-abs-solution": ode("o1", sp.Eq(f(x).diff(x), 1), sp.Abs(x), {1: 1}),  # x < 0
    "ode-sqrt-of-square": ode("o2", sp.Eq(f(x).diff(x), 1), sp.sqrt(x**2), {1: 1}),  # x < 0
    "ode-wrong-initial-value": ode("o3", sp.Eq(f(x).diff(x), f(x)), sp.exp(x), {0: 2}),
    # --- optimality
    "optimality-infeasible-candidate": opt(
        "p1", x**2, x, 1, 1, 1 / N, 2 / N, 1 / N, feasible=sp.Interval(1, sp.oo)
    ),  # 1/N < 1 for N >= 2
    "optimality-convex-only-on-declared-domain": opt(
        "p2", xp**3, xp, 1, 1, 1 / N, 3 / N**2, 1 / N**2, feasible=sp.S.Reals
    ),  # x³ is not convex on ℝ
    "optimality-wrong-value": opt("p3", x**2, x, 1, 1, 1 / N, 2 / N, 2 / N, feasible=sp.S.Reals),
}

UNDER_SPECIFIED = {
    "second-order-one-base-case": lambda: Recurrence(
        "t/u1",
        sequence=F,
        index=n,
        closed_form=n,
        recursion=sp.Eq(F(n + 2), 2 * F(n + 1) - F(n)),
        base={0: 0},
        statement="one base case",
        source=SRC,
    ),
    "no-base-case": lambda: Recurrence(
        "t/u2",
        sequence=X,
        index=n,
        closed_form=2**n,
        recursion=sp.Eq(X(n + 1), 2 * X(n)),
        base={},
        statement="no base",
        source=SRC,
    ),
    "vacuous-recursion": lambda: Recurrence(
        "t/u3",
        sequence=X,
        index=n,
        closed_form=7,
        recursion=sp.Eq(X(n), X(n)),
        base={0: 7},
        statement="X = X",
        source=SRC,
    ),
    "index-excludes-start": lambda: Recurrence(
        "t/u4",
        sequence=X,
        index=k,
        closed_form=2**k,
        recursion=sp.Eq(X(k + 1), 2 * X(k)),
        base={0: 1},
        statement="k > 0 but start 0",
        source=SRC,
    ),
    "top-term-coefficient-may-vanish": lambda: Recurrence(
        "t/u5",
        sequence=X,
        index=n,
        closed_form=2**n,
        recursion=sp.Eq(y * X(n + 1), 2 * y * X(n)),
        base={0: 1},
        statement="y X(n+1) = 2 y X(n)",
        source=SRC,
    ),
    "ode-without-initial-conditions": lambda: ODE(
        "t/u6",
        equation=sp.Eq(f(x).diff(x), f(x)),
        func=f(x),
        solution=5 * sp.exp(x),
        initial={},
        statement="f' = f",
        source=SRC,
    ),
    "optimality-without-feasible-set": lambda: Optimality(
        "t/u7",
        objective=x**2,
        x=x,
        index=i,
        lower=1,
        upper=N,
        coefficient=1,
        total=1,
        candidate=1 / N,
        multiplier=2 / N,
        value=1 / N,
        statement="no feasible set",
        source=SRC,
    ),
    "optimality-index-dependent-multiplier": lambda: Optimality(
        "t/u8",
        objective=x**2,
        x=x,
        index=i,
        lower=1,
        upper=N,
        coefficient=1,
        total=1,
        candidate=2 * i / (N * (N + 1)),
        multiplier=4 * i / (N * (N + 1)),
        value=1,
        statement="λ_i",
        source=SRC,
        feasible=sp.S.Reals,
    ),
}

TRUE_CLAIMS = {
    "sum-over-its-range": ineq("T1", sp.Sum(k - 1, (k, 1, n)), ">=", 0),
    "square-of-real": ineq("T2", (x - 1) ** 2, ">=", 0),
    "square-of-real-sqrts": ineq("T3", (sp.sqrt(xp) + sp.sqrt(xp + 1)) ** 2, ">", 0),
    "positive-base-real-exponent": ineq("T4", 2**x, ">", 0),
    "piecewise-finite-equality-branch": ident(
        "T5", sp.Piecewise((p - 1, sp.Eq(p**2, 1)), ((p**2 - 1) / (p + 1) - (p - 1), True)), 0
    ),
    "sqrt-of-square-positive": ident("T6", sp.sqrt(xp**2), xp),
    "limit-positive-parameter": lim("T7", x / (x + p), x, 0, 0),
    "limit-sin-over-x": lim("T8", sp.sin(x) / x, x, 0, 1),
    "limit-base-below-one": lim("T9", (1 / (1 + p)) ** x, x, sp.oo, 0),
    "limit-one-sided-exp": lim("T10", sp.exp(-1 / xp), xp, 0, 0, direction="+"),
    "second-order-recurrence": rec("T11", F, n, n + 1, sp.Eq(F(n + 2), 2 * F(n + 1) - F(n)), {0: 1, 1: 2}),
    "first-order-recurrence": rec("T12", X, n, 2**n, sp.Eq(X(n + 1), 2 * X(n)), {0: 1}),
    "ode-with-initial-value": ode("T13", sp.Eq(f(x).diff(x), f(x)), sp.exp(x), {0: 1}),
    "ode-general-solution": lambda: ODE(
        "t/T14",
        equation=sp.Eq(f(x).diff(x), f(x)),
        func=f(x),
        solution=5 * sp.exp(x),
        initial={},
        statement="f' = f",
        source=SRC,
        general_solution=True,
        budget=BUDGET,
    ),
    "optimality-equal-split": opt("T15", x**2, x, 1, 1, 1 / N, 2 / N, 1 / N, feasible=sp.S.Reals),
    "optimality-convex-on-feasible-set": opt(
        "T16", xp**3, xp, 1, 1, 1 / N, 3 / N**2, 1 / N**2, feasible=sp.Interval(0, sp.oo)
    ),
}


# --- issue #27: PROVED means defined, determined and proved (proof obligations) -------------
# Five classes of claims that a verdict "the residual is 0 wherever SymPy can make sense of it"
# used to PROVE: undefined on part of the domain, under-determined ODEs/recurrences, declared
# assumptions contradicting an index range, non-integer summation bounds, and SymPy's generic-
# parameter limits inside a proof step.  Each comment says where the claim fails.
t_ = sp.Symbol("t", positive=True)
kp = sp.Symbol("kp", integer=True, positive=True)
kn = sp.Symbol("kn", integer=True, nonnegative=True)
ke = sp.Symbol("ke", integer=True, even=True)
ko = sp.Symbol("ko", integer=True, odd=True)
ip = sp.Symbol("ip", integer=True, positive=True)
nn = sp.Symbol("nn", integer=True, negative=True)
npos = sp.Symbol("npos", integer=True, nonpositive=True)
g = sp.Function("g")
R = sp.Rational


def ode_t(name, eq, sol, initial, **kw):
    """An ODE in g(t), t > 0 (the initial point t = 0 is the closure of the interval)."""
    return lambda: ODE(
        f"t/{name}",
        equation=eq,
        func=g(t_),
        solution=sol,
        initial=initial,
        statement=name,
        source=SRC,
        budget=BUDGET,
        **kw,
    )


def opt_range(name, objective, index, lower, upper, total, candidate, multiplier, value):
    return lambda: Optimality(
        f"t/{name}",
        objective=objective,
        x=x,
        index=index,
        lower=lower,
        upper=upper,
        coefficient=1,
        total=total,
        candidate=candidate,
        multiplier=multiplier,
        value=value,
        statement=name,
        source=SRC,
        budget=BUDGET,
        feasible=sp.S.Reals,
    )


OBLIGATION_FALSE = {
    # class 1: undefined on part of the domain
    "undefined-removable-singularity": ident("d1", (x**2 - 1) / (x - 1), x + 1),  # 0/0 at x = 1
    "undefined-for-all-nonnegative": ident("d2", (x - sp.Abs(x)) / (sp.Abs(x) - x), -1),  # x >= 0
    "erfinv-outside-its-domain": ident(
        "d3", (sp.erfinv(x) + 1) ** 2, sp.erfinv(x) ** 2 + 2 * sp.erfinv(x) + 1
    ),  # |x| >= 1
    "piecewise-not-covering": ident("d4", sp.Piecewise((x, x > 0), (-x, x < 0)), sp.Abs(x)),  # x = 0
    "sum-with-zero-denominator-terms": ident(
        "d5", sp.Sum(1 / ((kp - 2) * (kp - 1)), (kp, 1, N)), sp.Sum(1 / ((kp - 2) * (kp - 1)), (kp, 1, N))
    ),  # terms 1/0 at kp = 1, 2
    "manifest-but-undefined-inequality": ineq("d6", x**2 / y**2, ">=", 0),  # y = 0
    "log-of-square-vs-abs": ident("d7", sp.log(x**2) - 2 * sp.log(sp.Abs(x)), 0),  # x = 0
    "erfcinv-outside-its-domain": ident("d8", sp.erfcinv(x) - sp.erfinv(1 - x), 0),  # x outside (0, 2)
    "rational-cancel-two-poles": ident("d9", (x**2 + x) / (x**2 - 1), x / (x - 1)),  # x = -1: 0/0
    "opposite-poles-cancel": ident("d10", 1 / (x - y) + 1 / (y - x), 0),  # x = y
    "where-with-no-evaluable-point": ident("d11", (x**2 - 1) / (x - 1), x + 1, where=[sp.Eq(x, 1)]),  # pole only
    "lambertw-below-branch-point": ident(
        "d12", sp.LambertW(x) * sp.exp(sp.LambertW(x)), x, where=[x < -1]
    ),  # W is not real below -1/e
    "acos-outside-interval": ident(
        "d13", sp.acos(x) + sp.asin(x), sp.pi / 2, where=[x > 1]
    ),  # acos(x), asin(x) are not real
    # class 2: under-determined ODEs and recurrences (the ill-formed ones are in OBLIGATION_REJECTED)
    "ode-not-lipschitz-sqrt": ode_t("o4", sp.Eq(g(t_).diff(t_), 2 * sp.sqrt(g(t_))), t_**2, {0: 0}),  # g ≡ 0 too
    "ode-not-lipschitz-two-thirds": ode_t(
        "o5", sp.Eq(g(t_).diff(t_), 3 * g(t_) ** R(2, 3)), t_**3, {0: 0}
    ),  # g ≡ 0 too
    "ode-singular-initial-point": ode_t("o6", sp.Eq(g(t_).diff(t_), g(t_) / t_), 3 * t_, {0: 0}),  # c·t for every c
    "ode-singular-initial-point-affine": ode_t(
        "o7", sp.Eq(g(t_).diff(t_), (g(t_) - 1) / t_), 1 + t_, {0: 1}
    ),  # 1 + c·t for every c
    "ode-blow-up-inside-the-interval": ode("o8", sp.Eq(f(x).diff(x), f(x) ** 2), 1 / (1 - x), {0: 1}),  # x = 1
    "ode-solution-leaves-the-reals": ode(
        "o9", sp.Eq(f(x).diff(x), 1 / (x - 1)), sp.log(1 - x), {0: 0}
    ),  # log of a negative number for x > 1
    "ode-boundary-values-not-unique": ode(
        "o10", sp.Eq(f(x).diff(x, 2), -f(x)), sp.sin(x), {0: 0, sp.pi: 0}
    ),  # c·sin(x) for every c
    "recurrence-recursion-undefined-at-an-index": rec(
        "r3", X, n, 2 * n, sp.Eq(X(n + 1), X(n) + (n**2 - 4) / (n - 2) - n), {0: 0}
    ),  # n = 2: 0/0
    "recurrence-closed-form-pole": rec(
        "r4", X, n, 1 / (n - 3), sp.Eq(X(n + 1), X(n) * (n - 3) / (n - 2)), {0: -R(1, 3)}
    ),  # n = 3
    "recurrence-sum-term-undefined": rec(
        "r5", X, n, sp.Sum(1 / (kp - 2), (kp, 1, n)), sp.Eq(X(n + 1), X(n) + 1 / (n - 1)), {0: 0}
    ),  # kp = 2
    # class 3: declared assumptions that contradict the range
    "optimality-index-positive-from-zero": opt_range(
        "a1", (2 * ip - 1) * x**2, ip, 0, 2, 3, 9 / (2 * ip - 1), 18, 27
    ),  # (2i − 1)x² is concave at i = 0: unbounded below (x = (−10, −7, 0)... gives −51 < 27)
    "optimality-index-nonnegative-from-minus-one": opt_range(
        "a2", (2 * kn + 1) * x**2, kn, -1, 1, 1, 3 / (2 * kn + 1), 6, 3
    ),  # i = −1: −x², unbounded below
    "abs-sum-index-declared-positive": ident("a3", sp.Sum(sp.Abs(kp), (kp, -n, n)), 0),  # n = 1: 2
    "sqrt-square-sum-index-declared-positive": ident("a4", sp.Sum(sp.sqrt(kp**2), (kp, -n, n)), 0),  # n = 1: 2
    "max-sum-index-declared-positive": ident("a5", sp.Sum(sp.Max(kp, 0), (kp, -n, n)), 0),  # n(n + 1)/2
    "sign-sum-index-declared-positive": ineq("a6", sp.Sum(sp.sign(kp), (kp, -n, 0)), ">=", 1),  # the sum is −n
    "abs-sum-index-declared-nonnegative": ident("a7", sp.Sum(sp.Abs(kn), (kn, -n, 0)), -n * (n + 1) / 2),
    "alternating-sum-index-declared-even": ident("a8", sp.Sum((-1) ** ke, (ke, 0, n)), n + 1),  # n = 1: 0
    "alternating-sum-index-declared-odd": ident("a9", sp.Sum((-1) ** ko, (ko, 0, n)), -(n + 1)),  # n = 1: 0
    "heaviside-sum-index-declared-positive": ident(
        "a10", sp.Sum(sp.Heaviside(kp), (kp, -n, n)), 2 * n + 1
    ),  # negative k contribute 0
    "product-abs-index-declared-positive": ident(
        "a11", sp.Product(sp.Abs(kp), (kp, -n, -1)), (-1) ** n * sp.factorial(n)
    ),  # n = 1: 1, not −1
    # class 4: non-integer summation bounds
    "sum-to-real-bound": ident("b1", sp.Sum(kp, (kp, 1, t_)), t_ * (t_ + 1) / 2),  # t = 5/2: 3
    "count-to-real-bound": ident("b2", sp.Sum(1, (kp, 1, t_)), t_),  # t = 5/2: 2
    "geometric-to-real-bound": ident("b3", sp.Sum(2**kn, (kn, 0, t_)), 2 ** (t_ + 1) - 1),
    "product-to-real-bound": ident("b4", sp.Product(2, (kp, 1, t_)), 2**t_),
    "squares-to-real-bound": ident("b5", sp.Sum(kp**2, (kp, 1, t_)), t_ * (t_ + 1) * (2 * t_ + 1) / 6),
    "sum-to-half-integer": ident("b6", sp.Sum(kp, (kp, 1, N / 2)), (N / 2) * (N / 2 + 1) / 2),  # N odd
    "sum-from-real-bound": ident("b7", sp.Sum(1, (kp, t_, 3)), 4 - t_),  # t = 1/2
    "inequality-count-to-real-bound": ineq("b8", sp.Sum(1, (kp, 1, t_)), ">=", t_),  # t = 5/2: 2 < 5/2
    "sum-to-sqrt-bound": ident("b9", sp.Sum(1, (kp, 1, sp.sqrt(N))), sp.sqrt(N)),  # N = 2
    "factorial-product-to-real-bound": ident("b10", sp.Product(kp, (kp, 1, t_)), sp.gamma(t_ + 1)),  # t = 5/2
    "sum-to-shifted-real-bound": ident("b11", sp.Sum(1, (kp, 1, n + t_)), n + t_),
    # class 5: SymPy's generic-parameter limits inside a proof step
    "identity-generic-limit": ident("g1", sp.Limit(x / (x + a0), x, 0), 0),  # a = 0: 1
    "identity-generic-power-limit": ident("g2", sp.Limit(t_**a0, t_, 0, "+"), 0),  # a = 0: 1
    "identity-generic-exp-limit": ident("g3", sp.Limit(sp.exp(-a0 * t_), t_, sp.oo), 0),  # a = 0: 1
    "inequality-generic-limit": ineq("g4", sp.Limit(x / (x + a0), x, 0), "<=", 0),  # a = 0: 1
    "limit-claim-with-inner-generic-limit": lim("g5", x + sp.Limit(t_ / (t_ + a0), t_, 0), x, 0, 0),  # a = 0: 1
    "identity-generic-limit-plus-parameter": ident("g6", sp.Limit(x / (x + a0), x, 0) + a0, a0),  # a = 0
    "identity-generic-limit-ratio": ident("g7", sp.Limit((a0 * x + x**2) / (a0 * x + x**3), x, 0), 1),  # a = 0: ∞
    "inequality-generic-limit-strict": ineq("g8", 1 - sp.Limit(x / (x + a0), x, 0), ">", 0),  # a = 0: 0
    "identity-generic-limit-undefined-at-zero": ident(
        "g9", sp.Limit(sp.sin(a0 * x) / (a0 * x), x, 0), 1
    ),  # a = 0: 0/0 near 0
    "identity-generic-limit-at-infinity": ident("g10", sp.Limit(x**2 / (a0 * x**2 + 1), x, sp.oo), 1 / a0),  # a = 0
}

OBLIGATION_REJECTED = {
    "ode-order-two-one-value": lambda: ODE(
        "t/u9",
        equation=sp.Eq(f(x).diff(x, 2), -f(x)),
        func=f(x),
        solution=5 * sp.sin(x),
        initial={0: 0},
        statement="f'' = -f, f(0) = 0",
        source=SRC,
    ),
    "ode-order-two-cosh": lambda: ODE(
        "t/u10",
        equation=sp.Eq(f(x).diff(x, 2), f(x)),
        func=f(x),
        solution=sp.cosh(x),
        initial={0: 1},
        statement="cosh",
        source=SRC,
    ),
    "ode-order-three-two-values": lambda: ODE(
        "t/u11",
        equation=sp.Eq(f(x).diff(x, 3), 0),
        func=f(x),
        solution=x**2,
        initial={0: 0, 1: 1},
        statement="third derivative 0",
        source=SRC,
    ),
    "recurrence-index-declared-negative": lambda: Recurrence(
        "t/u12",
        sequence=X,
        index=nn,
        closed_form=3**nn,
        recursion=sp.Eq(X(nn + 1), 3 * X(nn)),
        base={0: 1},
        statement="negative index",
        source=SRC,
    ),
    "recurrence-index-declared-even": lambda: Recurrence(
        "t/u13",
        sequence=X,
        index=ke,
        closed_form=3**ke,
        recursion=sp.Eq(X(ke + 1), 3 * X(ke)),
        base={0: 1},
        statement="even index",
        source=SRC,
    ),
    "recurrence-index-declared-odd": lambda: Recurrence(
        "t/u14",
        sequence=X,
        index=ko,
        closed_form=3**ko,
        recursion=sp.Eq(X(ko + 1), 3 * X(ko)),
        base={1: 3},
        statement="odd index",
        source=SRC,
        start=1,
    ),
    "recurrence-index-declared-nonpositive": lambda: Recurrence(
        "t/u15",
        sequence=X,
        index=npos,
        closed_form=3**npos,
        recursion=sp.Eq(X(npos + 1), 3 * X(npos)),
        base={0: 1},
        statement="nonpositive index",
        source=SRC,
    ),
}

OBLIGATION_TRUE = {
    "removable-singularity-excluded": ident("D1", (x**2 - 1) / (x - 1), x + 1, where=[x > 1]),
    "erfinv-inside-its-domain": ident(
        "D2", (sp.erfinv(x) + 1) ** 2, sp.erfinv(x) ** 2 + 2 * sp.erfinv(x) + 1, where=[x > -1, x < 1]
    ),
    "piecewise-covering": ident("D3", sp.Piecewise((x**2, x >= 0), (x**2, x < 0)), x**2),
    "sum-with-defined-terms": ident("D4", sp.Sum(1 / (kp * (kp + 1)), (kp, 1, N)), 1 - 1 / (N + 1)),
    "square-ratio-positive-denominator": ineq("D5", x**2 / (y**2 + 1), ">=", 0),
    "log-of-positive-product": ident("D6", sp.log(p * xp), sp.log(p) + sp.log(xp)),
    "ode-regular-initial-point": ode("D7", sp.Eq(f(x).diff(x), 2 * f(x)), 3 * sp.exp(2 * x), {0: 3}),
    "ode-blow-up-excluded": ode("D8", sp.Eq(f(x).diff(x), f(x) ** 2), 1 / (1 - x), {0: 1}, where=[x < 1]),
    "ode-linear-time-dependent": ode_t("D9", sp.Eq(g(t_).diff(t_), g(t_) / (1 + t_)), 1 + t_, {0: 1}),
    "recurrence-defined-everywhere": rec("D10", X, n, 1 / (n + 1), sp.Eq(X(n + 1), X(n) * (n + 1) / (n + 2)), {0: 1}),
    "sum-to-integer-bound": ident("D11", sp.Sum(kp, (kp, 1, N)), N * (N + 1) / 2),
    "optimality-index-range-matches": opt_range("D12", (2 * ip - 1) * x**2, ip, 1, 2, 4, 3 / (2 * ip - 1), 6, 12),
    "abs-sum-over-index-range": ident("D13", sp.Sum(sp.Abs(i), (i, 1, n)), n * (n + 1) / 2),
    "limit-positive-parameter-inside-identity": ident("D14", sp.Limit(x / (x + p), x, 0), 0),
    "limit-parameter-free": ident("D15", sp.Limit(sp.sin(x) / x, x, 0), 1),
    "geometric-integer-bound": ident("D16", sp.Sum(2**kn, (kn, 0, n)), 2 ** (n + 1) - 1),
}


@pytest.mark.parametrize("name", sorted(OBLIGATION_FALSE))
def test_claim_with_a_bad_point_is_never_proved(name):
    from symbolic.runner import _check_or_report  # a crashing checker is UNKNOWN, as under `verify`
    from symbolic.deadline import Deadline

    claim = OBLIGATION_FALSE[name]()
    verdict = _check_or_report(claim, Deadline(claim.budget))
    assert verdict.status is not Status.PROVED, f"{name}: {verdict.method} {verdict.evidence[:200]}"


@pytest.mark.parametrize("name", sorted(OBLIGATION_REJECTED))
def test_ill_formed_claim_is_rejected_when_built(name):
    with pytest.raises(ValueError):
        OBLIGATION_REJECTED[name]()


@pytest.mark.parametrize("name", sorted(OBLIGATION_TRUE))
def test_defined_and_determined_claim_is_still_proved(name):
    verdict = OBLIGATION_TRUE[name]().check()
    assert verdict.status is Status.PROVED, f"{name}: {verdict.status} {verdict.method} {verdict.evidence[:300]}"
    assert all(o.status == "discharged" and o.rule for o in verdict.obligations), verdict.obligations


@pytest.mark.parametrize(
    "name, condition",
    [
        ("removable-singularity-excluded", "x - 1 ≠ 0"),
        ("erfinv-inside-its-domain", "-1 ≤ x ≤ 1"),
        ("sum-with-defined-terms", "kp + 1 ≠ 0"),
        ("ode-regular-initial-point", "Picard–Lindelöf"),
        ("optimality-index-range-matches", "ip positive (as declared)"),
        ("limit-positive-parameter-inside-identity", "Limit(x/(p + x), x, 0"),
        ("sum-to-integer-bound", None),
    ],
)
def test_proved_verdict_names_its_discharged_obligations(name, condition):
    verdict = OBLIGATION_TRUE[name]().check()
    texts = [o.text for o in verdict.obligations]
    if condition is None:  # integer bounds: nothing to discharge beyond the declared assumptions
        assert all(o.kind != "integer-bounds" for o in verdict.obligations)
        return
    assert any(condition in t for t in texts), texts
    assert verdict.as_dict()["obligations"][0]["status"] == "discharged"


def test_open_obligation_is_named_in_a_checked_verdict():
    verdict = OBLIGATION_FALSE["undefined-removable-singularity"]().check()
    assert verdict.status is not Status.PROVED
    assert "x - 1" in verdict.evidence, verdict.evidence


def test_confirmation_at_no_point_is_an_engine_error():
    # a domain point at which the residual is undefined is skipped; none left is never "confirmed"
    with pytest.raises(EngineBug):
        confirm_zero((x**2 - 1) / (x - 1) - (x + 1), [x], where=[sp.Eq(x, 1)])


def test_corpus_size():
    assert len(FALSE_CLAIMS) + len(UNDER_SPECIFIED) >= 40


@pytest.mark.parametrize("name", sorted(FALSE_CLAIMS))
def test_false_claim_is_never_proved(name):
    verdict = FALSE_CLAIMS[name]().check()
    assert verdict.status is not Status.PROVED, f"{name}: {verdict.method}"


@pytest.mark.parametrize("name", sorted(UNDER_SPECIFIED))
def test_under_specified_claim_is_rejected_when_built(name):
    with pytest.raises(ValueError):
        UNDER_SPECIFIED[name]()


@pytest.mark.parametrize("name", sorted(TRUE_CLAIMS))
def test_true_counterpart_is_still_proved(name):
    verdict = TRUE_CLAIMS[name]().check()
    assert verdict.status is Status.PROVED, f"{name}: {verdict.status} {verdict.method} {verdict.evidence[:200]}"


def test_a_wrong_proof_is_an_engine_bug_not_a_verdict():
    # confirm_zero is what every PROVED identity passes through: a residual that is not 0
    # (as if a rewrite rule had wrongly reduced it) must raise, never be reported PROVED.
    with pytest.raises(EngineBug):
        confirm_zero(sp.sqrt(x**2) - x, [x])
    assert confirm_zero(sp.sqrt(xp**2) - xp, [xp]) > 0


def test_sampled_evidence_is_fixed_not_budgeted():
    # the same sample, and the same stated size, whatever the budget (budgets are CPU time)
    claim = Inequality("t/fixed", xp + 1 / xp, ">=", 2, "AM-GM", SRC, samples=12)
    a, b = claim._sample(_NoHang(), "test"), claim._sample(_NoHang(), "test")
    assert a.method == b.method and "sampled 12 points" in a.method


class _NoHang:
    def check_hang(self):
        return None


@pytest.mark.parametrize(
    "expr, expected",
    [(sp.Abs(x) / x, 1), (sp.sign(x), 1), (p * sp.Abs(x) / x + p, 2 * p)],
    ids=["abs-over-x", "sign", "parametric-jump"],
)
def test_two_sided_limit_with_a_jump_is_refuted_not_checked(expr, expected):
    # the right-hand limit is the claimed value, the left-hand one is not: evidence taken from
    # one side only used to CHECK these false two-sided claims
    verdict = lim("jump", expr, x, 0, expected)().check()
    assert verdict.status is Status.REFUTED, (verdict.method, verdict.evidence)
    assert "from the left" in verdict.evidence


def test_one_sided_domain_is_approached_from_its_side_only():
    # x positive: the left side does not exist, so a two-sided claim is a right-hand claim
    verdict = lim("right-only", sp.sqrt(xp) * sp.log(xp), xp, 0, 0)().check()
    assert verdict.status is Status.PROVED and "both sides" not in verdict.evidence


def test_a_value_sympy_could_not_pin_certifies_nothing():
    # bok-su-altschuler/prop-c.14-mu/numeric-form at one confirmation point: two square roots of
    # numbers near exp(810) that are equal.  N(·, 50) returns 0.e+17 (one bit of precision);
    # taken at face value it was "certainly nonzero", and confirm_zero raised EngineBug on a
    # correct proof (an inequality point could likewise have been decided by it).
    from symbolic.proving import PointValue, value_at

    big = sp.exp(sp.Rational(992016, 1225))
    e1, e2 = sp.erf(249 * sp.sqrt(2) / 35), sp.erf(747 * sp.sqrt(2) / 35)
    a = -3 * e1 / 2 + sp.Rational(217727367233, 16481150) + (sp.Rational(1, 2) + e2 / 2) * big
    b = -3 * e1 / 2 + e2 / 2 + sp.Rational(108867803904, 8240575) + (big - 1) * (1 + e2) / 2
    quick = value_at(sp.sqrt(b) - sp.sqrt(a), {}, 50, simplify=False)
    assert not quick.exact and not quick.is_certainly_nonzero(50) and not quick.is_certainly_negative(50)
    assert value_at(sp.sqrt(b) - sp.sqrt(a), {}, 50).value == 0  # simplify shows it is exactly 0
    assert PointValue(sp.Float("1e-30", 50), False).is_certainly_nonzero(50)  # an accurate value still counts
