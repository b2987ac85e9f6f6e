"""Paper index cache: what the registry knows about the installed papers without importing them.

Two indexes are kept on disk, in the user's cache directory next to the verdict cache
(``$XDG_CACHE_HOME/hidden-state-proofs/index``):

* the **paper index** (paper key → module, :func:`symbolic.registry.paper_index`), read from
  the installed distributions' ``symbolic.papers`` entry points.  It is stored with the
  modification time of every ``sys.path`` entry it was read under, and reused only while
  ``sys.path`` and those times are unchanged -- the test importlib.metadata itself uses to
  reuse a directory listing (installing or removing a distribution rewrites its directory).
  It is stored with the ``entry_points.txt`` files it came from, and on reuse every module name
  must still stand in one of them, each file in a ``*.dist-info``/``*.egg-info`` directory directly
  on ``sys.path``: a module name is only ever taken from an installed distribution's entry points;
* each paper's **bound records** (``bound.describe()`` of each declared bound, under the same key as its
  item index): stored after the accountant's bounds-only load (:meth:`symbolic.paper.Paper.load_bounds`),
  so that it can tell which theorems cannot apply to a run without importing their paper;
* each paper's **item index** (:func:`describe`): what ``list`` shows about the paper
  (every formula's parameters, hypotheses, source and evaluation path, every claim's kind,
  expectation, source and statement, every declared bound) and which module defines each
  ID, so that ``eval`` imports only the module that defines one formula.  It is stored
  under a key that changes with the content it is built from (:func:`index_key`): every
  ``*.py`` file of the engine (:mod:`symbolic`) and of the top-level package of the paper's
  module (e.g. every file of ``derivations``, so an edit in any paper or in the shared
  toolkit invalidates it), the paper key and module, the Python, SymPy and mpmath versions
  and the installed python-flint (its module file and mtime).

(Not to be confused with the per-paper *catalogs* of ``shared/catalogs``, a colleague's
notes on each paper, nor with a paper's coverage index, :attr:`symbolic.paper.Paper.index`.)

A stored index is only a record of what the scan or :func:`describe` returned for that
state; a missing, unreadable, malformed or unauthenticated file is rebuilt.  The files are
kept like the verdict cache's entries (:class:`symbolic.cache.Store`: the user's own directory,
regular files of bounded size, an HMAC under the per-user key).  The cache is disabled like the
verdict cache (:data:`symbolic.cache.DISABLE_ENV`, set by the test suite).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import mpmath
import sympy as sp

from .cache import Store, cache_root, engine_fingerprint, package_fingerprint

if TYPE_CHECKING:
    from .claims import Claim
    from .formula import Formula
    from .paper import Paper

#: Bumped when the stored format or the records change.
FORMAT = 2
#: The entry-point group of the paper index (:data:`symbolic.registry.ENTRY_POINT_GROUP`).
PAPERS_GROUP = "symbolic.papers"
_ENTRY_POINTS_BYTES = 1 << 16
_KINDS = ("formulas", "claims", "bounds")


def formula_record(f: Formula) -> dict:
    """What ``list`` shows about a formula (JSON-ready)."""
    return {
        "id": f.id,
        "title": f.title,
        "source": f.source.cite(),
        "parameters": [{"name": p.name, "description": p.description} for p in f.params],
        "hypotheses": [p.choice_text for p in f.params if p.is_choice] + [h.text for h in f.all_hypotheses()],
        "evaluation": f.evaluation_path,
    }


def claim_record(c: Claim) -> dict:
    """What ``list --claims`` shows about a claim (JSON-ready; the claim is not run)."""
    return {"id": c.id, "kind": c.kind, "expect": c.expect, "source": c.source.cite(), "statement": c.statement}


def describe(paper: Paper) -> dict:
    """The item index of ``paper``: records of its formulas, claims and bounds (``bound.describe()``),
    in the paper's order, and ``defined_in`` (ID → module, :attr:`symbolic.paper.Paper.defined_in`).
    Reading the paper's items imports all of its modules."""
    return {
        "formulas": [formula_record(f) for f in paper.formulas.values()],
        "claims": [claim_record(c) for c in paper.claims.values()],
        "bounds": [b.describe() for b in paper.bounds.values()],
        "defined_in": dict(paper.defined_in),
    }


# ---------------------------------------------------------------------------
# The key: content of the sources an item index is built from.


def _tree_fingerprint(package: str) -> str:
    """SHA-256 over the relative path and content of every ``*.py`` file of a top-level package."""
    return package_fingerprint(package)


def _flint_marker() -> str:
    spec = importlib.util.find_spec("flint")
    if spec is None or not spec.origin:
        return "flint=absent"
    try:
        return f"flint={spec.origin}:{os.stat(spec.origin).st_mtime_ns}"
    except OSError:
        return f"flint={spec.origin}"


def index_key(key: str, module: str) -> str:
    """The cache key of the item index of paper ``key`` defined by ``module`` (see the module docstring)."""
    h = hashlib.sha256()
    for part in (
        f"item index format={FORMAT}",
        key,
        module,
        f"python={sys.version}",
        f"sympy={sp.__version__}",
        f"mpmath={mpmath.__version__}",
        _flint_marker(),
        engine_fingerprint(),
        _tree_fingerprint(module.split(".", 1)[0]),
    ):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


# ---------------------------------------------------------------------------
# Storage.


