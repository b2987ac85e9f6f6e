"""Asoodeh & Diaz: the verdicts notebooks/05_asoodeh_diaz.ipynb shows, as the paper's claims declare them.

The notebook runs every claim and asserts that each verdict meets its claim's expectation (what ``verify``
checks).  This test pins the expectations themselves, cheaply (no claim is run): weakening one (proved to
checked, refuted to proved) to make a claim pass fails here.  The lists are the verdicts the notebook shows.
"""

PAPER = "asoodeh-diaz"

PROVED = (
    "prop-1-theta-dr",
    "prop-1-theta-deps",
    "prop-1-theta-eps0",
    "prop-1-theta-r-to-oo",
    "prop-1-theta-eps-to-oo",
    "prop-1-theta-r-to-0",
    "lem-2-tight",
    "eq-13-avoid-n",
    "eq-13-contain-n",
    "eq-15-contain-n",
    "eq-15-avoid-n",
    "lem-1",
    "thm-2-recursion",
    "thm-2-gap",
    "thm-2-increment",
    "thm-2-limit-of-delta-T",
    "thm-2-monotone",
    "thm-2-limit-below-1",
    "thm-2-limit-below-theta",
    "thm-2-T1",
    "thm-2-p1",
    "eq-22-inversion",
    "eq-23-argument",
    "eq-23-solves-forward",
    "eq-20-recursion",
    "eq-20-shift",
    "eq-20-limit-t",
    "prop-4-recursion",
    "prop-4-d1",
    "thm-3-lemma-1-corrected",
    "thm-3-instance-T1-corrected",
    "eq-22-root-exists-corrected",
)

CHECKED = (
    "prop-5-instance-corrected",
    "eq-23-nonnegative-corrected",
)

REFUTED = (
    "prop-5-instance",
    "thm-3-lemma-1",
    "thm-3-instance-T1",
    "eq-22-root-exists",
    "eq-23-nonnegative",
)


def test_the_notebook_verdicts_are_the_declared_ones(declared_verdicts):
    shown, declared = declared_verdicts(PAPER, proved=PROVED, checked=CHECKED, refuted=REFUTED)
    assert declared == shown
