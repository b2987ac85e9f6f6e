"""``--plot``: ε against the number of steps for every applicable bound and the all-iterates baseline, or
(with ``--curve``) the guarantee against δ.

Log axes; matplotlib with the Agg backend.  The curves use the accountant's search values
(``certify=False, rough=True``: the same conversions, without the certified enclosure, searched to the
few digits a figure shows, :data:`accountant.conversion.ROUGH`), at log-spaced
step counts up to the run's own T (and beyond, to show where each theorem wins).  Curves that coincide
(within 1 % at every T plotted) are drawn once, with distinct markers, and the legend names every one of them.

The output path is checked before any work (:func:`check_plot_path`, like ``export -o``): its directory
exists and is writable, its extension is one matplotlib writes, an existing file is refused without
``--force``, a symbolic link is replaced (never written through), ``-`` is refused; the figure is written to a
temporary file beside it and renamed over it, which is removed on every failure path.
"""

from __future__ import annotations

import math
import os
import pathlib
import tempfile

from symbolic.errors import InputError
from symbolic.files import replace_file

#: Extensions matplotlib's Agg canvas writes (checked without importing matplotlib).
FORMATS = ("eps", "jpeg", "jpg", "pdf", "pgf", "png", "ps", "raw", "rgba", "svg", "svgz", "tif", "tiff", "webp")


def check_plot_path(path, force: bool = False) -> pathlib.Path:
    """Refuse a ``--plot`` path that cannot be written, before any accounting (see the module docstring)."""
    text = os.fspath(path)
    if text == "-":
        raise InputError(
            "account: --plot - is not supported (a figure is not written to standard output); "
            "give a file name such as eps.png"
        )
    out = pathlib.Path(text)
    if out.is_dir():
        raise InputError(f"account: --plot {text} is a directory; give a file name (e.g. {out / 'eps.png'})")
    ext = out.suffix.lower().lstrip(".")
    if not ext:
        raise InputError(f"account: --plot {text} has no extension; give one of .{', .'.join(FORMATS)}")
    if ext not in FORMATS:
        raise InputError(
            f"account: --plot {text}: matplotlib does not write '.{ext}' files; use one of .{', .'.join(FORMATS)}"
        )
    parent = out.parent if str(out.parent) else pathlib.Path(".")
    if not parent.exists():
        raise InputError(f"account: --plot {text}: the directory {parent} does not exist")
    if not parent.is_dir():
        raise InputError(f"account: --plot {text}: {parent} is not a directory")
    if out.is_symlink():
        if not force:
            raise InputError(
                f"account: --plot {text} is a symbolic link; pass --force to replace the link (its "
                "target is never written)"
            )
    elif out.exists():
        if not out.is_file():
            raise InputError(f"account: --plot {text} exists and is not a regular file")
        if not force:
            raise InputError(f"account: --plot {text} exists; pass --force to overwrite it")
    try:
        with tempfile.NamedTemporaryFile(dir=parent, prefix=".plot-check-"):
            pass
    except OSError as exc:
        raise InputError(f"account: --plot {text}: cannot write in {parent}: {exc.strerror or exc}") from None
    return out


def _save(fig, path, force: bool) -> str:
    """Write ``fig`` beside ``path`` and rename it over ``path`` (:func:`symbolic.files.replace_file`: a
    symlink there is replaced, not followed; the temporary file is removed on every failure)."""
    out = check_plot_path(path, force)
    fmt = out.suffix.lower().lstrip(".")
    replace_file(out, lambda tmp: fig.savefig(tmp, dpi=120, format=fmt), command="account", suffix=out.suffix)
    return os.fspath(out)


def steps_grid(T: int, points: int = 12, beyond: int = 4) -> list[int]:
    """Log-spaced step counts from 1 to ``beyond``·T (distinct integers, T included)."""
    top = max(2, beyond * T)
    grid = {max(1, round(math.exp(math.log(top) * k / (points - 1)))) for k in range(points)}
    grid.add(T)
    return sorted(grid)


