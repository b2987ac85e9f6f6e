"""Bok, Su & Altschuler: the verdicts notebooks/03_bok_su_altschuler.ipynb shows, as the paper's claims declare them.

The notebook runs every claim and asserts that each verdict meets its claim's expectation (what ``verify``
checks).  This test pins the expectations themselves, cheaply (no claim is run): weakening one (proved to
checked, refuted to proved) to make a claim pass fails here.  The lists are the verdicts the notebook shows.
"""

PAPER = "bok-su-altschuler"

PROVED = (
    "lem-c.6-recursion",
    "lem-c.6-zt",
    "lem-c.6-value",
    "lem-c.6-optimality",
    "thm-c.3-unrolled",
    "thm-c.5-equality-case",
    "lem-c.10-proof-denominator-corrected",
    "thm-c.16-t0-printed-corrected",
    "thm-3.3-noise-normalisation-corrected",
    "fn-11-replaced-factor-corrected",
    "tables-10-12-E-star-hypothesis-corrected",
    "tables-10-12-E-star-hypothesis-every-cell",
    "prop-5.1-from-thm-4.2",
    "cor-5.2-limit-eta-to-0",
    "rem-5.3-stationary-tightness",
    "cor-5.4-limit-eta-to-0",
    "rem-a.8-likelihood-ratio-order",
    "rem-a.8-pn-q-neyman-pearson",
    "rem-a.8-p-q-neyman-pearson",
    "rem-a.8-limit-positive-alpha",
    "rem-a.8-at-zero",
    "rem-a.8-pn-p-to-id",
    "lem-a.11-h-delta-neyman-pearson",
    "lem-a.11-composition-gaussian",
    "lem-a.11-composition-at-1-minus-delta",
    "lem-a.11-gap-identity",
    "fn-9-likelihood-ratio-increasing",
    "fn-10-split-variance",
    "fn-10-shift-factor",
    "fn-10-subsampled-factor",
    "fn-10-even-split-shift",
    "fn-10-even-split-subsampled",
    "fn-11-shift-factor",
    "fn-11-composed-over-n-steps",
    "fig-10-split-at-sqrt2-is-eq-15",
    "fig-10-split-foc",
    "fig-10-split-convex",
    "fig-10-split-minimum",
    "fig-10-split-large-sensitivity",
    "fig-10-split-small-sensitivity",
    "fig-10-composition-grows-like-sqrt-t",
)

CHECKED = (
    "lem-c.6-lambda",
    "lem-c.10-statement-corrected",
    "lem-c.11-start-index-corrected",
    "thm-4.9-tau-range-corrected",
    "thm-c.16-tail-constant-corrected",
    "thm-4.5-threshold-corrected",
    "thm-4.3-dominates-4.1-corrected",
    "sec-5-c-star-printed-corrected",
    "rem-a.8-pn-q-linear-programme",
    "fn-9-conjecture-above-lemma-c.12",
    "fn-9-conjecture-strictly-better",
    "fig-10-recomputed-values",
)

REFUTED = (
    "lem-c.10-statement",
    "lem-c.10-proof-denominator",
    "lem-c.11-start-index",
    "thm-4.9-tau-range-printed",
    "thm-c.16-tail-constant",
    "thm-c.16-t0-printed",
    "thm-4.5-threshold-printed",
    "thm-4.3-dominates-4.1-printed",
    "thm-3.3-noise-normalisation-printed",
    "sec-5-c-star-printed",
    "fn-11-replaced-factor-printed",
    "tables-10-12-E-star-hypothesis-crossing",
    "tables-10-12-E-star-hypothesis-printed",
    "rem-a.8-unrestricted-limit",
)


def test_the_notebook_verdicts_are_the_declared_ones(declared_verdicts):
    shown, declared = declared_verdicts(PAPER, proved=PROVED, checked=CHECKED, refuted=REFUTED)
    assert declared == shown


def test_erratum_e7_refutes_half_of_its_table_cells(registry):
    """The notebook's errata cell: E7 (Tables 10–12's E*) has 54 claims, the 27 printed values refuted."""
    e7 = [c for c in registry.claims(PAPER) if c.erratum == f"{PAPER} E7"]
    assert (len(e7), sum(c.expect == "refuted" for c in e7)) == (54, 27)
