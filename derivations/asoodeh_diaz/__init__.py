"""Asoodeh & Diaz (2023), *Privacy Loss of Noisy Stochastic Gradient Descent Might Converge
Even for Non-Convex Losses* (arXiv:2305.09903; ``shared/papers/004_e5d73a888ff910da.txt``).

One module per part of the paper, in the paper's order:

* :mod:`.contraction` — Prop. 1's θ_ε(r) (the privacy toolkit's Gaussian hockey-stick
  formula) at Lemma 2's diameter, and their claims;
* :mod:`.sampling` — the batch weights (13), (15) and the combinatorial step of the proofs;
* :mod:`.projected` — Lemma 1, Theorems 1/2 and the T → ∞ limit;
* :mod:`.inversion` — (22), (23) and the finite-T inversion of Figures 1 and 3;
* :mod:`.regularized` — r_t (20), Prop. 4, Prop. 5 and Theorem 3 (printed and corrected);
* :mod:`.reproductions` and :mod:`.figures` — Figures 1–3;
* :mod:`.hockey_stick` — Definition 1, the hockey-stick properties, the SDPI (6), the triangle
  inequality (26); :mod:`.simulator` and :mod:`.simulations` — the processes (1)/(7), (16), (19)
  simulated and compared with Propositions 2–4 and Theorems 1–3; :mod:`.coverage` — the index of every numbered item of the paper.
"""

from .common import paper

# The modules that register the paper's objects, in load order (each after the modules it imports;
# bounds after their formulas, the coverage index after every ID).  They are imported on demand:
# reading paper.formulas / .claims / .bounds imports all of them, an `eval` only the one it needs,
# paper.load_bounds() only those named in `bounds`.
paper.declare_modules(
    __name__,
    (
        "contraction",
        "projected",
        "inversion",
        "regularized",
        "reproductions",
        "sampling",
        "figures",
        "hockey_stick",
        "simulations",
        "errata",
        "coverage",
        "bounds",
    ),
    # the modules the accountant imports for the bound declarations (the formulas they declare, then
    # the declarations); tests/symbolic/test_registry.py compares them with a full load
    bounds=("projected", "inversion", "bounds"),
)

__all__ = ["paper"]
