"""Time budgets inside a checker process.

A checker runs in its own (forked) process, so SymPy calls can be interrupted
with ``SIGALRM``: :meth:`Deadline.phase` gives a phase (say the symbolic attempt)
a slice of the budget and raises :class:`PhaseTimeout` inside it when the slice
is used up, leaving time for the next phase.  Outside the main thread (or without
``SIGALRM``) phases are not interrupted; the runner's hard kill still applies.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time


class PhaseTimeout(Exception):
    """A phase of a checker ran out of its share of the budget."""


class Deadline:
    def __init__(self, seconds: float):
        self.seconds = float(seconds)
        self.start = time.monotonic()

    def remaining(self) -> float:
        return max(0.0, self.seconds - (time.monotonic() - self.start))

    def expired(self) -> bool:
        return self.remaining() <= 0.0

    @contextlib.contextmanager
    def phase(self, fraction: float = 1.0):
        """Run the body with at most ``fraction`` of the *remaining* budget."""
        limit = self.remaining() * fraction
        if limit <= 0:
            raise PhaseTimeout("no time left")
        usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if not usable:
            yield
            return

        def _raise(signum, frame):
            raise PhaseTimeout(f"phase exceeded {limit:.2f} s")

        previous = signal.signal(signal.SIGALRM, _raise)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
