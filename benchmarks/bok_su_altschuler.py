"""Bok, Su & Altschuler benchmarks (not tests): every ratio is measured side by side in one run.

    python benchmarks/bok_su_altschuler.py [--quick]

1. The paper's closed forms at 30 digits (Theorems 4.1–4.6, 4.9's GDP factor, C.17, Lemma A.5, Propositions
   C.14/C.15, at the MNIST setting of App. D.2 where it applies): ``Formula.evaluate`` (the package's path) and
   ``Formula.certify`` (an Arb enclosure, where the formula has one) against SymPy's ``evalf(subs=…, n=30)`` on
   the registered expression: calls/s, the ratio to evalf, and whether the values agree to 30 digits.  An evalf
   that fails or exceeds its time limit is reported as such (it is not retried another way).
2. Theorem 4.2's μ of NoisyGD, exact by Theorem C.5's equality case, against a direct mpmath reference written
   from that equality case (not from our SymPy): X_0 = X'_0 = 0, X_{k+1} = cX_k + Z_k, X'_{k+1} = cX'_k + s + Z_k
   with s = ηL/n and noise std ησ, so the mean gap and the variance follow g_k = c g_{k−1} + s and
   v_k = c² v_{k−1} + (ησ)², and μ = g_t/√v_t after t steps (c = max{|1 − ηm|, |1 − ηM|}, Lemma 2.8), iterated
   at 60 digits.  Columns: agreeing digits, seconds per call of each, their ratio (the closed form is O(1) in t,
   the reference O(t)), and the correct digits of the printed formula evaluated naively in float64, including the
   regime 1 − c = 10⁻⁹ where 1 − c^t cancels.

Numbers depend on the machine and its load: this script asserts nothing about time.
"""

from __future__ import annotations

import argparse
import math
import time

import mpmath
import sympy as sp

from symbolic.budget import BudgetExceeded, time_budget

KEY = "bok-su-altschuler"

# Parameter points (exact decimal strings).  MNIST (App. D.2): n = 60000, b = 1500, l = 40, η = 0.05, σ = 0.01,
# L = 10, λ = 0.002 (m = λ, M = 1 as in tables.py); the others are small illustrative settings.
MNIST = dict(eta="0.05", m="0.002", M=1, L=10, sigma="0.01")
CASES = [
    ("thm-4.1-mu", dict(L=10, n=60000, sigma="0.01", t=2000)),
    ("thm-4.2-mu", dict(eta="0.01", m=1, M=10, L=1, n=100, sigma="0.5", t=1000)),
    ("thm-4.3-mu", dict(eta="0.1", L=1, n=100, sigma=1, D=1, t=2000, M=10)),
    ("thm-4.4-mu", dict(L=10, b=1500, sigma="0.01", E=50)),
    ("thm-4.5-mu", dict(MNIST, b=1500, l=40, E=50)),
    ("thm-c.17-mu", dict(MNIST, b=1500, l=40, E=50)),
    ("thm-4.6-mu", dict(eta="0.04", L=1, b=4, sigma=1, D=1, l=10, E=100, M=1)),
    ("thm-4.9-gdp-mu", dict(MNIST, b=1500, t=2000, tau=1900)),
    ("lem-a.5-clt-mu", dict(p="0.025", t=2000, mu="2/3")),
    ("prop-c.14-mu", dict(MNIST, b=1500, n=60000, N=300)),
    ("prop-c.15-mu", dict(eta="0.05", L=10, b=1500, sigma="0.01", n=60000, D=1, N=300)),
]


def limited(fn, seconds: float):
    """(value, None) or (None, reason): ``fn()`` within a wall-clock budget
    (:func:`symbolic.budget.time_budget`), its exception caught."""
    try:
        with time_budget(seconds, "benchmark"):
            return fn(), None
    except BudgetExceeded:
        return None, f"> {seconds:g} s"
    except Exception as exc:  # a benchmark reports a failing peer, it does not stop
        return None, type(exc).__name__


def rate(fn, min_seconds: float) -> float:
    """Calls per second of ``fn()`` over at least ``min_seconds`` (after one warm-up call)."""
    fn()
    calls, start = 0, time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return calls / elapsed


def seconds_per_call(fn, min_seconds: float) -> float:
    return 1 / rate(fn, min_seconds)


def digits(a, b) -> float:
    """Decimal digits to which ``a`` agrees with the reference ``b`` (capped at 60)."""
    with mpmath.workdps(80):
        a, b = mpmath.mpf(a), mpmath.mpf(b)
        if a == b:
            return 60.0
        return float(min(60, max(0, -mpmath.log10(abs(a - b) / abs(b)))))


