"""Bok, Su & Altschuler (2024), *Shifted Interpolation for Differential Privacy* (ICML 2024;
``shared/papers/002_384696f0745ab0f0.txt``).

One module per part of the paper, in the paper's order:

* :mod:`.common` — the paper, parameters, the derived contraction factor c (Lemma 2.8);
* :mod:`.shifts` — §3 / App. C.1–C.3: Theorem C.3's shifted-interpolation recursion and its
  instances (Lemmas C.6, C.8, C.10, C.11; Theorems C.13, 4.10);
* :mod:`.noisy_gd` — §4.1: Theorems 4.1, 4.2, 4.3 (C.5, C.7);
* :mod:`.noisy_cgd` — §4.2: Theorems 4.4, 4.5, 4.6, C.17;
* :mod:`.noisy_sgd` — §4.3 / App. C.4: Definition 4.7, Theorems 4.9, 4.10, Lemma A.5, Props C.14, C.15;
* :mod:`.conversions` — App. A: Lemma A.3 (GDP ⇄ (ε, δ)), Theorem C.16's constants;
* :mod:`.langevin` — §5 / App. D.4: Proposition 5.1, Corollary 5.4, the threshold c*;
* :mod:`.tradeoff_limits` — App. A.2: Remark A.8's counterexample, Lemma A.11's h_δ composition identity;
* :mod:`.noise_split` — footnotes 10–11 (uneven noise splits, erratum E14) and Figure 10 (recomputed);
* :mod:`.prv` — Proposition D.4's PRV of C_p(G(μ)), composed by prv-accountant (numeric columns);
* :mod:`.reproductions` — Tables 1, 3, 4, 7, 8, 9, 10–12 and Figure 1's values;
* :mod:`.errata` — the review's errata E1–E16: E11's claims and the status (encoded / rejected) of each;
* :mod:`.coverage` — the index of every numbered item (``python -m symbolic coverage``);
* :mod:`.bounds` — Theorems 4.2, 4.3, 4.5, 4.6 as last-iterate bounds (canonical run vocabulary).
"""

from .common import paper

# The modules that register the paper's objects, in load order (each after the modules it imports;
# bounds after their formulas, the coverage index after every ID).  They are imported on demand:
# reading paper.formulas / .claims / .bounds imports all of them, an `eval` only the one it needs,
# paper.load_bounds() only those named in `bounds`.
paper.declare_modules(
    __name__,
    (
        "shifts",
        "noisy_gd",
        "noisy_cgd",
        "noisy_sgd",
        "conversions",
        "langevin",
        "tradeoff_limits",
        "noise_split",
        "reproductions",
        "errata",
        "coverage",
        "bounds",
    ),
    # the modules the accountant imports for the bound declarations (the formulas they declare, then
    # the declarations); tests/symbolic/test_registry.py compares them with a full load
    bounds=("noisy_gd", "noisy_cgd", "bounds"),
)

__all__ = ["paper"]
