import pytest
import sympy as sp

from symbolic import Formula, Identity, Paper, Registry, Source, UnknownIdError
from symbolic.params import positive


def test_registry_finds_the_pilot(registry):
    theta = registry.formula("kong-ribero/theta")
    assert theta.names == ("L", "s")
    assert registry.claim("kong-ribero/lem-a.3c").kind == "identity"
    assert registry.claim("kong-ribero/theta/numeric-form").expect == "proved"
    assert any(c.id == "kong-ribero/lem-a.3c" for c in registry.claims_covering("kong-ribero/theta"))


def test_unknown_ids_raise(registry):
    with pytest.raises(UnknownIdError):
        registry.formula("kong-ribero/nope")
    with pytest.raises(UnknownIdError):
        registry.paper("nope")


def test_paper_rejects_foreign_and_duplicate_ids():
    paper = Paper("demo", "Demo")
    a = positive("a")
    f = Formula("demo/f", a.symbol**2, [a], Source("demo", "f"), numeric=a.symbol * a.symbol)
    paper.add(f)
    assert "demo/f/numeric-form" in paper.claims  # stable forms are always verified
    with pytest.raises(ValueError):
        paper.add(f)
    with pytest.raises(ValueError):
        paper.add(Identity("other/x", lhs=a.symbol, rhs=a.symbol, statement="", source=Source("other", "x")))
    with pytest.raises(ValueError):
        Registry([paper, Paper("demo", "again")])


def test_source_cite():
    s = Source("kong-ribero", "Lemma A.3(c)", ("23",), "corrected")
    assert s.cite() == "kong-ribero, Lemma A.3(c), eq. (23) [corrected]"
    with pytest.raises(ValueError):
        Source("x", "y", form="guessed")
    assert sp.S(1) == 1


# -- the bounds-only load (``declare_modules(..., bounds=...)``, used by the accountant) -------------------------

_BOUNDS_ONLY = r"""
import json, sys
from symbolic.registry import registry
from symbolic.index_cache import describe
reg = registry()
out = {}
for key in reg.keys():
    paper = reg.paper(key)
    partial = [b.describe() for b in reg.bounds(key)]
    imported = [m for m in paper.modules if m in sys.modules]
    out[key] = {"partial": partial, "misses": list(paper.partial_misses), "imported": imported,
                "declared": paper._bound_modules, "all": paper.modules,
                "full": [b.describe() for b in paper.bounds.values()]}
print(json.dumps(out))
"""


def test_bounds_only_load_equals_a_full_load():
    """Each paper's declared bound modules give exactly the bounds of a full load (same records, same order),
    without searching undeclared modules for a formula (an index that went stale fails here), and without
    importing every module of the paper (the point of the declaration)."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "HIDDEN_STATE_PROOFS_NO_CACHE": "1"}
    found = json.loads(
        subprocess.run([sys.executable, "-c", _BOUNDS_ONLY], capture_output=True, text=True, check=True, env=env).stdout
    )
    declared = {k: v for k, v in found.items() if v["declared"] is not None}
    assert len(declared) >= 5  # the five papers declare theirs
    for key, v in found.items():
        assert v["partial"] == v["full"], key
        if v["declared"] is not None:
            assert v["partial"], key
            assert v["misses"] == [], f"{key}: formulas {v['misses']} are not in its declared bound modules"
            assert set(v["imported"]) < set(v["all"]), f"{key}: a bounds-only load imported every module"
