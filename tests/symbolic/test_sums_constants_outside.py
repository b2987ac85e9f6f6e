"""symbolic.sums.constants_outside: index-free factors taken out of sums, and what it buys Optimality."""

import sympy as sp

from symbolic import Optimality, Source, Status
from symbolic.runner import check
from symbolic.sums import constants_outside

u = sp.Symbol("u", positive=True)
s = sp.Symbol("s", positive=True)
x = sp.Symbol("x", real=True)
i = sp.Symbol("i", integer=True)
m = sp.Symbol("m", integer=True)
t = sp.Symbol("t", integer=True, positive=True)
c = 1 / (1 + u)


def _term_by_term(e, at):
    """``e`` at the point, every sum expanded into its terms (Karr: Σ_a^b = −Σ_{b+1}^{a−1} when b < a − 1)."""

    def terms(node):
        k, lo, hi = node.limits[0]
        lo, hi = int(lo.xreplace(at)), int(hi.xreplace(at))
        f = node.function.xreplace(at)
        if hi >= lo - 1:
            return sp.Add(*[f.xreplace({k: v}) for v in range(lo, hi + 1)])
        return -sp.Add(*[f.xreplace({k: v}) for v in range(hi + 1, lo)])

    return e.xreplace(at).replace(lambda z: isinstance(z, sp.Sum), terms)


def test_equal_to_the_sum_for_every_range():
    e = sp.Sum(s * (1 + c) * c ** (t - i) / (1 + c**t), (i, 1, m)) + sp.Sum(s**2 * i * c ** (2 * i), (i, m, 3))
    out = constants_outside(e)
    assert out != e and all(isinstance(z.function, sp.Pow | sp.Mul) for z in out.atoms(sp.Sum))
    for mv in (-3, 0, 1, 4, 7):  # reversed, empty and ordinary ranges
        at = {u: sp.Rational(2, 3), s: sp.Rational(5, 7), t: 4, m: mv}
        assert _term_by_term(out, at) - _term_by_term(e, at) == 0, mv


def test_index_dependent_factors_stay_inside():
    e = sp.Sum(i * c**i * s, (i, 1, m))
    assert constants_outside(e) == s * sp.Sum(i * c**i, (i, 1, m))
    assert constants_outside(sp.Sum(c**i, (i, 1, m))) == sp.Sum(c**i, (i, 1, m))


def test_geometric_only():
    inner = sp.Sum(c**m, (m, 0, t - 1))
    geometric = sp.Sum(s * (1 + c) * c ** (2 * t - 2 * i) * sp.exp(3 * i) / (1 + c**t), (i, 1, t))
    assert constants_outside(geometric, geometric_only=True) == constants_outside(geometric)
    assert constants_outside(geometric, geometric_only=True) != geometric
    for left in (  # i·c^i is not geometric; a factor holding a sum stays
        sp.Sum(s * i * c**i, (i, 1, t)),
        sp.Sum(s * c ** (i**2), (i, 1, t)),
        sp.Sum(c ** (t - i) / inner**2, (i, 1, t)),
    ):
        assert constants_outside(left, geometric_only=True) == left
    assert constants_outside(sp.Sum(s * i * c**i, (i, 1, t))) == s * sp.Sum(i * c**i, (i, 1, t))


def test_one_geometric_sum_after_taking_the_factor_out():
    # Lemma C.6's value sum: Sum.doit on the stated summand expands it into one geometric sum per monomial
    # of the expanded numerator (~1 CPU s); with the factor outside it is a single one
    value = sp.Sum(s**2 * (1 + c) ** 2 * c ** (2 * t - 2 * i) / (1 + c**t) ** 2, (i, 1, t))
    assert constants_outside(value).doit().count(sp.Piecewise) == 1


def test_optimality_proves_lemma_c6():
    """Lemma C.6's Cauchy–Schwarz allocation: feasibility and value residuals are geometric sums under
    index-free factors, proved once those are taken out (and confirmed at points on the stated residuals)."""
    cand = c ** (t - i) * (1 + c) / (1 + c**t) * s
    value = (1 - c**t) / (1 + c**t) * (1 + c) / (1 - c) * s**2
    claim = Optimality(
        "t/c6",
        "Lemma C.6",
        Source("test", "unit test"),
        objective=x**2,
        x=x,
        index=i,
        lower=1,
        upper=t,
        coefficient=c ** (t - i),
        total=(1 - c**t) / (1 - c) * s,
        candidate=cand,
        multiplier=2 * (1 + c) * s / (1 + c**t),
        value=value,
        feasible=sp.Interval(0, sp.oo),
    )
    assert check(claim).status is Status.PROVED


def test_prove_zero_takes_geometric_factors_out_before_doit():
    """prove_zero applies constants_outside(geometric_only=True) before Sum.doit: Lemma C.6's value
    sum against its closed form is proved."""
    from symbolic.proving import prove_zero

    value = sp.Sum(s**2 * (1 + c) ** 2 * c ** (2 * t - 2 * i) / (1 + c**t) ** 2, (i, 1, t))
    closed = s**2 * (1 + c) ** 2 * (1 - c ** (2 * t)) / ((1 - c**2) * (1 + c**t) ** 2)
    assert _term_by_term(value - closed, {u: sp.Rational(2, 3), s: sp.Rational(5, 7), t: 5}) == 0
    assert prove_zero(value - closed).proved


def test_piecewise_branches_with_an_exp_of_a_log_start_at_the_exp_form():
    """A Piecewise whose branches hold expm1(a·log1p(x)) (the stable forms) is proved, its branches
    starting at the exp form; the method names the Piecewise, not the order tried inside it."""
    from sympy.codegen.cfunctions import expm1, log1p

    from symbolic.proving import prove_zero

    stable = sp.Piecewise((0, sp.Eq(u, 1)), (expm1(t * log1p(u - 1)) - (u**t - 1), True))
    assert prove_zero(stable).proved
    assert not prove_zero(sp.Piecewise((0, sp.Eq(u, 1)), (expm1(t * log1p(u - 1)) - u**t, True))).proved
