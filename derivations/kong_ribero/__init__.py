"""Kong & Ribero (2025), *Privacy of the last iterate in cyclically-traversed DP-SGD on
nonconvex composite losses* (``shared/papers/000_dc7dbfffafcf342b.txt``).

One module per part of the paper, in the paper's order:

* :mod:`.constants` — the formulas θ_L(s) (15) and L_λ(m, M) (13); :mod:`.constants_claims` — their
  identities, bounds and limits, and the remarks after Proposition 2.1;
* :mod:`.operators` — Lemmas A.7 and A.9 in Gram variables (Proposition 2.1's proof);
* :mod:`.shift_allocation` — Lemma A.3 (23), Lemma A.4, Appendix B (the residual QP);
* :mod:`.theorems` — Proposition A.5 (26), Theorems 2.2 (16) and 2.3 (17)/(19),
  the Gaussian shift divergence (21), the linear-Gaussian exact divergence;
* :mod:`.appendix_c` — Lemma C.1, Corollaries C.2 and C.3;
* :mod:`.holder` — footnote 5 (Hölder → (L, ζ));
* :mod:`.reproductions` — the printed values of the remarks after Proposition 2.1 (E8);
* :mod:`.table2` — Table 2's rows; :mod:`.figures` — Figure 1's curves;
* :mod:`.setting` and :mod:`.simulator` — the setting of §1–§2 on quadratic losses and Algorithm 1
  simulated exactly; :mod:`.outline` — Theorem 1.1, (9)–(10), Table 2's other rows, Figure 1 (right);
  :mod:`.operator_lemmas` — Lemmas A.1, A.2, A.6, Proposition 2.1(a), remarks and limits;
* :mod:`.coverage` — the index of every numbered item of the paper (``python -m symbolic coverage``).
"""

from .common import paper

# The modules that register the paper's objects, in load order (each after the modules it imports;
# bounds after their formulas, the coverage index after every ID).  They are imported on demand:
# reading paper.formulas / .claims / .bounds imports all of them, an `eval` only the one it needs,
# paper.load_bounds() only those named in `bounds`.
paper.declare_modules(
    __name__,
    (
        "constants",
        "constants_claims",
        "reproductions",
        "operators",
        "shift_allocation",
        "theorems",
        "appendix_c",
        "holder",
        "table2",
        "figures",
        "setting",
        "outline",
        "operator_lemmas",
        "errata",
        "coverage",
        "bounds",
    ),
    # the modules the accountant imports for the bound declarations (the formulas they declare, then
    # the declarations); tests/symbolic/test_registry.py compares them with a full load
    bounds=("theorems", "bounds"),
)


def __getattr__(name):
    """L_lambda, theta: re-exported from their modules, imported on first use."""
    modules = {"L_lambda": "constants", "theta": "constants"}
    if name in modules:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{modules[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["paper"]
