"""``show CLAIM_ID``: a claim's statement, domain, proof obligations and argument, in a few lines.

What PROVED rests on, written so that a reader can check it by hand: the statement as the paper
states it, the domain it is claimed on (the symbols' assumptions and ``where``), every proof
obligation the claim generates (:mod:`symbolic.obligations`) with the rule that discharged it
(or why it is open, or the point where it fails), and the argument of the verdict.  The claim is
checked in a separate process with its budget (as ``verify`` does, without the verdict cache)
unless ``--no-check``.
"""

from __future__ import annotations

import argparse
import json

from ..registry import registry

NAME = "show"
HELP = "show a claim's statement, domain, proof obligations (and how each was discharged) and its argument"


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("claim", metavar="CLAIM_ID", help="a claim ID (see 'list --claims')")
    p.add_argument("--no-check", action="store_true", help="obligations only: do not run the claim's argument")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    claim = registry().claim(args.claim)
    obligations = claim.obligations()
    domain = claim.obligation_domain().describe()
    verdict = None
    if not args.no_check:
        from ..runner import run_claims

        verdict = run_claims([claim], jobs=1)[0].verdict
        obligations = verdict.obligations or [o.public() for o in obligations]
    if args.json:
        out: dict[str, object] = {
            "id": claim.id,
            "kind": claim.kind,
            "statement": claim.statement,
            "source": claim.source.cite(),
            "expect": claim.expect,
            "domain": domain,
            "obligations": [o.public().as_dict() if hasattr(o, "public") else o.as_dict() for o in obligations],
        }
        if verdict is not None:
            out["verdict"] = verdict.as_dict()
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print(f"{claim.id}  ({claim.kind}, expect {claim.expect})")
    print(f"  statement: {claim.statement}")
    print(f"  source:    {claim.source.cite()}")
    print(f"  domain:    {domain}")
    if obligations:
        print(f"  obligations ({len(obligations)}):")
        for o in obligations:
            print(f"    - {o.line()}")
    else:
        print("  obligations: none (every subexpression defined for all values of the symbols)")
    if verdict is not None:
        print(f"  verdict:   {verdict.status}  {verdict.method}")
        print(f"  argument:  {verdict.evidence[:600]}")
    return 0
