"""Lemma 1 (unrolling the coupled non-linear DPI (10) into (11)) and the projected
DP-SGD bounds: Theorems 1/2 (= the Main Theorem (5)) and their T → ∞ limit.

Formulas: ``asoodeh-diaz/lem-1`` ((11) with constant coefficients),
``asoodeh-diaz/thm-2`` (δ_T = pθ(1 − a^T)/(1 − a), a = (1 − p)θ) and
``asoodeh-diaz/thm-2-limit`` (δ_∞ = pθ/(1 − (1 − p)θ)).  Claims: (11) for general
α_t, β_t by induction; the closed form of Theorem 2 against the recursion of
Lemma 1 + Prop. 3 (induction on T); the exact gap δ_∞ − δ_T = δ_∞ a^T; the
monotone approach; δ_∞ < 1 and δ_∞ ≤ θ; the special cases p = 1 and T = 1.

Where a claim is about the algebra in θ alone it is stated for an abstract θ ∈ (0, 1)
(written θ = 1/(1 + u), u > 0, or θ = e^{−u}) and p ∈ (0, 1]: Prop. 1's claims give
0 < θ_ε(r) < 1, so these cover every θ the paper uses.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Hypothesis, Identity, Inequality, Limit, Recurrence
from symbolic.params import nonnegative

from .common import C_param, D_param, P_AT_MOST_1, T, T_param, eps_param, eta_param, p, p_param, paper, sigma_param
from .contraction import theta_projected

# ---------------------------------------------------------------------------
# Lemma 1, (10)-(11)
n = sp.Symbol("T", integer=True, nonnegative=True)  # induction index (T ≥ 0; T = 0 is E_0)
t, s = sp.symbols("t s", integer=True)
alpha_t, beta_t = sp.Function("alpha"), sp.Function("beta")
E0 = sp.Symbol("E0", nonnegative=True)


def unrolled(N, alpha=alpha_t, beta=beta_t, E=E0):
    """Right-hand side of (11): [Π_{t=1}^N α_t] E + Σ_{t=1}^N β_t Π_{s=t+1}^N α_s."""
    return sp.Product(alpha(s), (s, 1, N)) * E + sp.Sum(beta(t) * sp.Product(alpha(s), (s, t + 1, N)), (t, 1, N))


E_seq = sp.Function("E")
paper.add(
    Recurrence(
        paper.id("lem-1"),
        sequence=E_seq,
        index=n,
        closed_form=unrolled(n),
        recursion=sp.Eq(E_seq(n + 1), alpha_t(n + 1) * E_seq(n) + beta_t(n + 1)),
        base={0: E0},
        statement="Lemma 1: iterating E_t = α_t E_{t−1} + β_t from E_0 gives (11), "
        "E_T = [Π_t α_t] E_0 + Σ_t β_t Π_{s>t} α_s, for every T ≥ 0 and arbitrary α_t, β_t",
        source=paper.source("Lemma 1 and its proof (Appendix)", ("10", "11")),
    )
)

alpha_param = nonnegative("alpha", "constant multiplicative coefficient α ∈ [0, 1] of (10)")
beta_param = nonnegative("beta", "constant additive coefficient β ∈ [0, 1] of (10)")
E_param = nonnegative("E0", "initial divergence E_ε(μ‖ν) ∈ [0, 1]")
al, be = alpha_param.symbol, beta_param.symbol
_pl = sp.Symbol
lemma_1 = paper.add(
    Formula(
        paper.id("lem-1-constant"),
        al**T * E_param.symbol + be * sp.Sum(al ** (T - t), (t, 1, T)),
        [alpha_param, beta_param, E_param, T_param],
        paper.source("Lemma 1, (11) with α_t ≡ α, β_t ≡ β", "11"),
        hypotheses=[
            Hypothesis(
                sp.And(_pl("alpha") <= 1, _pl("beta") <= 1, _pl("E0") <= 1), "α_t, β_t ∈ [0, 1] and E_ε(μ‖ν) ≤ 1"
            )
        ],
        title="α^T E_0 + β Σ_{t=1}^T α^{T−t}",
    )
)
paper.add(
    Identity(
        paper.id("lem-1-constant-is-lem-1"),
        lhs=unrolled(T, sp.Lambda(s, al), sp.Lambda(s, be), E_param.symbol),
        rhs=lemma_1.expr,
        statement="(11) with constant coefficients α_t ≡ α, β_t ≡ β is α^T E_0 + β Σ_{t=1}^T α^{T−t}",
        source=paper.source("Lemma 1, (11)", "11", "derived"),
        covers=[lemma_1.id],
    )
)
w = sp.Symbol("w", positive=True)
paper.add(
    Limit(
        paper.id("lem-1-fixed-point"),
        lemma_1(alpha=1 / (1 + w)).doit(),
        T,
        sp.oo,
        be / (1 - 1 / (1 + w)),
        "For constant α = 1/(1 + w) < 1 the bound (11) tends to the fixed point β/(1 − α), whatever E_0",
        paper.source("Lemma 1, (11)", "11", "derived", "fixed point"),
        covers=[lemma_1.id],
    )
)

# ---------------------------------------------------------------------------
# Theorems 1-2 / Main Theorem (5)
theta = theta_projected.expr
a = (1 - p) * theta
projected_params = [eps_param, T_param, p_param, D_param, eta_param, C_param, sigma_param]

thm_2 = paper.add(
    Formula(
        paper.id("thm-2"),
        (1 - a**T) / (1 - a) * p * theta,
        projected_params,
        paper.source("Theorem 2 (= Theorem 1 with p = b/n; Main Theorem (5))", "5"),
        hypotheses=[P_AT_MOST_1],
        title="δ_T = pθ(1 − a^T)/(1 − a), a = (1 − p)θ, θ = θ_ε((D + 2ηC)/σ)",
    )
)
thm_2_limit = paper.add(
    Formula(
        paper.id("thm-2-limit"),
        p * theta / (1 - (1 - p) * theta),
        [eps_param, p_param, D_param, eta_param, C_param, sigma_param],
        paper.source("Appendix: the T → ∞ limit of the Main Theorem's bound", ()),
        hypotheses=[P_AT_MOST_1],
        title="δ_∞ = pθ/(1 − (1 − p)θ)",
    )
)

delta_seq = sp.Function("delta")
paper.add(
    Recurrence(
        paper.id("thm-2-recursion"),
        sequence=delta_seq,
        index=n,
        closed_form=thm_2(T=n),
        recursion=sp.Eq(delta_seq(n + 1), (1 - p) * theta * delta_seq(n) + p * theta),
        base={0: 0},
        statement="Theorem 2's closed form is Lemma 1 with α_t = (1 − p)θ, β_t = pθ (Prop. 3) and E_0 = 0 "
        "(common μ_0): δ_{T+1} = (1 − p)θ δ_T + pθ, δ_0 = 0, for every T ≥ 0",
        source=paper.source("Theorem 2 from Prop. 3 and Lemma 1", ("5", "11")),
        covers=[thm_2.id],
        # Theorem 2's p ∈ (0, 1] (the formula's hypothesis): with erfc ∈ (0, 2), 1 − (1 − p)θ_ε(r) > 0
        where=[p <= 1],
        budget=60,  # the induction takes ~6 CPU s here; at a third of 20 s it timed out (verify --budget-scale 1/3)
    )
)
paper.add(
    Identity(
        paper.id("thm-2-gap"),
        lhs=thm_2_limit.expr - thm_2.expr,
        rhs=thm_2_limit.expr * a**T,
        statement="δ_∞ − δ_T = δ_∞ [(1 − p)θ]^T: the convergence is geometric ('converges exponentially fast')",
        source=paper.source("§I and Appendix: convergence of (5)", "5", "derived", ""),
        covers=[thm_2.id, thm_2_limit.id],
        where=[p <= 1],  # as thm-2-recursion
    )
)
paper.add(
    Identity(
        paper.id("thm-2-increment"),
        lhs=thm_2(T=T + 1) - thm_2.expr,
        rhs=p * theta * a**T,
        statement="δ_{T+1} − δ_T = pθ[(1 − p)θ]^T",
        source=paper.source("Appendix: 'monotonically converges'", (), "derived"),
        covers=[thm_2.id],
        where=[p <= 1],  # as thm-2-recursion
    )
)
paper.add(
    Identity(
        paper.id("thm-2-T1"),
        lhs=thm_2(T=1),
        rhs=p * theta,
        statement="T = 1: δ_1 = pθ (one subsampled Gaussian step through the SDPI)",
        source=paper.source("Theorem 2", "5", "derived", "special case"),
        covers=[thm_2.id],
    )
)
paper.add(
    Identity(
        paper.id("thm-2-p1"),
        lhs=thm_2(p=1),
        rhs=theta,
        statement="p = 1 (full batch): δ_T = θ for every T — no amplification by iteration",
        source=paper.source("Theorem 2", "5", "derived", ""),
        covers=[thm_2.id],
    )
)
paper.add(
    Identity(
        paper.id("thm-2-limit-p1"),
        lhs=thm_2_limit(p=1),
        rhs=theta,
        statement="p = 1: δ_∞ = θ",
        source=paper.source("Appendix", (), "derived", ""),
        covers=[thm_2_limit.id],
    )
)

# Algebra in an abstract θ ∈ (0, 1), p ∈ (0, 1].
u, v = sp.symbols("u v", positive=True)
v0 = sp.Symbol("v", nonnegative=True)
th_sym, p_sym = sp.Symbol("theta", positive=True), sp.Symbol("p", positive=True)


def delta_T(contraction, sampling_rate, steps):
    """Theorem 2's δ after T steps, pθ(1 − a^T)/(1 − a) with a = (1 − p)θ (``contraction`` = θ,
    ``sampling_rate`` = p, ``steps`` = T)."""
    return (
        sampling_rate
        * contraction
        * (1 - ((1 - sampling_rate) * contraction) ** steps)
        / (1 - (1 - sampling_rate) * contraction)
    )


def delta_inf(contraction, sampling_rate):
    """Theorem 2's δ as T → ∞, pθ/(1 − (1 − p)θ) (``contraction`` = θ, ``sampling_rate`` = p)."""
    return sampling_rate * contraction / (1 - (1 - sampling_rate) * contraction)


