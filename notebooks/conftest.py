"""The notebooks' session: one check of every paper claim, shared by the paper notebooks."""

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

# ---------------------------------------------------------------------------------------------------------------
# The paper notebooks (01–06) each open by checking every claim of their paper, which is `verify --paper KEY`:
# about 155 s of the suite's 860 s (2 cores, load ~2-3), while pytest's own tests use one core.  So when a session
# collects them, `verify --paper KEY --jobs 1` (README command 1) runs for their papers as the session starts, in a
# background process, one claim at a time on the core the tests leave idle, into a verdict cache created empty for
# this session; the notebooks' kernels, and only theirs, are started with that cache enabled, and each notebook
# reads the verdicts `verify` computed in this session (symbolic.cache.run_claims_cached) instead of computing them
# after the tests.  A cached verdict is keyed on the claim's content, the source of the engine and of the paper's
# package and the library versions (symbolic/cache.py): it is the verdict the notebook would compute.  A claim the
# cache does not hold (UNKNOWN is never stored; verify failed; a claim that cannot be keyed) is checked by the
# notebook itself.  Every claim is proved once per session, none is read from an earlier session or the user's cache,
# and every assertion of the notebooks is unchanged.

#: The notebooks that check every claim of a paper, and that paper.
PAPER_NOTEBOOKS = {
    "01_kong_ribero.ipynb": "kong-ribero",
    "02_chien_li.ipynb": "chien-li",
    "03_bok_su_altschuler.ipynb": "bok-su-altschuler",
    "04_ye_shokri.ipynb": "ye-shokri",
    "05_asoodeh_diaz.ipynb": "asoodeh-diaz",
    "06_privacy_toolkit.ipynb": "privacy",
}


class _BackgroundVerify:
    """`verify --paper KEY --quiet` for each paper, in order, in one background thread (one subprocess each)."""

    def __init__(self, papers: list[str], *, jobs: int | None, root: Path):
        self.directory = Path(tempfile.mkdtemp(prefix="hsp-suite-cache-"))  # mode 0700, ours: symbolic.cache trusts it
        self.env = {**os.environ, "XDG_CACHE_HOME": str(self.directory), "HIDDEN_STATE_PROOFS_NO_CACHE": "0"}
        self.exits: dict[str, int] = {}
        self.done = {p: threading.Event() for p in papers}  # set when that paper's verify has ended
        self.process: subprocess.Popen | None = None
        self.stopped = False
        self.lock = threading.Lock()  # between starting a paper's verify and stopping the session's
        self.log = self.directory / "verify.log"
        jobs_args = ["--jobs", str(jobs)] if jobs else []
        commands = [[sys.executable, "-m", "symbolic", "verify", "--paper", p, "--quiet", *jobs_args] for p in papers]
        self.thread = threading.Thread(target=self._run, args=(commands, papers, root), daemon=True)
        self.thread.start()

    def _run(self, commands, papers, root):
        try:
            with open(self.log, "w", encoding="utf-8") as log:
                for paper, command in zip(papers, commands):
                    with self.lock:
                        if self.stopped:
                            break
                        log.write(f"$ {' '.join(command[1:])}\n")
                        log.flush()
                        self.process = subprocess.Popen(
                            command, cwd=root, env=self.env, stdout=log, stderr=subprocess.STDOUT
                        )
                    self.exits[paper] = self.process.wait()
                    self.done[paper].set()
        finally:  # stopped or failed: nothing more will come, and a notebook then checks its claims itself
            for event in self.done.values():
                event.set()

    def wait(self, paper: str) -> None:
        self.done[paper].wait()

    def stop(self) -> None:
        """At the end of a session that did not wait for it (interrupted, or its notebooks deselected)."""
        with self.lock:
            self.stopped = True
            if self.process is not None and self.process.poll() is None:
                self.process.terminate()
        self.thread.join()


_BACKGROUND: list[_BackgroundVerify] = []


def _paper_notebook(item) -> str | None:
    path = getattr(item, "path", None)
    return PAPER_NOTEBOOKS.get(path.name) if path is not None and path.suffix == ".ipynb" else None


@pytest.hookimpl(trylast=True)  # after -k and --deselect: only the notebooks that will run
def pytest_collection_modifyitems(session, config, items):
    papers = list(dict.fromkeys(p for p in map(_paper_notebook, items) if p))
    if not papers or _BACKGROUND or config.option.collectonly:
        return
    others = any(_paper_notebook(i) is None for i in items)
    # one claim at a time while pytest's tests run on the other core; all cores when the notebooks are all there is
    _BACKGROUND.append(_BackgroundVerify(papers, jobs=1 if others else None, root=config.rootpath))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """A paper notebook's kernel (started by the setup of its first cell) sees the session's verdict cache."""
    if _BACKGROUND and _paper_notebook(item):
        background = _BACKGROUND[0]
        background.wait(_paper_notebook(item))  # its paper's verdicts (the papers run in the notebooks' order)
        saved = {k: os.environ.get(k) for k in ("XDG_CACHE_HOME", "HIDDEN_STATE_PROOFS_NO_CACHE")}
        os.environ.update({k: background.env[k] for k in saved})
        try:
            yield
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    else:
        yield


def pytest_terminal_summary(terminalreporter):
    for background in _BACKGROUND:
        if background.thread.is_alive():
            continue  # not waited for: no notebook of it ran
        failed = {p: code for p, code in background.exits.items() if code != 0}
        if failed:  # the notebooks assert every verdict themselves; this says where verify's own report is
            terminalreporter.write_line(
                f"verify exited {failed}: {background.log.read_text(encoding='utf-8')}", red=True
            )


def pytest_unconfigure(config):
    for background in _BACKGROUND:
        background.stop()
        shutil.rmtree(background.directory, ignore_errors=True)
