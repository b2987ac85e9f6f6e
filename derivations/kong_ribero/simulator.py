"""A small exact simulator of Algorithm 1 (cyclically traversed noisy SGD) on 1-D quadratic losses.

Instance (every quantity of Algorithm 1, n = 1):

* per-example losses f_i(x) = (q_i/2) x² + g_i x, i ∈ [k], so (11) holds with
  m = max(0, −min q_i), M = max(0, max q_i) (:func:`weak_convexity`);
* h(x) = (ρ/2) x² (ρ ≥ 0), whose prox (3) is prox_{λh}(z) = z/(1 + λρ);
* no clipping: the gradients pass unchanged (the regime of (19));
* neighbouring datasets differ in one linear coefficient, g'_{i*} = g_{i*} + δ.

Each update X_t = prox_{λh}(X_{t−1} − λ g_t(X_{t−1}) + N_t) is affine in X_{t−1} plus Gaussian
noise, so the law of X_T is Gaussian and is propagated *exactly* (mean and variance, in mpmath),
not sampled: for cyclic traversal X_T ~ N(μ_T, V_T) and X'_T ~ N(μ'_T, V_T), and
D_α(X_T ‖ X'_T) = α (μ_T − μ'_T)² / (2 V_T).  Under shuffling (a uniformly random order of the
batches in every pass) X_T is a uniform mixture of such Gaussians over the orders, and
D_α is computed by quadrature of the definition (4).

What the instance satisfies of Theorem 2.3's hypotheses: (A1)–(A3); each update is
|1 − λ q̄_t|/(1 + λρ)-Lipschitz, at most 1 + λm ≤ L_λ for λ ≤ 1/(M + m); the two runs' updates
differ by λ|δ|/b at *every* x (Lemma A.11's inequality with |δ| ≤ 2C).  Condition (18)
(‖∇f_i(X_t)‖ ≤ C along the runs) cannot hold almost surely for Gaussian iterates; the
comparisons with (19) therefore rely on what its proof uses of (18) — the two properties above.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from dataclasses import dataclass

import mpmath

from derivations.privacy.normal import NormalDensity


@dataclass(frozen=True)
class Instance:
    """Quadratic losses (q_i, g_i), batch size b, step λ, noise σ, regulariser ρ, start X_0."""

    q: tuple
    g: tuple
    b: int
    lam: object
    sigma: object
    rho: object = 0
    x0: object = 0

    @property
    def k(self) -> int:
        return len(self.q)

    @property
    def ell(self) -> int:
        """Batches per pass ℓ = k/b (footnote 3: b divides k)."""
        if self.k % self.b:
            raise ValueError(f"b = {self.b} must divide k = {self.k} (footnote 3)")
        return self.k // self.b


def weak_convexity(q) -> tuple:
    """(m, M) of (11) for f_i = (q_i/2)x² + g_i x: m = max(0, −min q_i), M = max(0, max q_i)."""
    return max(0, -min(q)), max(0, max(q))


def batch_indices(t: int, b: int, k: int) -> list[int]:
    """Algorithm 1's batch B_t (1-based t): j_t = b(t − 1) mod k, B_t = {j_t + 1, …, j_t + b} (0-based here)."""
    j = (b * (t - 1)) % k
    return list(range(j, j + b))


def step(inst: Instance, x, batch, g=None):
    """One noiseless update prox_{λh}(x − λ g_t(x)) (the prox-linear operator (12), then the prox)."""
    g = inst.g if g is None else g
    grad = sum(inst.q[i] * x + g[i] for i in batch) / len(batch)
    return (x - inst.lam * grad) / (1 + inst.lam * inst.rho)


def _affine(inst: Instance, batch, g):
    """(a, c) with step(x) = a x + c."""
    lam, rho = mpmath.mpf(inst.lam), mpmath.mpf(inst.rho)
    qbar = mpmath.fsum(mpmath.mpf(inst.q[i]) for i in batch) / len(batch)
    gbar = mpmath.fsum(mpmath.mpf(g[i]) for i in batch) / len(batch)
    return (1 - lam * qbar) / (1 + lam * rho), -lam * gbar / (1 + lam * rho)


