"""Paper index cache: what the registry knows about the installed papers without importing them.

Two indexes are kept on disk, in the user's cache directory next to the verdict cache
(``$XDG_CACHE_HOME/hidden-state-proofs/index``):

* the **paper index** (paper key → module, :func:`symbolic.registry.paper_index`), read from
  the installed distributions' ``symbolic.papers`` entry points.  It is stored with the
  modification time of every ``sys.path`` entry it was read under, and reused only while
  ``sys.path`` and those times are unchanged -- the test importlib.metadata itself uses to
  reuse a directory listing (installing or removing a distribution rewrites its directory);
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
state; a missing, unreadable or malformed file is rebuilt.  The cache is disabled like the
verdict cache (:data:`symbolic.cache.DISABLE_ENV`, set by the test suite).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

import mpmath
import sympy as sp

from .cache import cache_dir, engine_fingerprint

#: Bumped when the stored format or the records change.
FORMAT = 1
_KINDS = ("formulas", "claims", "bounds")


def formula_record(f) -> dict:
    """What ``list`` shows about a formula (JSON-ready)."""
    return {
        "id": f.id,
        "title": f.title,
        "source": f.source.cite(),
        "parameters": [{"name": p.name, "description": p.description} for p in f.params],
        "hypotheses": [p.choice_text for p in f.params if p.is_choice] + [h.text for h in f.all_hypotheses()],
        "evaluation": f.evaluation_path,
    }


def claim_record(c) -> dict:
    """What ``list --claims`` shows about a claim (JSON-ready; the claim is not run)."""
    return {"id": c.id, "kind": c.kind, "expect": c.expect, "source": c.source.cite(), "statement": c.statement}


def describe(paper) -> dict:
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

_TREES: dict[str, str] = {}


def _tree_fingerprint(package: str) -> str:
    """SHA-256 over the relative path and content of every ``*.py`` file of a top-level package."""
    if package not in _TREES:
        spec = importlib.util.find_spec(package)
        roots = list(spec.submodule_search_locations or []) if spec else []
        if not roots and spec and spec.origin:
            roots = [os.path.dirname(spec.origin)]
        h = hashlib.sha256()
        for root in sorted(roots):
            base = Path(root)
            for path in sorted(base.rglob("*.py")):
                h.update(path.relative_to(base).as_posix().encode())
                h.update(b"\x00")
                h.update(path.read_bytes())
                h.update(b"\x01")
        _TREES[package] = h.hexdigest()
    return _TREES[package]


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
    its own JSON file (``KEY.CONTENTKEY.json``; storing a paper's item index removes that paper's
    item indexes of other sources)."""

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else cache_dir().parent / "index"

    # -- the paper index (key → module) -------------------------------------------------------
    def paper_index(self, scan: Callable[[], dict[str, str]]) -> dict[str, str]:
        """The paper index: the stored one if ``sys.path`` and its entries' modification times are
        those it was read under, else ``scan()`` (the entry-point scan), stored."""
        stamp = _path_stamp()
        path = self.directory / "papers.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        if isinstance(data, dict) and data.get("stamp") == stamp:
            index = data.get("index")
            if isinstance(index, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in index.items()):
                return dict(index)
        index = dict(scan())
        self._write(path, {"stamp": stamp, "index": index})
        return index

    # -- item indexes ---------------------------------------------------------------------------
    def _path(self, key: str, module: str) -> Path:
        return self.directory / f"{key}.{index_key(key, module)}.json"

    def get(self, key: str, module: str) -> dict | None:
        """The stored item index of paper ``key``, or None (missing, unreadable or malformed)."""
        try:
            data = json.loads(self._path(key, module).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("paper") != key or data.get("module") != module:
            return None
        if not all(isinstance(data.get(k), list) for k in _KINDS) or not isinstance(data.get("defined_in"), dict):
            return None
        return {k: data[k] for k in (*_KINDS, "defined_in")}

    def put(self, key: str, module: str, items: dict) -> None:
        path = self._path(key, module)
        if self._write(path, {"paper": key, "module": module, **items}):
            try:
                for old in self.directory.glob(f"{key}.*.json"):  # the paper's item indexes of older sources
                    if old != path:
                        old.unlink(missing_ok=True)
            except OSError:
                pass

    def _write(self, path: Path, data: dict) -> bool:
        """Write ``data`` atomically; False if it could not be (a read-only home: the cache is an
        optimisation, never an error)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError:
            return False
        return True


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
