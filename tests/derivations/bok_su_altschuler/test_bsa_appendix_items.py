"""Bok, Su & Altschuler: Remark A.8, Lemma A.11, footnotes 9–11 and Figure 10, against references written
from the paper (exact rationals, mpmath quadrature of the definitions), not from our SymPy forms."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest

from symbolic import registry
from symbolic.errors import HypothesisError

REG = registry()
KEY = "bok-su-altschuler"


def F(name):
    return REG.formula(f"{KEY}/{name}")


# ---------------------------------------------------------------------------
# Remark A.8.
@pytest.mark.parametrize("n,alpha", [(2, "0"), (2, "1/4"), (3, "1/3"), (10, "3/10"), (10, "1/20"), (57, "9/10")])
def test_remark_a8_against_the_testing_lp(n, alpha):
    from derivations.bok_su_altschuler.tradeoff_limits import finite_tradeoff_lp

    a = Fraction(alpha)
    # P_n = (1 − 1/n)δ₀ + (1/n)δ₁ against Q = ½δ₀ + ½δ₁: the printed piecewise form.
    printed = 1 - Fraction(n) * a / 2 if a <= Fraction(1, n) else Fraction(1, 2) * (1 - a) / (1 - Fraction(1, n))
    lp = finite_tradeoff_lp([1 - Fraction(1, n), Fraction(1, n)], [Fraction(1, 2), Fraction(1, 2)], a)
    assert lp == printed
    assert F("rem-a.8-tradeoff-pn-q").evaluate(dps=30, n=n, alpha=alpha) == pytest.approx(float(printed), rel=1e-25)


def test_remark_a8_catalog_numbers_and_the_jump_at_zero():
    f = F("rem-a.8-tradeoff-pn-q")
    got = [f.evaluate(dps=20, n=n, alpha="0.3") for n in (10, 100, 10**4)]
    assert [mpmath.nstr(v, 5) for v in got] == ["0.38889", "0.35354", "0.35004"]
    # T(P_n, Q)(0) = 1 for every n, T(P, Q)(0) = 1/2: the limit at α = 0 is not T(P, Q)(0).
    assert all(f.evaluate(dps=20, n=n, alpha=0) == 1 for n in (2, 10, 10**9))
    assert F("rem-a.8-tradeoff-p-q").evaluate(dps=20, alpha=0) == mpmath.mpf(1) / 2


def test_finite_tradeoff_lp_needs_no_order():
    """The LP reference finds the same curve whatever order the atoms are listed in (it is the LP optimum, not
    the Neyman–Pearson construction), and a wrong order in neyman_pearson_tradeoff gives a larger curve."""
    import sympy as sp

    from derivations.bok_su_altschuler.tradeoff_limits import finite_tradeoff_lp, neyman_pearson_tradeoff

    p, q = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)], [Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)]
    for a in (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(9, 10)):
        assert finite_tradeoff_lp(p, q, a) == finite_tradeoff_lp(p[::-1], q[::-1], a)
    x = sp.Symbol("x")
    right = neyman_pearson_tradeoff(
        [
            (sp.Rational(1, 6), sp.Rational(1, 2)),
            (sp.Rational(1, 3), sp.Rational(1, 3)),
            (sp.Rational(1, 2), sp.Rational(1, 6)),
        ],
        x,
    )
    wrong = neyman_pearson_tradeoff(
        [
            (sp.Rational(1, 2), sp.Rational(1, 6)),
            (sp.Rational(1, 3), sp.Rational(1, 3)),
            (sp.Rational(1, 6), sp.Rational(1, 2)),
        ],
        x,
    )
    a = Fraction(1, 10)
    assert Fraction(str(right.subs(x, sp.Rational(1, 10)))) == finite_tradeoff_lp(p, q, a)
    assert Fraction(str(wrong.subs(x, sp.Rational(1, 10)))) > finite_tradeoff_lp(p, q, a)


def test_remark_a8_hypothesis_names_n():
    with pytest.raises(HypothesisError, match="n ≥ 2"):
        F("rem-a.8-tradeoff-pn-q").evaluate(dps=20, n=1, alpha="0.3")


# ---------------------------------------------------------------------------
# Lemma A.11: f ⊗ h_δ for f = G(μ), against the product pair's tradeoff computed from the definition.
def _product_tradeoff(mu, delta, alpha):
    """T(N(0,1)×P_h, N(μ,1)×Q_h)(α) by the Neyman–Pearson lemma written from scratch: the level-α test rejects
    Q_h's own atom (free), then the shared atom where x > t with (1 − δ)·P(N(0,1) > t) = α (root of ncdf),
    then, beyond α = 1 − δ, P_h's own atom (power 0 there)."""
    if alpha >= 1 - delta:
        return mpmath.mpf(0)
    t = mpmath.findroot(lambda tt: (1 - delta) * mpmath.ncdf(-tt) - alpha, mpmath.mpf(0))
    # type II: Q_h's atom always rejected; on the shared atom, accept when x ≤ t under N(μ, 1).
    return (1 - delta) * mpmath.quad(lambda x: mpmath.npdf(x, mu), [-mpmath.inf, t])


