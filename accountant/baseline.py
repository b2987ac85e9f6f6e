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

* ``full``, ``cyclic``, ``shuffled`` — the example is used in K steps, counted exactly from the run:
  K = T under full batching; for cyclic and shuffled batches an epoch is ⌈n/b⌉ steps (the run's
  T = E·⌈n/b⌉; when b ∤ n the epoch's last batch holds the remaining n − (⌈n/b⌉ − 1)b examples, as a
  PyTorch ``DataLoader`` with ``drop_last=False`` makes it), each example is in one batch per epoch, and
  the first batch's examples are used once in every epoch begun: K = ⌈T/⌈n/b⌉⌉ (10 epochs of 128 over
  n = 50000: T = 3910, K = 10).  No amplification by shuffling is claimed.  The composition of K
  Gaussian mechanisms is exactly μ-GDP with μ = √K·Δ/(b·s) (Dong, Roth & Su 2022, Cor. 3.3), converted
  exactly (``privacy/gdp-epsilon``) and certified.
* ``poisson`` — dp-accounting's PLD accountant (pessimistic discretisation, float64) for T
  Poisson-subsampled Gaussian steps with rate q = b/n (T is the run's own count: an epoch is ⌈n/b⌉
  steps here, where Opacus counts int(1/q)).  **add-remove**: ``ADD_OR_REMOVE_ONE`` with per-example norm
  C (Δ unclipped) — exactly dp-accounting's (and Opacus') accounting of the run.  **replace-one**: the
  worst admissible pair, not just the symmetric one.  The example's gradient goes from a to a' with
  ‖a − a'‖ ≤ Δ; each step's output is (1 − q)N(0) + qN(a) against (1 − q)N(0) + qN(a') (noise std b·s on the
  sum).  Revealing whether the example was sampled can only help the adversary, and then the pair is
  (1 − q)·(no loss) + q·(Gaussian pair at distance Δ): the *flagged* pair, privacy-loss distribution
  (1 − q)δ₀ + q·PLD(N(Δ, (bs)²) ‖ N(0, (bs)²)), which dominates every admissible pair and is their
  supremum when the gradients are unbounded (a = c + Δ/2, a' = c − Δ/2, c → ∞: the mixture components
  separate).  So an unclipped run gets the flagged pair.  With clipping (‖a‖, ‖a'‖ ≤ C) dp-accounting's
  ``REPLACE_ONE`` at norm C (the symmetric pair ±C) is the accepted worst case; the baseline is the smaller
  of the two (both are upper bounds).  The earlier model, ``REPLACE_ONE`` at Δ/2 (the pair ±Δ/2), is the
  worst case only when every gradient has norm ≤ Δ/2: n = 1000, b = 10, η = 1, s = 1/20, Δ = 1, T = 1,
  unclipped gave ε = 0.209374 at δ = 1e-5, while the instance (a, a') = (Δ, 0) of a linear loss has exact
  ε = 3.02536 and the class's supremum is 7.58128 (issue 28).
* ``without-replacement`` — replace-one: each step takes the example with probability b/n afresh, so the
  flagged pair above dominates it too; with clipping also dp-accounting's RDP accountant
  (``SampledWithoutReplacementDpEvent``, Wang, Balle & Kasiviswanathan 2019) at sensitivity 2C, and the
  smaller of the two.  WBK's bound needs the base mechanism's sensitivity for *every* replacement inside
  the subsample, which Δ does not give (it bounds the differing example's change only): unclipped,
  n = 2, b = 1, T = 1, s = 1/2, Δ = 1/2 gave 4.0859 at δ = 1e-5 below 4.21244, the supremum of the linear
  instances a = c ± Δ/2 (the other example's gradient 0, c → ∞; found by the property test).
  dp-accounting supports it for replace-one only (under add-remove the batch size would change with
  the dataset), so an add-remove run gets no baseline, with that reason (:attr:`Baseline.reason`).

**Δ** is the bound on the differing example's gradient change ‖g_i − g'_i‖ only: the other examples'
gradients are not assumed to lie within Δ of it (the pairs above range over every such instance).

Every label names the ratio it passes to dp-accounting as "noise / sensitivity" (b·s/Δ, b·s/C), which is
the run's DP-SGD noise multiplier z = b·s/C only when the sensitivity is C: under replace-one with
clipping Δ = 2C, so b·s/Δ = z/2 (a run with z = 1.1 shows 0.55, with that said).

Add-remove with full, cyclic or shuffled batches is read as replacing the example by a null one
(gradient 0, positions kept; dp-accounting's ``REPLACE_SPECIAL``): removing it outright would shift
every later example's batch.

dp-accounting is the ``peers`` extra (:mod:`derivations.privacy.peers`).
"""

from __future__ import annotations

import functools
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
    """K: the most steps one example takes part in (full, cyclic, shuffled), counted exactly.

    Full: every step.  Cyclic and shuffled: an epoch is ⌈n/b⌉ steps in which every example is in exactly
    one batch (the last one ragged when b ∤ n), so an example is used once per epoch begun at most, and
    the first batch's examples (cyclic), or an example a permutation puts first (shuffled), are used in
    every one: K = ⌈T/⌈n/b⌉⌉.  (The former count ⌈T·b/n⌉ charged 11 participations for 10 epochs of 128
    over n = 50000.)"""
    n, b, T = (int(run[k]) for k in ("n", "batch_size", "steps"))
    if run.batching == "full":
        return T
    if run.batching in ("cyclic", "shuffled"):
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
        what = {
            "full": "T",
            "cyclic": "⌈T/⌈n/b⌉⌉, one per epoch begun",
            "shuffled": "⌈T/⌈n/b⌉⌉, one per epoch begun (no shuffling amplification)",
        }
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
        return _poisson(run, dpa, q, T, delta=delta, epsilon=epsilon)
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
        return _without_replacement(run, dpa, q, T, delta=delta, epsilon=epsilon)


def _flagged(run: Run, dpa, q: float):
    """dp-accounting PLD of the flagged pair (1 − q)δ₀ + q·Gaussian at distance Δ (module docstring)."""
    delta_g = run["gradient_sensitivity"]
    z = float(run["batch_size"] * run["noise_std"] / delta_g)
    flagged = _base_pld("flagged", z, q)
    what = (
        f"replace-one, flagged pair (1 − q)·δ₀ + q·Gaussian at distance Δ = {delta_g}, noise/sensitivity "
        f"b·s/Δ = {z:.6g}: dominates every pair with ‖a − a'‖ ≤ Δ (their supremum without clipping)"
    )
    return flagged, what


def _pld_value(pld, T: int, delta, epsilon) -> float:
    composed = pld.self_compose(T)
    if delta is not None:
        return float(composed.get_epsilon_for_delta(float(delta)))
    return float(composed.get_delta_for_epsilon(float(epsilon)))


def _without_replacement(run: Run, dpa, q: float, T: int, *, delta=None, epsilon=None) -> Baseline:
    """Sampling without replacement, replace-one: the flagged pair (each step takes the example with probability
    b/n, afresh) and, with clipping, dp-accounting's RDP accountant (Wang–Balle–Kasiviswanathan) at sensitivity
    2C; the smaller.  WBK's bound needs the base mechanism's sensitivity for *every* replacement in the
    subsample, which Δ (the differing example's change) does not give: n = 2, b = 1, T = 1, s = 1/2, Δ = 1/2
    unclipped gave 4.0859 at δ = 1e-5 below the supremum 4.21244 of the linear instances a = c ± Δ/2, c → ∞
    (the other example's gradient 0)."""
    b, s = run["batch_size"], run["noise_std"]
    flagged, what = _flagged(run, dpa, q)
    results = [(_pld_value(flagged, T, delta, epsilon), f"dp-accounting PLD accountant (pessimistic, float64): {what}")]
    if run.clipped:
        sens = 2 * run["clip"]
        z = float(b * s / sens)
        event = dpa.SelfComposedDpEvent(
            dpa.SampledWithoutReplacementDpEvent(int(run["n"]), int(run["batch_size"]), dpa.GaussianDpEvent(z)), T
        )
        acc = dpa.rdp.RdpAccountant(neighboring_relation=dpa.NeighboringRelation.REPLACE_ONE)
        acc.compose(event)
        value = float(acc.get_epsilon(float(delta)) if delta is not None else acc.get_delta(float(epsilon)))
        results.append(
            (
                value,
                f"dp-accounting RDP accountant (Wang–Balle–Kasiviswanathan, float64), noise/sensitivity "
                f"b·s/(2C) = {z:.6g} (every clipped gradient lies in the ball of radius C = {run['clip']}, so any "
                f"replacement moves the sum by ≤ 2C{_multiplier_note(run, sens)})",
            )
        )
    value, how = min(results, key=lambda r: r[0])
    others = "; ".join(f"{w}: {v:.6g}" for v, w in results if w != how)
    label = f"{T} steps sampled without replacement, rate {q:.6g}, replace-one: {how}" + (
        f" (the smaller of two upper bounds; the other, {others})" if others else ""
    )
    target = "epsilon" if delta is not None else "delta"
    return Baseline(label, target, _float_up(value), None, value, False, run.adjacency)


def _multiplier_note(run: Run, sens) -> str:
    if not run.clipped or sens == run["clip"]:
        return ""
    z = run["batch_size"] * run["noise_std"] / run["clip"]
    return f"; the run's noise multiplier z = b·s/C is {float(z):.6g}"


_PLD_INTERVAL = 1e-3


@functools.lru_cache(maxsize=16)
def _base_pld(kind: str, z: float, q: float):
    """dp-accounting's PLD of one step (before composition), built once per (kind, z, q): ``--plot``,
    ``--curve`` and calibration account the same run at many step counts, and building the one-step PLD
    cost ~0.08 CPU s of each ~0.2 s baseline.  The objects are not mutated (``self_compose`` returns a new
    one), so a cached one gives the same numbers as a fresh one."""
    PLD = require("dp_accounting").pld.privacy_loss_distribution
    relation = require("dp_accounting").NeighboringRelation
    if kind == "flagged":
        gauss = PLD.from_gaussian_mechanism(
            z, sensitivity=1, value_discretization_interval=_PLD_INTERVAL, pessimistic_estimate=True
        )
        return gauss.compute_mixture(PLD.identity(_PLD_INTERVAL, pessimistic_estimate=True), q)
    return PLD.from_gaussian_mechanism(
        z,
        sensitivity=1,
        sampling_prob=q,
        neighboring_relation=relation.ADD_OR_REMOVE_ONE if kind == "add-remove" else relation.REPLACE_ONE,
        value_discretization_interval=_PLD_INTERVAL,
        pessimistic_estimate=True,
    )


def _poisson(run: Run, dpa, q: float, T: int, *, delta=None, epsilon=None) -> Baseline:
    """The Poisson baseline (module docstring): add-remove as dp-accounting, replace-one the worst pair."""
    b, s = run["batch_size"], run["noise_std"]
    candidates = []  # (pld, description)
    if run.adjacency == "add-remove":
        sens = run["clip"] if run.clipped else run["gradient_sensitivity"]
        z = float(b * s / sens)
        pld = _base_pld("add-remove", z, q)
        which = "C" if run.clipped else "Δ"
        candidates.append((pld, f"ADD_OR_REMOVE_ONE, noise/sensitivity b·s/{which} = {z:.6g}"))
    else:
        candidates.append(_flagged(run, dpa, q))
        if run.clipped:
            zc = float(b * s / run["clip"])
            sym = _base_pld("replace-one", zc, q)
            candidates.append(
                (
                    sym,
                    f"REPLACE_ONE at the clip norm C = {run['clip']} (the pair ±C), noise multiplier b·s/C = {zc:.6g}",
                )
            )
    results = [(_pld_value(pld, T, delta, epsilon), what) for pld, what in candidates]
    value, what = min(results, key=lambda r: r[0])
    others = "; ".join(f"{w}: {v:.6g}" for v, w in results if w != what)
    label = (
        f"dp-accounting PLD accountant (pessimistic, float64): {T} Poisson-subsampled Gaussian steps, rate {q:.6g} "
        f"(T as the run counts it, ⌈n/b⌉ steps per epoch; Opacus counts int(1/q)), {run.adjacency}: {what}"
        + (f" (the smaller of two upper bounds; the other, {others})" if others else "")
    )
    target = "epsilon" if delta is not None else "delta"
    return Baseline(label, target, _float_up(value), None, value, False, run.adjacency)


def _float_up(x: float) -> str:
    """x rounded *up* to 6 significant digits (a float64 estimate reported as a bound is never rounded down:
    ``f"{x:.6g}"`` printed 0.2093744… as 0.209374)."""
    if not math.isfinite(x):
        return "inf"
    if x == 0:
        return "0"
    from decimal import ROUND_CEILING, Decimal

    d = Decimal(x)  # the float's exact value
    exp = d.adjusted() - 5
    return f"{d.quantize(Decimal(1).scaleb(exp), rounding=ROUND_CEILING).normalize():f}"
