"""``python -m symbolic account RUN.json --delta 1e-5 [--epsilon E] [--json] [--plot PATH]``.

The run is a JSON file (or JSON text) in the canonical vocabulary of
:mod:`derivations.privacy.run`; every key can also be given (or overridden) as a flag
(``--step-size 0.1`` or ``--step_size 0.1``).  Prints the table of every declared last-iterate
bound (applies or why not; value in its currency; ε at δ as a certified interval rounded up),
the best bound, the all-iterates baseline and the heuristics (labelled, never bounds).
A bad run exits 2 with one paragraph naming the key; a run no theorem covers exits 0.
"""

from __future__ import annotations

import json

from derivations.privacy.run import RUN_MEANING, RUN_SYMBOLS

from .run_description import CATEGORICAL

NAME = "account"
HELP = "last-iterate privacy of a training run: every applicable theorem, certified, beside the all-iterates baseline"


def configure(parser) -> None:
    parser.add_argument("run", nargs="?", help="run description: a JSON file (or JSON text)")
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--delta", help="report ε at this δ (default 1e-5)")
    target.add_argument("--epsilon", help="report δ at this ε instead")
    parser.add_argument("--json", action="store_true", help="print the JSON result")
    parser.add_argument("--plot", metavar="PATH", help="write ε against the number of steps to PATH")
    parser.add_argument("--no-heuristics", action="store_true", help="omit the (non-bound) heuristics")
    keys = parser.add_argument_group("run keys (override the file)")
    for key in list(CATEGORICAL) + list(RUN_SYMBOLS):
        flags = [f"--{key}"] + ([f"--{key.replace('_', '-')}"] if "_" in key else [])
        help_ = RUN_MEANING.get(key) or f"one of {', '.join(CATEGORICAL[key])}"
        keys.add_argument(*flags, dest=f"run_{key}", metavar="VALUE", help=help_)


def _description(args) -> dict:
    from .run_description import load_run

    raw = load_run(args.run) if args.run else {}
    for key in list(CATEGORICAL) + list(RUN_SYMBOLS):
        value = getattr(args, f"run_{key}", None)
        if value is not None:
            raw[key] = value
            if key == "steps":
                raw.pop("epochs", None)
            if key == "epochs":
                raw.pop("steps", None)
    return raw


def run(args) -> int:
    from .report import account

    raw = _description(args)
    kw = {"epsilon": args.epsilon} if args.epsilon is not None else {"delta": args.delta or "1e-5"}
    result = account(raw, heuristics=not args.no_heuristics, **kw)
    if args.json:
        print(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    else:
        print(result)
    if args.plot:
        from .plot import plot_epsilon_vs_steps

        path = plot_epsilon_vs_steps(raw, args.plot, **kw)
        if not args.json:
            print(f"\nwrote {path}")
    return 0
