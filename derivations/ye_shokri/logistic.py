"""§6: the regularised logistic loss (23)–(24), Proposition 6.1 (in full at c = 3, d = 2, and for every c, d by
scalar reductions and induction steps, at the end of the module), and Proposition 6.2 / Corollary 6.3's premise:
the gradient-descent map of the regularised multiclass logistic loss with *clipped* unregularised gradient
(Algorithm 3) need not be (1 − ηλ)-Lipschitz, which Lemma B.4 (hence Theorem 5.2 and Corollary 6.3) requires (erratum E22).

ℓ₀(θ; x, y) = −Σ_i y^i log softmax(x̄ᵀθ)_i, x̄ = (x, 1), θ = (θ_1, …, θ_c) ∈ ℝ^{(d+1)c} (23)–(24);
∇ℓ₀ = (p − y) ⊗ x̄; g₀ = ∇ℓ₀·min(1, (S_g/2)/‖∇ℓ₀‖); g = g₀ + λθ (Proposition 6.2);
f(θ) = θ − ηg(θ).  The Jacobian of f at a point is computed by central differences at 50 digits
(step 1e−20, so its entries are exact to ≈ 1e−35) and its spectral norm, a lower bound on f's
Lipschitz constant near the point, by mpmath's symmetric eigensolver.
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic.claims.numeric import SampledInequality

from .common import REDUCTION_SCOPE, mpq, paper, src

#: Table 2's dynamics hyper-parameters (Appendix E): feature clip L = 1, λ = 0.02, η = 1.92, gradient clip
#: S_g/2 = 1.5; a point (c = 3 classes, d = 2) where the clipping is active (‖∇ℓ₀‖ ≈ 1.70 > 1.5).
#: exact rationals, converted at the working precision (mpq), never through a 53-bit mpf
LAM, CLIP = sp.Rational(2, 100), sp.Rational(3, 2)
X = [
    "-0.2077849",
    "-0.9781745",
]  # ‖x‖ = 0.99999996 ≤ L = 1 (the point first used, (−0.207785, −0.978175), had ‖x‖ = 1.00000047: rescaled by 1/‖x‖ and truncated)
Y = [0, 0, 1]
THETA = [
    "-3.923544",
    "-0.391624",
    "-0.023979",
    "-6.950915",
    "-1.150482",
    "-0.334448",
    "-1.401163",
    "4.251807",
    "3.5797",
]


def gradient(theta, clip):
    """g(θ) = g₀(θ) + λθ at x = :data:`X`, y = :data:`Y`, λ = :data:`LAM` (mpf list θ at the working precision):
    g₀ = ∇ℓ₀·min(1, clip/‖∇ℓ₀‖), or g₀ = ∇ℓ₀ if clip is None (Proposition 6.2, Algorithm 3)."""
    xbar = [mpmath.mpf(v) for v in X] + [mpmath.mpf(1)]
    d1 = len(xbar)
    z = [mpmath.fsum(theta[i * d1 + k] * xbar[k] for k in range(d1)) for i in range(len(Y))]
    zmax = max(z)
    e = [mpmath.exp(v - zmax) for v in z]
    tot = mpmath.fsum(e)
    g = [(e[i] / tot - Y[i]) * xbar[k] for i in range(len(Y)) for k in range(d1)]
    if clip is not None:
        nrm = mpmath.sqrt(mpmath.fsum(v * v for v in g))
        g = [v * min(1, mpq(clip) / nrm) for v in g]
    lam = mpq(LAM)
    return [g[i] + lam * theta[i] for i in range(len(g))]


def local_lipschitz(eta, clip=CLIP):
    """Spectral norm of the Jacobian of θ ↦ θ − η g(θ) at :data:`THETA` (clipped g, or unclipped if clip is None)."""
    with mpmath.workdps(60):
        th = [mpmath.mpf(v) for v in THETA]
        h = mpmath.mpf(10) ** -20
        cols = []
        for k in range(len(th)):
            up = [v + (h if i == k else 0) for i, v in enumerate(th)]
            dn = [v - (h if i == k else 0) for i, v in enumerate(th)]
            fu, fd = gradient(up, clip), gradient(dn, clip)
            cols.append([(1 if i == k else 0) - eta * (fu[i] - fd[i]) / (2 * h) for i in range(len(th))])
        J = mpmath.matrix(cols).T
        eig = mpmath.eigsy(J.T * J, eigvals_only=True)
        return mpmath.sqrt(max(eig))


_eta = sp.Symbol("eta", positive=True)
_AT = dict(
    symbols=[_eta], where=[sp.Eq(_eta, sp.Rational(48, 25))], hints=[{"eta": sp.Rational(48, 25)}], samples=1, digits=20
)
paper.add(
    SampledInequality(
        paper.id("prop-6.2-contraction"),
        lambda v: local_lipschitz(v["eta"]),
        "<=",
        lambda v: 1 - v["eta"] * mpq(LAM),
        "Proposition 6.2 used in Corollary 6.3: with the unregularised gradient clipped at S_g/2, the step "
        "θ ↦ θ − η(g₀ + λθ) is (1 − ηλ)-Lipschitz (as Lemma B.4 needs), at Table 2's parameters (L = 1, λ = 0.02, "
        "η = 1.92, S_g/2 = 1.5; c = 3, d = 2, at a point where the clipping is active)",
        src("Proposition 6.2; Corollary 6.3", ("27", "167")),
        expect="refuted",
        erratum="ye-shokri E22",
        **_AT,
    )
)
paper.add(
    SampledInequality(
        paper.id("prop-6.2-contraction-corrected"),
        lambda v: local_lipschitz(v["eta"], clip=None),
        "<=",
        lambda v: 1 - v["eta"] * mpq(LAM),
        "corrected scope: without gradient clipping (g = ∇ℓ₀ + λθ, a λ-strongly convex (β + λ)-smooth loss, "
        "η < 2/(β + 2λ)) the step is (1 − ηλ)-Lipschitz — checked at the same point; with clipping the premise of "
        "Lemma B.4 is not guaranteed",
        src("Proposition 6.2; Corollary 6.3", ("27", "167"), "corrected"),
        erratum="ye-shokri E22",
        **_AT,
    )
)


# ---------------------------------------------------------------------------
# The loss (23)–(24) and its derivatives (154)–(162), checked symbolically for c = 3 classes and
# d = 2 features (θ_i ∈ ℝ³ per class, x̄ = (x₁, x₂, 1)), with label y = e_3.  The derivatives are taken on
# first use (functools.cache), not when the module is imported: every `verify` and `eval` of the paper
# imports this module, and only the checkers of eq-155-gradient, eq-161-hessian and eq-23-gradient need them.
import functools  # noqa: E402

from symbolic import Identity, Inequality, Limit  # noqa: E402

THETA_SYMBOLS = sp.symbols("t0:9", real=True)  # θ = (θ_1, θ_2, θ_3), θ_i = (t_{3i}, t_{3i+1}, t_{3i+2})
X1, X2 = sp.symbols("x1 x2", real=True)
XBAR = (X1, X2, sp.Integer(1))
LABEL = (0, 0, 1)  # y = e_3 (any one-hot label is this one after relabelling the classes)
_lam = sp.Symbol("lam", positive=True)


@functools.cache
def softmax_loss():
    """(p, ℓ₀) of (24) at c = 3, d = 2, y = e_3: p_i = e^{z_i}/Σ_k e^{z_k}, z_i = x̄ᵀθ_i, and
    ℓ₀ = −Σ_i y^i (z_i − log Σ_k e^{z_k}) (log(e^{z_i}/Σe^{z_k}) written out)."""
    z = [sum(THETA_SYMBOLS[3 * i + k] * XBAR[k] for k in range(3)) for i in range(3)]
    den = sum(sp.exp(v) for v in z)
    p = [sp.exp(v) / den for v in z]
    loss = -sum(LABEL[i] * (z[i] - sp.log(den)) for i in range(3))
    return p, loss


@functools.cache
def gradient_residual(lam=0):
    """Σ_u (∂ℓ/∂θ_u − [(p − y) ⊗ x̄ + λθ]_u)² for ℓ = ℓ₀ + (λ/2)‖θ‖² ((23); λ = 0 gives ℓ₀)."""
    p, loss = softmax_loss()
    reg = lam / 2 * sum(v**2 for v in THETA_SYMBOLS)
    return sum(
        (sp.diff(loss + reg, THETA_SYMBOLS[3 * i + k]) - (p[i] - LABEL[i]) * XBAR[k] - lam * THETA_SYMBOLS[3 * i + k])
        ** 2
        for i in range(3)
        for k in range(3)
    )


def regularised_gradient_residual():
    """:func:`gradient_residual` of ℓ_λ, λ > 0 a symbol (the claim eq-23-gradient)."""
    return gradient_residual(_lam)


@functools.cache
def hessian_residual():
    """Σ over the 81 entries of (∂²ℓ₀/∂θ_u∂θ_v − (T ⊗ x̄x̄ᵀ)_{uv})², T = diag(p) − ppᵀ.  SymPy returns the same
    expression (srepr) for (u, v) and (v, u), so the entries come from 45 differentiations, not 81."""
    p, loss = softmax_loss()
    T = [[(p[i] if i == j else 0) - p[i] * p[j] for j in range(3)] for i in range(3)]
    d2 = {}
    for u in range(9):
        for v in range(u, 9):
            d2[u, v] = d2[v, u] = sp.diff(loss, THETA_SYMBOLS[u], THETA_SYMBOLS[v])
    return sum(
        (d2[3 * i + a, 3 * j + bb] - T[i][j] * XBAR[a] * XBAR[bb]) ** 2
        for i in range(3)
        for j in range(3)
        for a in range(3)
        for bb in range(3)
    )


class DeferredIdentity(Identity):
    """``build() = 0`` over ``symbols``, the left side built by ``build`` when a checker first reads it (the
    engine's Identity takes its sides when it is constructed, i.e. at import)."""

    def __init__(self, id, statement, source, *, build, symbols, **kw):
        super().__init__(id, statement, source, lhs=0, rhs=0, **kw)
        del self.lhs  # read through __getattr__, i.e. from build() (functools.cache: built once)
        self.build = build
        self.symbols = sorted(symbols, key=lambda s: s.name)

    def __getattr__(self, name):
        if name == "lhs":
            return self.build()
        raise AttributeError(name)


_LOSS_SYMBOLS = (*THETA_SYMBOLS, X1, X2)
paper.add(
    DeferredIdentity(
        paper.id("eq-155-gradient"),
        build=gradient_residual,
        symbols=_LOSS_SYMBOLS,
        statement="(154)–(156), corrected reading of the garbled display: ∇_{θ_i}ℓ₀ = (p_i − y^i)·x̄, p = softmax(x̄ᵀθ_1, …, x̄ᵀθ_c) "
        "(checked for c = 3, d = 2, y = e_3: the sum of squared residuals of the 9 components is 0)",
        source=src("Proposition 6.1, proof, eqs. (154)–(156)", ("24", "154", "155", "156")),
        budget=90,
    )
)
HESSIAN_CLAIM = paper.add(
    DeferredIdentity(
        paper.id("eq-161-hessian"),
        build=hessian_residual,
        symbols=_LOSS_SYMBOLS,
        statement="(157)–(162): ∇²ℓ₀ = T ⊗ x̄x̄ᵀ with T = diag(p) − ppᵀ (c = 3, d = 2: the sum of squared residuals of the 81 "
        "entries is 0)",
        source=src("Proposition 6.1, proof, eqs. (157)–(162)", ("157", "161", "162")),
        budget=120,
    )
)
paper.add(
    DeferredIdentity(
        paper.id("eq-23-gradient"),
        build=regularised_gradient_residual,
        symbols=(*_LOSS_SYMBOLS, _lam),
        statement="(23): the regularised loss ℓ_λ = ℓ₀ + (λ/2)‖θ‖² has gradient ∇ℓ_λ = (p − y) ⊗ x̄ + λθ, the g₀ + λθ of "
        "Proposition 6.2 and Algorithm 3 before clipping (c = 3, d = 2, y = e_3: the sum of squared residuals of "
        "the 9 components is 0; its Hessian is ∇²ℓ₀ + λI)",
        source=src("§6.1, eq. (23); Proposition 6.2", ("23", "24", "27")),
        budget=90,
    )
)
_q = sp.Symbol("q", positive=True)
paper.add(
    Inequality(
        paper.id("eq-163-boehning-c2"),
        sp.Rational(1, 2),
        ">=",
        2 * _q * (1 - _q),
        "(163) for c = 2: T = q(1 − q)[[1, −1], [−1, 1]] has eigenvalues 0 and 2q(1 − q) ≤ 1/2, so "
        "∇²ℓ₀ ⪯ ½‖x̄‖² I ⪯ (L² + 1)/2·I, the smoothness constant β of (26)",
        src("Proposition 6.1, eqs. (26), (163)", ("26", "153", "163")),
        certificate=(1 - 2 * _q) ** 2 / 2,
    )
)

# ---------------------------------------------------------------------------
# Proposition 6.1's constants, for all parameters at c = 3, d = 2.  The softmax is written p_i = a_i/(a_1 + a_2 + a_3)
# with a_i = e^{x̄ᵀθ_i} > 0: as θ ranges over ℝ⁹, p ranges over the open simplex, and every statement below holds
# for all a_i > 0, hence for all θ.  A direction w ∈ ℝ⁹ is the 3×3 matrix W (row i: the coefficients of θ_i), and
# wᵀ(T ⊗ x̄x̄ᵀ)w = vᵀTv with v = Wx̄ (used in the certificates only; the claims state the Kronecker form).
_a = sp.symbols("a1:4", positive=True)
_s = sum(_a)
P = [ai / _s for ai in _a]
T_MATRIX = [[(P[i] if i == j else 0) - P[i] * P[j] for j in range(3)] for i in range(3)]
_w = sp.symbols("w0:9", real=True)
_W = [[_w[3 * i + k] for k in range(3)] for i in range(3)]
_v = [sum(_W[i][k] * XBAR[k] for k in range(3)) for i in range(3)]
_delta = sp.Symbol("delta", nonnegative=True)  # ‖x‖ ≤ L written L² = x₁² + x₂² + δ, δ ≥ 0
_L2 = X1**2 + X2**2 + _delta
BETA = (_L2 + 1) / 2  # (26)/(153)


def hessian_form(w=_W):
    """wᵀ(T ⊗ x̄x̄ᵀ)w = Σ_{i,j,k,l} W_ik T_ij x̄_k x̄_l W_jl (by eq-161-hessian, the quadratic form of ∇²ℓ₀)."""
    return sum(
        w[i][k] * T_MATRIX[i][j] * XBAR[k] * XBAR[ll] * w[j][ll]
        for i in range(3)
        for j in range(3)
        for k in range(3)
        for ll in range(3)
    )


def _variance(u):
    """Σ_{i<j} p_i p_j (u_i − u_j)², which equals uᵀTu (the variance of u under p)."""
    return sum(P[i] * P[j] * (u[i] - u[j]) ** 2 for i in range(3) for j in range(i + 1, 3))


def _half_norm_gap(u):
    """Σ_{i<j} p_i p_j (u_i + u_j)² + ½Σ_i (1 − 2p_i)² u_i², which equals ½‖u‖² − uᵀTu."""
    return (
        sum(P[i] * P[j] * (u[i] + u[j]) ** 2 for i in range(3) for j in range(i + 1, 3))
        + sum((1 - 2 * P[i]) ** 2 * u[i] ** 2 for i in range(3)) / 2
    )


_sq_w = sum(v**2 for v in _w)
_reg_hessian = sp.hessian(_lam / 2 * sum(v**2 for v in THETA_SYMBOLS), THETA_SYMBOLS)  # = λI
_reg_form = sum(_w[u] * _reg_hessian[u, v] * _w[v] for u in range(9) for v in range(9))
paper.add(
    Inequality(
        paper.id("eq-23-strongly-convex"),
        hessian_form() + _reg_form,
        ">=",
        _lam * _sq_w,
        "(23) and the left half of (165): wᵀ∇²ℓ_λw = wᵀ(T ⊗ x̄x̄ᵀ)w + wᵀ∇²((λ/2)‖θ‖²)w ≥ λ‖w‖² for every direction "
        "w ∈ ℝ⁹, every x and every θ (p = softmax(x̄ᵀθ) any point of the open simplex), c = 3, d = 2: ℓ₀ is convex "
        "(T ⪰ 0) and ℓ_λ is λ-strongly convex (certificate Σ_{i<j} p_ip_j(v_i − v_j)², v = Wx̄)",
        src("§6.1, eq. (23); Proposition 6.1; eq. (165)", ("23", "161", "165")),
        certificate=_variance(_v),
    )
)
_u = sp.symbols("v1:4", real=True)
_mean = sum(_u) / 3
_centred = [ui - _mean for ui in _u]
_tu = sum(_u[i] * T_MATRIX[i][j] * _u[j] for i in range(3) for j in range(3))
paper.add(
    Inequality(
        paper.id("eq-163-boehning-c3"),
        sp.Rational(1, 2) * (sum(ui**2 for ui in _u) - sum(_u) ** 2 / 3),
        ">=",
        _tu,
        "(163) (Böhning) for c = 3: T = diag(p) − ppᵀ ⪯ ½(I₃ − 1·1ᵀ/3) for every p in the open simplex, i.e. "
        "½(‖u‖² − (Σu_i)²/3) ≥ uᵀTu for all u ∈ ℝ³ (certificate: with ū = u − mean(u)·1, "
        "Σ_{i<j} p_ip_j(ū_i + ū_j)² + ½Σ_i (1 − 2p_i)²ū_i²); so T's eigenvalues lie in [0, ½]",
        src("Proposition 6.1, proof, eq. (163)", ("163", "162")),
        certificate=_half_norm_gap(_centred),
    )
)
_lagrange = sum(
    (_W[i][k] * XBAR[ll] - _W[i][ll] * XBAR[k]) ** 2 for i in range(3) for k in range(3) for ll in range(k + 1, 3)
)
paper.add(
    Inequality(
        paper.id("eq-153-smoothness"),
        BETA * _sq_w,
        ">=",
        hessian_form(),
        "(26)/(153) and the right half of (165): wᵀ∇²ℓ₀w = wᵀ(T ⊗ x̄x̄ᵀ)w ≤ β‖w‖² with β = (L² + 1)/2, for every "
        "w ∈ ℝ⁹, every θ and every x with ‖x‖ ≤ L (written L² = x₁² + x₂² + δ, δ ≥ 0), c = 3, d = 2 (certificate: "
        "(δ/2)‖w‖² + ½Σ_i Σ_{k<l}(W_ik x̄_l − W_il x̄_k)² (Lagrange's identity, ‖x̄‖²‖W‖² − ‖Wx̄‖²) + "
        "Σ_{i<j} p_ip_j(v_i + v_j)² + ½Σ_i(1 − 2p_i)²v_i² (= ½‖v‖² − vᵀTv), v = Wx̄)",
        src("Proposition 6.1, eqs. (26), (153), (165)", ("26", "153", "165", "163")),
        certificate=_delta / 2 * _sq_w + _lagrange / 2 + _half_norm_gap(_v),
    )
)
_grad_sq = sum(((P[i] - LABEL[i]) * XBAR[k]) ** 2 for i in range(3) for k in range(3))
paper.add(
    Inequality(
        paper.id("eq-152-lipschitz"),
        2 * (_L2 + 1),
        ">=",
        _grad_sq,
        "(25)/(152): ‖∇ℓ₀‖² = ‖(p − y) ⊗ x̄‖² ≤ 2(L² + 1), so ℓ₀ is √(2(L² + 1))-Lipschitz (the 'L = √(2(L² + 1))' "
        "of (25), L on the right the feature-clipping norm), for every θ and every x with ‖x‖ ≤ L "
        "(L² = x₁² + x₂² + δ, δ ≥ 0), c = 3, d = 2, y = e_3 (certificate: ‖p − e_3‖² = 2 − 2p_3(1 + p_1 + p_2) − "
        "2p_1p_2, so the difference is (2p_3(1 + p_1 + p_2) + 2p_1p_2)‖x̄‖² + 2δ)",
        src("Proposition 6.1, eqs. (25), (152), (156)", ("25", "152", "156")),
        certificate=(2 * P[2] * (1 + P[0] + P[1]) + 2 * P[0] * P[1]) * (X1**2 + X2**2 + 1) + 2 * _delta,
    )
)
paper.add(
    Limit(
        paper.id("eq-152-lipschitz-sharp"),
        _grad_sq,
        _a[0],
        sp.oo,
        2 * (X1**2 + X2**2 + 1),
        "(25)/(152) is sharp: as p → e_1 (a_1 → ∞, the label being e_3), ‖∇ℓ₀‖² = ‖(p − e_3) ⊗ x̄‖² → 2‖x̄‖², which is "
        "2(L² + 1) when ‖x‖ = L; so √(2(L² + 1)) is the least Lipschitz constant over θ (a supremum, not attained) "
        "(c = 3, d = 2)",
        src("Proposition 6.1, eqs. (25), (152)", ("25", "152")),
    )
)

# ---------------------------------------------------------------------------
# The same statements for every number of classes c and features d.  The engine has no vectors of
# symbolic length (an IndexedBase summed to a symbolic c is sampled atom by atom by confirm_zero, so
# a proved identity over IndexedBase fails its random-point confirmation), so each general statement
# is reduced to finitely many scalars:
# * derivatives: ℓ₀ = −Σ_j y^j log(e^{z_j}/Σ_m e^{z_m}), z_j = x̄ᵀθ_j, depends on a coordinate θ_ik only
#   through z_i = θ_ik·x̄_k + r_i (r_i: the other coordinates of θ_i); the classes other than i and j
#   enter only through R = Σ_{m≠i,j} e^{z_m} ≥ 0 (0 when c = 2) and Y = Σ_{m≠i,j} y^m z_m, and
#   Σ_j y^j = 1 (a one-hot, or any probability, label).  So a scalar identity in
#   (θ_ik, θ_il, θ_jm, x̄_k, x̄_l, x̄_m, r_i, r_j, R, y^i, y^j, Y) is every entry of (154)–(162), for all c ≥ 2, d ≥ 1.
# * eigenvalue bounds, by induction on c (resp. on d), splitting off the first coordinate: a law on c
#   classes is p = (t, (1 − t)q), q a law on the other c − 1, t ∈ (0, 1), and the sums over all c
#   coordinates are the first term plus (1 − t)·(the same sums under q); each step below holds for *all*
#   values of the c − 1 aggregates allowed by the induction hypothesis (written as slacks V, W, G, D ≥ 0),
#   and the base cases (one class, one feature) are equalities.
_gu, _gv, _gw, _gxk, _gxl, _gxm, _gri, _grj, _gyi, _gyj, _gY = sp.symbols(
    "theta_ik theta_il theta_jm xbar_k xbar_l xbar_m r_i r_j y_i y_j Y", real=True
)
_gR = sp.Symbol("R", nonnegative=True)
_gzi = _gu * _gxk + _gv * _gxl + _gri
_gzj = _gw * _gxm + _grj
_gS = sp.exp(_gzi) + sp.exp(_gzj) + _gR
#: (24) with the classes other than i, j aggregated: −y^i log p_i − y^j log p_j − Σ_{m≠i,j} y^m (z_m − log S),
#: Σ_{m≠i,j} y^m = 1 − y^i − y^j
_GENERAL_LOSS = (
    -_gyi * sp.log(sp.exp(_gzi) / _gS) - _gyj * sp.log(sp.exp(_gzj) / _gS) - _gY + (1 - _gyi - _gyj) * sp.log(_gS)
)
_gpi, _gpj = sp.exp(_gzi) / _gS, sp.exp(_gzj) / _gS


@functools.cache
def general_gradient_residual(regularised=False):
    """The squared residuals of ∂ℓ/∂θ_ik, ∂ℓ/∂θ_il, ∂ℓ/∂θ_jm against (p − y) ⊗ x̄ (+ λθ) for the reduced loss
    (:data:`_GENERAL_LOSS`, or :data:`_GENERAL_REG` = ℓ_λ when ``regularised``)."""
    loss, lam = (_GENERAL_REG, _glam) if regularised else (_GENERAL_LOSS, 0)
    return (
        (sp.diff(loss, _gu) - (_gpi - _gyi) * _gxk - lam * _gu) ** 2
        + (sp.diff(loss, _gv) - (_gpi - _gyi) * _gxl - lam * _gv) ** 2
        + (sp.diff(loss, _gw) - (_gpj - _gyj) * _gxm - lam * _gw) ** 2
    )


def general_regularised_gradient_residual():
    """:func:`general_gradient_residual` of ℓ_λ (the claim eq-23-gradient-general)."""
    return general_gradient_residual(True)


@functools.cache
def general_hessian_residual():
    """The squared residuals of four second derivatives of the reduced loss against T_ij x̄_k x̄_l."""
    return (
        (sp.diff(_GENERAL_LOSS, _gu, _gv) - _gpi * (1 - _gpi) * _gxk * _gxl) ** 2
        + (sp.diff(_GENERAL_LOSS, _gu, 2) - _gpi * (1 - _gpi) * _gxk**2) ** 2
        + (sp.diff(_GENERAL_LOSS, _gu, _gw) + _gpi * _gpj * _gxk * _gxm) ** 2
        + (sp.diff(_GENERAL_LOSS, _gw, 2) - _gpj * (1 - _gpj) * _gxm**2) ** 2
    )


_GENERAL_SYMBOLS = (_gu, _gv, _gw, _gxk, _gxl, _gxm, _gri, _grj, _gR, _gyi, _gyj, _gY)
paper.add(
    DeferredIdentity(
        paper.id("eq-155-gradient-general"),
        build=general_gradient_residual,
        symbols=_GENERAL_SYMBOLS,
        statement="(154)–(156) for every c ≥ 2 classes and d ≥ 1 features: ∂ℓ₀/∂θ_ik = (p_i − y^i)·x̄_k, i.e. "
        "∇ℓ₀ = (p − y) ⊗ x̄ (label Σ_j y^j = 1).  ℓ₀ depends on θ_ik only through z_i = θ_ik x̄_k + r_i, the classes "
        "other than i, j only through R = Σ_{m≠i,j} e^{z_m} ≥ 0 and Y = Σ_{m≠i,j} y^m z_m: the squared residuals of "
        "three coordinates (two of class i, one of class j ≠ i) vanish for all values of these scalars"
        + REDUCTION_SCOPE,
        source=src("Proposition 6.1, proof, eqs. (154)–(156)", ("24", "154", "155", "156")),
        budget=6,
    )
)
paper.add(
    DeferredIdentity(
        paper.id("eq-161-hessian-general"),
        build=general_hessian_residual,
        symbols=_GENERAL_SYMBOLS,
        statement="(157)–(162) for every c ≥ 2 and d ≥ 1: ∂²ℓ₀/∂θ_ik∂θ_jl = T_ij x̄_k x̄_l, T_ii = p_i(1 − p_i), T_ij = −p_ip_j "
        "(i ≠ j), i.e. ∇²ℓ₀ = T ⊗ x̄x̄ᵀ: the entries within one class (k ≠ l and k = l) and across two classes, with "
        "the other classes aggregated as in eq-155-gradient-general, for all values of the scalars" + REDUCTION_SCOPE,
        source=src("Proposition 6.1, proof, eqs. (157)–(162)", ("157", "158", "159", "161", "162")),
        budget=6,
    )
)
_glam = sp.Symbol("lam", positive=True)
_gQ = sp.Symbol("Q", nonnegative=True)  # ‖θ‖² over the coordinates other than θ_ik, θ_il, θ_jm
_GENERAL_REG = _GENERAL_LOSS + _glam / 2 * (_gu**2 + _gv**2 + _gw**2 + _gQ)
paper.add(
    DeferredIdentity(
        paper.id("eq-23-gradient-general"),
        build=general_regularised_gradient_residual,
        symbols=(*_GENERAL_SYMBOLS, _glam, _gQ),
        statement="(23) for every c ≥ 2 and d ≥ 1: ℓ_λ = ℓ₀ + (λ/2)‖θ‖² has gradient (p − y) ⊗ x̄ + λθ (the other coordinates "
        "of θ enter ‖θ‖² through Q ≥ 0 only; reduction of eq-155-gradient-general)" + REDUCTION_SCOPE,
        source=src("§6.1, eq. (23); Proposition 6.2", ("23", "24", "27")),
        budget=6,
    )
)
_is = sp.Symbol("u", positive=True)  # t = u/(1 + u) ranges over (0, 1)
_it = _is / (1 + _is)
_ia, _imu = sp.symbols("a mu", real=True)  # v_1, and E_q[v_rest]
_iV, _iW = sp.symbols("V W", nonnegative=True)  # induction slacks
#: the c − 1 classes: E_q[v²] = μ² + V (V = Var_q ≥ 0, the convexity hypothesis) and ‖v_rest‖² = μ² + 2V + 2W
#: (W = ½‖v_rest‖² − Var_q − ½μ² ≥ 0, the smoothness hypothesis); the c classes: p = (t, (1 − t)q)
_iM2 = _it * _ia**2 + (1 - _it) * (_imu**2 + _iV)
_im = _it * _ia + (1 - _it) * _imu
_inorm = _ia**2 + _imu**2 + 2 * _iV + 2 * _iW
paper.add(
    Inequality(
        paper.id("eq-165-convex-induction"),
        _iM2 - _im**2,
        ">=",
        0,
        "(165)'s left half, ∇²ℓ₀ = T ⊗ x̄x̄ᵀ ⪰ 0, for every c: vᵀTv = E_p[v²] − E_p[v]² (the variance of v under p) "
        "is ≥ 0, by induction on c (c = 1: 0).  Step: with p = (t, (1 − t)q) and Var_q(v_rest) = V ≥ 0, "
        "Var_p(v) = t(1 − t)(v_1 − E_q v_rest)² + (1 − t)V ≥ 0 for all t ∈ (0, 1), v_1, E_q v_rest; then "
        "wᵀ(T ⊗ x̄x̄ᵀ)w = vᵀTv ≥ 0 with v = Wx̄ (distributivity), and ℓ_λ is λ-strongly convex" + REDUCTION_SCOPE,
        src("Proposition 6.1; eqs. (161), (165)", ("23", "161", "165")),
        certificate=_it * (1 - _it) * (_ia - _imu) ** 2 + (1 - _it) * _iV,
        budget=3,
    )
)
paper.add(
    Inequality(
        paper.id("eq-163-half-induction"),
        _inorm / 2 - (_iM2 - _im**2),
        ">=",
        _im**2 / 2,
        "the eigenvalues of T lie in [0, ½] for every c (what (163) is used for): vᵀTv ≤ ½‖v‖² − ½(pᵀv)², i.e. "
        "T ⪯ ½(I − ppᵀ), by induction on c (c = 1: ½v² − 0 = ½v²).  Step: with p = (t, (1 − t)q), the hypothesis "
        "on the other c − 1 coordinates ½‖v_rest‖² − Var_q − ½(E_q v_rest)² = W ≥ 0 and Var_q = V ≥ 0 give "
        "½‖v‖² − Var_p(v) − ½E_p[v]² = ½((1 − t)v_1 + tE_q v_rest)² + tV + W ≥ 0" + REDUCTION_SCOPE,
        src("Proposition 6.1, proof, eq. (163)", ("163", "26", "153")),
        certificate=((1 - _it) * _ia + _it * _imu) ** 2 / 2 + _it * _iV + _iW,
        budget=3,
    )
)
_bc = sp.Symbol("c", integer=True, positive=True)
_bkappa, _bm = sp.symbols("kappa m_w", real=True)
_bM = sp.Symbol("M_w", real=True)
#: v = w + κ·1 with Σ_i w_i = 0 (every v ∈ ℝ^c is one, κ = mean(v)); E_p[w] = m_w, E_p[w²] = M_w, and by
#: eq-163-half-induction applied to w, ‖w‖² = 2(M_w − m_w²) + m_w² + 2W (W ≥ 0)
_bnorm_w = 2 * (_bM - _bm**2) + _bm**2 + 2 * _iW
paper.add(
    Inequality(
        paper.id("eq-163-boehning-general"),
        sp.Rational(1, 2) * ((_bnorm_w + _bc * _bkappa**2) - (_bc * _bkappa) ** 2 / _bc),
        ">=",
        (_bM + 2 * _bkappa * _bm + _bkappa**2) - (_bm + _bkappa) ** 2,
        "(163) as printed for every c: T ⪯ ½(I_c − 1_c1_cᵀ/c), i.e. vᵀTv ≤ ½(‖v‖² − (Σ_i v_i)²/c) for all v ∈ ℝ^c "
        "and every p in the open simplex.  Write v = w + κ1 with Σw = 0: ‖v‖² = ‖w‖² + cκ², Σv = cκ, "
        "E_p[v] = E_p[w] + κ, E_p[v²] = E_p[w²] + 2κE_p[w] + κ² (Σp = 1), and eq-163-half-induction for w "
        "(½‖w‖² − Var_p(w) − ½E_p[w]² = W ≥ 0); the difference is ½E_p[w]² + W" + REDUCTION_SCOPE,
        src("Proposition 6.1, proof, eq. (163)", ("163",)),
        certificate=_bm**2 / 2 + _iW,
        budget=3,
    )
)
_cP, _cG = sp.symbols("P G", nonnegative=True)
_ctau, _calpha, _cbeta = sp.symbols("tau alpha beta", real=True)
#: vectors a, b of length d − 1: ‖a‖² = P, a·b = Pτ, ‖b‖² = Pτ² + G (G ≥ 0: Cauchy–Schwarz for them; every
#: (‖a‖², a·b, ‖b‖²) with ‖a‖²‖b‖² ≥ (a·b)² is of this form, P = 0 forcing a·b = 0); appended: α to a, β to b
paper.add(
    Inequality(
        paper.id("eq-153-cauchy-schwarz-induction"),
        (_cP + _calpha**2) * (_cP * _ctau**2 + _cG + _cbeta**2),
        ">=",
        (_cP * _ctau + _calpha * _cbeta) ** 2,
        "(153)/(26) for every d: the Kronecker factor x̄x̄ᵀ enters as (W_i·x̄)² ≤ ‖W_i‖²‖x̄‖² (Cauchy–Schwarz), so "
        "wᵀ(T ⊗ x̄x̄ᵀ)w = vᵀTv ≤ ½‖Wx̄‖² ≤ ½‖x̄‖²‖w‖² ≤ (L² + 1)/2·‖w‖² (eq-163-half-induction, ‖x̄‖² = ‖x‖² + 1); "
        "Cauchy–Schwarz by induction on d (d = 1: equality).  Step: ‖a‖² = P, a·b = Pτ, ‖b‖² = Pτ² + G "
        "(G ≥ 0) extended by α, β: (P + α²)(Pτ² + G + β²) − (Pτ + αβ)² = P(β − τα)² + PG + α²G ≥ 0" + REDUCTION_SCOPE,
        src("Proposition 6.1, proof; eqs. (26), (153), (165)", ("26", "153", "165")),
        certificate=_cP * (_cbeta - _ctau * _calpha) ** 2 + _cP * _cG + _calpha**2 * _cG,
        budget=3,
    )
)
_qD = sp.Symbol("D", nonnegative=True)
paper.add(
    Inequality(
        paper.id("eq-152-simplex-squares-induction"),
        1,
        ">=",
        _it**2 + (1 - _it) ** 2 * (1 - _qD),
        "Σ_j q_j² ≤ 1 for every law q on any number of classes (used for (25) at every c), by induction (one class: "
        "1).  Step: p = (t, (1 − t)q) with Σq_j² = 1 − D, D ≥ 0: Σp_j² = t² + (1 − t)²(1 − D) ≤ 1 "
        "(difference 2t(1 − t) + (1 − t)²D)" + REDUCTION_SCOPE,
        src("Proposition 6.1, eqs. (25), (152)", ("25", "152")),
        certificate=2 * _it * (1 - _it) + (1 - _it) ** 2 * _qD,
        budget=3,
    )
)
paper.add(
    Inequality(
        paper.id("eq-152-lipschitz-general"),
        2,
        ">=",
        (1 - _it) ** 2 + (1 - _it) ** 2 * (1 - _qD),
        "(25)/(152) for every c ≥ 2 and d ≥ 1: ‖∇ℓ₀‖² = ‖(p − e_y) ⊗ x̄‖² = ‖p − e_y‖²‖x̄‖² (distributivity) and, "
        "with p_y = t ∈ (0, 1) and the other classes p_j = (1 − t)q_j, Σq_j² = 1 − D ≤ 1 "
        "(eq-152-simplex-squares-induction): ‖p − e_y‖² = (1 − t)² + (1 − t)²Σq_j² ≤ 2, so "
        "‖∇ℓ₀‖² ≤ 2‖x̄‖² ≤ 2(L² + 1)" + REDUCTION_SCOPE,
        src("Proposition 6.1, eqs. (25), (152), (156)", ("25", "152", "156")),
        certificate=2 * (1 - (1 - _it) ** 2) + (1 - _it) ** 2 * _qD,
        budget=3,
    )
)
