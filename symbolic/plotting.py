"""Draw :class:`~symbolic.figure.FigureData` with matplotlib and write its tables as CSV.

Used by the ``reproduce`` command and by notebooks; derivations never plot.
"""

from __future__ import annotations

import csv
import pathlib
from typing import TYPE_CHECKING

import mpmath

from .figure import FigureData

if TYPE_CHECKING:  # matplotlib is imported when a figure is drawn, not with the engine
    from matplotlib.figure import Figure

_LINES = {"line": "-", "dashed": "--", "step": "-"}


def _number(v):
    return float(v)


def draw(figure: FigureData, *, width_per_panel: float = 5.0, height: float = 3.8) -> Figure:
    """A matplotlib Figure for ``figure`` (the caller closes or shows it)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(
        1, len(figure.panels), figsize=(width_per_panel * len(figure.panels), height), squeeze=False
    )
    for ax, panel in zip(axes[0], figure.panels):
        for s in panel.series:
            if s.style.startswith("hline"):
                ax.axhline(_number(s.y[0]), color="r", ls="--" if s.style == "hline-dashed" else "-", label=s.label)
            elif s.style == "step":
                ax.step([_number(x) for x in s.x], [_number(y) for y in s.y], where="post", label=s.label)
            else:
                ax.plot([_number(x) for x in s.x], [_number(y) for y in s.y], _LINES[s.style], label=s.label)
        ax.set_xscale(panel.xscale)
        ax.set_yscale(panel.yscale)
        ax.set(xlabel=panel.xlabel, ylabel=panel.ylabel, title=panel.title)
        if any(s.label for s in panel.series):
            ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def write(figure: FigureData, outdir: pathlib.Path, *, dpi: int = 120) -> list[pathlib.Path]:
    """Write ``<name>.png`` and one CSV per table into ``outdir``; return the paths written."""
    import matplotlib
    import matplotlib.pyplot as plt

    matplotlib.use("Agg")
    outdir.mkdir(parents=True, exist_ok=True)
    fig = draw(figure)
    png = outdir / f"{figure.name}.png"
    fig.savefig(png, dpi=dpi)
    plt.close(fig)
    paths = [png]
    for stem, table in figure.tables.items():
        path = outdir / f"{stem}.csv"
        with open(path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(table.header)
            for row in table.rows:
                w.writerow([mpmath.nstr(x, 15) if isinstance(x, mpmath.mpf) else x for x in row])
        paths.append(path)
    return paths
