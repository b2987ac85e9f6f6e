"""The all-iterates baseline: what an established accountant charges for releasing every iterate.

One step releases the averaged (clipped) gradient plus N(0, s²I) (the canonical step of
:mod:`derivations.privacy.run`, up to the public map θ ↦ θ − η·(·)), so the sum of the batch
is a Gaussian mechanism with noise std b·s (b the run's batch size, a public normaliser).

**The neighbouring relation is the run's** (``adjacency``; the same relation every last-iterate
bound is checked against, so the ratio compares like with like) and is recorded in the result
(:attr:`Baseline.relation`):

* ``replace-one`` — the sum moves by g_i − g'_i, of norm ≤ Δ (2C with clipping);
* ``add-remove`` — the sum moves by one gradient g_i, of norm ≤ C with clipping; without clipping
  Δ is read as the bound on ‖g_i − 0‖ (the neighbour lacks the example).

* ``full``, ``cyclic``, ``shuffled`` — the example is used in K steps (K = T under full
  batching; K = ⌈T·b/n⌉ for cyclic batches, whose positions wrap around the dataset;
  K = ⌈T/⌈n/b⌉⌉, one per epoch begun, for shuffled batches, with no amplification by
  shuffling claimed): the composition of K Gaussian mechanisms, exactly μ-GDP with
  μ = √K·Δ/(b·s) (Dong, Roth & Su 2022, Cor. 3.3), converted exactly (``privacy/gdp-epsilon``)
  and certified.
* ``poisson`` — dp-accounting's PLD accountant (pessimistic discretisation, float64) for T
  Poisson-subsampled Gaussian steps with rate b/n, under dp-accounting's relation of the same name:
  ``REPLACE_ONE`` with per-example norm Δ/2 (its model: replacing moves the sum by up to twice the
  per-example norm, i.e. by Δ; C under clipping) or ``ADD_OR_REMOVE_ONE`` with norm C (Δ unclipped).
* ``without-replacement`` — dp-accounting's RDP accountant (``SampledWithoutReplacementDpEvent``,
  Wang, Balle & Kasiviswanathan 2019) for T steps; dp-accounting supports it for replace-one only
  (under add-remove the batch size would change with the dataset), so an add-remove run gets no
  baseline, with that reason (:attr:`Baseline.reason`).

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
    estimate: float | None
    certified: bool
    relation: str = "replace-one"  # the neighbouring relation it is computed for (the run's)
    reason: str | None = None  # why there is no baseline (result and estimate None)

    @property
    def available(self) -> bool:
        return self.reason is None

    def as_json(self) -> dict:
        return {
            "method": self.method,
            "relation": self.relation,
            self.target: self.result,
            "interval": list(self.interval) if self.interval else None,
            "certified": self.certified,
            **({"reason": self.reason} if self.reason else {}),
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
        moved = "Δ" if run.adjacency == "replace-one" else ("C" if run.clipped else "Δ")
        method = (
            f"composition of K = {K} Gaussian mechanisms, K = {what[run.batching]}, {run.adjacency} "
            f"(the batch sum moves by ≤ {moved} = {sens}): exactly μ-GDP with "
            f"μ = √K·{moved}/(b·s) = {mpmath.nstr(mu_est, 12)} (Dong–Roth–Su Cor. 3.3), certified"
        )
        target = "epsilon" if delta is not None else "delta"
        return Baseline(method, target, res, iv, float(est), certify, run.adjacency)
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
            method = "dp-accounting RDP accountant (sampling without replacement)"
            return Baseline(
                method,
                "epsilon" if delta is not None else "delta",
                None,
                None,
                None,
                False,
                run.adjacency,
                "dp-accounting accounts sampling without replacement (fixed batch size) for replace-one "
                "neighbours only; under add-remove the batch size would change with the dataset",
            )
        z = float(b * s / sens)
        event = dpa.SelfComposedDpEvent(
            dpa.SampledWithoutReplacementDpEvent(int(run["n"]), int(run["batch_size"]), dpa.GaussianDpEvent(z)), T
        )
        acc = dpa.rdp.RdpAccountant(neighboring_relation=dpa.NeighboringRelation.REPLACE_ONE)
        label = (
            f"dp-accounting RDP accountant (Wang–Balle–Kasiviswanathan, float64): {T} steps sampled "
            f"without replacement, rate {q:.6g}, noise multiplier {z:.6g} (replace-one)"
        )
    acc.compose(event)
    if delta is not None:
        value = float(acc.get_epsilon(float(delta)))
        return Baseline(label, "epsilon", _float_up(value), None, value, False, run.adjacency)
    value = float(acc.get_delta(float(epsilon)))
    return Baseline(label, "delta", _float_up(value), None, value, False, run.adjacency)


def _float_up(x: float) -> str:
    if not math.isfinite(x):
        return "inf"
    return f"{x:.6g}"
