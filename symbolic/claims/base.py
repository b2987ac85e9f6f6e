"""The Claim base class: a checkable statement with an expectation."""

from __future__ import annotations

from typing import ClassVar, Iterable

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..source import Source
from ..verdict import EXPECTATIONS, Status, Verdict

#: Default time budget of one claim, in seconds (``verify`` kills a checker past it).
DEFAULT_BUDGET = 20.0


class Claim:
    """A statement to verify.

    Parameters
    ----------
    id:
        ``<paper>/<label>``.
    statement:
        The claim in words/LaTeX, as a reader would state it.
    source:
        Provenance.  Errata: the printed form (``Source.form == "printed"``,
        ``expect="refuted"``) and its correction (``form="corrected"``) share an
        ``erratum`` key, from which the errata table is generated.
    expect:
        ``"proved"``, ``"checked"`` or ``"refuted"`` (see :func:`symbolic.verdict.meets`).
    budget:
        Seconds allowed; running out gives UNKNOWN, never PROVED.
    covers:
        IDs of the formulas this claim is about (for export manifests).
    imports:
        Modules the checker imports that are slow to import (a peer library): the runner imports
        them once, before forking the checkers, instead of in every checker that needs them.  A
        module that cannot be imported is left to the checker (which reports its own error).
    """

    kind: ClassVar[str] = "claim"

    def __init__(
        self,
        id: str,
        statement: str,
        source: Source,
        *,
        expect: str = "proved",
        budget: float = DEFAULT_BUDGET,
        covers: Iterable[str] = (),
        erratum: str | None = None,
        note: str = "",
        imports: Iterable[str] = (),
    ):
        if expect not in EXPECTATIONS:
            raise ValueError(f"{id}: expect must be one of {EXPECTATIONS}")
        self.id = id
        self.statement = statement
        self.source = source
        self.expect = expect
        self.budget = float(budget)
        self.covers = tuple(covers)
        self.erratum = erratum
        self.note = note
        self.imports = tuple(imports)

    @property
    def paper(self) -> str:
        return self.id.split("/", 1)[0]

    def check(self, deadline: Deadline | None = None) -> Verdict:
        """Run the checker in this process (the runner adds isolation and a hard kill)."""
        deadline = deadline or Deadline(self.budget)
        try:
            return self._check(deadline)
        except PhaseTimeout as exc:
            return Verdict(Status.UNKNOWN, f"{self.kind}: out of time", str(exc))

    def _check(self, deadline: Deadline) -> Verdict:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r}, expect={self.expect!r})"


def free_symbols(*exprs) -> list[sp.Symbol]:
    out: set = set()
    for e in exprs:
        out |= sp.sympify(e).free_symbols
    return sorted(out, key=lambda s: s.name)


def named_points(hints: Iterable[dict], symbols: Iterable[sp.Symbol]) -> list[dict]:
    """Turn hint dicts keyed by names or symbols into Symbol -> Rational dicts."""
    by_name = {s.name: s for s in symbols}
    out = []
    for h in hints:
        out.append({(by_name[k] if isinstance(k, str) else k): sp.Rational(v) for k, v in h.items()})
    return out
