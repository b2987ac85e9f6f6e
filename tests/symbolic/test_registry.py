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
