"""Small exact pieces: Lemma 3.4's contraction factors (on quadratics), the coupling variance identity (8),
the Gaussian divergence behind (A) and Lemma 3.2 (through the toolkit's ``privacy/gaussian-rdp``), and the
A.14 Hölder-but-not-smooth example (eqs. (128)–(133); erratum E9), and A.15's comparison with the form it quotes for
Kong & Ribero's bound.
"""

from __future__ import annotations

import sympy as sp

from derivations.privacy.gaussian import gaussian_rdp
from symbolic import Identity, Inequality, Limit

from .common import alpha, beta, eta, paper, sigma, src

# --- Lemma 3.4 on quadratics ℓ(x) = ½ xᵀHx, spec(H) ⊂ [m, L]: ψ = (I − ηH), Lip(ψ) = max |1 − ηλ_i|.
m_, d_, L_ = sp.Symbol("m", nonnegative=True), sp.Symbol("d", nonnegative=True), sp.Symbol("L", positive=True)
lam_e = m_ + d_  # an eigenvalue λ ≥ m
LEM34 = "Lemma 3.4"
paper.add(
    Inequality(
        paper.id("lem-3.4/strongly-convex"),
        1 - eta * m_,
        ">=",
        1 - eta * lam_e,
        "m-strongly convex quadratic, eigenvalue λ = m + d ≥ m, ηλ ≤ 1 (η ≤ 1/L): 0 ≤ 1 − ηλ ≤ 1 − ηm, so the update "
        "x − η∇ℓ(x) is (1 − ηm)-Lipschitz",
        src(LEM34, (), "derived", "quadratic check of the contraction factor"),
    )
)
paper.add(
    Identity(
        paper.id("lem-3.4/convex-extreme"),
        lhs=sp.Abs(1 - eta * (2 / eta)),
        rhs=1,
        statement="convex quadratic: at the largest admissible step ηλ = 2 (η = 2/L) the factor |1 − ηλ| is exactly 1, and for "
        "0 ≤ ηλ ≤ 2 it is ≤ 1, so c = 1 in Theorem 3.1 (η ≤ 2/L is needed, not only sufficient, for c ≤ 1)",
        source=src(LEM34, (), "derived"),
    )
)
paper.add(
    Inequality(
        paper.id("lem-3.4/smooth"),
        1 + eta * L_,
        ">=",
        1 + eta * (L_ - d_),
        "L-smooth (nonconvex) quadratic, eigenvalue λ ∈ [−L, L] with |λ| = L − d (d ≥ 0): |1 − ηλ| ≤ 1 + η|λ| ≤ 1 + ηL, "
        "the factor c = 1 + ηL of Lemma 3.4",
        src(LEM34, (), "derived"),
    )
)
# (78)–(79), pointwise: ψ(x) − ψ(y) = (x − y) − η(Π∇ℓ(x) − Π∇ℓ(y)); with ρ = ‖x − y‖, the clipped difference of norm
# κ = Lρ/(1 + p) ≤ ‖∇ℓ(x) − ∇ℓ(y)‖ ≤ Lρ (Π_{B_K} is 1-Lipschitz, then (22)) and any angle (cos = d − 1, d ≥ 0).
_rho, _p78, _d78 = sp.Symbol("rho", positive=True), sp.Symbol("p", nonnegative=True), sp.Symbol("d", nonnegative=True)
_kappa = L_ * _rho / (1 + _p78)
paper.add(
    Inequality(
        paper.id("lem-3.4/smooth-step"),
        ((1 + eta * L_) * _rho) ** 2,
        ">=",
        _rho**2 + (eta * _kappa) ** 2 - 2 * _rho * eta * _kappa * (_d78 - 1),
        "(78)–(79): ‖ψ(x) − ψ(y)‖ ≤ ‖x − y‖ + η‖Π∇ℓ(x) − Π∇ℓ(y)‖ ≤ ‖x − y‖ + η‖∇ℓ(x) − ∇ℓ(y)‖ ≤ (1 + ηL)‖x − y‖: "
        "the squared norm ρ² + η²κ² − 2ηρκ·cos of the step's difference, κ ≤ Lρ, at any angle, is at most "
        "(1 + ηL)²ρ² (the clipping Π_{B_K} is 1-Lipschitz, the projection onto a convex set)",
        src(LEM34 + ", proof (78)–(79)", ("78", "79", "22")),
    )
)
y_ = sp.Symbol("y", nonnegative=True)  # ηλ = y ∈ [0, 2] ⇔ y ≥ 0 and 2 − y ≥ 0
paper.add(
    Inequality(
        paper.id("lem-3.4/convex"),
        1 - (1 - y_),
        ">=",
        0,
        "convex quadratic with η ≤ 2/L, eigenvalue 0 ≤ ηλ = y ≤ 2: 1 − ηλ ≤ 1 (here) and 1 − ηλ ≥ −1 (lem-3.4/convex-lower), "
        "so |1 − ηλ| ≤ 1 and c = 1",
        src(LEM34, (), "derived"),
    )
)
paper.add(
    Inequality(
        paper.id("lem-3.4/convex-lower"),
        (1 - (2 - y_)) + 1,
        ">=",
        0,
        "convex quadratic, ηλ = 2 − y ≤ 2 (y ≥ 0): 1 − ηλ ≥ −1",
        src(LEM34, (), "derived"),
    )
)
# --- (8): Y_t + Z_t ~ N(0, σ²I).
paper.add(
    Identity(
        paper.id("coupling-variance"),
        lhs=(1 - beta) * sigma**2 + beta * sigma**2,
        rhs=sigma**2,
        statement="the split of (8): Y_t ~ N(0, (1 − β_t)σ²I) and Z_t ~ N(0, β_tσ²I) add up to the algorithm's noise N(0, σ²I)",
        source=src("Theorem 3.1, proof sketch, eq. (8)", ("8",)),
    )
)

