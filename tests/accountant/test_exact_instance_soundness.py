"""Sound by test: no applicable bound reports less than the exact ε of an instance it covers.

(A fixed sweep over full and cyclic batches; ``test_exact_oracle_property.py`` extends it to every batching,
adjacency and clipping form with generated runs and the independent library ``exact_oracle.py``.)

Noisy GD on a one-dimensional quadratic loss f_i(θ) = (h/2)θ² − c_i θ (curvature h the same for
every example; the differing example changes c_i by Δ, so ‖∇f_i − ∇f'_i‖ = Δ everywhere) with
the canonical step θ ← θ − η((1/b)Σ_{i∈B} ∇f_i(θ) + ξ), ξ ~ N(0, s²), from the same θ_0.
The last iterates on the two datasets are Gaussian with the same variance

    v = η² s² Σ_{k<T} c^{2k},   c = 1 − η h,

and means that differ by d = (ηΔ/b) Σ_{t ∈ S} c^{T−1−t}, S the steps whose batch holds the
differing example.  So the instance is exactly a Gaussian mechanism with μ = |d|/√v, and its
ε(δ) is the root of Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ (Balle & Wang 2018, Thm 8) — written
here from scratch in mpmath, independently of the package.  The loss is m-strongly convex and
M-smooth for every h ∈ [m, M], convex for h ∈ [0, M], and ρ-weakly convex M-smooth for
h ∈ [−ρ, M]; the instance's ε is maximised over a grid of such h and over the position of the
differing example.  Every applicable declared bound (whatever papers have declared by now)
must report at least that.
"""

from __future__ import annotations

import mpmath
import pytest

from accountant import account

DELTA = "1e-5"


def _mp(text: str) -> mpmath.mpf:
    num, _, den = text.partition("/")
    return mpmath.mpf(num) / (mpmath.mpf(den) if den else 1)


