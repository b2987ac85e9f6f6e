"""Coverage index of Asoodeh & Diaz: every numbered item of the paper (read from
``shared/papers/004_e5d73a888ff910da.txt``), in the paper's order, with the formulas and claims
that encode it, or the reason it is not encodable (see :mod:`symbolic.coverage`).

Footnote 1 (wording) is not listed.  Errata of wording or notation that no claim can carry are
recorded in the notes: E10 (Poisson sampling (13) includes the empty batch, where η/|B| is
undefined; the proofs only use ‖ψ_B(w) − w‖ ≤ ηC and ψ_B = ψ'_B for n ∉ B, so a convention such as
ψ_∅ = id suffices), E11 (the proofs of Propositions 2 and 3 need Lemma 2 for mixed pairs ψ_B, ψ'_B;
its proof covers them), E12 (§II-B writes M∘K for K∘M), E16 (Theorems 1 and 2 have the same
*upper bounds*, which is what "the same privacy guarantees" can mean).
"""

from __future__ import annotations

from symbolic.coverage import Item

from .common import paper

FIG1 = (
    ["repro-fig-1-r", "repro-fig-1-theta", "repro-fig-1-theta-eps0", "repro-fig-1-delta-inf"]
    + [f"repro-fig-1-left-T{t}" for t in (1, 2, 3, 5, 10, 20, 30, 50)]
    + [f"repro-fig-1-right-T{t}" for t in (1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50)]
    + ["epsilon-T"]
)
FIG2 = [
    f"repro-fig-2-lam{tag}"
    for tag in (
        "13-20-T10-printed",
        "13-20-T100-printed",
        "13-20-T10-corrected",
        "13-20-T100-corrected",
        "1-100-T10-printed",
        "1-100-T100-corrected",
    )
]
EQ22 = [
    f"repro-eq-22-p{q}-d{d}"
    for q, d in (
        ("1000", "1e-10"),
        ("1000", "1e-6"),
        ("1000", "1e-5"),
        ("1000", "1e-2"),
        ("1000", "1e-1"),
        ("100", "1e-3"),
        ("100", "1e-2"),
        ("1000", "1e-100"),
    )
]
EQ23 = [i.replace("eq-22", "eq-23") for i in EQ22]

