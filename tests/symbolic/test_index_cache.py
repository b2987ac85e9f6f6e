"""Papers loaded on demand (Paper.declare_modules) and the paper index cache behind `list` and `eval`.

A throw-away paper package is written to a temporary directory: ``lazydemo`` declares two
modules, ``a`` (formula ``x``) and ``b`` (imports ``a``; formula ``y`` and a claim on it).
"""

import importlib
import json
import os
import subprocess
import sys
import textwrap

import pytest

import mpmath

from symbolic import Formula, Registry, UnknownIdError
from symbolic import cache as vc
from symbolic.index_cache import IndexCache, describe, index_key

INIT = """
from symbolic import Paper

paper = Paper("lazydemo", "A paper loaded on demand")
paper.declare_modules(__name__, ("a", "b"))
"""
MODULE_A = """
from symbolic import Formula, Source
from symbolic.params import positive

from . import paper

u = positive("u", "a parameter")
x = paper.add(Formula("lazydemo/x", u.symbol**2, [u], Source("lazydemo", "x"), numeric=u.symbol * u.symbol))
"""
MODULE_B = """
from symbolic import Formula, Identity, Source

from . import paper
from .a import u, x

y = paper.add(Formula("lazydemo/y", 2 * x.expr, [u], Source("lazydemo", "y"), title="twice x"))
paper.add(Identity("lazydemo/y-is-2x", lhs=y.expr, rhs=2 * u.symbol**2, statement="y = 2u²", source=Source("lazydemo", "y"), covers=[y.id]))
"""


@pytest.fixture
def lazydemo(tmp_path, monkeypatch):
    """The package directory; ``lazydemo`` is importable and forgotten afterwards."""
    root = tmp_path / "src"
    pkg = root / "lazydemo"
    pkg.mkdir(parents=True)
    for name, text in (("__init__", INIT), ("a", MODULE_A), ("b", MODULE_B)):
        (pkg / f"{name}.py").write_text(textwrap.dedent(text))
    monkeypatch.syspath_prepend(str(root))
    importlib.invalidate_caches()
    yield pkg
    for name in [m for m in sys.modules if m == "lazydemo" or m.startswith("lazydemo.")]:
        del sys.modules[name]


def _loaded():
    return sorted(m.split(".", 1)[1] for m in sys.modules if m.startswith("lazydemo."))


def test_declared_modules_are_imported_on_demand(lazydemo):
    paper = importlib.import_module("lazydemo").paper
    assert _loaded() == [] and not paper.complete
    x = paper.find("lazydemo/x", {"lazydemo/x": "lazydemo.a"})
    assert isinstance(x, Formula) and _loaded() == ["a"]  # b is not needed for x
    assert paper.defined_in["lazydemo/x"] == "lazydemo.a"
    assert paper.defined_in["lazydemo/x/numeric-form"] == "lazydemo.a"
    assert list(paper.formulas) == ["lazydemo/x", "lazydemo/y"] and _loaded() == ["a", "b"]
    assert paper.complete and paper.defined_in["lazydemo/y-is-2x"] == "lazydemo.b"
    assert paper.find("lazydemo/nope") is None


def test_the_numeric_form_identity_is_built_when_claims_are_read(lazydemo):
    from symbolic import Identity

    paper = importlib.import_module("lazydemo").paper
    paper.find("lazydemo/x", {"lazydemo/x": "lazydemo.a"})
    claim = paper.find("lazydemo/x/numeric-form", {"lazydemo/x/numeric-form": "lazydemo.a"})
    assert isinstance(claim, Identity) and tuple(claim.covers) == ("lazydemo/x",) and claim.expect == "proved"
    assert claim.statement == "the evaluator's stable form of lazydemo/x equals the verified expression"
    assert paper.claims["lazydemo/x/numeric-form"] is claim  # built once
    assert all(isinstance(c, Identity) for c in paper.claims.values())


def test_find_without_a_map_loads_the_whole_paper(lazydemo):
    paper = importlib.import_module("lazydemo").paper
    assert paper.find("lazydemo/y-is-2x").kind == "identity"
    assert _loaded() == ["a", "b"]


