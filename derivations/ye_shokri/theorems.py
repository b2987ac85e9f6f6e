"""Theorems 4.3, 4.4, 4.5 (fixed batches), 5.2 (shuffle and partition, with the shift (17)) and
5.3 (sampling without replacement), with the proofs' epoch recursion (116)–(119), the K → ∞,
λ → 0 and α → 1 limits, the K = 1 reductions, Theorem 5.3's fixed point and convergence
condition.

N = ⌊n/b⌋ and m = ⌊n/(2b)⌋ as footnote 1 prescribes for non-integer n/b.
"""

from __future__ import annotations

import mpmath
import sympy as sp
from sympy.codegen.cfunctions import expm1

from symbolic import Algorithm, Formula, Hypothesis, Identity, Inequality, Limit, Recurrence

from . import numerics as nm
from .common import (
    A,
    ALPHA_GT_1,
    B_LE_N,
    J0_RANGE,
    LAM_LE_BETA,
    N_GE_2,
    STEP_C,
    STEP_SC,
    N_of,
    K,
    S_sum,
    Sg,
    alpha,
    b,
    eps0_expr,
    eta,
    j0,
    lam,
    m_of,
    mpq,
    n,
    paper,
    params,
    plain,
    rho,
    sigma,
    src,
)

w = sp.Symbol("w", positive=True)
W = {lam: w / (eta * (1 + w))}

NAMES5 = ("alpha", "eta", "lam", "Sg", "sigma", "b")


def _vals(values, names=NAMES5):
    return [mpq(values[x]) for x in names]


# ---------------------------------------------------------------------------
# Theorem 4.3, eq. (9)/(93).
thm43 = paper.add(
    Formula(
        paper.id("thm-4.3-eps"),
        A * (K - 1) / N_of + A / (N_of - j0),
        params("alpha", "eta", "Sg", "sigma", "b", "n", "K", "j0", "beta"),
        src("Theorem 4.3, eq. (9)", ("9", "93")),
        hypotheses=[ALPHA_GT_1, STEP_C, B_LE_N, J0_RANGE],
        title="ε ≤ A·(b/n)(K − 1) + A/(n/b − j₀), A = αηS_g²/(4σ²b²): convex β-smooth, fixed batches",
    )
)
# generic symbols for the proofs' algebra
Ng = sp.Symbol("N", integer=True, positive=True)
mg = sp.Symbol("m", integer=True, positive=True)
Dg = sp.Symbol("D", integer=True, positive=True)  # N − m ≥ 1
Kg = sp.Symbol("K", integer=True, positive=True)
Jg = sp.Symbol("J", integer=True, positive=True)  # N − j₀ ≥ 1
paper.add(
    Identity(
        paper.id("thm-4.3-proof"),
        lhs=(Kg - 1) * (A / Ng) + A / Jg,
        rhs=A * (Kg - 1) / Ng + A / Jg,
        statement="(96) with (102): (K − 1)ε_0^{N} + ε_0^{N−j₀} = A(K − 1)/N + A/(N − j₀), i.e. (9) (J = N − j₀)",
        source=src("Theorem 4.3, proof, eqs. (95)–(96), (102)", ("95", "96", "102")),
        covers=[thm43.id],
    )
)
aF, LF, sF, tF, nF = sp.symbols("alpha L_F sigma_F t n", positive=True)
paper.add(
    Identity(
        paper.id("thm-4.3-fmtt"),
        lhs=(A / Jg).subs({b: 1, Sg: 2 * LF, sigma: eta * sF / sp.sqrt(2 * eta)}).subs(Jg, nF - tF + 1),
        rhs=2 * alpha * LF**2 / (sF**2 * (nF - tF + 1)),
        statement="K = 1, b = 1: with noise N(0, σ_F²) on the gradient (√(2ησ²) = ησ_F) and L_F-Lipschitz losses (S_g = 2L_F), "
        "(9) is 2αL_F²/(σ_F²(n − t + 1)) with t = j₀ + 1, [20, Thm 23] (the equivalence stated after Theorem 4.3)",
        source=src("Theorem 4.3, eq. (9)", "9", "derived", "equivalence with [20, Thm 23]"),
        covers=[thm43.id],
        where=[tF <= nF],  # t = j₀ + 1 ≤ n (j₀ < N = n with b = 1)
    )
)
paper.add(
    Limit(
        paper.id("thm-4.3-limit-K"),
        (A * (Kg - 1) / Ng + A / Jg) / Kg,
        Kg,
        sp.oo,
        A / Ng,
        "Theorem 4.3 does not converge: (9)/K → A/N = A·b/n as K → ∞ (linear growth)",
        src("Theorem 4.3, eq. (9)", "9", "derived"),
        covers=[thm43.id],
    )
)
paper.add(
    Identity(
        paper.id("thm-4.3-K1"),
        lhs=thm43.expr.subs(K, 1),
        rhs=A / (N_of - j0),
        statement="K = 1: (9) reduces to A/(n/b − j₀) = ε_0^{N−j₀} of the convex recursion (102) (the first epoch only)",
        source=src("Theorem 4.3, eq. (9)", ("9", "102"), "derived"),
        covers=[thm43.id],
        where=[j0 >= 0, j0 < N_of],  # Theorem 4.3: j₀ ∈ {0, …, N − 1}
    )
)

