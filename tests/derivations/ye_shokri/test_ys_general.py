"""Ye & Shokri: the claims that extend Proposition 6.1 to every number of classes c and features d (scalar reductions
and induction steps), Lemma 5.1's supporting-plane step and the pointwise steps of the proofs of Lemmas 4.1 and B.1.

Each reduction is tested against the full object it stands for, written from the paper with numpy / mpmath
(finite differences, eigenvalues, mixtures of discrete laws), never through the reduced SymPy expressions alone;
and each claim is shown to fail when the statement is changed."""

import mpmath
import numpy as np
import pytest
from scipy.special import softmax
import sympy as sp

from derivations.ye_shokri import errata, logistic
from derivations.ye_shokri import heat_flow as lemma42
from symbolic import Identity, Inequality
from symbolic.verdict import Status

from derivations.ye_shokri.common import src


def _loss(theta, xbar, y):
    """(24): ℓ₀ = −Σ_j y^j log softmax(x̄ᵀθ)_j, θ a c × (d + 1) matrix (row j: θ_j)."""
    z = theta @ xbar
    return -(y * (z - z.max() - np.log(np.exp(z - z.max()).sum()))).sum()


@pytest.mark.parametrize("c, d, seed", [(2, 1, 0), (5, 4, 1), (10, 7, 2)])
def test_gradient_and_hessian_formulas_hold_for_any_c_d(c, d, seed):
    """(154)–(162) at random c, d by central differences of the full loss: ∇ℓ₀ = (p − y) ⊗ x̄, ∇²ℓ₀ = T ⊗ x̄x̄ᵀ."""
    rng = np.random.default_rng(seed)
    theta, xbar, y = rng.normal(size=(c, d + 1)), np.append(rng.normal(size=d), 1.0), np.eye(c)[rng.integers(c)]
    p = softmax(theta @ xbar)
    h = 1e-5
    flat = theta.ravel()
    f = lambda v: _loss(v.reshape(c, d + 1), xbar, y)  # noqa: E731
    grad = np.array([(f(flat + h * e) - f(flat - h * e)) / (2 * h) for e in np.eye(flat.size)])
    assert np.allclose(grad, np.kron(p - y, xbar), atol=1e-8)
    hess = np.array(
        [[(f(flat + h * (a + b)) - f(flat + h * (a - b)) - f(flat - h * (a - b)) + f(flat - h * (a + b))) / (4 * h * h)
          for b in np.eye(flat.size)] for a in np.eye(flat.size)]
    )  # fmt: skip
    T = np.diag(p) - np.outer(p, p)
    assert np.allclose(hess, np.kron(T, np.outer(xbar, xbar)), atol=1e-4)


def test_the_reduced_loss_is_the_full_loss():
    """The scalar reduction of eq-155/161-gradient/hessian-general equals ℓ₀ (24) computed in full (c = 6, d = 4), with
    the aggregates r_i, r_j, R, Y read off a random θ, x and a soft label y (Σy = 1)."""
    rng = np.random.default_rng(7)
    c, d, i, j, k, ll, m = 6, 4, 1, 4, 0, 3, 2
    theta, xbar = rng.normal(size=(c, d + 1)), np.append(rng.normal(size=d), 1.0)
    y = rng.random(c)
    y /= y.sum()
    z = theta @ xbar
    others = [q for q in range(c) if q not in (i, j)]
    values = {
        "theta_ik": theta[i, k], "theta_il": theta[i, ll], "theta_jm": theta[j, m],
        "xbar_k": xbar[k], "xbar_l": xbar[ll], "xbar_m": xbar[m],
        "r_i": z[i] - theta[i, k] * xbar[k] - theta[i, ll] * xbar[ll], "r_j": z[j] - theta[j, m] * xbar[m],
        "R": np.exp(z[others]).sum(), "y_i": y[i], "y_j": y[j], "Y": (y[others] * z[others]).sum(),
    }  # fmt: skip
    reduced = logistic._GENERAL_LOSS
    point = {s: values[s.name] for s in reduced.free_symbols}
    assert float(reduced.evalf(30, subs=point)) == pytest.approx(_loss(theta, xbar, y), rel=1e-12)


