"""Time budgets inside a checker process, measured in CPU seconds of that process.

A verdict must not depend on how busy the machine is, so budgets count the checker's
own CPU time (``time.process_time``), not wall-clock time: a claim run beside two
CPU-bound processes, or pinned to one core, gets the same amount of computation.

* :meth:`Deadline.phase` gives a phase (say the symbolic attempt) a slice of the
  budget and raises :class:`PhaseTimeout` inside it when that much CPU time is used
  (``SIGPROF`` from ``ITIMER_PROF``), leaving time for the next phase.
* :meth:`Deadline.check_hang` is called between the points of a fixed sample: the
  sample is never cut short to fit the budget (that made the evidence thin under
  load); only past ``HANG_FACTOR`` budgets does it raise :class:`PhaseTimeout`, which
  the claim reports as UNKNOWN.

Outside the main thread (or without ``setitimer``) phases are not interrupted; the
runner's hard kill still applies.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time

#: A checker that has used this many budgets of CPU time is treated as hung.
HANG_FACTOR = 4.0


class PhaseTimeout(Exception):
    """A phase of a checker ran out of its share of the budget."""


def cpu_now() -> float:
    """CPU seconds (user + system) used by this process so far."""
    return time.process_time()


class Deadline:
    def __init__(self, seconds: float):
        self.seconds = float(seconds)
        self.start = cpu_now()

    def used(self) -> float:
        return cpu_now() - self.start

    def remaining(self) -> float:
        return max(0.0, self.seconds - self.used())

    def expired(self) -> bool:
        return self.remaining() <= 0.0

    def check_hang(self) -> None:
        """Raise :class:`PhaseTimeout` once ``HANG_FACTOR`` budgets of CPU time are used."""
        if self.used() > HANG_FACTOR * self.seconds:
            raise PhaseTimeout(
                f"checker used {self.used():.1f} CPU s, more than {HANG_FACTOR:g} × its "
                f"budget of {self.seconds:g} s (treated as a hang)"
            )

    @contextlib.contextmanager
    def phase(self, fraction: float = 1.0):
        """Run the body with at most ``fraction`` of the *remaining* CPU budget."""
        limit = self.remaining() * fraction
        if limit <= 0:
            raise PhaseTimeout("no time left")
        usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if not usable:
            yield
            return

        def _raise(signum, frame):
            raise PhaseTimeout(f"phase exceeded {limit:.2f} CPU s")

        previous = signal.signal(signal.SIGPROF, _raise)
        signal.setitimer(signal.ITIMER_PROF, limit)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
