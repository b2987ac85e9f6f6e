"""Coverage indexes (symbolic.coverage) and the ``coverage`` command, on a small demo paper."""

import importlib
import json

import pytest

from symbolic import Formula, Identity, Paper, Registry, Source
from symbolic.cli import main
from symbolic.coverage import Item, base_label, check, cited_labels, unindexed
from symbolic.params import positive

registry_module = importlib.import_module("symbolic.registry")


@pytest.mark.parametrize(
    "text, equations, expected",
    [
        ("Lemma A.4(a), eq. (24)", (), {"Lemma A.4", "(24)"}),
        (
            "Props. 1–3, Theorems 1–2: θ",
            (),
            {"Proposition 1", "Proposition 2", "Proposition 3", "Theorem 1", "Theorem 2"},
        ),
        (
            "Proofs of Props. 2, 3, 5: 'a simple combinatorial argument'",
            (),
            {"Proposition 2", "Proposition 3", "Proposition 5"},
        ),
        ("Figures 1 (right) and 3: ε after T", (), {"Figure 1", "Figure 3"}),
        ("Table 2: [2, Thm 3.1] row", (), {"Table 2"}),  # bracketed citation ignored
        ("Appendix: 'converges to pθ/(1 − (1 − p)θ) (5)'", ("22",), {"(22)"}),  # quoted text ignored
        ("footnote 5: ζ", ("15",), {"Footnote 5", "(15)"}),
        ("Proof of Prop. 4, (24)-(25)", (), {"Proposition 4", "(24)", "(25)"}),
        ("θ_L(s): θ_L(1)", (), set()),
    ],
)
def test_cited_labels(text, equations, expected):
    assert cited_labels(text, equations) == expected


@pytest.mark.parametrize(
    "label, base",
    [
        ("Prop. 2.1(a)", "Proposition 2.1"),
        ("Proposition 2.1(a)/(14)", "Proposition 2.1"),
        ("(14)", "(14)"),
        ("Thm 3", "Theorem 3"),
        ("Appendix B", "Appendix B"),
    ],
)
def test_base_label(label, base):
    assert base_label(label) == base


def _demo():
    a = positive("a").symbol
    paper = Paper("demo", "Demo paper")
    f = paper.add(Formula("demo/sq", (a + 1) ** 2, [positive("a")], Source("demo", "Lemma 1", ("3",))))
    paper.add(
        Identity(
            "demo/sq-expanded",
            lhs=(a + 1) ** 2,
            rhs=a**2 + 2 * a + 1,
            statement="binomial",
            source=Source("demo", "Lemma 1", ("3",)),
            covers=[f.id],
        )
    )
    paper.add(Identity("demo/thm", lhs=a, rhs=a, statement="trivial", source=Source("demo", "Theorem 2")))
    return paper


def test_percentage_rule_excluded_partial_missing():
    paper = _demo()
    index = paper.coverage(
        [
            Item("Definition 1", "definition", reason="wording only"),  # excluded
            Item("Lemma 1", "lemma", ids=["sq"]),  # 1
            Item("(3)", "equation", ids=["sq-expanded"]),  # 1
            Item("Theorem 2", "theorem", ids=["thm"], partial=True),  # 1/2
            Item("(4)", "equation"),  # 0 (missing)
        ]
    )
    assert paper.index is index
    assert index.counts() == {"covered": 2, "partial": 1, "missing": 1, "excluded": 1}
    assert index.percentage() == pytest.approx(100 * 2.5 / 4)
    assert check(index, paper) == []
    assert unindexed(index, paper) == []


def test_check_finds_missing_ids_uncited_labels_and_conflicts():
    paper = _demo()
    index = paper.coverage(
        [
            Item("Lemma 1", "lemma", ids=["sq", "nope"]),
            Item("Lemma 1", "lemma", reason="dup"),
            Item("(3)", "equation", ids=["sq"], reason="both"),
        ]
    )
    problems = check(index, paper)
    text = "\n".join(problems)
    assert "'demo/nope', which is neither a formula nor a claim" in text
    assert "duplicate index label 'Lemma 1'" in text
    assert "has both IDs and a reason" in text
    assert "demo/thm cites 'Theorem 2'" in text  # registered claim's label missing from the index
    assert "demo/thm" in unindexed(index, paper)


def test_bad_kind_is_rejected():
    with pytest.raises(ValueError, match="kind"):
        Item("Lemma 1", "lema")


@pytest.fixture
def demo_registry(monkeypatch):
    paper = _demo()
    reg = Registry([paper])
    monkeypatch.setattr(registry_module, "_DEFAULT", reg)
    return paper


def test_cli_json_and_exit_status(demo_registry, capsys):
    demo_registry.coverage(
        [Item("Lemma 1", "lemma", ids=["sq"]), Item("(3)", "equation"), Item("Theorem 2", "theorem", ids=["thm"])]
    )
    assert main(["coverage", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rep = out["papers"][0]
    assert rep["percentage"] == pytest.approx(66.7) and rep["problems"] == []
    lemma = rep["items"][0]
    assert lemma["ids"][0]["type"] == "formula"
    assert lemma["ids"][0]["claims"] == [{"id": "demo/sq-expanded", "expect": "proved"}]
    assert "verdicts" not in lemma
    # verdicts on request
    assert main(["coverage", "--json", "--verdicts"]) == 0
    lemma = json.loads(capsys.readouterr().out)["papers"][0]["items"][0]
    assert lemma["verdicts"] == {"demo/sq-expanded": "proved"}


def test_cli_inconsistent_index_exits_1(demo_registry, capsys):
    demo_registry.coverage([Item("Lemma 1", "lemma", ids=["missing-id"])])
    assert main(["coverage"]) == 1
    text = capsys.readouterr().out
    assert "NO SUCH ID" in text and "PROBLEM" in text and "cites 'Theorem 2'" in text


def test_cli_paper_without_index(demo_registry, capsys):
    assert main(["coverage", "--paper", "demo"]) == 0
    assert "no coverage index" in capsys.readouterr().out