_alg = lambda label, note: paper.source(label, (), "derived", note)  # noqa: E731
paper.add(
    Limit(
        paper.id("thm-2-limit-of-delta-T"),
        delta_T(sp.exp(-u), 1 - sp.exp(-v), T),
        T,
        sp.oo,
        delta_inf(sp.exp(-u), 1 - sp.exp(-v)),
        "δ_T → pθ/(1 − (1 − p)θ) as T → ∞, for every θ = e^{−u} ∈ (0, 1) and p = 1 − e^{−v} ∈ (0, 1)",
        _alg("Appendix: 'converges to pθ/(1 − (1 − p)θ) as T goes to infinity'", ""),
        covers=[thm_2.id, thm_2_limit.id],
    )
)
paper.add(
    Inequality(
        paper.id("thm-2-monotone"),
        delta_T(1 / (1 + u), 1 / (1 + v), T + 1),
        ">",
        delta_T(1 / (1 + u), 1 / (1 + v), T),
        "δ_{T+1} > δ_T for θ = 1/(1 + u) ∈ (0, 1), p = 1/(1 + v) ∈ (0, 1): the limit is approached monotonically "
        "from below (at p = 1 the bound is constant, thm-2-p1)",
        _alg("Appendix: 'monotonically converges'", ""),
        certificate=1 / (1 + v) / (1 + u) * (v / ((1 + v) * (1 + u))) ** T,
        covers=[thm_2.id],
    )
)
paper.add(
    Inequality(
        paper.id("thm-2-limit-below-1"),
        delta_inf(1 / (1 + u), 1 / (1 + v0)),
        "<",
        1,
        "δ_∞ < 1 for θ = 1/(1 + u) ∈ (0, 1), p ∈ (0, 1]: 'the upper bound in (5) is always less than 1'",
        _alg("§I: 'the upper bound in (5) is always less than 1'", ""),
        covers=[thm_2_limit.id],
    )
)
paper.add(
    Identity(
        paper.id("thm-2-limit-gap-to-1"),
        lhs=1 - delta_inf(th_sym, p_sym),
        rhs=(1 - th_sym) / (1 - (1 - p_sym) * th_sym),
        statement="1 − δ_∞ = (1 − θ)/(1 − (1 − p)θ), positive exactly when θ < 1",
        source=_alg("§I: 'always less than 1'", ""),
        covers=[thm_2_limit.id],
        where=[th_sym <= 1, p_sym <= 1],  # Theorem 2: θ ∈ [0, 1] (a contraction coefficient), p ∈ (0, 1]
    )
)
paper.add(
    Inequality(
        paper.id("thm-2-limit-below-theta"),
        delta_inf(1 / (1 + u), 1 / (1 + v0)),
        "<=",
        1 / (1 + u),
        "δ_∞ ≤ θ (subsampling and iteration never hurt): θ − δ_∞ = θ(1 − p)(1 − θ)/(1 − (1 − p)θ) ≥ 0",
        _alg("Appendix", ""),
        covers=[thm_2_limit.id],
    )
)
paper.add(
    Limit(
        paper.id("thm-2-limit-small-p"),
        delta_inf(1 / (1 + u), p_sym) / p_sym,
        p_sym,
        0,
        1 / u,
        "δ_∞/p → θ/(1 − θ) as p → 0 (θ = 1/(1 + u), so θ/(1 − θ) = 1/u)",
        _alg("Appendix", ""),
        direction="+",
        covers=[thm_2_limit.id],
    )
)
