"""Adversarial fuzzing of ``eval`` (issue #10), ``account`` and the caches (issue #33): one command for the next audit.

    python benchmarks/fuzz.py --cases 2000 --seed 0 --timeout 10 [--json out.json] [--skip-caches]
                              [--account-cases 100]

Runs the command line in-process (``symbolic.cli.main``) on

* the reproducers of issue #10 (always), and
* ``--cases`` random ``eval`` commands over every registered formula: parameter values across
  many orders of magnitude and the hard regimes (near 0, near 1, huge, negative, 5000-digit,
  Unicode digits, malformed), random ``--dps`` (including 0 and 5000) and ``--certify``;

then ``--account-cases`` random run descriptions (and :data:`ACCOUNT_REPRODUCERS`, issue #33 item 4)
through ``python -m symbolic account`` in subprocesses: every key of the run vocabulary with values across
many orders of magnitude, hostile values and misspelt keys; each must exit 0 (a report, failed parts
named) or 2 (one paragraph), with no traceback, within its wall-clock limit;

then (unless ``--skip-caches``) runs ``verify``, ``eval`` and ``list`` in subprocesses over hostile
cache states (:data:`CACHE_STATES`: forged, moved, truncated and bit-flipped verdicts, FIFOs,
``/dev/zero`` symlinks, deeply nested and escape-laden entries signed with the user's own key, a
planted paper-index module, a directory or key open to others, a read-only directory, a file-size
limit that makes every write fail).  Each must exit as it does with an empty cache, print the
verdict the claim has when checked afresh, print no raw control character, import no planted
module, and leave no temporary file.

Each case is classified:

* ``value`` — exit 0 with a value (``enclosed`` when the value came from an Arb ball);
* ``refused`` — exit 2 with a one-paragraph message (bad input, violated hypothesis,
  evaluation refused, time budget), split by the message's kind;
* ``traceback`` — an exception escaped ``main`` or it reported an internal error (exit 1);
* ``outside-ball`` — a printed value that is not within half a unit of its last digit of a
  certified ball of the formula at 64 extra bits (checked whenever the formula certifies);
* ``hang`` — a case that ran past its CPU-time budget plus 10 s, or past eval's wall-clock hang
  guard (``WALL_FACTOR`` budgets) plus 10 s.

Not part of the test suite (it takes minutes); ``tests/symbolic/test_reliability.py`` keeps
the reproducers and a bounded property test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import mpmath

from symbolic.budget import WALL_FACTOR
from symbolic.certify import bits_for_digits
from symbolic.cli import main
from symbolic.registry import registry

REPRODUCERS = [
    "privacy/gdp-tradeoff mu=62 x=1e-100 --certify",
    "asoodeh-diaz/eq-20 eta=5/2 C=11/10 kappa=1/2 sigma=1/2 lam=1e-100 t=6",
    "asoodeh-diaz/prop-5 eps=1/2 eta=3 C=500/127 kappa=9/916 sigma=102/191 lam=1e-100 t=1",
    "privacy/gdp-tradeoff mu=3/2 x=0." + "9" * 40 + " --dps 8",
    "privacy/gdp-delta mu=1e200 eps=1",
    "privacy/gaussian-hockey-stick eps=1 r=1e200",
    "asoodeh-diaz/theta eps=1 D=1 eta=1 C=1 sigma=1e-200",
    "kong-ribero/theta L=-1e999999 s=2",
    "kong-ribero/theta L=1." + "3" * 4999 + " s=2",
    "kong-ribero/theta L=3/2 s=2 --dps 5000 --certify",
    "kong-ribero/theta L=1e-50 s=2",
    "kong-ribero/cor-c.2-ell-bar m=1e-60 M=1",
    "kong-ribero/lem-c.1-s-min L=2 xi=1." + "0" * 49 + "1",
    "asoodeh-diaz/thm-2-limit eps=1 p=1e-60 D=1 eta=1 C=1 sigma=1",
    "asoodeh-diaz/thm-2 eps=1 T=10 p=1e-60 D=1 eta=1 C=1 sigma=1",
    "asoodeh-diaz/prop-5 eps=1 eta=1e-50 C=1 kappa=1 sigma=1 lam=1/2 t=3",
    "privacy/gaussian-hockey-stick eps=3 r=1e-100",
    "asoodeh-diaz/eq-23 delta=1/100 p=1/2 D=1 eta=1 C=1 sigma=1e-250",
    "privacy/sgm-rdp-reverse q=1/2 sigma=1e-90 alpha=2",
    "privacy/subsampled-gdp-tradeoff p=2/3 mu=2 x=1",
    "asoodeh-diaz/thm-3 eps=1 T=1000000000 p=1/100 d=10 kappa=5 lam=1/10 eta=1 C=1 sigma=1",
    "privacy/sgm-rdp q=1/100 sigma=1 alpha=1e50",
    "kong-ribero/theta L=1e999999999 s=2",
    "kong-ribero/app-b-allocation L=2 tau=1 s=1 T=5 t=9",
    "kong-ribero/app-b-allocation L=2 tau=1 s=1 T=5 t=0",
    "kong-ribero/theta L=١٢ s=2",
    "privacy/gdp-tradeoff mu=20 x=1e-100",
    "privacy/gdp-tradeoff mu=40 x=1e-300 --dps 80",
    "privacy/subsampled-gdp-tradeoff p=1/100 mu=40 x=1/2",
    "privacy/subsampled-gdp-tradeoff p=1/100 mu=40 x=0.995",
    "privacy/rdp-linear-epsilon rho=1e16 delta=0.99 method=balle",
    "privacy/rdp-linear-epsilon rho=1e-23 delta=1e-300 method=best",
    "asoodeh-diaz/prop-5 eps=1 eta=1 C=1 kappa=1 sigma=1 lam=1/2 t=0",
    "kong-ribero/linear-gaussian-divergence alpha=2 sigma=1 L=1." + "0" * 29 + "1 tau=1 sbar=1 T=1e12 ell=1e6"
    " --certify",
]


def random_value(rng: random.Random, integer: bool) -> str:
    kind = rng.choice(["plain"] * 4 + ["near-one", "tiny", "huge", "negative", "zero", "fraction", "long", "weird"])
    if kind == "weird":
        return rng.choice(
            [
                "١٢",
                "１２",
                "1_000",
                "1 / 3",
                "nan",
                "inf",
                "1e",
                "--1",
                "1/0",
                "0x10",
                "",
                "1e999999999",
                "-1e999999",
                "1e-100000",
                "(1)",
                "1,5",
            ]
        )
    if integer and kind in ("plain", "tiny", "fraction", "near-one"):
        return str(rng.choice([0, 1, 2, 3, 5, 7, 10, 100, 1000, 10**6, 10**9, 10**12]))
    if kind == "near-one":
        k = rng.choice([3, 10, 20, 40, 60, 100])
        return "1." + "0" * (k - 1) + "1" if rng.random() < 0.5 else "0." + "9" * k
    if kind == "zero":
        return "0"
    if kind == "fraction":
        return f"{rng.randint(1, 999)}/{rng.randint(1, 999)}"
    if kind == "long":
        return "1." + "".join(rng.choice("0123456789") for _ in range(rng.choice([50, 500, 5000])))
    exponent = rng.choice([-300, -100, -60, -20, -8, -3, -1, 0, 1, 2, 3, 8, 20, 60, 100, 200, 300])
    if kind == "tiny":
        exponent = -abs(exponent) - 1
    if kind == "huge":
        exponent = abs(exponent) + 1
    mantissa = rng.choice(["1", "3", "2.5", "7", "9.99"])
    return ("-" if kind == "negative" else "") + f"{mantissa}e{exponent}"


def random_case(rng: random.Random, formulas) -> list[str]:
    f = rng.choice(formulas)
    args = [f.id]
    for p in f.params:
        if p.is_choice:
            if rng.random() < 0.9:
                args.append(f"{p.name}={rng.choice(list(p.choices) + ['nope'])}")
            continue
        if rng.random() < 0.02:
            continue  # a missing parameter
        args.append(f"{p.name}={random_value(rng, p.is_integer)}")
    r = rng.random()
    if r < 0.1:
        args += ["--dps", str(rng.choice([0, 1, 5, 60, 200, 1000, 5000]))]
    if rng.random() < 0.2:
        args.append("--certify")
    return args


_INPUT_MARKERS = (
    "expected name=value",
    "given twice",
    "dps must",
    "cannot parse",
    "exponent of",
    "more than",
    "divides by zero.",
    "missing parameter",
    "unknown parameter",
    "is not one of",
    "invalid choice",
    "no formula",
    "--timeout",
)


def classify_error(text: str) -> str:
    """The kind of a one-paragraph error: bad input, violated hypothesis, time budget, not
    certifiable (--certify on an uncertifiable point), or an evaluation refused on valid input."""
    if "time budget" in text:
        return "refused:budget"
    if any(m in text for m in _INPUT_MARKERS):
        return "refused:input"
    if "hypothesis" in text or "∈ {" in text:
        return "refused:hypothesis"
    if "certif" in text.lower() or "Arb " in text:
        return "refused:not-certifiable"
    return "refused:evaluation"


def check_against_ball(formula_id: str, params: dict, dps: int, text: str) -> bool | None:
    """True if the printed value is within half a unit of its last digit of a certified ball
    (64 bits beyond the digits), False if not, None when the formula cannot be certified there."""
    f = registry().formula(formula_id)
    try:
        ball = f.certify(prec=bits_for_digits(dps) + 64, **params)
    except Exception:
        return None
    m, r, e = (int(v) for v in ball.mid_rad_10exp(dps + 20))
    with mpmath.workdps(dps + 40):
        value = mpmath.mpf(text)
        lo = mpmath.mpf(m - r) * mpmath.mpf(10) ** e
        hi = mpmath.mpf(m + r) * mpmath.mpf(10) ** e
        if value == 0:
            return lo <= 0 <= hi
        half = abs(value) * mpmath.mpf(10) ** (1 - dps) * mpmath.mpf("0.5000001")
        return value - half <= lo and hi <= value + half


def run_case(args: list[str], timeout: float) -> dict:
    out, err = io.StringIO(), io.StringIO()
    start, cpu_start = time.monotonic(), time.process_time()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["eval", *args, "--json", "--timeout", str(timeout)])
    except SystemExit as exc:  # argparse
        code = exc.code if isinstance(exc.code, int) else 2
    except BaseException as exc:  # noqa: BLE001 - anything escaping main is a traceback
        return {
            "args": args,
            "outcome": "traceback",
            "error": f"{type(exc).__name__}: {exc}"[:300],
            "seconds": time.monotonic() - start,
        }
    seconds, cpu = time.monotonic() - start, time.process_time() - cpu_start
    row = {"args": [a if len(a) < 80 else a[:60] + "..." for a in args], "code": code, "seconds": seconds, "cpu": cpu}
    # eval's budget is CPU time, with the wall clock as a hang guard at WALL_FACTOR budgets: a hang is
    # a case that ran past either limit by more than 10 s (a loaded machine stretches the wall clock
    # of a case that stays within its CPU budget)
    if cpu > timeout + 10 or seconds > WALL_FACTOR * timeout + 10:
        row["outcome"] = "hang"
    elif code == 0:
        result = json.loads(out.getvalue())
        row["outcome"] = "value:enclosed" if result.get("enclosure") else "value:mpmath"
        row["value"] = result["value"]
        params = dict(a.split("=", 1) for a in args[1:] if "=" in a and not a.startswith("--"))
        inside = check_against_ball(args[0], params, result["dps"], result["value"])
        row["checked_against_ball"] = inside is not None
        if inside is False:
            row["outcome"] = "outside-ball"
    elif code == 1 or "internal error" in err.getvalue() or "Traceback" in err.getvalue():
        row["outcome"] = "traceback"
        row["error"] = err.getvalue()[:300]
    else:
        message = err.getvalue()
        row["outcome"] = classify_error(message)
        row["error"] = message[:200]
        if message.count("\n") > 1:
            row["outcome"] = "traceback"  # more than one paragraph
    return row


# ---------------------------------------------------------------------------
# The caches.

#: A cheap claim and a formula of one paper: what each hostile cache state is tried with.
CACHE_CLAIM = "kong-ribero/theta-at-L-1"
CACHE_EVAL = ["eval", "kong-ribero/theta", "L=1.37", "s=9"]


def _entries(root: Path):
    return sorted((root / "verdicts").glob("*/*.json"))


def _forge(root: Path, rewrite) -> None:
    """Rewrite every verdict entry's payload, signed again with the user's own key (so only the
    parser and the checks on its content stand between the entry and the output)."""
    from symbolic.cache import Store

    store = Store(root / "verdicts")
    for path in _entries(root):
        relative = path.relative_to(root / "verdicts").as_posix()
        store.write(relative, rewrite(store.read(relative)))


def _replace_entries(root: Path, make) -> None:
    for path in _entries(root):
        path.unlink()
        make(path)


def _rewrite_bytes(root: Path, change) -> None:
    for path in _entries(root):
        path.write_bytes(change(path.read_bytes()))


def _plant_module(root: Path) -> None:
    from symbolic.cache import Store

    store = Store(root / "index")
    data = store.read("papers.json")
    if isinstance(data, dict):
        store.write("papers.json", {**data, "index": {**data["index"], "kong-ribero": "this"}})


HOSTILE = "\x1b[2J\x1b[HALL CLAIMS PROVED\r\x9b31m"
CACHE_STATES = {
    "empty": lambda root: None,
    "forged-status": lambda root: _rewrite_bytes(root, lambda b: b.replace(b'"checked"', b'"proved"')),
    "escape-sequences": lambda root: _forge(root, lambda d: {**d, "method": HOSTILE, "evidence": HOSTILE}),
    "wrong-types": lambda root: _forge(root, lambda d: {**d, "method": [1, 2], "seconds": "nan"}),
    "nested": lambda root: _rewrite_bytes(root, lambda b: b.split(b"\n")[0] + b"\n" + b"[" * 100_000 + b"]" * 100_000),
    "truncated": lambda root: _rewrite_bytes(root, lambda b: b[: len(b) // 2]),
    "bit-flip": lambda root: _rewrite_bytes(root, lambda b: b[:-3] + bytes([b[-3] ^ 1]) + b[-2:]),
    "fifo": lambda root: _replace_entries(root, os.mkfifo),
    "dev-zero": lambda root: _replace_entries(root, lambda p: p.symlink_to("/dev/zero")),
    "symlink-out": lambda root: _replace_entries(root, lambda p: p.symlink_to("/etc/hostname")),
    "moved": lambda root: [p.rename(p.with_name(("0" * 64) + ".json")) for p in _entries(root)],
    "planted-module": _plant_module,
    "world-writable": lambda root: os.chmod(root / "verdicts", 0o777),
    "key-readable": lambda root: os.chmod(root / "key", 0o644),
    "key-symlink": lambda root: (root / "key").unlink() or (root / "key").symlink_to("/dev/zero"),
    "read-only": lambda root: [os.chmod(d, 0o500) for d in (root / "verdicts", root / "index")],
    "disk-full": lambda root: shutil.rmtree(root / "verdicts"),  # rewritten under a file-size limit of 0
}


def _run_cli(args: list[str], cache: Path, timeout: float, full_disk: bool = False) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "HIDDEN_STATE_PROOFS_NO_CACHE"}
    env["XDG_CACHE_HOME"] = str(cache)

    def limit():  # every write of more than 0 bytes fails (EFBIG), as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))

    start = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "symbolic", *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            preexec_fn=limit if full_disk else None,
        )
    except subprocess.TimeoutExpired:
        return {"exit": None, "out": "", "err": "", "seconds": time.monotonic() - start}
    return {"exit": done.returncode, "out": done.stdout, "err": done.stderr, "seconds": time.monotonic() - start}


def fuzz_caches(timeout: float) -> list[dict]:
    """Each hostile cache state of :data:`CACHE_STATES`, tried with verify, eval and list."""
    rows = []
    verify = ["verify", CACHE_CLAIM, "--json"]
    with tempfile.TemporaryDirectory() as scratch:
        fresh = _run_cli([*verify, "--no-cache"], Path(scratch) / "none", timeout)
        truth = json.loads(fresh["out"])["claims"][0]["status"] if fresh["exit"] == 0 else None
        expected_eval = _run_cli(CACHE_EVAL, Path(scratch) / "none", timeout)["out"]
        for name, spoil in CACHE_STATES.items():
            cache = Path(scratch) / name
            root = cache / "hidden-state-proofs"
            for args in (verify, CACHE_EVAL, ["list", "--paper", "kong-ribero"]):  # fill both caches
                _run_cli(args, cache, timeout)
            spoil(root)
            for args in (verify, [*verify[:2]], CACHE_EVAL):  # --json, the table, eval
                run = _run_cli(args, cache, timeout, full_disk=name == "disk-full")
                problems = []
                if run["exit"] is None:
                    problems.append("hang")
                elif run["exit"] != 0:
                    problems.append(f"exit {run['exit']}: {run['err'][-300:]}")
                text = run["out"] + run["err"]
                if any(c in text for c in ("\x1b", "\x9b", "\r")):
                    problems.append("raw control characters in the output")
                if "Zen of Python" in text:
                    problems.append("the planted module ran")
                if args is verify and run["exit"] == 0 and json.loads(run["out"])["claims"][0]["status"] != truth:
                    problems.append(f"verdict {json.loads(run['out'])['claims'][0]['status']}, afresh {truth}")
                if args is CACHE_EVAL and run["exit"] == 0 and run["out"] != expected_eval:
                    problems.append(f"eval printed {run['out']!r}, with no cache {expected_eval!r}")
                litter = [str(p) for p in root.rglob("*.tmp")] + [str(p) for p in root.rglob("tmp*")]
                if litter:
                    problems.append(f"temporary files left: {litter[:3]}")
                rows.append(
                    {
                        "state": name,
                        "args": args,
                        "outcome": "hang" if "hang" in problems else ("cache-failure" if problems else "ok"),
                        "problems": problems,
                        "seconds": round(run["seconds"], 2),
                    }
                )
            for d in (root / "verdicts", root / "index"):  # a read-only state: let the scratch go
                if d.exists():
                    os.chmod(d, 0o700)
    return rows


#: issue #33 item 4's account reproducers: (run description, extra command-line arguments).
_CLIPPED_WOR = {
    "loss": "convex",
    "M": "1",
    "batching": "without-replacement",
    "n": "1000",
    "batch_size": "10",
    "step_size": "0.1",
    "clip": "1",
    "steps": "100",
}
ACCOUNT_REPRODUCERS = [
    ({**_CLIPPED_WOR, "noise_std": "1e-5"}, []),
    ({**_CLIPPED_WOR, "noise_std": "1e20"}, []),
    ({**_CLIPPED_WOR, "noise_std": "1e300"}, []),
    ({**_CLIPPED_WOR, "noise_std": "0.1", "n": "1e30"}, []),
    ({**_CLIPPED_WOR, "noise_std": "0.1", "diameter": "1e100000"}, []),
    ({**_CLIPPED_WOR, "noise_std": "0.1", "diameter": "1e300"}, []),
    ({**_CLIPPED_WOR, "noise_std": "0.1"}, ["--epsilon", "1e300"]),
    ({**_CLIPPED_WOR, "noise_std": "0.1"}, ["--delta", "1e-100000"]),
    ({**_CLIPPED_WOR, "batching": "poisson", "noise_multiplier": "1e-5", "noise_std": None}, []),
    (
        {
            **_CLIPPED_WOR,
            "batching": "poisson",
            "noise_multiplier": "1.1",
            "noise_std": None,
            "steps": "1000000000000001",
        },
        [],
    ),
]
_ACCOUNT_KEYS = [
    "step_size",
    "noise_std",
    "noise_multiplier",
    "clip",
    "gradient_sensitivity",
    "batch_size",
    "n",
    "steps",
    "epochs",
    "m",
    "M",
    "weak_convexity",
    "holder_exponent",
    "holder_constant",
    "diameter",
    "dimension",
    "sample_rate",
]
_LOSSES = ["convex", "strongly-convex", "nonconvex", "weakly-convex", "holder", "quadratic", "bogus"]
_BATCHINGS = ["full", "cyclic", "shuffled", "poisson", "without-replacement", "random"]


def random_run(rng: random.Random) -> tuple[dict, list[str]]:
    """A run description an adversarial user might write: a plausible core, random extra keys, hostile
    values (:func:`random_value`), sometimes a misspelt key or a JSON number instead of a string."""
    run: dict = {"loss": rng.choice(_LOSSES), "batching": rng.choice(_BATCHINGS)}
    for key in rng.sample(_ACCOUNT_KEYS, rng.randint(3, 9)):
        value = random_value(rng, integer=key in ("batch_size", "n", "steps", "epochs", "dimension"))
        run[key] = float(value) if rng.random() < 0.1 and value.replace(".", "", 1).isdigit() else value
    if rng.random() < 0.1:
        run[rng.choice(["stepsize", "noise", "clipping", "batchsize"])] = "1"
    extra = []
    if rng.random() < 0.5:
        extra += ["--delta", random_value(rng, integer=False)]
    elif rng.random() < 0.5:
        extra += ["--epsilon", random_value(rng, integer=False)]
    if rng.random() < 0.2:
        extra += ["--adjacency", rng.choice(["add-remove", "replace-one", "swap"])]
    return run, extra


def fuzz_account(rng: random.Random, cases: int, timeout: float) -> list[dict]:
    """:data:`ACCOUNT_REPRODUCERS` and ``cases`` random runs through ``account`` in subprocesses."""
    rows = []
    runs = [({k: v for k, v in r.items() if v is not None}, a) for r, a in ACCOUNT_REPRODUCERS]
    runs += [random_run(rng) for _ in range(cases)]
    with tempfile.TemporaryDirectory() as scratch:
        for i, (run, extra) in enumerate(runs):
            path = Path(scratch) / f"run{i}.json"
            path.write_text(json.dumps(run), encoding="utf-8")
            args = [
                "account",
                str(path),
                *(extra if any(a in extra for a in ("--delta", "--epsilon")) else ["--delta", "1e-5", *extra]),
            ]
            got = _run_cli(args, Path(scratch) / "cache", timeout)
            problems = []
            if got["exit"] is None:
                problems.append("hang")
            elif got["exit"] not in (0, 2):
                problems.append(f"exit {got['exit']}")
            if "Traceback" in got["err"] or "internal error" in got["err"]:
                problems.append("traceback")
            outcome = "hang" if "hang" in problems else ("account-failure" if problems else f"exit-{got['exit']}")
            rows.append(
                {
                    "account_run": run,
                    "args": args[2:],
                    "outcome": outcome,
                    "problems": problems,
                    "reproducer": i < len(ACCOUNT_REPRODUCERS),
                    "seconds": round(got["seconds"], 2),
                    "stderr": got["err"][-300:],
                }
            )
    return rows


def main_fuzz(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2000, help="random cases besides the reproducers")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10.0, help="eval --timeout per case (seconds)")
    ap.add_argument("--json", metavar="PATH", help="write every case's row to PATH")
    ap.add_argument("--skip-caches", action="store_true", help="do not fuzz the verdict and paper index caches")
    ap.add_argument("--account-cases", type=int, default=100, help="random run descriptions for `account`")
    ap.add_argument("--account-timeout", type=float, default=300.0, help="wall-clock limit per `account` run")
    args = ap.parse_args(argv)
    formulas = registry().formulas()
    rng = random.Random(args.seed)
    cases = [line.split() for line in REPRODUCERS] + [random_case(rng, formulas) for _ in range(args.cases)]
    rows, counts = [], Counter()
    checked = 0
    start = time.monotonic()
    for i, case in enumerate(cases):
        row = run_case(case, args.timeout)
        row["reproducer"] = i < len(REPRODUCERS)
        rows.append(row)
        counts[row["outcome"]] += 1
        checked += bool(row.get("checked_against_ball"))
        if row["outcome"] in ("traceback", "outside-ball", "hang"):
            print(f"!! {row['outcome']}: {' '.join(row['args'])[:200]} {row.get('error', '')[:200]}", flush=True)
    account_rows = fuzz_account(rng, args.account_cases, args.account_timeout)
    for row in account_rows:
        counts["account:" + row["outcome"]] += 1
        if row["outcome"] in ("hang", "account-failure"):
            print(f"!! account {row['outcome']}: {json.dumps(row['account_run'])[:200]} {row['args']}", flush=True)
    rows += account_rows
    cache_rows = [] if args.skip_caches else fuzz_caches(timeout=max(60.0, 6 * args.timeout))
    for row in cache_rows:
        counts["cache:" + row["outcome"]] += 1
        if row["outcome"] != "ok":
            print(
                f"!! cache state {row['state']}: {' '.join(row['args'])}: {'; '.join(row['problems'])[:300]}",
                flush=True,
            )
    rows += cache_rows
    elapsed = time.monotonic() - start
    summary = {
        "cases": len(cases),
        "reproducers": len(REPRODUCERS),
        "formulas": len(formulas),
        "seed": args.seed,
        "timeout": args.timeout,
        "seconds": round(elapsed, 1),
        "values_checked_against_a_certified_ball": checked,
        "outcomes": dict(sorted(counts.items())),
        "tracebacks": counts["traceback"],
        "outside_ball": counts["outside-ball"],
        "hangs": counts["hang"] + counts["cache:hang"] + counts["account:hang"],
        "account_runs": len(account_rows),
        "account_failures": counts["account:account-failure"],
        "cache_states": len(CACHE_STATES),
        "cache_failures": counts["cache:cache-failure"],
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"summary": summary, "rows": rows}, handle, indent=1)
    failed = summary["tracebacks"] or summary["outside_ball"] or summary["hangs"] or summary["cache_failures"]
    return 1 if failed or summary["account_failures"] else 0


if __name__ == "__main__":
    sys.exit(main_fuzz())
