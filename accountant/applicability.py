"""Does a declared bound apply to a run?  If not, the failing hypothesis in the user's words.

The checks, in order: the printed form is not refuted; the neighbouring relation matches;
the run's loss class satisfies one the theorem is stated for; its batching scheme is one the
theorem covers (full batching is every other scheme with b = n); clipping is present when
required and absent when forbidden; the run gives every key the theorem needs; the
theorem's conditions on the run (:class:`~derivations.privacy.bounds.Requirement`) hold
exactly; and the formula's own hypotheses hold at the mapped parameters.
"""

from __future__ import annotations

import sympy as sp

from derivations.privacy.run import RUN_MEANING, RUN_SYMBOLS, loss_satisfies

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


def inapplicable_reason(bound, run: Run) -> str | None:
    """``None`` when ``bound`` applies to ``run``; otherwise why not, in the user's words.

    The formula's own hypotheses are checked later, when the bound is evaluated
    (:mod:`accountant.conversion`), because some involve the output variable.
    """
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
        wanted = " or ".join(_LOSS_WORDS.get(x, x) for x in regime.losses)
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