def law(inst: Instance, T: int, batches, g=None) -> tuple:
    """(mean, variance) of X_T when step t uses ``batches[t − 1]``; X_0 is deterministic."""
    g = inst.g if g is None else g
    mu, var = mpmath.mpf(inst.x0), mpmath.mpf(0)
    noise = (mpmath.mpf(inst.sigma) / (1 + mpmath.mpf(inst.lam) * mpmath.mpf(inst.rho))) ** 2
    for t in range(T):
        a, c = _affine(inst, batches[t], g)
        mu, var = a * mu + c, a * a * var + noise
    return mu, var


def cyclic_batches(inst: Instance, T: int) -> list[list[int]]:
    return [batch_indices(t, inst.b, inst.k) for t in range(1, T + 1)]


def neighbour(inst: Instance, i_star: int, delta) -> tuple:
    """The neighbouring dataset's linear coefficients: g'_{i*} = g_{i*} + δ."""
    g = list(inst.g)
    g[i_star] = g[i_star] + delta
    return tuple(g)


def cyclic_divergence(inst: Instance, T: int, alpha, i_star: int, delta):
    """Exact D_α(X_T ‖ X'_T) of cyclic Algorithm 1 (Gaussian laws of equal variance)."""
    batches = cyclic_batches(inst, T)
    mu, var = law(inst, T, batches)
    mu2, var2 = law(inst, T, batches, neighbour(inst, i_star, delta))
    assert abs(var - var2) <= mpmath.mpf(10) ** (-mpmath.mp.dps + 5) * var
    return mpmath.mpf(alpha) * (mu - mu2) ** 2 / (2 * var)


def shuffled_laws(inst: Instance, T: int, g=None) -> list[tuple]:
    """(mean, variance) of X_T for every sequence of batch orders (one uniformly random order of the ℓ
    fixed batches per pass, independent across passes): the components of the uniform mixture."""
    ell = inst.ell
    blocks = [list(range(j * inst.b, (j + 1) * inst.b)) for j in range(ell)]
    passes = -(-T // ell)
    out = []
    for orders in itertools.product(itertools.permutations(range(ell)), repeat=passes):
        sequence = [blocks[o] for order in orders for o in order][:T]
        out.append(law(inst, T, sequence, g))
    return out


class _Mixture:
    """The density of the uniform mixture of N(μ, v) over ``components`` (a list of (μ, v), repeats allowed).

    Equal components are merged with their multiplicity as weight (:class:`NormalDensity` forms each
    one's constants once per working precision), so a point costs one exp per distinct component:
    Σ_i w_i e^{−(x − μ_i)²/(2v_i)}/√(2πv_i), w_i = count/n.
    """

    def __init__(self, components):
        counts: dict = {}
        for component in components:
            counts[component] = counts.get(component, 0) + 1
        n = len(components)
        self.terms = [
            (mu, NormalDensity(variance=var, weight=Fraction(count, n))) for (mu, var), count in counts.items()
        ]

    def __call__(self, x):
        return mpmath.fsum(density(x, mu) for mu, density in self.terms)


def shuffled_divergence(inst: Instance, T: int, alpha, i_star: int, delta):
    """D_α(X_T ‖ X'_T) under shuffling: quadrature of (4) between the two Gaussian mixtures."""
    p = shuffled_laws(inst, T)
    q = shuffled_laws(inst, T, neighbour(inst, i_star, delta))
    alpha = mpmath.mpf(alpha)
    centres = [mu for mu, _ in p + q]
    spread = max(mpmath.sqrt(v) for _, v in p + q)
    lo, hi = min(centres) - 40 * spread, max(centres) + 40 * spread
    nodes = sorted(set(centres))
    grid = [lo] + nodes + [hi]

    p_density, q_density = _Mixture(p), _Mixture(q)

    def integrand(x):
        px, qx = p_density(x), q_density(x)
        if qx == 0:  # a Gaussian mixture density never vanishes (mpmath has no underflow): not a zero to trust
            raise ArithmeticError(f"shuffled_divergence: the neighbouring mixture density evaluated to 0 at x = {x}")
        return px**alpha * qx ** (1 - alpha)

    moment = mpmath.quad(integrand, grid)
    return mpmath.log(moment) / (alpha - 1)


def lipschitz_factor(inst: Instance, batch):
    """|a| of the affine update on ``batch``: the update's Lipschitz constant."""
    a, _ = _affine(inst, batch, inst.g)
    return abs(a)
