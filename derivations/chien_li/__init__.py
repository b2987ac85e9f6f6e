"""Chien & Li (2024), *Convergent Privacy Loss of Noisy-SGD without Convexity and Smoothness*
(``shared/papers/001_61b9bc25c2cda090.txt``).  Registry key ``chien-li``.

One module per part of the paper:

* :mod:`.holder_map` — Lemmas 3.8–3.9: g(x) = x + Lx^λ, h = g⁻¹ (``lem-3.9-h``, ``lem-3.9-h-half``);
* :mod:`.tracking` — Lemmas 3.5 and 3.10: forward W∞ tracking D_t (``lem-3.5-dt``, ``lem-3.10-dt``);
* :mod:`.smooth` — Theorem 3.1: the Cauchy–Schwarz shift allocation (12), β elimination, the exact
  water-filling minimum over τ and β (``thm-3.1-eps``), convex closed form, limits;
* :mod:`.sgm` — Definition 3.11 and Theorem 3.12's per-step term (erratum E1);
* :mod:`.holder_bound` — Theorem 3.7 as an evaluable bound through h (``thm-3.7-eps``);
* :mod:`.subsampled` — Theorem 3.12: tracking (21) (``thm-3.12-dt``), the feasibility of (20), and (19) minimised over
  τ and a at a common noise split β (``thm-3.12-eps``, ``thm-3.12-eps-corrected``: valid bounds);
* :mod:`.cyclic` — Theorem A.1 (printed and with the domain cap, E4; λ = 1 exact, every λ as ``thm-a.1-hoelder-eps``),
  Lemma A.2 for every λ (``lem-a.2-dt``), Corollary A.3;
* :mod:`.examples` — Lemma 3.4 on quadratics, (8), Lemma 3.2 on Diracs, the A.14 example (E9), A.15's comparison;
* :mod:`.figures` — Figures 1–2 as data (recomputed) and their claims;
* :mod:`.reproductions` — Figure 1(a)'s plateaus against a separate recomputation (Reproduction claims);
* :mod:`.bounds` — Theorems 3.1 (three regimes) and 3.7 declared as bounds;
* :mod:`.chain_steps` — the formula-bearing steps of the appendix divergence chains ((40));
* :mod:`.errata` — the severity of each erratum, and the claims of E10 (A.13's λ → 0 remark);
* :mod:`.coverage` — the coverage index of every numbered item.
"""

from .common import paper

# The modules that register the paper's objects, in load order (each after the modules it imports;
# bounds after their formulas, the coverage index after every ID).  They are imported on demand:
# reading paper.formulas / .claims / .bounds imports all of them, an `eval` only the one it needs,
# paper.load_bounds() only those named in `bounds`.
paper.declare_modules(
    __name__,
    (
        "holder_map",
        "tracking",
        "smooth",
        "sgm",
        "holder_bound",
        "subsampled",
        "cyclic",
        "examples",
        "figures",
        "reproductions",
        "bounds",
        "chain_steps",
        "errata",
        "coverage",
    ),
    # the modules the accountant imports for the bound declarations (the formulas they declare, then
    # the declarations); tests/symbolic/test_registry.py compares them with a full load
    bounds=("smooth", "holder_bound", "bounds"),
)

__all__ = ["paper"]