# --- Lemma 3.2 (shift reduction) is tight on Dirac masses: D^{(z)}(δ_0 * N ‖ δ_v * N) = α(‖v‖ − z)²/(2σ²).
a_, z_ = sp.Symbol("a", nonnegative=True), sp.Symbol("z", nonnegative=True)
paper.add(
    Identity(
        paper.id("lem-3.2/tight-on-diracs"),
        lhs=gaussian_rdp(mu=a_),
        rhs=alpha * a_**2 / (2 * sigma**2),
        statement="Lemma 3.2 with μ = δ_0, ν = δ_v, ‖v‖ = z + a: the right-hand side is D^{(z+a)}(δ_0‖δ_v) + αa²/(2σ²) = 0 + "
        "αa²/(2σ²), the Gaussian divergence D_α(N(a, σ²)‖N(0, σ²)) of privacy/gaussian-rdp, which is the best shifted "
        "divergence on the left: (5) holds with equality",
        source=src("Lemma 3.2, eq. (5)", ("5",), "derived"),
        covers=[gaussian_rdp.id],
    )
)
paper.add(
    Identity(
        paper.id("part-a/composition-term"),
        lhs=gaussian_rdp(
            mu=2 * eta * sp.Symbol("K", positive=True) / sp.Symbol("n", positive=True), sigma=sp.sqrt(beta) * sigma
        ),
        rhs=alpha
        / (2 * beta * sigma**2)
        * (2 * eta * sp.Symbol("K", positive=True) / sp.Symbol("n", positive=True)) ** 2,
        statement="part (A) (73)–(75): each Z-step is the Gaussian mechanism with sensitivity 2ηK/n and variance β_tσ², costing "
        "α(2ηK/n)²/(2β_tσ²) (privacy/gaussian-rdp with σ → √β_t σ)",
        source=src("Theorem 3.1, proof (A.4)", ("73", "75")),
        covers=[gaussian_rdp.id],
    )
)

