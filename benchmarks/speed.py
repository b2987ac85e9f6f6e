"""Speed benchmarks of issue 17 (not tests): every ratio is measured side by side in one run.

    python benchmarks/speed.py [--skip-verify] [--skip-peers] [--repeat N]

1. Closed forms at 30 digits: the Arb path (the compiled python-flint program, ``evaluation_at``,
   ``evaluate``, ``certify``; the interpreter ``ball_at`` for comparison) against the compiled mpmath
   evaluator and SymPy's ``evalf(subs=…, n=30)``.
2. Certified DP-SGD ε (``privacy/sgm-epsilon``, q = 0.01, σ = 1, T = 1000, δ = 1e-5, continuous α,
   20 digits, cold: no memoised ball) against dp-accounting / autodp / prv-accountant: time ratio,
   correct digits of the peer against our enclosure, and whether RDP accounting certifies the
   peer's ε at the target δ (see :func:`validity`).
3. ``verify --paper kong-ribero`` cold (empty cache directory) and cached (same directory): wall and CPU
   seconds (CPU of the process and its checkers: what verdict budgets count; wall depends on load).
   ``--verify-only`` runs this section alone (``--closed-forms-only``: section 1 alone).
4. Cold ``python -m symbolic eval kong-ribero/theta L=1.37 s=9`` and ``list`` against
   ``python -c "import sympy, mpmath"`` (medians of interleaved runs, paper index cache filled; the
   cache-miss runs apart).  ``--cold-start-only`` runs this section alone.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from fractions import Fraction

import mpmath
import sympy as sp


def rate(fn, min_seconds: float = 1.0) -> float:
    """Calls per CPU second of ``fn()`` over at least ``min_seconds`` of this process's CPU time (after one
    warm-up call).  CPU, not wall: on a shared 2-core machine wall time mostly measures the other jobs.

    The clock is read after batches of calls that grow until a batch takes about a fiftieth of the run:
    reading it costs ~0.4 µs, which would otherwise be charged to each call of a 10 µs function (as
    ``timeit`` does, the loop itself is what remains)."""
    fn()
    calls, batch, start = 0, 1, time.process_time()
    while True:
        for _ in range(batch):
            fn()
        calls += batch
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            return calls / elapsed
        if elapsed * 50 < min_seconds * calls / batch:  # this batch took under a fiftieth: double it
            batch *= 2


# ---------------------------------------------------------------------------
def bench_closed_forms(rounds: int = 5) -> None:
    from symbolic import registry
    from symbolic.certify import bits_for_digits
    from symbolic.certify.arb import working_precision
    from symbolic.certify.compiled import program_for
    from symbolic.certify.translate import ball_at
    from symbolic.evaluate.expressions import CompiledExpression, resolve_branches

    cases = [
        ("kong-ribero/theta", {"L": "1.37", "s": "9"}),
        ("privacy/gdp-delta", {"mu": "1", "eps": "1"}),
        ("privacy/gaussian-hockey-stick", {"eps": "1", "r": "2"}),
    ]
    bits = bits_for_digits(30)
    print(f"1. Closed forms at 30 digits (calls per CPU second, median of {rounds} interleaved rounds; ratio to evalf)")
    columns = (
        "evalf",
        "mpmath",
        "Arb interp.",
        "Arb program",
        "Arb path",
        "evaluate",
        "certify",
        "Arb floor",
        "certified floor",
    )
    print("   " + f"{'formula':31}" + "".join(f"{c:>16}" for c in columns))
    for fid, point in cases:
        try:
            f = registry().formula(fid)
        except Exception as exc:  # a formula renamed since: say so, do not fail the run
            print(f"   {fid}: skipped ({exc})")
            continue
        exact = {f.symbol(n): sp.Rational(v) for n, v in point.items()}
        checked = f.check(**point)
        expr = resolve_branches(f.evaluation_expr, exact)
        compiled = CompiledExpression(f.evaluation_expr, f.symbols, fid)
        program = program_for(f, f.evaluation_expr)
        ref = f.certify(bits + 20, **point)
        with mpmath.workdps(50):
            centre = mpmath.mpf(ref.mid().str(45, radius=False))
            for label, got in (("mpmath", compiled(exact, 30)), ("evaluate", f.evaluate(dps=30, **point))):
                if abs(got - centre) > abs(centre) * mpmath.mpf(10) ** -29:
                    print(f"   {fid}: {label} and the certified ball DISAGREE: {got} vs {ref}")

        def program_ball():
            with working_precision(bits + 10):
                return program(exact)

        calls = {
            "evalf": lambda: f.expr.evalf(subs=exact, n=30),
            "mpmath": lambda: compiled(exact, 30),
            "Arb interp.": lambda: ball_at(expr, exact, bits + 10, fid),
            "Arb program": program_ball,
            "Arb path": lambda: f.evaluation_at(checked, 30),
            "evaluate": lambda: f.evaluate(dps=30, **point),
            "certify": lambda: f.certify(bits, **point),
        }
        floors = {
            "Arb floor": compiled_arb_call(expr, exact, bits + 10),
            "certified floor": compiled_arb_call(expr, exact, bits + 10, certified=True),
        }
        # Rounds interleave the columns and each column's median is kept: the machine's speed drifts
        # within a minute, and a column measured in one slow stretch would distort its ratio.
        samples = {k: [] for k in (*calls, *floors)}
        for _ in range(rounds):
            for label, fn in calls.items():
                samples[label].append(rate(fn, 0.3))
            for label, floor in floors.items():
                if floor is not None:
                    samples[label].append(rate_at(floor, 0.3))
        rates = {k: (statistics.median(v) if v else None) for k, v in samples.items()}
        base = rates["evalf"]
        print("   " + f"{fid:31}" + "".join(f"{'n/a' if r is None else f'{r:.0f}':>16}" for r in rates.values()))
        print(
            "   "
            + f"{'  ratio to evalf':31}"
            + "".join(f"{'n/a' if r is None else f'{r / base:.1f}x':>16}" for r in rates.values())
        )
    print(
        "   (mpmath: the compiled mpmath fallback; Arb interp.: one ball_at (the interpreter walks the SymPy tree "
        "per call); Arb program: one call of the formula's compiled python-flint program (symbolic.certify."
        "compiled: generated straight-line code, cached per formula) at 30 digits + 10 bits; Arb path: Formula.evaluation_at at checked exact "
        "values (precision loop + correctly rounded digits and their ball, what evaluate does after parsing; the "
        "mpf is built only when Evaluation.value is read); evaluate: "
        "Formula.evaluate(dps=30) from strings (parse + hypotheses + Arb path + the mpf); certify: Formula.certify; "
        "Arb floor: "
        "the expression lambdified to bare python-flint calls on balls, common subexpressions shared (no exact "
        "rationals, no pole checks, no rounding; not shipped: Arb's own cost); certified floor: the Arb floor plus the "
        "python-flint calls any certified digits need: the exact inputs converted to fmpq, the working precision set "
        "and restored, and the rounding pinned in Arb (the ball times 10^k plus 1/2, its floor, a comparison, the "
        "integer) — what bounds the Arb path, whose remaining cost is its Python: branch and pole tests, the "
        "scale's guess and the checks of the rounding, and the record)"
    )


def compiled_arb_call(expr, exact, bits, certified: bool = False):
    """``(call, prec)``: one evaluation of ``expr`` lambdified once into python-flint calls, to be
    timed at Arb precision ``prec`` (None: the call sets it itself), or None if a function of
    ``expr`` has no mapping.

    ``certified``: each call also pays the python-flint calls that certified digits cannot avoid —
    the exact inputs converted to ``fmpq`` (from the SymPy rationals), the working precision set and
    restored around the run, and the digits pinned: the ball scaled by 10^k (k found once) plus ½,
    its floor, the test that no point of it is an integer, and that integer as a Python int (what
    :func:`symbolic.certify.digits.round_at_working_precision` does, without its checks)."""
    from flint import arb, ctx, fmpq

    names = {
        "exp": "exp",
        "log": "log",
        "sqrt": "sqrt",
        "expm1": "expm1",
        "log1p": "log1p",
        "erf": "erf",
        "erfc": "erfc",
    }
    # arb(v) first: a constant argument such as sqrt(2) arrives as a Python int
    mods = {k: (lambda m: lambda v: getattr(arb(v), m)())(m) for k, m in names.items()}
    mods["pi"] = arb.pi()
    symbols = list(exact)
    try:
        fn = sp.lambdify(symbols, expr, modules=[mods], cse=True)
    except Exception:
        return None
    old = ctx.prec
    ctx.prec = bits
    try:
        args = [arb(fmpq(int(v.p), int(v.q))) for v in exact.values()]
        fn(*args)
    except Exception:
        return None
    finally:
        ctx.prec = old
    if not certified:
        return (lambda: fn(*args)), bits
    values = list(exact.values())
    # the scale 10^k putting 30 digits before the point, found once (the path guesses it per call)
    ctx.prec = bits
    try:
        ball = fn(*args)
        k = 29 - math.floor(math.log10(abs(float(ball))))
        scale, half = (arb(10) ** k if k >= 0 else 1 / arb(10) ** -k), arb(fmpq(1, 2))
    finally:
        ctx.prec = old

    def certified_floor():
        old = ctx.prec
        ctx.prec = bits
        try:
            z = fn(*[arb(fmpq(v.p, v.q)) for v in values]) * scale + half
            n = z.floor()
            return z > n and int(n.unique_fmpz())
        finally:
            ctx.prec = old

    return certified_floor, None


def rate_at(call_and_prec, min_seconds: float) -> float:
    """:func:`rate` of a :func:`compiled_arb_call` at its precision."""
    from flint import ctx

    call, prec = call_and_prec
    if prec is None:
        return rate(call, min_seconds)
    old, ctx.prec = ctx.prec, prec
    try:
        return rate(call, min_seconds)
    finally:
        ctx.prec = old


# ---------------------------------------------------------------------------
def validity(peer_eps: float, ball) -> str:
    """Whether RDP accounting (our certified enclosure [lo, hi] of ε_RDP(δ)) certifies (peer ε, δ).

    ε_RDP is the infimum over α of valid ε's, so peer ε > hi ⇒ some α certifies it (valid by RDP);
    peer ε < lo ⇒ no α does: an RDP accountant reporting it claims less than its method proves.
    """
    from flint import arb, ctx

    old, ctx.prec = ctx.prec, 200
    try:
        e = arb(Fraction(peer_eps).numerator) / Fraction(peer_eps).denominator
        if e > ball.upper():
            return "valid (RDP certifies it)"
        if e < ball.lower():
            return "NOT certified by RDP at δ"
        return "undecided (inside our ball)"
    finally:
        ctx.prec = old


def bench_sgm_peers() -> None:
    from symbolic.certify import bits_for_digits
    from derivations.privacy import sgm_accounting
    from derivations.privacy.sgm_accounting import sgm_epsilon_formula as F

    point = {"q": "0.01", "sigma": "1", "steps": 1000, "delta": "1e-5"}
    times = []
    for _ in range(3):
        sgm_accounting._CACHE.clear()  # cold: no memoised ball
        start = time.process_time()
        ball = F.certify(bits_for_digits(20), **point)
        times.append(time.process_time() - start)
    t_ours = statistics.median(times)
    mid = mpmath.mpf(ball.mid().str(40, radius=False))
    print("\n2. DP-SGD ε, q = 0.01, σ = 1, T = 1000, δ = 1e-5 (RDP, best conversion, continuous α)")
    print(
        f"   ours (privacy/sgm-epsilon.certify, 20 digits, cold): {ball.str(25, radius=True)}  "
        f"median {t_ours:.3f} s CPU of {', '.join(f'{t:.3f}' for t in times)}"
    )
    start = time.process_time()
    F.evaluate(dps=20, **point)
    print(f"   (Formula.evaluate(dps=20), memo warm from the certify above: {time.process_time() - start:.3f} s CPU)")

    peers = []
    try:
        import dp_accounting

        def dpa_rdp():
            acc = dp_accounting.rdp.RdpAccountant()
            acc.compose(
                dp_accounting.SelfComposedDpEvent(
                    dp_accounting.PoissonSampledDpEvent(0.01, dp_accounting.GaussianDpEvent(1.0)), 1000
                )
            )
            return acc.get_epsilon(1e-5)

        def dpa_pld():
            acc = dp_accounting.pld.PLDAccountant()
            acc.compose(
                dp_accounting.SelfComposedDpEvent(
                    dp_accounting.PoissonSampledDpEvent(0.01, dp_accounting.GaussianDpEvent(1.0)), 1000
                )
            )
            return acc.get_epsilon(1e-5)

        peers += [
            ("dp_accounting RdpAccountant (α grid)", "rdp", dpa_rdp),
            ("dp_accounting PLDAccountant", "pld", dpa_pld),
        ]
    except ImportError:
        print("   dp-accounting not installed")
    try:
        from autodp import mechanism_zoo

        peers.append(
            (
                "autodp NoisySGD_Mechanism (RDP)",
                "rdp",
                lambda: mechanism_zoo.NoisySGD_Mechanism(prob=0.01, sigma=1.0, niter=1000).get_approxDP(1e-5),
            )
        )
    except ImportError:
        print("   autodp not installed")
    try:
        import prv_accountant as pa

        def prv():
            acc = pa.PRVAccountant(
                prvs=[pa.PoissonSubsampledGaussianMechanism(sampling_probability=0.01, noise_multiplier=1.0)],
                max_self_compositions=[1000],
                eps_error=0.01,
                delta_error=1e-10,
            )
            return acc.compute_epsilon(delta=1e-5, num_self_compositions=[1000])[2]

        peers.append(("prv_accountant (upper estimate)", "prv", prv))
    except ImportError:
        print("   prv-accountant not installed")
    print(f"   {'peer':40} {'ε':>22} {'CPU s':>8} {'ours/peer time':>15} {'digits vs ours':>15}  validity at δ")
    for name, kind, fn in peers:
        try:
            fn()  # warm-up (imports, tables)
            start = time.process_time()
            value = float(fn())
            t = time.process_time() - start
        except Exception as exc:
            print(f"   {name:40} CRASH {type(exc).__name__}: {str(exc)[:60]}")
            continue
        with mpmath.workdps(40):
            err = abs(mpmath.mpf(value) - mid)
            dig = 17.0 if err == 0 else max(0.0, min(17.0, float(-mpmath.log10(err / mid))))
        digits_txt = f"{dig:.1f}" if kind == "rdp" else "(other method)"
        print(f"   {name:40} {value!r:>22} {t:8.4f} {t_ours / t:14.1f}x {digits_txt:>15}  {validity(value, ball)}")
    print(
        "   validity: a peer ε above our certified RDP interval is certified by RDP at δ; one below it is "
        "not (for PLD/PRV that is expected: they are tighter than any RDP bound, and RDP cannot decide them)"
    )


# ---------------------------------------------------------------------------
def bench_verify_cache() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_CACHE_HOME": home}
        env.pop("HIDDEN_STATE_PROOFS_NO_CACHE", None)
        print("\n3. verify --paper kong-ribero (fresh cache directory, then cached)")
        walls, cpus = [], []
        for label in ("cold", "cached"):
            before = os.times()
            start = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, "-m", "symbolic", "verify", "--paper", "kong-ribero", "--json"],
                capture_output=True,
                text=True,
                env=env,
            )
            wall = time.perf_counter() - start
            after = os.times()
            # CPU of the verify process and the checkers it forked (what verdict budgets count)
            cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
            walls.append(wall)
            cpus.append(cpu)
            try:
                out = json.loads(proc.stdout)
                s = out["summary"]
                hits = sum(bool(c.get("cached")) for c in out["claims"])
                print(
                    f"   {label:6}: {wall:6.1f} s wall, {cpu:6.1f} s CPU, {s['total']} claims ({s['proved']} proved, {s['checked']} "
                    f"checked, {s['refuted']} refuted, {s['unknown']} unknown, {s['unexpected']} unexpected), "
                    f"{hits} from the cache; exit {proc.returncode}"
                )
            except (ValueError, KeyError):
                print(f"   {label:6}: {wall:6.1f} s wall; no JSON (exit {proc.returncode}): {proc.stderr[-300:]}")
        print(f"   cold/cached = {walls[0] / walls[1]:.1f}x wall, {cpus[0] / max(cpus[1], 1e-9):.1f}x CPU")


# ---------------------------------------------------------------------------
def bench_cold_start(repeat: int) -> None:
    """Fresh interpreters.  ``list`` and ``eval`` read the paper index and each paper's item index (list records,
    ID → module) from the paper index cache (``symbolic.index_cache``): a private cache directory is filled once
    by a ``list`` (every paper imported), then every timed run uses it; the cache-miss cost (empty cache) is printed apart."""
    commands = {
        "import sympy, mpmath": [sys.executable, "-c", "import sympy, mpmath"],
        "eval kong-ribero/theta": [sys.executable, "-m", "symbolic", "eval", "kong-ribero/theta", "L=1.37", "s=9"],
        "list": [sys.executable, "-m", "symbolic", "list"],
    }
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_CACHE_HOME": home}
        env.pop("HIDDEN_STATE_PROOFS_NO_CACHE", None)
        misses = {}
        for name in ("eval kong-ribero/theta", "list"):  # cache misses: an empty cache directory each
            with tempfile.TemporaryDirectory() as fresh:
                start = time.perf_counter()
                subprocess.run(commands[name], capture_output=True, check=False, env={**env, "XDG_CACHE_HOME": fresh})
                misses[name] = time.perf_counter() - start
        subprocess.run(commands["list"], capture_output=True, check=False, env=env)  # fills the paper index cache
        walls: dict[str, list[float]] = {k: [] for k in commands}
        for _ in range(repeat):
            for name, cmd in commands.items():  # interleaved, so load changes hit all three alike
                start = time.perf_counter()
                subprocess.run(cmd, capture_output=True, check=False, env=env)
                walls[name].append(time.perf_counter() - start)
    base = statistics.median(walls["import sympy, mpmath"])
    print(f"\n4. Cold start (median of {repeat} interleaved runs; paper index cache filled)")
    for name, w in walls.items():
        print(
            f"   {name:24} {statistics.median(w):6.2f} s   {statistics.median(w) / base:4.2f}x   "
            f"({', '.join(f'{x:.2f}' for x in w)})"
        )
    print("   targets (issue 11): eval ≤ 1.5x, list ≤ 2x")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print(
            "   (PYTHONDONTWRITEBYTECODE is set: the package's sources are compiled on every run, sympy's are not; "
            "an installed package runs from cached bytecode and is faster than shown)"
        )
    print(
        "   index cache miss (first run after a source change; the paper's modules are all imported): "
        + ", ".join(f"{name} {t:.2f} s ({t / base:.1f}x)" for name, t in misses.items())
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-verify", action="store_true")
    parser.add_argument("--skip-peers", action="store_true")
    parser.add_argument("--cold-start-only", action="store_true", help="only section 4 (cold start)")
    parser.add_argument("--verify-only", action="store_true", help="only section 3 (verify cold and cached)")
    parser.add_argument("--closed-forms-only", action="store_true", help="only section 1 (closed forms)")
    parser.add_argument("--repeat", type=int, default=10, help="interleaved rounds of section 4 (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of section 1 (default 5)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    if args.cold_start_only:
        bench_cold_start(args.repeat)
        return 0
    if args.verify_only:
        bench_verify_cache()
        return 0
    bench_closed_forms(args.rounds)
    if args.closed_forms_only:
        return 0
    if not args.skip_peers:
        bench_sgm_peers()
    if not args.skip_verify:
        bench_verify_cache()
    bench_cold_start(args.repeat)
    print(f"load average {os.getloadavg()[0]:.1f} at end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
