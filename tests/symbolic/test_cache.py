"""The verdict cache (symbolic.cache): keys follow the claim's content, misses re-run, UNKNOWN is never
stored, and the environment switch disables it."""

import sympy as sp

from symbolic import cache as vc
from symbolic.claims import Identity
from symbolic.source import Source
from symbolic.verdict import Status, Verdict

x = sp.Symbol("x", positive=True)
SRC = Source("fake", "Lemma 1", (), "derived")
MODULES = {"fake": __name__}


def identity(rhs, statement="(x + 1)² expanded"):
    return Identity("fake/square", lhs=(x + 1) ** 2, rhs=rhs, statement=statement, source=SRC)


def test_key_follows_content():
    a, b = identity(x**2 + 2 * x + 1), identity(x**2 + 2 * x + 1)
    assert vc.claim_key(a, __name__) == vc.claim_key(b, __name__)
    assert vc.claim_key(a, __name__) != vc.claim_key(identity(x**2 + 2 * x + 2), __name__)
    assert vc.claim_key(a, __name__) != vc.claim_key(identity(x**2 + 2 * x + 1, "other words"), __name__)
    # assumptions are part of the content
    y = sp.Symbol("x")
    c = Identity("fake/square", lhs=(y + 1) ** 2, rhs=y**2 + 2 * y + 1, statement="(x + 1)² expanded", source=SRC)
    assert vc.claim_key(c, __name__) != vc.claim_key(a, __name__)


def test_callables_keyed_on_source_and_closure():
    def make(k):
        return lambda v: v * k

    assert vc.claim_content_of_value(make(2)) != vc.claim_content_of_value(make(3))
    assert vc.claim_content_of_value(make(2)) == vc.claim_content_of_value(make(2))


def test_cached_functions_are_keyed_on_the_function_they_wrap():
    # a claim may build its expression on first use through functools.cache: the wrapped function's
    # source and closure are its content, not the cache wrapper's (empty) state
    import functools

    def make(k):
        return functools.cache(lambda: x**k)

    assert vc.claim_content_of_value(make(2)) != vc.claim_content_of_value(make(3))
    assert vc.claim_content_of_value(make(2)) == vc.claim_content_of_value(make(2))
    assert "x**k" in vc.claim_content_of_value(make(2))


def test_dummies_are_numbered_by_first_appearance_whatever_their_index():
    # SymPy's dummy_index is drawn per process and may be negative: two processes building the same
    # claim must get the same key
    a, b = sp.Dummy("xi", dummy_index=-5420845280402394245), sp.Dummy("xi", dummy_index=17)
    assert vc.claim_content_of_value(sp.Subs(a + 1, a, 2)) == vc.claim_content_of_value(sp.Subs(b + 1, b, 2))
    c = sp.Dummy("xi", dummy_index=-3)
    assert vc.claim_content_of_value((a, c)) == vc.claim_content_of_value((b, sp.Dummy("xi", dummy_index=4)))
    assert vc.claim_content_of_value((a, a)) != vc.claim_content_of_value((a, c))


def test_store_and_skip_unknown(tmp_path):
    store = vc.VerdictCache(tmp_path)
    store.put("ab" * 32, "fake/a", Verdict(Status.PROVED, "identity: simplify", "0"))
    store.put("cd" * 32, "fake/b", Verdict(Status.UNKNOWN, "timeout"))
    got = store.get("ab" * 32)
    assert got.status is Status.PROVED and got.method == "identity: simplify"
    assert store.get("cd" * 32) is None
    assert not any(tmp_path.rglob(("cd" * 32) + ".json"))
    assert not any(tmp_path.rglob("*.tmp"))


def test_run_claims_cached_second_run_hits(tmp_path):
    store = vc.VerdictCache(tmp_path)
    claims = [identity(x**2 + 2 * x + 1), identity(x**2 + 2 * x + 2)]
    first, cached = vc.run_claims_cached(claims, MODULES, store, jobs=1)
    assert cached == set()
    assert [r.verdict.status for r in first] == [Status.PROVED, Status.REFUTED]
    second, cached = vc.run_claims_cached(claims, MODULES, vc.VerdictCache(tmp_path), jobs=1)
    assert cached == {0, 1}
    assert [r.verdict.status for r in second] == [Status.PROVED, Status.REFUTED]
    third, cached = vc.run_claims_cached(claims, MODULES, None, jobs=1)
    assert cached == set()


