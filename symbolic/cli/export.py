"""``export``: verified formulas with provenance, as LaTeX, a standalone Python module or JSON."""

from __future__ import annotations

import pathlib
import sys

from ..export import FORMATS, export
from ..registry import registry

NAME = "export"
HELP = ("export a formula or a paper's formulas with sources, hashes and verdicts, "
        "e.g. export --paper kong-ribero --format python -o kr.py")


def configure(p):
    p.add_argument("id", nargs="?", help="formula ID (or use --paper)")
    p.add_argument("--paper", metavar="KEY", help="export every formula of this paper")
    p.add_argument("--format", required=True, choices=sorted(FORMATS), help="output format")
    p.add_argument("-o", "--output", metavar="PATH", help="write to PATH instead of standard output")
    p.add_argument("--jobs", type=int, default=None, help="claims checked in parallel (default: all cores)")


def run(args) -> int:
    text = export(registry(), args.format, id=args.id, paper=args.paper, jobs=args.jobs)
    if args.output:
        pathlib.Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