@pytest.mark.parametrize("mu,delta,alpha", [("1.3", "0.1", "0.01"), ("1.3", "0.1", "0.2"), ("0.5", "0.3", "0.5")])
def test_lemma_a11_composition_against_the_product_pair(mu, delta, alpha):
    with mpmath.workdps(30):
        ref = _product_tradeoff(mpmath.mpf(mu), mpmath.mpf(delta), mpmath.mpf(alpha))
    got = F("lem-a.11-g-mu-otimes-h-delta").evaluate(dps=20, mu=mu, delta=delta, alpha=alpha)
    assert got == pytest.approx(ref, rel=1e-15)


def test_lemma_a11_h_delta_and_the_zero_piece():
    assert F("lem-a.11-h-delta").evaluate(dps=20, delta="0.1", alpha="0.2") == pytest.approx(0.7, rel=1e-18)
    assert F("lem-a.11-h-delta").evaluate(dps=20, delta="0.1", alpha="0.95") == 0
    assert F("lem-a.11-g-mu-otimes-h-delta").evaluate(dps=20, mu="1.3", delta="0.1", alpha="0.95") == 0
    assert F("lem-a.11-g-mu-otimes-h-delta").evaluate(dps=20, mu="1.3", delta="0.1", alpha=0) == pytest.approx(0.9)


# ---------------------------------------------------------------------------
# Footnote 9: the conjectured curve, against quadrature of the two mixtures.
@pytest.mark.parametrize("p,s,alpha", [("0.25", "1.25", "0.02"), ("0.5", "0.5", "0.3"), ("0.01", "2", "0.005")])
def test_footnote_9_curve_against_the_definition(p, s, alpha):
    """β at the level-α threshold test of pN(−r,1)+(1−p)N(0,1) vs pN(r,1)+(1−p)N(0,1), integrating the densities."""
    with mpmath.workdps(22):
        pv, rv, av = mpmath.mpf(p), mpmath.mpf(s), mpmath.mpf(alpha)
        P0 = lambda x: pv * mpmath.npdf(x, -rv) + (1 - pv) * mpmath.npdf(x)  # noqa: E731
        Q1 = lambda x: pv * mpmath.npdf(x, rv) + (1 - pv) * mpmath.npdf(x)  # noqa: E731
        lvl = lambda tt: pv * mpmath.ncdf(-tt - rv) + (1 - pv) * mpmath.ncdf(-tt) - av  # noqa: E731
        t = mpmath.findroot(lvl, mpmath.mpf(1))
        assert mpmath.quad(P0, [t, mpmath.inf]) == pytest.approx(av, rel=1e-18)
        ref = mpmath.quad(Q1, [-mpmath.inf, t])
    got = F("fn-9-conjectured-r").evaluate(dps=20, p=p, s=s, sigma=1, alpha=alpha)
    assert got == pytest.approx(ref, rel=1e-15)