def test_environment_switch(monkeypatch):
    monkeypatch.setenv(vc.DISABLE_ENV, "1")
    assert vc.disabled_by_environment()
    monkeypatch.setenv(vc.DISABLE_ENV, "0")
    assert not vc.disabled_by_environment()
    monkeypatch.setenv("XDG_CACHE_HOME", "/tmp/somewhere")
    assert str(vc.cache_dir()).startswith("/tmp/somewhere/hidden-state-proofs")


# ---------------------------------------------------------------------------
# What a key depends on.


def test_the_key_does_not_depend_on_which_papers_are_loaded():
    """`verify` (every paper loaded) and `verify --paper X` (one) compute the same keys: the key hashes
    the whole engine and the whole `derivations` tree, not the modules reachable from what is loaded."""
    import subprocess
    import sys

    script = (
        "import sys; from symbolic import registry; from symbolic import cache as vc; reg = registry(); "
        "c = reg.claim('kong-ribero/lem-a.3c'); one = vc.claim_key(c, 'derivations.kong_ribero'); "
        "d = lambda: sum(m.startswith('derivations') for m in sys.modules); n = d(); reg.papers; assert d() > n; "
        "vc._TREES.clear(); "
        "print(one == vc.claim_key(c, 'derivations.kong_ribero'))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "True", out.stderr


def test_the_key_names_every_library_a_claim_may_import():
    versions = vc.library_versions()
    for name in ("sympy", "mpmath", "python-flint", "numpy", "scipy", "prv-accountant", "dp-accounting"):
        assert f";{name}=" in versions, name


LAZY_CLAIM = """
from symbolic import Identity, Paper, Source
import sympy as sp

paper = Paper("lazykey", "A paper whose claim imports a helper only when checked")
x = sp.Symbol("x", positive=True)


class Lazy(Identity):
    def check(self, deadline=None):
        from .helper import FACTOR  # imported inside the checker, never at module level

        self.rhs = FACTOR * (x + 1)
        return super().check(deadline)


paper.add(Lazy("lazykey/double", lhs=2 * x + 2, rhs=2 * (x + 1), statement="2x + 2 = 2(x + 1)", source=Source("lazykey", "Lemma 1", (), "derived")))
"""


def test_editing_a_lazily_imported_module_re_proves_the_verdict(tmp_path):
    """The audit's stale verdict: a helper imported inside a checker was not part of the key, so an edit
    that changes the verdict left the old one in the cache.  Here the helper's edit turns PROVED into
    REFUTED and the second run re-proves it."""
    import subprocess
    import sys

    pkg = tmp_path / "src" / "lazykey"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(LAZY_CLAIM)
    (pkg / "helper.py").write_text("FACTOR = 2\n")
    script = (
        "import json, sys; from symbolic.cache import VerdictCache, run_claims_cached; import lazykey; "
        "c = lazykey.paper.claims['lazykey/double']; "
        f"res, cached = run_claims_cached([c], {{'lazykey': 'lazykey'}}, VerdictCache({str(tmp_path / 'cache')!r}), jobs=1); "
        "print(json.dumps([res[0].verdict.status.value, bool(cached)]))"
    )
    env = {
        **__import__("os").environ,
        "PYTHONPATH": str(tmp_path / "src") + ":" + str(__import__("pathlib").Path(vc.__file__).parents[1]),
    }

    def run():
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    import json

    assert run() == ["proved", False]
    assert run() == ["proved", True]  # reused
    (pkg / "helper.py").write_text("FACTOR = 3\n")  # the lazily imported module changes the verdict
    assert run() == ["refuted", False]


# ---------------------------------------------------------------------------
# Entries are untrusted data.

KEY = "ef" * 32


def _stored(tmp_path):
    store = vc.VerdictCache(tmp_path / "verdicts")
    store.put(KEY, "fake/a", Verdict(Status.CHECKED, "sample points", "12 points"))
    path = tmp_path / "verdicts" / KEY[:2] / f"{KEY}.json"
    assert path.is_file() and vc.VerdictCache(tmp_path / "verdicts").get(KEY).status is Status.CHECKED
    return path


def test_an_edited_verdict_is_a_miss(tmp_path):
    path = _stored(tmp_path)
    mac, payload = path.read_bytes().split(b"\n", 1)
    forged = payload.replace(b'"checked"', b'"proved"').replace(b"sample points", b"symbolic proof for all parameters")
    path.write_bytes(mac + b"\n" + forged)
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None
    path.write_bytes(forged)  # plain JSON, the old format
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None


def test_an_entry_moved_to_another_key_is_a_miss(tmp_path):
    path = _stored(tmp_path)
    other = "ab" * 32
    (tmp_path / "verdicts" / other[:2]).mkdir(mode=0o700)
    path.rename(tmp_path / "verdicts" / other[:2] / f"{other}.json")
    assert vc.VerdictCache(tmp_path / "verdicts").get(other) is None


def test_a_fifo_entry_is_a_miss_without_blocking(tmp_path):
    import os

    path = _stored(tmp_path)
    path.unlink()
    os.mkfifo(path)
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None  # a read would block forever


def test_a_symlink_entry_is_a_miss(tmp_path):
    path = _stored(tmp_path)
    path.unlink()
    path.symlink_to("/dev/zero")  # a read would never end
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    path.unlink()
    path.symlink_to(outside)
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None


def test_an_oversized_entry_is_a_miss(tmp_path):
    path = _stored(tmp_path)
    path.write_bytes(b"0" * (vc.MAX_ENTRY_BYTES + 10))
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None


def test_a_deeply_nested_entry_is_a_miss(tmp_path):
    """Signed with the user's own key, so it passes authentication: the parse itself must not escape
    (json.loads raises RecursionError on this)."""
    _stored(tmp_path)
    store = vc.Store(tmp_path / "verdicts")
    relative = f"{KEY[:2]}/{KEY}.json"
    payload = b"[" * 200_000 + b"]" * 200_000
    path = tmp_path / "verdicts" / relative
    path.write_bytes(store._mac(relative, payload).encode() + b"\n" + payload) if store.usable() else None
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None
    # and well-formed JSON of the wrong shape
    assert store.write(relative, {"status": "proved", "method": ["not", "text"]})
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None
    assert store.write(relative, {"status": "unknown", "method": "timeout"})  # never stored: never served
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None


def test_a_directory_writable_by_others_is_ignored_with_one_warning(tmp_path, capsys):
    import os

    _stored(tmp_path)
    os.chmod(tmp_path / "verdicts", 0o777)
    vc._WARNED.clear()
    for _ in range(2):
        store = vc.VerdictCache(tmp_path / "verdicts")
        assert store.get(KEY) is None
        store.put(KEY, "fake/a", Verdict(Status.PROVED, "x"))
    err = capsys.readouterr().err
    assert err.count("warning: ignoring the cache") == 1 and "writable by others" in err
    os.chmod(tmp_path / "verdicts", 0o700)
    vc._WARNED.clear()
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY).method == "sample points"  # the put was not made


