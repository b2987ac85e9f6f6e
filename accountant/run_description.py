"""Parse and validate a training-run description in the canonical vocabulary.

A run is a JSON object (a file, a JSON string or a dict; a YAML file where PyYAML is installed) with the
keys of :data:`derivations.privacy.run.RUN_SYMBOLS` plus three categorical keys, ``loss``
(:data:`~derivations.privacy.run.LOSSES`), ``batching``
(:data:`~derivations.privacy.run.BATCHINGS`) and ``adjacency`` (``replace-one``, the
default, or ``add-remove``).  The canonical step is written in :mod:`derivations.privacy.run`.

Numbers are exact: strings (``"0.1"``, ``"1/3"``, ``"1e-5"``, fractions of decimals ``"1.1/256"``) or JSON
numbers, which are read from their decimal text (``0.1`` is exactly 1/10; the JSON parser's float is never
used; a Python float in a dict is refused, its digits already lost).  ``sample_rate`` q (Poisson batches,
Opacus' word) may replace ``batch_size``: b = q·n, which must be whole.  ``M`` may be omitted (unknown
smoothness): the theorems that need it are then not applicable and the all-iterates baseline still runs.
An unknown key gets a "did you mean".  Limits, named in the message when exceeded: counts (n, b, T, E) at most
:data:`MAX_COUNT`; values with at most :data:`MAX_VALUE_DIGITS` significant digits and magnitudes within
10^±:data:`MAX_VALUE_EXPONENT`; files of at most :data:`MAX_FILE_BYTES` bytes, UTF-8 (UTF-16/32 with a
byte-order mark), JSON nested at most :data:`MAX_DEPTH` deep.

Derived values (each recorded in :attr:`Run.derived` with the reason):

* ``noise_std`` s = z·C/b from ``noise_multiplier`` z and ``clip`` C (both forms may be given
  if they agree);
* ``steps`` T = E·⌈n/b⌉ from ``epochs`` E (an epoch as PyTorch's ``DataLoader`` counts it with
  ``drop_last=False``; Opacus' Poisson loader makes ⌊n/b⌋ steps per epoch, said in ``derived``: give
  ``steps`` for that), and E = T/⌈n/b⌉ from T when that is a whole number;
* ``gradient_sensitivity`` Δ = 2C from ``clip`` (Δ = min(Δ, 2C) when both are given: clipped
  gradients differ by at most 2C);
* ``batch_size`` b = n under full batching;
* ``m`` = 0 for a loss that is not declared strongly convex;
* ``weak_convexity`` ρ = 0 for a convex loss and ρ = M for an M-smooth nonconvex loss
  (f + (M/2)‖θ‖² is convex when ∇f is M-Lipschitz; left unknown when M is).

Every problem raises :class:`symbolic.errors.InputError` naming the key and the problem
(the command line prints it and exits with status 2).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field

import sympy as sp

from derivations.privacy.run import (
    BATCHINGS,
    LOSSES,
    RELATIONS,
    RUN_MEANING,
    RUN_SYMBOLS,
)
from symbolic.errors import InputError, SymbolicError
from symbolic.exact_numbers import parse_exact

CATEGORICAL = {"loss": LOSSES, "batching": BATCHINGS, "adjacency": RELATIONS}
#: Keys that are not numbers and not categories, accepted and carried along.
INFORMATIVE = ("name", "description")
_INTEGER = ("batch_size", "n", "steps", "epochs", "dimension")
_POSITIVE = (
    "step_size",
    "noise_std",
    "noise_multiplier",
    "clip",
    "gradient_sensitivity",
    "batch_size",
    "n",
    "steps",
    "epochs",
    "M",
    "holder_exponent",
    "holder_constant",
    "diameter",
    "dimension",
)


@dataclass(frozen=True)
class Run:
    """A validated run: exact numeric values by canonical key, the categories, and what was derived."""

    values: dict  # canonical key -> sp.Rational (given or derived)
    loss: str
    batching: str
    adjacency: str = "replace-one"
    clipped: bool = False
    given: dict = field(default_factory=dict)  # the description as given (strings)
    derived: dict = field(default_factory=dict)  # key -> how it was derived

    def has(self, key: str) -> bool:
        return key in self.values

    def __getitem__(self, key: str) -> sp.Rational:
        return self.values[key]

    def subs(self) -> dict:
        """Canonical SymPy symbol -> exact value, for every key this run has."""
        return {RUN_SYMBOLS[k]: v for k, v in self.values.items() if k in RUN_SYMBOLS}

    def with_values(self, **changes) -> Run:
        """The same description with some keys replaced (re-validated); e.g. ``steps="100"``."""
        given = dict(self.given)
        for k, v in changes.items():
            given[k] = v
            if k == "steps":
                given.pop("epochs", None)
            if k == "epochs":
                given.pop("steps", None)
        return parse_run(given)

    def as_json(self) -> dict:
        """The run as the accountant used it: exact values as strings, categories, derivations."""
        out = {"loss": self.loss, "batching": self.batching, "adjacency": self.adjacency}
        out.update({k: _show(v) if len(str(v)) > 60 else str(v) for k, v in self.values.items()})
        for k in INFORMATIVE:
            if k in self.given:
                out[k] = self.given[k]
        if self.derived:
            out["derived"] = dict(self.derived)
        return out


#: Largest run-description file read (bytes); a description is a handful of keys.
MAX_FILE_BYTES = 1_000_000
#: Deepest JSON nesting accepted (a description is flat; Python's parser would recurse to its limit).
MAX_DEPTH = 20


def _decode(data: bytes, where: str) -> str:
    """The text of a file: UTF-8 (with or without a BOM), or UTF-16/32 when it starts with their BOM."""
    import codecs

    for bom, enc in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            try:
                return data.decode(enc)
            except UnicodeDecodeError as exc:
                raise InputError(
                    f"run description: {where} starts with a {enc.upper()} byte-order mark but is not "
                    f"valid {enc.upper()} (byte {exc.start})."
                ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        hint = " (it looks like UTF-16 without a byte-order mark)" if b"\x00" in data[:64] else ""
        raise InputError(
            f"run description: {where} is not UTF-8 text{hint}: byte 0x{data[exc.start]:02x} at offset {exc.start}; "
            "save it as UTF-8."
        ) from None
    if "\x00" in text:  # ASCII saved as UTF-16 without a byte-order mark is valid UTF-8 with NULs between
        raise InputError(
            f"run description: {where} contains NUL bytes (it looks like UTF-16 without a byte-order mark); "
            "save it as UTF-8."
        )
    return text


def _depth_ok(text: str) -> bool:
    depth = best = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            best = max(best, depth)
            if best > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_text(text: str, where: str = "the description") -> dict:
    """A run description from JSON text (numbers kept as their decimal text, so they parse exactly), or YAML
    when PyYAML is installed (every scalar kept as text, for the same reason)."""
    if not text.strip():
        raise InputError(
            f"run description: {where} is empty; give a JSON object such as "
            '{"loss": "convex", "M": "1", ...} (see account --help).'
        )
    if not _depth_ok(text):
        raise InputError(
            f"run description: {where} nests JSON more than {MAX_DEPTH} levels deep; a run description "
            "is one flat object of key: value pairs."
        )
    try:
        raw = json.loads(text, parse_float=str, parse_int=str, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raw = _yaml(text, where, exc)
    except RecursionError:
        raise InputError(f"run description: {where} nests JSON too deeply.") from None
    if not isinstance(raw, dict):
        raise InputError(f"run description: {where} must be an object of key: value pairs, not a {type(raw).__name__}.")
    return raw


def _no_constant(name: str):
    raise InputError(f"run description: {name} is not a number a run can have.")


def _yaml(text: str, where: str, json_error) -> dict:
    stripped = text.lstrip()
    looks_json = stripped.startswith(("{", "["))
    try:
        import yaml
    except ImportError:
        yaml = None
    if looks_json or yaml is None:
        extra = "" if looks_json else " (YAML descriptions need PyYAML: pip install pyyaml)"
        raise InputError(
            f"run description: {where} is not valid JSON ({json_error.msg} at line {json_error.lineno}, column "
            f"{json_error.colno}){extra}."
        ) from None
    try:
        raw = yaml.load(text, Loader=yaml.BaseLoader)  # noqa: S506 -- BaseLoader: every scalar a string, no objects
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise InputError(
            f"run description: {where} is neither JSON nor YAML ({getattr(exc, 'problem', exc)}{at})."
        ) from None
    except RecursionError:
        raise InputError(f"run description: {where} nests YAML too deeply.") from None
    if not isinstance(raw, dict):
        raise InputError(f"run description: {where} (read as YAML) must be a mapping of key: value pairs.")
    return raw


def load_run(source) -> dict:
    """The raw description from a dict, a path to a JSON (or YAML) file, or JSON text."""
    if isinstance(source, Run):
        return dict(source.given)
    if isinstance(source, dict):
        return dict(source)
    if isinstance(source, (str, os.PathLike)):
        text = str(source)
        where = "the description"
        if not text.lstrip().startswith("{") and "\n" in text and not os.path.exists(text):
            # a multi-line argument that names no file is description text (YAML, or JSON after a comment line),
            # not a path: reading it as one printed the text back, newlines and all, as a missing file's name
            return parse_text(text, where)
        if not text.lstrip().startswith("{"):
            where = f"the file {_short_text(text)}"
            try:
                if os.path.isfile(text) and os.path.getsize(text) > MAX_FILE_BYTES:
                    raise InputError(
                        f"run description: {where} is larger than {MAX_FILE_BYTES} bytes; a run "
                        "description is a handful of keys."
                    )
                with open(text, "rb") as fh:
                    data = fh.read(MAX_FILE_BYTES + 1)
            except OSError as exc:
                raise InputError(f"run description: cannot read {_short_text(text)!r}: {exc.strerror}.") from None
            if len(data) > MAX_FILE_BYTES:
                raise InputError(f"run description: {where} is larger than {MAX_FILE_BYTES} bytes.")
            text = _decode(data, where)
        return parse_text(text, where)
    raise InputError(f"run description: expected a dict, a JSON file or a JSON string, not {type(source).__name__}.")


def _short_text(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 20] + "..." + text[-15:]


#: Alternatives to canonical keys: ``sample_rate`` q (Poisson; b = q·n, Opacus' and dp-accounting's word).
ALIASES = {"sample_rate": "Poisson sampling rate q = b/n (Opacus' sample_rate; then batch_size = q·n)"}
#: Largest count (n, batch_size, steps, epochs, dimension) accepted.
MAX_COUNT = 10**15
#: Most significant digits in a value, and the largest |decimal exponent| of its magnitude.
MAX_VALUE_DIGITS = 200
MAX_VALUE_EXPONENT = 1000


def _show(v) -> str:
    """A value for a message: exact when short, else ≈ scientific (never str() of a 5000-digit number)."""
    from fractions import Fraction

    from symbolic.certify import directed_decimal

    q = sp.Rational(v)
    p, d = int(q.p), int(q.q)
    if p.bit_length() < 100 and d.bit_length() < 100:
        return str(q)
    return "≈" + directed_decimal(Fraction(p, d), 12, upward=True)


def parse_value(key: str, value) -> sp.Rational:
    """One run value, exactly: a decimal or fraction in text (a JSON number is kept as its text), a fraction
    of decimals ("1.1/256"), a Python int; bounded in digits and magnitude so that every part of the report
    can use it (limits named in the message)."""
    where = f"run description, key '{key}'"
    if isinstance(value, float):
        raise InputError(
            f"{where}: got the float {value!r}; pass the value as a string (e.g. '{value!r}') so it is parsed exactly."
        )
    if isinstance(value, str):
        text = value.strip()
        digits = sum(ch.isdigit() for ch in text.lower().split("e")[0])
        if len(text) > 2 * MAX_VALUE_DIGITS + 20 or digits > 2 * MAX_VALUE_DIGITS:
            raise _fail(
                key,
                f"{_short_text(text, 40)} has {digits} digits, beyond the limit of {MAX_VALUE_DIGITS} "
                "significant digits for a run value.",
            )
        if text.count("/") == 1:
            num, den = (part.strip() for part in text.split("/"))
            a = _parse_one(num, where)
            d = _parse_one(den, where)
            if d == 0:
                raise _fail(key, f"{text} divides by zero.")
            v = a / d
        else:
            v = _parse_one(text, where)
    else:
        try:
            v = parse_exact(value, where)
        except SymbolicError as exc:
            raise InputError(str(exc)) from None
    if v != 0:
        q = abs(sp.Rational(v))
        # log10 of |v| from bit lengths (no 10**k of a huge k, no str() of a huge integer)
        mag = (int(q.p).bit_length() - int(q.q).bit_length()) * 0.30103
        if abs(mag) > MAX_VALUE_EXPONENT + 1:
            raise _fail(
                key,
                f"{_show(v)} is beyond the range 1e-{MAX_VALUE_EXPONENT} to 1e{MAX_VALUE_EXPONENT} that "
                "the accountant's parts handle.",
            )
    return v


def _parse_one(text: str, where: str) -> sp.Rational:
    try:
        return parse_exact(text, where)
    except SymbolicError as exc:
        raise InputError(str(exc).replace("(accepted:", "(accepted: fractions of decimals such as 1.1/256,")) from None


def _fail(key: str, problem: str) -> InputError:
    meaning = RUN_MEANING.get(key) or ALIASES.get(key)
    return InputError(f"run description, key '{key}'" + (f" ({meaning})" if meaning else "") + f": {problem}")


def parse_run(source) -> Run:
    """Validate a run description (see the module docstring) and return a :class:`Run`."""
    if isinstance(source, Run):
        return source
    raw = load_run(source)
    known = set(RUN_SYMBOLS) | set(CATEGORICAL) | set(INFORMATIVE) | set(ALIASES)
    unknown = sorted(str(k) for k in raw if k not in known)
    if unknown:
        import difflib

        hints = []
        for k in unknown:
            close = difflib.get_close_matches(k, sorted(known), n=1, cutoff=0.6)
            hints.append(f"{_short_text(repr(k), 60)}" + (f" (did you mean '{close[0]}'?)" if close else ""))
        raise InputError(
            f"run description: unknown key(s) {', '.join(hints)}; known keys: "
            f"{', '.join(sorted(RUN_SYMBOLS))}, {', '.join(ALIASES)}, {', '.join(CATEGORICAL)}."
        )
    given = {k: v for k, v in raw.items() if v is not None}
    cats = {}
    for key, choices in CATEGORICAL.items():
        if key not in given:
            if key == "adjacency":
                cats[key] = "replace-one"
                continue
            raise _fail(key, f"missing; one of {', '.join(choices)}.")
        value = given[key]
        if value not in choices:
            import difflib

            close = difflib.get_close_matches(str(value), choices, n=1, cutoff=0.5) if isinstance(value, str) else []
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise _fail(key, f"unknown value {_short_text(repr(value), 60)}{hint}; one of {', '.join(choices)}.")
        cats[key] = value
    values: dict[str, sp.Rational] = {}
    for key in list(RUN_SYMBOLS) + list(ALIASES):
        if key not in given:
            continue
        v = parse_value(key, given[key])
        if v < 0:
            raise _fail(key, f"negative value {_show(v)}; must be ≥ 0.")
        if key in _POSITIVE and v == 0:
            raise _fail(key, "must be > 0.")
        if key in _INTEGER and not v.is_integer:
            raise _fail(key, f"must be a positive integer, not {_show(v)}.")
        if key in _INTEGER and v > MAX_COUNT:
            raise _fail(
                key,
                f"{_show(v)} is beyond the limit of {MAX_COUNT:.0e} (no training run has that many; "
                "counts are also kept exact in float64 below it).",
            )
        values[key] = v
    if "sample_rate" in values:
        q = values.pop("sample_rate")
        if cats["batching"] != "poisson":
            raise _fail(
                "sample_rate",
                f"is the Poisson sampling rate q; this run's batching is {cats['batching']} — give batch_size instead.",
            )
        if not 0 < q <= 1:
            raise _fail("sample_rate", f"must satisfy 0 < q ≤ 1, not {_show(q)}.")
        if "n" not in values:
            raise _fail("n", "missing (needed with sample_rate: the expected batch size is q·n).")
        from_q = q * values["n"]
        if "batch_size" in values and values["batch_size"] != from_q:
            raise _fail(
                "batch_size",
                f"batch_size = {_show(values['batch_size'])} disagrees with sample_rate·n = "
                f"{_show(from_q)}; give one of them.",
            )
        if not from_q.is_integer:
            raise _fail(
                "sample_rate",
                f"q·n = {_show(from_q)} is not a whole number of examples; give "
                "batch_size (the expected batch size), or q as a fraction such as 256/60000.",
            )
        values["batch_size"] = from_q
    _derived_early = (
        {"batch_size": "= sample_rate·n (Poisson: the expected batch size)"}
        if "sample_rate" in given and "batch_size" not in given
        else {}
    )
    derived: dict[str, str] = dict(_derived_early)
    loss, batching = cats["loss"], cats["batching"]

    # --- dataset and batches
    if "n" not in values:
        raise _fail("n", "missing.")
    n = values["n"]
    if batching == "full":
        if "batch_size" in values and values["batch_size"] != n:
            raise _fail(
                "batch_size",
                f"full batching uses every example each step, so batch_size must equal "
                f"n = {n}, not {values['batch_size']}.",
            )
        if "batch_size" not in values:
            values["batch_size"] = n
            derived["batch_size"] = "= n (full batching)"
    if "batch_size" not in values:
        raise _fail("batch_size", "missing.")
    b = values["batch_size"]
    if b > n:
        raise _fail("batch_size", f"batch larger than the dataset: b = {b} > n = {n}.")

    # --- steps
    per_epoch = sp.Integer(math.ceil(sp.Rational(n, b)))
    if "epochs" in values:
        from_epochs = values["epochs"] * per_epoch
        if "steps" in values and values["steps"] != from_epochs:
            raise _fail(
                "steps",
                f"steps = {values['steps']} disagrees with epochs = {values['epochs']} "
                f"(E·⌈n/b⌉ = {from_epochs}); give one of them.",
            )
        if "steps" not in values:
            values["steps"] = from_epochs
            derived["steps"] = (
                f"= epochs·⌈n/b⌉ = {values['epochs']}·{per_epoch} (an epoch as PyTorch's DataLoader counts it, "
                "drop_last=False"
                + (
                    f"; Opacus' Poisson loader counts ⌊n/b⌋ = {math.floor(sp.Rational(n, b))} steps per epoch: "
                    "give steps to use that)"
                    if batching == "poisson" and per_epoch != math.floor(sp.Rational(n, b))
                    else ")"
                )
            )
    if "steps" not in values:
        raise _fail("steps", "missing; give steps or epochs.")
    if "epochs" not in values and values["steps"] % per_epoch == 0:
        values["epochs"] = values["steps"] / per_epoch
        derived["epochs"] = f"= steps/⌈n/b⌉ = {values['steps']}/{per_epoch} (whole epochs)"

    # --- clipping, sensitivity
    clipped = "clip" in values
    if clipped:
        two_c = 2 * values["clip"]
        if "gradient_sensitivity" in values:
            if values["gradient_sensitivity"] > two_c:
                values["gradient_sensitivity"] = two_c
                derived["gradient_sensitivity"] = "= 2C (clipped gradients differ by at most 2C)"
        else:
            values["gradient_sensitivity"] = two_c
            derived["gradient_sensitivity"] = "= 2C (clipping)"
    if "gradient_sensitivity" not in values:
        raise _fail("gradient_sensitivity", "missing; give gradient_sensitivity (sup ‖g_i − g'_i‖) or clip.")

    # --- noise
    if "noise_multiplier" in values:
        if not clipped:
            raise _fail("noise_multiplier", "needs clip (the noise std is s = z·C/b); without clipping give noise_std.")
        from_z = values["noise_multiplier"] * values["clip"] / b
        if "noise_std" in values and values["noise_std"] != from_z:
            raise _fail(
                "noise_std",
                f"noise_std = {values['noise_std']} disagrees with noise_multiplier·clip/batch_size "
                f"= {from_z}; give one of them.",
            )
        if "noise_std" not in values:
            values["noise_std"] = from_z
            derived["noise_std"] = "= noise_multiplier·clip/batch_size"
    if "noise_std" not in values:
        raise _fail("noise_std", "missing; give noise_std (on the averaged gradient) or noise_multiplier with clip.")
    if "step_size" not in values:
        raise _fail("step_size", "missing.")

    # --- loss class
    if loss == "holder":
        for key in ("holder_exponent", "holder_constant"):
            if key not in values:
                raise _fail(key, "missing; a Hölder-smooth loss needs holder_exponent and holder_constant.")
        if values["holder_exponent"] > 1:
            raise _fail("holder_exponent", f"must be in (0, 1], not {values['holder_exponent']}.")
    # M may be unknown: the theorems that need it are then listed as not applicable, the baseline still runs
    if loss == "strongly-convex":
        if "m" not in values or values["m"] == 0:
            raise _fail("m", "a strongly-convex loss needs m > 0.")
        if "M" in values and values["m"] > values["M"]:
            raise _fail(
                "m",
                f"m > M ({_show(values['m'])} > {_show(values['M'])}): no loss is m-strongly convex and "
                "M-smooth with m > M.",
            )
    elif "m" not in values:
        values["m"] = sp.Integer(0)
        derived["m"] = "= 0 (loss not declared strongly convex)"
    elif "M" in values and values["m"] > values["M"]:
        raise _fail("m", f"m > M ({values['m']} > {values['M']}).")
    if "weak_convexity" in values:
        if "M" in values and values["weak_convexity"] > values["M"]:
            raise _fail(
                "weak_convexity",
                f"ρ = {values['weak_convexity']} > M = {values['M']}; an M-smooth loss is M-weakly convex, give ρ ≤ M.",
            )
    elif loss in ("strongly-convex", "convex"):
        values["weak_convexity"] = sp.Integer(0)
        derived["weak_convexity"] = "= 0 (convex loss)"
    elif loss == "nonconvex" and "M" in values:
        values["weak_convexity"] = values["M"]
        derived["weak_convexity"] = "= M (an M-smooth loss is M-weakly convex)"
    return Run(
        values,
        loss,
        batching,
        cats["adjacency"],
        clipped,
        {
            k: (v if isinstance(v, str) else str(v) if not isinstance(v, float) else v)
            for k, v in given.items()
            if k != "sample_rate" or "batch_size" not in given
        }
        if "sample_rate" not in given
        else {**{k: v for k, v in given.items() if k != "sample_rate"}, "batch_size": str(values["batch_size"])},
        derived,
    )
