"""Phase deadlines interrupt the body on CPU time, whatever signal mask the process inherited."""

import signal
import threading
import time

import pytest

from symbolic.budget import BudgetExceeded, time_budget
from symbolic.deadline import Deadline, PhaseTimeout, cpu_now, interrupt_when
from symbolic.runner import run_claims
from symbolic import Claim, Source, Status

SRC = Source("test", "unit")


def _spin(seconds: float) -> None:
    """Compute in Python bytecode for ``seconds`` of CPU time."""
    end = cpu_now() + seconds
    while cpu_now() < end:
        pass


@pytest.fixture
def sigprof_and_sigalrm_blocked():
    """The situation CI's harness put the test process in: both signals blocked, a mask that
    every forked checker inherits.  Budgets built on ``setitimer`` never fired under it."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF, signal.SIGALRM})
    yield
    signal.pthread_sigmask(signal.SIG_SETMASK, old)


def test_phase_interrupts_after_its_share_of_cpu_time():
    d = Deadline(1.0)
    start = cpu_now()
    with pytest.raises(PhaseTimeout):
        with d.phase(0.3):
            _spin(5)
    assert 0.29 <= cpu_now() - start < 0.6


def test_phase_interrupts_even_when_sigprof_is_blocked(sigprof_and_sigalrm_blocked):
    start = cpu_now()
    with pytest.raises(PhaseTimeout):
        with Deadline(0.5).phase():
            _spin(5)
    assert cpu_now() - start < 1.0


def test_phase_that_finishes_in_time_is_not_interrupted_later():
    before = signal.getsignal(signal.SIGPROF)
    with Deadline(0.3).phase():
        pass
    assert signal.getsignal(signal.SIGPROF) is before  # the handler is restored
    assert not [t for t in threading.enumerate() if t.name == "symbolic-deadline"]  # no watchdog left
    _spin(0.5)  # past the phase's limit, outside it: nothing is raised


def test_sleeping_does_not_use_the_phase_budget():
    with Deadline(0.2).phase():
        time.sleep(0.5)  # no CPU time used: no interruption


def test_nested_interruptions_end_only_their_own_body():
    outer_start = cpu_now()
    with interrupt_when(lambda: cpu_now() >= outer_start + 1.0, lambda: PhaseTimeout("outer")):
        inner_start = cpu_now()
        with pytest.raises(PhaseTimeout, match="inner"):
            with interrupt_when(lambda: cpu_now() >= inner_start + 0.2, lambda: PhaseTimeout("inner")):
                _spin(5)
        _spin(0.3)  # the outer body goes on: a late inner interruption must not end it
    with pytest.raises(PhaseTimeout, match="outer"):
        with interrupt_when(lambda: cpu_now() >= outer_start, lambda: PhaseTimeout("outer")):
            _spin(5)


def test_outside_the_main_thread_the_body_runs_uninterrupted():
    seen = []

    def worker():
        with Deadline(0.05).phase():
            _spin(0.2)
        seen.append("done")

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen == ["done"]


def test_eval_time_budget_fires_with_sigalrm_blocked(sigprof_and_sigalrm_blocked):
    start = time.monotonic()
    with pytest.raises(BudgetExceeded, match="time budget of 0.3 s"):
        with time_budget(0.3, "demo"):
            _spin(5)
    assert time.monotonic() - start < 2


class PhasedSpinner(Claim):
    """A checker whose symbolic phase would run far past the claim's budget (as a long
    ``simplify`` does), then settles for evidence: it relies on the phase being cut short."""

    kind = "test"

    def _check(self, deadline):
        from symbolic.verdict import Verdict

        try:
            with deadline.phase(0.5):
                _spin(60)
        except PhaseTimeout:
            return Verdict(Status.CHECKED, "phase cut at its share", "")
        return Verdict(Status.UNKNOWN, "phase was never cut", "")


def test_forked_checker_with_inherited_blocked_mask_keeps_its_budget(sigprof_and_sigalrm_blocked):
    [res] = run_claims([PhasedSpinner("t/phased", "phased", SRC, budget=0.4, expect="checked")])
    assert res.verdict.status is Status.CHECKED, res.verdict
    assert res.verdict.cpu_seconds < 1.0


def test_isolated_attempt_returns_its_value_and_raises_its_errors():
    d = Deadline(2.0)
    assert d.isolated(0.5, lambda inner: ("ok", inner.seconds <= 1.0)) == ("ok", True)
    with pytest.raises(ZeroDivisionError):
        d.isolated(0.5, lambda inner: 1 / 0)


def test_isolated_attempt_stuck_in_c_code_is_killed_and_charged():
    """A step that never returns to Python (here a C loop summing 10^13 integers) cannot be interrupted
    in process; isolated kills its process at its share plus grace, and the checker goes on."""
    from symbolic.deadline import ISOLATION_GRACE

    d = Deadline(1.0)
    start = time.monotonic()
    with pytest.raises(PhaseTimeout, match="killed"):
        d.isolated(0.5, lambda inner: sum(range(10**13)))
    assert time.monotonic() - start < 10
    assert 0.5 <= d.used() <= 0.5 + ISOLATION_GRACE + 0.5  # the attempt's CPU time is charged


def test_isolated_attempt_interrupted_in_python_reports_a_phase_timeout():
    d = Deadline(1.0)
    with pytest.raises(PhaseTimeout, match="phase exceeded"):
        d.isolated(0.3, lambda inner: _spin(30))
