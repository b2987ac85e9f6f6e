"""Running claims: each checker in its own forked process, with a hard time limit.

Isolation gives three things: a hung ``simplify`` is killed (verdict UNKNOWN, never
PROVED); SymPy's caches cannot leak between claims; and claims run in parallel on every
core this process may use (``os.sched_getaffinity``, so ``taskset -c 0`` means one job).
Where ``fork`` is unavailable the claims run in this process, with only the checkers'
own phase deadlines.

Budgets are CPU seconds (:mod:`symbolic.deadline`), so the verdict does not depend on the
machine's load: a checker is killed once its *CPU time* passes :func:`kill_after`; the
wall clock is only a backstop (:data:`WALL_FACTOR` times that) for a checker that blocks
without computing.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Callable, Generic, Iterable, Protocol, TypeVar

from .claims import Claim
from .deadline import HANG_FACTOR, Deadline, process_cpu_seconds
from .source import Source
from .verdict import Status, Verdict, meets

#: CPU seconds granted past a checker's own hang limit before the process is killed.
GRACE = 2.0
#: The wall-clock backstop, in multiples of :func:`kill_after` (a loaded machine or a
#: single core slows the wall clock, never the CPU time a checker gets).
WALL_FACTOR = 10.0


def kill_after(claim: Claim, budget_scale: float = 1.0) -> float:
    """CPU seconds after which a claim's process is killed.

    Checkers stop themselves: a symbolic phase at its share of the budget, a fixed sample
    only past ``HANG_FACTOR`` budgets (reported UNKNOWN).  The kill catches a step that
    never returns to Python (a hung ``simplify`` in C code).
    """
    return HANG_FACTOR * claim.budget * budget_scale + GRACE


def usable_cores() -> int:
    """Cores this process may run on (``taskset`` and cgroup cpusets included)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class ClaimRecord(Protocol):
    """What a report reads of a result's claim: a :class:`Claim`, or the record of one that a paper
    manifest keeps (:class:`symbolic.cache.RecordedClaim`, whose verdict comes from the cache)."""

    @property
    def id(self) -> str: ...
    @property
    def paper(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def expect(self) -> str: ...
    @property
    def budget(self) -> float: ...
    @property
    def erratum(self) -> str | None: ...
    @property
    def source(self) -> Source: ...


#: The claim of a :class:`Result`: a :class:`Claim` when it was run, any :class:`ClaimRecord` otherwise.
C = TypeVar("C", bound=ClaimRecord, covariant=True)
#: The claims given to :func:`run_claims` (its results carry them, of the same kind).
K = TypeVar("K", bound=Claim)


@dataclass
class Result(Generic[C]):
    claim: C
    verdict: Verdict

    @property
    def unexpected(self) -> bool:
        return not meets(self.verdict.status, self.claim.expect)


def _check_safely(claim: Claim, budget_scale: float = 1.0) -> Verdict:
    deadline = Deadline(claim.budget * budget_scale)
    verdict = _check_or_report(claim, deadline)
    verdict.cpu_seconds = deadline.used()  # this process's CPU time plus its isolated attempts'
    return verdict


def _check_or_report(claim: Claim, deadline: Deadline) -> Verdict:
    try:
        return claim.check(deadline)
    except Exception as exc:  # a crashing checker is reported, never counted as a proof
        return Verdict(
            Status.UNKNOWN,
            f"checker error: {type(exc).__name__}",
            "".join(traceback.format_exception_only(type(exc), exc)).strip()[:500],
        )


def _fresh_state() -> None:
    """Make a forked checker independent of what its parent did before the fork.

    SymPy's assumption system visits facts in an order shuffled with the global ``random``
    generator, mpmath's working precision is global, and SymPy's caches hold whatever the
    parent computed: a parent that ran other work (a test session, a notebook) must not steer
    a checker down a different path.  So a checker starts from empty caches, the same
    whoever forked it.
    """
    import random

    import mpmath
    from sympy.core.cache import clear_cache

    clear_cache()
    random.seed(0)
    mpmath.mp.prec = 53
    mpmath.iv.prec = 53


def _before_forking() -> None:
    """Empty SymPy's caches here, once, and freeze the surviving objects before the checkers
    fork.  Each checker starts from empty caches anyway (:func:`_fresh_state`), but emptying
    the parent's inherited cache in every child writes to, and so copies, every page it sits
    on: 15 ms per claim after the papers load, 3 ms with the parent's cache already empty."""
    from sympy.core.cache import clear_cache

    # Every checker that evaluates a formula on its Arb path imports this module on first use
    # (Formula.evaluation_at): once here, not once per forked checker (it is compiled from source
    # where bytecode is not cached).  Importing it creates no state a checker could depend on.
    from .certify import digits  # noqa: F401

    # SymPy's simplify imports sympy.physics.units on its first call (to look for physical
    # quantities): 0.2 CPU s in every checker and every isolated attempt that simplifies.
    try:
        import sympy.physics.units  # noqa: F401
    except ImportError:  # pragma: no cover - a SymPy without it: simplify does without too
        pass

    # The formulas' hypotheses, built once here instead of in every checker that evaluates one.
    from .formula import prepare_formulas

    prepare_formulas()

    clear_cache()
    gc.collect()
    gc.freeze()  # undone when the run ends (gc.unfreeze in run_claims): a session may run many


def _preload(claim: Claim) -> bool:
    """Import the modules ``claim`` declares (:attr:`Claim.imports`) here, before forking, so its
    checker (and every later one) finds them loaded; True when one was newly imported.  A failed
    import is ignored: the checker imports the module itself and reports what goes wrong."""
    import importlib

    loaded = False
    for name in getattr(claim, "imports", ()):
        if name not in sys.modules:
            try:
                importlib.import_module(name)
                loaded = True
            except Exception:
                pass
    return loaded


def _child(claim: Claim, fd: int, budget_scale: float) -> None:
    """The checker process: check ``claim``, write its pickled verdict to ``fd``."""
    _fresh_state()
    verdict = _check_safely(claim, budget_scale)
    try:
        data = pickle.dumps(verdict)
    except Exception as exc:  # e.g. an unpicklable detail
        data = pickle.dumps(Verdict(Status.UNKNOWN, "checker error: unpicklable verdict", str(exc)))
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def _flush_std_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (AttributeError, ValueError, OSError):
            pass


def _fork_checker(claim: Claim, budget_scale: float) -> tuple[int, int]:
    """Fork a checker process for ``claim``: its pid and the read end of its verdict pipe.

    A bare ``os.fork`` (as :meth:`Deadline.isolated` does), not ``multiprocessing.Process``:
    the latter's bookkeeping (connection objects, the bootstrap, a sentinel pipe, at-fork
    hooks) cost about 2 ms of CPU per claim here, mostly page copies.  The child never returns
    to the caller: it leaves by ``os._exit`` (no atexit handlers, no inherited buffers flushed
    twice: the parent flushes its streams before forking)."""
    read_end, write_end = os.pipe()
    _flush_std_streams()
    pid = os.fork()
    if pid == 0:  # the checker: never returns to the caller's code
        status = 0
        try:
            os.close(read_end)
            _child(claim, write_end, budget_scale)
        except BaseException:
            status = 1
            try:
                traceback.print_exc()
            except BaseException:
                pass
        finally:
            _flush_std_streams()
            os._exit(status)
    os.close(write_end)
    return pid, read_end


def _reap(pid: int, grace: float) -> int:
    """Exit code of a checker that closed its pipe (killed if still alive after ``grace`` s;
    negative: the signal that ended it)."""
    end = time.monotonic() + grace
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() >= end:
            return _kill(pid)
        time.sleep(0.001)


def _kill(pid: int) -> int:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def run_claims(
    claims: Iterable[K],
    jobs: int | None = None,
    progress: Callable[[Result[K]], None] | None = None,
    budget_scale: float = 1.0,
) -> list[Result[K]]:
    """Check ``claims`` (in parallel, ``jobs`` at a time); results in the input order.

    ``claims`` may be a lazy iterable (``Registry.iter_claims``): a paper is then loaded while
    the checkers of the previous one run, instead of every paper before the first check.
    ``budget_scale`` multiplies every claim's budget: run at ``1/3`` it shows which verdicts
    would change on a machine three times slower than this one (``verify --budget-scale``).
    """
    if not budget_scale > 0:
        raise ValueError(f"budget_scale must be positive, not {budget_scale!r}")
    jobs = jobs or usable_cores()
    if not hasattr(os, "fork"):
        return [_run_inline(c, progress, budget_scale) for c in claims]
    gc.freeze()  # balanced by the one gc.unfreeze below (_before_forking freezes again, harmlessly)
    running: dict = {}  # read end of the verdict pipe -> (index, claim, pid, chunks, start)
    try:
        results: dict[int, Result[K]] = {}
        source = enumerate(claims)
        pending = next(source, None)
        paper = None
        while pending is not None or running:
            while pending is not None and len(running) < jobs:
                i, claim = pending
                if _preload(claim) or claim.paper != paper:  # a paper or a module was just loaded:
                    _before_forking()  # empty the caches it filled, freeze what it allocated
                    paper = claim.paper
                pid, fd = _fork_checker(claim, budget_scale)
                running[fd] = (i, claim, pid, [], time.monotonic())
                pending = next(source, None)  # may load the next paper while the checkers run
            ready = set(wait(list(running), timeout=POLL))
            now = time.monotonic()
            for fd in list(running):
                i, claim, pid, chunks, start = running[fd]
                if fd in ready:
                    chunk = os.read(fd, 1 << 16)
                    if chunk:  # more of the verdict: read on until end of file
                        chunks.append(chunk)
                        continue
                    exit_code = _reap(pid, GRACE)
                    verdict = None
                    if chunks:
                        try:
                            verdict = pickle.loads(b"".join(chunks))
                        except Exception:
                            verdict = None
                    if verdict is None:
                        verdict = Verdict(Status.UNKNOWN, "checker process died", f"exit code {exit_code}")
                elif _overdue(pid, now - start, claim, budget_scale):
                    _kill(pid)
                    verdict = Verdict(
                        Status.UNKNOWN,
                        "timeout",
                        f"no verdict within {kill_after(claim, budget_scale):g} CPU s "
                        f"({HANG_FACTOR:g} × the budget of {claim.budget * budget_scale:g} s, plus grace)",
                    )
                    verdict.cpu_seconds = kill_after(claim, budget_scale)  # at least: the kill came after it
                else:
                    continue
                os.close(fd)
                verdict.seconds = time.monotonic() - start
                results[i] = Result(claim, verdict)
                del running[fd]
                if progress:
                    progress(results[i])
    finally:
        for fd, (_, _, pid, _, _) in running.items():  # interrupted: no checker outlives the run
            _kill(pid)
            os.close(fd)
        gc.unfreeze()
    return [results[i] for i in range(len(results))]


#: Seconds between checks of the running children's CPU time.
POLL = 0.25


def _overdue(pid: int, wall: float, claim: Claim, budget_scale: float) -> bool:
    limit = kill_after(claim, budget_scale)
    if wall > WALL_FACTOR * limit:
        return True
    cpu = process_cpu_seconds(pid)
    return wall > limit if cpu is None else cpu > limit


def _run_inline(claim: K, progress: Callable[[Result[K]], None] | None, budget_scale: float) -> Result[K]:
    start = time.monotonic()
    verdict = _check_safely(claim, budget_scale)
    verdict.seconds = time.monotonic() - start
    result = Result(claim, verdict)
    if progress:
        progress(result)
    return result


def check(claim: Claim) -> Verdict:
    """Check one claim in an isolated process (the way ``verify`` does)."""
    return run_claims([claim], jobs=1)[0].verdict
