"""A CPU-time budget for one user-facing computation (``eval``'s ``--timeout``).

:func:`time_budget` interrupts the body with :class:`BudgetExceeded` (a
:class:`~symbolic.errors.SymbolicError`, so the command line prints one paragraph
and exits with status 2) once the process has used ``seconds`` of **CPU time** since the
body began -- the measure :mod:`symbolic.deadline` gives the checkers, so that the same
input gets the same amount of computation, and so the same answer, on an idle machine and
beside other work (an ``eval`` that printed its value in 8.6 s alone ran out of a 60 s
wall-clock budget on a busy machine).  The wall clock is only a hang guard: past
:data:`WALL_FACTOR` times ``seconds`` of elapsed time the body is interrupted too (a body
that waits instead of computing), and the message says which limit ended it.

It uses the same watchdog as the checkers' phases (:func:`symbolic.deadline.interrupt_when`,
``SIGALRM``'s handler slot, no operating-system signal), so it works in the main thread of
a process only (elsewhere the body runs unbounded); the interruption happens between Python
bytecodes, so every single library call the evaluators make must itself be bounded (the
precision caps see to that).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator

from .deadline import cpu_now, interrupt_when
from .errors import SymbolicError

#: The wall-clock hang guard, in multiples of the CPU budget (a process given a tenth of a
#: core by a loaded machine still gets its whole budget of computation).
WALL_FACTOR = 10.0


class BudgetExceeded(SymbolicError, TimeoutError):
    """A computation ran past its time budget."""


@contextlib.contextmanager
def time_budget(seconds: float | None, what: str) -> Iterator[None]:
    """Run the body with at most ``seconds`` of CPU time, and at most :data:`WALL_FACTOR` times
    that of wall-clock time (None or 0: unbounded)."""
    if not (seconds and seconds > 0) or threading.current_thread() is not threading.main_thread():
        yield
        return

    seconds = float(seconds)
    cpu_stop = cpu_now() + seconds
    wall_stop = time.monotonic() + WALL_FACTOR * seconds
    advice = "(raise it with --timeout SECONDS, or ask for fewer digits)"

    def passed():
        return cpu_now() >= cpu_stop or time.monotonic() >= wall_stop

    def exceeded():
        if cpu_now() >= cpu_stop:
            return BudgetExceeded(f"{what}: stopped after the CPU-time budget of {seconds:g} s {advice}")
        return BudgetExceeded(
            f"{what}: stopped by the hang guard after {WALL_FACTOR * seconds:g} s of wall-clock time "
            f"({WALL_FACTOR:g} × the CPU-time budget of {seconds:g} s; the computation waited instead of "
            f"computing, or the machine gave it less than 1/{WALL_FACTOR:g} of a core) {advice}"
        )

    try:
        with interrupt_when(passed, exceeded, signal.SIGALRM):
            yield
    except BudgetExceeded:
        raise
    except Exception as exc:
        # The interruption landed inside a C extension's callback (Arb's integrator turns the
        # exception into SystemError) or a library wrapped it: still the budget.
        if passed():
            raise exceeded() from exc
        raise
