"""Lemmas 4.1 and 4.2: the Rényi divergence along the heat flow (7), the PDE (70)–(72), its
reduction to the ODE with decay term (74), the solution (75)–(80) and the Gaussian step (82);
Lemma B.1's algebra (43)–(44), (67)–(68); Remark B.2 (83)
.

Notation: a(t) = 2σ²/(L²/c + 2tσ²) = 2σ²c_t (the decay rate), Λ(t) = 1 + 2cσ²t/L² (the
integrating factor, Λ(0) = 1, ∫_0^t a = log Λ(t)).
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic import ODE, Formula, Identity
from symbolic.claims.numeric import SampledInequality
from derivations.privacy.gaussian import gaussian_rdp

from .common import REDUCTION_SCOPE, A, R0, Sg, alpha, b, c, eta, L, paper, params, sigma, src, t

# ---------------------------------------------------------------------------
# The ODE of (74) (equality version) and its solution (75)/(79).
a_t = 2 * sigma**2 / (L**2 / c + 2 * t * sigma**2)
Lam = 1 + 2 * c * sigma**2 * t / L**2
Rf = sp.Function("R")
Uf = sp.Function("Lambda")

ode_solution = paper.add(
    Formula(
        paper.id("lem-4.2-ode-solution"),
        R0 / (1 + 2 * c * sigma**2 * t / L**2),
        params("R0", "c", "L", "sigma", "t"),
        src("Lemma 4.2, proof, eqs. (74)–(80)", ("74", "75", "79", "80")),
        title="R(t) = R(0)/(1 + 2cσ²t/L²): solution of the decay ODE dR/dt = −2σ²c_t R, c_t = (L²/c + 2tσ²)^{−1}",
    )
)
cov = [ode_solution.id]
paper.add(
    ODE(
        paper.id("lem-4.2-ode"),
        equation=sp.Eq(Rf(t).diff(t), -a_t * Rf(t)),
        func=Rf(t),
        solution=ode_solution.expr,
        initial={0: R0},
        statement="R(t) = R(0)/(1 + 2cσ²t/L²) solves the ODE with decay term dR/dt = −(L²/c + 2tσ²)^{−1}·2σ²·R of (74) "
        "(equality version, along a characteristic) with the initial condition R(0) = R0",
        source=src("Lemma 4.2, proof, eqs. (74)–(75)", ("74", "75")),
        covers=cov,
    )
)
paper.add(
    ODE(
        paper.id("lem-4.2-integrating-factor"),
        equation=sp.Eq(Uf(t).diff(t), a_t * Uf(t)),
        func=Uf(t),
        solution=Lam,
        initial={0: 1},
        statement="the integrating factor Λ(t) = 1 + 2cσ²t/L² solves Λ' = a(t)Λ with Λ(0) = 1, a(t) = 2σ²/(L²/c + 2tσ²), "
        "so d/dt(Λ R) = 0 along the ODE of (74)",
        source=src("Lemma 4.2, proof, eq. (75)", "75", "derived"),
        covers=cov,
    )
)
tt = sp.Symbol("tau", nonnegative=True)
paper.add(
    Identity(
        paper.id("lem-4.2-ode-integral"),
        lhs=sp.exp(sp.Integral(a_t.subs(t, tt), (tt, 0, t))),
        rhs=Lam,
        statement="(75): exp ∫_0^t (L²/c + 2τσ²)^{−1}·2σ² dτ = 1 + 2cσ²t/L², i.e. ∫_0^t a = ln(1 + c·2tσ²/L²)",
        source=src("Lemma 4.2, proof, eq. (75)", "75"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-ode-conserved"),
        lhs=sp.diff(Lam * ode_solution.expr, t),
        rhs=0,
        statement="Λ(t)·R(t) is constant along the solution (integrating-factor form of (75))",
        source=src("Lemma 4.2, proof, eq. (75)", "75", "derived"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-contraction"),
        lhs=ode_solution(t=eta),
        rhs=R0 * (1 + c * 2 * eta * sigma**2 / L**2) ** -1,
        statement="at the end of the step (t = η) the solution is R(0)·(1 + c·2ησ²/L²)^{−1}: the j ≠ j₀ case of (8)",
        source=src("Lemma 4.2, eqs. (8), (79)–(80)", ("8", "79", "80")),
        covers=cov,
    )
)

# ---------------------------------------------------------------------------
# The PDE chain (70) → (71) → (72) → (73)/(74).
al = sp.Symbol("alpha", positive=True)
y = sp.Symbol("y", real=True)
u = sp.Function("u")
G = sp.Function("G")
Rfun = alpha * u(alpha, t)


def rdp_pde_residual(R):
    """Lemma 4.2's PDE (70) applied to R: ∂_t R + a(t)(R/α + (α − 1)∂_α R), zero when R solves (70)
    with equality."""
    return sp.diff(R, t) + a_t * (R / alpha + (alpha - 1) * sp.diff(R, alpha))


paper.add(
    Identity(
        paper.id("eq-70-71-substitution"),
        lhs=rdp_pde_residual(Rfun) / alpha,
        rhs=sp.diff(u(alpha, t), t) + a_t * (u(alpha, t) + (alpha - 1) * sp.diff(u(alpha, t), alpha)),
        statement="with R = αu, the operator of (70) divided by α is ∂_t u + a(t)(u + (α − 1)∂_α u), the operator of (71)",
        source=src("Lemma 4.2, proof, eqs. (70)–(71)", ("70", "71")),
        covers=cov,
    )
)
wf = sp.Function("w")
paper.add(
    Identity(
        paper.id("eq-71-72-change-of-variable"),
        lhs=(alpha - 1) * sp.diff(wf(sp.log(alpha - 1), t), alpha),
        rhs=sp.Subs(sp.Derivative(wf(y, t), y), y, sp.log(alpha - 1)),
        statement="with y = ln(α − 1), (α − 1)∂_α u = ∂_y u, which turns (71) into (72)",
        source=src("Lemma 4.2, proof, eqs. (71)–(72)", ("71", "72")),
        where=[alpha > 1],
        covers=cov,
    )
)
z = sp.Symbol("z", real=True)
Uz = sp.Function("U")
shift = sp.log(Lam)
paper.add(
    Identity(
        paper.id("eq-73-chain-rule"),
        lhs=sp.diff(Uz(y - shift, t), t) + a_t * sp.diff(Uz(y - shift, t), y),
        rhs=sp.Subs(sp.Derivative(Uz(y - shift, tt), tt), tt, t),
        statement="(73): with z = y − ∫_0^t a, τ = t and u(y, t) = U(z, τ): ∂_t u + a(t)∂_y u = ∂_τ U, so (72) becomes the "
        "ODE (74) along each characteristic z = const",
        source=src("Lemma 4.2, proof, eqs. (73)–(74)", ("73", "74")),
        covers=cov,
    )
)
u_char = G(y - shift) / Lam
paper.add(
    Identity(
        paper.id("pde-72-characteristic-solution"),
        lhs=sp.diff(u_char, t) + a_t * (u_char + sp.diff(u_char, y)),
        rhs=0,
        statement="the characteristic solution u(y, t) = G(y − ln Λ(t))/Λ(t) solves the PDE (72) with equality for every "
        "initial profile G = u(·, 0), Λ(t) = 1 + 2cσ²t/L²",
        source=src("Lemma 4.2, proof, eq. (72)", ("72", "74", "75"), "derived", ""),
        covers=cov,
    )
)

# E5: the back-substitution (75) → (76).  The paper's answer R = ε(α)/Λ(t) compared with the
# characteristic solution, for an initial bound ε(α).
Lam_t = Lam
a0 = 1 + (alpha - 1) / Lam_t
eps_f = sp.Function("epsilon")
R_paper = eps_f(alpha) / Lam_t
R_char = alpha / a0 * eps_f(a0) / Lam_t
C0 = sp.Symbol("C", positive=True)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution"),
        lhs=rdp_pde_residual((alpha**2) / Lam_t),
        rhs=0,
        statement="(76)–(78) as printed: R(α, t) = ε(α)/Λ(t) solves the PDE (70) with equality (the characteristic "
        "solution (75) read at the same y), here for the initial profile ε(α) = α²",
        source=src("Lemma 4.2, proof, eqs. (75)–(78)", ("75", "76", "77", "78")),
        expect="refuted",
        erratum="ye-shokri E5",
        hints=[{"alpha": 2, "t": 1, "c": 1, "L": 1, "sigma": 1}],
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-corrected"),
        lhs=rdp_pde_residual(R_char),
        rhs=0,
        statement="corrected: along characteristics y = y₀ + ln Λ(t), so R(α, t) = (α/α₀)·ε(α₀)/Λ(t) with α₀ = 1 + (α − 1)/Λ(t) "
        "solves (70) with equality for every initial profile ε (and equals ε(α) at t = 0)",
        source=src("Lemma 4.2, proof, eqs. (75)–(78)", ("75", "76"), "corrected"),
        where=[alpha > 1],
        erratum="ye-shokri E5",
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-initial"),
        lhs=R_char.subs(t, 0),
        rhs=eps_f(alpha),
        statement="the corrected solution meets the initial condition R(α, 0) = ε(α) of (70) (α₀ = α at t = 0)",
        source=src("Lemma 4.2, proof, eq. (70)", "70", "corrected"),
        erratum="ye-shokri E5",
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-defect"),
        lhs=rdp_pde_residual(R_paper),
        rhs=(2 * c * sigma**2 / L**2) / Lam_t**2 * (alpha - 1) * (sp.diff(eps_f(alpha), alpha) - eps_f(alpha) / alpha),
        statement="exactness condition: for R = ε(α)/Λ the residual of (70) is (2cσ²/L²)Λ^{−2}(α − 1)(ε'(α) − ε(α)/α): the "
        "paper's form is exact iff ε ∝ α and a super-solution iff ε(α)/α is nondecreasing",
        source=src("Lemma 4.2, proof, eqs. (70), (76)", ("70", "76"), "derived", "erratum E5"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-linear"),
        lhs=rdp_pde_residual(alpha * C0 / Lam_t),
        rhs=0,
        statement="for the α-linear bounds ε(α) = αC used by every theorem, ε(α)/Λ(t) solves (70) with equality: "
        "Theorems 4.3, 4.4, 5.2, 5.3 are unaffected by E5",
        source=src("Lemma 4.2, eq. (8)", ("8", "80"), "derived", "erratum E5"),
        covers=cov,
    )
)

# ---------------------------------------------------------------------------
# Lemma 4.1 on Gaussians: equality in (7).  μ = N(m1, v), ν = N(m2, v) (c = 1/v), f(θ) = Lθ,
# p_t = N(L m1, L²v + 2tσ²): R_α = α L²Δ²/(2(L²v + 2tσ²)).
vv, D = sp.symbols("v Delta", positive=True)
R_gauss = alpha * L**2 * D**2 / (2 * (L**2 * vv + 2 * t * sigma**2))
c_t = 1 / (L**2 / (1 / vv) + 2 * t * sigma**2)
paper.add(
    Identity(
        paper.id("lem-4.1-gaussian-equality"),
        lhs=sp.diff(R_gauss, t),
        rhs=-c_t * 2 * sigma**2 * (R_gauss / alpha + (alpha - 1) * sp.diff(R_gauss, alpha)),
        statement="Lemma 4.1 is tight: for μ = N(m₁, v), ν = N(m₂, v) (LSI constant c = 1/v) and f(θ) = Lθ, "
        "R_α(p_t‖p'_t) = αL²Δ²/(2(L²v + 2tσ²)) satisfies (7) with equality, c_t = (L²/c + 2tσ²)^{−1}",
        source=src("Lemma 4.1, eq. (7)", "7", "derived", "tightness on Gaussians"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-gaussian-equality"),
        lhs=R_gauss.subs(t, eta),
        rhs=alpha * D**2 / (2 * vv) * (1 + (1 / vv) * 2 * eta * sigma**2 / L**2) ** -1,
        statement="Lemma 4.2's contraction is exact on Gaussians: after one step (t = η) the divergence αL²Δ²/(2(L²v + 2ησ²)) "
        "equals R_α before the step, αΔ²/(2v), times (1 + c·2ησ²/L²)^{−1} with c = 1/v",
        source=src("Lemma 4.2, eq. (8)", "8", "derived", "exactness on Gaussians"),
        covers=cov,
    )
)
xg, mg = sp.Symbol("x", real=True), sp.Symbol("m", real=True)
vt = vv + 2 * t * sigma**2
dens = sp.exp(-((xg - mg) ** 2) / (2 * vt)) / sp.sqrt(2 * sp.pi * vt)
paper.add(
    Identity(
        paper.id("eq-46-heat-equation"),
        lhs=sp.diff(dens, t),
        rhs=sigma**2 * sp.diff(dens, xg, 2),
        statement="(46): the density of N(m, v + 2tσ²) solves the heat equation ∂_t p_t = σ²Δp_t",
        source=src("Lemma 4.1, proof, eqs. (46)–(47)", ("46", "47")),
        covers=cov,
    )
)
Rs, dR, ct_ = sp.symbols("R dR c_t", real=True)
cc = sp.Symbol("c", positive=True)
paper.add(
    Identity(
        paper.id("lem-b.1-algebra"),
        lhs=2 * cc / alpha * (Rs + (alpha - 1) * dR) - 2 * cc / alpha**2 * (alpha - 1) * Rs,
        rhs=2 * cc / alpha**2 * Rs + 2 * cc / alpha**2 * alpha * (alpha - 1) * dR,
        statement="Lemma B.1, (43) = (44): (2c/α)(R + (α−1)∂_αR) − (2c/α²)(α−1)R = (2c/α²)R + (2c/α²)α(α−1)∂_αR",
        source=src("Lemma B.1, eqs. (43)–(44)", ("43", "44")),
        covers=cov,
    )
)
# Lemma 4.1's proof, (49)–(63), step by step: identities between the integrands at one point (t, θ) (one coordinate
# of θ; the Laplacian and the inner products are sums over coordinates of the same identity), p = p_t(θ),
# q = p'_t(θ) > 0 positive functions differentiated by SymPy, then their values and partial derivatives become
# symbols.  Green's first identity (57)–(59) is the product rule f·∂²p = ∂(f·∂p) − ∂f·∂p integrated, its boundary
# term vanishing by the decay the proof assumes; (56), (64) and (48) are definitions.
_l41_t, _l41_theta = sp.symbols("t theta", real=True)
_l41_P = sp.Function("p", positive=True)(_l41_t, _l41_theta)
_l41_Q = sp.Function("q", positive=True)(_l41_t, _l41_theta)
_l41_E = sp.Function("E", positive=True)(_l41_t)
_l41_vals = sp.symbols("p q E", positive=True)
_l41_ders = sp.symbols("p_thetatheta q_thetatheta p_t q_t p_theta q_theta E_t", real=True)


def _l41_at_point(e):
    """``e`` with p, q, E and their partial derivatives replaced by symbols (their values at one point)."""
    d2 = {sp.Derivative(_l41_P, (_l41_theta, 2)): _l41_ders[0], sp.Derivative(_l41_Q, (_l41_theta, 2)): _l41_ders[1]}
    d1 = {
        sp.Derivative(_l41_P, _l41_t): _l41_ders[2],
        sp.Derivative(_l41_Q, _l41_t): _l41_ders[3],
        sp.Derivative(_l41_P, _l41_theta): _l41_ders[4],
        sp.Derivative(_l41_Q, _l41_theta): _l41_ders[5],
        sp.Derivative(_l41_E, _l41_t): _l41_ders[6],
    }
    return e.subs(d2).subs(d1).subs(dict(zip((_l41_P, _l41_Q, _l41_E), _l41_vals)))


def _l41_dth(e, k=1):
    return sp.diff(e, _l41_theta, k)


_l41_r = _l41_P / _l41_Q
_l41_inner = (
    alpha * (alpha - 1) * _l41_r ** (alpha - 2) * _l41_dth(_l41_r) * (-_l41_dth(_l41_P) + _l41_r * _l41_dth(_l41_Q))
)
_L41_STEPS = (
    # (49) = (50): ∂_t[(α − 1)^{−1} log E] = ∂_tE/((α − 1)E)
    (sp.diff(sp.log(_l41_E) / (alpha - 1), _l41_t), sp.diff(_l41_E, _l41_t) / ((alpha - 1) * _l41_E)),
    # (52) = (53): ∂_t(p^α/q^{α−1}) = α(p/q)^{α−1}∂_tp − (α − 1)(p/q)^α ∂_tq
    (
        sp.diff(_l41_P**alpha / _l41_Q ** (alpha - 1), _l41_t),
        alpha * _l41_r ** (alpha - 1) * sp.diff(_l41_P, _l41_t) - (alpha - 1) * _l41_r**alpha * sp.diff(_l41_Q, _l41_t),
    ),
    # (57)/(58): ασ²(p/q)^{α−1}Δp = ∇·(ασ²(p/q)^{α−1}∇p) − ∇(ασ²(p/q)^{α−1})·∇p
    (
        alpha * sigma**2 * _l41_r ** (alpha - 1) * _l41_dth(_l41_P, 2),
        _l41_dth(alpha * sigma**2 * _l41_r ** (alpha - 1) * _l41_dth(_l41_P))
        - _l41_dth(alpha * sigma**2 * _l41_r ** (alpha - 1)) * _l41_dth(_l41_P),
    ),
    # (59): −(α − 1)σ²(p/q)^α Δq = −∇·((α − 1)σ²(p/q)^α∇q) + ∇((α − 1)σ²(p/q)^α)·∇q
    (
        -(alpha - 1) * sigma**2 * _l41_r**alpha * _l41_dth(_l41_Q, 2),
        -_l41_dth((alpha - 1) * sigma**2 * _l41_r**alpha * _l41_dth(_l41_Q))
        + _l41_dth((alpha - 1) * sigma**2 * _l41_r**alpha) * _l41_dth(_l41_Q),
    ),
    # (61) = (62): −α⟨∇(p/q)^{α−1}, ∇p⟩ + (α − 1)⟨∇(p/q)^α, ∇q⟩ = α(α − 1)(p/q)^{α−2}⟨∇(p/q), −∇p + (p/q)∇q⟩
    (
        -alpha * _l41_dth(_l41_r ** (alpha - 1)) * _l41_dth(_l41_P)
        + (alpha - 1) * _l41_dth(_l41_r**alpha) * _l41_dth(_l41_Q),
        _l41_inner,
    ),
    # (62) = (63): the same = −α(α − 1)(p/q)^{α−2}‖∇(p/q)‖²·q
    (_l41_inner, -alpha * (alpha - 1) * _l41_r ** (alpha - 2) * _l41_dth(_l41_r) ** 2 * _l41_Q),
)
paper.add(
    Identity(
        paper.id("lem-4.1-pointwise"),
        lhs=sum((_l41_at_point(lhs) - _l41_at_point(rhs)) ** 2 for lhs, rhs in _L41_STEPS),
        rhs=0,
        statement="Lemma 4.1's proof, (49)–(63), at every point (t, θ) (p = p_t(θ), q = p'_t(θ) > 0 and their partial "
        "derivatives arbitrary): ∂_t[log E/(α − 1)] = ∂_tE/((α − 1)E); ∂_t(p^α q^{1−α}) = α(p/q)^{α−1}∂_tp − "
        "(α − 1)(p/q)^α∂_tq; Green's identity as the product rule f∂²p = ∂(f∂p) − ∂f∂p for f = ασ²(p/q)^{α−1} and "
        "f = (α − 1)σ²(p/q)^α with q; −α⟨∇(p/q)^{α−1}, ∇p⟩ + (α − 1)⟨∇(p/q)^α, ∇q⟩ = α(α − 1)(p/q)^{α−2}⟨∇(p/q), "
        "−∇p + (p/q)∇q⟩ = −α(α − 1)(p/q)^{α−2}‖∇(p/q)‖²q (squared residuals sum to 0)" + REDUCTION_SCOPE,
        source=src(
            "Lemma 4.1, proof, eqs. (49)–(63)",
            ("49", "50", "51", "52", "53", "54", "55", "57", "58", "59", "60", "61", "62", "63"),
        ),
        covers=cov,
        budget=6,
    )
)
# Lemma B.1's proof, (31)–(42), step by step: every step is an identity between the integrands at one point θ
# (then integrated against ν, or differentiated in α), except (36)–(37), the log-Sobolev inequality that is the
# lemma's hypothesis.  At θ: r = μ(θ)/ν(θ) > 0 (r(θ) a positive function, differentiated by SymPy, then its value
# and one coordinate of its gradient become the symbols r, g), E = E_α(μ‖ν) > 0 a constant, ρ/ν = r^α/E (the
# tilted density ρ of the proof); a squared norm is the sum over coordinates of the same identity.
_b1_theta = sp.Symbol("theta", real=True)
_b1_rf = sp.Function("r", positive=True)(_b1_theta)
_b1_r, _b1_E, _b1_nu = sp.symbols("r E nu", positive=True)
_b1_g = sp.Symbol("g", real=True)
_b1_rho_nu = _b1_rf**alpha / _b1_E


def _b1_at_point(e):
    """``e`` with r(θ) and r'(θ) replaced by the symbols r > 0 and g (their values at one point θ)."""
    return e.subs(sp.Derivative(_b1_rf, _b1_theta), _b1_g).subs(_b1_rf, _b1_r)