# ---------------------------------------------------------------------------
def bench_closed_forms(min_seconds: float, evalf_limit: float) -> None:
    from symbolic import registry
    from symbolic.certify import bits_for_digits

    bits = bits_for_digits(30)
    print("1. Closed forms at 30 digits (calls/s; ratio to SymPy evalf(subs=…, n=30))")
    print(
        f"   {'formula':16} {'evalf':>18} {'evaluate':>9} {'certify':>14}   {'evaluate/evalf':>14} {'certify/evalf':>13}  agree"
    )
    for fid, point in CASES:
        try:
            f = registry().formula(f"{KEY}/{fid}")
        except Exception as exc:  # renamed since: say so, do not fail the run
            print(f"   {fid}: skipped ({exc})")
            continue
        exact = {f.symbol(k): sp.Rational(str(v)) for k, v in point.items()}
        ours = f.evaluate(dps=30, **point)
        ref, why_evalf = limited(lambda: f.expr.evalf(subs=exact, n=30), evalf_limit)
        ball, why_cert = limited(lambda: f.certify(bits, **point), evalf_limit)
        r_eval = rate(lambda: f.evaluate(dps=30, **point), min_seconds)
        r_evalf = rate(lambda: f.expr.evalf(subs=exact, n=30), min_seconds) if why_evalf is None else None
        r_cert = rate(lambda: f.certify(bits, **point), min_seconds) if why_cert is None else None
        agree = []
        if ref is not None:
            agree.append(f"evalf {digits(ours, sp.Float(ref, 30)):.0f} d")
        if ball is not None:
            with mpmath.workdps(50):
                mid = mpmath.mpf(ball.mid().str(45, radius=False))
                rad = mpmath.mpf(ball.rad().str(10, radius=False))
                inside = abs(ours - mid) <= rad + abs(mid) * mpmath.mpf(10) ** -29  # ours is rounded to 30 digits
            agree.append("in ball" if inside else "OUTSIDE ball")
        cells = [
            f"{r_evalf:18.0f}" if r_evalf else f"{why_evalf:>18}",
            f"{r_eval:9.0f}",
            f"{r_cert:14.0f}" if r_cert else f"{why_cert:>14}",
            f"{r_eval / r_evalf:13.1f}x" if r_evalf else f"{'n/a':>14}",
            f"{r_cert / r_evalf:12.1f}x" if (r_evalf and r_cert) else f"{'n/a':>13}",
        ]
        print(f"   {fid:16} {cells[0]} {cells[1]} {cells[2]}   {cells[3]} {cells[4]}  {', '.join(agree) or '—'}")
    print(
        "   (evaluate: Formula.evaluate(dps=30) as shipped (Arb where certifiable, else mpmath with the precision "
        "doubled until two runs agree); certify: the Arb enclosure, NotCertifiable where the formula has no Arb "
        "path; evalf failures are SymPy's, e.g. PrecisionExhausted on ⌈x⌉ at an integer x)"
    )


# ---------------------------------------------------------------------------
def reference_mu(eta, m, M, L, n, sigma, t: int):
    """μ of Theorem C.5's equality case iterated t times at 60 digits (inputs exact strings/ints)."""
    with mpmath.workdps(60):
        eta, m, M, L, n, sigma = (
            mpmath.mpf(sp.Rational(str(x)).p) / sp.Rational(str(x)).q for x in (eta, m, M, L, n, sigma)
        )
        c = max(abs(1 - eta * m), abs(1 - eta * M))
        s, var_step = eta * L / n, (eta * sigma) ** 2
        gap, var = mpmath.mpf(0), mpmath.mpf(0)
        for _ in range(t):
            gap, var = c * gap + s, c * c * var + var_step
        return gap / mpmath.sqrt(var)


def naive_float(eta, m, M, L, n, sigma, t: int) -> float:
    """Theorem 4.2's printed μ evaluated as written, in float64."""
    eta, m, M, L, n, sigma = (float(sp.Rational(str(x))) for x in (eta, m, M, L, n, sigma))
    c = max(abs(1 - eta * m), abs(1 - eta * M))
    return math.sqrt((1 - c**t) / (1 + c**t) * (1 + c) / (1 - c)) * L / (n * sigma)


def bench_exact_mu(min_seconds: float, ts) -> None:
    from symbolic import registry

    f = registry().formula(f"{KEY}/thm-4.2-mu")
    print("\n2. Theorem 4.2 (exact μ of NoisyGD) against a direct mpmath iteration of Theorem C.5's equality case")
    print(
        f"   {'ηm':>6} {'t':>8} {'μ (ours, 30 digits)':>34} {'agree':>6} {'ours s/call':>12} {'ref s/call':>11} "
        f"{'ref/ours':>9} {'float64 digits':>15}"
    )
    for em in ("0.01", "1e-9"):
        base = dict(eta="0.01", m=str(sp.Rational(em) * 100), M=10, L=1, n=100, sigma="0.5")
        for t in ts:
            ours = f.evaluate(dps=30, t=t, **base)
            ref = reference_mu(t=t, **base)
            t_ours = seconds_per_call(lambda: f.evaluate(dps=30, t=t, **base), min_seconds)
            start = time.perf_counter()
            reference_mu(t=t, **base)
            t_ref = time.perf_counter() - start
            naive = naive_float(t=t, **base)
            print(
                f"   {em:>6} {t:>8} {mpmath.nstr(ours, 30):>34} {digits(ours, ref):6.0f} {t_ours:12.2e} "
                f"{t_ref:11.2e} {t_ref / t_ours:8.1f}x {digits(naive, ref):15.1f}"
            )
    print(
        "   (ηm = 0.01: c = 0.99; ηm = 1e-9: c = 1 − 1e-9, where 1 − c^t loses digits in float64; ours rewrites it as "
        "−expm1(t·log1p(−ηm)))"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="shorter timing loops and t up to 10⁴ only")
    args = ap.parse_args()
    min_seconds = 0.2 if args.quick else 0.5
    bench_closed_forms(min_seconds, evalf_limit=10.0)
    bench_exact_mu(min_seconds, (10, 1000, 10_000) if args.quick else (10, 1000, 100_000))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
