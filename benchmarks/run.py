"""Performance benchmarks (not tests): every number is measured side by side in one run.

    python benchmarks/run.py [--skip-verify]

Prints: the wall time of `verify` over every paper; the compiled mpmath evaluator
against SymPy's `expr.evalf(subs=..., n=30)` at the same precision (ratio); the float path
used for plotting sweeps; and the cost of θ_L(s) as s grows (closed form: O(1) in s).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import mpmath
import numpy as np
import sympy as sp


def rate(fn, min_seconds: float = 1.0) -> float:
    """Calls per second of ``fn()``, measured for at least ``min_seconds``."""
    fn()  # warm caches (compilation happens once per branch)
    calls, start = 0, time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return calls / elapsed


def bench_verify() -> None:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "symbolic", "verify", "--json"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    summary = json.loads(proc.stdout)["summary"] if proc.stdout.strip().startswith("{") else {}
    print(
        f"verify (every paper): {elapsed:.1f} s wall for {summary.get('total', '?')} claims "
        f"({summary.get('proved', '?')} proved, {summary.get('checked', '?')} checked, "
        f"{summary.get('refuted', '?')} refuted, {summary.get('unknown', '?')} unknown, "
        f"{summary.get('unexpected', '?')} unexpected); exit status {proc.returncode}"
    )


def bench_evaluators() -> None:
    from symbolic import registry

    theta = registry().formula("kong-ribero/theta")
    L, s = theta.symbols
    point = {"L": "1.37", "s": 9}
    exact = {L: sp.Rational(137, 100), s: sp.Integer(9)}
    compiled = theta._compiled

    def evalf():
        return theta.expr.evalf(subs=exact, n=30)

    with mpmath.workdps(40):
        a = theta.evaluate(dps=30, **point)
        b = mpmath.mpf(str(evalf()))
        assert abs(a - b) <= abs(a) * mpmath.mpf(10) ** -28, (a, b)
    r_full = rate(lambda: theta.evaluate(dps=30, **point))
    r_compiled = rate(lambda: compiled(exact, 30))
    r_evalf = rate(evalf)
    print("\nθ_L(s) at L = 1.37, s = 9, 30 digits (values agree to 28+ digits):")
    print(f"  expr.evalf(subs=..., n=30)            {r_evalf:10.0f} calls/s   1.0x")
    print(f"  compiled evaluator (branch + Ziv)     {r_compiled:10.0f} calls/s   {r_compiled / r_evalf:.1f}x")
    print(f"  Formula.evaluate (parse + hypotheses) {r_full:10.0f} calls/s   {r_full / r_evalf:.1f}x")

    f = theta.float_function()
    Ls = np.linspace(0.5, 2.0, 100_000)
    start = time.perf_counter()
    f(Ls, 9.0)
    per_point = (time.perf_counter() - start) / Ls.size
    print(
        f"  float path (NumPy, hypotheses checked) {1 / per_point:10.0f} points/s   "
        f"{(1 / per_point) / r_evalf:.0f}x  (plotting only: float64, no guarantees)"
    )

    print("\nθ_L(s) cost as s grows (L = 1 + 1e-9, 30 digits):")
    base = None
    for sv in (10, 10**6, 10**12, 10**100):
        r = rate(lambda: theta.evaluate(dps=30, L="1.000000001", s=sv), 0.5)
        base = base or r
        print(f"  s = 1e{len(str(sv)) - 1:<4d} {r:10.0f} calls/s   time ratio to s = 10: {base / r:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--skip-verify", action="store_true", help="skip the (longer) verify timing")
    args = parser.parse_args()
    if not args.skip_verify:
        bench_verify()
    bench_evaluators()


if __name__ == "__main__":
    main()
