"""Coverage index of Chien & Li: every numbered item of the paper (read from
``shared/papers/001_61b9bc25c2cda090.txt``), in the paper's order, with the formulas and claims that encode it,
or the reason it is not encodable (see :mod:`symbolic.coverage`).  Items with neither are *missing*: not
encoded yet.

Most proof-chain equations manipulate (shifted) Rényi divergences and W∞ distances of arbitrary distributions;
they are inequalities between functionals of measures with no formula to evaluate (the encodable consequences —
the Gaussian closed forms, the recursions, the optimisation — are listed where they occur).
"""

from __future__ import annotations

from symbolic.coverage import Item

from .common import paper

ITEMS = [
    Item(
        "(1)",
        "equation",
        ids=["eq-1/coupled-runs-within-lem-a.2", "coupling-variance"],
        note="the Noisy-SGD update simulated (1-D quadratic losses, clipping, projection on 𝒦, shuffled cyclic batches, "
        "adjacent runs coupled through the same noise: their gap stays within Lemma A.2's tracking); its noise split "
        "(8) is proved",
    ),
    Item("Footnote 1", "footnote", reason="bibliographic remark, no mathematics"),
    Item(
        "Definition 2.1",
        "definition",
        ids=["def-3.11-sgm/q-1", "lem-3.2/tight-on-diracs"],
        partial=True,
        note="Rényi divergence: used through the toolkit's Gaussian closed form privacy/gaussian-rdp",
    ),
    Item("Definition 2.2", "definition", reason="definition of (α, ε)-RDP (a property of a mechanism)"),
    Item("Lemma 2.3", "lemma", reason="post-processing for arbitrary measurable maps (measure-theoretic)"),
    Item(
        "Lemma 2.4",
        "lemma",
        ids=["part-a/composition-term"],
        partial=True,
        note="composition; its use with Gaussian steps (73)–(75) is encoded",
    ),
    Item(
        "Definition 2.5",
        "definition",
        ids=["lem-3.9/g-above-identity", "a.14/max-value"],
        partial=True,
        note="(L, λ)-Hölder continuity: used through g(x) = x + Lx^λ and the A.14 example",
    ),
    Item("Definition 2.6", "definition", reason="∞-Wasserstein distance: an infimum over couplings"),
    Item(
        "Definition 2.7",
        "definition",
        ids=["lem-3.2/tight-on-diracs"],
        partial=True,
        note="shifted Rényi divergence; its Dirac/Gaussian closed form is used",
    ),
    Item("(2)", "equation", reason="the adjacent process W'_t (definition of a random process)"),
    Item(
        "Theorem 3.1",
        "theorem",
        ids=[
            "thm-3.1-eps",
            "thm-3.1-eps-nonconvex",
            "thm-3.1-eps-convex",
            "thm-3.1-eps-strongly-convex",
            "thm-3.1-convex-closed-form",
            "thm-3.1-convex-closed-form/equals-thm-3.1",
            "thm-3.1/minimum-attained",
            "thm-3.1/minimum-matches-bisection",
            "thm-3.1/tau-0-is-composition",
        ],
    ),
    Item(
        "(3)",
        "equation",
        ids=[
            "thm-3.1-eps",
            "thm-3.1/minimum-below-random",
            "thm-3.1/beta-elimination-lower",
            "thm-3.1/beta-elimination-attained",
        ],
    ),
    Item("(4)", "equation", ids=["thm-3.1-eps"]),
    Item(
        "Lemma 3.2",
        "lemma",
        ids=["lem-3.2/tight-on-diracs"],
        partial=True,
        note="shift reduction: shown tight on Dirac inputs; the general statement is measure-theoretic",
    ),
    Item("(5)", "equation", ids=["lem-3.2/tight-on-diracs"], partial=True),
    Item(
        "Lemma 3.3",
        "lemma",
        ids=["lem-3.9-h/lambda-1"],
        partial=True,
        note="Lipschitz reduction: the λ = 1 case of Lemma 3.8 (h(z) = z/c)",
    ),
    Item("(6)", "equation", ids=["lem-3.9-h/lambda-1"], partial=True),
    Item(
        "Lemma 3.4",
        "lemma",
        ids=[
            "lem-3.4/strongly-convex",
            "lem-3.4/convex",
            "lem-3.4/convex-lower",
            "lem-3.4/convex-extreme",
            "lem-3.4/smooth",
        ],
        partial=True,
        note="checked on quadratics only, where Lip(ψ) = max|1 − ηλ_i|; missing: the statement for general "
        "(non-quadratic) convex, strongly convex and smooth losses (Lip of the gradient step from the Hessian bounds)",
    ),
    Item(
        "Lemma 3.5",
        "lemma",
        ids=[
            "lem-3.5-dt",
            "lem-3.5/branch-1-closed-form",
            "lem-3.5/branch-gap",
            "lem-3.5/switch-time",
            "lem-3.5/second-branch-persists",
            "lem-3.5/c-le-1-branch-1",
            "lem-3.5-dt/matches-recursion",
        ],
    ),
    Item(
        "(7)", "equation", ids=["lem-3.5-dt", "thm-3.1/numerator-is-lem-3.5", "thm-3.1/numerator-is-lem-3.5-corrected"]
    ),
    Item("(8)", "equation", ids=["coupling-variance"]),
    Item(
        "(9)",
        "equation",
        reason="the data-processing inequality D_α(W_T‖W′_T) ≤ D_α((W_T, Z_{τ:T−1})‖(W′_T, Z′_{τ:T−1})) for arbitrary "
        "laws (marginalisation; measure-theoretic)",
    ),
    Item(
        "(10)",
        "equation",
        reason="Lemma 2.4's chain rule (joint ≤ the noise sequences' divergence + sup of the conditionals) for "
        "arbitrary laws (measure-theoretic)",
    ),
    Item("(11)", "equation", ids=["thm-3.1/cs-constraint-tight", "thm-3.1/cs-optimality", "thm-3.1/interior-optimum"]),
    Item(
        "(12)",
        "equation",
        ids=[
            "thm-3.1/cs-constraint-tight",
            "thm-3.1/cs-value-attained",
            "thm-3.1/cs-equality-case",
            "thm-3.1/cs-optimality",
        ],
    ),
    Item("Remark 3.6", "remark", reason="pointers to utility analyses and lower bounds in other papers; no formula"),
    Item(
        "Theorem 3.7",
        "theorem",
        ids=["thm-3.7-eps", "thm-3.7/lambda-1", "thm-3.7/sweep-feasible"],
        note="evaluated at feasible allocations (a valid bound); exact minimum only at λ = 1",
    ),
    Item("(13)", "equation", ids=["thm-3.7-eps"]),
    Item("(14)", "equation", ids=["thm-3.7/sweep-feasible"]),
    Item("(15)", "equation", ids=["thm-3.7-eps"]),
    Item(
        "Lemma 3.8",
        "lemma",
        ids=["lem-3.9-h", "lem-3.9-h/lambda-1"],
        partial=True,
        note="Hölder reduction: h encoded; the divergence statement is measure-theoretic",
    ),
    Item("(16)", "equation", ids=["lem-3.9-h"], partial=True),
    Item(
        "Lemma 3.9",
        "lemma",
        ids=[
            "lem-3.9-h",
            "lem-3.9-h-half",
            "lem-3.9-h-half/g-of-h",
            "lem-3.9-h-half/h-of-g",
            "lem-3.9/g-increasing",
            "lem-3.9/g-concave",
            "lem-3.9-h/inverse",
        ],
    ),
    Item(
        "Lemma 3.10", "lemma", ids=["lem-3.10-dt", "lem-3.10-dt/matches-recursion", "lem-3.10-dt/lambda-1-is-lem-3.5"]
    ),
    Item("(17)", "equation", ids=["lem-3.10-dt"]),
    Item(
        "Definition 3.11",
        "definition",
        ids=["def-3.11-sgm", "def-3.11-sgm/is-toolkit-reverse", "def-3.11-sgm/below-mtz-direction", "def-3.11-sgm/q-1"],
    ),
    Item("(18)", "equation", ids=["def-3.11-sgm"]),
    Item(
        "Theorem 3.12",
        "theorem",
        ids=[
            "thm-3.12-sgm-term",
            "thm-3.12-sgm-term-corrected",
            "thm-3.12/q-1-consistency",
            "thm-3.12/q-1-consistency-corrected",
            "thm-3.12-dt",
            "thm-3.12-dt/convex-combination",
            "thm-3.12/constraints-feasible",
            "thm-3.12-eps",
            "thm-3.12-eps-corrected",
            "thm-3.12-eps-corrected/converges",
        ],
        partial=True,
        note="the per-step composition term (and erratum E1), the tracking (21), the feasibility of the constraints "
        "(20), and the bound minimised over τ and a at a common noise split β_t = β (exact at λ = 1, a stationary "
        "allocation for λ < 1): a valid bound; the minimum over per-step β_t is not evaluated",
    ),
    Item(
        "(19)",
        "equation",
        ids=["thm-3.12-sgm-term", "thm-3.12-sgm-term-corrected", "thm-3.12-eps", "thm-3.12-eps-corrected"],
        partial=True,
        note="evaluated with β_t = β common to the window (minimised over τ and a); not over per-step β_t",
    ),
    Item(
        "(20)",
        "equation",
        ids=["thm-3.12/constraints-feasible", "thm-3.12-eps/shift-energy-feasible", "thm-3.12-eps-corrected"],
        partial=True,
        note="the constraint set is nonempty for every τ (checked with (21)'s D_τ); (19) is minimised over it at a "
        "common β_t = β only",
    ),
    Item(
        "(21)",
        "equation",
        ids=[
            "thm-3.12-dt",
            "thm-3.12-dt/convex-combination",
            "thm-3.12-dt/matches-recursion",
            "thm-3.12-dt/b-equals-n-is-a.2",
        ],
        note="evaluable D_T; its step bounds the steps with and without i⋆ (proved), so it tracks every batch draw",
    ),
    Item("Table 1", "table", reason="assumption check-marks lost in the text extraction; no numbers"),
    Item(
        "Figure 1",
        "figure",
        ids=[
            "fig-1a/plateau-nonconvex",
            "fig-1a/plateau-convex",
            "fig-1a/plateau-strongly-convex",
            "fig-1a/convex-burn-in",
            "fig-1a/nonconvex-burn-in",
            "fig-1b/forward-tracking-gain",
        ],
        partial=True,
        note="(a) recomputed (the figure prints no numbers); (b) only as a proxy (Δ = D instead of "
        "forward tracking): AT22/YS22's formulas are not encoded",
    ),
    Item(
        "Figure 2",
        "figure",
        ids=["fig-2a/proxy-monotone-in-lambda"],
        partial=True,
        note="(a) proxy with L = 1 (L̂(λ) not reported); (b) is an illustration",
    ),
    Item("(22)", "equation", ids=["lem-3.4/smooth"], partial=True),
    Item("(23)", "equation", ids=["lem-3.4/strongly-convex"], partial=True),
    Item("(24)", "equation", reason="M-Lipschitz definition (used only as an assumption)"),
    Item("Footnote 3", "footnote", reason="b | n standing assumption; encoded as the hypothesis of thm-a.1-eps"),
    Item(
        "Theorem A.1",
        "theorem",
        ids=[
            "thm-a.1-eps",
            "thm-a.1-eps-corrected",
            "thm-a.1/converges",
            "thm-a.1/converges-corrected",
            "thm-a.1/full-batch-is-thm-3.1",
            "thm-a.1-hoelder-eps",
            "thm-a.1-hoelder-eps-corrected",
            "thm-a.1-hoelder-eps/lambda-1",
        ],
        partial=True,
        note="only the orders with i⋆ at a fixed batch position in every epoch; every λ ∈ (0, 1] (thm-a.1-hoelder-eps: "
        "each window's stationary allocation, the exact minimum at λ = 1, not certified minimal for λ < 1)",
    ),
    *[
        Item(
            f"({k})",
            "equation",
            ids=["thm-a.1-eps", "thm-a.1-hoelder-eps", "thm-a.1-hoelder-eps-corrected"],
            partial=True,
            note="for i⋆ at a fixed batch position in every epoch",
        )
        for k in (25, 26, 27)
    ],
    Item(
        "Lemma A.2",
        "lemma",
        ids=[
            "lem-a.2-dt",
            "lem-a.2-dt/below-thm-3.12-dt",
            "lem-a.2-dt/lambda-1-is-thm-a.1-tracking",
            "lem-a.2/encounter-step",
            "thm-a.1-eps",
        ],
        note="D_t of (29) for every λ ∈ (0, 1]: evaluable (lem-a.2-dt) for i⋆ in a fixed batch position of every "
        "epoch, iterated for random shuffled cyclic orders in lem-a.2-dt/below-thm-3.12-dt; the W∞ bound (28) is "
        "min(D_t, D) (the coupling argument is measure-theoretic)",
    ),
    Item("(28)", "equation", ids=["lem-a.2-dt"]),
    Item("(29)", "equation", ids=["lem-a.2-dt", "lem-a.2-dt/switch", "lem-a.2-dt/below-thm-3.12-dt"]),
    Item(
        "(30)",
        "equation",
        reason="defines the coupled processes of Theorem A.1's proof: the noise G_t split in law into Y_t + Z_t "
        "(variances (1 − β_t)σ² + β_tσ² = σ²) and Z̃_t = Z_t + m_t; a construction, nothing to evaluate",
    ),
    Item(
        "(31)",
        "equation",
        reason="(a): the data-processing inequality D_α(W_T‖W′_T) ≤ D_α((W_T, Ẑ)‖(W′_T, Ẑ′)) for arbitrary joint "
        "laws (marginalisation; measure-theoretic)",
    ),
    Item(
        "(32)",
        "equation",
        reason="(b): the chain rule of Rényi divergence, joint ≤ marginal + sup of the conditionals, for arbitrary "
        "laws (measure-theoretic)",
    ),
    Item("(33)", "equation", ids=["thm-a.1/shift-only-i-star", "thm-a.1/shift-at-most-2k-eta-over-b"]),
    Item("(34)", "equation", ids=["thm-a.1/shift-only-i-star", "thm-a.1/shift-triangle"]),
    Item(
        "(35)",
        "equation",
        ids=["thm-a.1/shift-triangle"],
        note="the triangle inequality in the plane of the two clipped gradients, for every angle between them",
    ),
    Item(
        "(36)",
        "equation",
        ids=["thm-a.1/shift-at-most-2k-eta-over-b", "thm-a.1-eps"],
        note="‖m_t‖ ≤ 2Kη/b with the clipped norms ≤ K: the sensitivity s_b of thm-a.1-eps and (29)",
    ),
    Item(
        "(37)",
        "equation",
        reason="the left side of the chain (38)–(41), the divergence of the noise sequences Ẑ, named only; its bound "
        "is (41) (part-a/composition-term)",
    ),
    Item(
        "(38)",
        "equation",
        reason="(a): adaptive composition of Rényi divergence over the sequence Ẑ_{j_τ:E} (sum of the sups of the "
        "conditional divergences), for arbitrary laws (measure-theoretic)",
    ),
    Item(
        "(39)",
        "equation",
        reason="(b): identifies the conditional laws of Ẑ_j and Ẑ′_j given the past as N(0, β_tσ²I) and "
        "N(m_t, β_tσ²I) (the construction (30)); the divergence between them is (40)",
    ),
    Item(
        "(40)",
        "equation",
        ids=["thm-a.1/gaussian-step-40", "privacy/gaussian-rdp/from-integral"],
        note="(c): the Gaussian RDP α‖m_t‖²/(2β_tσ²), maximal at ‖m_t‖ = 2Kη/b",
    ),
    Item("(41)", "equation", ids=["part-a/composition-term"], partial=True),
    Item(
        "(42)",
        "equation",
        reason="defines part (B)'s processes at an encounter step t_e with the noise part Z fixed to z_e "
        "(conditioning); a construction",
    ),
    Item(
        "(43)",
        "equation",
        reason="defines part (B)'s processes at a non-encounter step (same map ψ_t on both sides); a construction",
    ),
    Item(
        "(44)",
        "equation",
        reason="the left side of the chain (45)–(49), D^{(z)}_α(W_{t_e+1}‖W′_{t_e+1}), named only",
    ),
    Item(
        "(45)",
        "equation",
        reason="rewrites (44) with the definitions (42) (no inequality)",
    ),
    Item(
        "(46)",
        "equation",
        reason="(a): the projection Π_𝒦 onto a convex set is 1-Lipschitz, so it does not increase the shifted "
        "divergence (post-processing with a shift, for arbitrary laws; measure-theoretic)",
    ),
    Item(
        "(47)",
        "equation",
        reason="(b): the shifted divergence is invariant under a common translation z_e of both arguments "
        "(measure-theoretic)",
    ),
    Item(
        "(48)",
        "equation",
        ids=["lem-3.2/tight-on-diracs", "privacy/gaussian-rdp"],
        partial=True,
        note="(c): shift reduction (Lemma 3.2) with the Gaussian Y of variance (1 − β_{t_e})σ², whose price "
        "αa²/(2(1 − β)σ²) is the toolkit's Gaussian RDP; the inequality for arbitrary laws is measure-theoretic "
        "(shown tight on Diracs only)",
    ),
    Item(
        "(49)",
        "equation",
        ids=["lem-3.9-h"],
        partial=True,
        note="(d): Lemma 3.8 (Hölder reduction) through h; h is encoded, the divergence inequality is measure-theoretic",
    ),
    Item(
        "(50)",
        "equation",
        reason="the left side of the chain (51)–(54) at a non-encounter step, named only",
    ),
    Item(
        "(51)",
        "equation",
        reason="rewrites (50) with the definitions (43), the whole noise G_t on both sides (no inequality)",
    ),
    Item(
        "(52)",
        "equation",
        reason="(a): Π_𝒦 is 1-Lipschitz, so it does not increase the shifted divergence (post-processing with a shift, "
        "for arbitrary laws; measure-theoretic)",
    ),
    Item(
        "(53)",
        "equation",
        ids=["lem-3.2/tight-on-diracs", "privacy/gaussian-rdp"],
        partial=True,
        note="(b): shift reduction (Lemma 3.2) with the whole noise G_t (variance σ²), price αa_t²/(2σ²) (the "
        "toolkit's Gaussian RDP); the inequality for arbitrary laws is measure-theoretic (tight on Diracs only)",
    ),
    Item(
        "(54)",
        "equation",
        ids=["lem-3.9-h"],
        partial=True,
        note="(c): Lemma 3.8 (Hölder reduction) through h; h is encoded, the divergence inequality is measure-theoretic",
    ),
    Item(
        "(55)",
        "equation",
        reason="(a): D_α = D^{(0)}_α = D^{(A_T)}_α with A_T = 0 (the definition of the shifted divergence at shift 0 "
        "and the choice A_T = 0): a rewriting",
    ),
    Item(
        "(56)",
        "equation",
        reason="(49)/(54) applied at step T − 1 (the per-step inequality for arbitrary laws; measure-theoretic)",
    ),
    Item(
        "(57)",
        "equation",
        reason="(b): the shifted divergence is nonincreasing in its shift and A_{T−1} ≤ h(A_T + a_{T−1}) (the "
        "constraint (60)); a step between divergences of arbitrary laws",
    ),
    Item(
        "(58)",
        "equation",
        ids=["thm-a.1-eps"],
        partial=True,
        note="the unrolled chain: its accumulated price Σ_t αa_t²/(2σ²(1 − β_t1_t)) is the second sum of (59), which "
        "thm-a.1-eps minimises; the unrolling itself is a chain of divergences of arbitrary laws",
    ),
    Item(
        "(59)",
        "equation",
        ids=["thm-a.1-eps", "thm-a.1-hoelder-eps", "thm-a.1-hoelder-eps-corrected"],
        partial=True,
        note="Theorem A.1's optimisation problem (objective): thm-a.1-eps evaluates its minimum over τ, β and a, for i⋆ "
        "at a fixed batch position in every epoch (other positions are not evaluated)",
    ),
    Item(
        "(60)",
        "equation",
        ids=["thm-a.1-eps", "thm-a.1-hoelder-eps", "thm-a.1-hoelder-eps-corrected"],
        partial=True,
        note="the constraints of (59) (τ among the encounter times, β_t = 0 off them, a_t ≥ 0, the tracking "
        "constraint on A_t) are those thm-a.1-eps optimises under, for i⋆ at a fixed batch position",
    ),
    Item("(61)", "equation", ids=["thm-a.1/converges", "thm-a.1/converges-corrected"]),
    Item("Corollary A.3", "corollary", ids=["cor-a.3/between-min-and-max"], partial=True),
    Item("(62)", "equation", ids=["cor-a.3/between-min-and-max"], partial=True),
    Item(
        "Lemma A.4",
        "lemma",
        ids=["def-3.11-sgm", "thm-3.12/term-68-scaling", "thm-3.12/term-68-increasing-in-shift"],
        partial=True,
        note="extremal SGM (from Altschuler & Talwar), used as S_α(q, σ/R): over point masses μ = δ_m, ‖m‖ ≤ R, the "
        "supremum is S_α(q, σ/R) at ‖m‖ = R (checked); the supremum over every μ ∈ 𝒫(B_R) is not encoded",
    ),
    Item("(63)", "equation", ids=["def-3.11-sgm", "thm-3.12/term-68-increasing-in-shift"], partial=True),
    Item(
        "(64)",
        "equation",
        reason="the left side of (65) in Theorem 3.12's proof, D_α(W_T‖W′_T), named only",
    ),
    Item(
        "(65)",
        "equation",
        reason="the data-processing inequality plus the chain rule of Rényi divergence over (W_T, Z_{τ:T−1}), for "
        "arbitrary laws (measure-theoretic)",
    ),
    Item(
        "(66)",
        "equation",
        reason="the left side of (67), the divergence of the noise sequences Z_{τ:T−1}, named only; its per-step term "
        "is (68)",
    ),
    Item(
        "(67)",
        "equation",
        reason="adaptive composition of Rényi divergence over the sequence Z_{τ:T−1} (sum of the sups of the "
        "conditional divergences), for arbitrary laws (measure-theoretic)",
    ),
    Item(
        "(68)",
        "equation",
        ids=["thm-3.12/term-68-scaling", "thm-3.12/term-68-increasing-in-shift", "thm-3.12-sgm-term-corrected"],
        note="the per-step term for a shift of norm r (on an axis): S_α(b/n, √β_tσ/r), nondecreasing in r, so "
        "‖m_t‖ ≤ 2ηK/b gives (69)'s corrected term",
    ),
    Item("(69)", "equation", ids=["thm-3.12-sgm-term", "thm-3.12/q-1-consistency"]),
    Item(
        "(70)",
        "equation",
        reason="defines the coupled processes of the full-batch case (the noise split into Y_t + Z_t); a construction",
    ),
    Item(
        "(71)",
        "equation",
        reason="the data-processing inequality D_α(W_T‖W′_T) ≤ D_α((W_T, Z)‖(W′_T, Z′)), for arbitrary laws "
        "(measure-theoretic)",
    ),
    Item(
        "(72)",
        "equation",
        reason="the chain rule of Rényi divergence (joint ≤ marginal + sup of the conditionals), for arbitrary laws "
        "(measure-theoretic)",
    ),
    Item("(73)", "equation", ids=["part-a/composition-term"]),
    Item("(74)", "equation", ids=["part-a/composition-term"]),
    Item("(75)", "equation", ids=["part-a/composition-term", "thm-3.12/q-1-consistency-corrected"]),
    Item(
        "(76)",
        "equation",
        reason="W∞(φ♯ν, φ♯μ) ≤ cW∞(ν, μ) for a c-Lipschitz φ: push a coupling forward (an argument over couplings of "
        "arbitrary laws; measure-theoretic)",
    ),
    Item(
        "(77)",
        "equation",
        reason="Lemma 3.3's chain: the definition of the shifted divergence, post-processing (a) and the choice of ν (b), "
        "for arbitrary laws (measure-theoretic); the scalar it yields, the shift cz, is lem-3.9-h/lambda-1",
    ),
    *[
        Item(
            f"({k})",
            "equation",
            ids=[
                "lem-3.4/smooth-step",
                "ye-shokri/prop-6.2-clipping-nonexpansive-one",
                "ye-shokri/prop-6.2-clipping-nonexpansive-both",
                "lem-3.4/smooth",
            ],
            note="the triangle inequality at every angle with ‖Π∇ℓ(x) − Π∇ℓ(y)‖ ≤ L‖x − y‖: the clipping is 1-Lipschitz "
            "(Ye & Shokri's encoding, every dimension), then (22)",
        )
        for k in (78, 79)
    ],
    Item("(80)", "equation", reason="definition of W∞ (infimum over couplings)"),
    *[
        Item(
            f"({k})",
            "equation",
            ids=["lem-3.5/step-split"],
            note="the step's difference split into the n − 1 shared terms and i⋆'s, coordinate by coordinate; the "
            "triangle inequality over the n terms is the standard one (not re-proved), each shared term ≤ c‖W − W′‖ "
            "by the c-Lipschitz assumption",
        )
        for k in (81, 82, 83)
    ],
    *[Item(f"({k})", "equation", ids=["lem-3.5/step-sum"]) for k in (84, 85)],
    *[
        Item(
            f"({k})",
            "equation",
            ids=["lem-3.5/step-triangle", "lem-3.5/step-sum"],
            note="i⋆'s term: the triangle inequality at every angle with norms ≤ c‖W − W′‖ and ≤ 2ηK",
        )
        for k in (86, 87, 88, 89)
    ],
    Item("(90)", "equation", ids=["lem-3.5/branch-gap", "lem-3.5-dt"]),
    Item(
        "(91)",
        "equation",
        reason="an optimal coupling γ⋆ of W∞(ν, μ) ≤ z has ess sup‖X − Y‖ ≤ z (existence of an optimal coupling; "
        "measure-theoretic)",
    ),
    Item(
        "(92)",
        "equation",
        reason="the left side of the chain (93)–(98), W∞((I + φ)♯ν, (I + φ)♯μ), named only",
    ),
    Item(
        "(93)",
        "equation",
        reason="(a): W∞ of the push-forwards is at most the ess sup under the pushed coupling (an argument over "
        "couplings; measure-theoretic)",
    ),
    Item(
        "(94)",
        "equation",
        reason="the triangle inequality of the norm inside an ess sup (pointwise a norm axiom; the ess sup is "
        "measure-theoretic)",
    ),
    Item(
        "(95)",
        "equation",
        reason="(b): the Hölder condition of Definition 2.5 applied pointwise under the ess sup (the assumption itself, "
        "nothing derived)",
    ),
    Item(
        "(96)",
        "equation",
        reason="the ess sup of a sum is at most the sum of the ess sups (measure-theoretic)",
    ),
    Item(
        "(97)",
        "equation",
        reason="r ↦ Lr^λ is nondecreasing, so it commutes with the ess sup (measure-theoretic); the resulting bound "
        "z + Lz^λ = g(z) is (98)'s, encoded there",
    ),
    Item(
        "(98)",
        "equation",
        ids=["lem-3.8/step-c", "lem-3.9/g-above-identity"],
        note="step (c): ess sup‖X − Y‖ ≤ z by (91) and y + Ly^λ nondecreasing in y, so the bound is at most g(z)",
    ),
    Item(
        "(99)",
        "equation",
        reason="the left side of the chain (100)–(102), the shifted divergence of the push-forwards, named only",
    ),
    Item(
        "(100)",
        "equation",
        reason="(a): the definition of the shifted divergence with the ν of (91)–(98), whose push-forward is within "
        "W∞ distance z′ (measure-theoretic)",
    ),
    Item(
        "(101)",
        "equation",
        reason="(b): post-processing by I + φ does not increase Rényi divergence (the data-processing inequality for "
        "arbitrary laws; measure-theoretic)",
    ),
    Item(
        "(102)",
        "equation",
        reason="(c): ν attains the shifted divergence D^{(z)}_α(μ‖μ′) (its definition as an infimum, attained; "
        "measure-theoretic)",
    ),
    Item("(103)", "equation", ids=["lem-3.9/g-derivative", "lem-3.9/g-derivative-corrected"]),
    Item("(104)", "equation", ids=["lem-3.9-h-half", "lem-3.9-h-half/g-of-h", "lem-3.9-h-half/h-of-g"]),
    Item(
        "(105)",
        "equation",
        reason="writes W∞(W_{t+1}, W′_{t+1}) with the update (1) and the shared noise G′_t (a rewriting, no inequality)",
    ),
    Item(
        "(106)",
        "equation",
        reason="the left side of the chain (107)–(109), named only",
    ),
    Item(
        "(107)",
        "equation",
        reason="Π_𝒦 is 1-Lipschitz, so W∞ of the projected laws is at most W∞ before projection (an argument over "
        "couplings; measure-theoretic)",
    ),
    Item(
        "(108)",
        "equation",
        reason="(a): W∞ is at most the ess sup under the synchronous coupling (same noise; measure-theoretic)",
    ),
    Item(
        "(109)",
        "equation",
        reason="the triangle inequality of the norm inside an ess sup (pointwise a norm axiom; the ess sup is "
        "measure-theoretic); the per-step scalar bounds follow in (110)–(125)",
    ),
    Item(
        "(110)",
        "equation",
        reason="(109) at the first encounter step t₀ (the same step inequality, instantiated)",
    ),
    Item(
        "(111)",
        "equation",
        reason="(a): W_{t₀} = W′_{t₀}: before i⋆'s first batch both processes apply the same maps to the same start "
        "with the same noise (a property of the coupling, no formula)",
    ),
    Item(
        "(112)",
        "equation",
        ids=["thm-a.1/shift-at-most-2k-eta-over-b"],
        note="(b): (η/b)‖Π_{B_K}∇ℓ_{i⋆} − Π_{B_K}∇ℓ′_{i⋆}‖ ≤ 2Kη/b for clipped norms ≤ K at every angle (the bound of "
        "(33)–(36))",
    ),
    Item(
        "(113)",
        "equation",
        reason="(109) at a later encounter step t_e (the same step inequality, instantiated)",
    ),
    Item(
        "(114)",
        "equation",
        ids=["lem-3.5/step-split"],
        partial=True,
        note="the batch term split over the b examples by the triangle inequality (the full-batch version, over the n "
        "examples, is lem-3.5/step-split; the b-example sum is not encoded separately)",
    ),
    Item(
        "(115)",
        "equation",
        reason="(a): the examples other than i⋆ have ℓ′_i = ℓ_i, so their terms lose the prime (a relabelling)",
    ),
    Item(
        "(116)",
        "equation",
        reason="i⋆'s term of the split (115), written out (a rewriting); its bound is (118)",
    ),
    Item(
        "(117)",
        "equation",
        reason="(115) carried over with i⋆'s term replaced by its bound (118) (no new step)",
    ),
    Item(
        "(118)",
        "equation",
        ids=["thm-a.1/shift-at-most-2k-eta-over-b"],
        note="i⋆'s term (η/b)‖Π∇ℓ_{i⋆}(W) − Π∇ℓ′_{i⋆}(W′)‖ ≤ 2Kη/b (clipped norms ≤ K, every angle)",
    ),
    Item(
        "(119)",
        "equation",
        ids=["lem-a.2-dt"],
        partial=True,
        note="(a): with ess sup‖W_{t_e} − W′_{t_e}‖ ≤ D_{t_e} the step adds at most 2Kη, the b = 1 case of the tracking "
        "recursion lem-a.2-dt; the ess sup step itself is measure-theoretic",
    ),
    Item(
        "(120)",
        "equation",
        ids=["lem-a.2/encounter-step"],
        note="the encounter step bound's first two terms, ess sup‖W − W′‖ + 2Kη/b, continued in (121)",
    ),
    Item(
        "(121)",
        "equation",
        ids=["lem-a.2/encounter-step"],
        note="the b − 1 other examples' gradient differences, each ≤ L‖W − W′‖^λ by the Hölder condition: the sum "
        "lem-a.2/encounter-step evaluates (it cites (121)–(125) as its source)",
    ),
    Item(
        "(122)",
        "equation",
        ids=["lem-a.2/encounter-step"],
        note="the b − 1 Hölder bounds (η/b)L‖W − W′‖^λ summed: η(b − 1)L/b·‖W − W′‖^λ",
    ),
    Item(
        "(123)",
        "equation",
        ids=["lem-a.2/encounter-step"],
        partial=True,
        note="the ess sup of a sum bounded by the sum of the ess sups is measure-theoretic; the bound it leads to, at "
        "ess sup‖W − W′‖ = D, is lem-a.2/encounter-step's",
    ),
    Item("(124)", "equation", ids=["lem-a.2/encounter-step", "lem-a.2-dt"]),
    Item("(125)", "equation", ids=["lem-a.2/encounter-step", "lem-a.2-dt"]),
    Item(
        "(126)",
        "equation",
        ids=["cor-a.3/between-min-and-max"],
        partial=True,
        note="Lemma A.5; only its consequence for Corollary A.3 is checked",
    ),
    Item("(127)", "equation", ids=["cor-a.3/between-min-and-max"], partial=True),
    Item("Lemma A.5", "lemma", ids=["cor-a.3/between-min-and-max"], partial=True),
    Item(
        "Appendix A.13",
        "section",
        ids=[
            "fig-1a/plateau-convex",
            "a.13/lambda-to-0-pareto-L1",
            "a.13/lambda-to-0-pareto-L4",
            "a.13/lambda-to-0-pareto-L1-corrected",
            "a.13/lambda-to-0-pareto-L4-corrected",
        ],
        partial=True,
        note="the Figure 1 setting is used, and the λ → 0 remark is erratum E10; the Hölder-constant estimator on an "
        "MLP is not reproducible",
    ),
    Item("Footnote 4", "footnote", reason="source of the A.14 example (math.stackexchange), no mathematics"),
    Item(
        "Appendix A.14",
        "section",
        ids=[
            "a.14/derivative-positive",
            "a.14/derivative-negative",
            "a.14/case-3",
            "a.14/case-3-corrected",
            "a.14/not-lipschitz",
            "a.14/max-value",
        ],
    ),
    Item("(128)", "equation", ids=["a.14/case-1", "a.14/derivative-positive"]),
    Item(
        "(129)",
        "equation",
        ids=["a.14/power-above-identity", "a.14/cube-root-above-identity"],
        note="z^s ≥ z proved for every s ∈ (0, 1] and z ∈ (0, 1] (z = 0 trivial), and at s = 1/3 (the case (130) uses)",
    ),
    Item("(130)", "equation", ids=["a.14/case-1"]),
    Item("(131)", "equation", ids=["a.14/case-3", "a.14/case-3-corrected", "a.14/max-stationary"]),
    Item("(132)", "equation", ids=["a.14/max-stationary", "a.14/max-value", "a.14/max-concave"]),
    Item("(133)", "equation", ids=["a.14/not-lipschitz"]),
    Item(
        "Appendix A.15",
        "section",
        ids=[
            "a.15/kr-form-above-output-perturbation",
            "a.15/kr-large-n-above-output-perturbation",
            "thm-3.1/convex-plateau-vanishes",
            "thm-3.1/nonconvex-beats-output-perturbation-corrected",
        ],
        note="comparison with Kong & Ribero in the form A.15 quotes ((α/2σ²)(C₁D + C₂)², C₁ > 1, C₂ > 0): strictly above "
        "output perturbation, also in its n = b → ∞ limit, while Theorem 3.1's convex plateau tends to 0 and its "
        "nonconvex bound beats output perturbation at Figure 1's setting (only for ηL < √2 − 1: erratum E13)",
    ),
]

paper.coverage(ITEMS)
