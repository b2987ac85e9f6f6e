"""``reproduce``: recompute every reproduced value, compare it with its reference, write figures.

Values are reported by origin (:data:`symbolic.claims.reproduction.ORIGINS`): digits the paper
prints (with the paper's words), readings of a figure, and independent recomputations.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

from ..claims import Reproduction
from ..claims.reproduction import ORIGINS
from ..registry import registry
from ..runner import run_claims
from .verify import print_table, summarize

NAME = "reproduce"
HELP = (
    "recompute the papers' numbers and compare them with their references, reported separately: "
    "printed by the paper, read off a figure, recomputed independently; write figures"
)


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paper", metavar="KEY", help="only this paper")
    p.add_argument("--out", default="out/figures", help="directory for figures (default out/figures)")
    p.add_argument("--no-figures", action="store_true", help="compare numbers only")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    reg = registry()
    claims = [c for c in reg.claims(args.paper) if isinstance(c, Reproduction)]
    results = run_claims(claims)
    written: list[str] = []
    if not args.no_figures:
        from ..plotting import write

        papers = [reg.paper(args.paper)] if args.paper else list(reg.papers.values())
        for paper in papers:
            outdir = pathlib.Path(args.out) / paper.key
            for fn in paper.figures.values():
                written += [str(p) for p in write(fn(), outdir)]
    summary = summarize(results)
    by_origin = {o: [r for r in results if r.claim.origin == o] for o in ORIGINS}
    # a printed value compared two ways (Reproduction.same_value_as) is one printed value
    distinct = sum(1 for r in by_origin["printed"] if not r.claim.same_value_as)
    summary["distinct_printed"] = distinct
    if args.json:
        json.dump(
            {
                "reproductions": {
                    origin: [
                        {
                            "id": r.claim.id,
                            "origin": origin,
                            "value": r.claim.printed,
                            **({"printed": r.claim.printed, "quote": r.claim.quote} if origin == "printed" else {}),
                            "where": r.claim.where_printed,
                            "status": r.verdict.status.value,
                            "evidence": r.verdict.evidence,
                        }
                        for r in rows
                    ]
                    for origin, rows in by_origin.items()
                },
                "figures": written,
                "summary": {**summary, "by_origin": {o: summarize(rows) for o, rows in by_origin.items()}},
            },
            sys.stdout,
            indent=2,
            ensure_ascii=False,
        )
        print()
    else:
        for origin, rows in by_origin.items():
            if rows:
                print(f"\n#### {HEADINGS[origin]}")
                print_table(rows, reg)
        for path in written:
            print(f"wrote {path}")
        print(f"\n{summary['total']} reproductions:")
        for origin, rows in by_origin.items():
            s = summarize(rows)
            print(
                f"  {s['total']:4} {LABELS[origin]}: {s['proved'] + s['checked']} match, {s['refuted']} differ, "
                f"{s['unknown']} unknown"
                + (
                    f" ({distinct} distinct printed values; {s['total'] - distinct} compared a second way)"
                    if origin == "printed" and distinct != s["total"]
                    else ""
                )
            )
        print(f"  {summary['unexpected']} unexpected")
    return 0 if summary["unexpected"] == 0 else 1


HEADINGS = {
    "printed": "values the paper prints (compared with its digits; each carries the paper's words)",
    "figure-reading": "values read off the paper's figures (the paper prints no digits)",
    "recomputed": "values compared with an independent recomputation (not numbers the paper prints)",
}
LABELS = {
    "printed": "printed by the paper",
    "figure-reading": "read off figures",
    "recomputed": "recomputed independently",
}
