"""Independent references for Bok, Su & Altschuler (2024) formulas (see the package docstring); imports nothing from the package.

Written from the paper (file 002 of the papers): Lemma A.3 (δ(ε) of a μ-GDP mechanism, inverted for ε),
Definition 4.7 (C_p(G(μ)), through Dong, Roth & Su 2022 §4.1's three-piece form of min{f_p, f_p⁻¹}**),
Theorem C.17 (the lower-bound μ of NoisyCGD) and App. D.4 (c*: f_{2x} ≥ G(2√x) iff e^{2x} ≤ Φ(√x)/Φ(−√x)).
"""

from __future__ import annotations

from fractions import Fraction

import mpmath

from . import Reference, gaussian_tail, illinois_root, mpf

GUARD = 20


def thm_c17_mu(eta, m, M, L, b, sigma, l, E):
    """Theorem C.17: μ = (L/(bσ))·√((1 − c^{lE})/(1 + c^{lE}) · (1 − c²)/(1 − c^l)²), c = max{|1 − ηm|, |1 − ηM|}
    (Lemma 2.8).  1 − c is an exact rational, so c → 1 (ηm = 1e-12) keeps its digits: 1 − c^k = −expm1(k log1p(−(1−c)))."""
    c = max(abs(1 - eta * m), abs(1 - eta * M))
    one_minus_c = 1 - c
    with mpmath.workdps(mpmath.mp.dps + GUARD):
        if c == 0:
            ratio = mpmath.mpf(1)
        else:
            log_c = mpmath.log1p(-mpf(one_minus_c))
            one_minus_pow = lambda k: -mpmath.expm1(k * log_c)  # noqa: E731  (1 − c^k)
            c_lE = mpmath.exp(l * E * log_c)
            ratio = one_minus_pow(l * E) / (1 + c_lE) * mpf(one_minus_c) * mpf(1 + c) / one_minus_pow(l) ** 2
        value = mpf(L) / (b * mpf(sigma)) * mpmath.sqrt(ratio)
    return +value


def lem_a3_epsilon(mu, delta):
    """Lemma A.3 inverted: the least ε ≥ 0 with δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) ≤ δ (0 when δ(0) ≤ δ);
    δ(ε) decreases, so it is the root of log δ(ε) = log δ, bracketed by doubling."""
    with mpmath.workdps(mpmath.mp.dps + GUARD + 40):
        m, d = mpf(mu), mpf(delta)
        delta_of = lambda e: gaussian_tail(e / m - m / 2) - mpmath.exp(e) * gaussian_tail(e / m + m / 2)  # noqa: E731
        if delta_of(mpmath.mpf(0)) <= d:
            return mpmath.mpf(0)
        g = lambda e: mpmath.log(delta_of(e)) - mpmath.log(d)  # noqa: E731
        hi = mpmath.mpf(1)
        while g(hi) > 0:
            hi *= 2
        root = illinois_root(g, mpmath.mpf(0), hi)
    return +root


def def47_cp(p, mu, alpha):
    """Definition 4.7: C_p(G(μ))(α) with f_p = p G(μ) + (1 − p) Id, G(μ)(α) = Φ(Φ⁻¹(1 − α) − μ), fixed point
    α* = Φ(−μ/2) (G(μ)(α*) = α*): f_p(α) for α ≤ α*; α* + f_p(α*) − α up to f_p(α*) = pα* + (1 − p)(1 − α*);
    beyond, f_p⁻¹(α): with t = Φ⁻¹(1 − y), f_p(y) = α reads 1 − α = pΦ(μ − t) + (1 − p)Φ(−t), a decreasing
    function of t (root in log space), and the value is y = Φ(−t)."""
    with mpmath.workdps(mpmath.mp.dps + GUARD + int(mpf(mu) ** 2 / 9) + 10):
        P, M, A = mpf(p), mpf(mu), mpf(alpha)
        a_star = gaussian_tail(M / 2)
        f_star = P * a_star + (1 - P) * (1 - a_star)
        if alpha == 0:
            return mpmath.mpf(1)
        if A <= a_star:
            target = mpmath.log(A)
            t = illinois_root(
                lambda s: mpmath.log(gaussian_tail(s)) - target, mpmath.mpf(-60), mpmath.mpf(60) + M
            )  # Φ⁻¹(1 − α)
            value = P * (1 - gaussian_tail(t - M)) + (1 - P) * mpf(1 - Fraction(alpha))
        elif A <= f_star:
            value = a_star + f_star - A
        elif alpha == 1:
            return mpmath.mpf(0)
        else:
            target = mpmath.log(mpf(1 - Fraction(alpha)))
            t = illinois_root(
                lambda s: mpmath.log(P * gaussian_tail(s - M) + (1 - P) * gaussian_tail(s)) - target,
                mpmath.mpf(-60),
                mpmath.mpf(60) + M,
            )
            value = gaussian_tail(t)
    return +value


def c_star():
    """App. D.4: c* is the x in (0.5, 0.8) with e^{2x} = Φ(√x)/Φ(−√x), i.e. 2x = log Φ(√x) − log Φ(−√x)."""
    with mpmath.workdps(mpmath.mp.dps + GUARD):
        g = lambda x: 2 * x - mpmath.log(1 - gaussian_tail(mpmath.sqrt(x))) + mpmath.log(gaussian_tail(mpmath.sqrt(x)))  # noqa: E731
        root = illinois_root(g, mpmath.mpf("0.5"), mpmath.mpf("0.8"))
    return +root