def curves(run, *, delta=None, epsilon=None, points: int = 12) -> dict:
    """{label: [(T, value), ...]} for every bound that applies at some T, and the baseline.

    Through the screened :func:`accountant.account`: a paper whose stored bound records rule out every one of
    its theorems at a step count is not imported for it (its rows would be "not applicable", which are not
    drawn); the report's own ``account`` imported every paper's bounds, ~1.5 CPU s of run (b)'s figure."""
    from . import account
    from .run_description import parse_run

    run = parse_run(run)
    out: dict[str, list] = {}
    for T in steps_grid(int(run["steps"]), points):
        res = account(
            run.with_values(steps=str(T)), delta=delta, epsilon=epsilon, certify=False, heuristics=False, rough=True
        )
        for row in res.applicable:
            if row.estimate is not None and row.estimate > 0 and math.isfinite(row.estimate):
                out.setdefault(f"{row.title} ({row.id})", []).append((T, row.estimate))
        b = res.all_iterates
        if b is not None and b.estimate and b.estimate > 0 and math.isfinite(b.estimate):
            out.setdefault("all iterates (baseline)", []).append((T, b.estimate))
    return out


#: Curves within this relative distance at every plotted T are drawn once and named together (on log axes
#: 1 % is well under a line's width).
COINCIDE_REL = 0.01


def coinciding(data: dict, rel: float = COINCIDE_REL) -> list[list[str]]:
    """Groups of labels whose curves have the same points to ``rel`` (drawn once, named together)."""
    groups: list[list[str]] = []
    for label, pts in data.items():
        for g in groups:
            other = data[g[0]]
            if len(other) == len(pts) and all(
                x1 == x2 and abs(y1 - y2) <= rel * max(abs(y1), abs(y2)) for (x1, y1), (x2, y2) in zip(pts, other)
            ):
                g.append(label)
                break
        else:
            groups.append([label])
    return groups


MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")


def _legend_label(group: list[str], width: int = 48) -> str:
    """A legend entry: one curve's label, or the labels of coinciding curves and how many coincide, wrapped."""
    import textwrap

    text = (
        group[0]
        if len(group) == 1
        else f"these {len(group)} coincide (within {COINCIDE_REL:.0%} at every T): " + "; ".join(group)
    )
    return "\n".join(textwrap.wrap(text, width))


def plot_epsilon_vs_steps(run, path, *, delta=None, epsilon=None, points: int = 12, force: bool = False) -> str:
    """Write the figure to ``path`` and return the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .run_description import parse_run

    check_plot_path(path, force)
    run = parse_run(run)
    data = curves(run, delta=delta, epsilon=epsilon, points=points)
    fig, ax = plt.subplots(figsize=(10, 4.8))
    groups = coinciding(data)
    for i, group in enumerate(groups):
        xs, ys = zip(*data[group[0]])
        label = _legend_label(group)
        # curves drawn earlier get larger open markers, so one lying on another stays visible under it
        size = max(3.0, 10.0 - 7.0 * i / max(1, len(groups) - 1))
        style = (
            {"color": "black", "linestyle": "--", "linewidth": 1.5, "markersize": 3}
            if group[0].startswith("all iterates")
            else {"linewidth": 1.0 + 0.8 * (len(group) > 1), "markersize": size, "markerfacecolor": "none"}
        )
        ax.plot(xs, ys, marker=MARKERS[i % len(MARKERS)], label=label, **style)
    ax.axvline(int(run["steps"]), color="grey", linewidth=0.8, linestyle=":")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of steps T (dotted: this run's T)")
    ax.set_ylabel(f"ε at δ = {delta}" if delta is not None else f"δ at ε = {epsilon}")
    ax.set_title(f"{run.loss} loss, {run.batching} batches: last-iterate theorems vs all iterates", fontsize=10)
    if data:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)
    fig.tight_layout()
    try:
        return _save(fig, path, force)
    finally:
        plt.close(fig)


def plot_curve(points, path, *, force: bool = False) -> str:
    """ε(δ) of ``--curve``: the guarantee at each δ, marked by what achieved it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    check_plot_path(path, force)
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    pts = [(float(p.delta), float(p.result), p.what) for p in points if p.result is not None]
    if pts:
        ax.plot([x for x, _, _ in pts], [y for _, y, _ in pts], color="grey", linewidth=1)
        for i, what in enumerate(dict.fromkeys(w for _, _, w in pts)):
            sel = [(x, y) for x, y, w in pts if w == what]
            ax.plot(*zip(*sel), linestyle="none", marker=MARKERS[i % len(MARKERS)], label=what)
        ax.legend(fontsize=7)
    ax.set_xscale("log")
    ax.set_xlabel("δ")
    ax.set_ylabel("ε (guarantee for the last iterate)")
    ax.invert_xaxis()
    fig.tight_layout()
    try:
        return _save(fig, path, force)
    finally:
        plt.close(fig)