@pytest.mark.parametrize("c, seed", [(2, 0), (3, 1), (8, 2), (25, 3)])
def test_induction_aggregates_are_those_of_real_vectors(c, seed):
    """The induction steps' parametrisation is what a law p = (t, (1 − t)q) and a vector v give: Var_p(v) and
    ½‖v‖² − Var_p(v) − ½E_p[v]² equal the claims' expressions, V, W ≥ 0 for the last c − 1 coordinates; and the
    eigenvalues of T = diag(p) − ppᵀ lie in [0, ½] with T ⪯ ½(I − 11ᵀ/c) (numpy)."""
    rng = np.random.default_rng(seed)
    p, v = softmax(3 * rng.normal(size=c)), rng.normal(size=c)
    t, q = p[0], p[1:] / (1 - p[0])
    mu = (q * v[1:]).sum()
    V = (q * v[1:] ** 2).sum() - mu**2
    W = (v[1:] ** 2).sum() / 2 - V - mu**2 / 2
    assert V >= -1e-12 and W >= -1e-12
    point = {"u": t / (1 - t), "a": v[0], "mu": mu, "V": V, "W": W}
    at = lambda e: float(e.evalf(30, subs={s: point[s.name] for s in e.free_symbols}))  # noqa: E731
    var = (p * v**2).sum() - (p * v).sum() ** 2
    assert at(logistic._iM2 - logistic._im**2) == pytest.approx(var, rel=1e-10, abs=1e-12)
    assert at(logistic._inorm / 2 - (logistic._iM2 - logistic._im**2) - logistic._im**2 / 2) == pytest.approx(
        (v**2).sum() / 2 - var - (p * v).sum() ** 2 / 2, rel=1e-10, abs=1e-12
    )
    T = np.diag(p) - np.outer(p, p)
    eig = np.linalg.eigvalsh(T)
    assert eig.min() > -1e-12 and eig.max() <= 0.5 + 1e-12
    assert np.linalg.eigvalsh(0.5 * (np.eye(c) - np.ones((c, c)) / c) - T).min() > -1e-12


def test_general_lipschitz_bound_on_real_laws():
    """(25) at c = 40: ‖p − e_y‖² ≤ 2, and the claims' (t, D) parametrisation reproduces ‖p − e_y‖²."""
    rng = np.random.default_rng(11)
    for _ in range(20):
        p, y = softmax(4 * rng.normal(size=40)), rng.integers(40)
        t = p[y]
        rest = np.delete(p, y) / (1 - t)
        D = 1 - (rest**2).sum()
        expr = logistic.paper.claims["ye-shokri/eq-152-lipschitz-general"].rhs
        value = float(expr.evalf(30, subs={s: {"u": t / (1 - t), "D": D}[s.name] for s in expr.free_symbols}))
        assert value == pytest.approx(((p - np.eye(40)[y]) ** 2).sum(), rel=1e-10)
        assert value <= 2


def _moment(mu, nu, alpha):
    """e^{(α−1)R_α(μ‖ν)} = Σ_θ μ(θ)^α ν(θ)^{1−α} for discrete laws (the corrected (123))."""
    return mpmath.fsum(mpmath.mpf(a) ** alpha * mpmath.mpf(b) ** (1 - alpha) for a, b in zip(mu, nu))


def test_lemma_5_1_on_mixtures_of_discrete_laws():
    """(14) itself for random discrete μ_j, ν_j on 6 atoms, m = 4 weights, α ∈ {1.5, 3, 10} (mpmath, 30 digits)."""
    rng = np.random.default_rng(5)
    with mpmath.workdps(30):
        for alpha in (mpmath.mpf("1.5"), 3, 10):
            mus, nus = rng.dirichlet(np.ones(6), size=4), rng.dirichlet(np.ones(6), size=4)
            w = rng.dirichlet(np.ones(4))
            lhs = _moment(w @ mus, w @ nus, alpha)
            rhs = mpmath.fsum(mpmath.mpf(wj) * _moment(mu, nu, alpha) for wj, mu, nu in zip(w, mus, nus))
            assert lhs <= rhs


