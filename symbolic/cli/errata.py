"""``errata``: regenerate ERRATA.md from the registry's erratum claims (or check it is current)."""

from __future__ import annotations

import pathlib
import sys

from ..errata import generate

NAME = "errata"
HELP = "write the errata table (every claim with an erratum key, with verdicts) to ERRATA.md"


def configure(p):
    p.add_argument("-o", "--output", default="ERRATA.md", help="file to write (default ERRATA.md; '-' for stdout)")
    p.add_argument("--check", action="store_true", help="do not write; exit 1 if the file is out of date")
    p.add_argument("--jobs", type=int, default=None, help="claims checked in parallel (default: all cores)")


def run(args) -> int:
    text = generate(jobs=args.jobs)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    path = pathlib.Path(args.output)
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
