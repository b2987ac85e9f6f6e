"""§6, Proposition 6.2 and Corollary 6.3's premise: the gradient-descent map of the regularised
multiclass logistic loss with *clipped* unregularised gradient (Algorithm 3) need not be
(1 − ηλ)-Lipschitz, which Lemma B.4 (hence Theorem 5.2 and Corollary 6.3) requires (erratum E22).

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

from .common import mpq, paper, src

#: Table 2's dynamics hyper-parameters (Appendix E): feature clip L = 1, λ = 0.02, η = 1.92, gradient clip
#: S_g/2 = 1.5; a point (c = 3 classes, d = 2) where the clipping is active (‖∇ℓ₀‖ ≈ 1.70 > 1.5).
#: exact rationals, converted at the working precision (mpq), never through a 53-bit mpf
LAM, CLIP = sp.Rational(2, 100), sp.Rational(3, 2)
X = ["-0.207785", "-0.978175"]  # ‖x‖ ≤ L = 1
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


def _grad(theta, clip):
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
            fu, fd = _grad(up, clip), _grad(dn, clip)
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
# d = 2 features (θ_i ∈ ℝ³ per class, x̄ = (x₁, x₂, 1)), with label y = e_3.
from symbolic import Identity, Inequality  # noqa: E402

_th = sp.symbols("t0:9", real=True)
_x1, _x2 = sp.symbols("x1 x2", real=True)
_xb = [_x1, _x2, sp.Integer(1)]
_z = [sum(_th[3 * i + k] * _xb[k] for k in range(3)) for i in range(3)]
_den = sum(sp.exp(v) for v in _z)
_p = [sp.exp(v) / _den for v in _z]
_y = [0, 0, 1]
_loss = -sum(_y[i] * (_z[i] - sp.log(_den)) for i in range(3))  # (24), log(e^{z_i}/Σe^{z_k}) = z_i − log Σe^{z_k}
_grad_res = sum((sp.diff(_loss, _th[3 * i + k]) - (_p[i] - _y[i]) * _xb[k]) ** 2 for i in range(3) for k in range(3))
paper.add(
    Identity(
        paper.id("eq-155-gradient"),
        _grad_res,
        0,
        "(154)–(156), corrected reading of the garbled display: ∇_{θ_i}ℓ₀ = (p_i − y^i)·x̄, p = softmax(x̄ᵀθ_1, …, x̄ᵀθ_c) "
        "(checked for c = 3, d = 2, y = e_3: the sum of squared residuals of the 9 components is 0)",
        src("Proposition 6.1, proof, eqs. (154)–(156)", ("24", "154", "155", "156")),
        budget=90,
    )
)
_T = [[(_p[i] if i == j else 0) - _p[i] * _p[j] for j in range(3)] for i in range(3)]
# ∂²ℓ₀/∂u∂v for the 45 unordered pairs: SymPy returns the same expression (srepr) for (u, v) and
# (v, u), so the 81 entries are built from 45 differentiations instead of 81 (at import time).
_d2 = {}
for _u in range(9):
    for _v in range(_u, 9):
        _d2[_u, _v] = _d2[_v, _u] = sp.diff(_loss, _th[_u], _th[_v])
_hess_res = sum(
    (_d2[3 * i + a, 3 * j + bb] - _T[i][j] * _xb[a] * _xb[bb]) ** 2
    for i in range(3)
    for j in range(3)
    for a in range(3)
    for bb in range(3)
)
paper.add(
    Identity(
        paper.id("eq-161-hessian"),
        _hess_res,
        0,
        "(157)–(162): ∇²ℓ₀ = T ⊗ x̄x̄ᵀ with T = diag(p) − ppᵀ (c = 3, d = 2: the sum of squared residuals of the 81 "
        "entries is 0)",
        src("Proposition 6.1, proof, eqs. (157)–(162)", ("157", "161", "162")),
        budget=120,
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
