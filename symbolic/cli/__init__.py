"""Command line: ``python -m symbolic <command>`` (console script ``symbolic``).

Each command lives in its own module of this package and exposes
``NAME``, ``HELP``, ``configure(parser)`` and ``run(args) -> int``; they are
discovered automatically, so a new command is a new module.  User errors
(bad values, violated hypotheses, unknown IDs, a time budget run out) print one
paragraph to stderr and exit with status 2, never a traceback; an unexpected exception
(a bug) prints one paragraph and exits with status 1 (``SYMBOLIC_TRACEBACK=1`` re-raises it).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from typing import Sequence

from ..errors import SymbolicError

USAGE_ERROR = 2
#: Exit status of an unexpected exception (a bug): printed as one paragraph, no traceback.
INTERNAL_ERROR = 1


#: Entry-point group through which applications built on the engine (e.g. the accountant,
#: which needs privacy notions the engine must not know) add commands: name = "module".
COMMAND_ENTRY_POINTS = "symbolic.commands"


def _commands(wanted: str | None = None):
    """The command modules; only ``wanted``'s when it names one (a built-in module or an entry
    point), so that ``eval`` does not import every application's command and its dependencies."""
    builtin = [
        i.name for i in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name) if not i.name.startswith("_")
    ]
    if wanted in builtin:  # a built-in command: no scan of the installed distributions' entry points
        builtin, eps = [wanted], []
    else:
        from importlib.metadata import entry_points

        eps = [*entry_points(group=COMMAND_ENTRY_POINTS)]
        if wanted in {ep.name for ep in eps}:
            builtin, eps = [], [ep for ep in eps if ep.name == wanted]
    mods = []
    for name in builtin:
        mod = importlib.import_module(f"{__name__}.{name}")
        if hasattr(mod, "run") and hasattr(mod, "NAME"):
            mods.append(mod)
    for ep in eps:
        mod = importlib.import_module(ep.value)  # a command module: NAME, HELP, configure, run
        if not (hasattr(mod, "run") and hasattr(mod, "NAME")):
            raise ValueError(f"entry point {ep.name} = {ep.value} is not a command module")
        mods.append(mod)
    order = {"verify": 0, "list": 1, "eval": 2}
    return sorted(mods, key=lambda m: (order.get(m.NAME, 9), m.NAME))


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``argv``, only the command it names is imported (all for help or a typo)."""
    wanted = next((a for a in (argv or []) if not a.startswith("-")), None)
    parser = argparse.ArgumentParser(
        prog="symbolic",
        description="Verified, evaluable, exportable formulas of last-iterate privacy accounting.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for mod in _commands(wanted):
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        mod.configure(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else [*argv]  # not list(): the submodule `list` shadows it here
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        return args._run(args)
    except SymbolicError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:  # e.g. `symbolic list | head`
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug, not bad input: one paragraph, status 1, no traceback
        if os.environ.get("SYMBOLIC_TRACEBACK"):
            raise
        print(
            f"internal error ({type(exc).__name__}): {_short(exc)} -- this is a bug in the package; "
            "set SYMBOLIC_TRACEBACK=1 to see where it happened.",
            file=sys.stderr,
        )
        return INTERNAL_ERROR


def _short(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:  # pragma: no cover - an exception whose message cannot be built
        text = repr(type(exc))
    return text if len(text) <= 500 else text[:500] + " ..."
