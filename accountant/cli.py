"""``python -m symbolic account RUN --delta 1e-5 [--epsilon E] [--json] [--plot PATH] ...``.

The run is a JSON file (or JSON text, or YAML where PyYAML is installed) in the canonical vocabulary of
:mod:`derivations.privacy.run`; every key can also be given as a flag (``--step-size 0.1`` or
``--step_size 0.1``), which overrides the file's key; two flags that conflict (``--steps`` with
``--epochs``) are refused as the same two keys in a file are.  The first line printed is the guarantee for
the released last iterate — the least of every applicable theorem and the all-iterates accountant — then the
table of the theorems, the baseline, the parts that failed and the heuristics (labelled, never bounds).

Modes: ``--explain`` (which settings each theorem needs and which the run meets), ``--statement`` (a
paragraph for a paper's appendix), ``--curve`` or several ``--delta`` values (ε at each δ), and
``--target-epsilon E --calibrate KEY`` (the least noise, or the most steps, with guarantee ≤ E).

A bad run exits 2 with one paragraph naming the key; a run for which nothing could be computed exits 2;
a run no theorem covers but whose baseline is computed exits 0.
"""

from __future__ import annotations

import argparse
import json

from derivations.privacy.run import RUN_MEANING, RUN_SYMBOLS

from .run_description import ALIASES, CATEGORICAL

NAME = "account"
HELP = "last-iterate privacy of a training run: the guarantee to report, every applicable theorem, certified, beside the all-iterates baseline"

#: Keys that determine another (a flag for one overrides the file's other; two flags for both conflict).
COUNTERPARTS = {
    "steps": ("epochs",),
    "epochs": ("steps",),
    "noise_std": ("noise_multiplier",),
    "noise_multiplier": ("noise_std",),
    "batch_size": ("sample_rate",),
    "sample_rate": ("batch_size",),
}

#: δ values of ``--curve`` when none (or one) is given.
CURVE_DELTAS = ("1e-3", "1e-4", "1e-5", "1e-6", "1e-7", "1e-8", "1e-9", "1e-10")