def test_footnote_9_curve_near_alpha_1_and_at_the_ends():
    """α = 1 − 10⁻³⁰: every printed digit, against the level equation bisected at 90 digits (1 − α held exactly);
    α = 0 and α = 1 give 1 and 0."""
    with mpmath.workdps(90):
        pv, rv, av = mpmath.mpf("0.25"), mpmath.mpf("1.25"), 1 - mpmath.mpf(10) ** -30
        lvl = lambda tt: pv * mpmath.ncdf(-tt - rv) + (1 - pv) * mpmath.ncdf(-tt) - av  # noqa: E731
        lo, hi = mpmath.mpf(-40), mpmath.mpf(0)  # lvl decreases from > 0 to < 0: plain bisection
        for _ in range(320):
            lo, hi = ((lo + hi) / 2, hi) if lvl((lo + hi) / 2) > 0 else (lo, (lo + hi) / 2)
        t = (lo + hi) / 2
        ref = pv * mpmath.ncdf(t - rv) + (1 - pv) * mpmath.ncdf(t)
    R = F("fn-9-conjectured-r")
    got = R.evaluate(dps=20, p="0.25", s="1.25", sigma=1, alpha="0.999999999999999999999999999999")
    assert mpmath.nstr(got, 20) == mpmath.nstr(ref, 20)
    assert R.evaluate(dps=20, p="0.25", s="1.25", sigma=1, alpha=0) == 1
    assert R.evaluate(dps=20, p="0.25", s="1.25", sigma=1, alpha=1) == 0


class _CountedPhi:
    """mpmath.ncdf, counted, failing once it is called ``cap`` times (the old threshold search made thousands of
    calls, and at the settle rule's 2030-4060 digits ran past any budget: a failure, not a hang)."""

    def __init__(self, monkeypatch, module, cap):
        self.calls, self.cap, self.ncdf = 0, cap, mpmath.ncdf
        monkeypatch.setattr(module.mpmath, "ncdf", self)

    def __call__(self, *args, **kwargs):
        self.calls += 1
        assert self.calls <= self.cap, f"more than {self.cap} evaluations of Φ"
        return self.ncdf(*args, **kwargs)


@pytest.mark.parametrize("upper", [True, False])
def test_footnote_9_threshold_at_a_tiny_level_in_few_evaluations(monkeypatch, upper):
    """Level 1e-100000 (α or 1 − α), p = ½, r = 1, at 200 digits: the threshold solves its level equation, checked
    with erfc directly, after a few dozen evaluations of Φ.  Before, the Newton loop never met its step test once
    log H − log α was at its rounding floor (|log α|·2^-prec ≈ 2e5·2^-prec) and bounced for 4·prec + 200
    iterations (2768 evaluations here; at the 2030 digits eval runs for α = 1e-100000: past the 120 s budget)."""
    from derivations.bok_su_altschuler import noisy_sgd

    phi = _CountedPhi(monkeypatch, noisy_sgd, 200)
    with mpmath.workdps(200):
        half, r, level = mpmath.mpf(1) / 2, mpmath.mpf(1), mpmath.mpf(10) ** -100000
        t = noisy_sgd.opposite_shift_threshold(half, half, r, level, upper)
        sgn = 1 if upper else -1  # the level equation pQ(t + r) + qQ(t) = level for α, pΦ(t + r) + qΦ(t) for 1 − α
        tail = lambda x: mpmath.erfc(sgn * x / mpmath.sqrt(2)) / 2  # noqa: E731
        assert abs(mpmath.log(half * tail(t + r) + half * tail(t)) / mpmath.log(level) - 1) < mpmath.mpf(10) ** -190
        assert 678 < sgn * t < 680
    assert phi.calls <= 60


