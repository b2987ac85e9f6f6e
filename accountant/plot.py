"""``--plot``: ε against the number of steps for every applicable bound and the all-iterates baseline.

Log axes; matplotlib with the Agg backend.  The curves use the accountant's search values
(``certify=False``: the same conversions, without the certified enclosure), at log-spaced
step counts up to the run's own T (and beyond, to show where each theorem wins).
"""

from __future__ import annotations

import math
import os


def steps_grid(T: int, points: int = 12, beyond: int = 4) -> list[int]:
    """Log-spaced step counts from 1 to ``beyond``·T (distinct integers, T included)."""
    top = max(2, beyond * T)
    grid = {max(1, round(math.exp(math.log(top) * k / (points - 1)))) for k in range(points)}
    grid.add(T)
    return sorted(grid)


def curves(run, *, delta=None, epsilon=None, points: int = 12) -> dict:
    """{label: [(T, value), ...]} for every bound that applies at some T, and the baseline."""
    from .report import account
    from .run_description import parse_run

    run = parse_run(run)
    out: dict[str, list] = {}
    for T in steps_grid(int(run["steps"]), points):
        res = account(run.with_values(steps=str(T)), delta=delta, epsilon=epsilon, certify=False, heuristics=False)
        for row in res.applicable:
            if row.estimate is not None and row.estimate > 0:
                out.setdefault(f"{row.id} ({row.label})", []).append((T, row.estimate))
        if res.all_iterates is not None and res.all_iterates.estimate and res.all_iterates.estimate > 0:
            out.setdefault("all iterates (baseline)", []).append((T, res.all_iterates.estimate))
    return out


def plot_epsilon_vs_steps(run, path, *, delta=None, epsilon=None, points: int = 12) -> str:
    """Write the figure to ``path`` and return the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .run_description import parse_run

    run = parse_run(run)
    data = curves(run, delta=delta, epsilon=epsilon, points=points)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for label, pts in data.items():
        xs, ys = zip(*pts)
        style = {"color": "black", "linestyle": "--", "linewidth": 2} if label.startswith("all iterates") else {}
        ax.plot(xs, ys, marker="o", markersize=3, label=label, **style)
    ax.axvline(int(run["steps"]), color="grey", linewidth=0.8, linestyle=":")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of steps T")
    ax.set_ylabel(f"ε at δ = {delta}" if delta is not None else f"δ at ε = {epsilon}")
    ax.set_title(f"{run.loss} loss, {run.batching} batches: last-iterate bounds vs all iterates", fontsize=10)
    ax.legend(fontsize=7)
    fig.tight_layout()
    path = os.fspath(path)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