def test_the_pointwise_steps_vanish_on_concrete_densities():
    """Lemma 4.1's steps at one point with concrete positive p(t, θ), q(t, θ) (SymPy differentiates the concrete
    functions; the claim substitutes symbols for their derivatives): every residual is 0 to 40 digits."""
    tt, th = lemma42._l41_t, lemma42._l41_theta
    concrete = {
        lemma42._l41_P: sp.exp(-((th - tt) ** 2) / (1 + tt)) * (2 + sp.sin(th)),
        lemma42._l41_Q: sp.exp(-(th**2) / (2 + tt)) * (3 + sp.cos(2 * th)),
        lemma42._l41_E: 1 + tt**2,
    }
    point = {
        tt: sp.Rational(1, 3),
        th: sp.Rational(-2, 7),
        lemma42.alpha: sp.Rational(5, 2),
        lemma42.sigma: sp.Rational(3, 4),
    }
    for lhs, rhs in lemma42._L41_STEPS:
        residual = (lhs - rhs).subs(concrete).doit()
        assert abs(sp.N(residual.subs(point), 40)) < sp.Float("1e-35")
    # Lemma B.1's steps with r(θ) = (2 + sin θ)e^{θ/3}, E = 7/5, ν = 1/2, c = 3/2
    r_concrete = (2 + sp.sin(lemma42._b1_theta)) * sp.exp(lemma42._b1_theta / 3)
    b1_point = {lemma42._b1_theta: sp.Rational(5, 4), lemma42.alpha: sp.Rational(7, 3), lemma42._b1_E: sp.Rational(7, 5),
                lemma42._b1_nu: sp.Rational(1, 2), lemma42.cc: sp.Rational(3, 2)}  # fmt: skip
    for lhs, rhs in lemma42._B1_STEPS:
        residual = (lhs - rhs).subs(lemma42._b1_rf, r_concrete).doit()
        assert abs(sp.N(residual.subs(b1_point), 40)) < sp.Float("1e-35")


def _check(claim):
    return claim.check().status


def test_changed_statements_are_not_proved():
    """The claims fail when the statement is changed: the gradient's sign, a Hessian factor, the half bound at ⅓
    instead of ½ of the norm, the supporting plane of a concave φ (α = ½), the (33) step with α for α²."""
    s = src("Proposition 6.1, proof, eqs. (154)–(156)", ("154",))
    L = logistic
    wrong_grad = Identity(
        "ye-shokri/tmp-grad",
        lhs=(sp.diff(L._GENERAL_LOSS, L._gu) - (L._gpi + L._gyi) * L._gxk) ** 2,
        rhs=0,
        statement="x",
        source=s,
        budget=5,
    )
    assert _check(wrong_grad) is Status.REFUTED
    wrong_hess = Identity(
        "ye-shokri/tmp-hess", lhs=sp.diff(L._GENERAL_LOSS, L._gu, L._gw) - L._gpi * L._gpj * L._gxk * L._gxm, rhs=0, statement="x", source=s,
        budget=5,
    )  # fmt: skip
    assert _check(wrong_hess) is Status.REFUTED
    third = Inequality(
        "ye-shokri/tmp-half", L._inorm / 3 - (L._iM2 - L._im**2), ">=", L._im**2 / 2, "x", s, budget=3, samples=60
    )
    assert _check(third) is Status.REFUTED
    m, n, m0, n0 = errata._l51_m, errata._l51_n, errata._l51_m0, errata._l51_n0
    phi = lambda a, b: sp.sqrt(a) * sp.sqrt(b)  # noqa: E731  α = ½: concave
    tangent = phi(m0, n0) + sp.diff(phi(m0, n0), m0) * (m - m0) + sp.diff(phi(m0, n0), n0) * (n - n0)
    concave = Inequality("ye-shokri/tmp-concave", phi(m, n), ">=", tangent, "x", s, budget=3, samples=60)
    assert _check(concave) is not Status.PROVED
    b1 = lemma42
    wrong_33 = Identity(
        "ye-shokri/tmp-33",
        lhs=b1._b1_at_point(sp.diff(sp.log(b1._b1_rf), b1._b1_theta) ** 2)
        - b1._b1_at_point(sp.diff(sp.log(b1._b1_rf**b1.alpha), b1._b1_theta) ** 2 / b1.alpha),
        rhs=0,
        statement="x",
        source=s,
        budget=5,
    )
    assert _check(wrong_33) is Status.REFUTED


def _at(expr, point):
    """``expr`` at the point given by symbol names (30 digits)."""
    return float(expr.evalf(30, subs={v: point[v.name] for v in expr.free_symbols}))


def _clip(g, s):
    return g * min(1.0, s / np.linalg.norm(g))


