"""Time budgets inside a checker process, measured in CPU seconds of that process.

A verdict must not depend on how busy the machine is, so budgets count the checker's
own CPU time (``time.process_time``), not wall-clock time: a claim run beside two
CPU-bound processes, or pinned to one core, gets the same amount of computation.

* :meth:`Deadline.phase` gives a phase (say the symbolic attempt) a slice of the
  budget and raises :class:`PhaseTimeout` inside it when that much CPU time is used
  (:func:`interrupt_when`), leaving time for the next phase.
* :meth:`Deadline.check_hang` is called between the points of a fixed sample: the
  sample is never cut short to fit the budget (that made the evidence thin under
  load); only past ``HANG_FACTOR`` budgets does it raise :class:`PhaseTimeout`, which
  the claim reports as UNKNOWN.

Outside the main thread phases are not interrupted; the runner's hard kill still applies.
An interruption happens between Python bytecodes: a single call into C code (a large
``python-flint`` polynomial operation) runs to its end first, or until the runner's kill.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import pickle
import select
import signal
import threading
import time
from collections.abc import Iterator
from typing import Callable, TypeVar

_T = TypeVar("_T")

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
    def phase(self, fraction: float = 1.0) -> Iterator[None]:
        """Run the body with at most ``fraction`` of the *remaining* CPU budget."""
        limit = self.remaining() * fraction
        if limit <= 0:
            raise PhaseTimeout("no time left")
        stop = cpu_now() + limit
        with interrupt_when(lambda: cpu_now() >= stop, lambda: PhaseTimeout(f"phase exceeded {limit:.2f} CPU s")):
            yield

    def isolated(self, fraction: float, attempt: Callable[[Deadline], _T]) -> _T:
        """``attempt(deadline)`` in a forked process with at most ``fraction`` of the *remaining*
        CPU budget; its (picklable) result, or :class:`PhaseTimeout`.

        A symbolic attempt can enter a step that never returns to Python (a large
        ``python-flint`` polynomial operation inside ``simplify``): :meth:`phase` cannot
        interrupt it, and the runner's kill then took the whole claim, sampled evidence
        included, to UNKNOWN.  Here the attempt's process is killed once its CPU time passes
        its share plus :data:`ISOLATION_GRACE`, and the checker goes on.  The attempt gets its
        own :class:`Deadline` of that share (with :meth:`phase`'s interruption), exceptions it
        raises are raised here, and the CPU time it used is charged to this deadline.  Without
        ``fork`` (or outside the main thread) the attempt runs in this process under
        :meth:`phase`.
        """
        limit = self.remaining() * fraction
        if limit <= 0:
            raise PhaseTimeout("no time left")
        if not hasattr(os, "fork") or threading.current_thread() is not threading.main_thread():
            with self.phase(fraction):
                return attempt(self)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the attempt's process: never returns to the caller's code
            os.close(read_end)
            status = 0
            try:
                inner = Deadline(limit)
                outcome: tuple[str, object]
                try:
                    with inner.phase():
                        outcome = ("value", attempt(inner))
                except PhaseTimeout as exc:
                    outcome = ("timeout", str(exc))
                except BaseException as exc:  # raised again in the checker, as if run there
                    outcome = ("error", exc)
                try:
                    data = pickle.dumps((outcome, cpu_now()))
                except Exception as exc:  # an unpicklable result or exception
                    data = pickle.dumps(
                        (("error", RuntimeError(f"isolated attempt: unpicklable outcome ({exc})")), cpu_now())
                    )
                with os.fdopen(write_end, "wb") as fh:
                    fh.write(data)
            except BaseException:
                status = 1
            finally:
                os._exit(status)
        os.close(write_end)
        kill_at = limit + ISOLATION_GRACE
        chunks, used, killed = [], 0.0, False
        try:
            while True:
                ready, _, _ = select.select([read_end], [], [], POLL_SECONDS * 5)
                if ready:
                    chunk = os.read(read_end, 1 << 16)
                    if not chunk:  # end of file: the attempt finished (or died)
                        break
                    chunks.append(chunk)
                    continue
                cpu = process_cpu_seconds(pid)
                if cpu is not None:
                    used = cpu
                    if cpu > kill_at:
                        killed = True
                        break
        finally:
            if killed:
                os.kill(pid, signal.SIGKILL)
            _, wait_status = os.waitpid(pid, 0)
            os.close(read_end)
        message = None
        if chunks:
            try:
                message, used = pickle.loads(b"".join(chunks))
            except Exception:
                message = None
        self.start -= used  # the attempt's CPU time counts against this budget
        if message is None:
            if killed:
                raise PhaseTimeout(f"isolated attempt exceeded {limit:.2f} CPU s without returning to Python; killed")
            raise PhaseTimeout(f"isolated attempt died (wait status {wait_status})")
        kind, value = message
        if kind == "timeout":
            raise PhaseTimeout(value)
        if kind == "error":
            raise value
        return value


#: CPU seconds an isolated attempt may run past its share before its process is killed
#: (its own interruption normally ends it at the share).
ISOLATION_GRACE = 1.0


def process_cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a running process, from ``/proc`` (None where unavailable)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


#: Seconds between a watchdog's looks at its clock.
POLL_SECONDS = 0.01


@contextlib.contextmanager
def interrupt_when(
    reached: Callable[[], bool],
    exception: Callable[[], BaseException],
    signum: signal.Signals = signal.SIGPROF,
) -> Iterator[None]:
    """Raise ``exception()`` in the body, in the main thread, as soon as ``reached()`` is true.

    A watchdog thread polls ``reached`` every :data:`POLL_SECONDS` and then calls
    :func:`_thread.interrupt_main`, which runs this context's handler for ``signum`` at the
    main thread's next bytecode *without an operating-system signal*.  An interval timer
    (``setitimer``) would deliver a real signal, and a signal the parent process blocked stays
    blocked in every child it forks or execs: a test harness that blocks ``SIGPROF`` made every
    budget of a checker silently infinite (a symbolic phase ran on to the runner's kill, and an
    expected CHECKED came out UNKNOWN).  The OS signal mask plays no part here.

    Outside the main thread the body runs uninterrupted (Python handlers run in the main
    thread only).  The handler is restored on exit; an interruption that lands after the body
    ended, or before ``reached()`` holds, is ignored.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    done = threading.Event()
    active = [True]

    def _raise(signum, frame):
        # ``reached()`` again: an interruption meant for a context nested in this one (same
        # ``signum``) that lands after the inner one exited must not end this body early.
        if active[0] and reached():
            active[0] = False
            raise exception()

    def _watch():
        while not done.wait(POLL_SECONDS):
            if reached():
                _thread.interrupt_main(signum)
                return

    previous = signal.signal(signum, _raise)
    watchdog = threading.Thread(target=_watch, name="symbolic-deadline", daemon=True)
    watchdog.start()
    try:
        yield
    finally:
        active[0] = False
        done.set()
        watchdog.join()
        signal.signal(signum, previous)
