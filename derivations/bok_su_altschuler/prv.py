"""Proposition D.4 — the privacy loss random variable of C_p(G(μ)), for numerical composition.

The CDF of Y (X = −Y, the curve is symmetric):

    F_Y(t) = pΦ(ε⁺/μ − μ/2) + (1−p)Φ(ε⁺/μ + μ/2)   for t > 0,   ε⁺ = log((p − 1 + e^t)/p),
             Φ(−ε⁻/μ − μ/2)                          for t ≤ 0,   ε⁻ = log((p − 1 + e^{−t})/p)

(zero below t = log(1 − p), where ε⁻ is undefined).  Composition of many copies is done by an
established accountant, prv-accountant's ``PRVAccountant`` (Gopi, Lee & Wutschitz 2021, the method
of App. D.5), as the authors did: this module only supplies the paper's CDF.  float64, like the peer
(not our precision); the accountant returns a certified bracket [lower, upper] around its estimate.
Requires the ``peers`` extra (:func:`derivations.privacy.peers.require`).
"""

from __future__ import annotations

from derivations.privacy.peers import require
from symbolic.errors import HypothesisError
from symbolic.exact_numbers import parse_exact


def _prv_class():
    np = require("numpy")
    special = require("scipy.special")
    pa = require("prv_accountant")
    base = require("prv_accountant.privacy_random_variables.abstract_privacy_random_variable").PrivacyRandomVariable

    class SymmetricSubsampledGaussianPRV(base):
        """Y of Proposition D.4 for C_p(G(μ)); RDP (only used to size the domain) bounded by twice the
        Poisson-subsampled Gaussian's (noise multiplier 1/μ), a conservative choice."""

        def __init__(self, p: float, mu: float):
            self.p, self.mu = float(p), float(mu)
            self._fwd = pa.PoissonSubsampledGaussianMechanism(sampling_probability=self.p, noise_multiplier=1 / self.mu)

        def rdp(self, alpha):
            return 2 * float(self._fwd.rdp(alpha))

        def cdf(self, t):
            t = np.asarray(t, dtype=float)
            p, mu = self.p, self.mu
            with np.errstate(all="ignore"):
                e_plus = np.log((p - 1 + np.exp(t)) / p)
                e_minus = np.log((p - 1 + np.exp(-t)) / p)
                pos = p * special.ndtr(e_plus / mu - mu / 2) + (1 - p) * special.ndtr(e_plus / mu + mu / 2)
                neg = special.ndtr(-e_minus / mu - mu / 2)
            return np.where(t > 0, pos, np.where(np.isfinite(e_minus), neg, 0.0))

    return SymmetricSubsampledGaussianPRV, pa


def compose_subsampled_gdp(p, mu, steps, delta, eps_error="0.01"):
    """(lower, estimate, upper) for ε at ``delta`` of C_p(G(μ))^{⊗steps} (prv-accountant, Prop. D.4's PRV).

    Inputs are exact strings/rationals (checked: 0 < p ≤ 1, μ > 0, steps a positive integer, 0 < δ < 1)
    converted to float64 for the peer.
    """
    pe, me, se, de, ee = (
        parse_exact(v, f"compose_subsampled_gdp: {name}")
        for v, name in ((p, "p"), (mu, "mu"), (steps, "steps"), (delta, "delta"), (eps_error, "eps_error"))
    )
    for ok, text, vals in (
        (0 < pe <= 1, "0 < p ≤ 1", {"p": pe}),
        (me > 0, "μ > 0", {"mu": me}),
        (se.is_integer and se >= 1, "steps is a positive integer", {"steps": se}),
        (0 < de < 1, "0 < δ < 1", {"delta": de}),
        (ee > 0, "eps_error > 0", {"eps_error": ee}),
    ):
        if not ok:
            raise HypothesisError("bok-su-altschuler/prop-d.4-composition", text, vals)
    cls, pa = _prv_class()
    steps_i = int(se)
    acc = pa.PRVAccountant(
        prvs=[cls(float(pe), float(me))],
        max_self_compositions=[steps_i],
        eps_error=float(ee),
        delta_error=float(de) / 1000,
    )
    lo, est, hi = acc.compute_epsilon(delta=float(de), num_self_compositions=[steps_i])
    return float(lo), float(est), float(hi)
