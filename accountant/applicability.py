"""Does a declared bound apply to a run?  If not, the failing hypothesis in the user's words.

The checks, in order: the printed form is not refuted; the neighbouring relation matches;
the run's loss class satisfies one the theorem is stated for; its batching scheme is one the
theorem covers (full batching is every other scheme with b = n); clipping is present when
required and absent when forbidden; the run gives every key the theorem needs; the
theorem's conditions on the run (:class:`~derivations.privacy.bounds.Requirement`) hold
exactly; and the formula's own hypotheses hold at the mapped parameters.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derivations.privacy.run import LOSSES, RUN_MEANING, RUN_SYMBOLS, loss_satisfies

from .run_description import Run

_LOSS_WORDS = {
    "strongly-convex": "strongly convex (m > 0) and M-smooth",
    "convex": "convex and M-smooth",
    "nonconvex": "M-smooth (possibly nonconvex)",
    "holder": "Hölder-smooth",
}
_BATCH_WORDS = {
    "full": "full batches",
    "cyclic": "cyclic (fixed-order) batches",
    "shuffled": "batches reshuffled each epoch",
    "poisson": "Poisson-sampled batches",
    "without-replacement": "batches sampled without replacement",
}


def loss_words(losses) -> str:
    """The loss classes a theorem is stated for, in the user's words; "no assumption on the loss" when it is
    stated for every class (Asoodeh & Diaz argue from clipping and the projection alone), rather than a list
    of classes that reads as if smoothness were needed."""
    if set(losses) >= set(LOSSES):
        return "no assumption on the loss"
    return " or ".join(_LOSS_WORDS.get(x, x) for x in losses)


def batching_satisfies(run_batching: str, required: str) -> bool:
    """A full-batch run is also a cyclic, shuffled, without-replacement or Poisson run with b = n
    (rate 1): each of those schemes then takes every example every step."""
    return run_batching == required or run_batching == "full"


def _name(bound) -> str:
    return f"{bound.label} ({bound.id})"


def _condition_value(condition, run: Run):
    expr = sp.sympify(condition)
    missing = [k for k, s in RUN_SYMBOLS.items() if s in expr.free_symbols and not run.has(k)]
    if missing:
        return None, missing
    return expr.xreplace(run.subs()), []


def _setting_reason(bound, run: Run) -> str | None:
    """The checks of :func:`inapplicable_reason` that read only the declaration's recorded fields (validity,
    relation, loss class, batching, clipping, the keys needed): the same text for a :class:`Bound` and for a
    :class:`RecordedBound` read from its paper's bound records."""
    label = bound.label
    if not bound.valid:
        return (
            f"{label}: the printed form is refuted (an erratum) and never used; its corrected form "
            f"{bound.corrected_by} is evaluated instead"
        )
    if bound.relation != run.adjacency:
        return f"{label} is stated for {bound.relation} neighbours; this run uses {run.adjacency}"
    regime = bound.regime
    if not any(loss_satisfies(run.loss, loss) for loss in regime.losses):
        wanted = loss_words(regime.losses)
        return f"{label} needs a {wanted} loss; this run's loss is {_LOSS_WORDS.get(run.loss, run.loss)}"
    if not any(batching_satisfies(run.batching, x) for x in regime.batchings):
        wanted = ", ".join(_BATCH_WORDS.get(x, x) for x in regime.batchings)
        return f"{label} covers {wanted}; this run uses {_BATCH_WORDS.get(run.batching, run.batching)}"
    if regime.clipping == "required" and not run.clipped:
        return f"{label} needs per-example clipping (a clip norm C)"
    if regime.clipping == "forbidden" and run.clipped:
        return f"{label} assumes no clipping: clipping breaks the contraction (Lipschitz step) this theorem uses"
    for key in regime.needs:
        if not run.has(key):
            return f"{label} needs {RUN_MEANING.get(key, key)} (run key '{key}')"
    return None


