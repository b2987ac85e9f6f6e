"""The all-iterates baseline: what an established accountant charges for releasing every iterate.

One step releases the averaged (clipped) gradient plus N(0, s²I) (the canonical step of
:mod:`derivations.privacy.run`, up to the public map θ ↦ θ − η·(·)), so the sum of the batch
is a Gaussian mechanism with noise std b·s and sensitivity Δ (replace-one; under add-remove
the sum moves by one gradient, of norm ≤ C with clipping, else taken as Δ).

* ``full``, ``cyclic``, ``shuffled`` — the example is used in K steps (K = T under full
  batching; K = ⌈T·b/n⌉ for cyclic batches, whose positions wrap around the dataset;
  K = ⌈T/⌈n/b⌉⌉, one per epoch begun, for shuffled batches, with no amplification by
  shuffling claimed): the composition of K Gaussian mechanisms, exactly μ-GDP with
  μ = √K·Δ/(b·s) (Dong, Roth & Su 2022, Cor. 3.3), converted exactly (``privacy/gdp-epsilon``)
  and certified.
* ``poisson`` — dp-accounting's PLD accountant (pessimistic discretisation, float64) for T
  Poisson-subsampled Gaussian steps with rate b/n; replace-one is dp-accounting's
  ``REPLACE_ONE`` relation with per-example sensitivity Δ/2 (its model: gradients of norm
  ≤ Δ/2, which is C under clipping).
* ``without-replacement`` — dp-accounting's RDP accountant (``SampledWithoutReplacementDpEvent``,
  Wang, Balle & Kasiviswanathan 2019, replace-one) for T steps.

dp-accounting is the ``peers`` extra (:mod:`derivations.privacy.peers`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import sympy as sp

from derivations.privacy.peers import require

from .conversion import gdp_convert
from .run_description import Run


@dataclass
class Baseline:
    method: str
    target: str  # "epsilon" or "delta"
    result: str | None
    interval: tuple[str, str] | None
    estimate: float
    certified: bool

    def as_json(self) -> dict:
        return {
            "method": self.method,
            self.target: self.result,
            "interval": list(self.interval) if self.interval else None,
            "certified": self.certified,
        }


def participations(run: Run) -> int:
    """K: the most steps one example takes part in (full, cyclic, shuffled)."""
    n, b, T = (int(run[k]) for k in ("n", "batch_size", "steps"))
    if run.batching == "full":
        return T
    if run.batching == "cyclic":
        return min(T, -(-T * b // n))
    if run.batching == "shuffled":
        return -(-T // (-(-n // b)))
    raise ValueError(f"no deterministic participation count for {run.batching} batches")


def sensitivity_of_sum(run: Run) -> sp.Rational:
    if run.adjacency == "add-remove":
        return run["clip"] if run.clipped else run["gradient_sensitivity"]
    return run["gradient_sensitivity"]


def all_iterates(run: Run, *, delta=None, epsilon=None, certify: bool = True) -> Baseline:
    """The all-iterates ε at ``delta`` (or δ at ``epsilon``) of ``run`` (see the module docstring)."""
    b, T, s = run["batch_size"], int(run["steps"]), run["noise_std"]
    sens = sensitivity_of_sum(run)
    if run.batching in ("full", "cyclic", "shuffled"):
        K = participations(run)
        mu_sq = K * sens**2 / (b * s) ** 2
        from symbolic.certify import enclose

        mu = sp.sqrt(mu_sq)
        ball = enclose(mu, {}, 120, "all-iterates μ") if certify else None
        import mpmath

        with mpmath.workdps(40):
            mu_est = mpmath.sqrt(mpmath.mpf(int(mu_sq.p)) / int(mu_sq.q))
        est, res, iv = gdp_convert(ball, delta=delta, epsilon=epsilon, certify=certify, mu_estimate=mu_est)
        what = {"full": "T", "cyclic": "⌈T·b/n⌉", "shuffled": "⌈T/⌈n/b⌉⌉ (no shuffling amplification)"}
        method = (
            f"composition of K = {K} Gaussian mechanisms, K = {what[run.batching]}: exactly μ-GDP with "
            f"μ = √K·Δ/(b·s) = {mpmath.nstr(mu_est, 12)} (Dong–Roth–Su Cor. 3.3), certified"
        )
        return Baseline(method, "epsilon" if delta is not None else "delta", res, iv, float(est), certify)
    dpa = require("dp_accounting")
    q = float(run["batch_size"] / run["n"])
    if run.batching == "poisson":
        if run.adjacency == "replace-one":
            relation, per = dpa.NeighboringRelation.REPLACE_ONE, sens / 2
        else:
            relation, per = dpa.NeighboringRelation.ADD_OR_REMOVE_ONE, sens
        z = float(b * s / per)
        event = dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(z)), T)
        acc = dpa.pld.PLDAccountant(neighboring_relation=relation, value_discretization_interval=1e-3)
        label = (
            f"dp-accounting PLD accountant (pessimistic, float64): {T} Poisson-subsampled Gaussian steps, "
            f"rate {q:.6g}, noise multiplier {z:.6g} ({run.adjacency})"
        )
    else:
        if run.adjacency != "replace-one":
            raise ValueError("sampling without replacement is accounted for replace-one neighbours only")
        z = float(b * s / sens)
        event = dpa.SelfComposedDpEvent(
            dpa.SampledWithoutReplacementDpEvent(int(run["n"]), int(run["batch_size"]), dpa.GaussianDpEvent(z)), T
        )
        acc = dpa.rdp.RdpAccountant(neighboring_relation=dpa.NeighboringRelation.REPLACE_ONE)
        label = (
            f"dp-accounting RDP accountant (Wang–Balle–Kasiviswanathan, float64): {T} steps sampled "
            f"without replacement, rate {q:.6g}, noise multiplier {z:.6g}"
        )
    acc.compose(event)
    if delta is not None:
        value = float(acc.get_epsilon(float(delta)))
        return Baseline(label, "epsilon", _float_up(value), None, value, False)
    value = float(acc.get_delta(float(epsilon)))
    return Baseline(label, "delta", _float_up(value), None, value, False)


def _float_up(x: float) -> str:
    if not math.isfinite(x):
        return "inf"
    return f"{x:.6g}"
