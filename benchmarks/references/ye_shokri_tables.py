"""Independent reference for the privacy budgets of Ye & Shokri's Tables 1-2 (the ``*-recomputed`` reproductions in
``derivations/ye_shokri/reproductions.py``; the paper prints only eps = 3 and eps = 2).  Imports nothing from the
package.  Run: ``python benchmarks/references/ye_shokri_tables.py`` (minutes: quadrature at fractional orders).

Budgets: Cor. 6.3 (= Thm 5.2 with A = 2a/s_mul^2) + alpha/s_norm^2,
and DP-SGD (SGM RDP, Mironov-Talwar-Zhang 2019) x epochs*floor(n/b) + alpha/s_norm^2, converted with
eps = min_alpha rdp + log(1/delta)/(alpha-1) over opacus' ORDERS. Direct forms, mpmath 30 digits."""

import mpmath as mp
from fractions import Fraction as Fr

mp.mp.dps = 30
ORDERS = [Fr(10 + x, 10) for x in range(1, 100)] + [Fr(a) for a in range(12, 64)]


def m(x):
    x = Fr(x)
    return mp.mpf(x.numerator) / x.denominator


DELTA = m(Fr(1, 10**5))


def cor63(a, eta, lam, smul, b, n, K):
    a, eta, lam, smul = m(a), m(eta), m(lam), m(smul)
    N, mm = n // b, n // (2 * b)
    rho = 1 - eta * lam
    A = 2 * a / smul**2
    S = lambda j: mp.fsum(rho ** (2 * s) for s in range(j))
    e0 = lambda j: A * rho ** (2 * (j - 1)) / S(j)
    qq = rho ** (2 * (N - mm))
    first = e0(mm) * (1 - qq ** (K - 1)) / (1 - qq)
    second = mp.log(mp.fsum(mp.exp((a - 1) * e0(N - j0)) for j0 in range(N)) / N) / (a - 1)
    return first + second


def sgm(a, q, z):
    a, q, z = m(a), m(q), m(z)
    if a == int(a):
        k_ = int(a)
        return mp.log(
            mp.fsum(
                mp.binomial(k_, k) * (1 - q) ** (k_ - k) * q**k * mp.exp((k * k - k) / (2 * z**2))
                for k in range(k_ + 1)
            )
        ) / (a - 1)
    f = lambda x: mp.npdf(x, 0, z) * ((1 - q) + q * mp.exp((2 * x - 1) / (2 * z**2))) ** a
    I = mp.quad(f, [-mp.inf, -20 * z, 0, 0.5, 20 * z, mp.inf])
    return mp.log(I) / (a - 1)


def convert(rdp):
    best = min((rdp(a) + mp.log(1 / DELTA) / (m(a) - 1), a) for a in ORDERS)
    return best


DYN = {
    "mnist": dict(n=60000, b=2048, eta="0.75", lam="0.08", smul="3.08", K=1200, norm=8),
    "fmnist": dict(n=60000, b=2048, eta="1.92", lam="0.02", smul="3.01", K=1200, norm=None),
    "cifar10": dict(n=50000, b=2048, eta="0.75", lam="0.08", smul="3.23", K=1200, norm=6),
    "transfer": dict(n=50000, b=1024, eta="1.92", lam="0.02", smul="4.20", K=600, norm=None),
}
SGD = {
    "mnist-30": dict(n=60000, b=4096, z="3.04", ep=30, norm=8),
    "mnist-40": dict(n=60000, b=4096, z="3.04", ep=40, norm=8),
    "fmnist": dict(n=60000, b=8192, z="4.05", ep=40, norm=None),
    "cifar10": dict(n=50000, b=8192, z="5.67", ep=60, norm=8),
    "resnext": dict(n=50000, b=2048, z="3.32", ep=40, norm=None),
    "simclr": dict(n=50000, b=1024, z="2.40", ep=40, norm=None),
}
nrm = lambda a, s: 0 if s is None else m(a) / s**2


def main():
    for k, r in DYN.items():
        e, a = convert(lambda a: cor63(a, r["eta"], r["lam"], r["smul"], r["b"], r["n"], r["K"]) + nrm(a, r["norm"]))
        print("dynamics", k, mp.nstr(e, 12), a, flush=True)
    for k, r in SGD.items():
        steps = r["ep"] * (r["n"] // r["b"])
        e, a = convert(lambda a: steps * sgm(a, Fr(r["b"], r["n"]), r["z"]) + nrm(a, r["norm"]))
        print("dpsgd", k, mp.nstr(e, 12), a, flush=True)


if __name__ == "__main__":
    main()
