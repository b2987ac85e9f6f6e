"""``coverage``: every numbered item of each paper, the IDs that encode it, and a percentage.

Without ``--verdicts`` each covering claim is shown with its *expectation* (what ``verify``
requires of it), which costs nothing; ``--verdicts`` also runs the covering claims (as
``verify`` does, isolated and time-limited) and shows their verdicts.  Exit status 1 when an
index is inconsistent (an ID that does not exist, a cited label missing from the index) or,
with ``--verdicts``, when a verdict is unexpected.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..coverage import check, covering_claims, unindexed
from ..registry import registry
from ..runner import run_claims

NAME = "coverage"
HELP = "each paper's numbered items with the formulas/claims encoding them, and a coverage percentage"


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paper", metavar="KEY", help="only this paper")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument(
        "--verdicts",
        action="store_true",
        help="run the covering claims and show their verdicts (slow; default: expectations)",
    )


def _ids(item, index, paper, reg, known):
    out = []
    for raw in item.ids:
        full = index.resolve(raw, known)
        key = full.split("/", 1)[0]
        try:
            source = paper if key == paper.key else reg.paper(key)
        except Exception:
            source = None
        if source is not None and full in source.claims:
            c = source.claims[full]
            out.append({"id": full, "type": "claim", "expect": c.expect})
        elif source is not None and full in source.formulas:
            out.append(
                {
                    "id": full,
                    "type": "formula",
                    "claims": [{"id": c.id, "expect": c.expect} for c in source.claims.values() if full in c.covers],
                }
            )
        else:
            out.append({"id": full, "type": "missing"})
    return out


def _report(key, reg):
    paper = reg.paper(key)
    index = paper.index
    if index is None:
        return {"paper": key, "title": paper.title, "index": False}
    known = set(reg.keys())
    items = [
        {
            "label": it.label,
            "kind": it.kind,
            "status": it.status,
            "partial": it.partial,
            "reason": it.reason,
            "note": it.note,
            "ids": _ids(it, index, paper, reg, known),
            "claims": [c.id for c in covering_claims(it, index, paper, reg)],
        }
        for it in index.items
    ]
    return {
        "paper": key,
        "title": paper.title,
        "index": True,
        "percentage": round(index.percentage(), 1),
        "counts": index.counts(),
        "items": items,
        "problems": check(index, paper, reg),
        "unindexed": unindexed(index, paper, reg),
    }


def run(args: argparse.Namespace) -> int:
    reg = registry()
    keys = [reg.paper(args.paper).key] if args.paper else reg.keys()
    reports = [_report(k, reg) for k in keys]
    verdicts = {}
    if args.verdicts:
        wanted, seen = [], set()
        for rep in reports:
            for it in rep.get("items", []):
                for cid in it["claims"]:
                    if cid not in seen:
                        seen.add(cid)
                        wanted.append(reg.claim(cid))
        verdicts = {r.claim.id: r for r in run_claims(wanted)}
        for rep in reports:
            for it in rep.get("items", []):
                it["verdicts"] = {cid: verdicts[cid].verdict.status.value for cid in it["claims"]}
    bad = any(rep.get("problems") for rep in reports) or any(r.unexpected for r in verdicts.values())
    if args.json:
        json.dump({"papers": reports}, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        for rep in reports:
            _print(rep, verdicts)
    return 1 if bad else 0


def _print(rep, verdicts) -> None:
    print(f"\n== {rep['paper']}: {rep['title']}")
    if not rep["index"]:
        print("   no coverage index")
        return
    c = rep["counts"]
    print(
        f"   coverage {rep['percentage']:.1f} % ({c['covered']} covered, {c['partial']} partial, "
        f"{c['missing']} missing; {c['excluded']} not encodable, excluded)"
    )
    width = min(48, max((len(it["label"]) for it in rep["items"]), default=10))
    for it in rep["items"]:
        print(f"{it['label']:{width}} {it['kind']:12} {it['status'].upper()}")
        for ref in it["ids"]:
            if ref["type"] == "claim":
                print(f"    {ref['id']}  [{_shown(ref['id'], ref['expect'], verdicts)}]")
            elif ref["type"] == "formula":
                shown = ", ".join(
                    f"{c['id'].split('/', 1)[1]} [{_shown(c['id'], c['expect'], verdicts)}]" for c in ref["claims"]
                )
                print(f"    {ref['id']} (formula){': ' + shown if shown else ''}")
            else:
                print(f"    {ref['id']}  [NO SUCH ID]")
        if it["reason"]:
            print(f"    not encoded: {it['reason']}")
        if it["note"]:
            print(f"    note: {it['note']}")
    for problem in rep["problems"]:
        print(f"   PROBLEM: {problem}")
    if rep["unindexed"]:
        print(
            f"   {len(rep['unindexed'])} registered IDs named by no item: {', '.join(rep['unindexed'][:12])}"
            + (" …" if len(rep["unindexed"]) > 12 else "")
        )


def _shown(cid, expect, verdicts) -> str:
    if cid in verdicts:
        r = verdicts[cid]
        flag = " UNEXPECTED" if r.unexpected else ""
        return f"{r.verdict.status}{flag}"
    return f"expect {expect}"
