"""``--target-epsilon E --delta D --calibrate KEY``: the least noise (or most steps) whose guarantee is ≤ E,
certified at the returned value, with the search bracket (issue 29, item 4)."""

from __future__ import annotations

import json
from fractions import Fraction

from accountant import account
from accountant.examples import example_run
from accountant.calibrate import calibrate
from symbolic.cli import main

#: run (c): full-batch, strongly convex, unclipped (notebook 07's run where a theorem beats all iterates)
RUN_C = example_run("c")  # accountant.examples: issue 29's run (c)


def _guarantee(run, **change):
    res = account({**run, **change}, delta="1e-5", heuristics=False)
    return Fraction(res.best.result)


def test_least_noise_std_for_epsilon_one(tmp_path, capsys):
    path = tmp_path / "c.json"
    path.write_text(json.dumps(RUN_C))
    assert (
        main(["account", str(path), "--target-epsilon", "1", "--delta", "1e-5", "--calibrate", "noise_std", "--json"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    value = Fraction(out["value"])
    assert Fraction(out["epsilon"]) <= 1 and out["certified"]
    assert _guarantee(RUN_C, noise_std=out["value"]) <= 1  # recomputed, certified, at the returned value
    smaller = str(value * Fraction(99, 100))
    assert _guarantee(RUN_C, noise_std=smaller) > 1  # 1 % less noise: over the target
    lo, hi = (Fraction(x) for x in out["bracket"])
    assert lo < hi <= value and _guarantee(RUN_C, noise_std=out["bracket"][0]) > 1


def test_most_steps_for_a_target():
    res = calibrate(RUN_C, key="steps", target_epsilon="2", delta="1e-5")
    T = int(res.value)
    assert Fraction(res.guarantee) <= 2 and res.bracket == (str(T), str(T + 1))
    assert _guarantee(RUN_C, steps=str(T + 1)) > 2
