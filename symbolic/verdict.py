"""Verdicts: what a checker concluded about a claim, how, and on what evidence."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Status(str, Enum):
    """PROVED: a symbolic argument by the engine's rules, checked for every parameter value
    in the stated domain, with every proof obligation of the claim (definedness on the whole
    domain, integer index ranges consistent with the declared assumptions, determinacy; see
    :mod:`symbolic.obligations`) discharged, and confirmed at seeded random rational points — not a
    kernel-checked (Lean/Isabelle) proof: it trusts SymPy's rewriting.  CHECKED: evidence
    only (a fixed, seeded sample; numerics).  REFUTED: a concrete counterexample.  UNKNOWN:
    none of these within the (CPU-time) budget, or the checker failed."""

    PROVED = "proved"
    CHECKED = "checked"
    REFUTED = "refuted"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value.upper()


EXPECTATIONS = ("proved", "checked", "refuted")

#: An exact rational longer than this many bits is shown by its leading digits (Python refuses to print
#: an integer of more than 4300 digits, and a verdict's text need not carry a million of them).
_SHOWN_BITS = 2000


def shown(value: object) -> str:
    """``value`` as a verdict shows it: SymPy's text, except that an exact rational too long to print
    (the residual ``2**(10**6) - 2`` of a false identity at ``x = 1``) is given by 20 significant digits
    and its length, never an exception that would turn a counterexample into a checker error."""
    p, q = getattr(value, "p", None), getattr(value, "q", None)
    if isinstance(p, int) and isinstance(q, int) and abs(p).bit_length() + q.bit_length() > _SHOWN_BITS:
        import sympy as sp

        digits = int(abs(p).bit_length() * 0.30103) + 1
        return f"{sp.N(value, 20)} (exact rational, numerator of ~{digits} digits)"
    try:
        import sympy as sp

        return sp.sstr(value)
    except ValueError:  # a huge integer inside a larger expression
        return f"<{type(value).__name__} too large to print>"


def meets(status: Status, expect: str) -> bool:
    """Whether ``status`` satisfies the expectation ``expect``.

    ``checked`` is met by PROVED or CHECKED (a proof is stronger evidence);
    ``proved`` only by PROVED; ``refuted`` only by REFUTED.
    """
    if expect not in EXPECTATIONS:
        raise ValueError(f"expect must be one of {EXPECTATIONS}, not {expect!r}")
    if expect == "proved":
        return status is Status.PROVED
    if expect == "checked":
        return status in (Status.PROVED, Status.CHECKED)
    return status is Status.REFUTED


@dataclass
class Verdict:
    """Outcome of checking one claim.

    ``method`` names the argument (``"identity: simplify"``, ``"induction on t"``,
    ``"sampled 40 points (interval arithmetic)"``); ``evidence`` is a short human
    text (the simplified residual, the sample size); ``counterexample`` maps
    parameter names to exact values (as strings) for REFUTED verdicts, with the
    offending value under ``details``.
    """

    status: Status
    method: str
    evidence: str = ""
    counterexample: dict[str, str] | None = None
    details: dict = field(default_factory=dict)
    seconds: float = 0.0
    #: CPU seconds the checker used (what budgets count; ``seconds`` is wall-clock time).
    cpu_seconds: float = 0.0
    #: The claim's proof obligations (:class:`symbolic.obligations.Obligation`), each with its
    #: status (discharged / open / violated) and the rule that discharged it.
    obligations: list = field(default_factory=list)

    def as_dict(self) -> dict:
        out: dict[str, object] = {
            "status": self.status.value,
            "method": self.method,
            "evidence": self.evidence,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
        }
        if self.counterexample is not None:
            out["counterexample"] = dict(self.counterexample)
        if self.details:
            out["details"] = {k: shown(v) for k, v in self.details.items()}
        if self.obligations:
            out["obligations"] = [o.as_dict() if hasattr(o, "as_dict") else dict(o) for o in self.obligations]
        return out