@pytest.mark.parametrize("n, seed", [(2, 0), (17, 1), (60, 2)])
def test_clipping_jacobian_and_nonexpansiveness_in_any_dimension(n, seed):
    """(166) in ℝⁿ by central differences, and ‖Π(a) − Π(b)‖ ≤ ‖a − b‖ with the claims' aggregate expressions equal
    to ‖Π(a) − Π(b)‖² and ‖a − b‖² computed by numpy."""
    from derivations.ye_shokri import clipped

    rng = np.random.default_rng(seed)
    s = 1.5
    G = rng.normal(size=n) * 2
    G *= 2 * s / np.linalg.norm(G)  # clipped branch
    h = 1e-6
    J = np.array([(_clip(G + h * e, s) - _clip(G - h * e, s)) / (2 * h) for e in np.eye(n)]).T
    u = G / np.linalg.norm(G)
    assert np.allclose(J, s / np.linalg.norm(G) * (np.eye(n) - np.outer(u, u)), atol=1e-8)
    claims, seen = clipped.paper.claims, set()
    for _ in range(200):
        a = rng.normal(size=n) * rng.uniform(0.05, 3) / np.sqrt(n)
        b = rng.normal(size=n) * rng.uniform(0.05, 3) / np.sqrt(n)
        A, B = np.linalg.norm(a), np.linalg.norm(b)
        if B > A:
            a, b, A, B = b, a, B, A
        if A <= s:
            continue
        label = "both" if B > s else "one"
        claim = claims[f"ye-shokri/prop-6.2-clipping-nonexpansive-{label}"]
        point = {"S": s, "x": A - s, "y": (B - s) if label == "both" else (s - B), "E": A * B - a @ b}
        assert _at(claim.lhs, point) == pytest.approx(((a - b) ** 2).sum(), rel=1e-9)
        assert _at(claim.rhs, point) == pytest.approx(((_clip(a, s) - _clip(b, s)) ** 2).sum(), rel=1e-9, abs=1e-12)
        assert np.linalg.norm(_clip(a, s) - _clip(b, s)) <= np.linalg.norm(a - b) + 1e-12
        seen.add(label)
    assert seen == {"one", "both"}


@pytest.mark.parametrize("B, n, rho", [(1, 0, "1/2"), (1, 5, "9/10"), (37, 12, "999/1000"), (4, 30, "3/10")])
def test_telescoping_product_115_and_bound_116(B, n, rho):
    """(115): Π_{i<n} ρ²S_{B+i}/S_{B+i+1} with S_i = Σ_{s<i} ρ^{2s} summed term by term (mpmath, 40 digits) equals the
    claim's closed form ρ^{2n}S_B/S_{B+n}, and is ≤ ρ^{2n} (116)."""
    from derivations.ye_shokri import theorems

    r = sp.Rational(rho)
    with mpmath.workdps(40):
        rm = mpmath.mpf(r.p) / r.q
        S = lambda i: mpmath.fsum(rm ** (2 * s) for s in range(i))  # noqa: E731
        product = mpmath.fprod(rm**2 * S(B + i) / S(B + i + 1) for i in range(n))
        closed = theorems.paper.claims["ye-shokri/eq-115-telescoping"].closed_form
        point = {"w": 1 / r - 1, "b0": B - 1, "n": n}
        value = closed.subs({v: point[v.name] for v in closed.free_symbols})
        assert abs(mpmath.mpf(sp.N(value, 45)) - product) < mpmath.mpf(10) ** -30
        assert product <= rm ** (2 * n)


@pytest.mark.parametrize("N, K, rho", [(2, 1, "1/2"), (3, 4, "9/10"), (20, 50, "999/1000"), (7, 2, "1/10")])
def test_first_term_131_for_any_n_over_b_and_K(N, K, rho):
    """(128) ≤ (131): ε_0^m(1 − q^{K−1})/(1 − q) ≤ A/(1 − q) with m = ⌊N/2⌋, sums term by term (mpmath), and the
    claim's two sides at the same point."""
    r = sp.Rational(rho)
    m = N // 2
    with mpmath.workdps(40):
        rm = mpmath.mpf(r.p) / r.q
        q = rm ** (2 * (N - m))
        eps0 = rm ** (2 * (m - 1)) / mpmath.fsum(rm ** (2 * s) for s in range(m))
        first, bound = eps0 * (1 - q ** (K - 1)) / (1 - q), 1 / (1 - q)
        assert first <= bound
        claim = errata.paper.claims["ye-shokri/eq-131-first-term-general"]
        point = {"A": 1, "w": 1 / r - 1, "m0": m - 1, "M0": N - m - 1, "K0": K - 1}
        at = lambda e: mpmath.mpf(sp.N(e.subs({v: point[v.name] for v in e.free_symbols}).doit(), 45))  # noqa: E731
        assert abs(at(claim.rhs) - first) < mpmath.mpf(10) ** -30 and abs(at(claim.lhs) - bound) < mpmath.mpf(10) ** -30
