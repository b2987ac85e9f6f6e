"""Independent references for Ye & Shokri (2022), written from the paper's printed formulas in plain mpmath.

Direct forms at high working precision (explicit sums, plain powers, the recursion (20) on S itself): neither the
package's SymPy expressions nor ``derivations/ye_shokri/numerics.py``.  Used in the issue #14 audit to check
``eval ye-shokri/… --dps 45`` and as the source of the ``recomputed`` references of the Figure 1–2 points
(``derivations/ye_shokri/reproductions.py``).  Imports nothing from the package.
"""

import mpmath as mp
from fractions import Fraction as F


def q(x):  # exact decimal string -> mpf at current precision
    f = F(x)
    return mp.mpf(f.numerator) / f.denominator


def with_prec(fn, extra=0):
    def g(*a, **k):
        with mp.workdps(k.pop("wdps", 120)):
            return fn(*a, **k)

    return g


# (84): c = 1/(2 eta sigma^2 (kN+j))
def lsi_b3(eta, sigma, N, k, j):
    return 1 / (2 * q(eta) * q(sigma) ** 2 * (k * N + j))


# (89): c = 1/(2 eta sigma^2 sum_{s<M} rho^{2s}); the geometric sum via (1-rho^{2M})/(1-rho^2), rho^{2M} via power at huge precision
def S(eta, lam, M):
    rho = 1 - q(eta) * q(lam)
    return (1 - rho ** (2 * M)) / (1 - rho**2)


def lsi_b4(eta, lam, sigma, N, k, j):
    return 1 / (2 * q(eta) * q(sigma) ** 2 * S(eta, lam, k * N + j))


def Agauss(alpha, eta, Sg, sigma, b):
    return q(alpha) * q(eta) * q(Sg) ** 2 / (4 * q(sigma) ** 2 * q(b) ** 2)


# (12)
def eps0(alpha, eta, lam, Sg, sigma, b, j):
    rho = 1 - q(eta) * q(lam)
    return Agauss(alpha, eta, Sg, sigma, b) * rho ** (2 * (j - 1)) / S(eta, lam, j)


# Lemma 4.2 solution (79)/(80)
def ode(R0, c, L, sigma, t):
    return q(R0) / (1 + 2 * q(c) * q(sigma) ** 2 * q(t) / q(L) ** 2)


# (9)
def thm43(alpha, eta, Sg, sigma, b, n, K, j0):
    N = n // b
    A = Agauss(alpha, eta, Sg, sigma, b)
    return A * (K - 1) / N + A / (N - j0)


# (11)
def thm44(alpha, eta, lam, Sg, sigma, b, n, K, j0):
    N = n // b
    m = n // (2 * b)
    rho = 1 - q(eta) * q(lam)
    qq = rho ** (2 * (N - m))
    return eps0(alpha, eta, lam, Sg, sigma, b, m) * (1 - qq ** (K - 1)) / (1 - qq) + eps0(
        alpha, eta, lam, Sg, sigma, b, N - j0
    )


# (13)
def thm45(alpha, eta, lam, Sg, sigma, b, K):
    return q(alpha) * q(Sg) ** 2 / (q(lam) * q(sigma) ** 2 * q(b) ** 2) * (1 - mp.exp(-q(lam) * q(eta) * K / 2))


# (15) direct (no shift) at huge precision: mpmath exponent range is unbounded
def thm52(alpha, eta, lam, Sg, sigma, b, n, K):
    N = n // b
    m = n // (2 * b)
    rho = 1 - q(eta) * q(lam)
    qq = rho ** (2 * (N - m))
    a = q(alpha)
    first = eps0(alpha, eta, lam, Sg, sigma, b, m) * (1 - qq ** (K - 1)) / (1 - qq)
    avg = mp.fsum(mp.exp((a - 1) * eps0(alpha, eta, lam, Sg, sigma, b, N - j0)) for j0 in range(N)) / N
    return first + mp.log(avg) / (a - 1)


# (18)-(21): S_{k}^{j+1} = p E S + (1-p) S^{rho^2}, plain (no log space), K*N steps
def thm53(alpha, eta, lam, Sg, sigma, b, n, K):
    N = n // b
    p = q(b) / q(n)
    a = q(alpha)
    A = Agauss(alpha, eta, Sg, sigma, b)
    E = mp.exp((a - 1) * A)
    r2 = (1 - q(eta) * q(lam)) ** 2
    Sv = mp.mpf(1)
    for _ in range(K * N):
        Sv = p * E * Sv + (1 - p) * Sv**r2
    return mp.log(Sv) / (a - 1)
