"""symbolic.notebook: the verdict lines the paper notebooks print (their stored outputs are these lines)."""

import pytest
import sympy as sp

from symbolic import Identity, Source
from symbolic.notebook import statement_lines, verdict_line, verdict_printer
from symbolic.runner import Result
from symbolic.verdict import Status, Verdict

x = sp.Symbol("x", positive=True)
SRC = Source("test", "unit test")
REFUTED = Result(
    Identity(id="demo/wrong", lhs=x + 1, rhs=x, statement="x + 1 = x", source=SRC, expect="refuted"),
    Verdict(Status.REFUTED, "counterexample (exact arithmetic)", counterexample={"x": "1"}),
)
PROVED = Result(
    Identity(id="demo/right", lhs=x + 1, rhs=1 + x, statement="x + 1 = 1 + x", source=SRC),
    Verdict(Status.PROVED, "identity: expand(lhs - rhs) = 0"),
)
RESULTS = {r.claim.id: r for r in (REFUTED, PROVED)}


def test_lines_with_the_expectation_and_the_counterexample(capsys):
    verdict_printer(RESULTS, "demo", statements=False)("wrong", "right")
    assert capsys.readouterr().out.splitlines() == [
        "wrong" + " " * 40 + "REFUTED  (expected refuted)  counterexample {'x': '1'}",
        "right" + " " * 40 + "PROVED   (expected proved)",
    ]


def test_each_verdict_is_followed_by_what_the_claim_states(capsys):
    verdict_printer(RESULTS, "demo", width=8)("wrong", "right")
    assert capsys.readouterr().out.splitlines() == [
        "wrong    REFUTED  (expected refuted)  counterexample {'x': '1'}",
        "    x + 1 = x",
        "right    PROVED   (expected proved)",
        "    x + 1 = 1 + x",
    ]


def test_a_long_statement_is_wrapped_and_indented():
    long = Result(
        Identity(id="demo/long", lhs=x, rhs=x, statement="word " * 60 + "\n  end", source=SRC),
        Verdict(Status.PROVED, "identity"),
    )
    lines = statement_lines(long, columns=40)
    assert len(lines) > 1 and all(line.startswith("    ") and len(line) <= 40 for line in lines)
    assert " ".join(line.strip() for line in lines) == " ".join(["word"] * 60 + ["end"])


def test_lines_with_the_method():
    assert (
        verdict_line("right", PROVED, width=12, detail="method")
        == "right        PROVED   identity: expand(lhs - rhs) = 0"
    )


def test_an_unknown_label_and_detail_are_named():
    with pytest.raises(KeyError, match="demo/nowhere"):
        verdict_printer(RESULTS, "demo")("nowhere")
    with pytest.raises(ValueError, match="'status'"):
        # a caller without a type checker can pass any string: the run-time check is what is tested
        verdict_printer(RESULTS, "demo", detail="status")  # type: ignore[arg-type]
