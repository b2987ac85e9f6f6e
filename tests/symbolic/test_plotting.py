"""Figure data and its rendering: derivations return data, symbolic.plotting draws and writes it."""

import mpmath
import pytest

from symbolic.figure import FigureData, Panel, Series, Table
from symbolic.plotting import write


def test_write_png_and_tables(tmp_path):
    fig = FigureData(
        "demo",
        [
            Panel(
                "p",
                "x",
                "y",
                [Series("a", [1, 2, 3], [mpmath.mpf(1) / 3, 2, 4]), Series("cap", [], [2], "hline-dashed")],
                yscale="log",
            )
        ],
        {"demo": Table(["x", "y"], [(1, mpmath.mpf(1) / 3)])},
    )
    paths = write(fig, tmp_path / "out")
    assert [p.name for p in paths] == ["demo.png", "demo.csv"]
    assert paths[0].stat().st_size > 1000
    assert paths[1].read_text().splitlines() == ["x,y", "1,0.333333333333333"]


def test_series_are_validated():
    with pytest.raises(ValueError):
        Series("bad", [1, 2], [1])
    with pytest.raises(ValueError):
        Series("bad", [1], [1], style="dotted")


def test_paper_figures_are_data(registry):
    fn = registry.paper("kong-ribero").figures["figure-1"]
    fig = fn()
    assert isinstance(fig, FigureData) and fig.panels[0].xscale == "log"
    assert all(len(s.x) == len(s.y) > 0 for s in fig.panels[0].series)
