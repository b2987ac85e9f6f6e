"""The ``account`` command: discovered through symbolic.commands, exit codes, JSON, --plot."""

from __future__ import annotations

import json

import pytest

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


# --- issue 29: several δ, conflicts, --explain, --statement, --digits; issue 33 item 6: --plot paths ----------


def test_several_deltas_give_the_curve(tmp_path, capsys):
    path = _write(tmp_path, RUN)
    assert main(["account", path, "--delta", "1e-5", "1e-6", "--delta", "1e-7", "--json"]) == 0
    pts = json.loads(capsys.readouterr().out)["curve"]
    assert [p["delta"] for p in pts] == ["1e-5", "1e-6", "1e-7"]
    eps = [float(p["epsilon"]) for p in pts]
    assert eps == sorted(eps) and all(p["source"] for p in pts)  # smaller δ, larger ε


def test_repeated_single_valued_flags_and_cli_conflicts_are_errors(tmp_path, capsys):
    path = _write(tmp_path, RUN)
    with pytest.raises(SystemExit) as exc:
        main(["account", path, "--epsilon", "1", "--epsilon", "2"])
    assert exc.value.code == 2 and "given twice" in capsys.readouterr().err
    # --steps and --epochs on the command line conflict as the two keys in a file do
    assert main(["account", path, "--steps", "10", "--epochs", "3"]) == 2
    assert "disagrees with epochs" in capsys.readouterr().err
    # one flag overrides the file's counterpart
    assert (
        main(
            [
                "account",
                _write(tmp_path, dict(RUN, steps=None, epochs="2")),
                "--steps",
                "8",
                "--json",
                "--no-heuristics",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["run"]["steps"] == "8"


def test_explain_statement_and_digits(tmp_path, capsys):
    path = _write(tmp_path, RUN)
    assert main(["account", path, "--explain"]) == 0
    out = capsys.readouterr().out
    assert "proof covers replace-one neighbours" in out and "Bok, Su & Altschuler, Theorem 4.5" in out
    assert main(["account", path, "--explain", "--adjacency", "add-remove"]) == 0
    out = capsys.readouterr().out
    assert "no add-remove argument is given there" in out and "0 of" in out
    assert main(["account", path, "--statement"]) == 0
    out = capsys.readouterr().out
    assert "replacing one example" in out and "differential privacy" in out and "assumes that" in out
    assert main(["account", path, "--digits", "3", "--no-heuristics"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    value = first.split("≤ ")[1].split(" ")[0]
    assert len(value.replace(".", "").lstrip("0").split("e")[0]) <= 3


def test_plot_path_is_checked_before_any_work(tmp_path, capsys, monkeypatch):
    import accountant.report as report

    def never(*a, **k):
        raise AssertionError("accounting ran before the path was checked")

    monkeypatch.setattr(report, "account", never)
    path = _write(tmp_path, RUN)
    existing = tmp_path / "old.png"
    existing.write_text("keep me")
    cases = [
        ("-", "not supported"),
        (str(tmp_path / "missing" / "x.png"), "does not exist"),
        (str(tmp_path / "x.unknownext"), "does not write '.unknownext'"),
        (str(existing), "exists; pass --force"),
        (str(tmp_path), "is a directory"),
    ]
    for plot, words in cases:
        assert main(["account", path, "--plot", plot]) == 2, plot
        assert words in capsys.readouterr().err
    assert existing.read_text() == "keep me"


def test_plot_replaces_a_symlink_instead_of_writing_through_it(tmp_path, capsys):
    target = tmp_path / "notes.txt"
    target.write_text("my notes")
    link = tmp_path / "link.png"
    link.symlink_to(target)
    path = _write(tmp_path, dict(RUN, steps="4"))
    assert main(["account", path, "--plot", str(link), "--no-heuristics"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert main(["account", path, "--plot", str(link), "--no-heuristics", "--force"]) == 0
    assert target.read_text() == "my notes" and not link.is_symlink() and link.stat().st_size > 1000
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_delta_before_the_run_file(tmp_path, capsys):
    assert main(["account", "--delta", "1e-6", _write(tmp_path, RUN), "--json", "--no-heuristics"]) == 0
    assert json.loads(capsys.readouterr().out)["delta"] == "1e-6"


def test_part_seconds_flag(tmp_path, capsys):
    path = _write(tmp_path, RUN)
    assert main(["account", path, "--part-seconds", "0"]) == 2
    assert "--part-seconds must be in (0, 3600]" in capsys.readouterr().err
    assert main(["account", path, "--part-seconds", "30", "--no-heuristics", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["failures"] == []


def test_add_remove_run_says_once_that_every_theorem_is_replace_one(tmp_path, capsys):
    """Under add-remove (Opacus' default) every theorem is refused for its relation: one paragraph names them all
    and says what the user can do, instead of one identical line per theorem; other reasons keep their lines."""
    path = _write(tmp_path, RUN)
    assert main(["account", path, "--adjacency", "add-remove", "--no-heuristics"]) == 0
    out = capsys.readouterr().out
    (grouped,) = [line for line in out.splitlines() if line.startswith("stated for replace-one neighbours only")]
    assert "not for this run's add-remove neighbours" in grouped and "--adjacency replace-one" in grouped
    assert "bok-su-altschuler/thm-4.2-mu" in grouped and "ye-shokri/thm-4.3-eps" in grouped
    assert "is stated for replace-one neighbours; this run uses add-remove" not in out
    assert main(["account", path, "--no-heuristics"]) == 0  # replace-one: no such paragraph
    assert "neighbours only, not for this run's" not in capsys.readouterr().out
