"""``list``: every formula with its parameters, hypotheses and source."""

from __future__ import annotations

from ..registry import registry

NAME = "list"
HELP = "list formula IDs with their parameters, hypotheses and sources"


def configure(p):
    p.add_argument("--paper", metavar="KEY", help="only this paper's formulas")


def _describe(p) -> str:
    notes = [p.description] if p.description else []
    if p.default is not None:
        notes.append(f"default {p.default}")
    return p.name + (f" ({'; '.join(notes)})" if notes else "")


def run(args) -> int:
    reg = registry()
    for f in reg.formulas(args.paper):
        print(f.id)
        if f.title:
            print(f"    {f.title}")
        params = ", ".join(_describe(p) for p in f.params)
        print(f"    parameters: {params}")
        hyps = [p.choice_text for p in f.params if p.is_choice] + [h.text for h in f.all_hypotheses()]
        print(f"    hypotheses: {'; '.join(hyps) if hyps else 'none'}")
        print(f"    source: {f.source.cite()}")
    return 0
