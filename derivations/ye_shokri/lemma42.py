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

from .common import A, R0, Sg, alpha, b, c, eta, L, paper, params, sigma, src, t

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
        sp.Eq(Rf(t).diff(t), -a_t * Rf(t)),
        Rf(t),
        ode_solution.expr,
        {0: R0},
        "R(t) = R(0)/(1 + 2cσ²t/L²) solves the ODE with decay term dR/dt = −(L²/c + 2tσ²)^{−1}·2σ²·R of (74) "
        "(equality version, along a characteristic) with the initial condition R(0) = R0",
        src("Lemma 4.2, proof, eqs. (74)–(75)", ("74", "75")),
        covers=cov,
    )
)
paper.add(
    ODE(
        paper.id("lem-4.2-integrating-factor"),
        sp.Eq(Uf(t).diff(t), a_t * Uf(t)),
        Uf(t),
        Lam,
        {0: 1},
        "the integrating factor Λ(t) = 1 + 2cσ²t/L² solves Λ' = a(t)Λ with Λ(0) = 1, a(t) = 2σ²/(L²/c + 2tσ²), "
        "so d/dt(Λ R) = 0 along the ODE of (74)",
        src("Lemma 4.2, proof, eq. (75)", "75", "derived"),
        covers=cov,
    )
)
tt = sp.Symbol("tau", nonnegative=True)
paper.add(
    Identity(
        paper.id("lem-4.2-ode-integral"),
        sp.exp(sp.Integral(a_t.subs(t, tt), (tt, 0, t))),
        Lam,
        "(75): exp ∫_0^t (L²/c + 2τσ²)^{−1}·2σ² dτ = 1 + 2cσ²t/L², i.e. ∫_0^t a = ln(1 + c·2tσ²/L²)",
        src("Lemma 4.2, proof, eq. (75)", "75"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-ode-conserved"),
        sp.diff(Lam * ode_solution.expr, t),
        0,
        "Λ(t)·R(t) is constant along the solution (integrating-factor form of (75))",
        src("Lemma 4.2, proof, eq. (75)", "75", "derived"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-contraction"),
        ode_solution(t=eta),
        R0 * (1 + c * 2 * eta * sigma**2 / L**2) ** -1,
        "at the end of the step (t = η) the solution is R(0)·(1 + c·2ησ²/L²)^{−1}: the j ≠ j₀ case of (8)",
        src("Lemma 4.2, eqs. (8), (79)–(80)", ("8", "79", "80")),
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


def pde70(R):
    """∂_t R + a(t)(R/α + (α − 1)∂_α R): zero when R solves (70) with equality."""
    return sp.diff(R, t) + a_t * (R / alpha + (alpha - 1) * sp.diff(R, alpha))


paper.add(
    Identity(
        paper.id("eq-70-71-substitution"),
        pde70(Rfun) / alpha,
        sp.diff(u(alpha, t), t) + a_t * (u(alpha, t) + (alpha - 1) * sp.diff(u(alpha, t), alpha)),
        "with R = αu, the operator of (70) divided by α is ∂_t u + a(t)(u + (α − 1)∂_α u), the operator of (71)",
        src("Lemma 4.2, proof, eqs. (70)–(71)", ("70", "71")),
        covers=cov,
    )
)
wf = sp.Function("w")
paper.add(
    Identity(
        paper.id("eq-71-72-change-of-variable"),
        (alpha - 1) * sp.diff(wf(sp.log(alpha - 1), t), alpha),
        sp.Subs(sp.Derivative(wf(y, t), y), y, sp.log(alpha - 1)),
        "with y = ln(α − 1), (α − 1)∂_α u = ∂_y u, which turns (71) into (72)",
        src("Lemma 4.2, proof, eqs. (71)–(72)", ("71", "72")),
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
        sp.diff(Uz(y - shift, t), t) + a_t * sp.diff(Uz(y - shift, t), y),
        sp.Subs(sp.Derivative(Uz(y - shift, tt), tt), tt, t),
        "(73): with z = y − ∫_0^t a, τ = t and u(y, t) = U(z, τ): ∂_t u + a(t)∂_y u = ∂_τ U, so (72) becomes the "
        "ODE (74) along each characteristic z = const",
        src("Lemma 4.2, proof, eqs. (73)–(74)", ("73", "74")),
        covers=cov,
    )
)
u_char = G(y - shift) / Lam
paper.add(
    Identity(
        paper.id("pde-72-characteristic-solution"),
        sp.diff(u_char, t) + a_t * (u_char + sp.diff(u_char, y)),
        0,
        "the characteristic solution u(y, t) = G(y − ln Λ(t))/Λ(t) solves the PDE (72) with equality for every "
        "initial profile G = u(·, 0), Λ(t) = 1 + 2cσ²t/L²",
        src("Lemma 4.2, proof, eq. (72)", ("72", "74", "75"), "derived", ""),
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
        pde70((alpha**2) / Lam_t),
        0,
        "(76)–(78) as printed: R(α, t) = ε(α)/Λ(t) solves the PDE (70) with equality (the characteristic "
        "solution (75) read at the same y), here for the initial profile ε(α) = α²",
        src("Lemma 4.2, proof, eqs. (75)–(78)", ("75", "76", "77", "78")),
        expect="refuted",
        erratum="ye-shokri E5",
        hints=[{"alpha": 2, "t": 1, "c": 1, "L": 1, "sigma": 1}],
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-corrected"),
        pde70(R_char),
        0,
        "corrected: along characteristics y = y₀ + ln Λ(t), so R(α, t) = (α/α₀)·ε(α₀)/Λ(t) with α₀ = 1 + (α − 1)/Λ(t) "
        "solves (70) with equality for every initial profile ε (and equals ε(α) at t = 0)",
        src("Lemma 4.2, proof, eqs. (75)–(78)", ("75", "76"), "corrected"),
        where=[alpha > 1],
        erratum="ye-shokri E5",
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-initial"),
        R_char.subs(t, 0),
        eps_f(alpha),
        "the corrected solution meets the initial condition R(α, 0) = ε(α) of (70) (α₀ = α at t = 0)",
        src("Lemma 4.2, proof, eq. (70)", "70", "corrected"),
        erratum="ye-shokri E5",
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-defect"),
        pde70(R_paper),
        (2 * c * sigma**2 / L**2) / Lam_t**2 * (alpha - 1) * (sp.diff(eps_f(alpha), alpha) - eps_f(alpha) / alpha),
        "exactness condition: for R = ε(α)/Λ the residual of (70) is (2cσ²/L²)Λ^{−2}(α − 1)(ε'(α) − ε(α)/α): the "
        "paper's form is exact iff ε ∝ α and a super-solution iff ε(α)/α is nondecreasing",
        src("Lemma 4.2, proof, eqs. (70), (76)", ("70", "76"), "derived", "erratum E5"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-back-substitution-linear"),
        pde70(alpha * C0 / Lam_t),
        0,
        "for the α-linear bounds ε(α) = αC used by every theorem, ε(α)/Λ(t) solves (70) with equality: "
        "Theorems 4.3, 4.4, 5.2, 5.3 are unaffected by E5",
        src("Lemma 4.2, eq. (8)", ("8", "80"), "derived", "erratum E5"),
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
        sp.diff(R_gauss, t),
        -c_t * 2 * sigma**2 * (R_gauss / alpha + (alpha - 1) * sp.diff(R_gauss, alpha)),
        "Lemma 4.1 is tight: for μ = N(m₁, v), ν = N(m₂, v) (LSI constant c = 1/v) and f(θ) = Lθ, "
        "R_α(p_t‖p'_t) = αL²Δ²/(2(L²v + 2tσ²)) satisfies (7) with equality, c_t = (L²/c + 2tσ²)^{−1}",
        src("Lemma 4.1, eq. (7)", "7", "derived", "tightness on Gaussians"),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-gaussian-equality"),
        R_gauss.subs(t, eta),
        alpha * D**2 / (2 * vv) * (1 + (1 / vv) * 2 * eta * sigma**2 / L**2) ** -1,
        "Lemma 4.2's contraction is exact on Gaussians: after one step (t = η) the divergence αL²Δ²/(2(L²v + 2ησ²)) "
        "equals R_α before the step, αΔ²/(2v), times (1 + c·2ησ²/L²)^{−1} with c = 1/v",
        src("Lemma 4.2, eq. (8)", "8", "derived", "exactness on Gaussians"),
        covers=cov,
    )
)
xg, mg = sp.Symbol("x", real=True), sp.Symbol("m", real=True)
vt = vv + 2 * t * sigma**2
dens = sp.exp(-((xg - mg) ** 2) / (2 * vt)) / sp.sqrt(2 * sp.pi * vt)
paper.add(
    Identity(
        paper.id("eq-46-heat-equation"),
        sp.diff(dens, t),
        sigma**2 * sp.diff(dens, xg, 2),
        "(46): the density of N(m, v + 2tσ²) solves the heat equation ∂_t p_t = σ²Δp_t",
        src("Lemma 4.1, proof, eqs. (46)–(47)", ("46", "47")),
        covers=cov,
    )
)
Rs, dR, ct_ = sp.symbols("R dR c_t", real=True)
cc = sp.Symbol("c", positive=True)
paper.add(
    Identity(
        paper.id("lem-b.1-algebra"),
        2 * cc / alpha * (Rs + (alpha - 1) * dR) - 2 * cc / alpha**2 * (alpha - 1) * Rs,
        2 * cc / alpha**2 * Rs + 2 * cc / alpha**2 * alpha * (alpha - 1) * dR,
        "Lemma B.1, (43) = (44): (2c/α)(R + (α−1)∂_αR) − (2c/α²)(α−1)R = (2c/α²)R + (2c/α²)α(α−1)∂_αR",
        src("Lemma B.1, eqs. (43)–(44)", ("43", "44")),
        covers=cov,
    )
)
paper.add(
    Identity(
        paper.id("eq-67-68"),
        -alpha * sigma**2 * (2 * ct_ / alpha**2 * Rs + 2 * ct_ / alpha**2 * alpha * (alpha - 1) * dR),
        -ct_ * 2 * sigma**2 * (Rs / alpha + (alpha - 1) * dR),
        "(67) = (68): −ασ²·(2c_t/α²)(R + α(α−1)∂_αR) = −2σ²c_t(R/α + (α−1)∂_αR), the right-hand side of (7)",
        src("Lemma 4.1, proof, eqs. (67)–(68)", ("67", "68")),
        covers=cov,
    )
)

# ---------------------------------------------------------------------------
# E1: the Gaussian step of (8)/(69)/(82): update sensitivity ηS_g/b, noise N(0, 2ησ²I).
step_rdp = gaussian_rdp(alpha=alpha, mu=eta * Sg / b, sigma=sp.sqrt(2 * eta) * sigma)
paper.add(
    Identity(
        paper.id("lem-4.2-gaussian-step"),
        step_rdp,
        eta * Sg**2 / (4 * sigma**2 * b**2),
        "(8)/(69) as printed, j = j₀: the step touching the differing record costs ηS_g²/(4σ²b²) "
        "(the Gaussian mechanism with sensitivity ηS_g/b and noise variance 2ησ²)",
        src("Lemma 4.2, eqs. (8), (69), (82)", ("8", "69", "82")),
        expect="refuted",
        erratum="ye-shokri E1",
        hints=[{"alpha": 2, "eta": 1, "Sg": 1, "sigma": 1, "b": 1}],
        covers=cov + [gaussian_rdp.id],
    )
)
paper.add(
    Identity(
        paper.id("lem-4.2-gaussian-step-corrected"),
        step_rdp,
        A,
        "corrected (as the right end of (82) and the recursions (99), (108), (20) have it): the step costs "
        "αηS_g²/(4σ²b²) = D_α(N(ηS_g/b, 2ησ²) ‖ N(0, 2ησ²))",
        src("Lemma 4.2, eqs. (8), (82)", ("8", "82"), "corrected"),
        erratum="ye-shokri E1",
        covers=cov + [gaussian_rdp.id],
    )
)

# ---------------------------------------------------------------------------
# Remark B.2, (83): ∂_α R_α ≥ R_α/α under Gaussian noise.
paper.add(
    Identity(
        paper.id("rem-b.2-point-mass"),
        sp.diff(alpha * D**2 / (2 * vv), alpha),
        (alpha * D**2 / (2 * vv)) / alpha,
        "corrected scope of (83): for point-mass initial distributions p_t = N(m₁, v), p'_t = N(m₂, v) and "
        "R_α = αΔ²/(2v), so ∂_αR_α = R_α/α (equality), as the remark proves",
        src("Remark B.2, eq. (83)", "83", "corrected"),
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


def remark_b2_sides(al_, v_=1, d_=3):
    """(∂_α R_α, R_α/α) for the mixture pair of E6, by quadrature and mpmath.diff.

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
        lambda vals: remark_b2_sides(vals["alpha"])[0],
        ">=",
        lambda vals: remark_b2_sides(vals["alpha"])[1],
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