_B1_STEPS = (
    # (32) = (33): ‖∇ log r‖² = (1/α²)‖∇ log r^α‖²
    (sp.diff(sp.log(_b1_rf), _b1_theta) ** 2, sp.diff(sp.log(_b1_rf**alpha), _b1_theta) ** 2 / alpha**2),
    # (32): (r^α/E)·‖∇ log r‖² = (ρ/ν)·‖∇ log r‖²
    (
        _b1_rf**alpha / _b1_E * sp.diff(sp.log(_b1_rf), _b1_theta) ** 2,
        _b1_rho_nu * sp.diff(sp.log(_b1_rf), _b1_theta) ** 2,
    ),
    # (34) = (35): ∇ log r^α − ∇ log E (= ∇ log r^α, E constant) = ∇ log(ρ/ν)
    (
        sp.diff(sp.log(_b1_rf**alpha), _b1_theta) - sp.diff(sp.log(_b1_E), _b1_theta),
        sp.diff(sp.log(_b1_rho_nu), _b1_theta),
    ),
    # (38) = (39): ρ log(ρ/ν) = ν·(1/E)·r^α·(α log r − log E)
    (
        _b1_nu * _b1_rho_nu * sp.log(_b1_rho_nu),
        _b1_nu * _b1_rf**alpha / _b1_E * (alpha * sp.log(_b1_rf) - sp.log(_b1_E)),
    ),
    # (39) = (40): (2c/α²)(1/E) r^α (α log r − log E) = (2c/α)(1/E) ∂_α(r^α) − (2c/α²)(log E/E) r^α
    (
        2 * cc / alpha**2 * _b1_rf**alpha / _b1_E * (alpha * sp.log(_b1_rf) - sp.log(_b1_E)),
        2 * cc / alpha / _b1_E * sp.diff(_b1_rf**alpha, alpha)
        - 2 * cc / alpha**2 * sp.log(_b1_E) / _b1_E * _b1_rf**alpha,
    ),
)
paper.add(
    Identity(
        paper.id("lem-b.1-pointwise"),
        lhs=sum((_b1_at_point(lhs) - _b1_at_point(rhs)) ** 2 for lhs, rhs in _B1_STEPS),
        rhs=0,
        statement="Lemma B.1's proof, (31)–(35) and (38)–(40), at every point θ (r = μ/ν > 0, g a coordinate of ∇r, "
        "ρ/ν = r^α/E_α, E_α > 0 constant): (r^α/E)‖∇log r‖² = (ρ/ν)‖∇log r‖², ‖∇log r‖² = α^{−2}‖∇log r^α‖², "
        "∇log r^α − ∇log E = ∇log(ρ/ν), ρ log(ρ/ν) = ν(1/E)r^α(α log r − log E) and "
        "(2c/α²)(1/E)r^α(α log r − log E) = (2c/α)(1/E)∂_α r^α − (2c/α²)(log E/E)r^α (squared residuals sum to 0); "
        "integrated against ν (with E_ν[r^α] = E for (41)) they are the equalities of the proof" + REDUCTION_SCOPE,
        source=src(
            "Lemma B.1, proof, eqs. (31)–(35), (38)–(41)", ("31", "32", "33", "34", "35", "38", "39", "40", "41")
        ),
        covers=cov,
        budget=6,
    )
)
_b1_R = sp.Function("R")(alpha)
_b1_Rs, _b1_dR = sp.symbols("R_alpha dR_alpha", real=True)
paper.add(
    Identity(
        paper.id("lem-b.1-alpha-derivative"),
        lhs=sp.diff(sp.log(sp.exp((alpha - 1) * _b1_R)), alpha)
        .subs(sp.Derivative(_b1_R, alpha), _b1_dR)
        .subs(_b1_R, _b1_Rs),
        rhs=_b1_Rs + (alpha - 1) * _b1_dR,
        statement="Lemma B.1's proof, (42) → (43): with E_α = e^{(α−1)R_α} (R_α a function of α), "
        "∂_α log E_α = R_α + (α − 1)∂_αR_α (and log E_α = (α − 1)R_α), which turns (42) into (43)",
        source=src("Lemma B.1, proof, eqs. (42)–(43)", ("42", "43")),
        covers=cov,
        budget=6,
    )
)
paper.add(
    Identity(
        paper.id("eq-67-68"),
        lhs=-alpha * sigma**2 * (2 * ct_ / alpha**2 * Rs + 2 * ct_ / alpha**2 * alpha * (alpha - 1) * dR),
        rhs=-ct_ * 2 * sigma**2 * (Rs / alpha + (alpha - 1) * dR),
        statement="(67) = (68): −ασ²·(2c_t/α²)(R + α(α−1)∂_αR) = −2σ²c_t(R/α + (α−1)∂_αR), the right-hand side of (7)",
        source=src("Lemma 4.1, proof, eqs. (67)–(68)", ("67", "68")),
        covers=cov,
    )
)

