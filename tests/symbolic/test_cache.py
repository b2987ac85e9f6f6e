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
    return Identity("fake/square", (x + 1) ** 2, rhs, statement, SRC)


def test_key_follows_content():
    a, b = identity(x**2 + 2 * x + 1), identity(x**2 + 2 * x + 1)
    assert vc.claim_key(a, __name__) == vc.claim_key(b, __name__)
    assert vc.claim_key(a, __name__) != vc.claim_key(identity(x**2 + 2 * x + 2), __name__)
    assert vc.claim_key(a, __name__) != vc.claim_key(identity(x**2 + 2 * x + 1, "other words"), __name__)
    # assumptions are part of the content
    y = sp.Symbol("x")
    c = Identity("fake/square", (y + 1) ** 2, y**2 + 2 * y + 1, "(x + 1)² expanded", SRC)
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
