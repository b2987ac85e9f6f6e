import os
import time

import pytest
import sympy as sp

from symbolic import Claim, Identity, Source, Status
from symbolic.deadline import Deadline
from symbolic.runner import WALL_FACTOR, kill_after, run_claims, usable_cores
from symbolic.verdict import meets

SRC = Source("test", "unit")
x = sp.Symbol("x", positive=True)


class Spinner(Claim):
    """Computes forever and never looks at its deadline (a hung simplify)."""

    kind = "test"

    def _check(self, deadline):
        while True:
            pass


class Crasher(Claim):
    kind = "test"

    def _check(self, deadline):
        raise RuntimeError("boom")


class Exiter(Claim):
    kind = "test"

    def _check(self, deadline):
        os._exit(3)


def test_timeout_is_unknown_never_proved():
    [res] = run_claims([Spinner("t/spin", "spins", SRC, budget=0.1)])
    assert res.verdict.status is Status.UNKNOWN and res.verdict.method == "timeout"
    # killed once its CPU time passes HANG_FACTOR budgets plus grace (2.4 CPU s); on a loaded
    # machine that takes longer in wall time, bounded by the wall-clock backstop
    assert kill_after(res.claim) < res.verdict.seconds < WALL_FACTOR * kill_after(res.claim) + 5
    assert res.unexpected


def test_worker_count_follows_usable_cores():
    assert usable_cores() == len(os.sched_getaffinity(0))


def test_budget_is_cpu_time_not_wall_time():
    d = Deadline(0.2)
    time.sleep(0.4)  # sleeping uses no CPU: the budget is untouched
    assert not d.expired()


def test_crash_and_death_are_unknown():
    res = run_claims([Crasher("t/crash", "crashes", SRC), Exiter("t/exit", "exits", SRC)])
    assert [r.verdict.status for r in res] == [Status.UNKNOWN, Status.UNKNOWN]
    assert "RuntimeError" in res[0].verdict.method
    assert "died" in res[1].verdict.method


def test_results_keep_input_order_in_parallel():
    claims = [
        Identity(f"t/id{i}", lhs=(x + i) ** 2, rhs=x**2 + 2 * i * x + i**2, statement="square", source=SRC)
        for i in range(6)
    ]
    res = run_claims(claims, jobs=3)
    assert [r.claim.id for r in res] == [c.id for c in claims]
    assert all(r.verdict.status is Status.PROVED for r in res)


def test_expectations():
    assert meets(Status.PROVED, "checked") and meets(Status.CHECKED, "checked")
    assert not meets(Status.CHECKED, "proved") and not meets(Status.UNKNOWN, "checked")
    assert meets(Status.REFUTED, "refuted") and not meets(Status.PROVED, "refuted")


class Burner(Claim):
    """Needs a fixed amount of CPU time before it can conclude (a slow but finite proof)."""

    kind = "test"

    def _check(self, deadline):
        from symbolic.deadline import PhaseTimeout
        from symbolic.verdict import Verdict

        try:
            with deadline.phase(0.7):
                start = time.process_time()
                while time.process_time() - start < 0.3:
                    pass
        except PhaseTimeout:
            return Verdict(Status.UNKNOWN, "ran out of its share")
        return Verdict(Status.PROVED, "burned 0.3 CPU s")


def test_budget_scale_shows_the_verdict_of_a_slower_machine():
    claim = Burner("t/burn", "needs 0.3 CPU s", SRC, budget=1.0)
    [full] = run_claims([claim])
    [third] = run_claims([claim], budget_scale=1 / 3)  # 0.7 × 1/3 s < 0.3 s: the phase is cut
    assert full.verdict.status is Status.PROVED and third.verdict.status is Status.UNKNOWN
    assert full.verdict.cpu_seconds >= 0.3  # the CPU time the checker used is reported
    assert kill_after(claim, 1 / 3) < kill_after(claim)
    with pytest.raises(ValueError, match="budget_scale"):
        run_claims([claim], budget_scale=0)


def test_claims_may_come_from_a_lazy_iterable():
    # verify passes Registry.iter_claims: the next claim is drawn only once a checker slot is
    # taken, so a paper loads while the previous one's claims run; results keep the order
    drawn = []

    def lazily():
        for i in range(5):
            drawn.append(i)
            yield Identity(f"t/lazy{i}", lhs=(x + i) ** 2, rhs=x**2 + 2 * i * x + i**2, statement="square", source=SRC)

    source = lazily()
    res = run_claims(source, jobs=2)
    assert [r.claim.id for r in res] == [f"t/lazy{i}" for i in range(5)] and drawn == list(range(5))
    assert all(r.verdict.status is Status.PROVED for r in res)


