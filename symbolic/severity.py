"""The severity classes of errata and one erratum's classification.

Kept apart from :mod:`symbolic.errata` (which renders the table from the registry) because a paper
records its classifications while it is being built (:meth:`symbolic.paper.Paper.classify`): the
paper module must not import the registry that loads it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Each severity and what it means (the order is the order of the summary table).
SEVERITIES = {
    "false": "the printed statement (a theorem, lemma, corollary, bound, table value or a claim of the text) is false",
    "proof-step": "a step of a proof is false; the result it proves is not refuted (the evidence says whether the "
    "corrected step gives it)",
    "valid-but-loose": "the printed statement is true, but weaker than what the same argument gives or than what the "
    "paper presents it as",
    "wording": "what is meant is true; the printed words or symbols say something else (a slip with no false "
    "consequence)",
    "open-question-resolved": "the paper poses the statement as an open question or conjecture; the package settles it",
    "probable-extraction-artefact": "the printed form is probably the text extraction's rendering, not the paper's "
    "(the evidence says how sure the reading is)",
}


@dataclass(frozen=True)
class Classification:
    """The severity of one erratum and the evidence for it (a short text a reader can check against the paper)."""

    severity: str
    evidence: str

    def __post_init__(self):
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity {self.severity!r} is not one of {', '.join(SEVERITIES)}")
        if len(self.evidence.strip()) <= 20:
            raise ValueError(f"severity {self.severity!r}: the evidence {self.evidence!r} is too short to check")