def _batches(n: int, b: int, T: int, batching: str) -> list[set]:
    if batching == "full":
        return [set(range(n))] * T
    # cyclic: epochs of ⌈n/b⌉ consecutive batches {jb, …, min((j+1)b, n) − 1}, the last one ragged when b ∤ n
    # (the run's T = E·⌈n/b⌉ counts these epochs); step t uses batch t mod ⌈n/b⌉
    per = -(-n // b)
    return [set(range((t % per) * b, min((t % per + 1) * b, n))) for t in range(T)]


def exact_epsilon(run: dict, curvatures, delta: str = DELTA) -> mpmath.mpf:
    """max over curvatures h and positions i of the Gaussian instance's exact ε(δ)."""
    with mpmath.workdps(50):
        n, T = int(run["n"]), int(run["steps"])
        b = n if run["batching"] == "full" else int(run["batch_size"])
        eta, s, Delta = (_mp(run[k]) for k in ("step_size", "noise_std", "gradient_sensitivity"))
        batches = _batches(n, b, T, run["batching"])
        # the steps that use example i, for every i (distinct patterns only)
        patterns = {tuple(t for t in range(T) if i in batches[t]) for i in range(n)}
        mu = mpmath.mpf(0)
        for h in curvatures:
            # step t multiplies θ by c_t = 1 − ηh|B_t|/b (the normaliser 1/b is the run's; a ragged batch has
            # |B_t| < b); the noise and the gap enter through the product of the later factors
            cs = [1 - eta * h * mpmath.mpf(len(batches[t])) / b for t in range(T)]
            after = [mpmath.mpf(1)] * (T + 1)  # after[t] = Π_{u ≥ t} c_u
            for t in range(T - 1, -1, -1):
                after[t] = after[t + 1] * cs[t]
            v = eta**2 * s**2 * mpmath.fsum(after[t + 1] ** 2 for t in range(T))
            for steps in patterns:
                d = eta * Delta / b * mpmath.fsum(after[t + 1] for t in steps)
                mu = max(mu, abs(d) / mpmath.sqrt(v))
        target = mpmath.mpf(delta)
        Phi = lambda z: mpmath.erfc(-z / mpmath.sqrt(2)) / 2

        def gap(e):
            return Phi(-e / mu + mu / 2) - mpmath.exp(e) * Phi(-e / mu - mu / 2) - target

        if gap(mpmath.mpf(0)) <= 0:
            return mpmath.mpf(0)
        lo, hi = mpmath.mpf(0), mpmath.mpf(1)
        while gap(hi) > 0:
            lo, hi = hi, 2 * hi
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if gap(mid) > 0 else (lo, mid)
        return hi


def _curvatures(run: dict) -> list:
    M = _mp(run["M"])
    if run["loss"] == "strongly-convex":
        lo = _mp(run["m"])
    elif run["loss"] == "convex":
        lo = mpmath.mpf(0)
    else:
        lo = -_mp(run.get("weak_convexity", run["M"]))
    return [lo + (M - lo) * k / 4 for k in range(5)]


def _run(loss, batching, n, b, eta, s, T, m="0", M="1", rho=None, Delta="1"):
    run = {
        "loss": loss,
        "batching": batching,
        "n": n,
        "batch_size": b,
        "step_size": eta,
        "noise_std": s,
        "steps": T,
        "M": M,
        "gradient_sensitivity": Delta,
    }
    if loss == "strongly-convex":
        run["m"] = m
    if rho is not None:
        run["weak_convexity"] = rho
    return run


# A sweep over m, M, η, s, T, b (full and cyclic batches; b | n and b ∤ n; η inside and outside
# the ranges the theorems need, so that different bounds apply in different runs).
SWEEP = [
    _run("strongly-convex", "full", "10", "10", "1/4", "1/2", "1", m="1/2", M="2"),
    _run("strongly-convex", "full", "10", "10", "1/4", "1/5", "50", m="1/2", M="2"),
    _run("strongly-convex", "full", "100", "100", "1/10", "1/50", "400", m="1/10", M="1"),
    _run("strongly-convex", "full", "20", "20", "3/5", "1/10", "30", m="1", M="3/2"),
    _run("strongly-convex", "cyclic", "20", "5", "1/5", "3/10", "40", m="1/2", M="2"),
    _run("strongly-convex", "cyclic", "12", "4", "1/8", "1/4", "7", m="1/4", M="3"),
    _run("strongly-convex", "cyclic", "10", "3", "1/6", "1/3", "25", m="1/2", M="1"),
    _run("convex", "full", "10", "10", "1/4", "1/5", "60", M="2"),
    _run("convex", "cyclic", "16", "4", "1/5", "1/2", "33", M="2", Delta="2"),
    _run("nonconvex", "cyclic", "8", "2", "1/10", "1/2", "17", M="2", rho="1/2"),
    _run("nonconvex", "full", "10", "10", "1/20", "1/3", "12", M="3", rho="3"),
    _run("nonconvex", "cyclic", "9", "3", "1/12", "1", "30", M="2", rho="1"),
]


@pytest.mark.parametrize("run", SWEEP, ids=lambda r: f"{r['loss']}-{r['batching']}-b{r['batch_size']}-T{r['steps']}")
def test_no_applicable_bound_reports_less_than_the_exact_instance(run):
    exact = exact_epsilon(run, _curvatures(run))
    result = account(run, delta=DELTA, heuristics=False)
    rows = result.applicable
    mpmath.mp.dps = 50  # compare at the reference's precision (restored by the autouse fixture)
    for row in rows:
        reported = mpmath.mpf(row.result)
        assert reported >= exact * (1 - mpmath.mpf(10) ** -25), (
            f"{row.id} reports ε = {row.result} below the exact ε = {mpmath.nstr(exact, 25)} of a quadratic "
            f"instance it covers ({run})"
        )
        assert row.certified and row.interval is not None, f"{row.id} has no certified interval ({run})"
        lo, hi = (mpmath.mpf(x) for x in row.interval)
        assert lo <= mpmath.mpf(row.estimate) * (1 + 1e-12) and mpmath.mpf(row.estimate) <= hi * (1 + 1e-12)
        assert lo <= reported <= hi
    # the all-iterates baseline also covers the instance (it releases more)
    assert mpmath.mpf(result.all_iterates.result) >= exact * (1 - mpmath.mpf(10) ** -25)


def test_the_sweep_is_not_vacuous():
    """Several runs of the sweep have at least one applicable bound (so the test above checks bounds)."""
    covered = sum(bool(account(run, delta=DELTA, heuristics=False, baseline=False).applicable) for run in SWEEP[4:7])
    assert covered >= 2


def test_reference_is_the_gaussian_mechanism_at_one_step():
    """At T = 1 the last iterate is every iterate: the reference equals the exact all-iterates baseline
    (μ = Δ/(b·s)), which the package computes through privacy/gdp-delta — two independent paths."""
    run = SWEEP[0]
    exact = exact_epsilon(run, _curvatures(run))
    base = account(run, delta=DELTA, heuristics=False).all_iterates
    mpmath.mp.dps = 50
    lo, hi = (mpmath.mpf(x) for x in base.interval)
    assert lo <= exact <= hi
    # and a bound below the exact value would be caught: half the exact ε fails the check above
    assert exact / 2 < exact * (1 - mpmath.mpf(10) ** -25)
