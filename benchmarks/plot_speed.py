"""CPU seconds of ``account RUN --plot`` (issue 29: target <= 3 s) for the three runs of issue 29 (not a test).

    python benchmarks/plot_speed.py [--profile RUN] [--skip-cli]

For each run: the in-process CPU seconds of :func:`accountant.plot.curves` (the accounting behind the
figure: one uncertified ``account`` per plotted step count) and of ``python -m symbolic account RUN --delta 1e-5
--plot out.png`` from the command line (the child's user + system time, interpreter start and matplotlib
included).  CPU, not wall: on a shared machine wall time mostly measures the other jobs.  The runs are
``benchmarks/account_speed.py``'s (imported from there, one definition).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from account_speed import RUNS  # noqa: E402


def in_process(run: dict) -> float:
    from accountant.plot import curves

    t = time.process_time()
    curves(run, delta="1e-5")
    return time.process_time() - t


def from_cli(run: dict) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        spec = pathlib.Path(tmp, "run.json")
        spec.write_text(json.dumps(run))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "symbolic",
                "account",
                str(spec),
                "--delta",
                "1e-5",
                "--plot",
                str(pathlib.Path(tmp, "o.png")),
            ],
            check=True,
            capture_output=True,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", choices=list(RUNS), help="cProfile the in-process curves of one run")
    ap.add_argument("--skip-cli", action="store_true")
    args = ap.parse_args()
    if args.profile:
        import cProfile
        import pstats

        from accountant.plot import curves

        cProfile.runctx(
            "curves(run, delta='1e-5')", {"curves": curves, "run": RUNS[args.profile]}, {}, "/tmp/plot.prof"
        )
        pstats.Stats("/tmp/plot.prof").sort_stats("cumulative").print_stats(35)
        return
    for name, run in RUNS.items():
        line = f"run ({name}): curves in process {in_process(run):6.2f} CPU s"
        if not args.skip_cli:
            line += f"; --plot from the command line {from_cli(run):6.2f} CPU s"
        print(line, flush=True)


if __name__ == "__main__":
    main()