# ---------------------------------------------------------------------------
# E1: the Gaussian step of (8)/(69)/(82): update sensitivity ηS_g/b, noise N(0, 2ησ²I).
step_rdp = gaussian_rdp(alpha=alpha, mu=eta * Sg / b, sigma=sp.sqrt(2 * eta) * sigma)
paper.add(
    Identity(
        paper.id("lem-4.2-gaussian-step"),
        lhs=step_rdp,
        rhs=eta * Sg**2 / (4 * sigma**2 * b**2),
        statement="(8)/(69) as printed, j = j₀: the step touching the differing record costs ηS_g²/(4σ²b²) "
        "(the Gaussian mechanism with sensitivity ηS_g/b and noise variance 2ησ²)",
        source=src("Lemma 4.2, eqs. (8), (69), (82)", ("8", "69", "82")),
        expect="refuted",
        erratum="ye-shokri E1",
        hints=[{"alpha": 2, "eta": 1, "Sg": 1, "sigma": 1, "b": 1}],
        covers=cov + [gaussian_rdp.id],
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-gaussian-step-corrected"),
        lhs=step_rdp,
        rhs=A,
        statement="corrected (as the right end of (82) and the recursions (99), (108), (20) have it): the step costs "
        "αηS_g²/(4σ²b²) = D_α(N(ηS_g/b, 2ησ²) ‖ N(0, 2ησ²))",
        source=src("Lemma 4.2, eqs. (8), (82)", ("8", "82"), "corrected"),
        erratum="ye-shokri E1",
        covers=cov + [gaussian_rdp.id],
    )
)

