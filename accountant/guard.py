"""Each part of an ``account`` report (one theorem's row, the all-iterates baseline, a heuristic) runs under
its own error handling and its own budget, so that one failing or slow part is reported as failed, with
its reason, while the rest of the report prints.

The budget counts this process's CPU time (:func:`symbolic.deadline.cpu_now`): the parts are CPU-bound, and
a busy machine must not turn a result into a failure.  Wall-clock time is only a hang guard
(:data:`WALL_FACTOR` times the CPU budget, for a part that waits rather than computes).  The interruption is
the engine's watchdog (:func:`symbolic.deadline.interrupt_when`): it lands between Python bytecodes, so a
single unbounded call into C cannot be cut short — the run's values are bounded at parse time
(:mod:`.run_description`) so that no part is handed such a call.
"""

from __future__ import annotations

import contextlib
import signal
import time
from dataclasses import dataclass

from symbolic.deadline import cpu_now, interrupt_when

#: CPU seconds a part (one row, the baseline, one heuristic) may use by default.
PART_CPU_SECONDS = 10.0
#: The wall-clock hang guard, as a multiple of the CPU budget.
WALL_FACTOR = 4.0


class PartBudgetExceeded(Exception):
    """A part of the report ran past its budget."""


@dataclass
class Failure:
    """A part of the report that could not be computed: which part, and why (one line)."""

    part: str
    reason: str

    def as_json(self) -> dict:
        return {"part": self.part, "reason": self.reason}


@contextlib.contextmanager
def budget(what: str, cpu_seconds: float | None = None):
    """Run the body with at most ``cpu_seconds`` of CPU time (hang guard: :data:`WALL_FACTOR` × that on the
    wall clock); raises :class:`PartBudgetExceeded` naming ``what`` when either runs out."""
    cpu = PART_CPU_SECONDS if cpu_seconds is None else float(cpu_seconds)
    cpu_stop = cpu_now() + cpu
    wall_stop = time.monotonic() + WALL_FACTOR * cpu + 1.0

    def reached() -> bool:
        return cpu_now() >= cpu_stop or time.monotonic() >= wall_stop

    def exc() -> PartBudgetExceeded:
        clock = "CPU" if cpu_now() >= cpu_stop else "wall-clock (hang guard)"
        limit = cpu if clock == "CPU" else WALL_FACTOR * cpu + 1.0
        error = PartBudgetExceeded(f"stopped after its {clock} budget of {limit:g} s")
        error.part = what  # the part is named by the report's Failure; kept here for callers
        return error

    try:
        with interrupt_when(reached, exc, signal.SIGVTALRM):
            yield
    except PartBudgetExceeded:
        raise
    except Exception as error:
        # the interruption landed inside a library that wrapped it (a C callback's SystemError, ...)
        if reached():
            raise exc() from error
        raise


def describe(error: BaseException) -> str:
    """One line for a failed part: the exception's kind and its message, bounded in length."""
    if isinstance(error, PartBudgetExceeded):
        return str(error)
    if isinstance(error, MemoryError):
        return "ran out of memory (MemoryError)"
    if isinstance(error, RecursionError):
        return "recursion too deep (RecursionError)"
    try:
        text = str(error)
    except Exception:  # noqa: BLE001 -- e.g. a message holding a 5000-digit integer
        text = ""
    text = " ".join(text.split())
    if len(text) > 300:
        text = text[:300] + " ..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
