"""Speed of one ``account`` call for the three runs of issue 29, beside dp-accounting on the same run (not a test).

    python benchmarks/account_speed.py [--repeat N] [--skip-cli] [--user-cache]

For each run, in a fresh process of its own: CPU seconds of ``account(run, delta=1e-5)`` — the first call
(cold: the papers whose theorems may apply are imported, formulas compiled, Arb programs built, dp-accounting
imported where the baseline needs it; ``import accountant`` itself is reported apart) and the median of
``--repeat`` later calls (warm) — without the Steinke et al. heuristic, and the heuristic's own cost (a labelled
non-bound, computed by default); CPU seconds of ``python -m symbolic account RUN --delta 1e-5`` from the command
line (the child's user + system time, interpreter start included), with and without the heuristic; and
dp-accounting's own time for the all-iterates ε of the same run (its PLD accountant for Poisson batches; its RDP
accountant otherwise, for reference).  CPU, not wall: on a shared 2-core machine wall time mostly measures the
other jobs.

The accountant imports a paper only when its stored bound records (kept in the paper index cache,
``$XDG_CACHE_HOME/hidden-state-proofs/index``) leave one of its theorems possibly applicable to the run.  The
benchmark uses an empty temporary cache directory (``--user-cache``: the user's) and first reports the first
command-line call ever made with it (``cli_cpu_s_empty_cache``: every paper's bounds imported, the records
stored); every later figure is with the records stored, as for any call after the first.  With ``--skip-cli``
there is no such call, and the first run's in-process figure includes storing them (run a′: ~5.4 s, not ~2.2).

The three runs (issue 29): (a′) L2-regularised logistic regression with Poisson batches of 256 of 60 000,
z = 1.1, C = 1, η = 0.5, 30 epochs, m = 1e-3, M = 0.251, diameter 20; (b) a nonconvex model of unknown
smoothness, cyclic batches of 128 over 50 000, z = 1.1, C = 1, 10 epochs; (c) full-batch strongly convex
(m = 0.01, M = 0.26), n = 60 000, η = 1, s = 0.0005, Δ = 2, 2000 steps.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def _examples():
    """``accountant/examples.py`` loaded from its file: the child process times ``import accountant``, so the
    benchmark must not import the package before it does (the module imports nothing)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "accountant", "examples.py")
    spec = importlib.util.spec_from_file_location("_account_examples", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_EXAMPLES = _examples()
#: the three runs (accountant.examples: one definition for the benchmarks and the tests)
RUNS = {name: _EXAMPLES.example_run(name) for name in _EXAMPLES.EXAMPLES}


def cpu(fn):
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def dp_accounting_seconds(run: dict) -> tuple[float, float]:
    """(CPU s, ε) of dp-accounting for the all-iterates ε of ``run`` at δ = 1e-5 (same model as the baseline)."""
    import dp_accounting as dpa

    from accountant import parse_run
    from accountant.baseline import participations, sensitivity_of_sum

    r = parse_run(run)
    b, s, T = r["batch_size"], r["noise_std"], int(r["steps"])
    sens = sensitivity_of_sum(r)

    def go():
        if r.batching == "poisson":
            z = float(b * s / (sens / 2))
            ev = dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(float(b / r["n"]), dpa.GaussianDpEvent(z)), T)
            acc = dpa.pld.PLDAccountant(
                neighboring_relation=dpa.NeighboringRelation.REPLACE_ONE, value_discretization_interval=1e-3
            )
        else:
            z = float(b * s / sens)
            ev = dpa.SelfComposedDpEvent(dpa.GaussianDpEvent(z), participations(r))
            acc = dpa.rdp.RdpAccountant(neighboring_relation=dpa.NeighboringRelation.REPLACE_ONE)
        acc.compose(ev)
        return acc.get_epsilon(1e-5)

    return cpu(go)


def cli_seconds(run: dict, *flags) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(run, fh)
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-m", "symbolic", "account", fh.name, "--delta", "1e-5", *flags],
            check=True,
            capture_output=True,
            env={**os.environ},
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    finally:
        os.unlink(fh.name)


def in_process(name: str, repeat: int) -> dict:
    """The in-process figures of run ``name`` (run in a fresh process: ``--child``)."""
    import_s, _ = cpu(lambda: __import__("accountant"))
    from accountant import account

    run = RUNS[name]
    cold, res = cpu(lambda: account(run, delta="1e-5", heuristics=False))
    warm = statistics.median(cpu(lambda: account(run, delta="1e-5", heuristics=False))[0] for _ in range(repeat))
    heur = statistics.median(cpu(lambda: account(run, delta="1e-5"))[0] for _ in range(max(1, repeat // 2)))
    return {
        "guarantee": res.best.result if res.best else None,
        "achieved_by": res.best.id if res.best else None,
        "cpu_import_accountant_s": round(import_s, 3),
        "cpu_first_call_s": round(cold, 3),
        "cpu_warm_s": round(warm, 3),
        "cpu_heuristic_s": round(max(heur - warm, 0.0), 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-cli", action="store_true")
    ap.add_argument("--user-cache", action="store_true", help="use the user's cache directory, not an empty one")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(in_process(args.child, args.repeat)))
        return
    tmp = None
    if not args.user_cache:
        tmp = tempfile.mkdtemp(prefix="account-speed-")
        os.environ["XDG_CACHE_HOME"] = tmp
    try:
        if not args.skip_cli:
            first = cli_seconds(RUNS["b"])
            print(json.dumps({"cli_cpu_s_empty_cache": round(first, 3), "run": "b"}), flush=True)
        for name, run in RUNS.items():
            child = subprocess.run(
                [sys.executable, __file__, "--child", name, "--repeat", str(args.repeat)],
                check=True,
                capture_output=True,
                text=True,
                env={**os.environ},
            )
            row = {"run": name, **json.loads(child.stdout.strip().splitlines()[-1])}
            dpa_s, dpa_eps = dp_accounting_seconds(run)
            row["dp_accounting_cpu_s"] = round(dpa_s, 4)
            row["dp_accounting_epsilon"] = round(float(dpa_eps), 6)
            if not args.skip_cli:
                row["cli_cpu_s_no_heuristics"] = round(cli_seconds(run, "--no-heuristics"), 3)
                row["cli_cpu_s"] = round(cli_seconds(run), 3)
            print(json.dumps(row, ensure_ascii=False), flush=True)
    finally:
        if tmp is not None:
            import shutil

            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
