"""§6 and the figures: Figures 1–2 (curves returned as data), Corollary 6.3 (28)–(29) with the
noise conversion of Appendix D.1, the RDP → (ε, δ) conversion of the experiments, and the
privacy budgets of Tables 1–2.

What the paper prints and what it does not: Tables 1–2 print only the budgets ε = 3 and ε = 2 at
δ = 1e−5 (captions, §6.2–6.3); the hyper-parameters are printed in Appendices D.4 and E.  The
conversion is not printed: the authors' code converts with Mironov's Prop. 3,
ε = min_α [ε(α) + log(1/δ)/(α − 1)], over the order grid :data:`ORDERS` of opacus < 1.0
(``privacy_analysis.get_privacy_spent``); the private batch-normalisation cost α/σ_norm² is also the code's.  Those two
conventions are ours to state, and the reproductions compare the recomputed ε with the printed
digit only.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import Formula, Hypothesis, Identity, Reproduction
from symbolic.claims.numeric import SampledInequality
from derivations.privacy.rdp_conversion import pointwise_epsilon
from derivations.privacy.sgm import sgm_rdp

from . import numerics as nm
from .common import (
    A,
    ALPHA_GT_1,
    LAM_LE_BETA,
    N_GE_2,
    STEP_SC,
    K,
    Sg,
    alpha,
    b,
    eps0_expr,
    eta,
    lam,
    mpq,
    n,
    paper,
    params,
    plain,
    rho,
    sigma,
    sigma_mul,
    src,
)
from .recursions import eps0
from .theorems import thm44, thm45, thm52

R = sp.Rational

# ---------------------------------------------------------------------------
# Figure 1's and Figure 2's baselines (captions).
_share = (
    alpha
    * eta
    * Sg**2
    / (4 * (n / b - 1) * b**2 * sigma**2)
    * (1 - 2 * eta * params("beta")[0].symbol * lam / (params("beta")[0].symbol + lam)) ** (n / (2 * b))
)
balle_first = paper.add(
    Formula(
        paper.id("fig-1-balle-first"),
        _share * K,
        params("alpha", "eta", "lam", "beta", "Sg", "sigma", "b", "n", "K"),
        src("Figure 1, caption", (), "printed", "[5, Thm 5] + RDP composition, first batch"),
        hypotheses=[ALPHA_GT_1, STEP_SC, LAM_LE_BETA, N_GE_2],
        title="αηS_g²/(4(n/b − 1)b²σ²)·(1 − 2ηβλ/(β + λ))^{n/(2b)}·K",
    )
)
balle_last = paper.add(
    Formula(
        paper.id("fig-1-balle-last"),
        _share * (K - 1) + A,
        params("alpha", "eta", "lam", "beta", "Sg", "sigma", "b", "n", "K"),
        src("Figure 1, caption", (), "printed", "[5, Thm 5] + RDP composition, last batch"),
        hypotheses=[ALPHA_GT_1, STEP_SC, LAM_LE_BETA, N_GE_2],
        title="αηS_g²/(4(n/b − 1)b²σ²)·(1 − 2ηβλ/(β + λ))^{n/(2b)}·(K − 1) + αηS_g²/(4b²σ²)",
    )
)
composition = paper.add(
    Formula(
        paper.id("fig-2-composition"),
        K * b / n * A,
        params("alpha", "eta", "Sg", "sigma", "b", "n", "K"),
        src("Figure 2, caption", (), "printed", "composition-based bound ≈ K·(b/n)·αηS_g²/(4σ²b²) ([30, 31])"),
        hypotheses=[ALPHA_GT_1],
        title="K·(b/n)·αηS_g²/(4σ²b²) (the caption's approximation of DP-SGD + SGM composition)",
    )
)

FIG1 = {"eta": R(2, 100), "lam": 1, "beta": 4, "Sg": 4, "sigma": 2, "b": 2, "n": 50}
FIG2 = dict(FIG1, b=4)


def _ev(formula, **values):
    return formula.evaluate(dps=mpmath.mp.dps, **values)


def figure_1_data(alphas=(10, 20, 30), epochs=(1, 2, 5, 10, 20, 50, 100, 200)) -> dict:
    """Figure 1's curves at its caption's parameters (λ = 1, β = 4, S_g = 4, n = 50, η = 0.02, σ² = 4,
    b = 2): ε against K for Theorem 4.4 (first batch j₀ = 0, last batch j₀ = N − 1 = 24),
    Theorem 4.5 and Balle + composition.  Returns {series name: {α: [values over ``epochs``]}}."""
    out = {"epochs": list(epochs)}
    series = {
        "thm-4.4-first": lambda a, k: _ev(thm44, alpha=a, K=k, j0=0, **_drop(FIG1, "beta") | {"beta": 4}),
        "thm-4.4-last": lambda a, k: _ev(thm44, alpha=a, K=k, j0=24, **FIG1),
        "thm-4.5": lambda a, k: _ev(thm45, alpha=a, K=k, **_drop(FIG1, "n")),
        "balle-first": lambda a, k: _ev(balle_first, alpha=a, K=k, **FIG1),
        "balle-last": lambda a, k: _ev(balle_last, alpha=a, K=k, **FIG1),
    }
    for name, fn in series.items():
        out[name] = {a: [fn(a, k) for k in epochs] for a in alphas}
    return out


def _drop(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


def sgm_composition(a, k, values=FIG2):
    """K·N steps of the sampled Gaussian mechanism (toolkit ``privacy/sgm-rdp``, q = b/n, noise
    multiplier z = √(2ησ²)/(ηS_g/b)); N = ⌊n/b⌋ as the authors' code does."""
    v = {x: sp.Rational(values[x]) for x in ("eta", "Sg", "sigma", "b", "n")}
    z = sp.sqrt(2 * v["eta"] * v["sigma"] ** 2) / (v["eta"] * v["Sg"] / v["b"])
    if not z.is_Rational:
        raise ValueError("sgm_composition: the noise multiplier must be rational for exact parsing")
    steps = k * (v["n"] // v["b"])
    return steps * sgm_rdp.evaluate(dps=mpmath.mp.dps, q=v["b"] / v["n"], sigma=z, alpha=a)


def figure_2_data(alphas=(10, 20, 30), epochs=(1, 10, 30, 50, 100)) -> dict:
    """Figure 2's curves (b = 4, n = 50: N = ⌊12.5⌋ = 12, p = b/n = 0.08; other parameters as Figure 1):
    Theorem 5.2, Theorem 5.3, Theorem 4.4 for the last batch, the caption's composition K(b/n)A and the
    exact SGM composition over K·N steps.  Returns {series name: {α: [values over ``epochs``]}}."""
    from .theorems import thm53

    out = {"epochs": list(epochs)}
    series = {
        "thm-5.2": lambda a, k: _ev(thm52, alpha=a, K=k, **FIG2),
        "thm-5.3": lambda a, k: _ev(thm53, alpha=a, K=k, **FIG2),
        "thm-4.4-last": lambda a, k: _ev(thm44, alpha=a, K=k, j0=11, **FIG2),
        "composition": lambda a, k: _ev(composition, alpha=a, K=k, **_drop(FIG2, "lam", "beta")),
        "sgm-exact": lambda a, k: sgm_composition(a, k),
    }
    for name, fn in series.items():
        out[name] = {a: [fn(a, k) for k in epochs] for a in alphas}
    return out


# E28: "the improvement for data points in the first batch is a multiplicative factor of approximately n/b".
def fig1_ratio(k):
    """Theorem 4.5 / Theorem 4.4 (first batch) at Figure 1's parameters, α = 10 (α cancels)."""
    return _ev(thm45, alpha=10, K=k, **_drop(FIG1, "n")) / _ev(thm44, alpha=10, K=k, j0=0, **FIG1)


paper.add(
    Reproduction(
        paper.id("fig-1-improvement-factor"),
        compute=lambda: fig1_ratio(1),
        printed="25",
        statement="§4.2 after Theorem 4.5: Theorem 4.4 improves on Theorem 4.5 for the first batch by a factor of "
        "approximately n/b = 25 (Figure 1); computed at K = 1",
        source=src("Theorem 4.5, Figure 1", ("11", "13")),
        # The paper prints the formula, not the number: the reference 25 is ours, n/b at the caption's n and b.
        origin="recomputed",
        quote="multiplicative factor of approximately n/b",
        where_printed="not printed as a number: §4.2, text after Theorem 4.5, prints 'approximately n/b'; "
        "25 is n/b evaluated at the Figure 1 caption's n = 50, b = 2",
        dps=20,
        expect="refuted",
        erratum="ye-shokri E28",
        covers=[thm44.id, thm45.id],
    )
)
_K = sp.Symbol("K", integer=True, positive=True)
paper.add(
    SampledInequality(
        paper.id("fig-1-improvement-factor-corrected"),
        lambda v: fig1_ratio(int(v["K"])),
        ">=",
        lambda v: 25,
        "corrected: at Figure 1's parameters the factor Theorem 4.5 / Theorem 4.4 (first batch) is at least n/b = 25 "
        "at every sampled K (84.3 at K = 1, 44.2 at K = 2, → 1079 as K → ∞): the improvement is larger than stated",
        src("Theorem 4.5, Figure 1", ("11", "13"), "corrected"),
        symbols=[_K],
        hints=[{"K": 1}, {"K": 2}, {"K": 3}, {"K": 10}, {"K": 200}, {"K": 10**6}],
        samples=8,
        digits=20,
        erratum="ye-shokri E28",
        covers=[thm44.id, thm45.id],
    )
)

# ---------------------------------------------------------------------------
# Corollary 6.3 and the noise conversion of D.1 (E21).
mul = sigma_mul
paper.add(
    Identity(
        paper.id("cor-6.3-sigma"),
        lhs=A.subs(sigma, sp.sqrt(n / 2) * mul * Sg / (2 * b)),
        rhs=2 * alpha / mul**2,
        statement="as printed in the proof of Corollary 6.3: with σ = √(n/2)·σ_mul·S_g/(2b) the Gaussian-step cost "
        "αηS_g²/(4σ²b²) is the 2α/σ_mul² of (29)",
        source=src("Corollary 6.3, proof; eq. (29)", "29"),
        expect="refuted",
        erratum="ye-shokri E21",
        hints=[{"alpha": 2, "eta": 1, "n": 2, "sigma_mul": 1}],
    )
)
paper.add(
    Identity(
        paper.id("cor-6.3-sigma-corrected"),
        lhs=A.subs(sigma, sp.sqrt(eta / 2) * mul * Sg / (2 * b)),
        rhs=2 * alpha / mul**2,
        statement="corrected: Algorithm 3 adds η·(1/b)·σ_mul·(S_g/2)·N(0, I), i.e. √(2ησ²) = ησ_mul S_g/(2b), "
        "σ = √(η/2)·σ_mul·S_g/(2b); then αηS_g²/(4σ²b²) = 2α/σ_mul², the constant of (29)",
        source=src("Corollary 6.3, proof; eq. (29)", "29", "corrected"),
        erratum="ye-shokri E21",
    )
)
jj = sp.Symbol("j", integer=True, positive=True)
w = sp.Symbol("w", positive=True)
W = {lam: w / (eta * (1 + w))}
paper.add(
    Identity(
        paper.id("cor-6.3-eps0"),
        lhs=eps0_expr(jj).subs(sigma, sp.sqrt(eta / 2) * mul * Sg / (2 * b)).subs(W),
        rhs=(
            2
            * alpha
            / mul**2
            * rho ** (2 * (jj - 1))
            / sp.Sum(
                rho ** (2 * sp.Symbol("s", integer=True, nonnegative=True)),
                (sp.Symbol("s", integer=True, nonnegative=True), 0, jj - 1),
            )
        ).subs(W),
        statement="(29) is (16) at σ = √(η/2)·σ_mul·S_g/(2b): ε_0^j = (2α/σ_mul²)(1 − ηλ)^{2(j−1)}/Σ_{s<j}(1 − ηλ)^{2s}",
        source=src("Corollary 6.3, eqs. (28)–(29)", ("16", "29"), "derived"),
        covers=[eps0.id],
    )
)

Lfeat = params("L")[0]
COR_STEP = Hypothesis(
    plain("eta") < 2 / ((plain("L") ** 2 + 1) / 2 + 2 * plain("lam")), "η < 2/((L² + 1)/2 + 2λ) (Corollary 6.3)"
)


def cor63_value(a, e, l, m, bb, nn, kk):
    """(28) with (29): Theorem 5.2 at σ = √(η/2)·σ_mul·S_g/(2b) (S_g cancels; taken = 1)."""
    sig = mpmath.sqrt(e / 2) * m / (2 * bb)
    return nm.rdp_shuffled_batches(a, e, l, mpmath.mpf(1), sig, bb, nn, kk)


def _cor63(values, dps):
    a, e, l, m, bb = (mpq(values[x]) for x in ("alpha", "eta", "lam", "sigma_mul", "b"))
    return cor63_value(a, e, l, m, bb, int(values["n"]), int(values["K"]))


cor63 = paper.add(
    Formula(
        paper.id("cor-6.3-eps"),
        thm52.expr.subs(sigma, sp.sqrt(eta / 2) * mul * Sg / (2 * b)),
        params("alpha", "eta", "lam", "sigma_mul", "Sg", "b", "n", "K", "L"),
        src("Corollary 6.3, eqs. (28)–(29)", ("28", "29"), "corrected", "σ = √(η/2)σ_mul S_g/(2b) (E21)"),
        hypotheses=[ALPHA_GT_1, COR_STEP, N_GE_2],
        title="(28)–(29): Theorem 5.2 with ε_0^j = (2α/σ_mul²)ρ^{2(j−1)}/S_j, ε_norm not included",
        evaluator=_cor63,
    )
)

# ---------------------------------------------------------------------------
# RDP → (ε, δ) on the order grid of the authors' code, and the budgets of Tables 1–2.
ORDERS = [1 + R(x, 10) for x in range(1, 100)] + [R(a) for a in range(12, 64)]
DELTA = R(1, 10**5)


def grid_epsilon(rdp, delta=DELTA, orders=ORDERS):
    """min over ``orders`` of Mironov's ε(α) + log(1/δ)/(α − 1) (toolkit ``pointwise_epsilon``), and α*."""
    d = mpq(delta)
    best = min((pointwise_epsilon("mironov", mpq(a), rdp(a), d), a) for a in orders)
    return best


#: Tables 1–2, dynamics columns (Appendices D.4, E): n, b, η, λ, σ_mul, K, feature clip L,
#: private-normalisation noise σ_norm (None: group norm or public BN, no cost).
DYNAMICS = {
    "mnist": dict(n=60000, b=2048, eta=R(75, 100), lam=R(8, 100), sigma_mul=R(308, 100), K=1200, L=2, norm=8),
    "fmnist": dict(n=60000, b=2048, eta=R(192, 100), lam=R(2, 100), sigma_mul=R(301, 100), K=1200, L=1, norm=None),
    "cifar10": dict(n=50000, b=2048, eta=R(75, 100), lam=R(8, 100), sigma_mul=R(323, 100), K=1200, L=2, norm=6),
    "transfer": dict(n=50000, b=1024, eta=R(192, 100), lam=R(2, 100), sigma_mul=R(420, 100), K=600, L=1, norm=None),
}
#: DP-SGD baselines (Appendices D.4, E): q = b/n, noise multiplier z, epochs, BN noise σ_norm.
DPSGD = {
    "mnist-30": dict(n=60000, b=4096, z=R(304, 100), epochs=30, norm=8),
    "mnist-40": dict(n=60000, b=4096, z=R(304, 100), epochs=40, norm=8),
    "fmnist": dict(n=60000, b=8192, z=R(405, 100), epochs=40, norm=None),
    "cifar10": dict(n=50000, b=8192, z=R(567, 100), epochs=60, norm=8),
    "resnext": dict(n=50000, b=2048, z=R(332, 100), epochs=40, norm=None),
    "simclr": dict(n=50000, b=1024, z=R(240, 100), epochs=40, norm=None),
}


def norm_rdp(a, norm):
    """Private batch normalisation in the authors' code: two Gaussian releases at noise σ_norm, α/σ_norm²."""
    return mpmath.mpf(0) if norm is None else mpq(a) / norm**2


def dynamics_rdp(row):
    r = DYNAMICS[row]

    def rdp(a):
        return cor63.evaluate(
            dps=mpmath.mp.dps,
            alpha=a,
            eta=r["eta"],
            lam=r["lam"],
            sigma_mul=r["sigma_mul"],
            Sg=1,
            b=r["b"],
            n=r["n"],
            K=r["K"],
            L=r["L"],
        ) + norm_rdp(a, r["norm"])

    return rdp


def dynamics_budget(row):
    """(ε at δ = 1e−5, α*) of a dynamics column: Corollary 6.3 + ε_norm, converted on :data:`ORDERS`."""
    return grid_epsilon(dynamics_rdp(row))


def dpsgd_rdp(row):
    r = DPSGD[row]
    steps = r["epochs"] * (r["n"] // r["b"])

    def rdp(a):
        return steps * sgm_rdp.evaluate(dps=mpmath.mp.dps, q=R(r["b"], r["n"]), sigma=r["z"], alpha=a) + norm_rdp(
            a, r["norm"]
        )

    return rdp


def dpsgd_budget(row):
    """(ε at δ = 1e−5, α*) of a DP-SGD baseline: steps = epochs·⌊n/b⌋ sampled Gaussian steps (toolkit
    ``privacy/sgm-rdp``) + private BN, converted on :data:`ORDERS`.

    Fractional orders need quadrature (≈ 2 s each), so only the grid orders between the integer
    orders adjacent to the best integer order are searched, by bisection on the sign of the
    forward difference.  That is exact: the objective
    (log A_α + α(α−1)/σ_norm² + log(1/δ))/(α − 1) has convex numerator vanishing-free sublevel sets
    {log A_α + … + log(1/δ) − t(α − 1) ≤ 0}, which are intervals (log A_α is convex in α), so it is
    quasiconvex and its values along the sorted grid are unimodal.
    """
    rdp = dpsgd_rdp(row)
    d = mpq(DELTA)
    integers = [a for a in ORDERS if a.q == 1]
    values = {a: pointwise_epsilon("mironov", mpq(a), rdp(a), d) for a in integers}
    best = min(values, key=values.get)
    i = integers.index(best)
    lo = integers[i - 1] if i > 0 else 1
    hi = integers[i + 1] if i + 1 < len(integers) else best
    window = [a for a in ORDERS if lo <= a <= hi]

    def f(i):
        a = window[i]
        if a not in values:
            values[a] = pointwise_epsilon("mironov", mpq(a), rdp(a), d)
        return values[a]

    # unimodal along the sorted grid: binary search on the sign of the forward difference
    left, right = 0, len(window) - 1
    while left < right:
        mid = (left + right) // 2
        if f(mid) <= f(mid + 1):
            right = mid
        else:
            left = mid + 1
    best = window[left]
    return values[best], best


_T1 = "Table 1 caption and §6.2: every model trained at (ε = 3, δ = 1e−5)"
for _row, _label in (("mnist", "MNIST"), ("fmnist", "FMNIST"), ("cifar10", "CIFAR-10")):
    paper.add(
        Reproduction(
            paper.id(f"table-1-dynamics-{_row}"),
            compute=(lambda r: lambda: dynamics_budget(r)[0])(_row),
            printed="3",
            statement=f"Table 1, {_label}, dynamics column: Corollary 6.3 + ε_norm at the hyper-parameters of Appendix D.4 "
            "spends the printed budget ε = 3 at δ = 1e−5 (Mironov conversion on the authors' order grid; recomputed "
            "value in the verdict)",
            source=src("Table 1; Corollary 6.3", ("28", "29")),
            where_printed=_T1,
            dps=15,
            origin="printed",
            quote="privacy budget for all the trained models at ( $\\epsilon = 3, \\delta = 10^{-5}$ )",
            budget=30,
            expect="checked",
            covers=[cor63.id],
        )
    )
paper.add(
    Reproduction(
        paper.id("table-2-dynamics"),
        compute=lambda: dynamics_budget("transfer")[0],
        printed="2",
        statement="Table 2, dynamics column (both pre-trained models, identical hyper-parameters in Appendix E): Corollary 6.3 "
        "spends the printed budget ε = 2 at δ = 1e−5",
        source=src("Table 2; Corollary 6.3", ("28", "29")),
        where_printed="Table 2 caption: (ε = 2, δ = 1e−5)",
        dps=15,
        budget=30,
        expect="checked",
        covers=[cor63.id],
        origin="printed",
        quote="privacy budget for all the trained models at ( $\\epsilon = 2, \\delta = 10^{-5}$ )",
    )
)
for _row, _label, _printed, _where in (
    # The authors' code runs the MNIST baseline for 40 epochs; Appendix D.4 prints 30, at which it spends ε = 2.626
    # (dpsgd-baseline-mnist-30-recomputed), well under the stated budget: a finding recorded as E24 in errata.STATUS.
    ("mnist-40", "MNIST (the authors' code's 40 epochs; at Appendix D.4's printed 30 epochs ε = 2.626, E24)", "3", _T1),
    ("fmnist", "FMNIST", "3", _T1),
    ("cifar10", "CIFAR-10", "3", _T1),
    ("resnext", "ResNeXt-29 transfer", "2", "Table 2 caption"),
    ("simclr", "SimCLR v2 transfer", "2", "Table 2 caption"),
):
    paper.add(
        Reproduction(
            paper.id(f"dpsgd-baseline-{_row}"),
            compute=(lambda r: lambda: dpsgd_budget(r)[0])(_row),
            printed=_printed,
            statement=f"DP-SGD baseline, {_label}: the sampled Gaussian mechanism over epochs·⌊n/b⌋ steps (+ private BN) at the "
            f"hyper-parameters of Appendix D.4/E spends the printed budget ε = {_printed} at δ = 1e−5 "
            "(remove-one adjacency, as the baseline is stated)",
            source=src("Table 1; Table 2", (), "printed", "[38] hyper-parameters; [31] accountant"),
            where_printed=_where,
            dps=12,
            budget=150,
            expect="checked",
            origin="printed",
            quote=f"privacy budget for all the trained models at ( $\\epsilon = {_printed}, \\delta = 10^{{-5}}$ )",
        )
    )

# ---------------------------------------------------------------------------
# The same budgets to ten digits, against an independent recomputation.  The paper prints only the budget
# (ε = 3 in Table 1's caption and §6.2, ε = 2 in Table 2's caption); these digits are not printed: they come from a
# 30-digit mpmath script written apart from this package (issue #14 audit) from (15), (28)–(29) with A = 2α/σ_mul²,
# the private normalisation α/σ_norm², the SGM RDP of the baselines (binomial sum at integer orders, quadrature of
# E_{N(0,z²)}[((1 − q) + q·e^{(2x−1)/(2z²)})^α] at fractional ones), and ε = min over every order of the grid of
# ε(α) + log(1/δ)/(α − 1), at the hyper-parameters of Appendices D.4 and E.
_RECOMPUTED_TABLES = (
    "not printed (Tables 1–2 print only the budgets ε = 3, ε = 2): independent 30-digit mpmath recomputation from "
    "(15), (28)–(29) and the SGM RDP on the authors' order grid, hyper-parameters of Appendices D.4, E (benchmarks/"
    "references/ye_shokri_tables.py)"
)
for _row, _label, _digits in (
    ("mnist", "Table 1, MNIST", "2.995103028"),
    ("fmnist", "Table 1, FMNIST", "2.996600433"),
    ("cifar10", "Table 1, CIFAR-10", "2.996422444"),
    ("transfer", "Table 2 (both pre-trained models)", "1.996181434"),
):
    paper.add(
        Reproduction(
            paper.id(f"table-{1 if _row != 'transfer' else 2}-dynamics-{_row}-recomputed"),
            compute=(lambda r: lambda: dynamics_budget(r)[0])(_row),
            printed=_digits,
            statement=f"{_label}, dynamics column: the budget Corollary 6.3 + ε_norm spends at δ = 1e−5 is {_digits} "
            "(ten digits, against an independent recomputation; the paper prints ε = "
            f"{2 if _row == 'transfer' else 3})",
            source=src(f"{_label.split(',')[0]}; Corollary 6.3", ("28", "29"), "derived"),
            origin="recomputed",
            where_printed=_RECOMPUTED_TABLES,
            dps=25,
            budget=30,
            expect="checked",
            covers=[cor63.id],
        )
    )
for _row, _label, _digits in (
    ("mnist-30", "MNIST at D.4's printed 30 epochs (erratum E24: the code runs 40)", "2.626304746"),
    ("mnist-40", "MNIST (40 epochs)", "2.996832725"),
    ("fmnist", "FMNIST", "2.997518710"),
    ("cifar10", "CIFAR-10", "2.996576813"),
    ("resnext", "ResNeXt-29 transfer", "1.997998222"),
    ("simclr", "SimCLR v2 transfer", "1.998656436"),
):
    paper.add(
        Reproduction(
            paper.id(f"dpsgd-baseline-{_row}-recomputed"),
            compute=(lambda r: lambda: dpsgd_budget(r)[0])(_row),
            printed=_digits,
            statement=f"DP-SGD baseline, {_label}: epochs·⌊n/b⌋ sampled Gaussian steps (+ private BN) spend {_digits} at "
            "δ = 1e−5 (ten digits, against an independent recomputation that searches every order of the grid)",
            source=src("Table 1; Table 2", (), "derived", "[38] hyper-parameters; [31] accountant"),
            origin="recomputed",
            where_printed=_RECOMPUTED_TABLES,
            dps=20,
            budget=150,
            expect="checked",
        )
    )

# ---------------------------------------------------------------------------
# Figures 1–2 are plots (no digits printed).  Points of their curves against an independent 40-digit
# recomputation from (11)–(12), (15), (18)–(20) (direct powers, sums and the recursion (20) on S itself:
# benchmarks/references/ye_shokri_formulas.py) at the parameters of the Figure 1 and Figure 2 captions.
_RECOMPUTED_FIG = (
    "not printed (the figure is a plot): independent 40-digit mpmath recomputation from (11)–(12), (15), (18)–(20) "
    "at the caption's parameters (benchmarks/references/ye_shokri_formulas.py)"
)
_FIGV = _drop(FIG2, "beta") | {"beta": 4}


def _thm53_at(a, k):
    from .theorems import thm53

    return _ev(thm53, alpha=a, K=k, **_FIGV)


_FIG_POINTS = [
    (
        "fig-1-thm-4.4-first-K1",
        lambda: _ev(thm44, alpha=10, K=1, j0=0, **FIG1),
        "0.001180797948",
        "Figure 1 (left), α = 10, K = 1: Theorem 4.4 for the first batch",
        ("11", "12"),
        thm44.id,
    ),
    (
        "fig-1-thm-4.4-first-limit",
        lambda: _ev(thm44, alpha=10, K=10**12, j0=0, **FIG1),
        "0.009267213474",
        "Figure 1 (left), α = 10, K = 10¹² (the K → ∞ plateau): Theorem 4.4 for the first batch",
        ("11",),
        thm44.id,
    ),
    (
        "fig-1-thm-4.4-last-limit",
        lambda: _ev(thm44, alpha=10, K=10**12, j0=24, **FIG1),
        "0.05808641553",
        "Figure 1 (right), α = 10, K = 10¹² (the plateau): Theorem 4.4 for the last batch",
        ("11",),
        thm44.id,
    ),
    (
        "fig-2-thm-5.2-limit-a10",
        lambda: _ev(thm52, alpha=10, K=10**12, **_FIGV),
        "0.01182619444",
        "Figure 2 (left), α = 10, K = 10¹² (the plateau): Theorem 5.2",
        ("15", "17"),
        thm52.id,
    ),
    (
        "fig-2-thm-5.2-limit-a30",
        lambda: _ev(thm52, alpha=30, K=10**12, **_FIGV),
        "0.03696982326",
        "Figure 2 (left), α = 30, K = 10¹² (the plateau): Theorem 5.2",
        ("15", "17"),
        thm52.id,
    ),
    (
        "fig-2-thm-5.3-K100-a10",
        lambda: _thm53_at(10, 100),
        "0.02920338383",
        "Figure 2 (right), α = 10, K = 100 (its fixed point to these digits): Theorem 5.3",
        ("18", "20"),
        paper.id("thm-5.3-eps"),
    ),
    (
        "fig-2-thm-5.3-K100-a30",
        lambda: _thm53_at(30, 100),
        "0.1633329791",
        "Figure 2 (right), α = 30, K = 100 (its fixed point to these digits): Theorem 5.3",
        ("18", "20"),
        paper.id("thm-5.3-eps"),
    ),
]
for _label, _fn, _digits, _what, _eqs, _cov in _FIG_POINTS:
    paper.add(
        Reproduction(
            paper.id(_label),
            compute=_fn,
            printed=_digits,
            statement=f"{_what} is {_digits} (the caption's parameters; ten digits against an independent recomputation)",
            source=src(f"Figure {_label[4]}", _eqs, "derived"),
            origin="recomputed",
            where_printed=_RECOMPUTED_FIG,
            dps=25,
            expect="checked",
            covers=[_cov],
        )
    )
