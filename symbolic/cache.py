"""Verdict cache for ``verify``: an unchanged claim is not re-proved.

A verdict is stored under a SHA-256 key of

* the claim's content: its class, id, kind, statement, expectation, budget, source, and every
  attribute of the claim object, serialised canonically — SymPy objects by ``srepr`` (with
  their assumptions), numbers/strings by ``repr``, containers recursively, and callables
  (the lambdas of numeric claims) by their qualified name, their source text
  (``inspect.getsource``) and the serialised values they close over;
* the source of the engine (every ``*.py`` under :mod:`symbolic`);
* the source of every module of the claim's package that the claim can reach: the modules
  of the top-level package its paper module belongs to (e.g. ``derivations``) reachable
  from the paper's module through module-level names (``import x`` / ``from x import f``),
  transitively — so editing a helper the claim calls changes the key;
* the versions of Python, SymPy, mpmath, python-flint and NumPy.

A claim whose content cannot be serialised (a callable without retrievable source, an
object of an unknown type) is **not cached**: it is re-proved every time.  Only PROVED,
CHECKED and REFUTED verdicts are stored; UNKNOWN (a timeout, a crashed checker) is always
re-run, so a verdict never freezes an accident of load.

The cache lives in the user's cache directory, ``$XDG_CACHE_HOME/hidden-state-proofs``
(default ``~/.cache/hidden-state-proofs``), never in the repository; one JSON file per key.
It is disabled when the environment variable :data:`DISABLE_ENV` is set to a non-empty
value other than ``0`` (the test suite and CI set it), and ``verify --no-cache`` ignores it.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
import sys
import tempfile
import types
from pathlib import Path

import sympy as sp

from .verdict import Status, Verdict

#: Environment variable that disables the cache (tests and CI).
DISABLE_ENV = "HIDDEN_STATE_PROOFS_NO_CACHE"
#: Bumped when the key or the stored format changes.
FORMAT = 1
_CACHED_STATUSES = (Status.PROVED, Status.CHECKED, Status.REFUTED)
_LIBRARIES = ("sympy", "mpmath", "python-flint", "numpy")


class Unhashable(Exception):
    """The claim's content cannot be serialised; it is not cached."""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "hidden-state-proofs" / "verdicts"


def disabled_by_environment() -> bool:
    value = os.environ.get(DISABLE_ENV, "")
    return bool(value) and value != "0"


# ---------------------------------------------------------------------------
# Canonical serialisation of a claim's content.


def _serialise(value, depth: int = 0, seen: frozenset = frozenset()) -> str:
    if depth > 12:
        raise Unhashable("nesting too deep")
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return repr(value)
    if isinstance(value, sp.Basic):
        return "S:" + sp.srepr(value) + ":" + _assumptions(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_serialise(v, depth + 1, seen) for v in value]
        if isinstance(value, (set, frozenset)):
            items.sort()
        return f"{type(value).__name__}[" + ",".join(items) + "]"
    if isinstance(value, dict):
        items = sorted((_serialise(k, depth + 1, seen), _serialise(v, depth + 1, seen)) for k, v in value.items())
        return "dict{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if isinstance(value, types.ModuleType):
        return "module:" + value.__name__
    if isinstance(value, type):
        return f"type:{value.__module__}.{value.__qualname__}"
    if callable(value) and hasattr(value, "__code__"):
        return _callable(value, depth, seen)
    wrapped = getattr(value, "__wrapped__", None)
    if callable(value) and callable(wrapped):
        # functools.cache / lru_cache / wraps: the function it runs (the wrapper's own state is
        # bookkeeping; without this it would serialise as an empty object whatever it wraps)
        return f"wrapped:{type(value).__module__}.{type(value).__qualname__}:" + _serialise(wrapped, depth + 1, seen)
    if isinstance(value, (types.BuiltinFunctionType, types.MethodType)) or type(value).__module__ == "builtins":
        name = getattr(value, "__qualname__", None) or getattr(value, "__name__", None)
        if name is None:
            raise Unhashable(f"cannot serialise {type(value).__name__}")
        owner = getattr(value, "__self__", None)
        owner_part = "" if owner is None or isinstance(owner, types.ModuleType) else _serialise(owner, depth + 1, seen)
        return f"builtin:{getattr(value, '__module__', '')}.{name}{owner_part}"
    if id(value) in seen:
        return "cycle"
    if hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        # A plain object (a Source, a Hypothesis, a Formula, a mpmath number): its class and state.
        state = dict(getattr(value, "__dict__", {}))
        for slot in getattr(type(value), "__slots__", ()):
            if hasattr(value, slot):
                state[slot] = getattr(value, slot)
        if not state:
            text = repr(value)
            if " at 0x" in text:
                raise Unhashable(f"cannot serialise {type(value).__name__}")
            return f"{type(value).__module__}.{type(value).__qualname__}:{text}"
        inner = _serialise({k: v for k, v in state.items() if not k.startswith("__")}, depth + 1, seen | {id(value)})
        return f"{type(value).__module__}.{type(value).__qualname__}{inner}"
    text = repr(value)
    if " at 0x" in text:
        raise Unhashable(f"cannot serialise {type(value).__name__}")
    return f"{type(value).__module__}.{type(value).__qualname__}:{text}"


