"""Verdict cache for ``verify``: an unchanged claim is not re-proved.

A verdict is stored under a SHA-256 key of

* the claim's content: its class, id, kind, statement, expectation, budget, source, and every
  attribute of the claim object, serialised canonically — SymPy objects by ``srepr`` (with
  their assumptions), numbers/strings by ``repr``, containers recursively, and callables
  (the lambdas of numeric claims) by their qualified name, their source text
  (``inspect.getsource``) and the serialised values they close over;
* the source of every ``*.py`` file of the engine (:mod:`symbolic`) and of the whole top-level
  package of the claim's paper module (e.g. every file of ``derivations``) — a checker may import
  any of them, at module level or inside a function (``derivations/privacy/peers.py`` is imported
  only when a peer's value is needed), so all of them, whichever papers happen to be loaded: a key
  computed by ``verify`` equals the one computed by ``verify --paper X``;
* the Python version and the version of every installed distribution a claim may import: the
  package's requirements (with the ``peers`` and ``certify`` extras), and theirs, transitively
  (sympy, mpmath, python-flint, numpy, scipy, prv-accountant, dp-accounting, ...).

A claim whose content cannot be serialised (a callable without retrievable source, an
object of an unknown type) is **not cached**: it is re-proved every time.  Only PROVED,
CHECKED and REFUTED verdicts are stored; UNKNOWN (a timeout, a crashed checker) is always
re-run, so a verdict never freezes an accident of load.

The cache lives in the user's cache directory, ``$XDG_CACHE_HOME/hidden-state-proofs``
(default ``~/.cache/hidden-state-proofs``), never in the repository; one file per key.  Its
entries are treated as untrusted data (:class:`Store`): the directory must be the user's own and
not writable by others (else the cache is ignored, with one warning); only regular files of
bounded size are read (never a FIFO, a device or a symlink); every entry carries an HMAC-SHA256
under a per-user key kept in the cache directory with permissions 0600, bound to the entry's
name, so an edited, forged or moved entry is a miss, as is any entry that does not parse.
**Paper manifests.**  Keying a claim needs the claim, so the paper that builds it.  So that a
``verify`` whose every verdict is cached does not build the papers, each paper's claims are also
recorded in a *manifest*: the claims' IDs in the paper's order, what ``verify`` prints about each
(kind, expectation, source, budget, erratum) and each claim's verdict key.  A manifest is stored under
a key of the paper key, its module, the same source fingerprint (every ``*.py`` file of the engine and
of the paper's top-level package) and the same library versions as a verdict's key: everything a
claim's content is computed from (paper modules read no other file).  So an edit to any source file
or an upgraded library makes it a miss; on a miss (or a claim whose verdict is missing) the paper is
loaded and keyed claim by claim as before, and the manifest rewritten.

The cache is disabled when the environment variable :data:`DISABLE_ENV` is set to a non-empty
value other than ``0`` (the test suite and CI set it), and ``verify --no-cache`` ignores it.
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import importlib.util
import inspect
import json
import math
import os
import re
import secrets
import stat
import sys
import tempfile
import types
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

import sympy as sp

from .source import Source
from .verdict import Status, Verdict

if TYPE_CHECKING:
    from .claims import Claim
    from .obligations import Obligation
    from .runner import Result

#: Environment variable that disables the cache (tests and CI).
DISABLE_ENV = "HIDDEN_STATE_PROOFS_NO_CACHE"
#: Bumped when the key or the stored format changes.
FORMAT = 2
_CACHED_STATUSES = (Status.PROVED, Status.CHECKED, Status.REFUTED)
#: The distribution whose requirements (and theirs) a claim may import, with the extras claims use.
_DISTRIBUTION = "hidden-state-proofs"
_EXTRAS = ("peers", "certify")
#: Libraries claims import, kept in the key even where the distribution's metadata is not installed
#: (the package run from a checkout through PYTHONPATH).
_LIBRARIES = (
    "sympy",
    "mpmath",
    "python-flint",
    "numpy",
    "scipy",
    "prv-accountant",
    "dp-accounting",
    "autodp",
    "matplotlib",
)


class Unhashable(Exception):
    """The claim's content cannot be serialised; it is not cached."""


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/hidden-state-proofs`` (default ``~/.cache/hidden-state-proofs``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "hidden-state-proofs"


def cache_dir() -> Path:
    """The verdict cache's directory."""
    return cache_root() / "verdicts"


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
        pairs = sorted((_serialise(k, depth + 1, seen), _serialise(v, depth + 1, seen)) for k, v in value.items())
        return "dict{" + ",".join(f"{k}:{v}" for k, v in pairs) + "}"
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


def claim_content_of_value(value: object) -> str:
    """The canonical text of any value as it enters a key (raises :class:`Unhashable`)."""
    return _canonical_dummies(_serialise(value))


def claim_content(claim: Claim) -> str:
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

    def renumber(match: re.Match[str]) -> str:
        return f"dummy_index={order.setdefault(match.group(1), len(order))}"

    return re.sub(r"dummy_index=(-?\d+)", renumber, text)


# ---------------------------------------------------------------------------
# Source and environment fingerprints.


_TREES: dict[str, str] = {}


def package_fingerprint(package: str) -> str:
    """SHA-256 over the relative path and content of every ``*.py`` file of the top-level package
    ``package``, found on ``sys.path`` without importing it (memoised for the process)."""
    if package not in _TREES:
        spec = importlib.util.find_spec(package)
        roots = list(spec.submodule_search_locations or []) if spec else []
        if not roots and spec and spec.origin:
            roots = [os.path.dirname(spec.origin)]
        if not roots:
            raise Unhashable(f"package {package} has no source directory")
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


def engine_fingerprint() -> str:
    """SHA-256 of every ``*.py`` file of the engine (:mod:`symbolic`)."""
    return package_fingerprint(__name__.split(".", 1)[0])


_VERSIONS: str | None = None


def library_versions() -> str:
    """The Python version and ``name=version`` of every distribution a claim may import (see the
    module docstring; ``name=absent`` for one not installed)."""
    global _VERSIONS
    if _VERSIONS is None:
        _VERSIONS = _library_versions()
    return _VERSIONS


_REQUIREMENT_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EXTRA_MARKER = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _library_versions() -> str:
    import importlib.metadata  # here, not at import: `list` and `eval` never need it

    def requirements(name: str, extras: tuple[str, ...] = ()) -> list[str]:
        try:
            found = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            return []
        out = []
        for requirement in found:
            extra = _EXTRA_MARKER.search(requirement)
            if extra and extra.group(1) not in extras:  # an optional extra no claim imports
                continue
            match = _REQUIREMENT_NAME.match(requirement)
            if match:
                out.append(_normalise(match.group(1)))
        return out

    names = {_normalise(n) for n in _LIBRARIES} | set(requirements(_DISTRIBUTION, _EXTRAS))
    todo = sorted(names)
    while todo:  # the requirements' requirements, without their extras
        for dependency in requirements(todo.pop()):
            if dependency not in names:
                names.add(dependency)
                todo.append(dependency)
    versions = [f"python={sys.version}"]
    for name in sorted(names):
        try:
            versions.append(f"{name}={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name}=absent")
    return ";".join(versions)


def sources_fingerprint(module_name: str) -> str:
    """SHA-256 of the source a claim registered by ``module_name`` can run: the engine and the whole
    top-level package of ``module_name`` (raises :class:`Unhashable` if it has no source directory)."""
    top = module_name.split(":", 1)[0].split(".", 1)[0]
    return hashlib.sha256(
        "\x00".join(package_fingerprint(p) for p in sorted({engine_package(), top})).encode()
    ).hexdigest()


def engine_package() -> str:
    return __name__.split(".", 1)[0]


def claim_key(claim: Claim, module_name: str) -> str:
    """The cache key of ``claim`` registered by the paper module ``module_name`` (raises
    :class:`Unhashable`)."""
    h = hashlib.sha256()
    for part in (
        f"format={FORMAT}",
        sources_fingerprint(module_name),
        library_versions(),
        claim_content(claim),
    ):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


# ---------------------------------------------------------------------------
# Storage: entries are untrusted data.

#: Largest entry read (bytes): a verdict is a few kB; anything larger is not one of ours.
MAX_ENTRY_BYTES = 1 << 20
_KEY_FILE = "key"
_KEY_BYTES = 32
_WARNED: set[str] = set()


def _warn_once(directory: Path, reason: str) -> None:
    if str(directory) not in _WARNED:
        _WARNED.add(str(directory))
        print(
            f"warning: ignoring the cache at {directory}: {reason}; nothing is read from or written to it",
            file=sys.stderr,
        )


class Store:
    """JSON entries in one directory of the user's cache, validated and authenticated.

    The directory and the cache root above it are created with permissions 0700 if missing; either
    one not a real directory of this user, or writable by group or others, makes the store unusable
    (one warning per process; every read a miss, every write skipped).  Reads open only regular files
    (``O_NOFOLLOW | O_NONBLOCK``: a symlink, a FIFO or a device is refused before anything is read) of
    at most :data:`MAX_ENTRY_BYTES`; an entry is ``HMAC-SHA256(key, name NUL payload)`` in hex, a
    newline, and the JSON payload, so an entry edited or copied under another name is a miss.  Any
    parse failure (including a nesting deep enough to exhaust the recursion limit) is a miss.  Writes
    go to a temporary file in the same directory, renamed into place, and removed on any failure."""

    def __init__(self, directory: Path, root: Path | None = None):
        self.directory = Path(directory)
        self.root = Path(root) if root is not None else self.directory.parent
        self._key: bytes | None = None
        self._usable: bool | None = None

    # -- the directory and the key ----------------------------------------------------------------
    def usable(self) -> bool:
        if self._usable is None:
            reason = self._check()
            self._usable = reason is None
            if reason is not None:
                _warn_once(self.directory, reason)
        return self._usable

    def _check(self) -> str | None:
        for directory in (self.root, self.directory):
            try:
                directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            except OSError as exc:
                if not directory.is_dir():
                    return f"cannot create {directory} ({exc.strerror or exc})"
            reason = _unsafe_directory(directory)
            if reason:
                return reason
        try:
            self._key = _read_or_create_key(self.root)
        except (OSError, ValueError) as exc:
            return str(exc) if isinstance(exc, ValueError) else f"cannot read or create its key ({exc})"
        return None

    def _mac(self, name: str, payload: bytes) -> str:
        assert self._key is not None
        return hmac.new(
            self._key, name.encode("utf-8", "surrogatepass") + b"\x00" + payload, hashlib.sha256
        ).hexdigest()

    # -- entries ----------------------------------------------------------------------------------
    def read(self, relative: str) -> object:
        """The JSON value stored under ``relative`` (a path inside the directory), or None."""
        if not self.usable():
            return None
        path = self.directory / relative
        if path.parent != self.directory and _unsafe_directory(path.parent):  # a subdirectory: ours too
            return None
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid() or info.st_size > MAX_ENTRY_BYTES:
                return None
            raw = os.read(fd, MAX_ENTRY_BYTES + 1)
        except OSError:
            return None
        finally:
            os.close(fd)
        mac, sep, payload = raw.partition(b"\n")
        if not sep or len(raw) > MAX_ENTRY_BYTES:
            return None
        try:
            if not hmac.compare_digest(mac.decode("ascii"), self._mac(relative, payload)):
                return None
            return json.loads(payload.decode("utf-8"))
        except (ValueError, UnicodeError, RecursionError, MemoryError):
            return None

    def write(self, relative: str, value: object) -> bool:
        """Store ``value`` under ``relative``; False if it could not be (the cache is an optimisation:
        a read-only or full file system is never an error)."""
        if not self.usable():
            return False
        path = self.directory / relative
        tmp = None
        try:
            payload = json.dumps(value, ensure_ascii=False).encode("utf-8")
            if path.parent != self.directory:
                path.parent.mkdir(mode=0o700, exist_ok=True)
                if _unsafe_directory(path.parent):
                    return False
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                fh.write(self._mac(relative, payload).encode("ascii") + b"\n" + payload)
            os.replace(tmp, path)
            tmp = None
            return True
        except (OSError, ValueError, TypeError, RecursionError):
            return False
        finally:
            if tmp is not None:  # a failed write (a full disk): no temporary file is left behind
                try:
                    os.unlink(tmp)
                except OSError:
                    pass


def _unsafe_directory(directory: Path) -> str | None:
    """Why ``directory`` cannot hold cache entries (None if it can): it must be a directory itself
    (not a symlink), owned by this user, and not writable by group or others."""
    try:
        info = os.lstat(directory)
    except OSError as exc:
        return f"cannot inspect {directory} ({exc.strerror or exc})"
    if not stat.S_ISDIR(info.st_mode):
        return f"{directory} is not a directory (a symlink or another file)"
    if info.st_uid != os.geteuid():
        return f"{directory} is owned by uid {info.st_uid}, not by this user (uid {os.geteuid()})"
    if info.st_mode & 0o022:
        return f"{directory} is writable by others (mode {stat.filemode(info.st_mode)})"
    return None


def _read_or_create_key(root: Path) -> bytes:
    """The per-user HMAC key in ``root`` (created with permissions 0600 if missing)."""
    path = root / _KEY_FILE
    for _ in range(3):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            _create_key(path)
            continue
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise ValueError(f"its key {path} is a symlink") from None
            raise
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
                raise ValueError(f"its key {path} is not a regular file of this user")
            if info.st_mode & 0o077:
                raise ValueError(
                    f"its key {path} is readable or writable by others (mode {stat.filemode(info.st_mode)})"
                )
            key = os.read(fd, _KEY_BYTES + 1)
        finally:
            os.close(fd)
        if len(key) != _KEY_BYTES:
            raise ValueError(f"its key {path} is not {_KEY_BYTES} bytes")
        return key
    raise OSError(f"cannot create {path}")


def _create_key(path: Path) -> None:
    """Write a fresh key to a temporary file (0600) and link it into place: two processes starting at
    once agree on the one that lands first, and none reads a half-written key."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".key")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(secrets.token_bytes(_KEY_BYTES))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(tmp)


def _text(value, limit: int = 20_000) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise TypeError("not a string")
    return value


def _obligations(entries: object) -> list[Obligation]:
    """The proof obligations a cached verdict carried (``Obligation.as_dict`` rows), checked field by
    field: a cached PROVED shows the same obligations, and how each was discharged, as a fresh one."""
    from .obligations import Obligation

    if not isinstance(entries, list):
        raise TypeError("obligations")
    out = []
    for row in entries:
        if not isinstance(row, dict):
            raise TypeError("obligation")
        witness = row.get("witness")
        if witness is not None and not (
            isinstance(witness, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in witness.items())
        ):
            raise TypeError("witness")
        fields = (_text(row["kind"]), _text(row["condition"]), _text(row["status"]), _text(row["rule"]))
        out.append(Obligation(*fields, witness=witness))
    return out


def _seconds(value) -> float:
    value = float(value)
    if not math.isfinite(value) or value < 0:
        raise ValueError("not a duration")
    return value


class VerdictCache:
    """Verdicts on disk, one authenticated JSON entry per key under :func:`cache_dir` (:class:`Store`)."""

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else cache_dir()
        self.store = Store(self.directory)
        self.hits = 0
        self.misses = 0
        self.uncacheable: list[str] = []

    def key(self, claim: Claim, module_name: str) -> str | None:
        try:
            return claim_key(claim, module_name)
        except Unhashable:
            self.uncacheable.append(claim.id)
            return None

    @staticmethod
    def _relative(key: str) -> str:
        return f"{key[:2]}/{key}.json"

    def get(self, key: str | None) -> Verdict | None:
        if key is None:
            return None
        data = self.store.read(self._relative(key))
        try:
            if not isinstance(data, dict):
                raise TypeError("not an entry")
            details = data.get("details", {})
            if not isinstance(details, dict) or not all(isinstance(v, str) for v in details.values()):
                raise TypeError("details")
            counterexample = data.get("counterexample")
            if counterexample is not None and not (
                isinstance(counterexample, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in counterexample.items())
            ):  # what Verdict.as_dict writes: parameter name -> value (a string is no counterexample)
                raise TypeError("counterexample")
            verdict = Verdict(
                Status(data["status"]),
                _text(data["method"]),
                _text(data.get("evidence", "")),
                counterexample,
                {_text(k): v for k, v in details.items()},
                _seconds(data.get("seconds", 0)),
                _seconds(data.get("cpu_seconds", 0)),
            )
            verdict.obligations = _obligations(data.get("obligations", []))
            if verdict.status not in _CACHED_STATUSES:
                raise ValueError("never stored")
        except (ValueError, KeyError, TypeError, OverflowError):
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
        for row in data.get("obligations", []):  # a witness holds exact SymPy values: kept as their text
            if row.get("witness") is not None:
                row["witness"] = {str(k): str(v) for k, v in row["witness"].items()}
        self.store.write(self._relative(key), data)


class RecordedClaim:
    """A claim as a paper manifest records it: what ``verify`` prints about it.  It is never checked (its
    verdict comes from the cache); :attr:`paper`, :attr:`source` and the rest read as a claim's."""

    __slots__ = ("id", "kind", "expect", "budget", "erratum", "source")

    def __init__(self, id: str, kind: str, expect: str, budget: float, erratum: str | None, source: Source):
        self.id, self.kind, self.expect, self.budget, self.erratum, self.source = (
            id,
            kind,
            expect,
            budget,
            erratum,
            source,
        )

    @property
    def paper(self) -> str:
        return self.id.split("/", 1)[0]

    @classmethod
    def of(cls, claim: Claim) -> dict[str, object]:
        """The manifest record of ``claim`` (JSON-ready)."""
        src = claim.source
        return {
            "id": claim.id,
            "kind": claim.kind,
            "expect": claim.expect,
            "budget": float(claim.budget),
            "erratum": claim.erratum,
            "source": {
                "paper": src.paper,
                "label": src.label,
                "equations": list(src.equations),
                "form": src.form,
                "note": src.note,
            },
        }

    @classmethod
    def read(cls, record: dict) -> "RecordedClaim":
        src = record["source"]
        erratum = record.get("erratum")
        if not all(isinstance(record[k], str) for k in ("id", "kind", "expect")) or not (
            erratum is None or isinstance(erratum, str)
        ):
            raise TypeError("claim record")
        source = Source(
            _text(src["paper"]),
            _text(src["label"]),
            tuple(_text(e) for e in src["equations"]),
            src["form"],
            _text(src["note"]),
        )
        return cls(
            _text(record["id"]), _text(record["kind"]), record["expect"], _seconds(record["budget"]), erratum, source
        )


def manifest_key(paper: str, module_name: str) -> str:
    """The key of paper ``paper``'s manifest (raises :class:`Unhashable`; see the module docstring)."""
    h = hashlib.sha256()
    for part in (f"manifest format={FORMAT}", paper, module_name, sources_fingerprint(module_name), library_versions()):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


def cached_paper(cache: VerdictCache, paper: str, module_name: str | None) -> list[Result[RecordedClaim]] | None:
    """Results (:class:`symbolic.runner.Result`, claims as :class:`RecordedClaim`) of every claim of paper
    ``paper`` from its manifest and the cached verdicts, without loading the paper; None if the manifest or
    any verdict is missing (then nothing is counted as a hit)."""
    from .runner import Result

    if module_name is None:
        return None
    try:
        data = cache.store.read(f"manifests/{paper}.{manifest_key(paper, module_name)}.json")
    except Unhashable:
        return None
    try:
        if not isinstance(data, dict) or data.get("paper") != paper or data.get("module") != module_name:
            return None
        entries = [(RecordedClaim.read(r), r["key"]) for r in data["claims"]]
        if not all(isinstance(k, str) and c.paper == paper for c, k in entries):
            return None
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    hits, misses = cache.hits, cache.misses
    results: list[Result[RecordedClaim]] = []
    for claim, key in entries:
        verdict = cache.get(key)
        if verdict is None:
            cache.hits, cache.misses = hits, misses  # the paper is keyed claim by claim instead
            return None
        results.append(Result(claim, verdict))
    return results


def store_manifest(
    cache: VerdictCache, paper: str, module_name: str, claims: Sequence[Claim], keys: Sequence[str | None]
) -> None:
    """Record paper ``paper``'s claims (all of them, in its order) and their verdict keys."""
    if not claims or any(k is None for k in keys):
        return
    try:
        name = f"manifests/{paper}.{manifest_key(paper, module_name)}.json"
        records = [{**RecordedClaim.of(c), "key": k} for c, k in zip(claims, keys)]
    except (Unhashable, AttributeError, TypeError):
        return
    if cache.store.write(name, {"paper": paper, "module": module_name, "claims": records}):
        try:
            for old in (cache.directory / "manifests").glob(f"{paper}.*.json"):
                if old.name != Path(name).name:
                    old.unlink(missing_ok=True)
        except OSError:
            pass


def run_claims_cached(
    claims: Sequence[Claim],
    modules: Mapping[str, str],
    cache: VerdictCache | None,
    jobs: int | None = None,
    progress: Callable[[Result[Claim]], None] | None = None,
    keys_out: list[str | None] | None = None,
) -> tuple[list[Result[Claim]], set[int]]:
    """:func:`symbolic.runner.run_claims` with ``cache``: hits are returned without running, misses
    are run and stored (``keys_out``, if given, receives each claim's key).  ``modules`` maps a paper key to its module name (the paper index).
    Returns ``(results, cached)``: results in input order, and the set of indices served from
    the cache.  With ``cache=None`` every claim is run."""
    from .runner import Result, run_claims

    if cache is None:
        return run_claims(claims, jobs=jobs, progress=progress), set()
    keys = [cache.key(c, modules[c.paper]) if c.paper in modules else None for c in claims]
    if keys_out is not None:
        keys_out.extend(keys)
    results: dict[int, Result[Claim]] = {}
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