def test_registry_iter_claims_loads_a_paper_only_when_its_claims_are_reached():
    from symbolic.paper import Paper
    from symbolic.registry import Registry

    papers = {}
    for key in ("pa", "pb"):
        p = Paper(key, key)
        p.add(Identity(f"{key}/one", lhs=x + 1, rhs=1 + x, statement="one", source=SRC))
        papers[key] = p
    reg = Registry(papers=[papers["pa"]], index={"pb": "unused.module"})
    loads = []
    reg.paper = lambda key: loads.append(key) or papers[key]  # noqa: E731 - records each load
    it = reg.iter_claims()
    assert next(it).id == "pa/one" and loads == ["pa"]
    assert next(it).id == "pb/one" and loads == ["pa", "pb"]
    assert [c.id for c in reg.iter_claims("pb")] == [c.id for c in reg.claims("pb")]


class Chatty(Claim):
    """A verdict larger than a pipe's buffer (the checker writes it while the runner reads)."""

    kind = "test"

    def _check(self, deadline):
        from symbolic.verdict import Verdict

        return Verdict(Status.CHECKED, "long evidence", "x" * 300_000)


def test_a_verdict_larger_than_the_pipe_buffer_arrives_whole():
    [res] = run_claims([Chatty("t/chatty", "chatty", SRC)])
    assert res.verdict.status is Status.CHECKED and res.verdict.evidence == "x" * 300_000


class PidSpinner(Claim):
    """Writes its process id to ``path``, then computes forever."""

    kind = "test"

    def __init__(self, *args, path, **kw):
        super().__init__(*args, **kw)
        self.path = path

    def _check(self, deadline):
        with open(self.path, "w") as fh:
            fh.write(str(os.getpid()))
        while True:
            pass


def test_an_interrupted_run_leaves_no_checker_running(tmp_path):
    path = tmp_path / "pid"
    spinner = PidSpinner("t/pidspin", "spins", SRC, budget=60, path=str(path))
    quick = Identity("t/quick", lhs=x + 1, rhs=1 + x, statement="one", source=SRC)

    def interrupt(result):
        while not path.exists() or not path.read_text():  # the spinner is running
            time.sleep(0.01)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_claims([spinner, quick], jobs=2, progress=interrupt)
    pid = int(path.read_text())
    with pytest.raises(ProcessLookupError):  # killed and reaped, not left to spin
        os.kill(pid, 0)


class SeesModule(Claim):
    """CHECKED when the module it declares is already imported as its check starts."""

    kind = "test"

    def _check(self, deadline):
        import sys

        from symbolic.verdict import Verdict

        loaded = all(name in sys.modules for name in self.imports)
        return Verdict(Status.CHECKED if loaded else Status.UNKNOWN, f"preloaded: {loaded}")


def test_declared_imports_are_loaded_once_before_the_checkers_fork(tmp_path, monkeypatch):
    import sys

    (tmp_path / "slow_peer_for_test.py").write_text("import os\nIMPORTED_BY = os.getpid()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "slow_peer_for_test", raising=False)
    claims = [SeesModule(f"t/sees{i}", "sees", SRC, imports=("slow_peer_for_test",)) for i in range(3)]
    missing = SeesModule("t/missing", "a module that does not exist", SRC, imports=("no_such_module_here",))
    res = run_claims(claims + [missing], jobs=2)
    assert [r.verdict.status for r in res] == [Status.CHECKED] * 3 + [Status.UNKNOWN]
    assert sys.modules["slow_peer_for_test"].IMPORTED_BY == os.getpid()  # by the runner, not a checker


class SeesUnits(Claim):
    """CHECKED when SymPy's lazily imported units package is loaded as the check starts."""

    kind = "test"

    def _check(self, deadline):
        import sys

        from symbolic.verdict import Verdict

        loaded = "sympy.physics.units" in sys.modules
        return Verdict(Status.CHECKED if loaded else Status.UNKNOWN, f"units loaded: {loaded}")


def test_checkers_start_with_the_module_simplify_imports_on_first_use():
    # simplify imports sympy.physics.units on its first call (0.2 CPU s): the runner imports it
    # once, so no checker or isolated attempt pays for it again
    [res] = run_claims([SeesUnits("t/units", "units", SRC)])
    assert res.verdict.status is Status.CHECKED


def test_formulas_are_prepared_before_the_checkers_fork():
    """The runner builds the loaded formulas' hypotheses once, before forking, so that the
    checkers share them instead of each building them again (symbolic.formula.prepare_formulas)."""
    from symbolic import Formula, Hypothesis
    from symbolic.formula import _UNPREPARED
    from symbolic.params import positive

    x_p = positive("x")
    f = Formula("test/runner-prepared", x_p.symbol, [x_p], SRC, [Hypothesis(sp.Symbol("x") < 2, "x < 2")])
    assert f in _UNPREPARED
    claim = Identity("t/runner-prepared", lhs=x + 1, rhs=1 + x, statement="one", source=SRC)
    assert run_claims([claim], jobs=1)[0].verdict.status is Status.PROVED
    assert f not in _UNPREPARED
