"""The severity of each erratum of Chien & Li (``shared/papers/001_61b9bc25c2cda090.txt``), with the evidence for it
(:meth:`symbolic.paper.Paper.classify`; the severities are defined in :mod:`symbolic.errata`).  The erratum claims live
next to the formulas they concern."""

from __future__ import annotations

from .common import paper

SEVERITY = {
    "E1": (
        "valid-but-loose",
        "(19) carries β_t where the full-batch case (75) needs only √β_t: since β_t ≤ 1, S_α(q, β_tσb/(2ηK)) ≥ "
        "S_α(q, √β_tσb/(2ηK)) (S_α decreases in its noise argument), so Theorem 3.12 is valid but looser; at q = 1 it "
        "is not the composition term it is presented as (q-1-consistency)",
    ),
    "E3": (
        "valid-but-loose",
        "Theorem 3.1's numerator min(sΣc^t, 2ηKτ) is ≥ Lemma 3.5's D_τ (numerator-is-lem-3.5-corrected, by induction), "
        "so the theorem holds but can be looser than min(D_τ, D) for c > 1; equal for c ≤ 1",
    ),
    "E4": (
        "valid-but-loose",
        "Theorem A.1 without the cap A_τ ≥ min(D_τ, D) is still an upper bound (D_τ tracks the true distance), but it "
        "grows like c^τ: ε(T = 400) = 1.58α > ε(50) = 0.18α, so as printed it does not give the convergent loss the "
        "paper claims for it — substantive, yet not a false bound",
    ),
    "E5": (
        "wording",
        "A.10 calls Lemma 3.10 the full-batch special case of Lemma A.2; at b = n Lemma A.2's first branch has "
        "ηL(n − 1)/n ≤ ηL, so Lemma 3.10 is a valid weakening, not a special case; both lemmas are true",
    ),
    "E8": (
        "proof-step",
        "the proof of Lemma 3.9 (A.9) differentiates x + Lx^λ as 1 + Lx^{λ−1} (λ missing); the lemma only needs the "
        "derivative to be positive, which 1 + λLx^{λ−1} also is",
    ),
    "E9": (
        "valid-but-loose",
        "A.14 (case 3) writes |G(x) − G(y)| as |x|^{1/3} + y^{1/3}; for the stated G = f′ = |x|^{1/3} the difference "
        "is ||x|^{1/3} − y^{1/3}|, which is smaller, so the constant C = 2 derived from the printed step is valid "
        "(the sharp constant is 1) and the example's conclusion stands",
    ),
    "E13": (
        "wording",
        "the abstract and §5 say Hölder (here smooth nonconvex) losses give a convergent bound better than output "
        "perturbation; the plateau is ≥ αD²(c² − 1)/(2σ²), so this holds only for ηL < √2 − 1, which includes "
        "Figure 1's ηL = 0.1 (ε = 0.546 < 1 at α = 2); the claim needs that qualification",
    ),
}
for _key, (_severity, _evidence) in SEVERITY.items():
    paper.classify(_key, _severity, _evidence)
