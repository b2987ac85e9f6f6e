"""Figures 1–3 recomputed from the registered formulas (tables + plots).

Each figure function returns :class:`~symbolic.figure.FigureData`;
``python -m symbolic reproduce --paper asoodeh-diaz`` draws it (PNG) and writes its values (CSV).  The paper states no range of T for any figure, and
Figure 2 omits the dimension d and how κ is optimised: we plot T ≤ 60 (Figures 1, 3),
and for Figure 2 use d = 1, T ≤ 300 and κ minimised over a grid on [0.05, 15]
(:func:`figure_2_table`).
"""

from __future__ import annotations

import mpmath
import sympy as sp

from symbolic.figure import FigureData, Panel, Series, Table

from .common import paper
from .inversion import eq_22, eq_23, epsilon_T
from .projected import thm_2, thm_2_limit
from .regularized import regularized_bound_series

R = sp.Rational
FIG13 = {"D": 3, "eta": R(1, 100), "C": 2, "sigma": 1, "p": R(1, 1000)}
FIG2 = {"eps": 5, "p": R(1, 1000), "d": 1, "eta": R(1, 10), "C": 1, "sigma": 5}


def figure_1_table(T_values=range(1, 61), eps=3, delta=R(1, 1000), dps=15):
    """Rows (T, δ_T at ε, ε_T at δ) for Figure 1 (left: Theorem 2's δ; right: its inversion)."""
    return [
        (T, thm_2.evaluate(dps=dps, eps=eps, T=T, **FIG13), epsilon_T.evaluate(dps=dps, delta=delta, T=T, **FIG13))
        for T in T_values
    ]


def figure_3_lines(delta=R(1, 1000), dps=15):
    """The red lines of Figure 3: (ε*_δ of (22), the bound (23)) and δ_∞ at ε = 3."""
    return (
        eq_22.evaluate(dps=dps, delta=delta, **FIG13),
        eq_23.evaluate(dps=dps, delta=delta, **FIG13),
        thm_2_limit.evaluate(dps=dps, eps=3, **FIG13),
    )


def figure_2_table(lam, T_max=300, versions=("printed", "corrected"), kappas=None, dps=12):
    """{version: [(T, min_κ bound)]} for Figure 2 at weight decay ``lam`` (d = 1 assumed).

    One Lemma-1 pass per κ gives the bound for every T ≤ T_max; the minimum over the
    κ grid is taken per T (a grid, not a refined optimum: the figure's resolution).
    """
    kappas = kappas or [R(1, 20) + R(k, 4) for k in range(60)]  # 0.05 … 14.8
    out = {}
    with mpmath.workdps(dps):
        for version in versions:
            best = None
            for k in kappas:
                series = regularized_bound_series(version, dict(FIG2, lam=lam, kappa=k), T_max)
                best = series if best is None else [min(a, b) for a, b in zip(best, series)]
            out[version] = list(zip(range(1, T_max + 1), best))
    return out


@paper.figure("figure-1")
def figure_1() -> FigureData:
    """Figure 1: Theorem 2's δ_T at ε = 3 (left) and its inversion ε_T at δ = 1e-3 (right)."""
    rows = figure_1_table()
    T = [r[0] for r in rows]
    return FigureData(
        "figure-1",
        [
            Panel(
                "Fig. 1 (left): ε = 3",
                "T",
                "δ",
                [
                    Series("δ_T (Theorem 2)", T, [r[1] for r in rows]),
                    Series("δ_∞ (T → ∞)", [], [figure_3_lines()[2]], "hline-dashed"),
                ],
            ),
            Panel("Fig. 1 (right): δ = 1e-3", "T", "ε", [Series("ε_T", T, [r[2] for r in rows])]),
        ],
        {"figure-1": Table(["T", "delta_T(eps=3)", "eps_T(delta=1e-3)"], rows)},
    )


@paper.figure("figure-3")
def figure_3() -> FigureData:
    """Figure 3: ε_T at δ = 1e-3 against T, with the T → ∞ values (22) and (23)."""
    rows = figure_1_table(eps=3)
    star, closed, _ = figure_3_lines()
    T = [r[0] for r in rows]
    return FigureData(
        "figure-3",
        [
            Panel(
                "Fig. 3: δ = 1e-3",
                "T",
                "ε",
                [
                    Series("ε_T (Theorem 2 inverted)", T, [r[2] for r in rows]),
                    Series("ε*_δ (22)", [], [star], "hline"),
                    Series("(23)", [], [closed], "hline-dashed"),
                ],
            ),
        ],
        {"figure-3": Table(["T", "eps_T", "eps_star_22", "eq_23"], [(r[0], r[2], star, closed) for r in rows])},
    )


@paper.figure("figure-2")
def figure_2() -> FigureData:
    """Figure 2: Theorem 3 printed and corrected at ε = 5, λ ∈ {0.65, 0.01} (d = 1 assumed)."""
    panels, tables = [], {}
    for lam in (R(13, 20), R(1, 100)):
        table = figure_2_table(lam)
        panels.append(
            Panel(
                f"Fig. 2: ε = 5, λ = {float(lam)} (d = 1 assumed)",
                "T",
                "δ",
                [
                    Series(
                        f"Theorem 3 ({version})", [t for t, _ in table[version]], [v for _, v in table[version]], style
                    )
                    for version, style in (("printed", "line"), ("corrected", "dashed"))
                ],
                xscale="log",
            )
        )
        tables[f"figure-2-lam-{float(lam)}"] = Table(
            ["T", "printed", "corrected"], [(t, a, b) for (t, a), (_, b) in zip(table["printed"], table["corrected"])]
        )
    return FigureData("figure-2", panels, tables)
