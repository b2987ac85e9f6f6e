"""Running claims: each checker in its own forked process, with a hard time limit.

Isolation gives three things: a hung ``simplify`` is killed at the claim's budget
(verdict UNKNOWN, never PROVED); SymPy's caches cannot leak between claims; and
claims run in parallel on every core.  Where ``fork`` is unavailable the claims
run in this process, with only the checkers' own phase deadlines.
"""

from __future__ import annotations

import multiprocessing
import os
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Callable, Sequence

from .claims import Claim
from .deadline import Deadline
from .verdict import Status, Verdict, meets

#: Seconds granted past a claim's budget before the process is killed (at least).
GRACE = 2.0


def kill_after(claim: Claim) -> float:
    """Seconds after which a claim's process is killed: its budget plus a grace period.

    Checkers stop themselves at the budget between steps (a sampled inequality stops
    sampling and reports the points it tested); the grace lets a step that began just
    before the deadline finish on a loaded machine, proportionally to the budget, while a
    hung ``simplify`` is still killed within 1.5 budgets.
    """
    return claim.budget + max(GRACE, claim.budget / 2)


@dataclass
class Result:
    claim: Claim
    verdict: Verdict

    @property
    def unexpected(self) -> bool:
        return not meets(self.verdict.status, self.claim.expect)


def _check_safely(claim: Claim) -> Verdict:
    try:
        return claim.check(Deadline(claim.budget))
    except Exception as exc:  # a crashing checker is reported, never counted as a proof
        return Verdict(Status.UNKNOWN, f"checker error: {type(exc).__name__}",
                       "".join(traceback.format_exception_only(type(exc), exc)).strip()[:500])


def _child(claim: Claim, conn) -> None:
    verdict = _check_safely(claim)
    try:
        conn.send(verdict)
    except Exception as exc:  # e.g. an unpicklable detail
        conn.send(Verdict(Status.UNKNOWN, "checker error: unpicklable verdict", str(exc)))
    conn.close()


def run_claims(claims: Sequence[Claim], jobs: int | None = None,
               progress: Callable[[Result], None] | None = None) -> list[Result]:
    """Check ``claims`` (in parallel, ``jobs`` at a time); results in the input order."""
    jobs = jobs or os.cpu_count() or 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return [_run_inline(c, progress) for c in claims]
    ctx = multiprocessing.get_context("fork")
    results: dict[int, Result] = {}
    pending = list(enumerate(claims))
    running: dict = {}  # sentinel -> (index, process, conn, start)
    while pending or running:
        while pending and len(running) < jobs:
            i, claim = pending.pop(0)
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(claim, child), daemon=True)
            proc.start()
            child.close()
            running[proc.sentinel] = (i, proc, parent, time.monotonic())
        now = time.monotonic()
        next_deadline = min(start + kill_after(claims[i]) for i, _, _, start in running.values())
        waitables = list(running) + [entry[2] for entry in running.values()]
        ready = set(wait(waitables, timeout=max(0.0, next_deadline - now)))
        now = time.monotonic()
        for sentinel in list(running):
            i, proc, conn, start = running[sentinel]
            claim = claims[i]
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
                    verdict = Verdict(Status.UNKNOWN, "checker process died",
                                      f"exit code {proc.exitcode}")
            elif now - start > kill_after(claim):
                proc.kill()
                proc.join()
                verdict = Verdict(Status.UNKNOWN, "timeout",
                                  f"no verdict within the budget of {claim.budget:g} s")
            else:
                continue
            conn.close()
            verdict.seconds = time.monotonic() - start
            results[i] = Result(claim, verdict)
            del running[sentinel]
            if progress:
                progress(results[i])
    return [results[i] for i in range(len(claims))]


def _run_inline(claim: Claim, progress) -> Result:
    start = time.monotonic()
    verdict = _check_safely(claim)
    verdict.seconds = time.monotonic() - start
    result = Result(claim, verdict)
    if progress:
        progress(result)
    return result


def check(claim: Claim) -> Verdict:
    """Check one claim in an isolated process (the way ``verify`` does)."""
    return run_claims([claim], jobs=1)[0].verdict
