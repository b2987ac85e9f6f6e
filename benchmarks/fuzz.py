"""Adversarial fuzzing of ``eval`` (issue #10): one command for the next audit.

    python benchmarks/fuzz.py --cases 2000 --seed 0 --timeout 10 [--json out.json]

Runs the command line in-process (``symbolic.cli.main``) on

* the reproducers of issue #10 (always), and
* ``--cases`` random ``eval`` commands over every registered formula: parameter values across
  many orders of magnitude and the hard regimes (near 0, near 1, huge, negative, 5000-digit,
  Unicode digits, malformed), random ``--dps`` (including 0 and 5000) and ``--certify``.

Each case is classified:

* ``value`` — exit 0 with a value (``enclosed`` when the value came from an Arb ball);
* ``refused`` — exit 2 with a one-paragraph message (bad input, violated hypothesis,
  evaluation refused, time budget), split by the message's kind;
* ``traceback`` — an exception escaped ``main`` or it reported an internal error (exit 1);
* ``outside-ball`` — a printed value that is not within half a unit of its last digit of a
  certified ball of the formula at 64 extra bits (checked whenever the formula certifies);
* ``hang`` — a case that ran past its time budget plus 10 s.

Not part of the test suite (it takes minutes); ``tests/symbolic/test_reliability.py`` keeps
the reproducers and a bounded property test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import time
from collections import Counter

import mpmath

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
    start = time.monotonic()
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
    seconds = time.monotonic() - start
    row = {"args": [a if len(a) < 80 else a[:60] + "..." for a in args], "code": code, "seconds": seconds}
    if seconds > timeout + 10:
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


def main_fuzz(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2000, help="random cases besides the reproducers")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10.0, help="eval --timeout per case (seconds)")
    ap.add_argument("--json", metavar="PATH", help="write every case's row to PATH")
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
        "hangs": counts["hang"],
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"summary": summary, "rows": rows}, handle, indent=1)
    return 1 if summary["tracebacks"] or summary["outside_ball"] or summary["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main_fuzz())
