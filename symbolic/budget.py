"""A wall-clock budget for one user-facing computation (``eval``'s ``--timeout``).

:func:`time_budget` interrupts the body with :class:`BudgetExceeded` (a
:class:`~symbolic.errors.SymbolicError`, so the command line prints one paragraph
and exits with status 2) once ``seconds`` have passed.  It uses ``SIGALRM``, so it
works in the main thread of a process only (elsewhere the body runs unbounded);
the interruption happens between Python bytecodes, so every single library call the
evaluators make must itself be bounded (the precision caps see to that).
"""

from __future__ import annotations

import contextlib
import signal
import threading

from .errors import SymbolicError


class BudgetExceeded(SymbolicError, TimeoutError):
    """A computation ran past its time budget."""


@contextlib.contextmanager
def time_budget(seconds: float | None, what: str):
    """Run the body with at most ``seconds`` of wall-clock time (None or 0: unbounded)."""
    usable = (
        seconds
        and seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    message = (
        f"{what}: stopped after the time budget of {seconds:g} s "
        "(raise it with --timeout SECONDS, or ask for fewer digits)"
    )
    fired = []

    def _raise(signum, frame):
        fired.append(True)
        raise BudgetExceeded(message)

    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, float(seconds))
    try:
        yield
    except BudgetExceeded:
        raise
    except Exception as exc:
        # The alarm fired inside a C extension's callback (Arb's integrator turns the
        # exception into SystemError) or a library wrapped it: still the budget.
        if fired:
            raise BudgetExceeded(message) from exc
        raise
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
