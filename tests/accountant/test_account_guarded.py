"""Every part of an ``account`` report runs under its own error handling and CPU budget; inputs too large for
any part are refused at parse time naming the limit; every user error exits 2 with one paragraph
(issue 29 item 6, issue 33 item 4)."""

from __future__ import annotations

import json

import pytest

import accountant.report as report
from accountant import account
from symbolic.cli import main
from symbolic.errors import InputError

#: the audit's "ordinary run" that exited 1 with no report: clipped, without replacement, noise_std = 1e-5
SMALL_NOISE = {
    "loss": "strongly-convex",
    "m": "0.01",
    "M": "1",
    "batching": "without-replacement",
    "n": "1000",
    "batch_size": "100",
    "clip": "1",
    "noise_std": "1e-5",
    "step_size": "0.1",
    "steps": "100",
    "diameter": "1",
}
POISSON = dict(SMALL_NOISE, batching="poisson", noise_std=None, noise_multiplier="1.1")
POISSON = {k: v for k, v in POISSON.items() if v is not None}
CYCLIC = {
    "loss": "strongly-convex",
    "m": "0.5",
    "M": "2",
    "batching": "cyclic",
    "n": "20",
    "batch_size": "5",
    "step_size": "0.2",
    "noise_std": "0.3",
    "gradient_sensitivity": "1",
    "steps": "40",
}


def _cli(tmp_path, run, *flags):
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))
    return main(["account", str(path), *flags])


def test_small_noise_without_replacement_run_reports_with_failures_named(tmp_path, capsys):
    assert _cli(tmp_path, SMALL_NOISE) == 0
    out, err = capsys.readouterr()
    assert out.startswith("guarantee for the released last iterate: ε ≤")
    assert "parts that failed" in out and "all-iterates baseline: not attempted" in out
    assert "Traceback" not in err and "internal error" not in err


def test_a_failing_baseline_is_reported_and_the_rows_print(monkeypatch):
    def boom(*a, **k):
        raise OverflowError("math range error")

    monkeypatch.setattr(report, "all_iterates", boom)
    res = account(CYCLIC, delta="1e-5", heuristics=False)
    assert res.all_iterates is None and res.applicable
    assert [f.part for f in res.failures] == ["all-iterates baseline"] and "OverflowError" in res.failures[0].reason
    assert res.best.source == "bound"
    assert "parts that failed" in str(res) and res.as_json()["failures"][0]["part"] == "all-iterates baseline"


def test_a_part_that_runs_past_its_cpu_budget_is_stopped(monkeypatch):
    def spin(*a, **k):
        x = 0
        while True:
            x += 1

    monkeypatch.setattr(report, "linear_loss_heuristic", spin)
    res = account(CYCLIC, delta="1e-5", baseline=False, part_seconds=0.3)
    assert res.heuristics == [] and res.applicable
    assert "CPU budget of 0.3 s" in res.failures[0].reason


def test_nothing_computed_exits_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(report, "all_iterates", lambda *a, **k: (_ for _ in ()).throw(ValueError("no")))
    run = dict(CYCLIC, loss="nonconvex", m=None)
    run = {k: v for k, v in run.items() if v is not None}
    run["adjacency"] = "add-remove"  # no theorem covers add-remove
    assert _cli(tmp_path, run, "--no-heuristics") == 2
    out, err = capsys.readouterr()
    assert "nothing could be computed" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "flags, words",
    [
        (["--n", "1e30"], "beyond the limit of 1e+15"),
        (["--steps", "1000000000000001"], "'steps'"),
        (["--diameter", "1e100000"], "beyond the range 1e-1000 to 1e1000"),
        (["--epsilon", "1e300"], "above 1000000"),
        (["--delta", "1e-100000"], "below 1e-1000"),
        (["--noise_multiplier", "1" * 5000], "beyond the limit of 200 significant digits"),
    ],
)
def test_inputs_beyond_every_part_are_refused_at_parse_time(tmp_path, capsys, flags, words):
    assert _cli(tmp_path, POISSON, *flags) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err) < 600 and err.count("\n") == 1


@pytest.mark.parametrize("flags", [["--noise_multiplier", "1e-5"], ["--noise_std", "1e29"], ["--noise_std", "1e300"]])
def test_extreme_noise_gives_a_report_not_a_crash(tmp_path, capsys, flags):
    assert _cli(tmp_path, POISSON, "--no-heuristics", *flags) == 0
    out, err = capsys.readouterr()
    assert "all-iterates baseline: not attempted" in out and "Traceback" not in err


def test_message_values_are_bounded_in_length():
    with pytest.raises(InputError) as err:
        account(dict(POISSON, n="1" * 4400), delta="1e-5")
    assert len(str(err.value)) < 400