# ---------------------------------------------------------------------------
# Remark B.2, (83): ∂_α R_α ≥ R_α/α under Gaussian noise.
paper.add(
    Identity(
        paper.id("rem-b.2-point-mass"),
        lhs=sp.diff(alpha * D**2 / (2 * vv), alpha),
        rhs=(alpha * D**2 / (2 * vv)) / alpha,
        statement="corrected scope of (83): for point-mass initial distributions p_t = N(m₁, v), p'_t = N(m₂, v) and "
        "R_α = αΔ²/(2v), so ∂_αR_α = R_α/α (equality), as the remark proves",
        source=src("Remark B.2, eq. (83)", "83", "corrected"),
        erratum="ye-shokri E6",
        covers=cov,
    )
)


def _mixture_R(al_, v_=1, d_=3):
    """R_α(N(0, v) ‖ ½N(0, v) + ½N(d, v)) by quadrature of (4) (the counterexample of E6)."""
    sd = mpmath.sqrt(v_)

    def integrand(x):
        p = mpmath.npdf(x, 0, sd)  # once per node: it is also q's first component
        q = (p + mpmath.npdf(x, d_, sd)) / 2
        return p**al_ * q ** (1 - al_)

    integral = mpmath.quad(integrand, [-mpmath.inf, -10, 0, d_, d_ + 10, mpmath.inf])
    return mpmath.log(integral) / (al_ - 1)


