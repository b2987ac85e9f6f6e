"""Catalog of a paper: what ``list`` shows about it, and which module defines each ID.

``list`` shows every formula's parameters, hypotheses, source and evaluation path, every
claim's kind, expectation, source and statement, and every declared bound; ``eval`` needs
only the module that defines one formula.  Both are answered from a paper's catalog:

* :func:`describe` builds it from the paper itself (imports every module of the paper);
* :class:`CatalogCache` keeps it on disk, in the user's cache directory next to the verdict
  cache (``$XDG_CACHE_HOME/hidden-state-proofs/catalog``), under a key that changes with the
  content it is built from: every ``*.py`` file of the engine (:mod:`symbolic`) and of the
  top-level package of the paper's module (e.g. every file of ``derivations``, so an edit in
  any paper or in the shared toolkit invalidates it), the paper key and module, the Python,
  SymPy and mpmath versions and the installed python-flint (its module file and mtime).

A stored catalog is only a record of :func:`describe`'s output for that content; a missing,
unreadable or malformed file is rebuilt.  The cache is disabled like the verdict cache
(:data:`symbolic.cache.DISABLE_ENV`, set by the test suite).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path

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
    """The catalog of ``paper``: records of its formulas, claims and bounds (``bound.describe()``),
    in the paper's order, and ``defined_in`` (ID → module, :attr:`symbolic.paper.Paper.defined_in`).
    Reading the paper's items imports all of its modules."""
    return {
        "formulas": [formula_record(f) for f in paper.formulas.values()],
        "claims": [claim_record(c) for c in paper.claims.values()],
        "bounds": [b.describe() for b in paper.bounds.values()],
        "defined_in": dict(paper.defined_in),
    }


# ---------------------------------------------------------------------------
# The key: content of the sources a catalog is built from.

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


def catalog_key(key: str, module: str) -> str:
    """The cache key of paper ``key`` defined by ``module`` (see the module docstring)."""
    h = hashlib.sha256()
    for part in (
        f"catalog format={FORMAT}",
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


class CatalogCache:
    """Catalogs on disk, one JSON file per paper (``KEY.CONTENTKEY.json``; storing a paper's catalog
    removes that paper's catalogs of other sources)."""

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else cache_dir().parent / "catalog"

    def _path(self, key: str, module: str) -> Path:
        return self.directory / f"{key}.{catalog_key(key, module)}.json"

    def get(self, key: str, module: str) -> dict | None:
        """The stored catalog of paper ``key``, or None (missing, unreadable or malformed)."""
        try:
            data = json.loads(self._path(key, module).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("paper") != key or data.get("module") != module:
            return None
        if not all(isinstance(data.get(k), list) for k in _KINDS) or not isinstance(data.get("defined_in"), dict):
            return None
        return {k: data[k] for k in (*_KINDS, "defined_in")}

    def put(self, key: str, module: str, catalog: dict) -> None:
        data = {"paper": key, "module": module, **catalog}
        path = self._path(key, module)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False)
            os.replace(tmp, path)
            for old in self.directory.glob(f"{key}.*.json"):  # the paper's catalogs of older sources
                if old != path:
                    old.unlink(missing_ok=True)
        except OSError:  # a read-only home: the cache is an optimisation, never an error
            pass
