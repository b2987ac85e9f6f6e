"""Papers and the registry that discovers them.

Each module under ``derivations/`` (and the paper-agnostic toolkit
``symbolic.privacy``, when present) defines a module-level :class:`Paper` and
adds its formulas and claims to it.  :class:`Registry` imports those packages,
collects every ``Paper`` and looks things up by ID.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Callable, Iterable

from .claims import Claim, Identity
from .errors import UnknownIdError
from .formula import Formula
from .source import Source

DEFAULT_PACKAGES = ("symbolic.privacy", "derivations")


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

    def figure(self, name: str):
        """Decorator registering ``fn(outdir: pathlib.Path) -> list[pathlib.Path]``.

        Figure functions recompute a paper's figure from registered formulas and
        write image files; ``reproduce`` calls them.  They must not print or
        compare numbers (comparisons are :class:`~symbolic.claims.Reproduction` claims).
        """
        def register(fn):
            if name in self.figures:
                raise ValueError(f"{self.key}: duplicate figure {name}")
            self.figures[name] = fn
            return fn

        return register

    def id(self, label: str) -> str:
        return f"{self.key}/{label}"

    def source(self, label: str, equations=(), form: str = "printed", note: str = "") -> Source:
        return Source(self.key, label, tuple([equations] if isinstance(equations, str) else equations), form, note)

    def add(self, item):
        """Register a Formula or Claim (its ID must start with this paper's key)."""
        if not item.id.startswith(self.key + "/"):
            raise ValueError(f"{item.id} does not belong to paper {self.key}")
        if item.id in self.formulas or item.id in self.claims:
            raise ValueError(f"duplicate ID {item.id}")
        if isinstance(item, Formula):
            self.formulas[item.id] = item
            if item.numeric is not None:
                self.add(Identity(
                    f"{item.id}/numeric-form", item.numeric, item.expr,
                    f"the evaluator's stable form of {item.id} equals the verified expression",
                    Source(self.key, item.source.label, item.source.equations, "derived",
                           "numerically stable rewriting used by the evaluator"),
                    covers=[item.id],
                ))
        elif isinstance(item, Claim):
            self.claims[item.id] = item
        else:
            raise TypeError(f"cannot register {item!r}")
        return item


class Registry:
    def __init__(self, papers: Iterable[Paper]):
        self.papers: dict[str, Paper] = {}
        for p in papers:
            if p.key in self.papers:
                raise ValueError(f"two Paper objects with key {p.key}")
            self.papers[p.key] = p

    @classmethod
    def load(cls, packages: Iterable[str] = DEFAULT_PACKAGES) -> "Registry":
        found: list[Paper] = []
        seen: set[int] = set()
        for package in packages:
            try:
                pkg = importlib.import_module(package)
            except ModuleNotFoundError as exc:
                if exc.name == package:
                    continue
                raise
            modules = [pkg]
            if hasattr(pkg, "__path__"):
                for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
                    modules.append(importlib.import_module(info.name))
            for module in modules:
                for value in vars(module).values():
                    if isinstance(value, Paper) and id(value) not in seen:
                        seen.add(id(value))
                        found.append(value)
        return cls(found)

    def paper(self, key: str) -> Paper:
        try:
            return self.papers[key]
        except KeyError:
            raise UnknownIdError(f"no paper {key!r}; known: {', '.join(sorted(self.papers))}") from None

    def formulas(self, paper: str | None = None) -> list[Formula]:
        papers = [self.paper(paper)] if paper else list(self.papers.values())
        return [f for p in papers for f in p.formulas.values()]

    def claims(self, paper: str | None = None) -> list[Claim]:
        papers = [self.paper(paper)] if paper else list(self.papers.values())
        return [c for p in papers for c in p.claims.values()]

    def formula(self, id: str) -> Formula:
        for p in self.papers.values():
            if id in p.formulas:
                return p.formulas[id]
        raise UnknownIdError(f"no formula with ID {id!r} (see 'list' for the registered IDs)")

    def claim(self, id: str) -> Claim:
        for p in self.papers.values():
            if id in p.claims:
                return p.claims[id]
        raise UnknownIdError(f"no claim with ID {id!r}")

    def claims_covering(self, formula_id: str) -> list[Claim]:
        return [c for c in self.claims() if formula_id in c.covers]


_DEFAULT: Registry | None = None


def registry() -> Registry:
    """The registry of all installed papers (loaded once)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Registry.load()
    return _DEFAULT