def test_the_order_does_not_depend_on_what_was_loaded_first(lazydemo):
    paper = importlib.import_module("lazydemo").paper
    importlib.import_module("lazydemo.b")  # b first (it imports a)
    late = (list(paper.formulas), list(paper.claims))
    for name in ("lazydemo", "lazydemo.a", "lazydemo.b"):
        del sys.modules[name]
    fresh = importlib.import_module("lazydemo").paper.load()
    assert (list(fresh.formulas), list(fresh.claims)) == late
    assert late[1] == ["lazydemo/x/numeric-form", "lazydemo/y-is-2x"]


def test_the_item_index_serves_list_and_eval_without_importing(lazydemo, tmp_path):
    cache = IndexCache(tmp_path / "index")
    first = Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache)
    built = first.item_index("lazydemo")  # a miss: built from the whole paper, then stored
    assert [r["id"] for r in built["formulas"]] == ["lazydemo/x", "lazydemo/y"]
    assert [r["id"] for r in built["claims"]] == ["lazydemo/x/numeric-form", "lazydemo/y-is-2x"]
    assert built["formulas"][1]["title"] == "twice x" and built["formulas"][1]["evaluation"] == "arb"
    assert len(list((tmp_path / "index").glob("*.json"))) == 1
    for name in ("lazydemo", "lazydemo.a", "lazydemo.b"):
        del sys.modules[name]

    second = Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache)
    assert json.dumps(second.item_index("lazydemo")) == json.dumps(built)
    assert "lazydemo" not in sys.modules  # list: nothing of the paper imported
    assert second.formula("lazydemo/x").evaluate(dps=10, u="3") == 9
    assert _loaded() == ["a"]  # eval: only the module that defines the formula
    assert second.claim("lazydemo/y-is-2x").statement == "y = 2u²" and _loaded() == ["a", "b"]


def test_the_item_index_key_follows_the_sources(lazydemo, monkeypatch):

    before = index_key("lazydemo", "lazydemo")
    assert index_key("lazydemo", "lazydemo") == before
    assert index_key("other", "lazydemo") != before
    (lazydemo / "b.py").write_text((lazydemo / "b.py").read_text() + "\n# an edit\n")
    monkeypatch.setattr(vc, "_TREES", {})  # a new process: the tree is hashed again
    assert index_key("lazydemo", "lazydemo") != before


def test_a_malformed_item_index_file_is_rebuilt(lazydemo, tmp_path):
    cache = IndexCache(tmp_path / "index")
    Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache).item_index("lazydemo")
    (path,) = (tmp_path / "index").glob("*.json")
    path.write_text('{"paper": "lazydemo"}')
    assert cache.get("lazydemo", "lazydemo") is None
    again = Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache).item_index("lazydemo")
    assert [r["id"] for r in again["formulas"]] == ["lazydemo/x", "lazydemo/y"]


def test_the_test_suite_runs_without_the_index_cache():
    assert Registry.from_index({}).index_cache is None  # conftest sets HIDDEN_STATE_PROOFS_NO_CACHE


def test_every_id_of_a_paper_is_defined_by_a_declared_module(registry):
    """What `eval` relies on: each formula and claim is registered by the body of one declared
    module, so importing that module alone registers it."""
    for key in registry.keys():
        paper = registry.paper(key)
        if not paper.modules:
            continue
        items = list(paper.formulas) + list(paper.claims)
        missing = [i for i in items if paper.defined_in.get(i) not in paper.modules]
        assert not missing, f"{key}: registered outside its declared modules: {missing[:5]}"
        assert describe(paper)["defined_in"] == paper.defined_in


