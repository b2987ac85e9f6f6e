"""The command line contracts of ARCHITECTURE.md: JSON shapes, exit statuses, messages."""

import importlib
import json
import subprocess
import sys

import mpmath
import pytest

from symbolic import Identity, Paper, Registry, Source
from symbolic.cli import main
from symbolic.params import positive

# The package re-exports the function `registry`, which shadows the module attribute.
registry_module = importlib.import_module("symbolic.registry")


@pytest.fixture
def tiny_registry(monkeypatch):
    """A registry with three fast claims, one of them unexpected."""
    a = positive("a").symbol
    paper = Paper("demo", "Demo paper")
    src = Source("demo", "Lemma 1", ("3",))
    paper.add(Identity("demo/square", lhs=(a + 1) ** 2, rhs=a**2 + 2 * a + 1, statement="binomial", source=src))
    paper.add(
        Identity(
            "demo/printed",
            lhs=(a + 1) ** 2,
            rhs=a**2 + 1,
            statement="printed typo",
            source=src,
            expect="refuted",
            erratum="demo E1",
        )
    )
    reg = Registry([paper])
    monkeypatch.setattr(registry_module, "_DEFAULT", reg)
    return paper, a, src


def test_verify_json_shape_and_exit_status(tiny_registry, capsys):
    assert main(["verify", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"claims", "summary"}
    row = out["claims"][1]
    for key in ("id", "paper", "source", "kind", "expect", "status", "method", "seconds", "cpu_seconds", "budget"):
        assert key in row
    assert row["status"] == "refuted" and row["counterexample"]
    assert out["summary"] == {"total": 2, "proved": 1, "checked": 0, "refuted": 1, "unknown": 0, "unexpected": 0}


def test_verify_budget_scale_reruns_with_scaled_budgets(tiny_registry, capsys):
    assert main(["verify", "--json", "--budget-scale", "1/3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["budget_scale"] == pytest.approx(1 / 3)
    assert not any(row["cached"] for row in out["claims"])
    with pytest.raises(SystemExit) as exc:
        main(["verify", "--budget-scale", "-1"])
    assert exc.value.code == 2 and "must be positive" in capsys.readouterr().err


def test_verify_fails_on_unexpected_verdict(tiny_registry, capsys):
    paper, a, src = tiny_registry
    paper.add(Identity("demo/wrong", lhs=a, rhs=a + 1, statement="false but expected proved", source=src))
    assert main(["verify"]) == 1
    text = capsys.readouterr().out
    assert "UNEXPECTED" in text and "1 unexpected" in text


def test_verify_unknown_paper_exits_2(tiny_registry, capsys):
    assert main(["verify", "--paper", "nope"]) == 2
    assert "no paper 'nope'" in capsys.readouterr().err


def test_eval_json_matches_independent_40_digit_reference(capsys):
    assert main(["eval", "kong-ribero/theta", "L=1.37", "s=9", "--dps", "40", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "kong-ribero/theta" and out["params"] == {"L": "1.37", "s": "9"} and out["dps"] == 40
    with mpmath.workdps(80):
        L = mpmath.mpf(137) / 100
        ref = L**16 / mpmath.fsum(L ** (2 * j) for j in range(9))
        assert abs(mpmath.mpf(out["value"]) - ref) <= ref * mpmath.mpf(10) ** -39
        assert len(out["value"].replace("0.", "", 1)) >= 38


def test_eval_theta_near_one_with_huge_s():
    """θ at L = 1 + 1e-9, s = 10^12: 25+ correct digits, computed in O(1)."""
    from symbolic import registry

    v = registry().formula("kong-ribero/theta").evaluate(dps=30, L="1.000000001", s=10**12)
    with mpmath.workdps(100):
        L = 1 + mpmath.mpf(10) ** -9
        ref = (1 - L**-2) / (1 - L ** (-2 * mpmath.mpf(10) ** 12))
        assert abs(v - ref) <= ref * mpmath.mpf(10) ** -28


@pytest.mark.parametrize(
    "args, needle",
    [
        (["kong-ribero/theta", "L=-2", "s=3"], "hypothesis 'L > 0' is violated by L = -2"),
        (["kong-ribero/theta", "L=2", "s=1.5"], "'s is an integer' is violated by s = 3/2"),
        (["kong-ribero/theta", "L=x", "s=3"], "cannot parse 'x'"),
        (["kong-ribero/theta", "L=2"], "missing parameter(s) s"),
        (["kong-ribero/theta", "L2", "s=3"], "expected name=value"),
        (["kong-ribero/nothing", "L=2"], "no formula with ID"),
        (["kong-ribero/theta", "L=2", "s=3", "--dps", "0"], "dps must be an integer from 1 to"),
    ],
)
def test_eval_bad_input_exits_2_with_message(args, needle, capsys):
    assert main(["eval", *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_module_entry_point_exit_status_and_no_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "symbolic", "eval", "kong-ribero/theta", "L=-2", "s=9"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "kong-ribero/theta" in proc.stderr and "L > 0" in proc.stderr and "-2" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_list_shows_parameters_hypotheses_and_source(capsys):
    assert main(["list", "--paper", "kong-ribero"]) == 0
    out = capsys.readouterr().out
    assert "kong-ribero/theta" in out and "L > 0" in out and "eq. (15)" in out


def test_verify_names_unexpected_claims_last_with_a_reproducer(tiny_registry, capsys):
    paper, a, src = tiny_registry
    paper.add(Identity("demo/wrong", lhs=a, rhs=a + 1, statement="false but expected proved", source=src))
    assert main(["verify"]) == 1
    out, err = capsys.readouterr()
    lines = out.rstrip().splitlines()
    assert lines[-1].startswith("3 claims:") and "1 unexpected" in lines[-1]
    tail = "\n".join(lines[-6:])
    assert "UNEXPECTED demo/wrong: expected proved, got refuted" in tail
    assert "reproduce: python -m symbolic verify demo/wrong" in tail
    # off a terminal: one progress line per paper, on stderr
    assert err.count("verify: demo: 3 claims checked, 1 unexpected") == 1
    assert all(len(line) <= 120 for line in out.splitlines())


def test_verify_quiet_prints_only_the_closing_lines(tiny_registry, capsys):
    assert main(["verify", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert out.strip().splitlines() == [out.strip().splitlines()[-1]] and out.strip().startswith("2 claims:")
    assert err == ""


def test_verify_runs_the_claims_it_is_given(tiny_registry, capsys):
    assert main(["verify", "demo/printed", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [c["id"] for c in out["claims"]] == ["demo/printed"]
    assert main(["verify", "demo/nope"]) == 2
    assert "demo/nope" in capsys.readouterr().err
    assert main(["verify", "demo/printed", "--paper", "demo"]) == 2


def test_verify_escapes_control_characters_of_verdict_text(tiny_registry, capsys, monkeypatch):
    """Verdict text may come from the cache: an escape sequence in a method is shown, not obeyed."""
    from symbolic.cli import verify
    from symbolic.runner import Result
    from symbolic.verdict import Status, Verdict

    paper, a, src = tiny_registry
    claim = paper.claims["demo/square"]
    hostile = "\x1b[2J\x1b[HALL CLAIMS PROVED\r\x9b31m\u202e"
    results = [Result(claim, Verdict(Status.UNKNOWN, hostile, hostile))]
    verify.print_table(results, registry_module.registry())
    verify.print_problems(results)
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\x9b" not in out and "\u202e" not in out
    assert "\\x1b[2J" in out and "UNEXPECTED demo/square: expected proved, got unknown" in out


def test_verify_shows_a_progress_bar_on_a_terminal(tiny_registry, tmp_path):
    """On a terminal the bar is on stderr (rich): claims done / total, elapsed, the paper."""
    import os
    import pty

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}  # the user's path: the verdict cache in use
    env.pop("HIDDEN_STATE_PROOFS_NO_CACHE")
    script = (
        "import importlib, sys, time; from symbolic import Identity, Paper, Registry, Source; "
        "from symbolic.params import positive; from symbolic.cli import main; "
        "a = positive('a').symbol; p = Paper('demo', 'Demo'); "
        "p.add(Identity('demo/square', lhs=(a + 1)**2, rhs=a**2 + 2*a + 1, statement='binomial', source=Source('demo', 'Lemma 1', ('3',)))); "
        "importlib.import_module('symbolic.registry')._DEFAULT = Registry([p]); sys.exit(main(['verify']))"
    )
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", script], stdin=slave, stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    out = proc.communicate(timeout=120)[0].decode()
    err = b"".join(chunks).decode(errors="replace")
    assert proc.returncode == 0
    assert "verify" in err and "1/1" in err and "0:00:0" in err and "demo" in err  # done / total, elapsed, paper
    assert "1 claims: 1 proved" in out


def test_verify_json_escapes_c1_controls(tiny_registry, capsys, monkeypatch):
    """JSON escapes C0 controls itself; a C1 CSI (U+009B) or a bidi override in a verdict's text is escaped
    too, and the output is still the same JSON."""
    from symbolic import runner
    from symbolic.verdict import Status, Verdict

    hostile = "\x9b2J\u202e\x1b[31m"
    monkeypatch.setattr(runner, "_check_safely", lambda claim, scale=1.0: Verdict(Status.PROVED, hostile, hostile))
    main(["verify", "demo/square", "--json", "--jobs", "1"])
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x9b\u202e\x1b")
    assert json.loads(out)["claims"][0]["method"] == hostile


def test_replace_file_leaves_nothing_behind_when_the_write_fails(tmp_path):
    """symbolic.files.replace_file (export -o, account --plot): a failing write raises InputError naming
    the command and the file, leaves the existing file as it was, and removes its temporary file."""
    import pytest

    from symbolic.errors import InputError
    from symbolic.files import replace_file

    out = tmp_path / "out.txt"
    out.write_text("keep me")

    def fail(tmp: str) -> None:
        with open(tmp, "w") as handle:
            handle.write("half")
        raise OSError(28, "No space left on device")

    with pytest.raises(InputError, match=r"export: could not write .*out\.txt: No space left on device"):
        replace_file(out, fail, command="export")
    assert out.read_text() == "keep me" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    replace_file(out, lambda tmp: open(tmp, "w").write("new"), command="export")
    assert out.read_text() == "new" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]
