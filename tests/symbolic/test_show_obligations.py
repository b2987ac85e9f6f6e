"""``show CLAIM_ID`` and ``verify --json`` carry the proof obligations (issue #27)."""

import importlib
import json

import pytest
import sympy as sp

from symbolic import Identity, Paper, Registry, Source
from symbolic.cli import main

registry_module = importlib.import_module("symbolic.registry")


@pytest.fixture
def obligation_registry(monkeypatch):
    x = sp.Symbol("x", real=True)
    c = sp.Symbol("c", positive=True)
    paper = Paper("demo", "Demo paper")
    src = Source("demo", "Lemma 1", ("3",))
    paper.add(
        Identity(
            "demo/pole",
            lhs=(x**2 - 1) / (x - 1),
            rhs=x + 1,
            statement="removable singularity",
            source=src,
            expect="checked",
        )
    )
    paper.add(
        Identity(
            "demo/c-below-one", lhs=c / (1 - c), rhs=1 / (1 - c) - 1, statement="geometric", source=src, where=[c < 1]
        )
    )
    monkeypatch.setattr(registry_module, "_DEFAULT", Registry([paper]))


def test_show_prints_domain_obligations_and_argument(obligation_registry, capsys):
    assert main(["show", "demo/c-below-one"]) == 0
    out = capsys.readouterr().out
    assert "domain:    c > 0 in ℝ, c < 1" in out
    assert "[discharged] 1 - c ≠ 0 (denominator) (defined): hypothesis c < 1" in out
    assert "verdict:   PROVED" in out


def test_show_json_names_the_violated_obligation(obligation_registry, capsys):
    assert main(["show", "demo/pole", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (ob,) = out["obligations"]
    assert ob["condition"].startswith("x - 1 ≠ 0") and ob["status"] == "violated" and ob["witness"] == {"x": "1"}
    assert out["verdict"]["status"] == "refuted"


def test_show_unknown_claim_exits_2(obligation_registry, capsys):
    assert main(["show", "demo/nope"]) == 2
    assert "no claim" in capsys.readouterr().err


def test_verify_json_includes_obligations(obligation_registry, capsys):
    main(["verify", "--json", "--no-cache"])
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)["claims"]}
    assert rows["demo/c-below-one"]["status"] == "proved"
    assert rows["demo/c-below-one"]["obligations"][0]["status"] == "discharged"
    assert rows["demo/pole"]["status"] == "refuted" and rows["demo/pole"]["counterexample"] == {"x": "1"}
