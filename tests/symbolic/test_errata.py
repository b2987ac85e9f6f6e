"""The errata table: generic grouping/rendering, and ERRATA.md is current with the registry."""

import pathlib

import sympy as sp

from symbolic import Identity, Paper, Registry, Source, Status, Verdict
from symbolic.errata import collect, generate, render

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


def test_errata_md_is_up_to_date():
    current = (ROOT / "ERRATA.md").read_text(encoding="utf-8")
    fresh = generate()
    assert fresh == current, "ERRATA.md is out of date with the registry: run `python -m symbolic errata`"


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
