"""A wall-clock budget for one user-facing computation (``eval``'s ``--timeout``).

:func:`time_budget` interrupts the body with :class:`BudgetExceeded` (a
:class:`~symbolic.errors.SymbolicError`, so the command line prints one paragraph
and exits with status 2) once ``seconds`` have passed.  It uses the same watchdog as
the checkers' phases (:func:`symbolic.deadline.interrupt_when`, on the wall clock and
``SIGALRM``'s handler slot, no operating-system signal), so it works in the main thread
of a process only (elsewhere the body runs unbounded); the interruption happens between
Python bytecodes, so every single library call the evaluators make must itself be
bounded (the precision caps see to that).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time

from .deadline import interrupt_when
from .errors import SymbolicError


class BudgetExceeded(SymbolicError, TimeoutError):
    """A computation ran past its time budget."""


@contextlib.contextmanager
def time_budget(seconds: float | None, what: str):
    """Run the body with at most ``seconds`` of wall-clock time (None or 0: unbounded)."""
    if not (seconds and seconds > 0) or threading.current_thread() is not threading.main_thread():
        yield
        return

    message = (
        f"{what}: stopped after the time budget of {seconds:g} s "
        "(raise it with --timeout SECONDS, or ask for fewer digits)"
    )
    stop = time.monotonic() + float(seconds)

    def passed():
        return time.monotonic() >= stop

    try:
        with interrupt_when(passed, lambda: BudgetExceeded(message), signal.SIGALRM):
            yield
    except BudgetExceeded:
        raise
    except Exception as exc:
        # The interruption landed inside a C extension's callback (Arb's integrator turns the
        # exception into SystemError) or a library wrapped it: still the budget.
        if passed():
            raise BudgetExceeded(message) from exc
        raise