def _assumptions(expr: sp.Basic) -> str:
    """The assumptions of the expression's symbols (``srepr`` omits some of them)."""
    parts = []
    for s in sorted(expr.free_symbols, key=lambda s: s.name):
        parts.append(s.name + repr(sorted((k, v) for k, v in s.assumptions0.items())))
    return ";".join(parts)


def _callable(fn, depth: int, seen: frozenset) -> str:
    try:
        source = inspect.getsource(fn)
    except (OSError, TypeError) as exc:
        raise Unhashable(f"no source for {getattr(fn, '__qualname__', fn)!r}") from exc
    parts = [getattr(fn, "__module__", "") or "", fn.__qualname__, source]
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            content = cell.cell_contents
        except ValueError:  # an empty cell
            content = None
        parts.append(name + "=" + _serialise(content, depth + 1, seen | {id(fn)}))
    defaults = getattr(fn, "__defaults__", None)
    if defaults:
        parts.append(_serialise(defaults, depth + 1, seen | {id(fn)}))
    return "fn:" + "\x00".join(parts)


def claim_content_of_value(value) -> str:
    """The canonical text of any value as it enters a key (raises :class:`Unhashable`)."""
    return _canonical_dummies(_serialise(value))


def claim_content(claim) -> str:
    """The canonical text of a claim's content (raises :class:`Unhashable`)."""
    state = {k: v for k, v in vars(claim).items() if not k.startswith("__")}
    head = [
        type(claim).__module__ + "." + type(claim).__qualname__,
        claim.id,
        claim.kind,
        claim.statement,
        claim.expect,
    ]
    return _canonical_dummies(_serialise(head) + _serialise(state))


def _canonical_dummies(text: str) -> str:
    """Dummy symbols carry a process-dependent ``dummy_index`` (SymPy draws it at random, so it may be
    negative): number them by first appearance."""
    order: dict[str, int] = {}

    def renumber(match):
        return f"dummy_index={order.setdefault(match.group(1), len(order))}"

    return re.sub(r"dummy_index=(-?\d+)", renumber, text)


# ---------------------------------------------------------------------------
# Source and environment fingerprints.


def _hash_files(named_paths) -> str:
    """SHA-256 over (name, file content) pairs, names independent of where the tree lives."""
    h = hashlib.sha256()
    for name, path in sorted(set(named_paths)):
        h.update(name.encode())
        h.update(b"\x00")
        h.update(Path(path).read_bytes())
        h.update(b"\x01")
    return h.hexdigest()


_ENGINE: str | None = None


def engine_fingerprint() -> str:
    """SHA-256 of every ``*.py`` file of the engine (:mod:`symbolic`)."""
    global _ENGINE
    if _ENGINE is None:
        root = Path(__file__).resolve().parent
        _ENGINE = _hash_files((p.relative_to(root).as_posix(), p) for p in root.rglob("*.py"))
    return _ENGINE


_VERSIONS: str | None = None


def library_versions() -> str:
    global _VERSIONS
    if _VERSIONS is None:
        _VERSIONS = _library_versions()
    return _VERSIONS


def _library_versions() -> str:
    import importlib.metadata  # here, not at import: `list` and `eval` never need it

    versions = [f"python={sys.version}"]
    for name in _LIBRARIES:
        try:
            versions.append(f"{name}={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name}=absent")
    return ";".join(versions)


_MODULE_HASH: dict[str, str] = {}


