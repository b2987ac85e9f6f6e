"""``list``: formulas (default), claims (``--claims``, not run) or bound declarations (``--bounds``).

The records come from each paper's item index (:meth:`symbolic.registry.Registry.item_index`):
read from the paper index cache when the sources are unchanged, so no paper module is imported.
"""

from __future__ import annotations

import argparse
import json

from ..registry import registry

NAME = "list"
HELP = "list formula IDs with parameters, hypotheses and sources; or claims, or declared bounds"


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paper", metavar="KEY", help="only this paper's items (imports only that paper)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--claims", action="store_true", help="list the claims (without checking them)")
    what.add_argument(
        "--bounds", action="store_true", help="list the declared last-iterate bounds: output, regime, parameter mapping"
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _describe(p) -> str:
    notes = [p.description] if p.description else []
    if p.default is not None:
        notes.append(f"default {p.default}")
    return p.name + (f" ({'; '.join(notes)})" if notes else "")


_PATHS = {
    "arb": "Arb enclosure (every printed digit certified)",
    "arb-inverse": "Arb-certified root bracket (every printed digit certified)",
    "mpmath": "mpmath (precision doubled until two runs agree; no enclosure)",
}


def _print_formulas(records):
    for r in records:
        print(r["id"])
        if r["title"]:
            print(f"    {r['title']}")
        params = ", ".join(p["name"] + (f" ({p['description']})" if p["description"] else "") for p in r["parameters"])
        print(f"    parameters: {params}")
        print(f"    hypotheses: {'; '.join(r['hypotheses']) if r['hypotheses'] else 'none'}")
        print(f"    source: {r['source']}")
        print(f"    evaluation: {_PATHS[r['evaluation']]}")


def _print_claims(records):
    width = max((len(r["id"]) for r in records), default=0)
    for r in records:
        print(f"{r['id']:{width}}  {r['kind']:18}  expect {r['expect']:8}  {r['source']}")


def _print_bounds(records):
    for r in records:
        flag = "" if r["valid"] else f"  [REFUTED as printed: never offered; use {r['corrected_by']}]"
        print(f"{r['id']}  ({r['label']}){flag}")
        at = f" at {r['at']}" if r["at"] else ""
        print(f"    output: {r['output']}{at}; {r['relation']}; last iterate only: {r['last_iterate_only']}")
        reg = r["regime"]
        print(
            f"    regime: loss ∈ {{{', '.join(reg['losses'])}}}; batching ∈ {{{', '.join(reg['batchings'])}}}; "
            f"clipping {reg['clipping']}" + (f"; needs {', '.join(reg['needs'])}" if reg["needs"] else "")
        )
        for text in reg["requires"]:
            print(f"        {text}")
        print("    mapping: " + ", ".join(f"{k} = {v}" for k, v in r["mapping"].items()))
        if r["free"]:
            print("    holds for every: " + ", ".join(r["free"]))
        if r["note"]:
            print(f"    note: {r['note']}")


def run(args: argparse.Namespace) -> int:
    reg = registry()
    if args.bounds:
        what, show = "bounds", _print_bounds
    elif args.claims:
        what, show = "claims", _print_claims
    else:
        what, show = "formulas", _print_formulas
    keys = [args.paper] if args.paper else reg.keys()
    records = [r for key in keys for r in reg.item_index(key)[what]]
    if args.json:
        print(json.dumps(records, indent=1, ensure_ascii=False))
    else:
        show(records)
    return 0
