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
import multiprocessing
import os
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Callable, Iterable

from .claims import Claim
from .deadline import HANG_FACTOR, Deadline, process_cpu_seconds
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


@dataclass
class Result:
    claim: Claim
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

    clear_cache()
    gc.collect()
    gc.freeze()  # undone when the run ends (gc.unfreeze in run_claims): a session may run many


def _child(claim: Claim, conn, budget_scale: float) -> None:
    _fresh_state()
    verdict = _check_safely(claim, budget_scale)
    try:
        conn.send(verdict)
    except Exception as exc:  # e.g. an unpicklable detail
        conn.send(Verdict(Status.UNKNOWN, "checker error: unpicklable verdict", str(exc)))
    conn.close()


def run_claims(
    claims: Iterable[Claim],
    jobs: int | None = None,
    progress: Callable[[Result], None] | None = None,
    budget_scale: float = 1.0,
) -> list[Result]:
    """Check ``claims`` (in parallel, ``jobs`` at a time); results in the input order.

    ``claims`` may be a lazy iterable (``Registry.iter_claims``): a paper is then loaded while
    the checkers of the previous one run, instead of every paper before the first check.
    ``budget_scale`` multiplies every claim's budget: run at ``1/3`` it shows which verdicts
    would change on a machine three times slower than this one (``verify --budget-scale``).
    """
    if not budget_scale > 0:
        raise ValueError(f"budget_scale must be positive, not {budget_scale!r}")
    jobs = jobs or usable_cores()
    if "fork" not in multiprocessing.get_all_start_methods():
        return [_run_inline(c, progress, budget_scale) for c in claims]
    ctx = multiprocessing.get_context("fork")
    gc.freeze()  # balanced by the one gc.unfreeze below (_before_forking freezes again, harmlessly)
    try:
        results: dict[int, Result] = {}
        source = enumerate(claims)
        pending = next(source, None)
        paper = None
        running: dict = {}  # sentinel -> (index, claim, process, conn, start)
        while pending is not None or running:
            while pending is not None and len(running) < jobs:
                i, claim = pending
                if claim.paper != paper:  # a paper was just loaded: empty the caches it filled
                    _before_forking()
                    paper = claim.paper
                parent, child = ctx.Pipe(duplex=False)
                proc = ctx.Process(target=_child, args=(claim, child, budget_scale), daemon=True)
                proc.start()
                child.close()
                running[proc.sentinel] = (i, claim, proc, parent, time.monotonic())
                pending = next(source, None)  # may load the next paper while the checkers run
            waitables = list(running) + [entry[3] for entry in running.values()]
            ready = set(wait(waitables, timeout=POLL))
            now = time.monotonic()
            for sentinel in list(running):
                i, claim, proc, conn, start = running[sentinel]
                if sentinel in ready or conn in ready:
                    verdict = None
                    if conn.poll():
                        try:
                            verdict = conn.recv()
                        except EOFError:
                            verdict = None
                    proc.join(timeout=GRACE)
                    if proc.is_alive():
                        proc.kill()
                        proc.join()
                    if verdict is None:
                        verdict = Verdict(Status.UNKNOWN, "checker process died", f"exit code {proc.exitcode}")
                elif _overdue(proc.pid, now - start, claim, budget_scale):
                    proc.kill()
                    proc.join()
                    verdict = Verdict(
                        Status.UNKNOWN,
                        "timeout",
                        f"no verdict within {kill_after(claim, budget_scale):g} CPU s "
                        f"({HANG_FACTOR:g} × the budget of {claim.budget * budget_scale:g} s, plus grace)",
                    )
                    verdict.cpu_seconds = kill_after(claim, budget_scale)  # at least: the kill came after it
                else:
                    continue
                conn.close()
                verdict.seconds = time.monotonic() - start
                results[i] = Result(claim, verdict)
                del running[sentinel]
                if progress:
                    progress(results[i])
    finally:
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


def _run_inline(claim: Claim, progress, budget_scale: float) -> Result:
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