def _reachable_modules(root_name: str) -> list[types.ModuleType]:
    """Modules of ``root_name``'s top-level package reachable from it through module-level names."""
    top = root_name.split(".", 1)[0] + "."
    todo, found = [root_name], {}
    while todo:
        name = todo.pop()
        if name in found:
            continue
        module = sys.modules.get(name)
        if module is None:
            continue
        found[name] = module
        parent = name.rsplit(".", 1)[0]
        if parent.startswith(top) or parent + "." == top:
            todo.append(parent)
        for value in list(vars(module).values()):
            if isinstance(value, types.ModuleType):
                ref = value.__name__
            else:
                ref = getattr(value, "__module__", None)
                if not isinstance(ref, str):
                    ref = getattr(type(value), "__module__", None)
            if isinstance(ref, str) and (ref.startswith(top) or ref + "." == top) and ref not in found:
                todo.append(ref)
    return list(found.values())


def module_fingerprint(module_name: str) -> str:
    """SHA-256 of the source files of the modules reachable from ``module_name`` (see the
    module docstring); raises :class:`Unhashable` if one has no source file."""
    module_name = module_name.split(":", 1)[0]
    if module_name not in sys.modules:
        raise Unhashable(f"module {module_name} is not imported")
    if module_name not in _MODULE_HASH:
        files = []
        for module in _reachable_modules(module_name):
            path = getattr(module, "__file__", None)
            if not path or not path.endswith(".py"):
                raise Unhashable(f"module {module.__name__} has no source file")
            files.append((module.__name__, path))
        _MODULE_HASH[module_name] = _hash_files(files)
    return _MODULE_HASH[module_name]


def claim_key(claim, module_name: str) -> str:
    """The cache key of ``claim`` registered by the paper module ``module_name`` (raises
    :class:`Unhashable`)."""
    h = hashlib.sha256()
    for part in (
        f"format={FORMAT}",
        engine_fingerprint(),
        module_fingerprint(module_name),
        library_versions(),
        claim_content(claim),
    ):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


# ---------------------------------------------------------------------------
# Storage.


class VerdictCache:
    """Verdicts on disk, one JSON file per key under :func:`cache_dir`."""

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else cache_dir()
        self.hits = 0
        self.misses = 0
        self.uncacheable: list[str] = []

    def key(self, claim, module_name: str) -> str | None:
        try:
            return claim_key(claim, module_name)
        except Unhashable:
            self.uncacheable.append(claim.id)
            return None

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str | None) -> Verdict | None:
        if key is None:
            return None
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            verdict = Verdict(
                Status(data["status"]),
                data["method"],
                data.get("evidence", ""),
                data.get("counterexample"),
                data.get("details", {}),
                float(data.get("seconds", 0)),
                float(data.get("cpu_seconds", 0)),
            )
        except (OSError, ValueError, KeyError, TypeError):
            self.misses += 1
            return None
        self.hits += 1
        return verdict

    def put(self, key: str | None, claim_id: str, verdict: Verdict) -> None:
        if key is None or verdict.status not in _CACHED_STATUSES:
            return
        data = {"claim": claim_id, **verdict.as_dict()}
        if verdict.details:  # as_dict stringifies details already
            data["details"] = {k: str(v) for k, v in verdict.details.items()}
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError:  # a read-only home: the cache is an optimisation, never an error
            pass


def run_claims_cached(claims, modules, cache: VerdictCache | None, jobs: int | None = None, progress=None):
    """:func:`symbolic.runner.run_claims` with ``cache``: hits are returned without running, misses
    are run and stored.  ``modules`` maps a paper key to its module name (the paper index).
    Returns ``(results, cached)``: results in input order, and the set of indices served from
    the cache.  With ``cache=None`` every claim is run."""
    from .runner import Result, run_claims

    if cache is None:
        return run_claims(claims, jobs=jobs, progress=progress), set()
    keys = [cache.key(c, modules[c.paper]) if c.paper in modules else None for c in claims]
    results: dict[int, Result] = {}
    for i, (claim, key) in enumerate(zip(claims, keys)):
        verdict = cache.get(key)
        if verdict is not None:
            results[i] = Result(claim, verdict)
            if progress:
                progress(results[i])
    cached = set(results)
    todo = [i for i in range(len(claims)) if i not in results]
    for i, result in zip(todo, run_claims([claims[i] for i in todo], jobs=jobs, progress=progress)):
        results[i] = result
        cache.put(keys[i], claims[i].id, result.verdict)
    return [results[i] for i in range(len(claims))], cached
