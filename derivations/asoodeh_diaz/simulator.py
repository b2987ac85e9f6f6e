"""Simulators of the processes (1)/(7) (projected DP-SGD) and (16)/(19) (regularized DP-SGD and its
projected companion) on a 1-D instance, with laws propagated on a grid (no Monte Carlo).

Instance: per-example losses with constant gradients ∇ℓ(w, x_i) = g_i, so the update (12) is the
shift ψ_B(w) = w − η·mean_{i∈B} Clip(g_i) and (17) is ψ_B(w) = (1 − λ)w − η·mean_{i∈B} Clip(g_i);
Clip is (2) in one dimension; the neighbouring dataset changes g_n.  Under Poisson sampling the
empty batch uses the convention ψ_∅ = identity shift 0 (erratum E10 of ERRATA.md).

Grid chain.  The state lives on N equally spaced points of an interval [lo, hi].  One step maps a
point x to ψ_B(x), adds σZ, projects onto [lo, hi] (the projection Π of (1)/(19)) and then rounds to
the nearest grid point.  Rounding is a deterministic post-processing inside each step, so the grid
chain is itself an instance of (7) with kernel Q∘Π∘K_G∘Ψ: the proofs of Propositions 2, 3 (data
processing, joint convexity, Proposition 1 with the diameter of Lemma 2) apply to it verbatim, and its
E_ε (Definition 1, a finite sum) is exactly what Theorems 1 and 2 bound.  Transition probabilities
are differences of the normal CDF in double precision (scipy.special.ndtr), so every reported
divergence carries a floating-point error of order 1e-12.

For the unprojected process (16) the interval is taken wide (≥ r_T + 12σ on each side), where the
projection changes the law by less than 1e-30 in total variation; the chain then approximates (16)
and its rounding to the grid is again a post-processing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from scipy.special import ndtr


def clip(v: float, C: float) -> float:
    """(2) in one dimension: v·min{1, C/|v|}."""
    return v if abs(v) <= C else C * (1 if v > 0 else -1)


@dataclass(frozen=True)
class Grid:
    lo: float
    hi: float
    n: int = 801

    @property
    def points(self) -> np.ndarray:
        return np.linspace(self.lo, self.hi, self.n)

    @property
    def edges(self) -> np.ndarray:
        x = self.points
        mid = (x[1:] + x[:-1]) / 2
        return np.concatenate([[-np.inf], mid, [np.inf]])


def transition(grid: Grid, shift: float, sigma: float, contraction: float = 1.0) -> np.ndarray:
    """Row-stochastic matrix of x ↦ round(Π(contraction·x + shift + σZ)) on the grid."""
    x = grid.points
    centres = contraction * x + shift
    z = (grid.edges[None, :] - centres[:, None]) / sigma
    cdf = ndtr(z)
    return cdf[:, 1:] - cdf[:, :-1]


def batches(n: int, sampling: str, b: int = 1, p: float = 0.0):
    """(probability, batch) pairs: Poisson sampling with rate p (13), or sampling b of n without replacement (15)."""
    if sampling == "poisson":
        for r in range(n + 1):
            for B in itertools.combinations(range(n), r):
                yield p**r * (1 - p) ** (n - r), B
    else:
        subsets = list(itertools.combinations(range(n), b))
        for B in subsets:
            yield 1 / len(subsets), B


def kernel(grid: Grid, g, C, eta, sigma, sampling, b=1, p=0.0, lam=0.0, transitions: dict | None = None) -> np.ndarray:
    """The kernel K = Q∘Π∘K_G∘Ψ of one step (Ψ the batch mixture (13)/(15)) as a grid matrix.

    ``transitions`` (optional) keeps each shift's :func:`transition` matrix for this grid, σ and λ:
    batches with the same clipped mean, and a neighbouring dataset's kernel built with the same dict
    (every batch without the changed example), reuse the matrix instead of recomputing it (the
    same floats in, the same matrix out, added in the same order)."""
    K = np.zeros((grid.n, grid.n))
    for prob, B in batches(len(g), sampling, b, p):
        mean = sum(clip(g[i], C) for i in B) / len(B) if B else 0.0
        shift = -eta * mean
        if transitions is None:
            step = transition(grid, shift, sigma, 1 - lam)
        else:
            key = (id(grid), shift, sigma, lam)  # a matrix is reused only for the same grid, shift, σ and λ
            step = transitions.get(key)
            if step is None:
                step = transitions[key] = transition(grid, shift, sigma, 1 - lam)
        K += prob * step
    return K


def point_mass(grid: Grid, w0: float) -> np.ndarray:
    law = np.zeros(grid.n)
    law[int(np.argmin(np.abs(grid.points - w0)))] = 1.0
    return law


def hockey_stick(mu: np.ndarray, nu: np.ndarray, eps: float) -> float:
    """Definition 1 for laws on the grid: Σ (μ − e^ε ν)⁺."""
    return float(np.clip(mu - np.exp(eps) * nu, 0, None).sum())


def run(grid: Grid, K: np.ndarray, law: np.ndarray, T: int) -> list[np.ndarray]:
    out = [law]
    for _ in range(T):
        law = law @ K
        out.append(law)
    return out
