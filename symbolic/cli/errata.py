"""``errata``: regenerate ERRATA.md from the registry's erratum claims (or check it is current); with
``--severity`` list only the errata of one severity, with ``--json`` the errata as data (exact counterexamples)."""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

from ..errata import SEVERITIES, generate

NAME = "errata"
HELP = "write the errata table (every claim with an erratum key, with verdicts) to ERRATA.md"


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "-o",
        "--output",
        default=None,
        help="file to write (default ERRATA.md; stdout with --severity or --json; '-' for stdout)",
    )
    p.add_argument("--check", action="store_true", help="do not write; exit 1 if the file is out of date")
    p.add_argument("--jobs", type=int, default=None, help="claims checked in parallel (default: all cores)")
    p.add_argument(
        "--severity",
        choices=list(SEVERITIES),
        default=None,
        help="only the errata of this severity (e.g. 'false': the false statements), written to stdout",
    )
    p.add_argument("--paper", default=None, help="only this paper's errata (written to stdout)")
    p.add_argument("--json", action="store_true", help="the errata as JSON, counterexamples exact (to stdout)")


def run(args: argparse.Namespace) -> int:
    partial = args.severity is not None or args.paper is not None or args.json
    if args.check and partial:
        print(
            "errata: --check compares the whole ERRATA.md; it takes no --severity, --paper or --json", file=sys.stderr
        )
        return 2
    if args.paper is not None:
        from ..registry import registry

        if args.paper not in registry().papers:
            print(f"errata: no paper {args.paper!r} (papers: {', '.join(registry().papers)})", file=sys.stderr)
            return 2
    output = args.output or ("-" if partial else "ERRATA.md")
    result = generate(paper=args.paper, jobs=args.jobs, severity=args.severity, json=args.json)
    text = json.dumps(result, indent=1, ensure_ascii=False) + "\n" if args.json else result
    if output == "-":
        sys.stdout.write(text)
        return 0
    path = pathlib.Path(output)
    if args.check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            print(f"{path} is out of date: run 'python -m symbolic errata -o {path}'", file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0
