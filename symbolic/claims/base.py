"""The Claim base class: a checkable statement with an expectation.

What PROVED means for every claim kind: the kind's argument holds for every parameter value of
the domain (the symbols' assumptions and ``where``) *and* every proof obligation the claim
generates from its statement (:mod:`symbolic.obligations`: every subexpression defined and real
on the whole domain, integer summation bounds, summation indices whose declared assumptions hold
over their range, no parametric limit left to SymPy's generic rules, and the kind's own
determinacy conditions) was discharged by the engine's sign and interval rules.  An obligation no
rule discharges caps the verdict at CHECKED and is named in it; one that fails at a point of the
domain makes the verdict REFUTED at that point.  The verdict carries the obligations and the rule
that discharged each (``Verdict.obligations``).
"""

from __future__ import annotations

from typing import ClassVar, Iterable

import sympy as sp

from ..deadline import Deadline, PhaseTimeout
from ..obligations import Domain, Obligation, discharge, summary
from ..source import Source
from ..verdict import EXPECTATIONS, Status, Verdict

#: Default time budget of one claim, in seconds (``verify`` kills a checker past it).
DEFAULT_BUDGET = 20.0


class Claim:
    """A statement to verify.

    Every kind's constructor takes ``id``, ``statement`` and ``source`` positionally, in this order,
    and everything else keyword-only: what the claim states (``lhs=``, ``rhs=``, ``compute=``, …) and
    the options below.

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
    ) -> None:
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
        """Run the checker in this process (the runner adds isolation and a hard kill).

        The claim's proof obligations are derived and settled first: a violated one REFUTES at its
        witness point without further work; an open one caps a PROVED argument at CHECKED."""
        deadline = deadline or Deadline(self.budget)
        obligations: list[Obligation] = []
        try:
            obligations = self.obligations()
            verdict = _obligation_verdict(obligations) or self._check(deadline)
        except PhaseTimeout as exc:
            verdict = Verdict(Status.UNKNOWN, f"{self.kind}: out of time", str(exc))
        return _with_obligations(verdict, obligations)

    # --- proof obligations (symbolic.obligations) ---------------------------------------------

    def obligation_domain(self) -> Domain:
        """The domain the obligations must hold on: the claim's symbols and ``where``."""
        return Domain(getattr(self, "symbols", ()), getattr(self, "where", ()))

    def _obligations(self) -> list[Obligation]:
        """The kind's obligations, not yet discharged (none for kinds that prove nothing symbolically)."""
        return []

    def obligations(self) -> list[Obligation]:
        """The claim's proof obligations, each discharged, left open or violated (with a witness)."""
        obligations = self._obligations()
        discharge(obligations, self.obligation_domain())
        return obligations

    def _check(self, deadline: Deadline) -> Verdict:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r}, expect={self.expect!r})"


def _obligation_verdict(obligations: list[Obligation]) -> Verdict | None:
    """REFUTED at the witness of the first violated obligation, else None (the argument decides)."""
    _, violated = summary(obligations)
    if not violated:
        return None
    ob = violated[0]
    return Verdict(
        Status.REFUTED,
        f"proof obligation violated ({ob.kind})",
        f"the statement needs {ob.text}, which fails at {ob.witness}",
        counterexample=dict(ob.witness or {}),
        details={"obligation": ob.text},
    )


def _with_obligations(verdict: Verdict, obligations: list[Obligation]) -> Verdict:
    """Attach the obligations; a PROVED argument with an open obligation is only CHECKED."""
    open_, _ = summary(obligations)
    if verdict.status is Status.PROVED and open_:
        names = "; ".join(o.text for o in open_)
        verdict = Verdict(
            Status.CHECKED,
            f"{verdict.method} (where defined); not proved: {names}"[:400],
            f"CHECKED: {verdict.evidence}; not proved: {names}",
            verdict.counterexample,
            verdict.details,
        )
    verdict.obligations = [o.public() for o in obligations]
    return verdict


def free_symbols(*exprs: object) -> list[sp.Symbol]:
    """The claim's parameters, sorted by name; a ``ValueError`` for a summation (product, integration)
    variable that also occurs in its own bounds (``Sum(n, (n, 0, n))``): the bound means the parameter,
    the summand the index, and a point substituted for the parameter would replace both."""
    out: set = set()
    for e in exprs:
        e = sp.sympify(e)
        for node in e.atoms(sp.Sum, sp.Product, sp.Integral):
            for lim in node.limits:
                if len(lim) == 3 and lim[0] in (lim[1].free_symbols | lim[2].free_symbols):
                    raise ValueError(
                        f"the variable {lim[0]} of {sp.sstr(node)[:80]} also occurs in its own bounds "
                        f"({sp.sstr(lim[1])}, {sp.sstr(lim[2])}): rename the index"
                    )
        out |= e.free_symbols
    return sorted(out, key=lambda s: s.name)


def named_points(hints: Iterable[dict], symbols: Iterable[sp.Symbol]) -> list[dict[sp.Symbol, sp.Rational]]:
    """Turn hint dicts keyed by names or symbols into Symbol -> Rational dicts."""
    by_name = {s.name: s for s in symbols}
    out = []
    for h in hints:
        out.append({(by_name[k] if isinstance(k, str) else k): sp.Rational(v) for k, v in h.items()})
    return out