def _quiet_directory(tmp_path):
    """A working directory for fresh interpreters whose paper index must be read from the cache: the index is
    rescanned when a sys.path entry's modification time changes, and sys.path[0] is the working directory.  The
    clone's root is not quiet (under pytest-xdist another worker may create an entry there, e.g. `.hypothesis/`,
    between two runs), nor is tmp_path (the first run creates the cache directory in it)."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    return cwd


def test_a_cached_eval_imports_only_the_formulas_module(tmp_path, registry):
    """End to end, in fresh interpreters with their own cache directory: the first `list` builds
    the item indexes; afterwards a lookup of kong-ribero/theta imports the module defining θ, not the whole paper."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("HIDDEN_STATE_PROOFS_NO_CACHE")
    cwd = _quiet_directory(tmp_path)
    cold = subprocess.run(
        [sys.executable, "-m", "symbolic", "list", "--paper", "kong-ribero", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
    )
    assert cold.returncode == 0, cold.stderr
    script = (
        "import sys; from symbolic import registry; "
        "f = registry().formula('kong-ribero/theta'); import mpmath; print(mpmath.nstr(f.evaluate(dps=20, L='1.37', s='9'), 20)); "
        "print(sorted(m for m in sys.modules if m.startswith('derivations.kong_ribero.'))); "
        "print([m for m in ('symbolic.claims', 'symbolic.runner', 'importlib.metadata') if m in sys.modules])"
    )
    warm = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=cwd)
    assert warm.returncode == 0, warm.stderr
    value, modules, engine = warm.stdout.splitlines()
    assert engine == "[]"  # no claim kind (θ/numeric-form is built only when claims are read), no runner, no scan
    with mpmath.workdps(40):  # θ_L(s) = L^{2(s-1)} / Σ_{j<s} L^{2j}, eq. (15)
        L = mpmath.mpf(137) / 100
        assert value == mpmath.nstr(L**16 / mpmath.fsum(L ** (2 * j) for j in range(9)), 20)
    imported = set(eval(modules))  # θ's module and what it imports; not the paper's other parts
    assert "derivations.kong_ribero.constants" in imported
    assert not imported & {f"derivations.kong_ribero.{m}" for m in ("appendix_c", "table2", "coverage", "bounds")}
    assert "derivations.kong_ribero.constants_claims" not in imported  # eval builds no claim about θ
    again = subprocess.run(
        [sys.executable, "-m", "symbolic", "list", "--paper", "kong-ribero", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
    )
    assert again.stdout == cold.stdout
    fresh = [r["id"] for r in json.loads(cold.stdout)]
    assert fresh == [f.id for f in registry.formulas("kong-ribero")]


def test_an_item_index_with_items_added_at_run_time_is_not_stored(lazydemo, tmp_path):
    from symbolic import Identity, Source

    paper = importlib.import_module("lazydemo").paper.load()
    assert paper.registered_by_modules()
    paper.add(
        Identity("lazydemo/run-time", lhs=1, rhs=1, statement="1 = 1", source=Source("lazydemo", "x"))
    )  # e.g. from a notebook
    assert not paper.registered_by_modules()
    cache = IndexCache(tmp_path / "index")
    built = Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache).item_index("lazydemo")
    assert "lazydemo/run-time" in [r["id"] for r in built["claims"]]
    assert not list((tmp_path / "index").glob("*.json"))


def test_an_id_missing_from_the_item_index_is_refused_without_loading_the_paper(lazydemo, tmp_path):
    cache = IndexCache(tmp_path / "index")
    Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache).item_index("lazydemo")
    for name in ("lazydemo", "lazydemo.a", "lazydemo.b"):
        del sys.modules[name]
    fresh = Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache)
    with pytest.raises(UnknownIdError, match="lazydemo/typo"):
        fresh.formula("lazydemo/typo")
    assert _loaded() == []
    with pytest.raises(UnknownIdError):
        fresh.formula("lazydemo/y-is-2x")  # a claim, not a formula


def test_storing_an_item_index_removes_the_papers_older_ones(lazydemo, tmp_path, monkeypatch):

    cache = IndexCache(tmp_path / "index")
    Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache).item_index("lazydemo")
    (first,) = (tmp_path / "index").glob("lazydemo.*.json")
    (lazydemo / "a.py").write_text((lazydemo / "a.py").read_text() + "\n# an edit\n")
    monkeypatch.setattr(vc, "_TREES", {})
    Registry.from_index({"lazydemo": "lazydemo"}, index_cache=cache).item_index("lazydemo")
    (second,) = (tmp_path / "index").glob("lazydemo.*.json")
    assert second != first


def test_the_paper_index_is_rescanned_when_a_path_entry_changes(tmp_path, monkeypatch):
    """The entry-point scan is skipped while sys.path and its entries' modification times are
    unchanged; installing a distribution (a new entry in a sys.path directory) forces it again."""
    site = tmp_path / "site"
    dist = site / "demo-1.0.dist-info"
    dist.mkdir(parents=True)

    def declare(module):  # what an installed distribution's entry points say
        (dist / "entry_points.txt").write_text(f"[console_scripts]\np = other\n\n[symbolic.papers]\np = {module}\n")

    declare("mod1")
    monkeypatch.syspath_prepend(str(site))
    cache = IndexCache(tmp_path / "index")
    scans = []

    def scan():
        scans.append(1)
        return {"p": f"mod{len(scans)}"}

    assert cache.paper_index(scan) == {"p": "mod1"}
    assert cache.paper_index(scan) == {"p": "mod1"} and len(scans) == 1  # reused: no scan
    declare("mod2")
    (site / "new_dist-1.0.dist-info").mkdir()
    os.utime(site, ns=(os.stat(site).st_atime_ns, os.stat(site).st_mtime_ns + 1_000_000))
    assert cache.paper_index(scan) == {"p": "mod2"} and len(scans) == 2
    assert cache.paper_index(scan) == {"p": "mod2"} and len(scans) == 2
    monkeypatch.syspath_prepend(str(tmp_path))  # another sys.path
    assert cache.paper_index(scan) == {"p": "mod3"}
    (tmp_path / "index" / "papers.json").write_text('{"stamp": 1}')  # malformed: rescanned
    assert cache.paper_index(scan) == {"p": "mod4"}