ITEMS = [
    # §I
    Item(
        "(1)",
        "equation",
        ids=["sim-thm-2-dominates", "sim-thm-1-dominates"],
        note="projected DP-SGD simulated on a 1-D instance (grid chain, see simulator.py)",
    ),
    Item(
        "(2)",
        "equation",
        ids=["kong-ribero/clip-norm-le-C", "lem-2-bound"],
        note="the same Clip as Kong & Ribero's (2); ‖Clip(v)‖ ≤ C is what Lemma 2 uses",
    ),
    Item(
        "(3)",
        "equation",
        reason="the hidden-state (ε, δ)-DP condition being bounded (a definition; its bounds are Theorems 1–3)",
    ),
    Item(
        "(4)",
        "equation",
        ids=["lem-1", "thm-2-recursion", "sim-prop-2-one-step", "sim-prop-3-one-step"],
        note="the coupled non-linear DPI; its instances are Propositions 2, 3, 5",
    ),
    Item(
        "Main Theorem (informal), (5)",
        "theorem",
        ids=["thm-2", "thm-2-T1", "thm-2-p1", "thm-2-gap", "thm-2-limit-below-1", "thm-2-limit-gap-to-1"],
    ),
    Item("(5)", "equation", ids=["thm-2", "thm-2-recursion", "thm-2-gap"]),
    Item(
        "Figure 1",
        "figure",
        ids=FIG1,
        note="the figure is an image: values compared with an independent recomputation (origin recomputed)",
    ),
    # §II
    Item(
        "Definition 1",
        "definition",
        ids=["def-1-sup-form", "def-1-E0-is-TV", "privacy/gaussian-hockey-stick/is-hockey-stick-divergence"],
    ),
    Item("Definition 2", "definition", reason="(ε, δ)-DP as a bound on E_ε (a definition, no formula)"),
    Item("Footnote 2", "footnote", ids=["hs-data-processing"]),
    Item(
        "§II-B post-processing",
        "section",
        ids=["hs-data-processing", "eq-6-sdpi-gaussian"],
        partial=True,
        note="E12: the paper writes M∘K for K∘M; [ADC23, Thm 2] (η_ε(K) as a sup over point pairs) is cited",
    ),
    Item(
        "(6)",
        "equation",
        ids=["eq-6-sdpi-gaussian", "prop-1-theta-increasing-in-r"],
        partial=True,
        note="the SDPI for the constrained Gaussian kernel, on two-point input laws (sampled)",
    ),
    Item(
        "Proposition 1",
        "proposition",
        ids=[
            "theta",
            "prop-1-theta-dr",
            "prop-1-theta-deps",
            "prop-1-theta-increasing-in-r",
            "prop-1-theta-decreasing-in-eps",
            "prop-1-theta-eps0",
            "prop-1-theta-below-1",
            "prop-1-theta-positive",
            "prop-1-theta-r-to-oo",
            "prop-1-theta-eps-to-oo",
            "prop-1-theta-r-to-0",
            "prop-1-theta0-small-r",
            "eq-6-sdpi-gaussian",
            "privacy/gaussian-hockey-stick",
        ],
    ),
    # §III
    Item("(7)", "equation", ids=["sim-thm-1-dominates", "sim-thm-2-dominates"]),
    Item("(8)", "equation", reason="K_t = Π_t ∘ K_G ∘ Ψ: a decomposition of kernels (definition, no formula)"),
    Item("(9)", "equation", reason="the DP condition (3) for process (7) (definition)"),
    Item("Lemma 1", "lemma", ids=["lem-1", "lem-1-constant", "lem-1-constant-is-lem-1", "lem-1-fixed-point"]),
    Item("(10)", "equation", ids=["lem-1"]),
    Item("(11)", "equation", ids=["lem-1", "lem-1-constant", "lem-1-constant-is-lem-1"]),
    Item("(12)", "equation", ids=["lem-2-bound"], note="‖ψ_B(w) − w‖ ≤ ηC, the property of (12) the proofs use"),
    Item(
        "Lemma 2",
        "lemma",
        ids=["lem-2", "lem-2-bound", "lem-2-tight"],
        note="E11: the proofs of Props 2 and 3 need it for mixed pairs (ψ_B, ψ'_B); the proof covers them",
    ),
    Item(
        "(13)",
        "equation",
        ids=["eq-13-weight", "eq-13-avoid-n", "eq-13-contain-n"],
        note="E10: B = ∅ has probability (1 − p)ⁿ and η/|B| undefined; a convention ψ_∅ = id suffices",
    ),
    Item(
        "Proposition 2",
        "proposition",
        ids=[
            "theta",
            "eq-13-avoid-n",
            "eq-13-contain-n",
            "hs-joint-convexity",
            "hs-data-processing",
            "eq-6-sdpi-gaussian",
            "sim-prop-2-one-step",
        ],
        partial=True,
        note="the statement on a simulated instance, and every step of the proof on instances; missing: the "
        "statement for arbitrary input laws μ, ν (a hockey-stick divergence inequality between general measures)",
    ),
    Item("(14)", "equation", ids=["theta", "thm-2-recursion", "sim-prop-2-one-step"]),
    Item(
        "Theorem 1",
        "theorem",
        ids=["thm-2", "thm-2-recursion", "sim-thm-1-dominates"],
        note="the same bound as Theorem 2 with the Poisson rate p",
    ),
    Item("(15)", "equation", ids=["eq-15-weight", "eq-15-avoid-n", "eq-15-contain-n"]),
    Item(
        "Proposition 3",
        "proposition",
        ids=[
            "theta",
            "eq-15-avoid-n",
            "eq-15-contain-n",
            "hs-joint-convexity",
            "hs-data-processing",
            "eq-6-sdpi-gaussian",
            "sim-prop-3-one-step",
        ],
        partial=True,
        note="as Proposition 2: on a simulated instance and the proof's steps on instances; missing: the statement for "
        "arbitrary input laws μ, ν",
    ),
    Item(
        "Theorem 2",
        "theorem",
        ids=[
            "thm-2",
            "thm-2-limit",
            "thm-2-recursion",
            "thm-2-increment",
            "thm-2-monotone",
            "thm-2-limit-p1",
            "thm-2-limit-of-delta-T",
            "thm-2-limit-below-theta",
            "thm-2-limit-small-p",
            "sim-thm-2-dominates",
        ],
        note="E16: 'the same privacy guarantees' as Theorem 1 means the same upper bounds",
    ),
    Item("(16)", "equation", ids=["sim-thm-3-dominates", "sim-prop-4-tv"], note="regularized DP-SGD, simulated"),
    Item(
        "(17)",
        "equation",
        ids=["eq-20-recursion", "sim-thm-3-dominates"],
        note="‖ψ_B(w)‖ ≤ (1 − λ)r + ηC, the property of (17) the proofs use; the update is simulated",
    ),
    Item("(18)", "equation", reason="K̃_t = K_G ∘ Ψ: a decomposition of kernels (definition)"),
    Item(
        "(19)",
        "equation",
        ids=["eq-20", "eq-20-recursion", "sim-prop-4-tv"],
        note="the projected companion process (radii (20)), simulated against (16)",
    ),
    Item("(20)", "equation", ids=["eq-20", "eq-20-recursion", "eq-20-shift", "eq-20-limit-t", "eq-20-limit-lam-0"]),
    Item(
        "Proposition 4",
        "proposition",
        ids=["prop-4", "prop-4-d1", "prop-4-recursion", "prop-4-kappa-to-oo", "sim-prop-4-tv"],
    ),
    Item("Footnote 3", "footnote", reason="W̃_0 = 0 is immaterial (wording)"),
    Item("Figure 2", "figure", ids=FIG2, note="values recomputed (κ minimised numerically; d = 1 assumed)"),
    Item(
        "Proposition 5",
        "proposition",
        ids=[
            "prop-5",
            "prop-5-corrected",
            "prop-5-instance",
            "prop-5-instance-corrected",
            "eq-20-shift",
            "repro-e1-printed",
            "repro-e1-corrected",
            "repro-e1-true",
        ],
    ),
    Item(
        "Theorem 3",
        "theorem",
        ids=[
            "thm-3",
            "thm-3-coef",
            "thm-3-corrected",
            "thm-3-coefficient-ratio",
            "thm-3-instance-T1",
            "thm-3-instance-T1-corrected",
            "thm-3-instance-T1-eps0",
            "thm-3-instance-T1-eps0-corrected",
            "thm-3-lemma-1",
            "thm-3-lemma-1-corrected",
            "thm-3-first-term-limit",
            "eq-26-triangle",
            "sim-thm-3-dominates",
            "repro-e3-printed",
            "repro-e3-corrected",
            "repro-e3-true",
        ],
        note="T → ∞ with κ optimised is left open by the paper (§III-B, §IV: 'unclear'); not encoded — only the "
        "fixed-κ limit (thm-3-first-term-limit), where (21) exceeds 1",
    ),
    Item("(21)", "equation", ids=["thm-3", "thm-3-corrected", "thm-3-first-term-limit"]),
    # Appendix
    Item(
        "(22)",
        "equation",
        ids=[
            "eq-22",
            "eq-22-inversion",
            "eq-22-root-exists",
            "eq-22-root-exists-corrected",
            "repro-fig-3-delta-inf-eps0",
        ]
        + EQ22,
    ),
    Item(
        "(23)",
        "equation",
        ids=[
            "eq-23",
            "eq-23-forward",
            "eq-23-argument",
            "eq-23-solves-forward",
            "eq-23-nonnegative",
            "eq-23-nonnegative-corrected",
            "prop-1-theta-below-Q",
            "eq-22-below-eq-23",
        ]
        + EQ23,
        partial=True,
        note="not encoded: the δ → 0 rate ε ~ r²/2 + r√(2 ln(p/δ)) of (23) (SymPy takes no limit of erfinv, and "
        "the ratio converges only like 1 − O(log log(1/δ)/log(1/δ)), too slowly to confirm numerically)",
    ),
    Item(
        "Figure 3",
        "figure",
        ids=["repro-fig-3-eq-22", "repro-fig-3-eq-23", "epsilon-T"],
        note="values recomputed (the figure is an image)",
    ),
    Item(
        "(24)",
        "equation",
        ids=["prop-4-recursion"],
        partial=True,
        note="the mixture split over 𝔹_d(κ); checked through the recursion it yields",
    ),
    Item("(25)", "equation", ids=["prop-4-recursion"], partial=True),
    Item("(26)", "equation", ids=["eq-26-triangle"]),
]

paper.coverage(ITEMS)
