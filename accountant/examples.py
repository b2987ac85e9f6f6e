"""Three training runs as a DP-SGD practitioner describes them (run descriptions: every value a string, parsed
exactly): the examples behind the accountant's benchmarks (``benchmarks/account_speed.py``,
``benchmarks/plot_speed.py``) and its tests, written once here.

* ``"a'"`` — L2-regularised logistic regression (m = 1e-3, M = 0.251) in a ball of diameter 20, Poisson batches of
  expected size 256 of n = 60 000, noise multiplier z = 1.1, clip norm C = 1, step size η = 0.5, 30 epochs: the
  all-iterates accountant gives the guarantee (ε ≈ 2.85 at δ = 1e-5).
* ``"b"`` — a nonconvex model of unknown smoothness, cyclic batches of 128 of n = 50 000, z = 1.1, C = 1, η = 0.1,
  10 epochs: no last-iterate theorem applies.
* ``"c"`` — full-batch strongly convex (m = 0.01, M = 0.26), n = 60 000, η = 1, Gaussian noise of standard
  deviation s = 0.0005 added to the gradient, gradient sensitivity Δ = 2, 2000 steps: Bok, Su & Altschuler's
  Theorem 4.2 beats the all-iterates accountant.
"""

from __future__ import annotations

_RUNS: dict[str, dict[str, str]] = {
    "a'": {
        "loss": "strongly-convex",
        "m": "1e-3",
        "M": "0.251",
        "batching": "poisson",
        "n": "60000",
        "batch_size": "256",
        "noise_multiplier": "1.1",
        "clip": "1",
        "step_size": "0.5",
        "epochs": "30",
        "diameter": "20",
    },
    "b": {
        "loss": "nonconvex",
        "batching": "cyclic",
        "n": "50000",
        "batch_size": "128",
        "clip": "1",
        "noise_multiplier": "1.1",
        "step_size": "0.1",
        "epochs": "10",
    },
    "c": {
        "loss": "strongly-convex",
        "m": "0.01",
        "M": "0.26",
        "batching": "full",
        "n": "60000",
        "step_size": "1",
        "noise_std": "0.0005",
        "gradient_sensitivity": "2",
        "steps": "2000",
    },
}

#: The examples' names, in order.
EXAMPLES: tuple[str, ...] = tuple(_RUNS)


def example_run(name: str) -> dict[str, str]:
    """A fresh copy of example run ``name`` (one of :data:`EXAMPLES`; the caller may change it)."""
    if name not in _RUNS:
        raise KeyError(f"example run {name!r}: the examples are {', '.join(EXAMPLES)}")
    return dict(_RUNS[name])