# ---------------------------------------------------------------------------
# Theorem 4.4, eq. (11)/(103).
q_ = rho ** (2 * (N_of - m_of))
SC_HYPS = [ALPHA_GT_1, STEP_SC, LAM_LE_BETA]


def _fixed_batches_evaluator(values, dps):
    """The evaluator of Theorem 4.4, eq. (11)."""
    return nm.rdp_fixed_batches(*_vals(values), int(values["n"]), int(values["K"]), int(values["j0"]))


thm44 = paper.add(
    Formula(
        paper.id("thm-4.4-eps"),
        eps0_expr(m_of) * (1 - rho ** (2 * (K - 1) * (N_of - m_of))) / (1 - q_) + eps0_expr(N_of - j0),
        params("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "K", "j0", "beta"),
        src("Theorem 4.4, eq. (11)", ("11", "12", "103")),
        hypotheses=SC_HYPS + [N_GE_2, J0_RANGE],
        title="ε ≤ ε_0^m (1 − q^{K−1})/(1 − q) + ε_0^{N−j₀}, m = ⌊n/(2b)⌋, q = (1 − ηλ)^{2(N−m)}",
        evaluator=_fixed_batches_evaluator,
    )
)
# ε_0^j (12) by its ID: the recursions module (and the LSI constants it imports) need not be loaded to
# declare the theorems' bounds (the accountant imports this module alone; 0.1 CPU s of a first call).
EPS0_ID = paper.id("eq-12-eps0")
c44 = [thm44.id, EPS0_ID]
# generic form: ρ = 1/(1 + w), D = N − m, J = N − j₀
qg = (rho ** (2 * Dg)).subs(W)
em, eJ = eps0_expr(mg).subs(W), eps0_expr(Jg).subs(W)
G44 = em * (1 - qg ** (Kg - 1)) / (1 - qg) + eJ
paper.add(
    Identity(
        paper.id("thm-4.4-K1"),
        lhs=G44.subs(Kg, 1),
        rhs=eJ,
        statement="K = 1: (11) reduces to ε_0^{N−j₀} (the first epoch)",
        source=src("Theorem 4.4, eq. (11)", "11", "derived"),
        covers=c44,
    )
)
xq = sp.Function("x")
kk = sp.Symbol("k", integer=True, nonnegative=True)
e_m, qq = sp.symbols("e_m q", positive=True)
q01 = 1 / (1 + w)
paper.add(
    Recurrence(
        paper.id("eq-116-118-recursion"),
        sequence=xq,
        index=kk,
        closed_form=e_m * q01 * (1 - q01**kk) / (1 - q01),
        recursion=sp.Eq(xq(kk + 1), (xq(kk) + e_m) * q01),
        base={0: 0},
        statement="(116) with equality, ε_0^0 = 0: x_{k+1} = (x_k + ε_0^m)q solves to x_k = ε_0^m q(1 − q^k)/(1 − q) "
        "((117)–(118) with k + 1 → k), for 0 < q < 1",
        source=src("Theorem 4.4, proof, eqs. (116)–(118)", ("116", "117", "118")),
        covers=c44,
    )
)
# (113) → (115) → (116): the (108) branch of (113) iterated over j = m, …, N − 1 is a telescoping product of
# ρ²·S_{kN+j}/S_{kN+j+1}, S_i = Σ_{s<i} ρ^{2s} (closed form (1 − ρ^{2i})/(1 − ρ²)); with B = kN + m ≥ 1 and n factors
# (n = N − m), ρ = 1/(1 + w) ∈ (0, 1).
_tb0 = sp.Symbol("b0", integer=True, nonnegative=True)
_tB = 1 + _tb0  # B = kN + m ≥ 1
_tn = sp.Symbol("n", integer=True, nonnegative=True)
_tP = sp.Function("P")
_trho2 = q01**2  # ρ² with ρ = 1/(1 + w)


def _tS(i):
    """S_i = Σ_{s<i} ρ^{2s} in closed form."""
    return (1 - _trho2**i) / (1 - _trho2)


paper.add(
    Recurrence(
        paper.id("eq-115-telescoping"),
        sequence=_tP,
        index=_tn,
        closed_form=_trho2**_tn * _tS(_tB) / _tS(_tB + _tn),
        recursion=sp.Eq(_tP(_tn + 1), _tP(_tn) * _trho2 * _tS(_tB + _tn) / _tS(_tB + _tn + 1)),
        base={0: 1},
        statement="(115): the product of the (108) factors ρ²·S_{B+i}/S_{B+i+1} over i = 0, …, n − 1 (B = kN + m, n = N − m; "
        "S_i = Σ_{s<i} ρ^{2s}) telescopes to ρ^{2n}·S_B/S_{B+n}, for every ρ ∈ (0, 1), B ≥ 1, n ≥ 0",
        source=src("Theorem 4.4, proof, eqs. (113)–(115)", ("113", "114", "115")),
        covers=c44,
    )
)
_ts = sp.Symbol("s", integer=True, nonnegative=True)
paper.add(
    Inequality(
        paper.id("eq-116-from-115"),
        _trho2**_tn,
        ">=",
        _trho2**_tn * _tS(_tB) / _tS(_tB + _tn),
        "(115) ≤ (116): ρ^{2n}·S_B/S_{B+n} ≤ ρ^{2n} (n = N − m) since S_B ≤ S_{B+n} (certificate "
        "ρ^{2n}ρ^{2B}Σ_{s<n}ρ^{2s}/(1 + Σ_{s=1}^{B+n−1}ρ^{2s}), i.e. the terms S_{B+n} − S_B over S_{B+n})",
        src("Theorem 4.4, proof, eqs. (115)–(116)", ("115", "116")),
        certificate=_trho2**_tn
        * _trho2**_tB
        * sp.Sum(_trho2**_ts, (_ts, 0, _tn - 1))
        / (1 + sp.Sum(_trho2**_ts, (_ts, 1, _tB + _tn - 1))),
        covers=c44,
        budget=6,
    )
)
paper.add(
    Identity(
        paper.id("eq-119-from-118"),
        lhs=e_m * q01 * (1 - q01 ** (Kg - 1)) / (1 - q01),
        rhs=e_m * (1 - q01 ** (Kg - 1)) / (1 - q01),
        statement="as printed: setting k = K − 2 in (118) gives (119), ε_{K−1}^0 ≤ ε_0^m(1 − q^{K−1})/(1 − q)",
        source=src("Theorem 4.4, proof, eqs. (118)–(119)", ("118", "119")),
        expect="refuted",
        erratum="ye-shokri E13",
        hints=[{"e_m": 1, "w": 1, "K": 2}],
        covers=c44,
    )
)
paper.add(
    Identity(
        paper.id("eq-119-from-118-corrected"),
        lhs=e_m * q01 * (1 - q01 ** (Kg - 1)) / (1 - q01),
        rhs=q01 * (e_m * (1 - q01 ** (Kg - 1)) / (1 - q01)),
        statement="corrected: (118) at k = K − 2 is q times (119); (119), hence (11), (15), (28), is valid (q ≤ 1) but loose "
        "by the factor q = (1 − ηλ)^{2(N−m)}",
        source=src("Theorem 4.4, proof, eqs. (118)–(119)", ("118", "119"), "corrected"),
        erratum="ye-shokri E13",
        covers=c44,
    )
)
paper.add(
    Inequality(
        paper.id("eq-119-valid"),
        e_m * q01 * (1 - q01 ** (Kg - 1)) / (1 - q01),
        "<=",
        e_m * (1 - q01 ** (Kg - 1)) / (1 - q01),
        "(118) at k = K − 2 ≤ (119): dropping q keeps a valid bound (difference ε_0^m(1 − q^{K−1}) = ε_0^m(1 − q)Σ_{k<K−1}q^k)",
        src("Theorem 4.4, proof, eq. (119)", "119", "derived"),
        certificate=e_m * w / (1 + w) * sp.Sum(q01**kk, (kk, 0, Kg - 2)),
        covers=c44,
    )
)
paper.add(
    Limit(
        paper.id("thm-4.4-limit-K"),
        G44,
        Kg,
        sp.oo,
        em / (1 - qg) + eJ,
        "K → ∞: (11) converges to ε_0^m/(1 − q) + ε_0^{N−j₀}",
        src("Theorem 4.4, eq. (11)", "11", "derived"),
        covers=c44,
    )
)
geo_sum = sp.Sum(rho ** (2 * Dg * kk), (kk, 0, Kg - 2))
paper.add(
    Identity(
        paper.id("thm-4.4-geometric-factor"),
        lhs=sp.Sum(q01**kk, (kk, 0, Kg - 2)),
        rhs=(1 - q01 ** (Kg - 1)) / (1 - q01),
        statement="the epoch factor of (11) is a finite geometric sum: (1 − q^{K−1})/(1 − q) = Σ_{k<K−1} q^k for every "
        "q = (1 − ηλ)^{2(N−m)} ∈ (0, 1) (written q = 1/(1 + w))",
        source=src("Theorem 4.4, eq. (11)", ("11", "118"), "derived"),
        covers=c44,
    )
)
paper.add(
    Limit(
        paper.id("thm-4.4-limit-lam-to-0"),
        eps0_expr(mg) * geo_sum + eps0_expr(Jg),
        lam,
        0,
        A * (Kg - 1) / mg + A / Jg,
        "λ → 0 in (11) (epoch factor as Σ_{k<K−1} q^k) gives A(K − 1)/m + A/(N − j₀): not Theorem 4.3's "
        "A(K − 1)/N + A/(N − j₀) (slope A/m vs A/N)",
        src("Theorem 4.4, eq. (11)", ("9", "11"), "derived"),
        direction="+",
        covers=c44,
    )
)

# ---------------------------------------------------------------------------
# Theorem 4.5, eq. (13).
thm45 = paper.add(
    Formula(
        paper.id("thm-4.5-eps"),
        alpha * Sg**2 / (lam * sigma**2 * b**2) * (1 - sp.exp(-lam * eta * K / 2)),
        params("alpha", "eta", "lam", "Sg", "sigma", "b", "K", "beta"),
        src("Theorem 4.5, eq. (13)", "13"),
        hypotheses=SC_HYPS,
        title="ε ≤ αS_g²/(λσ²b²)·(1 − e^{−ληK/2}) ([14]'s naive dynamics, every record)",
        numeric=alpha * Sg**2 / (lam * sigma**2 * b**2) * -expm1(-lam * eta * K / 2),
    )
)
paper.add(
    Limit(
        paper.id("thm-4.5-limit-K"),
        thm45.expr,
        K,
        sp.oo,
        4 * A / (lam * eta),
        "K → ∞: (13) → αS_g²/(λσ²b²) = 4A/(λη)",
        src("Theorem 4.5, eq. (13)", "13", "derived"),
        covers=[thm45.id],
    )
)

# ---------------------------------------------------------------------------
# Theorem 5.2, eqs. (15)–(17).
i0 = sp.Symbol("i", integer=True, nonnegative=True)
second = sp.log(sp.Sum(sp.exp((alpha - 1) * eps0_expr(N_of - i0)), (i0, 0, N_of - 1)) / N_of) / (alpha - 1)


def _shuffled_batches_evaluator(values, dps):
    """The evaluator of Theorem 5.2, eq. (15) with the shift (17)."""
    return nm.rdp_shuffled_batches(*_vals(values), int(values["n"]), int(values["K"]))


thm52 = paper.add(
    Formula(
        paper.id("thm-5.2-eps"),
        eps0_expr(m_of) * (1 - rho ** (2 * (K - 1) * (N_of - m_of))) / (1 - q_) + second,
        params("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "K", "beta"),
        src("Theorem 5.2, eqs. (15)–(17)", ("15", "16", "17")),
        hypotheses=SC_HYPS + [N_GE_2],
        title="ε ≤ ε_0^m (1 − q^{K−1})/(1 − q) + (α − 1)^{−1} log Avg_{j₀<N} e^{(α−1)ε_0^{N−j₀}} (shift (17))",
        evaluator=_shuffled_batches_evaluator,
    )
)
c52 = [thm52.id, EPS0_ID]
u = sp.symbols("u0:4", real=True)
paper.add(
    Identity(
        paper.id("eq-17-shift"),
        lhs=sp.log((sp.exp(u[1]) + sp.exp(u[2]) + sp.exp(u[3])) / 3),
        rhs=u[0] + sp.log((sp.exp(u[1] - u[0]) + sp.exp(u[2] - u[0]) + sp.exp(u[3] - u[0])) / 3),
        statement="(17): log Avg e^{u_i} = c + log Avg e^{u_i − c} for any shift c (shown for three terms; the evaluator shifts by "
        "(α − 1)ε_0^1, the largest exponent, so nothing overflows at α = 1000)",
        source=src("Theorem 5.2, eq. (17)", "17"),
        covers=c52,
    )
)
a1, a2, a3 = sp.symbols("a1:4", positive=True)
paper.add(
    Limit(
        paper.id("thm-5.2-limit-alpha-to-1"),
        sp.log((sp.exp((alpha - 1) * a1) + sp.exp((alpha - 1) * a2) + sp.exp((alpha - 1) * a3)) / 3) / (alpha - 1),
        alpha,
        1,
        (a1 + a2 + a3) / 3,
        "α → 1⁺: the log-mean-exp term of (15) tends to the arithmetic mean of the ε_0^{N−j₀} (KL limit; "
        "three batches shown)",
        src("Theorem 5.2, eq. (15)", "15", "derived"),
        direction="+",
        covers=c52,
    )
)
paper.add(
    Identity(
        paper.id("thm-5.2-K1"),
        lhs=thm52.expr.subs(K, 1),
        rhs=second,
        statement="K = 1: the first term of (15) vanishes ((1 − q⁰)/(1 − q) = 0) and (15) is the log-mean-exp "
        "(α − 1)^{−1} log Avg_{j₀<N} e^{(α−1)ε_0^{N−j₀}} over the batch positions alone",
        source=src("Theorem 5.2, eq. (15)", "15", "derived"),
        covers=c52,
        where=[alpha > 1, b <= n],  # Theorem 5.2: α > 1, batch size b ≤ n
    )
)
lme = sp.Symbol("ell", positive=True)  # the log-mean-exp term of (15): it does not depend on K
paper.add(
    Limit(
        paper.id("thm-5.2-limit-K"),
        em * (1 - qg ** (Kg - 1)) / (1 - qg) + lme,
        Kg,
        sp.oo,
        em / (1 - qg) + lme,
        "K → ∞: (15) converges to ε_0^m/(1 − q) + (α − 1)^{−1} log Avg_{j₀<N} e^{(α−1)ε_0^{N−j₀}} (only the first "
        "term depends on K; q = (1 − ηλ)^{2(N−m)} ∈ (0, 1))",
        src("Theorem 5.2, eq. (15)", "15", "derived"),
        covers=c52,
    )
)

# ---------------------------------------------------------------------------
# Theorem 5.3, eqs. (18)–(21).
S_rec = sp.Function("S_K^0")(alpha, eta, lam, Sg, sigma, b, n, K)


def _sampled_batches_evaluator(values, dps):
    """The evaluator of Theorem 5.3, eq. (18)."""
    return nm.rdp_sampled_batches(*_vals(values), int(values["n"]), int(values["K"]))


def _sampled_batches_ball(values, prec):
    """Arb ball of Theorem 5.3's log S_K^0/(α − 1) at exact ``values`` (σ may be algebraic: only σ² enters).

    The recursion (20), S ← pE·S + (1 − p)S^{ρ²} from S = 1, is run in log space, x = log S,
    x ← log(pE·e^x + (1 − p)e^{ρ²x}), in Arb balls (every step's ball contains the exact iterate;
    the map's slope is in (ρ², 1), so the radius only accumulates rounding).  The same exact
    shortcuts as the mpmath evaluator (``ye_shokri.numerics.log_S_sampled_batches``), as enclosures:

    * b = n: x_T = T(α − 1)A exactly;
    * pE < 1: the iterates increase to x* = log((1 − p)/(1 − pE))/(1 − ρ²) (claim ``thm-5.3-fixed-point``;
      g is increasing and g(0) ≥ 0), so x_T ∈ [x_t, x*] for every T ≥ t: stop once that is narrow;
    * pE > 1: x_T = x_t + (T − t)log(pE) + R with 0 ≤ R ≤ e^{u_t}/(1 − (pE)^{−(1−ρ²)}),
      u_t = log((1 − p)/(pE)) − (1 − ρ²)x_t: stop once that tail is below the accuracy.

    Raises :class:`~symbolic.certify.NotCertifiable` if neither shortcut applies within
    ``numerics.MAX_STEPS`` steps, or if σ² is not rational.
    """
    from symbolic.certify import NotCertifiable, PrecisionNotReached
    from symbolic.certify.arb import flint, working_precision

    alpha, eta_, lam, Sg, sigma, b_, n_, K = (
        sp.sympify(values[k]) for k in ("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "K")
    )
    # Exact arithmetic only: sp.nsimplify here replaced A = 1 + 4e-9/4 by 1 (α = 40.00000004, η = 1/10, S_g = σ = b = 1),
    # a ball 3e-8 below the exact (18).  σ = s·√(η/2) has a rational σ², which expand() makes explicit.
    A = sp.expand(alpha * eta_ * Sg**2 / (4 * sp.expand(sigma**2) * b_**2))
    if not (A.is_Rational and alpha.is_Rational and eta_.is_Rational and lam.is_Rational):
        raise NotCertifiable(f"ye-shokri/thm-5.3-eps: A = αηS_g²/(4σ²b²) = {A} is not rational; no certified recursion")
    N = int(sp.floor(n_ / b_))
    T = int(K) * N
    F = flint()
    if b_ == n_:  # p = 1: x_T = T(α − 1)A, so (18) = T·A exactly
        with working_precision(prec + 32):
            return F.arb(F.fmpq(int((T * A).p), int((T * A).q)))
    q = lambda r: F.fmpq(int(sp.Rational(r).p), int(sp.Rational(r).q))  # noqa: E731
    p, a1, r2 = q(b_ / n_), q(alpha - 1), q((1 - eta_ * lam) ** 2)
    gap = 1 - r2  # 1 − ρ², exact
    ball = None
    for extra in (32, 64, 128, 256):
        wp = prec + extra
        with working_precision(wp):
            eps_rel = F.arb(2) ** (-(prec + 2))
            log_pE = F.arb(p).log() + F.arb(a1 * q(A))
            log_q = F.arb(1 - p).log()
            x = F.arb(0)
            x_star = None
            regime = 0  # 0: undecided (pE ≈ 1), run every step
            if log_pE < 0:
                regime = -1
                x_star = (log_q - (-(log_pE.expm1())).log()) / F.arb(gap)
            elif log_pE > 0:
                regime = 1
                tail_den = -((-F.arb(gap) * log_pE).expm1())
            out = None
            for step in range(T):
                if step >= nm.MAX_STEPS:
                    raise NotCertifiable(
                        f"ye-shokri/thm-5.3-eps: the certified recursion (20) needs more than {nm.MAX_STEPS} of its "
                        f"K·N = {T} steps at these parameters (no shortcut applies)"
                    )
                x = ((log_pE + x).exp() + (log_q + F.arb(r2) * x).exp()).log()
                if regime < 0:
                    lo, hi = x.lower(), x_star.upper()
                    if hi - lo <= eps_rel * lo:
                        out = lo.union(hi)
                        break
                elif regime > 0 and step >= 1:
                    rest = T - step - 1
                    base = x + rest * log_pE
                    tail = (log_q - log_pE - F.arb(gap) * x).exp() / tail_den
                    if tail.upper() <= eps_rel * base.lower():
                        out = base.lower().union((base + tail.upper()).upper())
                        break
            if out is None:
                out = x
            ball = out / F.arb(a1)
            if ball.is_finite() and ball.rel_accuracy_bits() >= prec:
                return ball
    raise PrecisionNotReached(f"ye-shokri/thm-5.3-eps: the certified recursion did not reach {prec} bits ({ball})")


thm53 = paper.add(
    Formula(
        paper.id("thm-5.3-eps"),
        sp.log(S_rec) / (alpha - 1),
        params("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "K", "beta"),
        src("Theorem 5.3, eqs. (18)–(21)", ("18", "19", "20", "21")),
        hypotheses=SC_HYPS + [B_LE_N],
        title="ε ≤ log S_K^0/(α − 1), S ← (b/n)e^{(α−1)A}S + (1 − b/n)S^{(1−ηλ)²} for K·N steps from S = 1",
        method=Algorithm(_sampled_batches_evaluator, certifier=_sampled_batches_ball),
    )
)
c53 = [thm53.id]
p_, v_, g_ = sp.symbols("p v gamma", positive=True)
P01 = 1 / (1 + v_)  # p = b/n ∈ (0, 1)
R01 = g_ / (1 + g_)  # ρ² ∈ (0, 1), so 1/(1 − ρ²) = 1 + γ
pE_ = 1 / (1 + p_)  # pE < 1 (convergent regime)
S_star = ((1 - P01) / (1 - pE_)) ** (1 + g_)
paper.add(
    Identity(
        paper.id("thm-5.3-fixed-point"),
        lhs=pE_ * S_star + (1 - P01) * S_star**R01,
        rhs=S_star,
        statement="if pE < 1 (p = b/n, E = e^{(α−1)A}), S* = ((1 − p)/(1 − pE))^{1/(1 − ρ²)} is a fixed point of (20): "
        "S* = pE·S* + (1 − p)(S*)^{ρ²} (0 < p, ρ² < 1); the increasing iterates from S = 1 converge to it, so (18) → "
        "log((1 − p)/(1 − pE))/((α − 1)(1 − ρ²)) as K → ∞",
        source=src("Theorem 5.3, eq. (20)", ("18", "20"), "derived"),
        covers=c53,
    )
)
Sx = sp.Symbol("S", positive=True)
Epos = sp.Symbol("E", positive=True)
paper.add(
    Inequality(
        paper.id("thm-5.3-divergence"),
        P01 * Epos * Sx + (1 - P01) * Sx**R01,
        ">=",
        P01 * Epos * Sx,
        "convergence condition: every step of (20) multiplies S by at least pE, so S_K^0 ≥ (pE)^{KN} and (18) ≥ "
        "KN·log(pE)/(α − 1) → ∞ when pE = (b/n)e^{(α−1)A} > 1 (the condition pE < 1 is not stated in the paper)",
        src("Theorem 5.3, eq. (20)", ("18", "20"), "derived", ""),
        certificate=(1 - P01) * Sx**R01,
        covers=c53,
    )
)
Ag = sp.Symbol("A", positive=True)
paper.add(
    Limit(
        paper.id("thm-5.3-limit-first-order"),
        sp.log((1 - P01) / (1 - P01 * sp.exp((alpha - 1) * Ag))) / ((alpha - 1) * (1 - R01)) / Ag,
        Ag,
        0,
        P01 / ((1 - P01) * (1 - R01)),
        "first order in A: the K → ∞ value of (18) is pA/((1 − p)(1 − ρ²)) + O(A²)",
        src("Theorem 5.3, eq. (18)", "18", "derived"),
        direction="+",
        covers=c53,
    )
)

PE_LT_1 = Hypothesis(
    plain("b")
    / plain("n")
    * sp.exp(
        (plain("alpha") - 1)
        * plain("alpha")
        * plain("eta")
        * plain("Sg") ** 2
        / (4 * plain("sigma") ** 2 * plain("b") ** 2)
    )
    < 1,
    "(b/n)·e^{(α−1)αηS_g²/(4σ²b²)} < 1 (Theorem 5.3's recursion converges only then)",
)


def _sampled_batches_limit_evaluator(values, dps):
    """The evaluator of Theorem 5.3's K → ∞ limit of (18)."""
    return nm.rdp_sampled_batches_limit(*_vals(values), int(values["n"]))


pp = b / n
EE = sp.exp((alpha - 1) * A)
thm53_limit = paper.add(
    Formula(
        paper.id("thm-5.3-eps-limit"),
        sp.log((1 - pp) / (1 - pp * EE)) / ((alpha - 1) * (1 - rho**2)),
        params("alpha", "eta", "lam", "Sg", "sigma", "b", "n", "beta"),
        src("Theorem 5.3, eq. (18)", ("18", "20"), "derived", "fixed point of (20)"),
        hypotheses=SC_HYPS + [B_LE_N, PE_LT_1],
        title="lim_{K→∞} (18) = log((1 − p)/(1 − pE))/((α − 1)(1 − ρ²)), p = b/n, E = e^{(α−1)A}, if pE < 1",
        evaluator=_sampled_batches_limit_evaluator,
    )
)

# η → 0 of the converged bound (K → ∞): the first term ε_0^m/(1 − q), with 1 − q = (1 − ρ²)Σ_{s<N−m} ρ^{2s},
# tends to αS_g²/(8σ²b²λm(N − m)); the second term ε_0^{N−j₀} → 0 (it is ∝ η).
# The limit's expression writes 1 − ρ² as SymPy's exact factorisation ηλ(2 − ηλ), the same function of η: the factor η
# of A then cancels on construction and the limit calculus proves the limit by continuity at once (≈ 0.1 CPU s).  With
# 1 − (1 − ηλ)² unfactored it first spent half its budget (45 CPU s) in l'Hôpital over the sums before its "cancel"
# rewrite proved the same limit the same way.
ONE_MINUS_RHO2 = sp.factor(1 - rho**2)
paper.add(
    Identity(
        paper.id("thm-4.4-one-minus-q"),
        lhs=(1 - rho ** (2 * Dg)).subs(W),
        rhs=((1 - rho**2) * S_sum(Dg)).subs(W),
        statement="1 − q = 1 − (1 − ηλ)^{2(N−m)} = (1 − (1 − ηλ)²)·Σ_{s<N−m}(1 − ηλ)^{2s} (0 < ηλ < 1)",
        source=src("Theorem 4.4, eq. (11)", "11", "derived"),
        covers=c44,
    )
)
paper.add(
    Limit(
        paper.id("thm-4.4-limit-eta-to-0"),
        eps0_expr(mg) / (ONE_MINUS_RHO2 * S_sum(Dg)),
        eta,
        0,
        alpha * Sg**2 / (8 * sigma**2 * b**2 * lam * mg * Dg),
        "η → 0 in the K → ∞ value of (11): ε_0^m/(1 − q) → αS_g²/(8σ²b²λm(N − m)) (D = N − m), while ε_0^{N−j₀} → 0; "
        "for even N this is αS_g²/(2λσ²n²)",
        src("Theorem 4.4, eq. (11)", ("11", "12"), "derived"),
        direction="+",
        covers=c44,
    )
)
paper.add(
    Limit(
        paper.id("thm-4.4-limit-eta-to-0-second-term"),
        eps0_expr(Jg),
        eta,
        0,
        0,
        "η → 0: the second term ε_0^{N−j₀} of (11) vanishes (it carries the factor η of A)",
        src("Theorem 4.4, eq. (11)", ("11", "12"), "derived"),
        direction="+",
        covers=c44,
    )
)

# ---------------------------------------------------------------------------
# Theorem 4.4 against the exact quadratic-loss instance, and Theorem 5.2's sandwich (sampled).
from symbolic.claims.numeric import SampledInequality  # noqa: E402

_FIG1 = dict(eta=sp.Rational(2, 100), lam=1, Sg=4, sigma=2, b=2, n=50, beta=4)
_FIG2 = dict(_FIG1, b=4)


def quadratic_instance_rdp(alpha_, K_, j0_, values=_FIG1):
    """Exact R_α of the last iterate for ℓ(θ; x) = (λ/2)(θ − x)² in 1-D, fixed batches, the differing record in
    batch j₀ at the aligned worst case: mean gap δ ← ρδ (+ ηS_g/b at the step of batch j₀), variance
    V ← ρ²V + 2ησ² over K·N steps from a point; R_α = αδ²/(2V)."""
    e, l, sg, sig = (mpq(values[x]) for x in ("eta", "lam", "Sg", "sigma"))
    b_, n_ = int(values["b"]), int(values["n"])
    rho_ = 1 - e * l
    delta, var = mpmath.mpf(0), mpmath.mpf(0)
    for _ in range(K_):
        for jj in range(n_ // b_):
            delta = rho_ * delta + (e * sg / b_ if jj == j0_ else 0)
            var = rho_**2 * var + 2 * e * sig**2
    return alpha_ * delta**2 / (2 * var)


_a, _k, _j = (
    sp.Symbol("alpha", positive=True),
    sp.Symbol("K", integer=True, positive=True),
    sp.Symbol("j0", integer=True, nonnegative=True),
)
paper.add(
    SampledInequality(
        paper.id("thm-4.4-ge-quadratic-instance"),
        lambda v: quadratic_instance_rdp(v["alpha"], int(v["K"]), int(v["j0"])),
        "<=",
        lambda v: _fixed_batches_at(v, _FIG1, int(v["j0"])),
        "Theorem 4.4 is an upper bound on the exact RDP of the quadratic-loss instance (Figure 1's parameters; the "
        "differing record in batch j₀, aligned worst case), at sampled α, K ≤ 9, j₀ ≤ 24",
        src("Theorem 4.4, eq. (11)", "11", "derived"),
        symbols=[_a, _k, _j],
        where=[_a > 1, _k <= 9, _j <= 24],
        hints=[
            {"alpha": 10, "K": 1, "j0": 0},
            {"alpha": 10, "K": 1, "j0": 24},
            {"alpha": 10, "K": 9, "j0": 0},
            {"alpha": 30, "K": 4, "j0": 12},
        ],
        samples=10,
        digits=20,
        covers=c44,
    )
)


def _fixed_batches_at(v, values, j0_):
    """Theorem 4.4's evaluator (numerics.thm44) at the sampled α (an mpf) and K."""
    return nm.rdp_fixed_batches(
        v["alpha"], *(mpq(values[x]) for x in ("eta", "lam", "Sg", "sigma", "b")), int(values["n"]), int(v["K"]), j0_
    )


def _shuffled_batches_at(v):
    """Theorem 5.2's evaluator at the sampled α and K (Figure 2's parameters)."""
    return nm.rdp_shuffled_batches(
        v["alpha"], *(mpq(_FIG2[x]) for x in ("eta", "lam", "Sg", "sigma", "b")), int(_FIG2["n"]), int(v["K"])
    )


paper.add(
    SampledInequality(
        paper.id("thm-5.2-ge-first-batch"),
        lambda v: _fixed_batches_at(v, _FIG2, 0),
        "<=",
        _shuffled_batches_at,
        "Theorem 5.2 ≥ Theorem 4.4 for the first batch (j₀ = 0): the log-mean-exp is at least the smallest ε_0^{N−j₀} "
        "(Figure 2's parameters, sampled α up to 1000 and K up to 10¹²)",
        src("Theorem 5.2, eq. (15)", ("11", "15"), "derived"),
        symbols=[_a, _k],
        where=[_a > 1],
        hints=[{"alpha": 2, "K": 1}, {"alpha": 10, "K": 10}, {"alpha": 1000, "K": 3}, {"alpha": 30, "K": 10**12}],
        samples=8,
        digits=20,
        covers=[thm44.id, thm52.id],
    )
)
paper.add(
    SampledInequality(
        paper.id("thm-5.2-le-last-batch"),
        _shuffled_batches_at,
        "<=",
        lambda v: _fixed_batches_at(v, _FIG2, 11),
        "Theorem 5.2 ≤ Theorem 4.4 for the last batch (j₀ = N − 1): the log-mean-exp is at most the largest "
        "ε_0^{N−j₀} = ε_0^1 (§5.1; Figure 2's parameters, sampled α up to 1000 and K up to 10¹²)",
        src("Theorem 5.2, eq. (15)", ("11", "15"), "derived"),
        symbols=[_a, _k],
        where=[_a > 1],
        hints=[{"alpha": 2, "K": 1}, {"alpha": 10, "K": 10}, {"alpha": 1000, "K": 3}, {"alpha": 30, "K": 10**12}],
        samples=8,
        digits=20,
        covers=[thm44.id, thm52.id],
    )
)