@pytest.mark.parametrize("near_one,digits", [(True, "1.1724211848295455812e-100295"), (False, "1.0")])
def test_footnote_9_curve_at_levels_1e_minus_100000(monkeypatch, near_one, digits):
    """α = 1 − 1e-100000 and 1e-100000 through evaluate (the settle rule works at 2030 then 4060 digits there, the
    inputs' 100000-digit denominators counting as 2000 digits): R = 1.17e-100295 against the independent reference
    of tests/symbolic/printed_digit_references/bok_su_altschuler.py (`fn9_conjectured_r`, log-space Illinois, at
    40 and 80 digits), and R = 1 to 20 digits (1 − R ≈ 4.5e-99821)."""
    import sympy as sp

    from derivations.bok_su_altschuler import noisy_sgd

    _CountedPhi(monkeypatch, noisy_sgd, 200)
    tiny = sp.Rational(1, 10**100000)
    got = F("fn-9-conjectured-r").evaluate(dps=20, p="1/2", s=1, sigma=1, alpha=1 - tiny if near_one else tiny)
    assert mpmath.nstr(got, 20) == digits


@pytest.mark.parametrize("r", ["10", "40", "60"])
def test_footnote_9_curve_where_the_level_equation_is_flat(r):
    """p = ½, α = ½: pQ(t + r) + qQ(t) = ½ holds at t = −r/2 exactly (Q(r/2) = Φ(−r/2)), so R = ½Φ(−3r/2) + ½Φ(−r/2).
    The level is flat there (slope ≈ φ(r/2), 5.5e-88 at r = 40, against ½) while R moves with t: at r = 40 both settle
    runs stopped at the same wrong threshold and printed 8.12e-89 instead of 1.3768e-89."""
    with mpmath.workdps(60):
        rv = mpmath.mpf(r)
        ref = (mpmath.ncdf(-3 * rv / 2) + mpmath.ncdf(-rv / 2)) / 2
    got = F("fn-9-conjectured-r").evaluate(dps=20, p="1/2", s=r, sigma=1, alpha="1/2")
    assert mpmath.nstr(got, 20) == mpmath.nstr(ref, 20)


@pytest.mark.parametrize("alpha,p,digits", [("0.999", "1e-300", "0.001"), ("0.3", "1/2", "0.2")])
def test_footnote_9_curve_at_a_huge_shift(alpha, p, digits):
    """r = s/σ ≈ 6.7e100 (fuzz: s = 3e101, σ = 401/90): the threshold t ≈ −3.09 (α = 0.999) or −0.25 (α = 0.3, upper
    level) lies ~r from the bracket's far end.  With p = 1e-300 the level equation p + qΦ(t) = 1 − α gives R = 1 − α −
    p; with p = ½, ½Q(t) = 0.3 gives R = ½Φ(t) = 0.2.  A fixed 64 doublings from the far end stopped short of the
    root and the threshold came out of a bracket without one (an overflow, or a number off by 10^984448…)."""
    got = F("fn-9-conjectured-r").evaluate(dps=20, p=p, s="3e101", sigma="401/90", alpha=alpha)
    assert mpmath.nstr(got, 20) == digits


def test_footnote_9_gap_matches_the_catalog():
    """The catalog's maximal gaps over α (0.102 at (p, s/σ) = (0.25, 1.25), 0.0164 at (0.05, 1))."""
    R, C = F("fn-9-conjectured-r"), F("def-4.7-cp-gdp")
    for p, r, gap in (("0.25", "1.25", "0.1017"), ("0.05", "1", "0.0164")):
        best = max(
            R.evaluate(dps=15, p=p, s=r, sigma=1, alpha=f"{i}/200")
            - C.evaluate(dps=15, p=p, mu=str(2 * mpmath.mpf(r)), alpha=f"{i}/200")
            for i in range(2, 11, 2)
        )
        assert mpmath.nstr(best, 3) == mpmath.nstr(mpmath.mpf(gap), 3)


