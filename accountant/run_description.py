"""Parse and validate a training-run description in the canonical vocabulary.

A run is a JSON object (a file, a JSON string or a dict) with the keys of
:data:`derivations.privacy.run.RUN_SYMBOLS` (exact numbers as strings: ``"0.1"``, ``"1/3"``,
``"1e-5"``; integers may be JSON integers) plus three categorical keys, ``loss``
(:data:`~derivations.privacy.run.LOSSES`), ``batching``
(:data:`~derivations.privacy.run.BATCHINGS`) and ``adjacency`` (``replace-one``, the
default, or ``add-remove``).  The canonical step is written in :mod:`derivations.privacy.run`.

Derived values (each recorded in :attr:`Run.derived` with the reason):

* ``noise_std`` s = z·C/b from ``noise_multiplier`` z and ``clip`` C (both forms may be given
  if they agree);
* ``steps`` T = E·⌈n/b⌉ from ``epochs`` E, and E = T/⌈n/b⌉ from T when that is a whole number;
* ``gradient_sensitivity`` Δ = 2C from ``clip`` (Δ = min(Δ, 2C) when both are given: clipped
  gradients differ by at most 2C);
* ``batch_size`` b = n under full batching;
* ``m`` = 0 for a loss that is not declared strongly convex;
* ``weak_convexity`` ρ = 0 for a convex loss and ρ = M for an M-smooth nonconvex loss
  (f + (M/2)‖θ‖² is convex when ∇f is M-Lipschitz).

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
from symbolic.exact import parse_exact

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
        out.update({k: str(v) for k, v in self.values.items()})
        for k in INFORMATIVE:
            if k in self.given:
                out[k] = self.given[k]
        if self.derived:
            out["derived"] = dict(self.derived)
        return out


def load_run(source) -> dict:
    """The raw description from a dict, a path to a JSON file, or a JSON string."""
    if isinstance(source, Run):
        return dict(source.given)
    if isinstance(source, dict):
        return dict(source)
    if isinstance(source, (str, os.PathLike)):
        text = str(source)
        if not text.lstrip().startswith("{"):
            try:
                with open(text, encoding="utf-8") as fh:
                    text = fh.read()
            except OSError as exc:
                raise InputError(f"run description: cannot read {source!s}: {exc.strerror}.") from None
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(
                f"run description: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})."
            ) from None
        if not isinstance(raw, dict):
            raise InputError("run description: the JSON must be an object of key: value pairs.")
        return raw
    raise InputError(f"run description: expected a dict, a JSON file or a JSON string, not {type(source).__name__}.")


def _fail(key: str, problem: str) -> InputError:
    meaning = RUN_MEANING.get(key)
    return InputError(f"run description, key '{key}'" + (f" ({meaning})" if meaning else "") + f": {problem}")


def parse_run(source) -> Run:
    """Validate a run description (see the module docstring) and return a :class:`Run`."""
    if isinstance(source, Run):
        return source
    raw = load_run(source)
    known = set(RUN_SYMBOLS) | set(CATEGORICAL) | set(INFORMATIVE)
    unknown = sorted(k for k in raw if k not in known)
    if unknown:
        raise InputError(
            f"run description: unknown key(s) {', '.join(map(repr, unknown))}; known keys: "
            f"{', '.join(sorted(RUN_SYMBOLS))}, {', '.join(CATEGORICAL)}."
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
            raise _fail(key, f"unknown value {value!r}; one of {', '.join(choices)}.")
        cats[key] = value
    values: dict[str, sp.Rational] = {}
    for key in RUN_SYMBOLS:
        if key not in given:
            continue
        try:
            v = parse_exact(given[key], f"run description, key '{key}'")
        except SymbolicError as exc:
            raise InputError(str(exc)) from None
        if v < 0:
            raise _fail(key, f"negative value {v}; must be ≥ 0.")
        if key in _POSITIVE and v == 0:
            raise _fail(key, "must be > 0.")
        if key in _INTEGER and not v.is_integer:
            raise _fail(key, f"must be a positive integer, not {v}.")
        values[key] = v
    derived: dict[str, str] = {}
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
            derived["steps"] = f"= epochs·⌈n/b⌉ = {values['epochs']}·{per_epoch}"
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
    else:
        if "M" not in values:
            raise _fail("M", f"missing; a {loss} loss needs its smoothness constant M.")
    if loss == "strongly-convex":
        if "m" not in values or values["m"] == 0:
            raise _fail("m", "a strongly-convex loss needs m > 0.")
        if values["m"] > values["M"]:
            raise _fail(
                "m", f"m > M ({values['m']} > {values['M']}): no loss is m-strongly convex and M-smooth with m > M."
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
    elif loss == "nonconvex":
        values["weak_convexity"] = values["M"]
        derived["weak_convexity"] = "= M (an M-smooth loss is M-weakly convex)"
    return Run(
        values,
        loss,
        batching,
        cats["adjacency"],
        clipped,
        {k: (v if isinstance(v, str) else str(v) if not isinstance(v, float) else v) for k, v in given.items()},
        derived,
    )
