"""Papers and the registry that finds them.

A paper encoding is a module that defines a module-level :class:`Paper` named
``paper`` and adds its formulas and claims to it.  The engine knows no paper by
name: installed distributions announce theirs in the ``symbolic.papers``
entry-point group (key → module, see ``pyproject.toml``), so the *index* of
papers is known without importing any of them.  :class:`Registry` imports a
paper's module on first lookup only; ``list``, ``eval`` and ``export`` of one
paper import that paper and what it imports itself.  The paper index cache
(:mod:`symbolic.index_cache`) keeps the paper index and each paper's item index
(what ``list`` shows, which module defines each ID) between runs: with it, ``list``
imports no paper, ``eval`` only the module defining its formula, and neither scans
the installed distributions' entry points.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Iterable, Iterator, Mapping

from .cache import disabled_by_environment
from .index_cache import PAPERS_GROUP, IndexCache, describe
from .errors import UnknownIdError
from .formula import Formula
from .paper import BoundDeclaration, Paper

if TYPE_CHECKING:
    from .claims import Claim

#: Key prefix of a bound in :attr:`symbolic.paper.Paper.defined_in`.
_BOUND = "bound:"

#: Entry-point group in which a distribution lists its papers (``key = "package.module"``).
ENTRY_POINT_GROUP = PAPERS_GROUP


def paper_index() -> dict[str, str]:
    """Paper key → module name, from the installed ``symbolic.papers`` entry points (imports no
    paper; scans the installed distributions' metadata)."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


class Registry:
    """Formulas and claims by ID, over a set of papers that are imported lazily.

    ``Registry(papers)`` wraps Paper objects already built (tests, notebooks);
    ``Registry.from_index({key: module})`` imports each module the first time one of its
    IDs (or the paper itself) is looked up.
    """

    def __init__(
        self,
        papers: Iterable[Paper] = (),
        index: Mapping[str, str] | None = None,
        index_cache: IndexCache | None = None,
    ):
        self._loaded: dict[str, Paper] = {}
        self._index: dict[str, str] = dict(index or {})
        self._item_indexes: dict[str, dict] = {}
        self._bound_records: dict[str, list[dict]] = {}
        self._given: set[str] = set()  # keys of the Paper objects passed in (never cached on disk)
        #: The on-disk paper index cache; by default the user's, unless disabled by the environment.
        self.index_cache = index_cache
        for p in papers:
            if p.key in self._loaded:
                raise ValueError(f"two Paper objects with key {p.key}")
            self._loaded[p.key] = p
            self._given.add(p.key)

    @classmethod
    def from_index(cls, index: Mapping[str, str] | None = None, index_cache: IndexCache | None = None) -> "Registry":
        """A registry over ``index`` (key → module); by default the installed papers, whose index is
        read from the paper index cache when still valid (else from the entry points)."""
        if index_cache is None and not disabled_by_environment():
            index_cache = IndexCache()
        if index is None:
            index = index_cache.paper_index(paper_index) if index_cache is not None else paper_index()
        return cls(index=index, index_cache=index_cache)

    # -- papers ---------------------------------------------------------------------------
    def keys(self) -> list[str]:
        """Every known paper key (loaded or not), sorted; imports nothing."""
        return sorted(set(self._loaded) | set(self._index))

    def paper(self, key: str) -> Paper:
        if key in self._loaded:
            return self._loaded[key]
        if key not in self._index:
            raise UnknownIdError(f"no paper {key!r}; known: {', '.join(self.keys())}")
        module = importlib.import_module(self._index[key])
        found = getattr(module, "paper", None)
        if not isinstance(found, Paper) or found.key != key:
            raise ValueError(f"module {self._index[key]} must define `paper`, a Paper with key {key!r}")
        self._loaded[key] = found
        return found

    @property
    def papers(self) -> dict[str, Paper]:
        """All papers, key → Paper (imports every paper not yet loaded)."""
        return {key: self.paper(key) for key in self.keys()}

    def _papers(self, paper: str | None) -> list[Paper]:
        return [self.paper(paper)] if paper else list(self.papers.values())

    def _paper_of(self, id: str, what: str) -> Paper:
        key = id.split("/", 1)[0]
        if key not in self._loaded and key not in self._index:
            raise UnknownIdError(f"no {what} with ID {id!r}: no paper {key!r} (known: {', '.join(self.keys())})")
        return self.paper(key)

    # -- lookups ---------------------------------------------------------------------------
    def formulas(self, paper: str | None = None) -> list[Formula]:
        return [f for p in self._papers(paper) for f in p.formulas.values()]

    def claims(self, paper: str | None = None) -> list[Claim]:
        return [c for p in self._papers(paper) for c in p.claims.values()]

    def iter_claims(self, paper: str | None = None) -> Iterator[Claim]:
        """:meth:`claims` in the same order, each paper loaded only when its first claim is
        asked for (``verify`` checks one paper's claims while the next one loads)."""
        for key in [paper] if paper else self.keys():
            yield from self.paper(key).claims.values()

    def formula(self, id: str) -> Formula:
        """The formula ``id``; imports only the module defining it when the paper's item index is cached."""
        p = self._paper_of(id, "formula")
        found = p.find(id, self._defined_in(p.key))
        if isinstance(found, Formula):
            return found
        raise UnknownIdError(f"no formula with ID {id!r} (see 'list --paper {p.key}' for its IDs)")

    def claim(self, id: str) -> Claim:
        """The claim ``id``; imports only the module defining it when the paper's item index is cached."""
        p = self._paper_of(id, "claim")
        found = p.find(id, self._defined_in(p.key))
        from .claims import Claim  # not at import: ``eval`` never needs the claim kinds

        if isinstance(found, Claim):
            return found
        raise UnknownIdError(f"no claim with ID {id!r} (see 'list --claims --paper {p.key}')")

    # -- item indexes ---------------------------------------------------------------------------
    def item_index(self, key: str) -> dict:
        """Paper ``key``'s item index (:func:`symbolic.index_cache.describe`: the records ``list`` shows
        and ID → module).  Read from the paper index cache when its sources are unchanged (the paper's
        modules are then not imported); otherwise built from the whole paper and stored."""
        if key in self._item_indexes:
            return self._item_indexes[key]
        module = self._index.get(key)
        cache = self.index_cache if module is not None and key not in self._given else None
        found = cache.get(key, module) if cache is not None and module is not None else None
        if found is None:
            paper = self.paper(key)
            found = describe(paper)
            # never items added at run time
            if cache is not None and module is not None and paper.registered_by_modules():
                cache.put(key, module, found)
        self._item_indexes[key] = found
        return found

    def _defined_in(self, key: str) -> Mapping[str, str] | None:
        """ID → module of paper ``key`` if the index cache is in use (else None: load the whole paper)."""
        if self.index_cache is None or key not in self._index or key in self._given:
            return None
        return self.item_index(key)["defined_in"]

    def bounds(self, paper: str | None = None) -> list[BoundDeclaration]:
        """Bound declarations of one paper, or of every paper (each paper's in its order).  Imports only
        the modules a paper declares as registering its bounds (:meth:`symbolic.paper.Paper.load_bounds`):
        the accountant needs no claim, figure or reproduction."""
        keys = [paper] if paper else self.keys()
        found: list[BoundDeclaration] = []
        for key in keys:
            p = self.paper(key)
            bounds = list(p.load_bounds().values())
            module = self._index.get(key)
            if (
                self.index_cache is not None
                and module is not None
                and key not in self._given
                and all(_BOUND + b.id in p.defined_in for b in bounds)  # never bounds added at run time
                and self.bound_records(key) is None
            ):
                try:
                    records = [b.describe() for b in bounds]
                except Exception:  # noqa: BLE001 -- a record is an optimisation: not stored, nothing lost
                    records = None
                if records is not None:
                    self.index_cache.put_bounds(key, module, records)
                    self._bound_records[key] = records
            found.extend(bounds)
        return found

    def bound_records(self, key: str) -> list[dict] | None:
        """The records (``bound.describe()``) of paper ``key``'s bound declarations, in its order, without
        importing the paper: from its item index or its bound records in the paper index cache, when stored
        for the current sources (the key of :func:`symbolic.index_cache.index_key`); else None."""
        if key in self._item_indexes:
            return self._item_indexes[key]["bounds"]
        if key in self._bound_records:
            return self._bound_records[key]
        module = self._index.get(key)
        if self.index_cache is None or module is None or key in self._given:
            return None
        found = self.index_cache.get(key, module)
        if found is not None:
            self._item_indexes[key] = found
            return found["bounds"]
        records = self.index_cache.get_bounds(key, module)
        if records is not None:
            self._bound_records[key] = records
        return records

    def claims_covering(self, formula_id: str) -> list[Claim]:
        """Claims of the formula's own paper that cover it (other papers are not imported)."""
        p = self._paper_of(formula_id, "formula")
        return [c for c in p.claims.values() if formula_id in c.covers]


_DEFAULT: Registry | None = None


def registry() -> Registry:
    """The registry of the installed papers (the index is read once; papers load on demand)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Registry.from_index()
    return _DEFAULT
