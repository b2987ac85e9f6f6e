"""``export``: verified formulas with provenance, as LaTeX, a standalone Python module or JSON."""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile

from ..errors import InputError
from ..export import FORMATS, export
from ..files import replace_file
from ..registry import registry

NAME = "export"
HELP = (
    "export a formula or a paper's formulas with sources, hashes and verdicts, "
    "e.g. export --paper kong-ribero --format python -o kr.py"
)


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("id", nargs="?", help="formula ID (or use --paper)")
    p.add_argument("--paper", metavar="KEY", help="export every formula of this paper")
    p.add_argument("--format", required=True, choices=sorted(FORMATS), help="output format")
    p.add_argument("-o", "--output", metavar="PATH", help="write to PATH instead of standard output")
    p.add_argument("--force", action="store_true", help="overwrite PATH if it exists")
    p.add_argument("--jobs", type=int, default=None, help="claims checked in parallel (default: all cores)")


def check_output_path(path: str, force: bool) -> pathlib.Path:
    """Refuse an output path that cannot be written, before any claim is checked: a directory,
    a missing or non-directory parent, an unwritable directory, or an existing file without
    ``--force``.  A temporary file is created (and removed) in the parent to be sure."""
    out = pathlib.Path(path)
    if out.is_dir():
        raise InputError(f"export: {path} is a directory; give a file name (e.g. {out / 'formulas.py'})")
    parent = out.parent if str(out.parent) else pathlib.Path(".")
    if not parent.exists():
        raise InputError(f"export: the directory {parent} of {path} does not exist")
    if not parent.is_dir():
        raise InputError(f"export: {parent} (in {path}) is not a directory")
    if out.exists() and not out.is_file():
        raise InputError(f"export: {path} exists and is not a regular file")
    if out.exists() and not force:
        raise InputError(f"export: {path} exists; pass --force to overwrite it")
    try:
        with tempfile.NamedTemporaryFile(dir=parent, prefix=".export-check-"):
            pass
    except OSError as exc:
        raise InputError(f"export: cannot write in {parent}: {exc.strerror or exc}") from None
    return out


def write_atomically(out: pathlib.Path, text: str) -> None:
    """Write ``text`` to ``out`` through a temporary file beside it (:func:`symbolic.files.replace_file`)."""

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)

    replace_file(out, write, command="export")


def run(args: argparse.Namespace) -> int:
    out = check_output_path(args.output, args.force) if args.output else None
    text = export(registry(), args.format, id=args.id, paper=args.paper, jobs=args.jobs)
    if out is not None:
        write_atomically(out, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