# ---------------------------------------------------------------------------
# Footnotes 10–11 and Figure 10.
def _K_quadrature(m):
    """Lemma A.5's K(μ) as ∫_{μ/2}^∞ (e^{μz − μ²/2} − 1)² φ(z) dz (the p → 0 limit of kl/p²)."""
    return mpmath.quad(lambda z: (mpmath.exp(m * z - m**2 / 2) - 1) ** 2 * mpmath.npdf(z), [m / 2, mpmath.inf])


def test_figure_10_values_recomputed():
    from derivations.bok_su_altschuler.noise_split import figure_10_values

    rows = figure_10_values(b_over_n=("0.01",), L_over_b=("0.125", "2"), etas=("0.1",), ts=(5000, 80000))
    assert [(r[1], r[3], r[6]) for r in rows] == [("0.125", 4900, 3800), ("2", 300, 100)]
    # μ² = 10/(η²σ²N) + 2p²N K(2(√10/3)L/(bσ)) at N* from the paper's formulas, K by quadrature (Lemma A.5's
    # integral form), not by our closed form.
    with mpmath.workdps(30):
        for r in rows:
            Lb, N_ = mpmath.mpf(r[1]), r[3]
            K = _K_quadrature(2 * mpmath.sqrt(10) / 3 * Lb / 3)
            mu = mpmath.sqrt(10 / (mpmath.mpf("0.1") ** 2 * 9 * N_) + 2 * mpmath.mpf("0.01") ** 2 * N_ * K)
            assert r[4] == pytest.approx(mu, rel=1e-20)
            comp = mpmath.sqrt(2) * mpmath.mpf("0.01") * mpmath.sqrt(80000)
            assert r[7][80000] == pytest.approx(comp * mpmath.sqrt(_K_quadrature(Lb / 3)), rel=1e-20)
    # the split helps at L/b = 2 and hurts at L/b = 1/8 (crossing L/(bσ) ≈ 0.6288)
    assert rows[1][4] < rows[1][5] and rows[0][4] > rows[0][5]


def test_split_crossing_sensitivity():
    """The (√10, √10/3) split lowers the continuous optimum 2√2·α·D·p·√K(2βL/(bσ))/(ησ) iff L/(bσ) exceeds the root
    of 10·K(2√10x/3) = 2·K(2√2x), with Lemma A.5's printed K(μ) = e^{μ²}Φ(1.5μ) + 3Φ(−0.5μ) − 2: ≈ 0.62876
    (L/b ≈ 1.886 at σ = 3), as the coverage note says."""
    K = lambda m: mpmath.exp(m**2) * mpmath.ncdf(1.5 * m) + 3 * mpmath.ncdf(-m / 2) - 2  # noqa: E731
    with mpmath.workdps(30):
        g = lambda x: 10 * K(2 * mpmath.sqrt(10) / 3 * x) - 2 * K(2 * mpmath.sqrt(2) * x)  # noqa: E731
        root = mpmath.findroot(g, (mpmath.mpf("0.6"), mpmath.mpf("0.66")), solver="anderson")
        assert mpmath.nstr(root, 4) == "0.6288" and g(mpmath.mpf("0.6")) > 0 > g(mpmath.mpf("0.66"))
        assert g(mpmath.mpf(1) / 24) > 0 > g(mpmath.mpf(2) / 3)  # the two proved comparisons' points


def test_split_formula_at_even_split_is_eq_15():
    args = dict(eta="0.1", L=1, b=50, sigma=3, n=5000, D=1, N=700)
    assert F("fig-10-split-mu").evaluate(dps=25, alpha_sq=2, **args) == pytest.approx(
        F("prop-c.15-mu").evaluate(dps=25, **args), rel=1e-22
    )
    with pytest.raises(HypothesisError, match="α² > 1"):
        F("fig-10-split-mu").evaluate(dps=25, alpha_sq=1, **args)
