"""Coverage index of Ye & Shokri: every numbered item of the paper (read from
``shared/papers/003_90c215db479cc73e.txt``), in the paper's order, with the formulas and claims that
encode it, or the reason it is not encodable (see :mod:`symbolic.coverage`).

Partly encoded: the regularised logistic loss (23)–(24), its gradient and Hessian and Proposition 6.1's constants
(25)–(26) (proved for c = 3 classes, d = 2 features; Böhning's (163) also for c = 2), and Proposition 6.2 at Table 2's
parameters: the clipping Jacobian (166) (proved in ℝ⁹), the halves of (27)/(164) and (167) at a point or on a
segment (erratum E22).  Footnotes 3, 4, 6–8 hold no mathematics beyond what footnotes 2 and 5 say and are not
listed.
"""

from __future__ import annotations

from symbolic.coverage import Item

from .common import paper

GENERAL = (
    "an identity or inequality between integrals of arbitrary densities (Green's identity, tilting, "
    "the LSI): no finite-dimensional form to check; its Gaussian instance is lem-4.1-gaussian-equality"
)
EMPTY = "an equation number with no equation (extraction shows an empty display)"
L41 = ["lem-4.1-gaussian-equality", "eq-46-heat-equation", "lem-b.1-algebra", "eq-67-68"]
L42 = [
    "lem-4.2-ode-solution",
    "lem-4.2-ode",
    "lem-4.2-contraction",
    "lem-4.2-gaussian-step",
    "lem-4.2-gaussian-step-corrected",
    "lem-4.2-gaussian-equality",
]
T43 = ["thm-4.3-eps", "thm-4.3-proof", "thm-4.3-fmtt", "thm-4.3-limit-K", "thm-4.3-K1"]
T44 = ["thm-4.4-eps", "thm-4.4-K1", "thm-4.4-limit-K", "thm-4.4-limit-lam-to-0"]
T52 = ["thm-5.2-eps", "thm-5.2-K1", "thm-5.2-limit-K", "eq-17-shift", "thm-5.2-limit-alpha-to-1"]
T53 = ["thm-5.3-eps", "thm-5.3-fixed-point", "thm-5.3-divergence", "thm-5.3-eps-limit", "thm-5.3-limit-first-order"]
EPS0 = [
    "eq-12-eps0",
    "eq-12-eps0-recursion",
    "eq-12-eps0/stable-form",
    "eq-12-eps0-closed-form",
    "eq-12-eps0-limit-lam-to-0",
    "eq-12-eps0-at-1",
    "eq-12-eps0-decreasing",
    "eq-12-eps0-tight",
]
ODE = ["lem-4.2-ode", "lem-4.2-ode-solution"]
BACK = [
    "lem-4.2-back-substitution",
    "lem-4.2-back-substitution-corrected",
    "lem-4.2-back-substitution-initial",
    "lem-4.2-back-substitution-defect",
    "lem-4.2-back-substitution-linear",
]
COR = ["cor-6.3-eps", "cor-6.3-sigma", "cor-6.3-sigma-corrected", "cor-6.3-eps0"]
C3D2 = "proved for all θ and all ‖x‖ ≤ L at c = 3 classes, d = 2 features; general c, d not encoded"
PROP61 = ["eq-155-gradient", "eq-161-hessian", "eq-163-boehning-c2", "eq-163-boehning-c3"]
PROP62 = [
    "eq-166-clipped-jacobian",
    "prop-6.2-lower-bound",
    "prop-6.2-lower-bound-corrected",
    "prop-6.2-upper-bound",
    "eq-167-quadratic-form",
    "eq-167-spectral-norm-corrected",
    "prop-6.2-contraction",
    "prop-6.2-contraction-corrected",
]


def eq(number, ids=(), reason="", partial=False, note=""):
    return Item(f"({number})", "equation", ids=ids, reason=reason, partial=partial, note=note)


