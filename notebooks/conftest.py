"""The notebooks' session: one check of every paper claim, shared by the paper notebooks."""

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
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
#
# Under pytest-xdist (pyproject's addopts: `-n 2 --dist loadfile`) every worker collects every test and the
# controller collects none, while the background verify must run once per session: the controller starts it, with
# the papers of the notebooks its workers collected (pytest_xdist_node_collection_finished), into a directory it
# hands every worker (pytest_configure_node).  Whichever process runs a notebook learns from files in that directory
# which papers verify was started for (`papers`) and when each one's verify has ended (`KEY.exit`, its exit code).

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

    def __init__(self, papers: list[str], *, jobs: int | None, root: Path, directory: Path):
        self.directory = directory  # mode 0700, ours (_session_directory): symbolic.cache trusts it
        self.env = _cache_env(directory)
        self.exits: dict[str, int] = {}
        self.process: subprocess.Popen | None = None
        self.stopped = False
        self.lock = threading.Lock()  # between starting a paper's verify and stopping the session's
        self.log = self.directory / "verify.log"
        _write(self.directory / "papers", "\n".join(papers))  # before a notebook can look for it
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
                    _write(self.directory / f"{paper}.exit", str(self.exits[paper]))
        finally:  # stopped or failed: nothing more will come, and a notebook then checks its claims itself
            for paper in papers:
                if paper not in self.exits:
                    _write(self.directory / f"{paper}.exit", "not run")

    def stop(self) -> None:
        """At the end of a session that did not wait for it (interrupted, or its notebooks deselected)."""
        with self.lock:
            self.stopped = True
            if self.process is not None and self.process.poll() is None:
                self.process.terminate()
        self.thread.join()


def _cache_env(directory: Path) -> dict[str, str]:
    return {"XDG_CACHE_HOME": str(directory), "HIDDEN_STATE_PROOFS_NO_CACHE": "0"}


def _write(path: Path, text: str) -> None:
    """Whole or not at all: another process may be polling for `path`."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def _session_directory() -> Path:
    return Path(tempfile.mkdtemp(prefix="hsp-suite-cache-"))


def _wait_for_verify(directory: Path, paper: str) -> bool:
    """Wait until this session's verify of `paper` has ended; False when none was started for it."""
    listed = directory / "papers"
    if not listed.exists() or paper not in listed.read_text(encoding="utf-8").split():
        return False
    while not (directory / f"{paper}.exit").exists():
        time.sleep(0.2)
    return True


_BACKGROUND: list[_BackgroundVerify] = []
#: The directory of this session's verdict cache: the background verify's (its process) or the controller's (a
#: pytest-xdist worker, from its workerinput).
_DIRECTORY: list[Path] = []
#: A pytest-xdist controller's directory, made before its workers start so that each is told it.
_CONTROLLER_DIRECTORY: list[Path] = []


def _paper_notebook(item) -> str | None:
    path = getattr(item, "path", None)
    return PAPER_NOTEBOOKS.get(path.name) if path is not None and path.suffix == ".ipynb" else None


def _paper_of_nodeid(nodeid: str) -> str | None:
    path = Path(nodeid.split("::", 1)[0])
    return PAPER_NOTEBOOKS.get(path.name) if path.suffix == ".ipynb" else None


def _start(papers: list[str], *, others: bool, root: Path, directory: Path) -> None:
    if not papers or _BACKGROUND:
        return
    # one claim at a time while pytest's tests run on the other core; all cores when the notebooks are all there is
    _BACKGROUND.append(_BackgroundVerify(papers, jobs=1 if others else None, root=root, directory=directory))


def pytest_configure(config):
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the controller runs verify
        named = config.workerinput.get("hsp_verdict_cache")
        if named:
            _DIRECTORY.append(Path(named))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """pytest-xdist's controller, for each worker it starts: tell it where the session's verdict cache is."""
    if not _CONTROLLER_DIRECTORY:
        _CONTROLLER_DIRECTORY.append(_session_directory())
    node.workerinput["hsp_verdict_cache"] = str(_CONTROLLER_DIRECTORY[0])


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """pytest-xdist: the controller starts verify once, for the notebooks a worker collected (each collects all)."""
    if _CONTROLLER_DIRECTORY:
        papers = list(dict.fromkeys(p for p in map(_paper_of_nodeid, ids) if p))
        others = any(_paper_of_nodeid(i) is None for i in ids)
        _start(papers, others=others, root=node.config.rootpath, directory=_CONTROLLER_DIRECTORY[0])


@pytest.hookimpl(trylast=True)  # after -k and --deselect: only the notebooks that will run
def pytest_collection_modifyitems(session, config, items):
    if config.option.collectonly or hasattr(config, "workerinput"):
        return
    papers = list(dict.fromkeys(p for p in map(_paper_notebook, items) if p))
    if papers and not _BACKGROUND:
        _DIRECTORY.append(_session_directory())
        others = any(_paper_notebook(i) is None for i in items)
        _start(papers, others=others, root=config.rootpath, directory=_DIRECTORY[0])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """A paper notebook's kernel (started by the setup of its first cell) sees the session's verdict cache."""
    paper = _paper_notebook(item)
    # its paper's verdicts (the papers run in the notebooks' order)
    if paper and _DIRECTORY and _wait_for_verify(_DIRECTORY[0], paper):
        env = _cache_env(_DIRECTORY[0])
        saved = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
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
    for directory in {*(b.directory for b in _BACKGROUND), *_CONTROLLER_DIRECTORY}:  # a worker's is the controller's
        shutil.rmtree(directory, ignore_errors=True)
