import os
import time

import sympy as sp

from symbolic import Claim, Identity, Source, Status
from symbolic.runner import run_claims
from symbolic.verdict import Verdict, meets

SRC = Source("test", "unit")
x = sp.Symbol("x", positive=True)


class Sleeper(Claim):
    kind = "test"

    def _check(self, deadline):
        time.sleep(60)
        return Verdict(Status.PROVED, "never reached")


class Crasher(Claim):
    kind = "test"

    def _check(self, deadline):
        raise RuntimeError("boom")


class Exiter(Claim):
    kind = "test"

    def _check(self, deadline):
        os._exit(3)


def test_timeout_is_unknown_never_proved():
    [res] = run_claims([Sleeper("t/sleep", "sleeps", SRC, budget=0.3)])
    assert res.verdict.status is Status.UNKNOWN and res.verdict.method == "timeout"
    assert res.verdict.seconds < 10
    assert res.unexpected


def test_crash_and_death_are_unknown():
    res = run_claims([Crasher("t/crash", "crashes", SRC), Exiter("t/exit", "exits", SRC)])
    assert [r.verdict.status for r in res] == [Status.UNKNOWN, Status.UNKNOWN]
    assert "RuntimeError" in res[0].verdict.method
    assert "died" in res[1].verdict.method


def test_results_keep_input_order_in_parallel():
    claims = [Identity(f"t/id{i}", (x + i) ** 2, x ** 2 + 2 * i * x + i ** 2, "square", SRC) for i in range(6)]
    res = run_claims(claims, jobs=3)
    assert [r.claim.id for r in res] == [c.id for c in claims]
    assert all(r.verdict.status is Status.PROVED for r in res)


def test_expectations():
    assert meets(Status.PROVED, "checked") and meets(Status.CHECKED, "checked")
    assert not meets(Status.CHECKED, "proved") and not meets(Status.UNKNOWN, "checked")
    assert meets(Status.REFUTED, "refuted") and not meets(Status.PROVED, "refuted")
