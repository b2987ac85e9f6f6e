"""Run descriptions: exact parsing, derived values, and errors that name the key and the problem."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from accountant import parse_run
from symbolic.errors import InputError

BASE = {
    "loss": "nonconvex",
    "M": "1",
    "batching": "cyclic",
    "n": "1000",
    "batch_size": "100",
    "step_size": "0.1",
    "noise_multiplier": "1.1",
    "clip": "1",
    "epochs": "3",
}


def with_(**changes):
    run = dict(BASE)
    for k, v in changes.items():
        if v is None:
            run.pop(k, None)
        else:
            run[k] = v
    return run


def test_derived_values_are_exact():
    run = parse_run(BASE)
    assert run["noise_std"] == sp.Rational(11, 1000)  # z·C/b = 1.1·1/100, no float on the way
    assert run["steps"] == 30  # 3 epochs · ⌈1000/100⌉
    assert run["gradient_sensitivity"] == 2  # 2C
    assert run["weak_convexity"] == 1  # ρ = M for an M-smooth nonconvex loss
    assert run.adjacency == "replace-one" and run.clipped
    assert set(run.derived) >= {"noise_std", "steps", "gradient_sensitivity", "weak_convexity"}


def test_epochs_round_up_when_b_does_not_divide_n():
    assert parse_run(with_(batch_size="300"))["steps"] == 3 * 4


def test_json_file_and_string(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(json.dumps(BASE))
    assert parse_run(str(path)).values == parse_run(json.dumps(BASE)).values == parse_run(BASE).values


@pytest.mark.parametrize(
    "changes, key, words",
    [
        ({"loss": "smooth"}, "loss", "unknown value"),
        ({"loss": "strongly-convex", "m": "2"}, "m", "m > M"),
        ({"batch_size": "2000"}, "batch_size", "batch larger than the dataset"),
        ({"noise_multiplier": None}, "noise_std", "missing"),
        ({"step_size": "-0.1"}, "step_size", "negative"),
        ({"clip": None, "noise_multiplier": None, "noise_std": "0.1"}, "gradient_sensitivity", "missing"),
        ({"batching": "random"}, "batching", "unknown value"),
        ({"n": "10.5"}, "n", "positive integer"),
        ({"epochs": None}, "steps", "missing"),
        ({"loss": "strongly-convex"}, "m", "m > 0"),
        ({"weak_convexity": "2"}, "weak_convexity", "ρ = 2 > M = 1"),
        ({"noise_std": "0.5"}, "noise_std", "disagrees"),
        ({"steps": "31"}, "steps", "disagrees"),
        ({"batching": "full"}, "batch_size", "must equal n"),
    ],
)
def test_bad_runs_name_the_key_and_the_problem(changes, key, words):
    with pytest.raises(InputError) as err:
        parse_run(with_(**changes))
    assert f"'{key}'" in str(err.value) and words in str(err.value)


def test_unknown_key_and_float_are_refused():
    with pytest.raises(InputError, match="unknown key.*'sigma'"):
        parse_run(with_(sigma="1"))
    with pytest.raises(InputError, match="float"):
        parse_run(with_(step_size=0.1))


def test_noise_multiplier_needs_clip():
    with pytest.raises(InputError, match="'noise_multiplier'.*needs clip"):
        parse_run(with_(clip=None, gradient_sensitivity="1"))
