"""``reproduce``: recompute every printed table/figure value, compare, and write figures."""

from __future__ import annotations

import json
import pathlib
import sys

from ..claims import Reproduction
from ..registry import registry
from ..runner import run_claims
from .verify import print_table, summarize

NAME = "reproduce"
HELP = "recompute the numbers the papers print, compare them with the printed digits, write figures"


def configure(p):
    p.add_argument("--paper", metavar="KEY", help="only this paper")
    p.add_argument("--out", default="out/figures", help="directory for figures (default out/figures)")
    p.add_argument("--no-figures", action="store_true", help="compare numbers only")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run(args) -> int:
    reg = registry()
    claims = [c for c in reg.claims(args.paper) if isinstance(c, Reproduction)]
    results = run_claims(claims)
    written: list[str] = []
    if not args.no_figures:
        import matplotlib

        matplotlib.use("Agg")
        papers = [reg.paper(args.paper)] if args.paper else list(reg.papers.values())
        for paper in papers:
            outdir = pathlib.Path(args.out) / paper.key
            for name, fn in paper.figures.items():
                outdir.mkdir(parents=True, exist_ok=True)
                written += [str(p) for p in (fn(outdir) or [])]
    summary = summarize(results)
    if args.json:
        json.dump({
            "reproductions": [
                {"id": r.claim.id, "printed": r.claim.printed, "where": r.claim.where_printed,
                 "status": r.verdict.status.value, "evidence": r.verdict.evidence}
                for r in results
            ],
            "figures": written,
            "summary": summary,
        }, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        if results:
            print_table(results, reg)
        for path in written:
            print(f"wrote {path}")
        print(f"\n{summary['total']} reproductions: {summary['proved'] + summary['checked']} match, "
              f"{summary['refuted']} differ, {summary['unknown']} unknown; {summary['unexpected']} unexpected")
    return 0 if summary["unexpected"] == 0 else 1