# --- A.14: f(x) = sign(x)(3/4)|x|^{4/3}, f′(x) = |x|^{1/3} (x ≠ 0).
x = sp.Symbol("x", positive=True)
EX = "Appendix A.14"
paper.add(
    Identity(
        paper.id("a.14/derivative-positive"),
        lhs=sp.diff(sp.Rational(3, 4) * x ** sp.Rational(4, 3), x),
        rhs=x ** sp.Rational(1, 3),
        statement="x > 0: d/dx (3/4)x^{4/3} = x^{1/3} = |x|^{1/3}",
        source=src(EX, ("128",)),
    )
)
paper.add(
    Identity(
        paper.id("a.14/derivative-negative"),
        lhs=sp.diff(
            -sp.Rational(3, 4) * (-sp.Symbol("w", negative=True)) ** sp.Rational(4, 3), sp.Symbol("w", negative=True)
        ),
        rhs=(-sp.Symbol("w", negative=True)) ** sp.Rational(1, 3),
        statement="w < 0: d/dw [sign(w)(3/4)|w|^{4/3}] = d/dw [−(3/4)(−w)^{4/3}] = (−w)^{1/3} = |w|^{1/3}: f′ = |x|^{1/3} is even",
        source=src(EX, ("128",)),
    )
)
paper.add(
    Limit(
        paper.id("a.14/not-lipschitz"),
        x ** sp.Rational(1, 3) / x,
        x,
        0,
        sp.oo,
        "|G(x) − G(0)|/|x| = x^{−2/3} → ∞ as x → 0⁺: f′ is not Lipschitz, so f is not smooth",
        src(EX, ("133",)),
        direction="+",
    )
)
uu = sp.Symbol("u", positive=True)
phi = uu ** sp.Rational(1, 3) + (1 - uu) ** sp.Rational(1, 3)
paper.add(
    Identity(
        paper.id("a.14/max-stationary"),
        lhs=sp.diff(phi, uu).subs(uu, sp.Rational(1, 2)),
        rhs=0,
        statement="u^{1/3} + (1 − u)^{1/3} is stationary at u = 1/2",
        source=src(EX, ("131", "132")),
    )
)
paper.add(
    Identity(
        paper.id("a.14/max-value"),
        lhs=phi.subs(uu, sp.Rational(1, 2)),
        rhs=2 ** sp.Rational(2, 3),
        statement="its value there is 2·2^{−1/3} = 2^{2/3} ≈ 1.5874, the printed Hölder constant",
        source=src(EX, ("131", "132")),
    )
)
vv = sp.Symbol("v", positive=True)  # u = 1/(1 + v) ∈ (0, 1)
paper.add(
    Inequality(
        paper.id("a.14/max-concave"),
        sp.diff(phi, uu, 2).subs(uu, 1 / (1 + vv)),
        "<=",
        0,
        "u^{1/3} + (1 − u)^{1/3} is concave on (0, 1) (u = 1/(1 + v)), so u = 1/2 is its maximum",
        src(EX, ("131", "132")),
    )
)
_b3, _d3 = sp.Symbol("b", nonnegative=True), sp.Symbol("d", positive=True)  # y = b³ ≥ 0, x = (b + d)³ > y
paper.add(
    Inequality(
        paper.id("a.14/case-1"),
        ((_b3 + _d3) ** 3 - _b3**3) - _d3**3,
        ">=",
        0,
        "case 1 of A.14, (128)/(130): x^{1/3} − y^{1/3} ≤ (x − y)^{1/3} for x > y ≥ 0, checked in the cubed form "
        "(x − y) − (x^{1/3} − y^{1/3})³ ≥ 0 (equivalent, the cube root being increasing), with y = b³, x = (b + d)³: "
        "(b + d)³ − b³ − d³ = 3bd(b + d) ≥ 0",
        src(EX, ("128", "130")),
    )
)
_p3 = sp.Symbol("p", nonnegative=True)  # z^{1/3} = 1/(1 + p) ∈ (0, 1]
paper.add(
    Inequality(
        paper.id("a.14/cube-root-above-identity"),
        1 / (1 + _p3) - 1 / (1 + _p3) ** 3,
        ">=",
        0,
        "(129) at s = 1/3 (the case (130) uses): z^{1/3} ≥ z on (0, 1] (z^{1/3} = 1/(1 + p), p ≥ 0), so "
        "1 = a/(a + b) + b/(a + b) ≤ (a/(a + b))^{1/3} + (b/(a + b))^{1/3} (every s ∈ (0, 1]: a.14/power-above-identity)",
        src(EX, ("129",)),
    )
)
_w, _v = sp.Symbol("w", nonnegative=True), sp.Symbol("v", nonnegative=True)  # z = e^{−w} ∈ (0, 1], s = 1/(1 + v)
paper.add(
    Inequality(
        paper.id("a.14/power-above-identity"),
        sp.exp(-_w / (1 + _v)),
        ">=",
        sp.exp(-_w),
        "(129)'s fact for every exponent: z^s ≥ z for all s ∈ (0, 1] and z ∈ (0, 1] (z = e^{−w}, w ≥ 0, s = 1/(1 + v), "
        "v ≥ 0; at z = 0 both sides are 0): the difference e^{−w/(1+v)} − e^{−w} is 0 at v = 0 (s = 1) and "
        "nondecreasing in v, so 1 = a/(a + b) + b/(a + b) ≤ (a/(a + b))^s + (b/(a + b))^s for a, b ≥ 0, a + b > 0",
        src(EX, ("129",)),
        increasing_in=_v,
    )
)
p_, q_ = sp.Symbol("p", positive=True), sp.Symbol("q", positive=True)  # x = −p < 0 < y = q
G_even = lambda t: sp.Abs(t) ** sp.Rational(1, 3)
G_odd = lambda t: sp.sign(t) * sp.Abs(t) ** sp.Rational(1, 3)
paper.add(
    Identity(
        paper.id("a.14/case-3"),
        lhs=sp.Abs(G_even(-p_) - G_even(q_)),
        rhs=p_ ** sp.Rational(1, 3) + q_ ** sp.Rational(1, 3),
        statement="case 3 of A.14 as printed, for x < 0 < y and the G = f′ = |x|^{1/3} of the statement: |G(x) − G(y)| = "
        "|x|^{1/3} + y^{1/3}",
        source=src(EX, ("131",)),
        expect="refuted",
        erratum="chien-li E9",
        hints=[{"p": 1, "q": 1}],
    )
)
paper.add(
    Identity(
        paper.id("a.14/case-3-corrected"),
        lhs=sp.Abs(G_odd(-p_) - G_odd(q_)),
        rhs=p_ ** sp.Rational(1, 3) + q_ ** sp.Rational(1, 3),
        statement="corrected: the step holds for the odd G(x) = sign(x)|x|^{1/3} (the derivative of f(x) = (3/4)|x|^{4/3}); for the "
        "even f′ = |x|^{1/3} the sharp constant is 1 ≤ 2^{2/3}, so the claim stays true but is not tight",
        source=src(EX, ("131",), "corrected"),
        erratum="chien-li E9",
    )
)

