"""Chien & Li: the verdicts notebooks/02_chien_li.ipynb shows, as the paper's claims declare them.

The notebook runs every claim and asserts that each verdict meets its claim's expectation (what ``verify``
checks).  This test pins the expectations themselves, cheaply (no claim is run): weakening one (proved to
checked, refuted to proved) to make a claim pass fails here.  The lists are the verdicts the notebook shows.
"""

PAPER = "chien-li"

PROVED = (
    "lem-3.9-h-half/numeric-form",
    "lem-3.9-h-half/g-of-h",
    "lem-3.9-h-half/h-of-g",
    "lem-3.9-h-half/at-0",
    "lem-3.9-h-half/derivative-at-0",
    "lem-3.9-h-half/convex",
    "lem-3.9-h-half/increasing",
    "lem-3.9-h-half/small-z",
    "lem-3.9-h/lambda-1",
    "lem-3.9-h/lambda-third-cardano",
    "lem-3.9/g-increasing",
    "lem-3.9/g-concave",
    "lem-3.9/g-above-identity",
    "lem-3.9/g-derivative-corrected",
    "lem-3.5/branch-1-closed-form",
    "lem-3.5/branch-gap",
    "lem-3.5/switch-time",
    "lem-3.5/second-branch-persists",
    "lem-3.5/c-le-1-branch-1",
    "lem-3.5/step-split",
    "lem-3.5/step-triangle",
    "lem-3.5/step-sum",
    "thm-a.1/shift-only-i-star",
    "thm-a.1/shift-triangle",
    "thm-a.1/shift-at-most-2k-eta-over-b",
    "thm-3.1/numerator-is-lem-3.5-corrected",
    "thm-3.1/cs-constraint-tight",
    "thm-3.1/cs-value-attained",
    "thm-3.1/cs-equality-case",
    "thm-3.1/beta-elimination-lower",
    "thm-3.1/beta-elimination-attained",
    "thm-3.1/tau-0-is-composition",
    "thm-3.1/cs-optimality",
    "thm-3.1/interior-optimum",
    "thm-3.1/convex-window-stationary",
    "thm-3.1/convex-plateau-continuous",
    "thm-3.1/convex-window-convex",
    "thm-3.1/convex-plateau-vanishes",
    "thm-3.1/nonconvex-weight-sum",
    "thm-3.1/nonconvex-barrier-threshold",
    "fig-1a/convex-window-13",
    "fig-1a/convex-burn-in",
    "fig-1a/convex-before-burn-in",
    "def-3.11-sgm/q-1",
    "thm-3.12/q-1-consistency-corrected",
    "thm-3.12/printed-is-looser",
    "thm-3.12-dt/convex-combination",
    "lem-a.2-dt/switch",
    "lem-a.2/encounter-step",
    "lem-3.4/strongly-convex",
    "lem-3.4/convex",
    "lem-3.4/convex-lower",
    "lem-3.4/smooth",
    "coupling-variance",
    "lem-3.2/tight-on-diracs",
    "part-a/composition-term",
    "a.14/derivative-positive",
    "a.14/derivative-negative",
    "a.14/not-lipschitz",
    "a.14/max-stationary",
    "a.14/max-value",
    "a.14/max-concave",
    "a.14/case-3-corrected",
    "lem-3.4/smooth-step",
    "lem-3.8/step-c",
    "a.14/power-above-identity",
    "a.14/cube-root-above-identity",
    "a.15/kr-form-above-output-perturbation",
    "a.15/kr-large-n-above-output-perturbation",
)

CHECKED = (
    "lem-3.9-h-half/matches-root",
    "lem-3.9-h/lambda-third-matches-root",
    "lem-3.9-h/inverse",
    "lem-3.5-dt/matches-recursion",
    "lem-3.10-dt/lambda-1-is-lem-3.5",
    "lem-3.10-dt/matches-recursion",
    "thm-3.1/minimum-attained",
    "thm-3.1/minimum-below-random",
    "thm-3.1/minimum-matches-bisection",
    "fig-1a/plateau-nonconvex",
    "fig-1a/plateau-convex",
    "fig-1a/plateau-strongly-convex",
    "fig-1a/nonconvex-burn-in",
    "fig-1a/nonconvex-composition-until-85",
    "fig-1a/strongly-convex-below-composition-from-9",
    "fig-1b/forward-tracking-gain",
    "thm-3.7/lambda-1",
    "thm-3.7/sweep-feasible",
    "fig-2a/proxy-monotone-in-lambda",
    "def-3.11-sgm/below-mtz-direction",
    "def-3.11-sgm/is-toolkit-reverse",
    "thm-3.12/term-68-scaling",
    "thm-3.12/term-68-increasing-in-shift",
    "thm-3.12-dt/matches-recursion",
    "thm-3.12-dt/b-equals-n-is-a.2",
    "thm-3.12/constraints-feasible",
    "thm-3.12-eps/window-scan",
    "thm-3.12-eps/shift-energy-feasible",
    "thm-3.12-eps-corrected/converges",
    "thm-3.12-eps/printed-is-looser",
    "thm-a.1/full-batch-is-thm-3.1",
    "cor-a.3/between-min-and-max",
    "thm-a.1/converges-corrected",
    "lem-a.2-dt/lambda-1-is-thm-a.1-tracking",
    "lem-a.2-dt/b-equals-n",
    "lem-a.2-dt/below-thm-3.12-dt",
    "eq-1/coupled-runs-within-lem-a.2",
    "thm-a.1-hoelder-eps/lambda-1",
    "thm-a.1-hoelder-eps/converges-corrected",
    "a.13/lambda-to-0-pareto-L1-corrected",
    "a.13/lambda-to-0-pareto-L4-corrected",
    "thm-3.1/nonconvex-beats-output-perturbation-corrected",
    "lem-3.10/special-case-of-a.2-corrected",
)

REFUTED = (
    "lem-3.9/g-derivative",
    "thm-3.1/numerator-is-lem-3.5",
    "thm-3.12/q-1-consistency",
    "thm-a.1/converges",
    "a.14/case-3",
    "a.13/lambda-to-0-pareto-L1",
    "a.13/lambda-to-0-pareto-L4",
    "thm-3.1/nonconvex-beats-output-perturbation",
    "lem-3.10/special-case-of-a.2",
)


def test_the_notebook_verdicts_are_the_declared_ones(declared_verdicts):
    shown, declared = declared_verdicts(PAPER, proved=PROVED, checked=CHECKED, refuted=REFUTED)
    assert declared == shown


def test_every_erratum_is_a_refuted_printed_form_beside_a_correction(registry):
    """The notebook's errata cell: each erratum groups a claim expected refuted and a ``-corrected`` claim."""
    claims = registry.claims(PAPER)
    assert len(claims) >= 60
    errata: dict[str, list] = {}
    for c in claims:
        if c.erratum:
            errata.setdefault(c.erratum, []).append(c)
    assert errata
    for key, group in errata.items():
        assert any(c.expect == "refuted" for c in group) and any(c.id.endswith("-corrected") for c in group), key