def mixture_rdp_sides(al_, v_=1, d_=3):
    """Remark B.2: (∂_α R_α, R_α/α) for the mixture pair of E6 at α = ``al_`` (``v_``, ``d_`` the pair's
    parameters), by quadrature and mpmath.diff.

    The claim below asks for both sides in turn at one α (same working precision): the last pair
    is kept instead of computing the three quadratures again."""
    key = (al_, v_, d_, mpmath.mp.prec)
    if key not in _LAST_SIDES:
        _LAST_SIDES.clear()
        r = _mixture_R(al_, v_, d_)
        _LAST_SIDES[key] = (mpmath.diff(lambda x: _mixture_R(x, v_, d_), al_), r / al_)
    return _LAST_SIDES[key]


_LAST_SIDES: dict = {}


_al = sp.Symbol("alpha", positive=True)
paper.add(
    SampledInequality(
        paper.id("rem-b.2-conjecture"),
        lambda vals: mixture_rdp_sides(vals["alpha"])[0],
        ">=",
        lambda vals: mixture_rdp_sides(vals["alpha"])[1],
        "(83) for arbitrary initial distributions under Gaussian noise: ∂_αR_α(p_t‖p'_t) ≥ R_α(p_t‖p'_t)/α, here "
        "for p_0 = δ₀, p'_0 = ½(δ₀ + δ₃) after N(0, 1) noise (R_α ≤ log 2 for every α, so R_α/α cannot stay below "
        "∂_αR_α)",
        src("Remark B.2, eq. (83)", "83"),
        symbols=[_al],
        where=[_al > 1],
        hints=[{"alpha": 2}, {"alpha": 10}],
        samples=2,
        digits=15,
        expect="refuted",
        erratum="ye-shokri E6",
        budget=30,
        covers=cov,
    )
)