def test_a_key_readable_by_others_disables_the_cache(tmp_path, capsys):
    import os

    _stored(tmp_path)
    os.chmod(tmp_path / "key", 0o644)
    vc._WARNED.clear()
    assert vc.VerdictCache(tmp_path / "verdicts").get(KEY) is None
    assert "key" in capsys.readouterr().err


def test_the_key_and_directories_are_private(tmp_path):
    import os
    import stat

    _stored(tmp_path)
    assert stat.S_IMODE(os.stat(tmp_path / "key").st_mode) == 0o600
    for d in (tmp_path / "verdicts", tmp_path / "verdicts" / KEY[:2]):
        assert stat.S_IMODE(os.stat(d).st_mode) & 0o077 == 0


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    """A full disk: the write fails after mkstemp created its file; nothing is left behind."""
    import os

    _stored(tmp_path)
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(vc.os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    store = vc.VerdictCache(tmp_path / "verdicts")
    store.put("12" * 32, "fake/b", Verdict(Status.PROVED, "x"))
    assert not list(tmp_path.rglob("*.tmp")) and not list(tmp_path.rglob("tmp*"))


def test_a_cached_verdict_keeps_its_proof_obligations(tmp_path):
    """A verdict served from the cache shows the same obligations (and how each was settled) as the
    fresh one: PROVED means every obligation discharged, and a reader of ``verify --json`` or ``show``
    must see them whether or not the verdict was re-proved."""
    y = sp.Symbol("y", real=True)
    claim = Identity(
        "fake/quotient", lhs=(y**2 - 1) / (y - 1), rhs=y + 1, statement="(y² − 1)/(y − 1) = y + 1", source=SRC
    )
    first, _ = vc.run_claims_cached([claim], MODULES, vc.VerdictCache(tmp_path), jobs=1)
    fresh = first[0].verdict
    assert fresh.obligations, "the quotient's denominator is an obligation"
    second, cached = vc.run_claims_cached([claim], MODULES, vc.VerdictCache(tmp_path), jobs=1)
    assert cached == {0}
    again = second[0].verdict
    assert again.status is fresh.status
    assert [o.as_dict() for o in again.obligations] == [
        {**o.as_dict(), **({"witness": {str(k): str(v) for k, v in o.witness.items()}} if o.witness else {})}
        for o in fresh.obligations
    ]


# ---------------------------------------------------------------------------
# Paper manifests: a verify whose verdicts are all cached does not build the paper.

MANIFEST_PAPER = {
    "__init__.py": "from ._paper import paper\npaper.declare_modules(__name__, ('claims',))\n",
    "_paper.py": "from symbolic import Paper\npaper = Paper('mpaper', 'A paper split into modules')\n",
    "claims.py": LAZY_CLAIM.replace(
        'paper = Paper("lazykey", "A paper whose claim imports a helper only when checked")',
        "from ._paper import paper",
    ).replace("lazykey", "mpaper"),
    "helper.py": "FACTOR = 2\n",
}

_VERIFY_CACHED = """
import argparse, json, sys
from symbolic.cache import VerdictCache
from symbolic.cli.verify import _run_cached
from symbolic.registry import Registry
reg = Registry(index={{'mpaper': 'mpaper'}})
cache = VerdictCache({cache!r})
results, cached = _run_cached(argparse.Namespace(paper=None, jobs=1), reg, cache, None, modules={{'mpaper': 'mpaper'}})
print(json.dumps([[r.claim.id for r in results], [r.verdict.status.value for r in results], len(cached),
                  'mpaper.claims' in sys.modules, [r.claim.source.cite() for r in results]]))
"""


def test_a_cached_verify_reads_the_manifest_and_an_edit_to_a_paper_module_invalidates_it(tmp_path):
    import json
    import os
    import pathlib
    import subprocess
    import sys

    pkg = tmp_path / "src" / "mpaper"
    pkg.mkdir(parents=True)
    for name, text in MANIFEST_PAPER.items():
        (pkg / name).write_text(text)
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "src") + ":" + str(pathlib.Path(vc.__file__).parents[1])}
    script = _VERIFY_CACHED.format(cache=str(tmp_path / "cache"))

    def run():
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    ids, statuses, cached, loaded, cites = run()
    assert (ids, statuses, cached, loaded) == (["mpaper/double"], ["proved"], 0, True)
    assert run() == [ids, ["proved"], 1, False, cites]  # from the manifest: the paper's module is not imported
    (pkg / "helper.py").write_text("FACTOR = 3\n")  # an edit to a module of the paper (the claim's text unchanged)
    assert run()[1:4] == [["refuted"], 0, True]  # the manifest and the verdict are misses: loaded, re-proved
    assert run()[1:4] == [["refuted"], 1, False]
    (pkg / "claims.py").write_text(MANIFEST_PAPER["claims.py"].replace("2x + 2 = 2(x + 1)", "2x + 2 = 2(x+1)"))
    assert run()[1:4] == [["refuted"], 0, True]  # a paper module's own edit too