def inapplicable_reason(bound, run: Run) -> str | None:
    """``None`` when ``bound`` applies to ``run``; otherwise why not, in the user's words.

    The formula's own hypotheses are checked later, when the bound is evaluated
    (:mod:`accountant.conversion`), because some involve the output variable.
    """
    reason = _setting_reason(bound, run)
    if reason is not None:
        return reason
    label, regime = bound.label, bound.regime
    for req in regime.requires:
        value, missing = _condition_value(req.condition, run)
        if missing:
            return f"{label} {req.text} (the run does not give {', '.join(missing)})"
        if value is not sp.true:
            if value is sp.false:
                return f"{label} {req.text}"
            return f"{label} {req.text} (could not be decided exactly: {value})"
    missing = sorted(
        {
            k
            for expr in bound.mapping.values()
            for k, s in RUN_SYMBOLS.items()
            if s in sp.sympify(expr).free_symbols and not run.has(k)
        }
    )
    if missing:
        return f"{label} needs " + ", ".join(f"{RUN_MEANING.get(k, k)} ('{k}')" for k in missing)
    return None


# -- screening from the bound records: a paper none of whose theorems can apply is not imported ------------


@dataclass(frozen=True)
class _RecordedOutput:
    currency: str


@dataclass(frozen=True)
class _RecordedRegime:
    """The recorded part of a :class:`~derivations.privacy.bounds.Regime`: no ``requires`` (conditions are
    recorded as text only), so a :class:`RecordedBound` stands only for a bound its setting already rules out."""

    losses: tuple[str, ...]
    batchings: tuple[str, ...]
    needs: tuple[str, ...]
    clipping: str


@dataclass(frozen=True)
class RecordedBound:
    """A bound declaration as its paper's bound records describe it (``Bound.describe()``, stored for the
    current sources by :meth:`symbolic.registry.Registry.bounds`): enough for a row that does not apply
    (:func:`_setting_reason` gives it the same reason as the declaration itself), never evaluated."""

    id: str
    label: str
    output: _RecordedOutput
    relation: str
    valid: bool
    corrected_by: str | None
    note: str
    regime: _RecordedRegime

    @classmethod
    def of(cls, record: dict) -> "RecordedBound":
        regime = record["regime"]
        return cls(
            str(record["id"]),
            str(record["label"]),
            _RecordedOutput(str(record["output"])),
            str(record["relation"]),
            bool(record["valid"]),
            record.get("corrected_by"),
            str(record.get("note", "")),
            _RecordedRegime(
                tuple(regime["losses"]), tuple(regime["batchings"]), tuple(regime["needs"]), str(regime["clipping"])
            ),
        )


class ScreenedRegistry:
    """The registry as :func:`accountant.report.account` reads it, for one run: a paper's bounds are imported
    only when its bound records (:meth:`symbolic.registry.Registry.bound_records`) leave one of them possibly
    applicable to ``run``; otherwise its rows are built from the records (:class:`RecordedBound`), whose reasons
    are the declarations' own (:func:`_setting_reason`).  Without stored records the paper's bounds are loaded
    (and their records stored for the next run)."""

    def __init__(self, registry, run: Run):
        self._registry = registry
        self._run = run

    def keys(self) -> list[str]:
        return self._registry.keys()

    def bounds(self, key: str) -> list:
        try:
            records = self._registry.bound_records(key)
            recorded = [RecordedBound.of(r) for r in records] if records is not None else None
        except (KeyError, TypeError, ValueError):  # a record of another shape: read the declarations themselves
            recorded = None
        if recorded is not None and all(_setting_reason(b, self._run) is not None for b in recorded):
            return recorded
        return self._registry.bounds(key)


def screened(run: Run, registry=None) -> ScreenedRegistry:
    """:class:`ScreenedRegistry` over ``registry`` (default: the installed papers') for ``run``."""
    from symbolic.registry import registry as _registry

    return ScreenedRegistry(registry if registry is not None else _registry(), run)