# --- Appendix A.15: the comparison with Kong & Ribero's bound, whose form A.15 quotes as (α/2σ²)(C₁D + C₂)² with
# C₁ > 1, C₂ > 0 (and (α/2σ²)(C₁D)² in full batch as n = b → ∞); C₁ = 1 + u, u > 0.
A15 = "Appendix A.15"
_u15, _C2, _D15 = sp.Symbol("u", positive=True), sp.Symbol("C_2", positive=True), sp.Symbol("D", positive=True)
_output_perturbation = alpha * _D15**2 / (2 * sigma**2)
paper.add(
    Inequality(
        paper.id("a.15/kr-form-above-output-perturbation"),
        alpha / (2 * sigma**2) * ((1 + _u15) * _D15 + _C2) ** 2,
        ">",
        _output_perturbation,
        "A.15: a bound of the form (α/2σ²)(C₁D + C₂)² with C₁ = 1 + u > 1, C₂ > 0 (how A.15 quotes Kong & Ribero's "
        "Theorem 2.2) is strictly above the output-perturbation bound αD²/(2σ²), for every D > 0",
        src(A15, (), "derived"),
    )
)
paper.add(
    Inequality(
        paper.id("a.15/kr-large-n-above-output-perturbation"),
        alpha / (2 * sigma**2) * ((1 + _u15) * _D15) ** 2,
        ">",
        _output_perturbation,
        "A.15, n = b → ∞: the limit (α/2σ²)(C₁D)² A.15 quotes for Kong & Ribero (C₁ = 1 + u > 1, independent of n) stays "
        "strictly above αD²/(2σ²) > 0, whereas Theorem 3.1's smooth convex plateau tends to 0 "
        "(thm-3.1/convex-plateau-vanishes)",
        src(A15, (), "derived"),
    )
)
