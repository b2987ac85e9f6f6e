"""Paper: the formulas, claims, figures, bound declarations and coverage index of one source.

A paper encoding is a module that builds one module-level ``paper = Paper(...)`` and adds
its objects to it.  The registry (:mod:`symbolic.registry`) finds papers; a paper never
needs the registry.
"""

from __future__ import annotations

from typing import Callable

from .claims import Claim, Identity
from .formula import Formula
from .source import Source

#: CPU seconds for a ``<formula>/numeric-form`` identity: proving a stable rewriting equal can take
#: several seconds, and a verdict must keep a 3× margin for slower machines (``verify --budget-scale 1/3``).
NUMERIC_FORM_BUDGET = 60.0


class Paper:
    """The formulas and claims encoded from one source (a paper, or the privacy toolkit)."""

    def __init__(self, key: str, title: str, citation: str = "", text: str = ""):
        self.key = key
        self.title = title
        self.citation = citation
        self.text = text  # path of the paper's text in shared/papers, for readers
        self.formulas: dict[str, Formula] = {}
        self.claims: dict[str, Claim] = {}
        self.figures: dict[str, Callable] = {}
        #: Theorem-level bound declarations keyed by their formula's ID.  The engine only
        #: stores them; what a bound declares is defined by the content that declares it.
        self.bounds: dict[str, object] = {}
        self.index = None  # the coverage index (symbolic.coverage.CoverageIndex), set by coverage()

    def figure(self, name: str):
        """Decorator registering ``fn() -> symbolic.figure.FigureData``.

        Figure functions recompute a paper's figure from registered formulas and return
        its data (panels, series, tables); ``reproduce`` and notebooks draw it with
        :mod:`symbolic.plotting`.  They must not plot, write files, print or compare
        numbers (comparisons are :class:`~symbolic.claims.Reproduction` claims).
        """

        def register(fn):
            if name in self.figures:
                raise ValueError(f"{self.key}: duplicate figure {name}")
            self.figures[name] = fn
            return fn

        return register

    def coverage(self, items):
        """Set this paper's coverage index: every numbered item of the paper, with the IDs that
        encode it or the reason it is not encoded (see :mod:`symbolic.coverage`)."""
        from .coverage import CoverageIndex

        self.index = CoverageIndex(self.key, list(items))
        return self.index

    def id(self, label: str) -> str:
        return f"{self.key}/{label}"

    def source(self, label: str, equations=(), form: str = "printed", note: str = "") -> Source:
        return Source(self.key, label, tuple([equations] if isinstance(equations, str) else equations), form, note)

    def add_bound(self, bound):
        """Store a bound declaration (any object with an ``id`` naming one of this paper's formulas)."""
        if bound.id not in self.formulas:
            raise ValueError(f"bound {bound.id}: no formula with that ID in paper {self.key}")
        if bound.id in self.bounds:
            raise ValueError(f"duplicate bound {bound.id}")
        self.bounds[bound.id] = bound
        return bound

    def add(self, item):
        """Register a Formula or Claim (its ID must start with this paper's key)."""
        if not item.id.startswith(self.key + "/"):
            raise ValueError(f"{item.id} does not belong to paper {self.key}")
        if item.id in self.formulas or item.id in self.claims:
            raise ValueError(f"duplicate ID {item.id}")
        if isinstance(item, Formula):
            self.formulas[item.id] = item
            if item.numeric is not None:
                self.add(
                    Identity(
                        f"{item.id}/numeric-form",
                        item.numeric,
                        item.expr,
                        f"the evaluator's stable form of {item.id} equals the verified expression",
                        Source(
                            self.key,
                            item.source.label,
                            item.source.equations,
                            "derived",
                            "numerically stable rewriting used by the evaluator",
                        ),
                        covers=[item.id],
                        budget=NUMERIC_FORM_BUDGET,
                    )
                )
        elif isinstance(item, Claim):
            self.claims[item.id] = item
        else:
            raise TypeError(f"cannot register {item!r}")
        return item
