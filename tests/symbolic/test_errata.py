"""The errata table: generic grouping/rendering, and ERRATA.md is current with the registry."""

import json
import pathlib
import re

import sympy as sp

from symbolic import Identity, Paper, Registry, Source, Status, Verdict
from symbolic.errata import collect, render
from symbolic.registry import registry

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _toy_registry():
    p = Paper("toy", "Toy paper")
    x = sp.Symbol("x", positive=True)
    src = Source("toy", "Lemma 1", ("3",))
    p.add(
        Identity(
            "toy/lem-1-corrected",
            (x + 1) ** 2,
            x**2 + 2 * x + 1,
            "fixed | with a pipe",
            Source("toy", "Lemma 1", ("3",), "corrected"),
            erratum="toy E10",
        )
    )
    p.add(
        Identity(
            "toy/lem-1",
            (x + 1) ** 2,
            x**2 + 1,
            "as printed",
            src,
            expect="refuted",
            erratum="toy E10",
            hints=[{"x": 1}],
        )
    )
    p.add(Identity("toy/lem-2", x, x, "not an erratum", src))
    p.add(Identity("toy/eq-9", x, 2 * x, "printed eq 9", src, expect="refuted", erratum="toy E2"))
    return Registry([p])


def test_collect_groups_by_key_in_number_order_printed_first():
    errata = collect(_toy_registry())
    assert [e.key for e in errata] == ["toy E2", "toy E10"]
    assert [c.id for c in errata[1].claims] == ["toy/lem-1", "toy/lem-1-corrected"]


def test_render_shows_verdict_counterexample_and_flags_unexpected():
    reg = _toy_registry()
    verdicts = {
        "toy/lem-1": Verdict(Status.REFUTED, "counterexample", "", counterexample={"x": "1"}, details={"residual": 2}),
        "toy/lem-1-corrected": Verdict(Status.PROVED, "expand"),
        "toy/eq-9": Verdict(Status.UNKNOWN, "timeout"),
    }
    text = render(collect(reg), verdicts, {"toy": "Toy paper"})
    assert "## toy: Toy paper" in text
    row = next(line for line in text.splitlines() if "`toy/lem-1`" in line)
    assert "**REFUTED**" in row and "x = 1; residual = 2" in row
    assert "fixed \\| with a pipe" in text
    assert "**UNKNOWN** (expected REFUTED: timeout)" in text
    assert "1 printed forms refuted" in text


def _without_verdicts(text: str) -> str:
    """An errata table with its verdict-dependent parts blanked: the last two cells of every table row (verdict,
    counterexample) and each paper's count of printed forms refuted."""
    lines = []
    for line in text.split("\n"):
        if line.startswith("|"):
            cells = re.split(r"(?<!\\)\|", line)  # a pipe inside a cell is escaped as \|
            line = "|".join(cells[:-3] + ["…", "…", cells[-1]])
        lines.append(re.sub(r"^(\d+ errata; )\d+( printed forms refuted)", r"\1…\2", line))
    return "\n".join(lines)


def test_without_verdicts_blanks_only_the_verdict_columns():
    row = "| toy E1 | `toy/a` | printed | a \\| b | src | **REFUTED** | x = 1 |"
    assert _without_verdicts(row) == "| toy E1 | `toy/a` | printed | a \\| b | src |…|…|"
    assert _without_verdicts(row.replace("printed", "corrected")) != _without_verdicts(row)
    assert _without_verdicts("2 errata; 1 printed forms refuted with a counterexample.") == (
        "2 errata; … printed forms refuted with a counterexample."
    )


def test_errata_md_is_up_to_date():
    """ERRATA.md is what `python -m symbolic errata` writes now: header, papers, errata, claims, forms, statements
    and sources.  Its verdict-dependent parts (verdict and counterexample columns, refuted counts) need every
    erratum claim run (~30 CPU s): each paper's notebook, which runs every claim of its paper once, asserts that
    its section of ERRATA.md is exactly what those verdicts render (every paper with errata has such a notebook:
    the next test), so they are not run a second time here."""
    reg = registry()
    current = (ROOT / "ERRATA.md").read_text(encoding="utf-8")
    fresh = render(collect(reg), {}, {key: p.title for key, p in reg.papers.items()})
    assert _without_verdicts(fresh) == _without_verdicts(current), (
        "ERRATA.md is out of date with the registry: run `python -m symbolic errata`"
    )


def test_every_paper_with_errata_has_a_notebook_checking_its_errata_md_section():
    checks = set()
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and "ERRATA.md" in source and "render(" in source:
                checks.update(re.findall(r'errata_md\.index\("\\n## ([\w.-]+): "\)', source))
    assert {e.paper for e in collect(registry())} <= checks, checks


def test_status_problems_finds_each_gap_in_a_review_table():
    from symbolic.errata import status_problems

    reg = _toy_registry()
    # The toy paper carries keys "toy E2" (printed form only) and "toy E10" (printed + corrected).
    good = {f"E{i}": ("rejected", "a typo with no mathematical content") for i in range(1, 11)}
    good["E10"] = ("encoded", ["lem-1", "lem-1-corrected"])
    assert any(
        "E2" in p and "corrected" in p for p in status_problems(reg, "toy", {**good, "E2": ("encoded", ["eq-9"])}, 10)
    )
    assert any("outside the table" in p for p in status_problems(reg, "toy", good, 10))  # "toy E2" unlisted
    short = {**good, "E2": ("encoded", ["eq-9"]), "E3": ("rejected", "typo")}
    assert any("E3" in p and "reason" in p for p in status_problems(reg, "toy", short, 10))
    assert any("not E1…E11" in p for p in status_problems(reg, "toy", good, 11))
