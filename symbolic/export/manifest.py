"""The JSON manifest of an export (see ``shared/ARCHITECTURE.md``, "Command line").

For each formula: id, title, source (paper, label, equations, form, note, and the
paper's title and citation), LaTeX, ``srepr`` and the SHA-256 of the ``srepr`` (of
the verified expression and, when there is one, of the numerically stable form the
evaluator uses), parameters (with assumptions and domains), hypotheses, how it is
evaluated, and the claims that cover it with their verdicts; plus the errata and the
library versions.  No timestamps: the same formulas give the same manifest.
"""

from __future__ import annotations

import json

import sympy as sp

from .records import Bundle, FormulaRecord, expression_hash


def _expression(expr) -> dict:
    return {"latex": sp.latex(expr), "srepr": sp.srepr(expr), "sha256": expression_hash(expr)}


def _parameter(p) -> dict:
    assumptions = {
        k: v
        for k, v in sorted(p.symbol.assumptions0.items())
        if k in ("integer", "positive", "nonnegative", "negative", "real") and v
    }
    entry = {
        "name": p.name,
        "description": p.description,
        "assumptions": assumptions,
        "domain": [h.text for h in p.domain()],
    }
    if p.is_choice:
        entry.update(domain=[p.choice_text], choices=list(p.choices), default=p.default)
    return entry


def formula_entry(rec: FormulaRecord) -> dict:
    f = rec.formula
    entry = {
        "id": f.id,
        "title": f.title,
        "source": {**f.source.as_dict(), "paper_title": rec.paper.title, "citation": rec.paper.citation},
        **_expression(f.expr),
        "numeric": None if f.numeric is None else _expression(f.numeric),
        "evaluation": rec.evaluation_kind(),
        "parameters": [_parameter(p) for p in f.params],
        "hypotheses": [
            {"text": h.text, "relation": str(h.relation), "srepr": sp.srepr(h.relation)} for h in f.hypotheses
        ],
        "claims": [cr.as_dict() for cr in rec.claims],
    }
    if f.inverse is not None:
        entry["inverse"] = {
            "forward": f.inverse.forward.id,
            "solve_for": f.inverse.solve_for,
            "target": f.inverse.target,
            "lower": str(f.inverse.lower),
        }
    return entry


def manifest(bundle: Bundle) -> dict:
    """The manifest as a JSON-ready dict."""
    return {
        "scope": bundle.scope,
        "libraries": bundle.versions,
        "formulas": [formula_entry(r) for r in bundle.records],
        "errata": {key: [cr.as_dict() for cr in crs] for key, crs in bundle.errata.items()},
    }


def render(bundle: Bundle) -> str:
    return json.dumps(manifest(bundle), indent=2, ensure_ascii=False) + "\n"
