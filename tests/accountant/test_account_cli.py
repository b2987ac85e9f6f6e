"""The ``account`` command: discovered through symbolic.commands, exit codes, JSON, --plot."""

from __future__ import annotations

import json

from symbolic.cli import main

RUN = {
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


def _write(tmp_path, run):
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))
    return str(path)


def test_json_output_and_flags_override_the_file(tmp_path, capsys):
    assert (
        main(["account", _write(tmp_path, RUN), "--delta", "1e-6", "--steps", "10", "--json", "--no-heuristics"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["delta"] == "1e-6" and out["run"]["steps"] == "10"
    assert out["all_iterates"]["epsilon"] is not None
    applicable = [r for r in out["bounds"] if r["applies"]]
    if applicable:
        assert out["best_last_iterate_bound"]["epsilon"] == min((r["epsilon"] for r in applicable), key=float)
    # the guarantee: the least of the applicable bounds and the all-iterates baseline
    values = [r["epsilon"] for r in applicable] + [out["all_iterates"]["epsilon"]]
    assert out["best"]["epsilon"] == min(values, key=float)


def test_bad_run_exits_2_naming_the_key(tmp_path, capsys):
    assert main(["account", _write(tmp_path, dict(RUN, batch_size="50"))]) == 2
    err = capsys.readouterr().err
    assert "batch_size" in err and "larger than the dataset" in err and "Traceback" not in err
    assert main(["account", _write(tmp_path, {k: v for k, v in RUN.items() if k != "noise_std"})]) == 2
    assert "noise_std" in capsys.readouterr().err


def test_text_table_and_plot(tmp_path, capsys):
    png = tmp_path / "eps.png"
    assert main(["account", _write(tmp_path, dict(RUN, steps="4")), "--plot", str(png), "--no-heuristics"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("guarantee for the released last iterate")
    assert "all iterates (replace-one neighbours)" in out and "theorems that give no number here" in out
    assert png.exists() and png.stat().st_size > 1000
