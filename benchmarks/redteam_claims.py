"""Red-team the verifier through its public API: false claims that must not come back PROVED/CHECKED.

    PYTHONPATH=$PWD python benchmarks/redteam_claims.py [--budget 10] [--only NAME,...] [--json out.json]

Every entry of :data:`ATTACKS` is a claim written the way an outside researcher writes one (the claim
constructors of :mod:`symbolic.claims`, symbols with SymPy assumptions, ``where`` hypotheses), with
``expected`` ``"false"`` (a comment says why, with a concrete counterexample) or ``"true"``.  Each is
checked in an isolated process (:func:`symbolic.run_claims`, the way ``verify`` does) and tabulated:

* a false claim PROVED is a soundness bug; CHECKED means the sampler missed the counterexample (less
  severe, noted separately); REFUTED is right; UNKNOWN is acceptable but weak;
* a true claim REFUTED is a bug; PROVED/CHECKED are right, UNKNOWN is noted;
* a claim whose construction or check ends in a traceback (``checker error``) is a bug; a construction
  refused with a clear ``ValueError`` naming the claim is the right answer for an ill-posed claim
  (counted ``rejected``).

Not a test (it takes minutes); the regressions it found are in ``tests/symbolic``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from typing import Callable

import sympy as sp

from symbolic import ODE, Identity, Inequality, Limit, Optimality, Recurrence, Source, run_claims

R = sp.Rational
SRC = Source("redteam", "attack", form="derived")

x = sp.Symbol("x", real=True)
y = sp.Symbol("y", real=True)
a = sp.Symbol("a", real=True)
xp = sp.Symbol("x", positive=True)
yp = sp.Symbol("y", positive=True)
ap = sp.Symbol("a", positive=True)
xn = sp.Symbol("x", nonnegative=True)
yn = sp.Symbol("y", nonnegative=True)
n = sp.Symbol("n", integer=True, nonnegative=True)
m = sp.Symbol("m", integer=True, positive=True)
k = sp.Symbol("k", integer=True)
i = sp.Symbol("i", integer=True, positive=True)
nz = sp.Symbol("n", integer=True)  # any integer, negative too
xneg = sp.Symbol("x", negative=True)
xnz = sp.Symbol("x", real=True, nonzero=True)
xnonpos = sp.Symbol("x", nonpositive=True)
t = sp.Symbol("t", real=True)
f = sp.Function("f")
X = sp.Function("X")


@dataclass
class Attack:
    name: str
    expected: str  # "false" or "true"
    build: Callable[[], object]
    why: str


def I(name, lhs, rhs, **kw):  # noqa: E743 - an Identity, briefly
    return Identity(f"redteam/{name}", name, SRC, lhs=lhs, rhs=rhs, **kw)


def Q(name, lhs, rel, rhs, **kw):
    return Inequality(f"redteam/{name}", lhs, rel, rhs, name, SRC, **kw)


def L(name, expr, var, point, expected, **kw):
    return Limit(f"redteam/{name}", expr, var, point, expected, name, SRC, **kw)


ATTACKS: list[Attack] = []


def attack(name: str, expected: str, why: str):
    def register(build):
        ATTACKS.append(Attack(name, expected, build, why))
        return build

    return register


# ---------------------------------------------------------------------------------------------
# Definedness


# (x^2 - 4)/(x - 2) = x + 2 for real x: undefined at x = 2 (a pole hidden by cancellation).
attack("def-removable-pole", "false", "undefined at x = 2")(
    lambda: I("def-removable-pole", (x**2 - 4) / (x - 2), x + 2)
)
# sqrt(x - 3)**2 = x - 3 for positive x: at x = 1 the left side is (sqrt(-2))^2 = -2 = x - 3 as complex
# numbers, so the *identity* holds (principal branch); but as an inequality sqrt(x-3) >= 0 it is undefined
# on (0, 3): the real square root of x - 3 at x = 1 does not exist.
attack("def-sqrt-negative-interior", "false", "sqrt(x - 3) not real at x = 1")(
    lambda: Q("def-sqrt-negative-interior", sp.sqrt(xp - 3), ">=", 0)
)
# log(x*y) = log(x) + log(y) for real nonzero x, y: false at x = y = -1 (log 1 = 0 vs 2πi).
attack("def-log-product-branch", "false", "x = y = -1: 0 vs 2πi")(
    lambda: I("def-log-product-branch", sp.log(x * y), sp.log(x) + sp.log(y), where=[sp.Ne(x, 0), sp.Ne(y, 0)])
)
# 0**x = 0 for x >= 0: false at x = 0 (0**0 = 1).
attack("def-zero-pow-zero", "false", "x = 0: 0**0 = 1")(lambda: I("def-zero-pow-zero", sp.S.Zero**xn, 0))
# x**n/x**n... written so SymPy keeps the pole: (x**2 + x)/(x**2 + x) with a free factor: x*(x+1)/(x*(x+1))
# auto-cancels; use x/(x*exp(0)) style: sin(x)/x = 1 - x**2/6 + ... no: claim sin(x)/x <= 1 for real x,
# undefined at x = 0 (the sampler has 0 among real candidates).
attack("def-sinc-at-zero", "false", "sin(x)/x undefined at x = 0")(
    lambda: Q("def-sinc-at-zero", sp.sin(x) / x, "<=", 1)
)
# 1/(x - 1/3) > -100 for x > 0: undefined at x = 1/3, and false just above... just below 1/3: x = 1/3 - 1/1000
# gives -1000.
attack("def-pole-interior", "false", "pole at x = 1/3; x = 0.332 gives -1000")(
    lambda: Q("def-pole-interior", 1 / (xp - R(1, 3)), ">", -100)
)
# 1/(x^2 - 2) >= -10 for x > 0: pole at sqrt(2) (irrational: no rational root), and just below
# x = 1.414 the value is < -10.
attack("def-irrational-pole", "false", "pole at x = sqrt(2); x = 1.414 gives ≈ -2.1e3")(
    lambda: Q("def-irrational-pole", 1 / (xp**2 - 2), ">=", -10)
)
# log(x - 1) + log(x + 1) = log(x^2 - 1) for x > 0: undefined (log of a negative... as complex: log(x-1)
# has imaginary part π for 0 < x < 1, log(x^2-1) too; but at x = 1 both undefined.  The domain includes
# x = 1: undefined there.
attack("def-log-boundary", "false", "x = 1: log 0")(
    lambda: I("def-log-boundary", sp.log(xp - 1) + sp.log(xp + 1), sp.log(xp**2 - 1))
)
# Sum_{k=0}^{n} 1/(k - 3) is undefined for n >= 3 (term k = 3); claimed equal to its value for n = 2.
attack("def-sum-term-pole", "false", "term k = 3 undefined for n >= 3")(
    lambda: I("def-sum-term-pole", sp.Sum(1 / (k - 3), (k, 0, n)), sp.Sum(1 / (k - 3), (k, 0, n)).subs(n, 2).doit())
)
# gamma(x) > 0 for real x: gamma(-1/2) = -2 sqrt(pi) < 0 and poles at non-positive integers.
attack("def-gamma-negative", "false", "x = -1/2: gamma = -2√π")(lambda: Q("def-gamma-negative", sp.gamma(x), ">", 0))
# acos(x) >= 0 for real x: undefined (complex) for x = 2.
attack("def-acos-outside", "false", "acos(2) is not real")(lambda: Q("def-acos-outside", sp.acos(x), ">=", 0))
# x**(1/x) is defined for x > 0; claim x**(1/x) <= exp(1/e) fine (true); false variant: x**(1/x) < 1.44 for
# x > 0: max is e^(1/e) = 1.4446678 at x = e.
attack("thin-x-pow-inv-x", "false", "x = e: e^(1/e) = 1.44467 > 1.44")(
    lambda: Q("thin-x-pow-inv-x", xp ** (1 / xp), "<", R(144, 100))
)

# ---------------------------------------------------------------------------------------------
# Domains


# exp(x) < 1 for x < 0 (declared negative): TRUE; a sampler that ignores "negative" tries x > 0.
attack("dom-negative-symbol-true", "true", "true for every negative x")(
    lambda: Q("dom-negative-symbol-true", sp.exp(xneg), "<", 1)
)
# 1 - exp(-x^2) > 0 for real nonzero x: TRUE; x = 0 is outside the domain.
attack("dom-nonzero-symbol-true", "true", "true for every x ≠ 0")(
    lambda: Q("dom-nonzero-symbol-true", 1 - sp.exp(-(xnz**2)), ">", 0)
)
# exp(x) <= 1 for x <= 0 (declared nonpositive): TRUE.
attack("dom-nonpositive-symbol-true", "true", "true for every x ≤ 0")(
    lambda: Q("dom-nonpositive-symbol-true", sp.exp(xnonpos), "<=", 1)
)
# exp(x) > 1 for x negative: FALSE everywhere (x = -1: e^-1 < 1).
attack("dom-negative-symbol-false", "false", "x = -1: e^-1 < 1")(
    lambda: Q("dom-negative-symbol-false", sp.exp(xneg), ">", 1)
)
# sin(pi*n) = 0 for real n: false at n = 1/2 (the parameter is real, not an integer).
attack("dom-real-not-integer", "false", "n = 1/2: sin(π/2) = 1")(
    lambda: I("dom-real-not-integer", sp.sin(sp.pi * sp.Symbol("n", real=True)), 0)
)
# x > 1 where x > 1/2 (open end not implied): false at x = 3/4.
attack("dom-open-end", "false", "x = 3/4")(lambda: Q("dom-open-end", xp, ">", 1, where=[xp > R(1, 2)]))
# x >= 1 where x >= 1 is stated as x > 1 ... strict vs nonstrict: claim x > 1 where x >= 1: false at x = 1.
attack("dom-closed-end-strict", "false", "x = 1")(lambda: Q("dom-closed-end-strict", xp, ">", 1, where=[xp >= 1]))
# Empty domain: x positive and x < 0.  Vacuous; a false-looking claim x < -5 must not be PROVED as if it
# said something (honest outcome: UNKNOWN or a clear error, not PROVED/CHECKED on zero points).
attack("dom-empty", "false", "the domain is empty: the claim says nothing (must not be PROVED/CHECKED)")(
    lambda: Q("dom-empty", xp, "<", -5, where=[xp < 0])
)
# Empty domain from an integer symbol: n natural with 1/3 < n < 2/3.
attack("dom-empty-integer", "false", "no integer in (1/3, 2/3)")(
    lambda: I("dom-empty-integer", n, n + 1, where=[n > R(1, 3), n < R(2, 3)])
)
# A parameter only in the hypothesis: x < y where y > 0 for real x: false at x = 1, y = 1/2.
attack("dom-param-only-in-hypothesis", "false", "x = 1, y = 1/2")(
    lambda: Q("dom-param-only-in-hypothesis", x, "<", 2, where=[y > 0, x < y + 2])
)
# Two symbols named x (one positive, one real): sqrt(x_pos**2) = x_real.  False at x = -1 (as one variable);
# the engine must not treat them as one and prove it.
attack("dom-same-name-two-symbols", "false", "x = -1: sqrt(1) = 1 ≠ -1")(
    lambda: I("dom-same-name-two-symbols", sp.sqrt(xp**2), x)
)
# Hypothesis contradicting the symbol's assumption partially: x positive, where x < 1; claim log(x) < 0
# TRUE on (0, 1).
attack("dom-hyp-narrows-true", "true", "log x < 0 on (0, 1)")(
    lambda: Q("dom-hyp-narrows-true", sp.log(xp), "<", 0, where=[xp < 1])
)

# ---------------------------------------------------------------------------------------------
# Sums, products, recurrences


# Sum_{k=1}^{n} k = n(n+1)/2 - 1 (off by one): false at n = 1.
attack("sum-off-by-one", "false", "n = 1: 1 vs 0")(
    lambda: I("sum-off-by-one", sp.Sum(k, (k, 1, n)), n * (n + 1) / 2 - 1)
)
# Sum_{k=0}^{n-1} 2^k = 2^n for n >= 0: false (2^n - 1).
attack("sum-geometric-off", "false", "n = 1: 1 vs 2")(lambda: I("sum-geometric-off", sp.Sum(2**k, (k, 0, n - 1)), 2**n))
# Sum_{k=1}^{n} 1 = n for every integer n, negative too: with the empty-sum convention the sum is 0 for n < 0
# (n = -2: 0 vs -2).  SymPy's Karr convention makes it n; a reversed range must not be PROVED silently.
attack("sum-reversed-bounds", "false", "n = -2: empty sum 0 vs -2 (Karr convention gives -2)")(
    lambda: I("sum-reversed-bounds", sp.Sum(1, (k, 1, nz)), nz)
)
# Sum over an index that shadows a parameter: Sum_{n=0}^{n} n written with the parameter n as bound;
# claimed = n^2: false at n = 1 (1 vs 1 ok), n = 2 (3 vs 4).
attack("sum-shadowed-index", "false", "n = 2: 3 vs 4")(lambda: I("sum-shadowed-index", sp.Sum(n, (n, 0, n)), n**2))
# Product_{k=1}^{n} (1 + 1/k) = n + 1: TRUE.
attack("prod-telescoping-true", "true", "telescoping")(
    lambda: I(
        "prod-telescoping-true",
        sp.Product(
            1 + 1 / sp.Symbol("k", integer=True, positive=True), (sp.Symbol("k", integer=True, positive=True), 1, n)
        ),
        n + 1,
    )
)
# binomial(n, 10) = 0 for natural n: false at n = 10 (1); true for n <= 9 (a sampler on small integers misses it).
attack("int-large-only", "false", "n = 10: binomial(10, 10) = 1")(lambda: I("int-large-only", sp.binomial(n, 10), 0))
# ff(n, 12) <= 0 for natural n... n(n-1)...(n-11) = 0 for n <= 11; n = 12: 12! > 0.
attack("int-ff-large", "false", "n = 12: 12! > 0")(lambda: Q("int-ff-large", sp.ff(n, 12), "<=", 0))
# Recurrence X(n+1) = 2 X(n), X(0) = 1 with closed form 1 + n + n(n-1)/2 (matches 1, 2, 4; n = 3: 7 vs 8).
attack("rec-small-n-match", "false", "n = 3: 8 vs 7")(
    lambda: Recurrence(
        "redteam/rec-small-n-match",
        "",
        SRC,
        sequence=X,
        index=n,
        closed_form=1 + n + n * (n - 1) / 2,
        recursion=sp.Eq(X(n + 1), 2 * X(n)),
        base={0: 1},
    )
)
# Recurrence whose closed form matches for n <= 10 only: closed 2^n + ff(n, 11)... ff(n,11) = 0 for n < 11.
attack("rec-match-to-ten", "false", "n = 11: 2^11 + 11! vs 2^11")(
    lambda: Recurrence(
        "redteam/rec-match-to-ten",
        "",
        SRC,
        sequence=X,
        index=n,
        closed_form=2**n + sp.ff(n, 11),
        recursion=sp.Eq(X(n + 1), 2 * X(n)),
        base={0: 1},
    )
)
# Recurrence X(n+1) = X(n) + 1 with start 0 but base case given at 1 only: underdetermined (X(0) free).
attack("rec-wrong-base", "false", "X(0) is not given")(
    lambda: Recurrence(
        "redteam/rec-wrong-base",
        "",
        SRC,
        sequence=X,
        index=n,
        closed_form=n,
        recursion=sp.Eq(X(n + 1), X(n) + 1),
        base={1: 1},
    )
)
# Recurrence X(n+1) = X(n) + (n^2 - 4)/(n - 2) - n - 1 (= X(n) + 1 except at n = 2, where it is 0/0): the
# closed form n is not determined past n = 2.  ((n - 2)/(n - 2) would not do: SymPy cancels it to 1 as it
# builds the expression, before any checker sees it.)
attack("rec-undefined-step", "false", "n = 2: 0/0 in the recursion")(
    lambda: Recurrence(
        "redteam/rec-undefined-step",
        "",
        SRC,
        sequence=X,
        index=n,
        closed_form=n,
        recursion=sp.Eq(X(n + 1), X(n) + (n**2 - 4) / (n - 2) - n - 1),
        base={0: 0},
    )
)
# Sum_{k=0}^{n} C(n, k) (-1)^k = 0 for natural n: false at n = 0 (1).
attack("sum-alternating-n0", "false", "n = 0: 1")(
    lambda: I("sum-alternating-n0", sp.Sum(sp.binomial(n, k) * (-1) ** k, (k, 0, n)), 0)
)

# ---------------------------------------------------------------------------------------------
# Inequalities false in a thin region


# (x - 1/7)^2 > 0 for real x: false at x = 1/7 (not a sample candidate).
attack("thin-double-root", "false", "x = 1/7")(lambda: Q("thin-double-root", (x - R(1, 7)) ** 2, ">", 0))
# x^2 + y^2 > 0 for real x, y: false at (0, 0) only.
attack("thin-origin", "false", "x = y = 0")(lambda: Q("thin-origin", x**2 + y**2, ">", 0))
# log(x) < 25 for x > 0: false for x > e^25 ≈ 7.2e10 (huge magnitude).
attack("thin-huge", "false", "x = 10^11: log = 25.3")(lambda: Q("thin-huge", sp.log(xp), "<", 25))
# x^3 < 10^6 x for x > 0: false for x > 1000.
attack("thin-large-cubic", "false", "x = 2000")(lambda: Q("thin-large-cubic", xp**3, "<", 10**6 * xp))
# -log(x) < 30 for x > 0: false for x < e^-30 ≈ 9.4e-14 (tiny magnitude).
attack("thin-tiny", "false", "x = 10^-14")(lambda: Q("thin-tiny", -sp.log(xp), "<", 30))
# x^2 - 2x/1000 + 1/10^6 + 1/10^9 ... (x - 1/1000)^2 >= 10^-12 for x > 0: false at x = 1/1000.
attack("thin-near-tie", "false", "x = 1/1000: 0 < 1e-12")(
    lambda: Q("thin-near-tie", (xp - R(1, 1000)) ** 2, ">=", R(1, 10**12))
)
# sin(x) < x/1.0001... sin(x) <= 0.9999 x for x > 0: false for small x (sin x ≈ x).
attack("thin-sin-small", "false", "x = 1/100: sin x > 0.9999 x")(
    lambda: Q("thin-sin-small", sp.sin(xp), "<=", R(9999, 10000) * xp)
)
# exp(x) >= 1 + x + x^2/2 for real x: false for x < 0 (x = -1: 0.3679 < 0.5).
attack("thin-exp-taylor", "false", "x = -1")(lambda: Q("thin-exp-taylor", sp.exp(x), ">=", 1 + x + x**2 / 2))
# exp(x) > 1 + x for real x: false at x = 0 (equality): strict vs non-strict.
attack("thin-strict-tie", "false", "x = 0: 1 = 1")(lambda: Q("thin-strict-tie", sp.exp(x), ">", 1 + x))
# exp(x) >= 1 + x for real x: TRUE (convex, tangent at 0).
attack("true-exp-tangent", "true", "convexity")(
    lambda: Q("true-exp-tangent", sp.exp(x), ">=", 1 + x, minimum_at=(x, 0))
)
# log(x) <= x - 1 for x > 0: TRUE.
attack("true-log-tangent", "true", "concavity")(lambda: Q("true-log-tangent", sp.log(xp), "<=", xp - 1))
# AM-GM: (x + y)/2 >= sqrt(x y) for x, y >= 0: TRUE.
attack("true-am-gm", "true", "(√x − √y)² ≥ 0")(
    lambda: Q("true-am-gm", (xn + yn) / 2, ">=", sp.sqrt(xn * yn), certificate=(sp.sqrt(xn) - sp.sqrt(yn)) ** 2 / 2)
)
# x/(1 + x) < 1 for x >= 0: TRUE.
attack("true-ratio", "true", "1/(1+x) > 0")(lambda: Q("true-ratio", xn / (1 + xn), "<", 1))
# The certificate trick: a certificate that is manifestly nonnegative but equals the difference only where
# defined: difference x - 1 (false for x < 1) with certificate (x^2 - 1)/(x + 1)... not manifest.  Use
# certificate sqrt(x - 1)**2 = x - 1 as complex (principal branch: (sqrt(x-1))^2 = x - 1 for all x), and
# sqrt(x-1)**2 is "nonnegative" only where real.  Claim x >= 1 for x > 0: false at x = 1/2.
attack("cert-complex-square", "false", "x = 1/2")(
    lambda: Q("cert-complex-square", xp, ">=", 1, certificate=sp.sqrt(xp - 1) ** 2)
)
# increasing_in with a function that dips: d(x) = x^2 - x for x >= 0 is not increasing on [0, 1/2];
# d(1/4) = -3/16 < 0.
attack("mono-increasing-dip", "false", "x = 1/4: -3/16")(
    lambda: Q("mono-increasing-dip", xn**2 - xn, ">=", 0, increasing_in=xn)
)
# decreasing_in: 1/x - 1/10 > 0 for x > 0 ... limit -1/10 < 0: false at x = 20.
attack("mono-decreasing-negative-limit", "false", "x = 20: -1/20")(
    lambda: Q("mono-decreasing-negative-limit", 1 / xp, ">", R(1, 10), decreasing_in=xp)
)
# minimum_at at a point that is a stationary point but not the minimum: d = x^3 - 3x + 2 on x >= 0 has
# min at x = 1 (d = 0); claim d > 0: false at x = 1.
attack("mono-tangent-strict-tie", "false", "x = 1: d = 0")(
    lambda: Q("mono-tangent-strict-tie", xn**3 - 3 * xn + 2, ">", 0, minimum_at=(xn, 1))
)
# minimum_at for a function convex only on part of the domain: d = x^4 - 2x^2 + 1 on real x, stationary at
# x = 0 where d = 1 > 0 (a local MAX), while d(1) = 0 and the claim d > 1/2 fails at x = 1.
attack("mono-tangent-local-max", "false", "x = 1: d = 0 < 1/2")(
    lambda: Q("mono-tangent-local-max", x**4 - 2 * x**2 + 1, ">", R(1, 2), minimum_at=(x, 0))
)
# monotone on an interval where the function turns: the difference 2 - x - 1/x on x > 0 ... claim
# x + 1/x > 2 strict: false at x = 1 (equality).
attack("mono-turn-strict", "false", "x = 1")(lambda: Q("mono-turn-strict", xp + 1 / xp, ">", 2))

# ---------------------------------------------------------------------------------------------
# Limits


# sin(1/x) -> 0 as x -> 0: no limit (oscillates).
attack("lim-oscillating", "false", "sin(1/x) has no limit at 0")(lambda: L("lim-oscillating", sp.sin(1 / x), x, 0, 0))
# exp(a x) -> 0 as x -> oo for real a: false for a >= 0 (a = 1: oo).
attack("lim-param-sign", "false", "a = 1: oo")(lambda: L("lim-param-sign", sp.exp(a * x), x, sp.oo, 0))
# x^a -> 0 as x -> 0+ for real a: false for a <= 0 (a = 0: 1).
attack("lim-power-param", "false", "a = 0: 1")(lambda: L("lim-power-param", xp**a, xp, 0, 0, direction="+"))
# 1/x -> oo as x -> 0-: false (-oo).
attack("lim-wrong-direction", "false", "from the left: -oo")(
    lambda: L("lim-wrong-direction", 1 / x, x, 0, sp.oo, direction="-")
)
# |x|/x -> 1 two-sided: false (-1 from the left).
attack("lim-two-sided-abs", "false", "left limit -1")(lambda: L("lim-two-sided-abs", sp.Abs(x) / x, x, 0, 1))
# x - sqrt(x^2 + a x) -> 0 as x -> oo: false, it is -a/2 (a = 2: -1).
attack("lim-inf-minus-inf", "false", "a = 2: -1")(
    lambda: L("lim-inf-minus-inf", x - sp.sqrt(x**2 + ap * x), x, sp.oo, 0)
)
# floor(x) -> 1 as x -> 1 two-sided: false (left limit 0).
attack("lim-floor-jump", "false", "left limit 0")(lambda: L("lim-floor-jump", sp.floor(x), x, 1, 1))
# x/(x + a) -> 0 as x -> 0 for a >= 0: false at a = 0 (1).
attack("lim-generic-param", "false", "a = 0: 1")(
    lambda: L("lim-generic-param", x / (x + sp.Symbol("a", nonnegative=True)), x, 0, 0)
)
# (1 + a/x)^x -> e^a as x -> oo: TRUE.
attack("lim-true-exp", "true", "standard")(lambda: L("lim-true-exp", (1 + a / xp) ** xp, xp, sp.oo, sp.exp(a)))
# sin(x)/x -> 1: TRUE.
attack("lim-true-sinc", "true", "standard")(lambda: L("lim-true-sinc", sp.sin(x) / x, x, 0, 1))
# x*sin(1/x) -> 0 as x -> 0: TRUE (squeeze).
attack("lim-true-squeeze", "true", "|x sin(1/x)| <= |x|")(lambda: L("lim-true-squeeze", x * sp.sin(1 / x), x, 0, 0))
# cos(x)^(1/x^2) -> e^(-1/2): TRUE.
attack("lim-true-cos-pow", "true", "log form")(
    lambda: L("lim-true-cos-pow", sp.cos(x) ** (1 / x**2), x, 0, sp.exp(-R(1, 2)))
)
# (a^x - 1)/x -> log a as x -> 0 for a > 0: TRUE; claim 1: false for a ≠ e (a = 2: log 2).
attack("lim-param-value", "false", "a = 2: log 2")(lambda: L("lim-param-value", (ap**x - 1) / x, x, 0, 1))

# ---------------------------------------------------------------------------------------------
# Piecewise, Min/Max, floor/ceiling, Abs, branches


# Abs(x) = x for real x: false at x = -1.
attack("pw-abs", "false", "x = -1")(lambda: I("pw-abs", sp.Abs(x), x))
# ceiling(x) - floor(x) = 1 for x > 0: false at integers (x = 1: 0).
attack("pw-ceil-floor", "false", "x = 1")(lambda: I("pw-ceil-floor", sp.ceiling(xp) - sp.floor(xp), 1))
# floor(x/2)*2 = x for natural x: false at x = 1.
attack("pw-floor-even", "false", "n = 1: 0")(lambda: I("pw-floor-even", 2 * sp.floor(n / 2), n))
# Min(x, 1) <= x^2 for x > 0: false at x = 1/2.
attack("pw-min", "false", "x = 1/2: 1/2 > 1/4")(lambda: Q("pw-min", sp.Min(xp, 1), "<=", xp**2))
# Piecewise((1, x > 0), (-1, x < 0)) * x = Abs(x): undefined at x = 0 (no branch).
attack("pw-not-covering", "false", "x = 0: no branch applies")(
    lambda: I("pw-not-covering", sp.Piecewise((1, x > 0), (-1, x < 0)) * x, sp.Abs(x))
)
# Max(x, y) + Min(x, y) = x + y: TRUE.
attack("pw-true-max-min", "true", "either order")(lambda: I("pw-true-max-min", sp.Max(x, y) + sp.Min(x, y), x + y))
# Piecewise((x, x > 0), (-x, True)) = Abs(x): TRUE.
attack("pw-true-abs", "true", "by cases")(lambda: I("pw-true-abs", sp.Piecewise((x, x > 0), (-x, True)), sp.Abs(x)))
# sqrt(x^2) = x for real x: false at x = -1.
attack("br-sqrt-square", "false", "x = -1")(lambda: I("br-sqrt-square", sp.sqrt(x**2), x))
# sqrt(x y) = sqrt(x) sqrt(y) for real x, y: false at x = y = -1 (1 vs -1).
attack("br-sqrt-product", "false", "x = y = -1")(lambda: I("br-sqrt-product", sp.sqrt(x * y), sp.sqrt(x) * sp.sqrt(y)))
# LambertW(x e^x) = x for real x: false for x < -1 (x = -2: W(-2/e^2) = -0.406).
attack("br-lambertw", "false", "x = -2")(lambda: I("br-lambertw", sp.LambertW(x * sp.exp(x)), x))
# asin(sin(x)) = x for real x: false at x = 2.
attack("br-asin-sin", "false", "x = 2")(lambda: I("br-asin-sin", sp.asin(sp.sin(x)), x))
# (x^a)^b = x^(a b) for real x, a, b: false at x = -1, a = 2, b = 1/2 (1 vs -1).
attack("br-power-of-power", "false", "x = -1, a = 2, b = 1/2")(
    lambda: I("br-power-of-power", (x**a) ** sp.Symbol("b", real=True), x ** (a * sp.Symbol("b", real=True)))
)
# (-x)^(1/3) = -(x^(1/3)) for x > 0: false on the principal branch ((-1)^(1/3) = e^(iπ/3)).
attack("br-cube-root", "false", "principal cube root of -x is complex")(
    lambda: I("br-cube-root", (-xp) ** R(1, 3), -(xp ** R(1, 3)))
)
# Inequality with a complex value that "looks real": (-8)^(1/3) > -3 (principal root 1 + i√3: no order).
attack("br-complex-const", "false", "(-8)^(1/3) = 1 + i√3 is not real")(
    lambda: Q("br-complex-const", sp.Pow(-8, R(1, 3)) * xp / xp, ">", -3)
)
# log(exp(x)) = x for real x: TRUE.
attack("br-true-log-exp", "true", "real x")(lambda: I("br-true-log-exp", sp.log(sp.exp(x)), x))
# cos(pi n) = (-1)^n for integer n: TRUE.
attack("br-true-cos-pi-n", "true", "integer n")(lambda: I("br-true-cos-pi-n", sp.cos(sp.pi * nz), (-1) ** nz))

# ---------------------------------------------------------------------------------------------
# Floats and huge exponents


# 1 + 10^-20 (a Float) = 1: false (10^-20 ≠ 0) — a Float absorbs it at 15 digits.
attack("float-absorbed", "false", "1e-20 ≠ 0")(lambda: I("float-absorbed", x + sp.Float(1e-20), x))
# 0.1*3 = 3/10 as floats: the double nearest 0.1 is 0.1000000000000000055511151231257827, so 3*that ≠ 3/10.
attack("float-tenth", "false", "the binary 0.1 is not 1/10")(
    lambda: I("float-tenth", 3 * sp.Float(0.1) * xp, R(3, 10) * xp)
)
# x^(1 + 1e-16) = x for x > 0: false (x = 2: 2^(1+1e-16) - 2 ≈ 1.4e-16).
attack("float-exponent", "false", "x = 2")(lambda: I("float-exponent", xp ** sp.Float("1.0000000000000001", 30), xp))
# Inequality with a Float: x*1.0000000000000001 > x for x > 0 written at 15 digits (rounds to 1.0): true
# as written (as a 30-digit Float)?  With the float 1.0000000000000001 == 1.0 in double: false at any x.
attack("float-strict", "false", "the double 1.0000000000000001 is 1.0: x > x fails")(
    lambda: Q("float-strict", xp * sp.Float(1.0000000000000001), ">", xp)
)
# (1 + 1/n)^n < e for natural n >= 1: TRUE; (1 + 1/n)^n < 2.718 false for large n (n = 10^4: 2.71815).
attack("huge-compound", "false", "n = 10^4: 2.71815 > 2.718")(
    lambda: Q("huge-compound", (1 + 1 / m) ** m, "<", R(2718, 1000))
)
# (x + 1)^(10^6) = x^(10^6) + 1 for x > 0: false; a huge exponent must not hang the checker.
attack("huge-exponent", "false", "x = 1: 2^(10^6) vs 2")(
    lambda: I("huge-exponent", (xp + 1) ** (10**6), xp ** (10**6) + 1, budget=8)
)
# 2^(2^x) > x^100 for x >= 1: false at x = 6 (2^64 = 1.8e19 < 6^100); needs no huge evaluation.
attack("huge-tower", "false", "x = 6: 2^64 < 6^100")(
    lambda: Q("huge-tower", 2 ** (2**xp), ">", xp**100, where=[xp >= 1])
)

# ---------------------------------------------------------------------------------------------
# Optimality, ODE


def _opt(name, objective, candidate, multiplier, value, feasible=sp.S.Reals, coefficient=1, total=None, **kw):
    xx = sp.Symbol("xi", real=True)
    T = sp.Symbol("T", positive=True)
    return Optimality(
        f"redteam/{name}",
        name,
        SRC,
        objective=objective(xx),
        x=xx,
        index=i,
        lower=1,
        upper=m,
        coefficient=coefficient,
        total=T if total is None else total,
        candidate=candidate(T),
        multiplier=multiplier(T),
        value=value(T),
        feasible=feasible,
        **kw,
    )


# minimise Σ (x_i - i)^2 s.t. Σ x_i = 0, x_i ≥ 0: only x = 0 is feasible, value Σ i^2; the unconstrained
# KKT point x_i = i - (m+1)/2 is negative at i = 1 (m = 3: x_1 = -1), outside [0, ∞).
attack("opt-boundary", "false", "m = 3: x_1 = -1 < 0")(
    lambda: _opt(
        "opt-boundary",
        lambda v: (v - i) ** 2,
        lambda T: i - (m + 1) / sp.S(2),
        lambda T: -(m + 1),
        lambda T: sp.Sum((R(-1, 1) * (m + 1) / 2) ** 2, (i, 1, m)).doit(),
        feasible=sp.Interval(0, sp.oo),
        total=0,
    )
)
# minimise Σ x_i^3 over reals s.t. Σ x_i = T: unbounded below (not convex); candidate T/m is a stationary
# point only (m = 2, T = 1: (3, -2) gives 27 - 8 = 19 > 1/4 ... and (-10, 11) gives -1000 + 1331 = 331;
# (10, -9) gives 1000 - 729; (-100, 101): 30301 > 0 hmm: x1 = -s, x2 = T + s: -s^3 + (T+s)^3 = T^3 + 3T^2 s + 3Ts^2 > 0.
# With m = 3: (-s, -s, T + 2s): -2s^3 + (T+2s)^3 → +∞.  Take (s, s, T - 2s), s → ∞: 2s^3 - 8s^3 → -∞.
attack("opt-nonconvex", "false", "m = 3, T = 1: (s, s, 1 - 2s), s = 10: -5859 < 1/9")(
    lambda: _opt(
        "opt-nonconvex",
        lambda v: v**3,
        lambda T: T / m,
        lambda T: 3 * T**2 / m**2,
        lambda T: T**3 / m**2,
    )
)
# minimise Σ x_i^2 s.t. Σ x_i = T: candidate T/m, value T^2/m: TRUE.
attack("opt-true-equal", "true", "Cauchy–Schwarz")(
    lambda: _opt("opt-true-equal", lambda v: v**2, lambda T: T / m, lambda T: 2 * T / m, lambda T: T**2 / m)
)
# f' = 3 f^(2/3), f(0) = 0: solutions x^3 and 0 (not unique): "the solution is x^3" must not be PROVED.
attack("ode-nonunique", "false", "f = 0 also solves it")(
    lambda: ODE(
        "redteam/ode-nonunique",
        "",
        SRC,
        equation=sp.Eq(f(xn).diff(xn), 3 * f(xn) ** R(2, 3)),
        func=f(xn),
        solution=xn**3,
        initial={0: 0},
    )
)
# f' = f, f(0) = 2, solution e^x: false (2 e^x).
attack("ode-wrong-initial", "false", "f(0) = 1 ≠ 2")(
    lambda: ODE(
        "redteam/ode-wrong-initial",
        "",
        SRC,
        equation=sp.Eq(f(x).diff(x), f(x)),
        func=f(x),
        solution=sp.exp(x),
        initial={0: 2},
    )
)
# f' = -f/x^2 ... f' = f/x with f(1) = 1, solution |x|: on x real the solution through x = 0 is not
# determined (singular at 0) and |x| is not differentiable there.
attack("ode-abs-solution", "false", "|x| not differentiable at 0; f = x also solves it")(
    lambda: ODE(
        "redteam/ode-abs-solution",
        "",
        SRC,
        equation=sp.Eq(f(x).diff(x), f(x) / x),
        func=f(x),
        solution=sp.Abs(x),
        initial={1: 1},
    )
)


# ---------------------------------------------------------------------------------------------
# Second wave: integrals, series, derivatives, ODE uniqueness, Piecewise identities


# ∫_{-1}^{1} dx/x² = -2 (the antiderivative -1/x across the pole): the integral diverges.
attack("int-across-pole", "false", "diverges at x = 0")(
    lambda: I("int-across-pole", sp.Integral(1 / t**2, (t, -1, 1)), -2)
)
# ∫_0^1 x^a dx = 1/(a + 1) for real a: diverges for a <= -1 (a = -2).
attack("int-param-divergent", "false", "a = -2: diverges")(
    lambda: I("int-param-divergent", sp.Integral(t**a, (t, 0, 1)), 1 / (a + 1), where=[sp.Ne(a, -1)])
)
# ∫_0^∞ e^{-a x} dx = 1/a for real a ≠ 0: diverges for a < 0 (a = -1).
attack("int-laplace-sign", "false", "a = -1: diverges")(
    lambda: I("int-laplace-sign", sp.Integral(sp.exp(-a * t), (t, 0, sp.oo)), 1 / a, where=[sp.Ne(a, 0)])
)
# ∫_0^∞ e^{-a x} dx = 1/a for a > 0: TRUE.
attack("int-true-laplace", "true", "a > 0")(
    lambda: I("int-true-laplace", sp.Integral(sp.exp(-ap * t), (t, 0, sp.oo)), 1 / ap)
)
# Σ_{k≥0} x^k = 1/(1 - x) for real x ≠ 1: diverges for |x| ≥ 1 (x = 2: the formula gives -1).
attack("series-geometric-divergent", "false", "x = 2: diverges (formula -1)")(
    lambda: I("series-geometric-divergent", sp.Sum(x**k, (k, 0, sp.oo)), 1 / (1 - x), where=[sp.Ne(x, 1)])
)
# Σ_{k≥1} x^k/k = -log(1 - x) for x < 1: false for x < -1 (diverges; x = -2).
attack("series-log-divergent", "false", "x = -2: diverges")(
    lambda: I("series-log-divergent", sp.Sum(x**m / m, (m, 1, sp.oo)), -sp.log(1 - x), where=[x < 1])
)
# Σ_{k≥1} (-1)^(k+1)/k = log 2: TRUE.
attack("series-true-alt-harmonic", "true", "Leibniz")(
    lambda: I("series-true-alt-harmonic", sp.Sum((-1) ** (m + 1) / m, (m, 1, sp.oo)), sp.log(2))
)
# d/dx |x| = sign(x) for real x: the derivative does not exist at x = 0.
attack("deriv-abs", "false", "|x| not differentiable at 0")(
    lambda: I("deriv-abs", sp.Derivative(sp.Abs(x), x), sp.sign(x))
)
# d/dx max(x, 0) = Heaviside(x, 1) ... = (1 + sign(x))/2 for real x: not differentiable at 0.
attack("deriv-max", "false", "max(x, 0) not differentiable at 0")(
    lambda: I("deriv-max", sp.Derivative(sp.Max(x, 0), x), (1 + sp.sign(x)) / 2)
)
# d/dx floor(x) = 0 for x > 0: undefined at integers.
attack("deriv-floor", "false", "floor not differentiable at 1")(
    lambda: I("deriv-floor", sp.Derivative(sp.floor(xp), xp), 0)
)
# d/dx x^(1/3) = x^(-2/3)/3 on x >= 0: infinite at 0.
attack("deriv-cbrt", "false", "infinite at x = 0")(
    lambda: I("deriv-cbrt", sp.Derivative(xn ** R(1, 3), xn), xn ** R(-2, 3) / 3)
)
# f' = 2 sqrt|f|, f(0) = 0: f = 0 and f = x|x| both solve it; "the solution is 0" must not be PROVED.
attack("ode-abs-nonunique", "false", "x|x| also solves it")(
    lambda: ODE(
        "redteam/ode-abs-nonunique",
        "",
        SRC,
        equation=sp.Eq(f(x).diff(x), 2 * sp.sqrt(sp.Abs(f(x)))),
        func=f(x),
        solution=sp.S.Zero,
        initial={0: 0},
    )
)
# f' = Piecewise((sqrt f, f > 0), (0, True)), f(0) = 0: 0 and x²/4 (x ≥ 0) both solve it.
attack("ode-piecewise-nonunique", "false", "x²/4 also solves it on x ≥ 0")(
    lambda: ODE(
        "redteam/ode-piecewise-nonunique",
        "",
        SRC,
        equation=sp.Eq(f(xn).diff(xn), sp.Piecewise((sp.sqrt(f(xn)), f(xn) > 0), (0, True))),
        func=f(xn),
        solution=sp.S.Zero,
        initial={0: 0},
    )
)
# Piecewise((1, x > 0), (0, True)) = Piecewise((1, x >= 0), (0, True)): differ at x = 0.
attack("pw-boundary-branch", "false", "x = 0: 0 vs 1")(
    lambda: I("pw-boundary-branch", sp.Piecewise((1, x > 0), (0, True)), sp.Piecewise((1, x >= 0), (0, True)))
)
# Piecewise((x, x < 1), (2x - 1, True)) = Max(x, 2x - 1): TRUE.
attack("pw-true-kink", "true", "by cases")(
    lambda: I("pw-true-kink", sp.Piecewise((x, x < 1), (2 * x - 1, True)), sp.Max(x, 2 * x - 1))
)
# Mod(n, 2)^2 = Mod(n, 2) for integer n: TRUE; Mod(x, 1) = x - floor(x) for real x: TRUE.
attack("mod-true", "true", "0 or 1")(lambda: I("mod-true", sp.Mod(nz, 2) ** 2, sp.Mod(nz, 2)))
# Mod(x, 2)^2 = Mod(x, 2) for real x: false at x = 1/2.
attack("mod-real", "false", "x = 1/2: 1/4 vs 1/2")(lambda: I("mod-real", sp.Mod(x, 2) ** 2, sp.Mod(x, 2)))
# x^y >= 0 for x >= 0, y real: 0^y is undefined (zoo) for y < 0.
attack("pow-zero-negative", "false", "x = 0, y = -1: 0^(-1)")(lambda: Q("pow-zero-negative", xn**y, ">=", 0))
# Symbol declared extended_real (may be ±∞): exp(x) > 0 fails at x = -∞.
attack("ext-real-exp", "false", "x = -oo: exp = 0")(
    lambda: Q("ext-real-exp", sp.exp(sp.Symbol("x", extended_real=True)), ">", 0)
)
# Inequality with increasing_in on a function that rises but starts negative: x - 1 >= 0 for x >= 0.
attack("mono-increase-negative-start", "false", "x = 0: -1")(
    lambda: Q("mono-increase-negative-start", xn - 1, ">=", 0, increasing_in=xn)
)
# decreasing_in on x integer: 1/n - 1/(n+1)... claim 1/m > 1/2 for m >= 1: false at m = 2 (equal) / 3.
attack("mono-decrease-integer", "false", "m = 3: 1/3 < 1/2")(
    lambda: Q("mono-decrease-integer", 1 / m, ">", R(1, 2), decreasing_in=m)
)
# A `parts` decomposition where one factor is negative somewhere: x*(x - 1) + 1 >= 1 claimed as
# parts [(x, x - 1)] + 1 ... d = x^2 - x for x real: false at 1/2.
attack("parts-negative-factor", "false", "x = 1/2: -1/4")(
    lambda: Q("parts-negative-factor", x**2 - x, ">=", 0, parts=[(x, x - 1, {})])
)
# minimum_at with x0 outside the domain: d = (x + 1)^2 - 1/2 on x > 0 ... stationary at -1 (outside): the
# claim d > 0 is TRUE on x > 0 (d > 1/2).  False variant: d = (x - 2)^2 - 1/2 > 0 with minimum_at 2 -> d(2) < 0.
attack("mono-tangent-negative-min", "false", "x = 2: -1/2")(
    lambda: Q("mono-tangent-negative-min", (xp - 2) ** 2 - R(1, 2), ">", 0, minimum_at=(xp, 2))
)


# ---------------------------------------------------------------------------------------------


def run(budget: float, only: set[str] | None) -> list[dict]:
    rows: list[dict] = []
    chosen = [a for a in ATTACKS if not only or a.name in only]
    claims, built = [], []
    for at in chosen:
        try:
            claim = at.build()
        except ValueError as exc:  # a clear refusal at construction (UnderSpecified, float literal, ...)
            rows.append(
                dict(name=at.name, expected=at.expected, verdict="REJECTED", seconds=0.0, method=str(exc)[:160])
            )
            continue
        except Exception as exc:  # noqa: BLE001 - a traceback at construction is a finding
            rows.append(
                dict(
                    name=at.name,
                    expected=at.expected,
                    verdict="CRASH",
                    seconds=0.0,
                    method=f"{type(exc).__name__}: {exc}"[:160],
                )
            )
            continue
        claim.budget = min(claim.budget, budget)
        claims.append(claim)
        built.append(at)
    results = run_claims(claims, jobs=1)
    for at, res in zip(built, results):
        v = res.verdict
        status = str(v.status)
        if v.method.startswith("checker error") or v.method == "checker process died":
            status = "CRASH"
        rows.append(
            dict(
                name=at.name,
                expected=at.expected,
                verdict=status,
                seconds=round(v.seconds, 2),
                method=(v.method + " | " + v.evidence)[:200],
            )
        )
    order = {a.name: j for j, a in enumerate(ATTACKS)}
    rows.sort(key=lambda r: order[r["name"]])
    return rows


def bad(row: dict) -> str:
    """'' if the verdict is acceptable, else why it is a finding."""
    v, e = row["verdict"], row["expected"]
    if v == "CRASH":
        return "crash"
    if e == "false" and v == "PROVED":
        return "UNSOUND"
    if e == "false" and v == "CHECKED":
        return "missed"
    if e == "true" and v == "REFUTED":
        return "WRONG-REFUTE"
    return ""


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=float, default=10.0)
    p.add_argument("--only", default="")
    p.add_argument("--json", default="")
    args = p.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    start = time.time()
    rows = run(args.budget, only)
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        print(
            f"{r['name']:<{width}}  {r['expected']:<5}  {r['verdict']:<8} {r['seconds']:>6}s  "
            f"{bad(r):<12} {r['method'][:110]}"
        )
    counts: dict = {}
    for r in rows:
        counts.setdefault(r["expected"], {}).setdefault(r["verdict"], 0)
        counts[r["expected"]][r["verdict"]] += 1
    print(f"\n{len(rows)} claims in {time.time() - start:.0f} s")
    for e, c in counts.items():
        print(f"  expected {e}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    findings = [r for r in rows if bad(r)]
    print(f"  findings: {len(findings)} (" + ", ".join(f"{r['name']}={bad(r)}" for r in findings) + ")")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
