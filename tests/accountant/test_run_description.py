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


# --- the DP-SGD vocabulary (issue 29, item 5) and input errors (issue 33, item 4) -----------------------------


def test_json_numbers_are_parsed_exactly_from_their_decimal_text():
    text = json.dumps({**BASE, "step_size": "X", "noise_multiplier": "Y", "n": 1000}).replace('"X"', "0.1")
    run = parse_run(text.replace('"Y"', "1.1"))
    assert run["step_size"] == sp.Rational(1, 10) and run["noise_std"] == sp.Rational(11, 1000)
    # a JSON number with more digits than a float holds keeps every one of them
    run = parse_run(json.dumps(BASE).replace('"0.1"', "0.1000000000000000000000000001"))
    assert run["step_size"] == sp.Rational(10**27 + 1, 10**28)


def test_fractions_of_decimals():
    run = parse_run(with_(noise_multiplier=None, noise_std="1.1/100"))
    assert run["noise_std"] == sp.Rational(11, 1000)
    with pytest.raises(InputError, match="divides by zero"):
        parse_run(with_(step_size="1/0.0"))


def test_sample_rate_is_an_alternative_to_batch_size_for_poisson():
    run = parse_run(with_(batching="poisson", batch_size=None, sample_rate="256/60000", n="60000"))
    assert run["batch_size"] == 256 and run.as_json()["batch_size"] == "256"
    assert parse_run(with_(batching="poisson", batch_size=None, sample_rate="0.1"))["batch_size"] == 100
    with pytest.raises(InputError, match="'sample_rate'.*Poisson"):
        parse_run(with_(batch_size=None, sample_rate="0.1"))
    with pytest.raises(InputError, match="'batch_size'.*disagrees with sample_rate"):
        parse_run(with_(batching="poisson", sample_rate="0.2"))
    with pytest.raises(InputError, match="not a whole number"):
        parse_run(with_(batching="poisson", batch_size=None, sample_rate="0.00123"))


def test_did_you_mean_for_misspelt_keys_and_values():
    with pytest.raises(InputError, match="'noise_multiplyer' \\(did you mean 'noise_multiplier'\\?\\)"):
        parse_run({**BASE, "noise_multiplyer": "1"})
    with pytest.raises(InputError, match="did you mean 'nonconvex'"):
        parse_run(with_(loss="non-convex"))


def test_unknown_smoothness_is_allowed():
    run = parse_run(with_(M=None))
    assert not run.has("M") and not run.has("weak_convexity")


def test_yaml_empty_and_encodings(tmp_path):
    yaml_file = tmp_path / "run.yaml"
    yaml_file.write_text("".join(f"{k}: {v}\n" for k, v in BASE.items()))
    assert parse_run(str(yaml_file)).values == parse_run(BASE).values
    empty = tmp_path / "empty.json"
    empty.write_text("  \n")
    with pytest.raises(InputError, match="is empty"):
        parse_run(str(empty))
    u16 = tmp_path / "u16.json"
    u16.write_bytes(json.dumps(BASE).encode("utf-16"))  # with its byte-order mark: read
    assert parse_run(str(u16)).values == parse_run(BASE).values
    latin = tmp_path / "latin.json"
    latin.write_bytes(json.dumps(BASE).replace("nonconvex", "nonconv\u00e9x").encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8 text: byte 0xe9"):
        parse_run(str(latin))


def test_deep_json_and_long_numbers_are_refused_in_one_paragraph():
    with pytest.raises(InputError, match="more than 20 levels deep"):
        parse_run("{" + '"a": [' * 100000 + "]" * 100000 + "}")
    for text in (json.dumps(BASE).replace('"1000"', "1" * 5000), json.dumps(with_(step_size="1" * 4400))):
        with pytest.raises(InputError) as err:
            parse_run(text)
        assert "limit" in str(err.value) and len(str(err.value)) < 400


def test_utf16_without_byte_order_mark_is_named(tmp_path):
    path = tmp_path / "u16le.json"
    path.write_bytes(json.dumps(BASE).encode("utf-16-le"))
    with pytest.raises(InputError, match="looks like UTF-16 without a byte-order mark"):
        parse_run(str(path))


def test_yaml_text_on_the_command_line_is_read_as_a_description_not_a_file_name():
    # `account $'loss: convex\n...'` was taken for a path: "cannot read loss: convex\nM: [1,2]\n: No such file",
    # the description echoed back over several lines as a missing file's name (found by the red-team fuzz)
    pytest.importorskip("yaml")
    text = "".join(f"{k}: {v}\n" for k, v in BASE.items())
    assert parse_run(text).values == parse_run(BASE).values
    with pytest.raises(InputError) as err:
        parse_run("loss: convex\nM: [1, 2]\n")
    assert "cannot read" not in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(InputError, match=r"cannot read 'no such file\.json'"):
        parse_run("no such file.json")
