"""Figures 1–3 recomputed from the registered formulas (tables + plots).

``python -m symbolic reproduce --paper asoodeh-diaz`` writes, for each figure, a PNG
and a CSV of the plotted values.  The paper states no range of T for any figure, and
Figure 2 omits the dimension d and how κ is optimised: we plot T ≤ 60 (Figures 1, 3),
and for Figure 2 use d = 1, T ≤ 300 and κ minimised over a grid on [0.05, 15]
(:func:`figure_2_table`).
"""

from __future__ import annotations

import csv
import pathlib

import mpmath
import sympy as sp

from ._paper import paper
from .inversion import eq_22, eq_23, epsilon_T
from .projected import thm_2, thm_2_limit
from .regularized import thm3_series

R = sp.Rational
FIG13 = {"D": 3, "eta": R(1, 100), "C": 2, "sigma": 1, "p": R(1, 1000)}
FIG2 = {"eps": 5, "p": R(1, 1000), "d": 1, "eta": R(1, 10), "C": 1, "sigma": 5}


def figure_1_table(T_values=range(1, 61), eps=3, delta=R(1, 1000), dps=15):
    """Rows (T, δ_T at ε, ε_T at δ) for Figure 1 (left: Theorem 2's δ; right: its inversion)."""
    return [(T, thm_2.evaluate(dps=dps, eps=eps, T=T, **FIG13),
             epsilon_T.evaluate(dps=dps, delta=delta, T=T, **FIG13)) for T in T_values]


def figure_3_lines(delta=R(1, 1000), dps=15):
    """The red lines of Figure 3: (ε*_δ of (22), the bound (23)) and δ_∞ at ε = 3."""
    return (eq_22.evaluate(dps=dps, delta=delta, **FIG13), eq_23.evaluate(dps=dps, delta=delta, **FIG13),
            thm_2_limit.evaluate(dps=dps, eps=3, **FIG13))


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
                series = thm3_series(version, dict(FIG2, lam=lam, kappa=k), T_max)
                best = series if best is None else [min(a, b) for a, b in zip(best, series)]
            out[version] = list(zip(range(1, T_max + 1), best))
    return out


def _write_csv(path, header, rows):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        for row in rows:
            w.writerow([mpmath.nstr(x, 15) if isinstance(x, mpmath.mpf) else x for x in row])
    return path


@paper.figure("figure-1")
def figure_1(outdir: pathlib.Path) -> list[pathlib.Path]:
    import matplotlib.pyplot as plt

    rows = figure_1_table()
    T = [r[0] for r in rows]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.8))
    ax1.plot(T, [float(r[1]) for r in rows], "b-")
    ax1.axhline(float(figure_3_lines()[2]), color="r", ls="--", label="δ_∞ (T → ∞)")
    ax1.set(xlabel="T", ylabel="δ", title="Fig. 1 (left): ε = 3")
    ax1.legend()
    ax2.plot(T, [float(r[2]) for r in rows], "b-")
    ax2.set(xlabel="T", ylabel="ε", title="Fig. 1 (right): δ = 1e-3")
    fig.tight_layout()
    png = outdir / "figure-1.png"
    fig.savefig(png, dpi=120)
    plt.close(fig)
    return [png, _write_csv(outdir / "figure-1.csv", ["T", "delta_T(eps=3)", "eps_T(delta=1e-3)"], rows)]


@paper.figure("figure-3")
def figure_3(outdir: pathlib.Path) -> list[pathlib.Path]:
    import matplotlib.pyplot as plt

    rows = figure_1_table(eps=3)
    star, closed, _ = figure_3_lines()
    fig, ax = plt.subplots(figsize=(5, 3.8))
    ax.plot([r[0] for r in rows], [float(r[2]) for r in rows], "b-", label="ε_T (Theorem 2 inverted)")
    ax.axhline(float(star), color="r", label="ε*_δ (22)")
    ax.axhline(float(closed), color="r", ls="--", label="(23)")
    ax.set(xlabel="T", ylabel="ε", title="Fig. 3: δ = 1e-3")
    ax.legend()
    fig.tight_layout()
    png = outdir / "figure-3.png"
    fig.savefig(png, dpi=120)
    plt.close(fig)
    table = [(r[0], r[2], star, closed) for r in rows]
    return [png, _write_csv(outdir / "figure-3.csv", ["T", "eps_T", "eps_star_22", "eq_23"], table)]


@paper.figure("figure-2")
def figure_2(outdir: pathlib.Path) -> list[pathlib.Path]:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    paths = []
    for ax, lam in zip(axes, (R(13, 20), R(1, 100))):
        table = figure_2_table(lam)
        for version, style in (("printed", "b-"), ("corrected", "r--")):
            ax.semilogx([t for t, _ in table[version]], [float(v) for _, v in table[version]], style,
                        label=f"Theorem 3 ({version})")
        ax.set(xlabel="T", ylabel="δ", title=f"Fig. 2: ε = 5, λ = {float(lam)} (d = 1 assumed)")
        ax.legend()
        rows = [(t, a, b) for (t, a), (_, b) in zip(table["printed"], table["corrected"])]
        paths.append(_write_csv(outdir / f"figure-2-lam-{float(lam)}.csv", ["T", "printed", "corrected"], rows))
    fig.tight_layout()
    png = outdir / "figure-2.png"
    fig.savefig(png, dpi=120)
    plt.close(fig)
    return [png] + paths