class _Once(argparse.Action):
    """A flag that may be given once: a repeated ``--epsilon`` is an error, never silently the last."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest, None) is not None:
            parser.error(f"{option_string} given twice ({getattr(namespace, self.dest)} and {values}); give it once")
        setattr(namespace, self.dest, values)


def configure(parser) -> None:
    parser.add_argument("run", nargs="?", help="run description: a JSON (or YAML) file, or JSON text")
    parser.add_argument(
        "--delta",
        nargs="+",
        action="extend",
        metavar="D",
        help="report ε at this δ (default 1e-5); several values (or the flag repeated) give ε at each",
    )
    parser.add_argument("--epsilon", action=_Once, help="report δ at this ε instead")
    parser.add_argument("--json", action="store_true", help="print the JSON result")
    parser.add_argument(
        "--plot", metavar="PATH", help="write a figure to PATH (ε against steps; with --curve ε against δ)"
    )
    parser.add_argument("--force", action="store_true", help="let --plot overwrite an existing file")
    parser.add_argument("--no-heuristics", action="store_true", help="omit the (non-bound) heuristics")
    parser.add_argument(
        "--digits",
        type=int,
        default=6,
        metavar="N",
        help="significant digits shown (default 6; values rounded up, intervals outward)",
    )
    parser.add_argument(
        "--part-seconds",
        type=float,
        default=None,
        metavar="S",
        help="CPU seconds each part of the report (a theorem's row, the baseline, the heuristic) may use before it "
        "is reported as failed (default 10; wall-clock time only guards against hangs)",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="which settings each theorem needs, which this run meets, and the smallest change that "
        "would make it apply",
    )
    parser.add_argument(
        "--statement", action="store_true", help="print a paragraph stating the guarantee for a paper's appendix"
    )
    parser.add_argument("--curve", action="store_true", help="ε at several δ (the --delta values, or 1e-3 … 1e-10)")
    parser.add_argument("--target-epsilon", action=_Once, metavar="E", help="with --calibrate: the ε to reach")
    parser.add_argument(
        "--calibrate",
        choices=("noise_multiplier", "noise_std", "steps", "epochs"),
        action=_Once,
        help="find the least noise (or the most steps/epochs) whose guarantee is ≤ --target-epsilon at --delta",
    )
    keys = parser.add_argument_group("run keys (override the file)")
    for key in list(CATEGORICAL) + list(RUN_SYMBOLS) + list(ALIASES):
        flags = [f"--{key}"] + ([f"--{key.replace('_', '-')}"] if "_" in key else [])
        help_ = RUN_MEANING.get(key) or ALIASES.get(key) or f"one of {', '.join(CATEGORICAL[key])}"
        keys.add_argument(*flags, dest=f"run_{key}", metavar="VALUE", help=help_, action=_Once)


def _description(args) -> dict:
    from .run_description import load_run

    raw = load_run(args.run) if args.run else {}
    flags = {
        key: getattr(args, f"run_{key}")
        for key in list(CATEGORICAL) + list(RUN_SYMBOLS) + list(ALIASES)
        if getattr(args, f"run_{key}", None) is not None
    }
    for key, value in flags.items():
        raw[key] = value
        for other in COUNTERPARTS.get(key, ()):
            if other not in flags:  # the flag overrides the file's counterpart; two flags are checked as a file's
                raw.pop(other, None)
    return raw


def _numeric(text: str) -> bool:
    from symbolic.exact_numbers import parse_exact

    try:
        parse_exact(text, "delta")
    except Exception:  # noqa: BLE001 -- any refusal: not a number
        return False
    return True


def _target(args) -> dict:
    from symbolic.errors import InputError

    if args.epsilon is not None and args.delta:
        raise InputError("account: give --delta (ε at δ) or --epsilon (δ at ε), not both")
    if args.epsilon is not None:
        return {"epsilon": args.epsilon}
    return {"delta": (args.delta or ["1e-5"])[0]}


def run(args) -> int:
    from symbolic.errors import InputError

    from .report import account

    if args.part_seconds is not None and not 0 < args.part_seconds <= 3600:
        raise InputError(f"account: --part-seconds must be in (0, 3600], not {args.part_seconds:g}")
    if args.digits < 1 or args.digits > 60:
        raise InputError(f"account: --digits must be between 1 and 60, not {args.digits}")
    if args.run is None and args.delta and not _numeric(args.delta[-1]):
        # `account --delta 1e-5 run.json`: --delta takes several values, so it swallowed the run description
        args.run = args.delta.pop()
    if args.plot and (args.explain or args.calibrate or args.target_epsilon is not None):
        raise InputError(
            "account: --plot draws the report (ε against steps) or --curve (ε against δ); it is not "
            "used with --explain or --calibrate"
        )
    plot_path = None
    if args.plot:
        from .plot import check_plot_path

        plot_path = check_plot_path(args.plot, args.force)  # before any work
    raw = _description(args)
    heur = not args.no_heuristics

    if args.calibrate or args.target_epsilon is not None:
        return _calibrate(args, raw, plot_path)
    if args.explain:
        from .explain import explain

        exp = explain(raw)
        print(json.dumps(exp.as_json(), indent=2, ensure_ascii=False) if args.json else exp)
        return 0
    if args.curve or (args.delta and len(args.delta) > 1):
        return _curve(args, raw, plot_path)

    kw = _target(args)
    result = account(
        raw, heuristics=heur and not args.statement, digits=args.digits, part_seconds=args.part_seconds, **kw
    )
    if args.statement:
        from .statement import statement

        text = statement(result)
        print(
            json.dumps({"statement": text, "best": result.as_json()["best"]}, indent=2, ensure_ascii=False)
            if args.json
            else text
        )
    elif args.json:
        print(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
    else:
        print(result)
    if plot_path is not None:
        from .plot import plot_epsilon_vs_steps

        path = plot_epsilon_vs_steps(result.run, plot_path, force=args.force, **kw)
        if not args.json:
            print(f"\nwrote {path}")
    if not result.computed:
        import sys

        print("error: account: nothing could be computed for this run (see the reasons above)", file=sys.stderr)
        return 2
    return 0


def _curve(args, raw, plot_path) -> int:
    from symbolic.errors import InputError

    from .report import curve

    if args.epsilon is not None:
        raise InputError("account: --curve gives ε at several δ; it does not take --epsilon")
    deltas = list(args.delta) if args.delta and len(args.delta) > 1 else list(CURVE_DELTAS)
    points = curve(raw, deltas, digits=args.digits)
    if args.json:
        print(json.dumps({"curve": [p.as_json() for p in points]}, indent=2, ensure_ascii=False))
    else:
        print(
            "ε(δ) for the released last iterate (each: the least of the applicable theorems and the all-iterates "
            "accountant)"
        )
        print(f"{'δ':>10}  {'ε ≤':>12}  from")
        for p in points:
            print(f"{p.delta:>10}  {p.shown:>12}  {p.what}")
    if plot_path is not None:
        from .plot import plot_curve

        path = plot_curve(points, plot_path, force=args.force)
        if not args.json:
            print(f"\nwrote {path}")
    return 0 if any(p.result is not None for p in points) else 2


def _calibrate(args, raw, plot_path) -> int:
    from symbolic.errors import InputError

    from .calibrate import calibrate

    if not (args.calibrate and args.target_epsilon is not None):
        raise InputError(
            "account: calibration needs both --target-epsilon E and --calibrate noise_multiplier|noise_std|steps|epochs"
        )
    if args.epsilon is not None or (args.delta and len(args.delta) > 1):
        raise InputError("account: calibration takes one --delta (the δ at which ε ≤ --target-epsilon)")
    res = calibrate(
        raw,
        key=args.calibrate,
        target_epsilon=args.target_epsilon,
        delta=(args.delta or ["1e-5"])[0],
        digits=args.digits,
    )
    print(json.dumps(res.as_json(), indent=2, ensure_ascii=False) if args.json else res)
    return 0
