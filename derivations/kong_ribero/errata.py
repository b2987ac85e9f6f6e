"""The severity of each erratum of Kong & Ribero (``shared/papers/000_dc7dbfffafcf342b.txt``), with the evidence for
it (:meth:`symbolic.paper.Paper.classify`; the severities are defined in :mod:`symbolic.errata`).  The erratum claims
live next to the formulas they concern."""

from __future__ import annotations

from .common import paper

SEVERITY = {
    "E1": (
        "proof-step",
        "the first step of the proof of Lemma A.3(b) prints L^t for L^{t−1}; the corrected step gives the lemma",
    ),
    "E2": (
        "proof-step",
        "the proof of Lemma A.4(a) starts the sum at i = 2; from i = 1 the next '≤' is an equality by Lemma A.3(c), "
        "and the lemma stands",
    ),
    "E3": (
        "proof-step",
        "the first equality of the proof of Lemma C.1 prints L^{−2(s−1)} for L^{2(s−1)}; the rest of the chain "
        "(theta-closed-form-L-gt-1) and the lemma hold",
    ),
    "E5": (
        "false",
        "Lemma A.11 states ‖X_{t*} − X'_{t*}‖ = 0, false whenever the differing gradients differ at step t* "
        "(lem-a.11-first-iterate); what holds is the distance at t* − 1, and with it the proof of Theorem 2.3 "
        "counts T − t* + 1 steps, not T − t* − 1 (thm-2.3-proof-horizon); the theorem's bound stands",
    ),
    "E6": (
        "false",
        "Corollary C.2's σ̄_ε makes the proof's bound 16α²ε instead of ε (64ε at α = 2, ε = 1), so its (α, ε)-RDP "
        "claim is false as printed; the display also drops E and the proof's L_λ̄² is off by m²/[2(M + m)²]",
    ),
    "E7": (
        "proof-step",
        "the last step of the proof of Proposition 2.1(b) prints 2L_λ‖x − y‖² for 2L_λ²‖x − y‖²; the stated "
        "constant √2 L_λ is what the corrected step gives",
    ),
    "E8": (
        "false",
        "the remarks after Proposition 2.1 print L_{1/(2m)}(m, 0) = √3 and L_{1/(2m)}(m, m) = √(5/2); (13) gives √(5/2) "
        "and 3/2",
    ),
    "E9": (
        "proof-step",
        "the proof of Lemma A.7 justifies a line by ‖a + b‖²/2 ≤ ‖a‖² + ‖b‖² alone, which does not give it (1-D "
        "counterexample); co-coercivity does, and the lemma's constant stands",
    ),
    "E11": (
        "proof-step",
        "Theorem 2.2's proof takes L = L_λ although clipping is allowed; at m = 0 that asserts a clipped step is "
        "1-Lipschitz, false at an explicit pair; (16) itself is not refuted (a gap in the proof, not a counterexample "
        "to the theorem), and with L = √2 L_λ under clipping the proof goes through (thm-2.2-corrected)",
    ),
    "E12": (
        "proof-step",
        "three algebra slips in the proof of (31) (the split, the expansion, a dropped factor λ); the corrected "
        "steps give (31), whose remainder is ≤ 0 for λ ≤ 1/[2(M + m)]",
    ),
    "E13": (
        "proof-step",
        "the proof of Proposition A.5(a) writes '=' where its B_2 is only an upper bound, and (26) is used without its "
        "guard ℓ ≤ T (false for T < ℓ); with the guard (26) holds (prop-a.5a-T-lt-ell-corrected)",
    ),
    "E14": (
        "false",
        "footnote 5's inequality H r^η ≤ (Hρ/2)r + Hη((1 − η)/ρ)^{(1−η)/η} fails for some r > 0; the correct constant "
        "is H(1 − η)(2η/ρ)^{η/(1−η)} (footnote-5-corrected, PROVED)",
    ),
    "E15": (
        "false",
        "Table 2's row 'Ours' prints [λC/σ]² where (19) and (17) give [λC/(bσ)]²: the entries are off by the factor b²",
    ),
    "E25": (
        "proof-step",
        "the proof of Theorem 2.2 instantiates Proposition A.5(a) with T = 1, ℓ = k/b, which gives a different "
        "expression; Lemma A.4(a) with T = ℓ = 1 gives (16) exactly",
    ),
    "E27": (
        "false",
        "the remark after Corollary C.2 says lim_{m→0} ℓ̄(m) = ∞; (A2) allows M = 0, where ℓ̄(m) = log 2/log(3/2) for "
        "every m > 0 (true only for M > 0)",
    ),
}
for _key, (_severity, _evidence) in SEVERITY.items():
    paper.classify(_key, _severity, _evidence)
