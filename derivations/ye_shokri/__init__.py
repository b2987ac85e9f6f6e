"""Ye & Shokri (2022), *Differentially Private Learning Needs Hidden State (Or Much Faster
Convergence)* (``shared/papers/003_90c215db479cc73e.txt``).

One module per part of the paper, in the paper's order:

* :mod:`.heat_flow` — Lemmas 4.1 and 4.2: the pointwise steps of the proofs of Lemmas 4.1 and B.1, the PDE (7)/(70)–(72), the decay ODE (74), its solution
  ``lem-4.2-ode-solution``, the integrating factor, the characteristic solution; the Gaussian step
  (82) (E1); the back-substitution (E5); Remark B.2 (E6);
* :mod:`.lsi` — Lemmas B.3, B.4: ``lem-b.3-lsi``, ``lem-b.4-lsi`` and their recursions;
* :mod:`.recursions` — ``eq-12-eps0`` and the recursions of the proofs of Theorems 4.3, 4.4;
* :mod:`.theorems` — ``thm-4.3-eps``, ``thm-4.4-eps``, ``thm-4.5-eps``, ``thm-5.2-eps``,
  ``thm-5.3-eps`` (and its K → ∞ limit), limits and reductions;
* :mod:`.reproductions` — Figures 1–2 (data), Corollary 6.3, the RDP → (ε, δ) conversion of the
  experiments and Tables 1–2 (reproductions);
* :mod:`.logistic` — the regularised logistic loss (23)–(24), its derivatives and Proposition 6.1's constants
  (25)–(26) and Böhning's (163) (in full at c = 3, d = 2; for every c, d by scalar reductions and induction
  steps), Proposition 6.2's premise on the clipped logistic step (E22);
* :mod:`.clipped` — Proposition 6.2: the clipped gradient's Jacobian (166), the bounds (27)/(164), (167) (E22);
* :mod:`.errata` — every erratum E1–E31 of the review: the claims that encode it, or why it is not
  encoded;
* :mod:`.bounds` — Theorems 4.3, 4.4, 4.5, 5.3 declared as last-iterate bounds (canonical run vocabulary);
* :mod:`.numerics` — the stable mpmath evaluators;
* :mod:`.coverage` — the index of every numbered item of the paper.
"""

from .common import paper

# The modules that register the paper's objects, in load order (each after the modules it imports;
# bounds after their formulas, the coverage index after every ID).  They are imported on demand:
# reading paper.formulas / .claims / .bounds imports all of them, an `eval` only the one it needs,
# paper.load_bounds() only those named in `bounds`.
paper.declare_modules(
    __name__,
    (
        "heat_flow",
        "lsi",
        "recursions",
        "theorems",
        "reproductions",
        "logistic",
        "clipped",
        "errata",
        "bounds",
        "coverage",
    ),
    # the modules the accountant imports for the bound declarations (the formulas they declare, then
    # the declarations); tests/symbolic/test_registry.py compares them with a full load
    bounds=("theorems", "bounds"),
)

__all__ = ["paper"]