def test_a_planted_module_name_in_the_paper_index_is_ignored(tmp_path, monkeypatch):
    """A stored paper index is reused only if it is authenticated and every module name stands in an
    installed distribution's entry points: a planted name is never imported."""
    site = tmp_path / "site"
    dist = site / "demo-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "entry_points.txt").write_text("[symbolic.papers]\np = mod\n")
    monkeypatch.syspath_prepend(str(site))
    cache = IndexCache(tmp_path / "index")
    scans = []

    def scan():
        scans.append(1)
        return {"p": "mod"}

    assert cache.paper_index(scan) == {"p": "mod"} and cache.paper_index(scan) == {"p": "mod"} and len(scans) == 1
    stored = cache.store.read("papers.json")
    # authenticated (written with the user's own key), but naming a module no distribution declares
    cache.store.write("papers.json", {**stored, "index": {"p": "this"}})
    assert cache.paper_index(scan) == {"p": "mod"} and len(scans) == 2
    # declared by an entry_points.txt that is not an installed distribution's (not on sys.path)
    planted = tmp_path / "elsewhere" / "evil-1.0.dist-info"
    planted.mkdir(parents=True)
    (planted / "entry_points.txt").write_text("[symbolic.papers]\np = this\n")
    cache.store.write("papers.json", {**stored, "index": {"p": "this"}, "sources": [str(planted / "entry_points.txt")]})
    assert cache.paper_index(scan) == {"p": "mod"} and len(scans) == 3
    # not authenticated: plain JSON in place of the entry
    (tmp_path / "index" / "papers.json").write_text(json.dumps({**stored, "index": {"p": "this"}}))
    assert cache.paper_index(scan) == {"p": "mod"} and len(scans) == 4


def test_a_planted_paper_module_is_not_run_by_eval(tmp_path):
    """The audit's reproducer: ``"kong-ribero": "this"`` in the cached paper index (even signed with the
    user's key) must not make ``eval kong-ribero/theta`` import ``this`` (which prints the Zen of Python)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("HIDDEN_STATE_PROOFS_NO_CACHE")
    command = [sys.executable, "-m", "symbolic", "eval", "kong-ribero/theta", "L=1.37", "s=9"]
    first = subprocess.run(command, capture_output=True, text=True, env=env)
    assert first.returncode == 0, first.stderr
    store = IndexCache(tmp_path / "hidden-state-proofs" / "index").store
    stored = store.read("papers.json")
    assert stored["index"]["kong-ribero"] == "derivations.kong_ribero"
    store.write("papers.json", {**stored, "index": {**stored["index"], "kong-ribero": "this"}})
    second = subprocess.run(command, capture_output=True, text=True, env=env)
    assert second.returncode == 0, second.stderr
    assert "Zen of Python" not in second.stdout + second.stderr and second.stdout == first.stdout


def test_the_installed_papers_index_is_read_from_the_cache(tmp_path):
    """A fresh interpreter with a filled cache lists the same papers without importing
    importlib.metadata (the entry-point scan) or any paper."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("HIDDEN_STATE_PROOFS_NO_CACHE")
    script = (
        "import sys; from symbolic import registry; keys = registry().keys(); "
        "print(keys); print('importlib.metadata' in sys.modules, any(m.startswith('derivations') for m in sys.modules))"
    )
    cwd = _quiet_directory(tmp_path)
    runs = [
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=cwd)
        for _ in range(2)
    ]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr + runs[1].stderr
    (keys1, _), (keys2, flags2) = (r.stdout.splitlines() for r in runs)
    assert keys1 == keys2 and "kong-ribero" in keys1
    assert flags2 == "False False"
