"""Where the papers' texts are, for the test that finds each printed quote in its paper.

The texts are not part of the repository: in development and in CI they stand beside it in
``shared/papers``.  ``HIDDEN_STATE_PROOFS_PAPERS=DIR`` names their directory explicitly and makes
its absence a failure (CI sets it, so a missing directory cannot pass unnoticed).  Without it, the
directory beside the repository is used when it exists; otherwise (a user's clone) the quote check
is skipped and the session's summary says so once.  The quotes' form (the printed digits inside
them) is checked everywhere.
"""

from __future__ import annotations

import os
import pathlib

import pytest

#: Environment variable naming the directory of the paper texts (then required).
PAPERS_ENV = "HIDDEN_STATE_PROOFS_PAPERS"
_BESIDE = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "papers"
_SKIPPED: list[str] = []


def papers_dir() -> tuple[pathlib.Path, bool]:
    """The texts' directory and whether it is required (named by the environment)."""
    named = os.environ.get(PAPERS_ENV, "")
    return (pathlib.Path(named), True) if named else (_BESIDE, False)


@pytest.fixture
def paper_texts() -> pathlib.Path:
    """The paper texts' directory; skips the test where they are absent and not required."""
    directory, required = papers_dir()
    if directory.is_dir():
        return directory
    if required:
        pytest.fail(f"{PAPERS_ENV}={directory}: no such directory (the paper texts are required there)")
    _SKIPPED.append(str(directory))
    pytest.skip(f"paper texts not found at {directory}")


def pytest_terminal_summary(terminalreporter):
    if _SKIPPED:
        terminalreporter.write_line(
            f"quote check skipped ({len(_SKIPPED)} tests): the paper texts are not at {_SKIPPED[0]}; "
            f"set {PAPERS_ENV}=DIR to check every printed quote against them",
            yellow=True,
        )


@pytest.fixture
def declared_verdicts(registry):
    """``declared_verdicts(paper, proved=…, checked=…, refuted=…)``: the verdicts a notebook shows, each
    label listed once, as {label: verdict}, beside {label: the expectation its claim declares} (no claim is
    run); a test asserts the two are equal."""

    def declared(paper: str, *, proved=(), checked=(), refuted=()) -> tuple[dict[str, str], dict[str, str]]:
        shown = {
            **dict.fromkeys(proved, "proved"),
            **dict.fromkeys(checked, "checked"),
            **dict.fromkeys(refuted, "refuted"),
        }
        assert len(shown) == len(proved) + len(checked) + len(refuted), "a claim is listed twice"
        return shown, {label: registry.claim(f"{paper}/{label}").expect for label in shown}

    return declared
