"""Showing a paper's verdicts in a notebook: one line per claim.

A paper's notebook checks its claims once (:func:`check_claims`) and shows their verdicts section by section, next
to the formulas they are about.  :func:`verdict_printer` is that display, written once here instead of in each
notebook::

    results = {r.claim.id: r for r in check_claims(reg.claims("kong-ribero"))}
    show = verdict_printer(results, "kong-ribero")
    show("footnote-5", "footnote-5-corrected")
    # footnote-5                                   REFUTED  (expected refuted)  counterexample {'H': '1', ...}
    #     footnote 5 as printed: ζ = Hη((1 − η)/ρ)^{(1 − η)/η} satisfies Hr^η ≤ Lr + ζ for every r ≥ 0 ...
    # footnote-5-corrected                         PROVED   (expected proved)
    #     ...

Under each verdict line is what the claim states (its ``statement``, wrapped and indented): a reader sees what
was proved or refuted, not only an ID.

It only displays: whether each verdict meets its claim's expectation is ``Result.unexpected`` (what ``verify``
checks), which the notebook asserts over all its results.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the runner (and its process machinery) is imported when claims are checked
    from .claims.base import Claim
    from .runner import Result

#: What follows a claim's verdict: its declared expectation and any counterexample, or the method that decided it.
Detail = Literal["expected", "method"]


def check_claims(claims: Sequence[Claim], *, jobs: int | None = None) -> list[Result]:
    """Every claim of ``claims`` checked once, the results in their order (:func:`symbolic.runner.run_claims`,
    ``jobs`` processes), the verdicts ``verify`` has computed read from its verdict cache where the cache is enabled:
    a cached verdict is keyed on the claim, the source of the engine and of the paper, and the library versions
    (:mod:`symbolic.cache`), so it is the verdict a run gives.  The claims it does not hold are checked here (the
    test suite starts ``verify`` for the paper notebooks in the background: ``notebooks/conftest.py``)."""
    from .cache import VerdictCache, disabled_by_environment, run_claims_cached
    from .registry import paper_index

    cache = None if disabled_by_environment() else VerdictCache()
    return run_claims_cached(claims, paper_index(), cache, jobs=jobs)[0]


#: Columns of a claim's wrapped statement under its verdict line.
STATEMENT_COLUMNS = 116


def verdict_line(label: str, result: Result, *, width: int = 44, detail: Detail = "expected") -> str:
    """``label`` padded to ``width``, the verdict's status padded to 8, then the ``detail``."""
    verdict = result.verdict
    head = f"{label:{width}s} {str(verdict.status):8s} "
    if detail == "method":
        return head + verdict.method
    extra = f"  counterexample {verdict.counterexample}" if verdict.counterexample else ""
    return head + f"(expected {result.claim.expect}){extra}"


def statement_lines(result: Result, *, columns: int = STATEMENT_COLUMNS) -> list[str]:
    """The claim's statement, wrapped to ``columns`` and indented by four spaces."""
    return textwrap.wrap(
        " ".join(result.claim.statement.split()), columns, initial_indent="    ", subsequent_indent="    "
    )


def verdict_printer(
    results: Mapping[str, Result],
    paper: str,
    *,
    width: int = 44,
    detail: Detail = "expected",
    statements: bool = True,
) -> Callable[..., None]:
    """``show(*labels)``, printing :func:`verdict_line` for each named claim of ``paper`` (its ID without the
    ``paper/`` prefix) from ``results`` (claim ID -> ``Result``, as ``run_claims`` returns them), and under it,
    with ``statements``, the claim's statement (:func:`statement_lines`)."""
    if detail not in ("expected", "method"):
        raise ValueError(f"verdict_printer: detail must be 'expected' or 'method', not {detail!r}")

    def show(*labels: str) -> None:
        for label in labels:
            cid = f"{paper}/{label}"
            if cid not in results:
                raise KeyError(f"{cid}: no verdict among the results (is it a claim of {paper!r} that was run?)")
            print(verdict_line(label, results[cid], width=width, detail=detail))
            if statements:
                print("\n".join(statement_lines(results[cid])))

    return show
