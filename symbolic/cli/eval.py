"""``eval``: evaluate one formula at exact parameter values."""

from __future__ import annotations

import json
import sys

import mpmath

from ..budget import time_budget
from ..errors import InputError
from ..evaluate.expressions import check_dps
from ..registry import registry

#: Default time budget of one ``eval`` command, in seconds.
DEFAULT_TIMEOUT = 120.0

NAME = "eval"
HELP = "evaluate a formula, e.g. eval kong-ribero/theta L=1.37 s=9 --dps 40"


def configure(p):
    p.add_argument("id", help="formula ID (see 'list')")
    p.add_argument(
        "params", nargs="*", metavar="name=value", help="parameter values, parsed exactly (0.1, 1/3, 1e-200)"
    )
    p.add_argument("--dps", type=int, default=30, help="significant decimal digits (default 30)")
    p.add_argument(
        "--certify",
        action="store_true",
        help="also print an interval that provably contains the exact value (python-flint)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"CPU-time budget of the whole command (default {DEFAULT_TIMEOUT:g} s; wall-clock time only as a hang "
        "guard at 10 times that; 0: none)",
    )


def parse_assignments(items) -> dict[str, str]:
    values: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise InputError(f"expected name=value, got {item!r}")
        if name in values:
            raise InputError(f"parameter {name} given twice")
        values[name] = value
    return values


def format_value(value, dps: int) -> str:
    """``dps`` significant digits; scientific notation below 1e-5 and at or above 10**dps."""
    return mpmath.nstr(value, dps, min_fixed=-5, max_fixed=dps)


def run(args) -> int:
    check_dps(args.dps, "--dps")
    if not args.timeout >= 0:
        raise InputError(f"--timeout must be a number of seconds >= 0, got {args.timeout}")
    formula = registry().formula(args.id)
    values = parse_assignments(args.params)
    shown = " ".join(a if len(a) <= 40 else a[:30] + "…" for a in args.params) or "no parameters"
    budget = f"{formula.id}: evaluation at {shown}"
    with time_budget(args.timeout, budget):
        result = formula.evaluation(dps=args.dps, **values)
        text = format_value(result.value, args.dps)
        out = {
            "id": formula.id,
            "params": values,
            "dps": args.dps,
            "value": text,
            "enclosure": result.enclosure,
            "path": result.path,
        }
        if args.certify:
            from ..certify import bits_for_digits, interval_strings

            # The ball is accurate to dps digits; its endpoints are printed with 5 more
            # digits, rounded outwards, so the printed interval still contains it.
            ball = result.ball if result.enclosure else formula.certify(prec=bits_for_digits(args.dps), **values)
            out["interval"] = list(interval_strings(ball, args.dps + 5))
    if args.json:
        json.dump(out, sys.stdout)
        print()
    else:
        print(text)
        if args.certify:
            print(f"certified interval: [{out['interval'][0]}, {out['interval'][1]}]")
    return 0
