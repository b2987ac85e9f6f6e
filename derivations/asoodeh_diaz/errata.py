"""The severity of each erratum of Asoodeh & Diaz (``shared/papers/004_e5d73a888ff910da.txt``), with the evidence for
it (:meth:`symbolic.paper.Paper.classify`; the severities are defined in :mod:`symbolic.errata`).  The erratum claims
live next to the formulas they concern."""

from __future__ import annotations

from .common import paper

SEVERITY = {
    "E1": (
        "false",
        "Proposition 5 as printed (θ_γ((r_t − σκ)/σ)) fails on an explicit instance (prop-5-instance); the factor 2 of "
        "the Gaussian mean gap 2r_t is missing",
    ),
    "E2": (
        "valid-but-loose",
        "(21)'s coefficient b/(n − b) = p/(1 − p) is larger than the p that Lemma 1 gives (thm-3-lemma-1-corrected, "
        "PROVED for every T), so (21)'s second term is an upper bound on the correct one: (21) is weaker, not false on "
        "that account (E3 is the false part of (21))",
    ),
    "E3": (
        "false",
        "Theorem 3's bound (21) is below the exact E_ε of an explicit T = 1 instance (thm-3-instance-T1, also at ε = 0 "
        "with Figure 2's η, C, σ, p), inherited from Proposition 5 (E1)",
    ),
    "E6": (
        "false",
        "the appendix asserts that (22) has a unique root ε*_δ for every δ; at δ = 1/100, p = 1/1000, r = 3.04 no "
        "ε ≥ 0 solves it (the root exists iff δ < δ_∞(0), eq-22-root-exists-corrected)",
    ),
    "E7": (
        "false",
        "(23) is printed as a bound on ε ≥ 0 but is negative at δ = 1/10, p = 1/1000, r = 3.04 (−2.58); it is "
        "nonnegative only where (22) has a root",
    ),
}
for _key, (_severity, _evidence) in SEVERITY.items():
    paper.classify(_key, _severity, _evidence)
