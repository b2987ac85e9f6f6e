"""Ye & Shokri: the verdicts notebooks/04_ye_shokri.ipynb shows, as the paper's claims declare them.

The notebook runs every claim and asserts that each verdict meets its claim's expectation (what ``verify``
checks).  This test pins the expectations themselves, cheaply (no claim is run): weakening one (proved to
checked, refuted to proved) to make a claim pass fails here.  The lists are the verdicts the notebook shows.
"""

PAPER = "ye-shokri"

PROVED = (
    "lem-4.1-gaussian-equality",
    "eq-46-heat-equation",
    "lem-b.1-algebra",
    "eq-67-68",
    "lem-4.1-pointwise",
    "lem-b.1-pointwise",
    "lem-b.1-alpha-derivative",
    "lem-4.2-ode",
    "lem-4.2-integrating-factor",
    "lem-4.2-ode-integral",
    "lem-4.2-ode-conserved",
    "lem-4.2-contraction",
    "eq-70-71-substitution",
    "eq-71-72-change-of-variable",
    "eq-73-chain-rule",
    "pde-72-characteristic-solution",
    "lem-4.2-gaussian-equality",
    "lem-4.2-back-substitution-corrected",
    "lem-4.2-back-substitution-initial",
    "lem-4.2-back-substitution-defect",
    "lem-4.2-back-substitution-linear",
    "lem-4.2-gaussian-step-corrected",
    "lem-b.3-lsi-recursion",
    "lem-b.4-lsi-recursion",
    "lem-b.4-lsi-epoch-boundary",
    "lem-b.4-lsi/stable-form",
    "lem-b.4-lsi-closed-form",
    "lem-b.4-lsi-limit-lam-to-0",
    "quadratic-instance-variance",
    "eq-12-eps0-recursion",
    "eq-12-eps0/stable-form",
    "eq-108-contraction-factor",
    "eq-99-contraction-factor",
    "eq-102-convex-recursion",
    "eq-12-eps0-limit-lam-to-0",
    "eq-108-limit-lam-to-0",
    "eq-12-eps0-decreasing",
    "eq-12-eps0-tight",
    "quadratic-instance-mean-gap",
    "thm-4.3-proof",
    "thm-4.3-fmtt",
    "thm-4.3-limit-K",
    "thm-4.4-K1",
    "thm-4.4-limit-K",
    "thm-4.4-limit-lam-to-0",
    "thm-4.4-one-minus-q",
    "thm-4.4-limit-eta-to-0",
    "thm-4.4-limit-eta-to-0-second-term",
    "eq-116-118-recursion",
    "eq-119-valid",
    "thm-4.5-limit-K",
    "thm-4.5-eps/numeric-form",
    "eq-115-telescoping",
    "eq-116-from-115",
    "eq-131-first-term-general",
    "eq-17-shift",
    "thm-5.2-limit-alpha-to-1",
    "thm-5.3-fixed-point",
    "thm-5.3-divergence",
    "thm-5.3-limit-first-order",
    "eq-166-clipped-jacobian-general",
    "prop-6.2-clipping-nonexpansive-one",
    "prop-6.2-clipping-nonexpansive-both",
    "rem-b.2-point-mass",
    "eq-119-from-118-corrected",
    "lem-5.1-supporting-plane",
    "eq-123-f-divergence-corrected",
    "cor-6.3-sigma-corrected",
    "cor-6.3-eps0",
)

CHECKED = (
    "fig-1-improvement-factor-corrected",
    "prop-6.2-contraction-corrected",
    "prop-6.2-lower-bound-corrected",
    "prop-6.2-upper-bound",
    "eq-167-spectral-norm-corrected",
)

REFUTED = (
    "lem-4.2-back-substitution",
    "lem-4.2-gaussian-step",
    "rem-b.2-conjecture",
    "eq-119-from-118",
    "fig-1-improvement-factor",
    "eq-123-f-divergence",
    "cor-6.3-sigma",
    "prop-6.2-contraction",
    "prop-6.2-lower-bound",
    "eq-167-quadratic-form",
)


def test_the_notebook_verdicts_are_the_declared_ones(declared_verdicts):
    shown, declared = declared_verdicts(PAPER, proved=PROVED, checked=CHECKED, refuted=REFUTED)
    assert declared == shown


def test_encoded_errata_are_refuted_printed_forms_beside_corrections(registry):
    """The notebook's errata cell: of each encoded erratum's claims, those not expected refuted are expected
    proved or checked, and at least one is expected refuted."""
    from derivations.ye_shokri.errata import STATUS

    encoded = [what for state, what in STATUS.values() if state == "encoded"]
    assert encoded
    for labels in encoded:
        expects = [registry.claim(f"{PAPER}/{label}").expect for label in labels]
        assert "refuted" in expects and set(expects) <= {"refuted", "proved", "checked"}, labels
