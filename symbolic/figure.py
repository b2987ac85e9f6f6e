"""Figure data: what a paper's figure shows, as numbers, with no plotting and no files.

Derivations return :class:`FigureData` from the functions they register with
``@paper.figure(name)``; :mod:`symbolic.plotting` draws it and writes its tables (the
``reproduce`` command, notebooks).  Keeping the two apart is what lets ``derivations/``
know nothing about matplotlib or the file system.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

STYLES = ("line", "dashed", "step", "hline", "hline-dashed")
SCALES = ("linear", "log")


@dataclass
class Series:
    """One curve: ``x``/``y`` values (numbers or mpmath values), or a horizontal line at ``y[0]``."""

    label: str
    x: Sequence
    y: Sequence
    style: str = "line"

    def __post_init__(self):
        if self.style not in STYLES:
            raise ValueError(f"series {self.label!r}: style must be one of {STYLES}")
        if not self.style.startswith("hline") and len(self.x) != len(self.y):
            raise ValueError(f"series {self.label!r}: {len(self.x)} x values but {len(self.y)} y values")


@dataclass
class Panel:
    """One set of axes."""

    title: str
    xlabel: str
    ylabel: str
    series: list[Series]
    xscale: str = "linear"
    yscale: str = "linear"

    def __post_init__(self):
        if self.xscale not in SCALES or self.yscale not in SCALES:
            raise ValueError(f"panel {self.title!r}: scales must be among {SCALES}")


@dataclass
class Table:
    """Rows of the plotted values (written as CSV next to the picture)."""

    header: Sequence[str]
    rows: Sequence[Sequence]


@dataclass
class FigureData:
    """A figure: its panels side by side and the tables of its values, keyed by file stem."""

    name: str
    panels: list[Panel]
    tables: dict[str, Table] = field(default_factory=dict)
