"""Provenance of a formula or claim: which paper, which label, which equation."""

from __future__ import annotations

from dataclasses import dataclass, field

#: A ``Source.form`` value: the formula exactly as the paper prints it,
#: our correction of a printed formula, or a result we derived ourselves.
FORMS = ("printed", "corrected", "derived")


@dataclass(frozen=True)
class Source:
    """Where a formula or claim comes from.

    ``paper`` is the registry key (``kong-ribero``), ``label`` the paper's own
    label (``"Lemma A.3(c)"``), ``equations`` the equation numbers it spans, and
    ``form`` one of :data:`FORMS`.  ``note`` says, for a correction, what changed.
    """

    paper: str
    label: str
    equations: tuple[str, ...] = field(default_factory=tuple)
    form: str = "printed"
    note: str = ""

    def __post_init__(self):
        if self.form not in FORMS:
            raise ValueError(f"Source.form must be one of {FORMS}, not {self.form!r}")
        if isinstance(self.equations, str):
            object.__setattr__(self, "equations", (self.equations,))

    def cite(self) -> str:
        """Short human citation, e.g. ``kong-ribero, Lemma A.3(c), eq. (23) [printed]``."""
        text = f"{self.paper}, {self.label}"
        if self.equations:
            text += ", eq. " + ", ".join(f"({e})" for e in self.equations)
        return f"{text} [{self.form}]"

    def as_dict(self) -> dict:
        return {
            "paper": self.paper,
            "label": self.label,
            "equations": list(self.equations),
            "form": self.form,
            "note": self.note,
        }
