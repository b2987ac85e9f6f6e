"""What an export says about a formula: provenance, hashes, hypotheses and verdicts.

:func:`gather` runs the claims that cover the exported formulas (and the paper's
errata, when a whole paper is exported) once, with :func:`symbolic.runner.run_claims`,
and returns one :class:`FormulaRecord` per formula.  Every output format
(:mod:`.latex`, :mod:`.python`, :mod:`.manifest`) is rendered from these records,
so they cannot disagree.
"""

from __future__ import annotations

import hashlib
import platform
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

import sympy as sp

from ..claims import Claim
from ..formula import Formula
from ..paper import Paper
from ..runner import Result, run_claims
from ..verdict import Verdict

if TYPE_CHECKING:
    from ..registry import Registry


def expression_hash(expr: sp.Basic) -> str:
    """SHA-256 (hex) of ``sympy.srepr(expr)``: it changes exactly when the expression does
    (including the assumptions of its symbols)."""
    return hashlib.sha256(sp.srepr(sp.sympify(expr)).encode("utf-8")).hexdigest()


def library_versions() -> dict[str, str]:
    """Versions of Python and of the libraries the verdicts and values depend on."""
    import mpmath

    from .. import __version__

    versions = {
        "python": platform.python_version(),
        "symbolic": __version__,
        "sympy": sp.__version__,
        "mpmath": mpmath.__version__,
    }
    try:
        import flint

        versions["python-flint"] = flint.__version__
    except ImportError:  # optional (extra "certify")
        versions["python-flint"] = "not installed"
    return versions


@dataclass
class ClaimRecord:
    """A claim with the verdict it received when the export was made."""

    claim: Claim
    result: Result[Claim]

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    def as_dict(self) -> dict:
        c, v = self.claim, self.result.verdict
        out = {
            "id": c.id,
            "kind": c.kind,
            "statement": c.statement,
            "source": c.source.as_dict(),
            "expect": c.expect,
            "status": v.status.value,
            "method": v.method,
            "evidence": v.evidence,
            "unexpected": self.result.unexpected,
        }
        if c.erratum:
            out["erratum"] = c.erratum
        if v.counterexample:
            out["counterexample"] = dict(v.counterexample)
        return out


@dataclass
class FormulaRecord:
    """One exported formula with its paper and the claims covering it."""

    formula: Formula
    paper: Paper
    claims: list[ClaimRecord] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.formula.id

    def evaluation_kind(self) -> str:
        f = self.formula
        if f.inverse is not None:
            return (
                f"inverse of {f.inverse.forward.id} in {f.inverse.solve_for}: the smallest "
                f"{f.inverse.solve_for} >= {f.inverse.lower} with {f.inverse.forward.id} <= {f.inverse.target}"
            )
        if f.evaluator is not None:
            return "custom algorithm (evaluator)"
        return "closed form"


@dataclass
class Bundle:
    """Everything one export shows: the formulas' records, the errata, the library versions."""

    scope: str
    records: list[FormulaRecord]
    errata: dict[str, list[ClaimRecord]]
    versions: dict[str, str]


def gather(
    registry: Registry, formulas: Sequence[Formula], *, scope: str, paper: str | None = None, jobs: int | None = None
) -> Bundle:
    """Run (once) the claims covering ``formulas`` and the relevant errata; attach verdicts.

    Errata are the claims with an ``erratum`` key: those covering an exported formula,
    and, when a whole ``paper`` is exported, all of that paper's.  Each erratum lists
    its printed form (expected refuted) before its correction.
    """
    covering = {f.id: registry.claims_covering(f.id) for f in formulas}
    wanted: dict[str, Claim] = {}
    for cs in covering.values():
        for c in cs:
            wanted.setdefault(c.id, c)
    erratum_keys = {c.erratum for c in wanted.values() if c.erratum}
    pool = registry.claims(paper) if paper else registry.claims()
    for c in pool:
        if c.erratum and (paper is not None or c.erratum in erratum_keys):
            wanted.setdefault(c.id, c)
    known = {r.claim.id: r for r in run_claims(list(wanted.values()), jobs=jobs)}
    records = [
        FormulaRecord(f, registry.paper(f.id.split("/", 1)[0]), [ClaimRecord(c, known[c.id]) for c in covering[f.id]])
        for f in formulas
    ]
    order = {"printed": 0, "derived": 1, "corrected": 2}
    errata: dict[str, list[ClaimRecord]] = {}
    for c in wanted.values():
        if c.erratum:
            errata.setdefault(c.erratum, []).append(ClaimRecord(c, known[c.id]))
    errata = {
        k: sorted(v, key=lambda cr: (order.get(cr.claim.source.form, 1), cr.claim.id))
        for k, v in sorted(errata.items())
    }
    return Bundle(scope, records, errata, library_versions())


def resolve(registry: Registry, id: str | None = None, paper: str | None = None) -> tuple[list[Formula], str]:
    """The formulas an export covers (one ID, or a paper's) and a scope label."""
    if paper is not None and id is None:
        formulas = registry.formulas(paper)
    elif id is not None and paper is None:
        formulas = [registry.formula(id)]
    else:
        from ..errors import InputError

        raise InputError("export: give either a formula ID or --paper KEY (not both)")
    # An inverse formula is exported with its forward formula (the exported inverse calls it).
    for f in list(formulas):
        if f.inverse is not None and f.inverse.forward not in formulas:
            formulas.insert(formulas.index(f), f.inverse.forward)
    return formulas, (f"paper {paper}" if paper is not None else f"formula {id}")
