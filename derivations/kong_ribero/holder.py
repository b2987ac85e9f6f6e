"""Footnote 5: a Hölder-continuous operator satisfies the second inequality of (8).

If ‖Φ(x) − Φ(y)‖ ≤ H‖x − y‖^η (η ∈ (0, 1)), the paper claims (8) with L = Hρ/2 and
ζ = Hη((1 − η)/ρ)^{(1−η)/η}.  That needs H r^η ≤ L r + ζ for all r ≥ 0; the smallest valid ζ
is ζ*(L) = sup_r (H r^η − L r) = H(1 − η)(2η/ρ)^{η/(1−η)} at L = Hρ/2 (erratum E14 of ERRATA.md).
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Hypothesis, Identity, Inequality, Limit

from .common import H, eta, paper, params, plain, rho, src, u, v

r = sp.Symbol("r", positive=True)
hyps = [Hypothesis(plain("eta") < 1, "η ∈ (0, 1)")]
zeta_p = paper.add(
    Formula(
        paper.id("footnote-5-zeta"),
        H * eta * ((1 - eta) / rho) ** ((1 - eta) / eta),
        params("H", "eta", "rho"),
        src("footnote 5: ζ for η-Hölder Φ", ("8",)),
        hypotheses=hyps,
        title="ζ = Hη((1 − η)/ρ)^{(1−η)/η} with L = Hρ/2 [printed; too small]",
    )
)
zeta_c = paper.add(
    Formula(
        paper.id("footnote-5-zeta-corrected"),
        H * (1 - eta) * (2 * eta / rho) ** (eta / (1 - eta)),
        params("H", "eta", "rho"),
        src(
            "footnote 5: ζ for η-Hölder Φ", ("8",), "corrected", "ζ*(Hρ/2) = sup_r (H r^η − Hρr/2), Young's inequality"
        ),
        hypotheses=hyps,
        title="ζ* = H(1 − η)(2η/ρ)^{η/(1−η)} with L = Hρ/2",
    )
)
cH = [zeta_p.id, zeta_c.id]
Lh = H * rho / 2
eta_in = 1 / (1 + v)  # η ∈ (0, 1)
paper.add(
    Inequality(
        paper.id("footnote-5"),
        H * r**eta,
        "<=",
        Lh * r + zeta_p.expr,
        "footnote 5 as printed: H r^η ≤ (Hρ/2) r + Hη((1−η)/ρ)^{(1−η)/η} for all r > 0 (η ∈ (0,1), ρ > 0)",
        src("footnote 5", ("8",)),
        where=[eta < 1],
        expect="refuted",
        erratum="kong-ribero E14",
        hints=[{"H": 1, "eta": sp.Rational(1, 2), "rho": 1, "r": 1}],
        covers=cH,
    )
)
# With η = 1/(1 + v) (v > 0 ⇔ η ∈ (0, 1)) every exponent below is a known real number, so SymPy
# may combine the nested powers.
g = (H * r**eta - Lh * r).subs(eta, eta_in)
r_star = ((2 * eta / rho) ** (1 / (1 - eta))).subs(eta, eta_in)
paper.add(
    Inequality(
        paper.id("footnote-5-corrected"),
        (H * r**eta).subs(eta, eta_in),
        "<=",
        (Lh * r + zeta_c.expr).subs(eta, eta_in),
        "corrected: H r^η ≤ (Hρ/2) r + H(1−η)(2η/ρ)^{η/(1−η)} for all r > 0, H > 0, ρ > 0 and η ∈ (0, 1), written "
        "η = 1/(1 + v) with v > 0; proved as the stationarity, value and concavity claims below argue: the "
        "difference is convex in r, stationary at r* = (2η/ρ)^{1/(1−η)}, and 0 there",
        src("footnote 5", ("8",), "corrected"),
        minimum_at=(r, r_star),
        erratum="kong-ribero E14",
        samples=16,
        budget=8,
        covers=cH,
    )
)
paper.add(
    Identity(
        paper.id("footnote-5-stationary"),
        lhs=sp.diff(g, r).subs(r, r_star),
        rhs=0,
        statement="g(r) = H r^η − (Hρ/2) r is stationary at r* = (2η/ρ)^{1/(1−η)} (η = 1/(1+v) ∈ (0, 1))",
        source=src("footnote 5", ("8",), "derived"),
        covers=cH,
    )
)
paper.add(
    Identity(
        paper.id("footnote-5-value"),
        lhs=g.subs(r, r_star),
        rhs=zeta_c.expr.subs(eta, eta_in),
        statement="g(r*) = H(1 − η)(2η/ρ)^{η/(1−η)} = ζ* (η = 1/(1+v) ∈ (0, 1))",
        source=src("footnote 5", ("8",), "derived"),
        covers=cH,
    )
)
paper.add(
    Inequality(
        paper.id("footnote-5-concave"),
        sp.diff(g, r, 2),
        "<=",
        0,
        "g''(r) = Hη(η − 1) r^{η−2} ≤ 0 for η = 1/(1+v) ∈ (0, 1): the stationary point is the global maximum, "
        "so ζ* = sup_r g(r) is the smallest valid ζ",
        src("footnote 5", ("8",), "derived"),
        covers=cH,
    )
)
paper.add(
    Limit(
        paper.id("footnote-5-limit-eta-to-0"),
        zeta_c.expr,
        eta,
        0,
        H,
        "ζ* → H as η → 0⁺",
        src("footnote 5", ("8",), "derived"),
        direction="+",
        covers=cH,
    )
)
paper.add(
    Limit(
        paper.id("footnote-5-limit-eta-to-1-rho-gt-2"),
        zeta_c(rho=2 * (1 + u)),
        eta,
        1,
        0,
        "ζ* → 0 as η → 1⁻ when ρ = 2(1 + u) > 2",
        src("footnote 5", ("8",), "derived"),
        direction="-",
        covers=cH,
    )
)
