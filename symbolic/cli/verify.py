"""``verify``: run every claim and report verdicts; exit 0 iff none is unexpected."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..cache import VerdictCache, disabled_by_environment, run_claims_cached
from ..registry import paper_index, registry
from ..runner import run_claims
from ..verdict import Status

NAME = "verify"
HELP = "check every claim (or one paper's) and report the verdicts"


def configure(p):
    p.add_argument("--paper", metavar="KEY", help="only this paper's claims")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--jobs", type=int, default=None, help="claims checked in parallel (default: all cores)")
    p.add_argument(
        "--budget-scale",
        metavar="FACTOR",
        type=_positive_fraction,
        default=None,
        help="multiply every claim's CPU-time budget by FACTOR (say 1/3: the verdicts a machine three times "
        "slower would give; a verdict that changes is fragile).  Implies --no-cache",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="re-prove every claim (default: reuse verdicts of unchanged claims from the user cache "
        "directory; see symbolic.cache)",
    )


def _positive_fraction(text: str) -> float:
    from fractions import Fraction

    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"expected a positive number such as 1/3 or 0.5, not {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"the budget scale must be positive, not {text}")
    return float(value)


def summarize(results) -> dict:
    counts = {s.value: 0 for s in Status}
    for r in results:
        counts[r.verdict.status.value] += 1
    return {"total": len(results), **counts, "unexpected": sum(r.unexpected for r in results)}


def run(args) -> int:
    reg = registry()
    start = time.monotonic()
    scale = args.budget_scale
    cache = None if scale is not None or args.no_cache or disabled_by_environment() else VerdictCache()
    if cache is None:
        # Nothing to look up first: each paper loads while the previous one's claims run.  (The
        # cache holds verdicts at the declared budgets: a scaled run re-checks everything.)
        claims = reg.iter_claims(args.paper)
        results, cached = run_claims(claims, jobs=args.jobs, budget_scale=scale or 1.0), set()
    else:
        results, cached = run_claims_cached(reg.claims(args.paper), paper_index(), cache, jobs=args.jobs)
    elapsed = time.monotonic() - start
    summary = summarize(results)
    if args.json:
        out = {
            "claims": [
                {
                    "id": r.claim.id,
                    "paper": r.claim.paper,
                    "source": r.claim.source.cite(),
                    "kind": r.claim.kind,
                    "expect": r.claim.expect,
                    "status": r.verdict.status.value,
                    "method": r.verdict.method,
                    "seconds": round(r.verdict.seconds, 3),
                    "cpu_seconds": round(r.verdict.cpu_seconds, 3),
                    "budget": r.claim.budget,
                    "cached": i in cached,
                    "evidence": r.verdict.evidence,
                    **({"counterexample": r.verdict.counterexample} if r.verdict.counterexample else {}),
                    **({"obligations": [o.as_dict() for o in r.verdict.obligations]} if r.verdict.obligations else {}),
                    **({"erratum": r.claim.erratum} if r.claim.erratum else {}),
                }
                for i, r in enumerate(results)
            ],
            "summary": summary,
            **({"budget_scale": scale} if scale is not None else {}),
        }
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        print_table(results, reg)
        print(
            f"\n{summary['total']} claims: {summary['proved']} proved, {summary['checked']} checked, "
            f"{summary['refuted']} refuted, {summary['unknown']} unknown; "
            f"{summary['unexpected']} unexpected ({elapsed:.1f} s"
            + (f"; budgets scaled by {scale:g}" if scale is not None else "")
            + (f"; {len(cached)} verdicts from the cache, --no-cache re-proves them)" if cached else ")")
        )
    return 0 if summary["unexpected"] == 0 else 1


def print_table(results, reg) -> None:
    by_paper: dict[str, list] = {}
    for r in results:
        by_paper.setdefault(r.claim.paper, []).append(r)
    for paper, rows in by_paper.items():
        title = reg.papers[paper].title if paper in reg.papers else paper
        print(f"\n== {paper}: {title}")
        width = max(len(r.claim.id) for r in rows)
        src_w = min(40, max(len(r.claim.source.label) for r in rows))
        print(f"{'id':{width}}  {'source':{src_w}}  {'kind':12}  {'expect':8}  {'verdict':8}  {'sec':>6}  method")
        for r in rows:
            flag = "  <-- UNEXPECTED" if r.unexpected else ""
            print(
                f"{r.claim.id:{width}}  {r.claim.source.label[:src_w]:{src_w}}  {r.claim.kind:12}  "
                f"{r.claim.expect:8}  {str(r.verdict.status):8}  {r.verdict.seconds:6.2f}  "
                f"{r.verdict.method}{flag}"
            )
            if r.verdict.status is Status.REFUTED or r.unexpected:
                print(f"{'':{width}}    evidence: {r.verdict.evidence[:300]}")
