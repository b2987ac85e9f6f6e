"""Every registered paper's coverage index is consistent with its registrations, and every
reproduction labelled ``printed`` quotes words that stand in the paper's text."""

import pathlib
import re

import pytest

from symbolic import Reproduction, registry
from symbolic.coverage import check

REG = registry()
PAPERS_DIR = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "papers"

#: Registered keys that are toolkits, not papers: they have no numbered items to index.
TOOLKITS = {"privacy"}


@pytest.mark.parametrize("key", REG.keys())
def test_index_is_consistent(key):
    paper = REG.paper(key)
    if paper.index is None:
        pytest.skip(f"{key} has no coverage index")
    assert check(paper.index, paper, REG) == []


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("key", REG.keys())
def test_printed_reproductions_quote_the_paper_verbatim(key):
    paper = REG.paper(key)
    printed = [c for c in paper.claims.values() if isinstance(c, Reproduction) and c.origin == "printed"]
    if not printed:
        pytest.skip(f"{key} has no printed reproduction")
    if not PAPERS_DIR.is_dir():
        pytest.skip(f"paper texts not available ({PAPERS_DIR})")
    assert paper.text, f"{key} has printed reproductions but no paper text (Paper(text=...))"
    text = _normal((PAPERS_DIR / paper.text).read_text(encoding="utf-8"))
    missing = [c.id for c in printed if _normal(c.quote) not in text]
    assert missing == [], f"quotes not found verbatim in {paper.text}: {missing}"


@pytest.mark.parametrize("key", ["kong-ribero", "asoodeh-diaz"])
def test_encoded_papers_reach_ninety_percent(key):
    index = REG.paper(key).index
    assert index is not None and index.percentage() >= 90, (key, index and index.percentage())