ITEMS = [
    Item(
        "Algorithm 1",
        "algorithm",
        ids=["quadratic-instance-variance", "quadratic-instance-mean-gap"],
        partial=True,
        note="simulated only through the quadratic-loss instance (Gaussian iterates: exact variance and mean gap)",
    ),
    Item(
        "Footnote 1",
        "footnote",
        ids=["thm-4.4-eps", "thm-5.2-eps"],
        note="every formula uses N = ⌊n/b⌋ and m = ⌊n/(2b)⌋",
    ),
    Item(
        "Algorithm 2",
        "algorithm",
        ids=["thm-5.3-eps"],
        partial=True,
        note="enters only through the hit probability b/n of (20)",
    ),
    eq(
        1,
        reason="reduction to point initialisation by convexity of the mixture: a statement about arbitrary "
        "initial distributions",
    ),
    eq(2, reason="decomposition of the output law over batch sequences (structural)"),
    Item("Definition 3.1", "definition", reason="the change-one neighbouring relation (a definition)"),
    Item("Definition 3.2", "definition", reason="(ε, δ)-DP (a definition; conversions use the privacy toolkit)"),
    eq(3, reason="(ε, δ)-DP inequality (a definition)"),
    Item(
        "Definition 3.3",
        "definition",
        ids=["eq-123-f-divergence-corrected"],
        partial=True,
        note="the defining integral evaluated on Gaussians",
    ),
    eq(4, ids=["eq-123-f-divergence-corrected"], partial=True, note="evaluated on Gaussians"),
    Item("Definition 3.4", "definition", reason="(α, ε)-RDP (a definition)"),
    eq(5, reason="(α, ε)-RDP inequality (a definition)"),
    Item(
        "Definition 3.5",
        "definition",
        ids=["lsi-gaussian-push-convolve"],
        partial=True,
        note="the LSI constants of Gaussians under Lipschitz push-forward and convolution",
    ),
    eq(6, ids=["lsi-gaussian-push-convolve"], partial=True, note="the Gaussian case of the LSI constant"),
    Item(
        "Lemma 4.1",
        "lemma",
        ids=L41,
        partial=True,
        note="(7) holds with equality on Gaussians (PROVED); the general-density inequality is not symbolic",
    ),
    eq(7, ids=L41, partial=True, note="Gaussian equality case"),
    Item("Lemma 4.2", "lemma", ids=L42 + ["lem-4.2-back-substitution-linear"]),
    eq(8, ids=L42),
    Item("Theorem 4.3", "theorem", ids=T43),
    eq(9, ids=T43),
    eq(10, reason=EMPTY),
    Item("Theorem 4.4", "theorem", ids=T44),
    eq(11, ids=T44),
    eq(12, ids=EPS0),
    Item(
        "Figure 1",
        "figure",
        ids=[
            "fig-1-balle-first",
            "fig-1-balle-last",
            "thm-4.4-eps",
            "thm-4.5-eps",
            "fig-1-improvement-factor",
            "fig-1-improvement-factor-corrected",
            "fig-1-thm-4.4-first-K1",
            "fig-1-thm-4.4-first-limit",
            "fig-1-thm-4.4-last-limit",
        ],
        note="curves recomputed as data (experiments.figure_1_data); the figure prints no digits",
    ),
    Item(
        "Theorem 4.5",
        "theorem",
        ids=["thm-4.5-eps", "thm-4.5-limit-K"],
        note="transcribed as printed from [14]; not re-derived",
    ),
    eq(13, ids=["thm-4.5-eps", "thm-4.5-limit-K"]),
    Item(
        "Lemma 5.1",
        "lemma",
        ids=["eq-123-f-divergence", "eq-123-f-divergence-corrected"],
        partial=True,
        note="the f-divergence form of its proof (E20); joint convexity itself is not checked",
    ),
    eq(14, ids=["eq-123-f-divergence-corrected"], partial=True, note="only the f-divergence representation"),
    Item("Theorem 5.2", "theorem", ids=T52),
    eq(15, ids=T52),
    eq(16, ids=EPS0),
    eq(17, ids=["eq-17-shift"]),
    Item(
        "Figure 2",
        "figure",
        ids=[
            "fig-2-composition",
            "thm-5.2-eps",
            "thm-5.3-eps",
            "thm-4.4-eps",
            "fig-2-thm-5.2-limit-a10",
            "fig-2-thm-5.2-limit-a30",
            "fig-2-thm-5.3-K100-a10",
            "fig-2-thm-5.3-K100-a30",
        ],
        note="curves recomputed as data (experiments.figure_2_data), with the exact SGM composition of the toolkit",
    ),
    Item("Theorem 5.3", "theorem", ids=T53),
    eq(18, ids=T53),
    eq(19, ids=["thm-5.3-eps"]),
    eq(20, ids=["thm-5.3-eps", "thm-5.3-fixed-point", "thm-5.3-divergence"]),
    eq(21, ids=["thm-5.3-eps"]),
    Item("Footnote 2", "footnote", ids=["footnote-2-group-privacy", "footnote-2-group-privacy-corrected"]),
    eq(
        23,
        ids=["eq-23-gradient", "eq-23-strongly-convex"],
        partial=True,
        note="gradient ∇ℓ₀ + λθ and λ-strong convexity, proved for all θ, x, λ > 0 at c = 3, d = 2",
    ),
    eq(
        24,
        ids=["eq-155-gradient", "eq-161-hessian", "eq-23-gradient"],
        partial=True,
        note="differentiated symbolically for c = 3, d = 2",
    ),
    Item(
        "Proposition 6.1",
        "proposition",
        ids=["eq-23-strongly-convex", "eq-152-lipschitz", "eq-152-lipschitz-sharp", "eq-153-smoothness"] + PROP61,
        partial=True,
        note="convexity, the Lipschitz constant (25) and the smoothness constant (26), proved for all θ and all "
        "‖x‖ ≤ L at c = 3, d = 2 (Böhning's (163) also for c = 2); general c, d not encoded",
    ),
    eq(25, ids=["eq-152-lipschitz", "eq-152-lipschitz-sharp"], partial=True, note=C3D2 + "; sharp (a supremum)"),
    eq(26, ids=["eq-153-smoothness", "eq-163-boehning-c2"], partial=True, note=C3D2 + "; (163) also for c = 2"),
    Item(
        "Proposition 6.2",
        "proposition",
        ids=PROP62,
        partial=True,
        note="the Jacobian (166) (ℝ⁹), the two halves of (27) and the contraction Corollary 6.3 needs, at Table 2's "
        "parameters (c = 3, d = 2): the lower half and (167)'s 0 ⪯ ∇g₀ are REFUTED, the upper half and the "
        "contraction without clipping only CHECKED (erratum E22)",
    ),
    eq(
        27,
        ids=[
            "prop-6.2-lower-bound",
            "prop-6.2-lower-bound-corrected",
            "prop-6.2-upper-bound",
            "prop-6.2-contraction",
            "prop-6.2-contraction-corrected",
        ],
        partial=True,
        note="lower half refuted by a concrete pair (E22); upper half and the contraction it is used for checked on "
        "one segment / at one point",
    ),
    Item("Corollary 6.3", "corollary", ids=COR),
    eq(28, ids=["cor-6.3-eps"]),
    eq(29, ids=["cor-6.3-eps0", "cor-6.3-sigma", "cor-6.3-sigma-corrected"]),
    Item("Footnote 5", "footnote", ids=["footnote-2-group-privacy", "footnote-2-group-privacy-corrected"]),
    Item(
        "Table 1",
        "table",
        ids=[
            "table-1-dynamics-mnist",
            "table-1-dynamics-fmnist",
            "table-1-dynamics-cifar10",
            "dpsgd-baseline-mnist-40",
            "dpsgd-baseline-fmnist",
            "dpsgd-baseline-cifar10",
            "table-1-dynamics-mnist-recomputed",
            "table-1-dynamics-fmnist-recomputed",
            "table-1-dynamics-cifar10-recomputed",
            "dpsgd-baseline-mnist-30-recomputed",
            "dpsgd-baseline-mnist-40-recomputed",
            "dpsgd-baseline-fmnist-recomputed",
            "dpsgd-baseline-cifar10-recomputed",
        ],
        partial=True,
        note="the privacy budget ε = 3 of every column; the accuracies need training",
    ),
    Item("Figure 3", "figure", reason="train/test accuracy curves of DP-SGD (empirical)"),
    Item(
        "Table 2",
        "table",
        ids=[
            "table-2-dynamics",
            "dpsgd-baseline-resnext",
            "dpsgd-baseline-simclr",
            "table-2-dynamics-transfer-recomputed",
            "dpsgd-baseline-resnext-recomputed",
            "dpsgd-baseline-simclr-recomputed",
        ],
        partial=True,
        note="the privacy budget ε = 2 of every column; the accuracies need training",
    ),
    Item("Lemma B.1", "lemma", ids=["lem-b.1-algebra"], partial=True, note="the final algebra (43) = (44)"),
]
ITEMS += [eq(k, reason=GENERAL) for k in range(30, 43)]
ITEMS += [
    eq(43, ids=["lem-b.1-algebra"]),
    eq(44, ids=["lem-b.1-algebra"]),
    eq(45, ids=L41, partial=True, note="Gaussian equality case"),
    eq(46, ids=["eq-46-heat-equation"]),
    eq(47, ids=["eq-46-heat-equation"]),
]
ITEMS += [eq(k, reason=GENERAL) for k in range(48, 66)]
ITEMS += [
    eq(66, ids=["lem-4.1-gaussian-equality"], partial=True, note="c_t enters the Gaussian equality case"),
    eq(67, ids=["eq-67-68"]),
    eq(68, ids=["eq-67-68"]),
    eq(69, ids=L42),
    eq(70, ids=["eq-70-71-substitution", "lem-4.2-back-substitution-corrected"]),
    eq(71, ids=["eq-70-71-substitution", "eq-71-72-change-of-variable"]),
    eq(72, ids=["eq-71-72-change-of-variable", "pde-72-characteristic-solution"]),
    eq(73, ids=["eq-73-chain-rule"]),
    eq(74, ids=ODE + ["eq-73-chain-rule"]),
    eq(75, ids=["lem-4.2-ode-integral", "lem-4.2-integrating-factor", "lem-4.2-ode-conserved"]),
    eq(76, ids=BACK),
    eq(77, ids=BACK),
    eq(78, ids=BACK),
    eq(79, ids=["lem-4.2-contraction", "lem-4.2-ode-solution"]),
    eq(80, ids=["lem-4.2-contraction", "lem-4.2-ode-solution"]),
    eq(81, reason=EMPTY),
    eq(82, ids=["lem-4.2-gaussian-step", "lem-4.2-gaussian-step-corrected"]),
    Item("Remark B.2", "remark", ids=["rem-b.2-conjecture", "rem-b.2-point-mass"]),
    eq(83, ids=["rem-b.2-conjecture", "rem-b.2-point-mass"]),
    Item("Lemma B.3", "lemma", ids=["lem-b.3-lsi", "lem-b.3-lsi-recursion"]),
    eq(84, ids=["lem-b.3-lsi"]),
    eq(85, ids=["lem-b.3-lsi-recursion"]),
    eq(86, ids=["lem-b.3-lsi-recursion"]),
    eq(87, ids=["lem-b.3-lsi-recursion"]),
    eq(88, reason=EMPTY),
    Item(
        "Lemma B.4",
        "lemma",
        ids=[
            "lem-b.4-lsi",
            "lem-b.4-lsi-recursion",
            "lem-b.4-lsi-epoch-boundary",
            "lem-b.4-lsi-closed-form",
            "lem-b.4-lsi-limit-lam-to-0",
            "quadratic-instance-variance",
        ],
    ),
    eq(89, ids=["lem-b.4-lsi", "lem-b.4-lsi/stable-form", "lem-b.4-lsi-closed-form"]),
    eq(90, ids=["lem-b.4-lsi-recursion", "lem-b.4-lsi-epoch-boundary"]),
    eq(91, ids=["lem-b.4-lsi-recursion"]),
    eq(92, ids=["lem-b.4-lsi-recursion"]),
    eq(93, ids=T43),
    eq(95, ids=["thm-4.3-proof"], partial=True, note="the composition step itself is a privacy argument"),
    eq(96, ids=["thm-4.3-proof"]),
    eq(97, ids=["lem-b.3-lsi"]),
    eq(98, ids=["eq-102-convex-recursion"]),
    eq(99, ids=["eq-99-contraction-factor", "eq-102-convex-recursion"]),
    eq(100, ids=["lem-b.4-lsi-epoch-boundary"], partial=True, note="the index convention of the epoch boundary"),
    eq(101, ids=["eq-102-convex-recursion"]),
    eq(102, ids=["eq-102-convex-recursion"]),
    eq(103, ids=T44),
    eq(104, ids=EPS0),
    eq(105, ids=["thm-4.4-K1"], partial=True, note="relabelling + RDP composition: a privacy argument; its K = 1 case"),
    eq(106, ids=["lem-b.4-lsi"]),
    eq(107, ids=["eq-12-eps0-recursion"]),
    eq(108, ids=["eq-12-eps0-recursion", "eq-108-contraction-factor", "eq-108-limit-lam-to-0"]),
    eq(109, ids=["lem-b.4-lsi-epoch-boundary"], partial=True, note="the index convention of the epoch boundary"),
    eq(110, ids=["eq-12-eps0-recursion"]),
    eq(111, ids=EPS0),
    eq(112, reason="RDP composition of two sub-mechanisms (a privacy argument, no formula)"),
    eq(113, ids=["eq-116-118-recursion"], partial=True, note="the combined recursion, through its solution"),
    eq(114, ids=["eq-116-118-recursion"], partial=True),
    eq(115, ids=["eq-108-contraction-factor", "eq-116-118-recursion"], partial=True),
    eq(116, ids=["eq-116-118-recursion"]),
    eq(117, ids=["eq-116-118-recursion"]),
    eq(118, ids=["eq-116-118-recursion", "eq-119-from-118-corrected"]),
    eq(119, ids=["eq-119-from-118", "eq-119-from-118-corrected", "eq-119-valid"]),
    eq(120, ids=["thm-4.4-eps"]),
    eq(121, ids=["thm-4.4-eps", "thm-4.4-K1"]),
    eq(122, ids=["eq-123-f-divergence-corrected"], partial=True, note="only the f-divergence representation"),
    eq(123, ids=["eq-123-f-divergence", "eq-123-f-divergence-corrected"]),
    eq(124, ids=T52),
    eq(125, ids=EPS0),
    eq(126, ids=["eq-17-shift", "thm-5.2-eps"], partial=True, note="log-mean-exp of the per-position bounds"),
    eq(127, ids=["thm-5.2-eps"]),
    eq(128, ids=["thm-5.2-eps"], partial=True, note="the first term of (15)"),
    eq(129, ids=["eq-133-first-term-corrected"], partial=True),
    eq(130, ids=["eq-133-first-term", "eq-133-first-term-corrected"]),
    eq(131, ids=["eq-133-first-term-corrected"]),
    eq(132, ids=["eq-132-bernoulli", "eq-132-bernoulli-corrected"]),
    eq(133, ids=["eq-133-first-term", "eq-133-first-term-corrected"]),
    eq(134, ids=T53),
    eq(135, ids=["thm-5.3-eps"]),
    eq(136, ids=["thm-5.3-eps", "thm-5.3-fixed-point"]),
    eq(137, ids=["thm-5.3-eps"]),
    eq(138, reason=EMPTY),
]
ITEMS += [
    eq(
        k,
        reason="expectations over random batch sequences and Jensen's inequality for general densities "
        "(proof of Theorem 5.3); the resulting recursion (150) is encoded",
    )
    for k in range(139, 150)
]
ITEMS += [
    eq(150, ids=["thm-5.3-eps", "thm-5.3-divergence"]),
    eq(151, ids=T53),
    Item(
        "Algorithm 3",
        "algorithm",
        ids=["cor-6.3-sigma-corrected"],
        partial=True,
        note="only its noise convention η·(1/b)·σ_mul·(S_g/2)·N(0, I)",
    ),
]
LOGI = {
    152: (["eq-152-lipschitz", "eq-152-lipschitz-sharp"], C3D2 + "; sharp (a supremum)"),
    153: (["eq-153-smoothness", "eq-163-boehning-c2"], C3D2 + "; (163) also for c = 2"),
    154: (["eq-155-gradient"], ""),
    155: (["eq-155-gradient"], ""),
    156: (["eq-155-gradient"], ""),
    157: (["eq-161-hessian"], ""),
    158: (["eq-161-hessian"], ""),
    159: (["eq-161-hessian"], ""),
    161: (["eq-161-hessian"], ""),
    162: (["eq-161-hessian"], ""),
    163: (["eq-163-boehning-c3", "eq-163-boehning-c2"], "proved for every p at c = 3 and c = 2; general c not encoded"),
    164: (
        ["prop-6.2-lower-bound", "prop-6.2-lower-bound-corrected", "prop-6.2-upper-bound"],
        "= (27): lower half refuted by a concrete pair at Table 2's parameters (E22), upper half checked on a segment",
    ),
    165: (["eq-23-strongly-convex", "eq-153-smoothness"], C3D2),
    166: (["eq-166-clipped-jacobian"], "the clipping map's Jacobian, proved in ℝ⁹ (c = 3, d = 2)"),
}
ITEMS += [
    eq(k, ids=LOGI[k][0], partial=True, note=LOGI[k][1] or "checked for c = 3 classes, d = 2 features")
    for k in range(152, 167)
    if k != 160
]
ITEMS += [
    eq(
        k,
        ids=["prop-6.2-contraction", "eq-167-quadratic-form", "eq-167-spectral-norm-corrected"],
        partial=True,
        note="(167)'s 0 ⪯ ∇g₀ (wᵀ∇g₀w ≥ 0) is refuted at a point and the clipped map is expansive at Table 2's "
        "parameters (erratum E22); ‖∇g₀‖₂ ≤ β checked there",
    )
    for k in (167, 168)
]

paper.coverage(ITEMS)