def fn9_conjectured_r(s, sigma, p, alpha):
    """Footnote 9's curve T(pN(−r,1) + (1−p)N(0,1), pN(r,1) + (1−p)N(0,1))(α), r = s/σ: the level-α threshold test.

    Its likelihood ratio increases in x, so the optimal tests reject for x > t: type I error
    α(t) = pQ(t + r) + (1−p)Q(t), type II error β(t) = pΦ(t − r) + (1−p)Φ(t) = pQ(r − t) + (1−p)Q(−t).  t solves
    α(t) = α in log space for α ≤ ½ (α down to 1e-300: t ≈ √(2 log 1/α)), and for α > ½ through the exact 1 − α:
    pQ(−t − r) + (1−p)Q(−t) = 1 − α (α within 1e-30 of 1: t very negative)."""
    if alpha == 1:
        return mpmath.mpf(0)
    with mpmath.workdps(mpmath.mp.dps + GUARD):
        r, pv, qv = mpf(s) / mpf(sigma), mpf(p), mpf(1 - p)
        if alpha <= Fraction(1, 2):
            target = mpmath.log(mpf(alpha))
            fn = lambda t: mpmath.log(pv * gaussian_tail(t + r) + qv * gaussian_tail(t)) - target  # noqa: E731
            lo, hi = -r - 1, mpmath.sqrt(2 * max(-target, 1)) + 2
        else:
            target = mpmath.log(mpf(1 - alpha))
            fn = lambda t: mpmath.log(pv * gaussian_tail(-t - r) + qv * gaussian_tail(-t)) - target  # noqa: E731
            lo, hi = -mpmath.sqrt(2 * max(-target, 1)) - r - 2, mpmath.mpf(1)
        t = illinois_root(fn, lo, hi)
        value = pv * gaussian_tail(r - t) + qv * gaussian_tail(-t)
    return +value


REFERENCES: dict[str, Reference] = {
    "bok-su-altschuler/fn-9-conjectured-r": Reference(
        value=fn9_conjectured_r,
        points=(
            dict(s="5", sigma="4", p="1/4", alpha="0.02"),  # the claim's point (gap 0.1017 over Lemma C.12)
            dict(s="1", sigma="1", p="0.01", alpha="0.3"),  # ordinary
            dict(s="3", sigma="1", p="0.5", alpha="1e-300"),  # α tiny: t ≈ 37
            dict(s="1", sigma="2", p="0.999", alpha="0.999999999999999999999999999999"),  # α within 1e-30 of 1
            dict(s="1e-6", sigma="1", p="1e-6", alpha="1/2"),  # the pair nearly equal: R ≈ 1 − α
            dict(s="40", sigma="1", p="1", alpha="1e-5"),  # p = 1: a single shifted Gaussian, R ≈ 0
        ),
        source="Bok, Su & Altschuler (2024) footnote 9 (the conjectured curve, as its threshold tests give it)",
    ),
    "bok-su-altschuler/thm-c.17-mu": Reference(
        value=thm_c17_mu,
        points=(
            # Figure 1's losses (m = 1, M = 10, η = 0.05: c = 0.95), b = 10, l = 10, E = 50
            dict(eta="0.05", m="1", M="10", L="1", b="10", sigma="1", l="10", E="50"),
            # c → 1: ηm = 1e−12 (1 − c = 1e−12) over lE = 1e9 steps
            dict(eta="1e-6", m="1e-6", M="1", L="1", b="1", sigma="1", l="1000", E="1000000"),
            # the other branch of c: η(M + m) > 2, c = ηM − 1 = 0.9
            dict(eta="0.19", m="1", M="10", L="3", b="7", sigma="0.5", l="3", E="1000"),
            # c = 0 exactly (η = 1/m = 1/M): μ = L/(bσ)
            dict(eta="1", m="1", M="1", L="1", b="2", sigma="3", l="5", E="5"),
        ),
        source="Bok, Su & Altschuler (2024) Theorem C.17, with c of Lemma 2.8",
    ),
    "bok-su-altschuler/def-4.7-cp-gdp": Reference(
        value=def47_cp,
        points=(
            dict(p="0.01", mu="1", alpha="0.3"),  # first piece f_p
            dict(p="0.05", mu="8", alpha="0.9"),  # middle piece, α* = Φ(−4) ≈ 3e−5
            dict(p="0.1", mu="1", alpha="0.95"),  # third piece f_p⁻¹
            # third piece with p = 1e−10 and 1 − α = 1e−11: the root y ≈ 1e−11
            dict(p="1e-10", mu="3", alpha="0.99999999999"),
        ),
        source="Bok, Su & Altschuler (2024) Definition 4.7 (C_p(G(μ)) = min{f_p, f_p⁻¹}**, three-piece form of "
        "Dong, Roth & Su 2022 §4.1)",
    ),
    "bok-su-altschuler/lem-a.3-epsilon": Reference(
        value=lem_a3_epsilon,
        points=(
            dict(mu="0.99", delta="1e-5"),  # Table 1's δ at a μ of Table 3
            dict(mu="2", delta="1e-300"),
            dict(mu="37", delta="1e-5"),  # ε ≈ 841
            dict(mu="0.001", delta="1e-20"),  # μ → 0 with δ far below δ(0)
        ),
        source="Bok, Su & Altschuler (2024) Lemma A.3, inverted for ε (least ε ≥ 0 with δ(ε) ≤ δ)",
    ),
    "bok-su-altschuler/app-d.4-c-star": Reference(
        value=c_star,
        points=({},),
        source="Bok, Su & Altschuler (2024) App. D.4: e^{2x} = (1 − Φ(−√x))/Φ(−√x) at ε = 2LD, μ = 2√(LD)",
    ),
}