class IndexCache:
    """The paper index cache on disk: the paper index in ``papers.json``; each paper's item index in
    its own entry (``KEY.CONTENTKEY.json``; storing a paper's item index removes that paper's item
    indexes of other sources).  Entries are read and written through :class:`symbolic.cache.Store`."""

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else cache_root() / "index"
        self.store = Store(self.directory)

    # -- the paper index (key → module) -------------------------------------------------------
    def paper_index(self, scan: Callable[[], dict[str, str]]) -> dict[str, str]:
        """The paper index: the stored one if ``sys.path`` and its entries' modification times are
        those it was read under and every module name still stands in the installed entry points it
        was read from; else ``scan()`` (the entry-point scan), stored."""
        stamp = _path_stamp()
        data = self.store.read("papers.json")
        if isinstance(data, dict) and data.get("stamp") == stamp:
            index, sources = data.get("index"), data.get("sources")
            if (
                isinstance(index, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in index.items())
                and isinstance(sources, list)
                and all(isinstance(p, str) for p in sources)
                and _declared(index, sources)
            ):
                return dict(index)
        index = dict(scan())
        sources = _entry_point_files(index)
        if sources is not None:  # else not stored: every module name must be traceable to its distribution
            self.store.write("papers.json", {"stamp": stamp, "index": index, "sources": sources})
        return index

    # -- item indexes ---------------------------------------------------------------------------
    @staticmethod
    def _name(key: str, module: str) -> str:
        return f"{key}.{index_key(key, module)}.json"

    def _path(self, key: str, module: str) -> Path:
        return self.directory / self._name(key, module)

    def get(self, key: str, module: str) -> dict | None:
        """The stored item index of paper ``key``, or None (missing, unreadable or malformed)."""
        data = self.store.read(self._name(key, module))
        if not isinstance(data, dict) or data.get("paper") != key or data.get("module") != module:
            return None
        if not all(isinstance(data.get(k), list) for k in _KINDS) or not isinstance(data.get("defined_in"), dict):
            return None
        return {k: data[k] for k in (*_KINDS, "defined_in")}

    def put(self, key: str, module: str, items: dict) -> None:
        path = self._path(key, module)
        if self.store.write(path.name, {"paper": key, "module": module, **items}):
            try:
                for old in self.directory.glob(f"{key}.*.json"):  # the paper's item indexes of older sources
                    if old != path:
                        old.unlink(missing_ok=True)
            except OSError:
                pass

    # -- bound records (what the accountant reads to tell which theorems cannot apply) --------------------
    @staticmethod
    def _bounds_name(key: str, module: str) -> str:
        return f"bounds-{key}.{index_key(key, module)}.json"

    def get_bounds(self, key: str, module: str) -> list[dict] | None:
        """The stored records (``bound.describe()``) of paper ``key``'s bound declarations, or None."""
        data = self.store.read(self._bounds_name(key, module))
        if not isinstance(data, dict) or data.get("paper") != key or data.get("module") != module:
            return None
        found = data.get("bounds")
        if not isinstance(found, list) or not all(isinstance(r, dict) for r in found):
            return None
        return found

    def put_bounds(self, key: str, module: str, records: list[dict]) -> None:
        name = self._bounds_name(key, module)
        if self.store.write(name, {"paper": key, "module": module, "bounds": records}):
            try:
                for old in self.directory.glob(f"bounds-{key}.*.json"):  # records of older sources
                    if old.name != name:
                        old.unlink(missing_ok=True)
            except OSError:
                pass


def _entry_point_files(index: dict[str, str]) -> list[str] | None:
    """The ``entry_points.txt`` files, directly under a ``sys.path`` directory's ``*.dist-info`` or
    ``*.egg-info``, that declare every entry of ``index`` in the ``symbolic.papers`` group; None if
    some entry is declared by none of them (then the index is not stored)."""
    files: list[str] = []
    declared: dict[str, set[str]] = {}
    for entry in _path_entries():
        try:
            names = sorted(os.listdir(entry))
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                path = os.path.join(entry, name, "entry_points.txt")
                found = _papers_declared(path)
                if found:
                    files.append(path)
                    for k, v in found.items():
                        declared.setdefault(k, set()).add(v)
    if any(v not in declared.get(k, ()) for k, v in index.items()):
        return None
    return files


def _declared(index: dict[str, str], sources: list[str]) -> bool:
    """Whether every ``key → module`` of ``index`` stands in one of ``sources``, each an
    ``entry_points.txt`` of a distribution directly on the current ``sys.path``."""
    entries = set(_path_entries())
    declared: set[tuple[str, str]] = set()
    for source in sources:
        dist = os.path.dirname(source)
        if (
            os.path.basename(source) != "entry_points.txt"
            or not dist.endswith((".dist-info", ".egg-info"))
            or os.path.dirname(dist) not in entries
        ):
            return False
        declared.update(_papers_declared(source).items())
    return all((k, v) in declared for k, v in index.items())


def _path_entries() -> list[str]:
    return [os.path.abspath(entry or ".") for entry in sys.path]


def _papers_declared(path: str) -> dict[str, str]:
    """The ``symbolic.papers`` section of an ``entry_points.txt`` (INI: ``name = module``); empty if the
    file is missing, not a regular file, too large or unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return {}
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _ENTRY_POINTS_BYTES:
            return {}
        text = os.read(fd, _ENTRY_POINTS_BYTES).decode("utf-8")
    except (OSError, UnicodeError):
        return {}
    finally:
        os.close(fd)
    found, section = {}, None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == PAPERS_GROUP and "=" in line:
            name, _, value = line.partition("=")
            found[name.strip()] = value.strip()
    return found


def _path_stamp() -> list:
    """What the paper index read from the entry points depends on: the format, the interpreter and
    every ``sys.path`` entry with its modification time (None if it does not exist)."""
    stamp: list = [f"paper index format={FORMAT}", sys.executable, sys.version]
    for entry in sys.path:
        try:
            mtime = os.stat(entry or ".").st_mtime_ns
        except OSError:
            mtime = None
        stamp.append([os.path.abspath(entry or "."), mtime])  # "" and the cwd's path: the same directory
    return stamp
