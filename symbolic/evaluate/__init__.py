"""Evaluation: one protocol for every formula, and the one routine that inverts monotone functions.

* :func:`solve_monotone` — bracket, geometric bisection and refinement of ``f(x) = target`` for a
  monotone real ``f`` (:mod:`.roots`, copied verbatim into exported modules), and its certified
  companion :func:`certify_monotone` (:mod:`.certified`: a bracket whose ends are decided on Arb
  balls);
* the evaluation methods (:mod:`.methods`): :class:`ClosedForm`, :class:`Algorithm` (with an
  optional certifier) and :class:`Inverse`, each answering
  ``value(exact, dps)`` and ``ball(exact, prec)`` through :meth:`symbolic.Formula.value` and
  :meth:`symbolic.Formula.ball`.
"""

from __future__ import annotations

from typing import Any, Callable

import mpmath

from ..errors import EvaluationError
from . import roots
from .inverse import Inverse
from .methods import Algorithm, ClosedForm, EvaluationMethod, resolve_method


def solve_monotone(
    function: Callable[[mpmath.mpf], Any],
    target: Any,
    *,
    lower: Any,
    upper: Any = None,
    dps: int | None = None,
    increasing: bool | None = None,
    name: str = "function",
    sign: Callable[[mpmath.mpf], Any] | None = None,
    on_bracket: Callable[[mpmath.mpf, mpmath.mpf], None] | None = None,
    clamp: bool = False,
    derivative: Callable[[mpmath.mpf], Any] | None = None,
    bracketed: bool = False,
) -> mpmath.mpf:
    """The ``x`` in ``[lower, upper]`` with ``function(x) = target``, for a strictly monotone
    ``function`` (mpf -> mpf at the current precision), at ``dps`` working digits (default: the
    current precision); ``upper=None`` expands the bracket upwards without bound.

    The direction is detected from the values at the ends unless ``increasing`` is given.
    Raises :class:`~symbolic.errors.EvaluationError` naming ``name`` and the values when the
    target is not between the values at the ends (``clamp=True``: return ``lower`` when the
    target is already met there).  ``derivative`` (safeguarded Newton instead of Anderson),
    ``bracketed`` (the caller proves the root is in ``[lower, upper]``), ``sign`` and ``on_bracket``: see
    :func:`symbolic.evaluate.roots.solve_monotone`.  The result is a proposal at the working
    precision; :func:`certify_monotone` certifies a bracket around it.
    """
    return roots.solve_monotone(
        function,
        target,
        lower=lower,
        upper=upper,
        dps=dps,
        increasing=increasing,
        name=name,
        sign=sign,
        on_bracket=on_bracket,
        clamp=clamp,
        derivative=derivative,
        bracketed=bracketed,
        error=EvaluationError,
    )


def __getattr__(name: str) -> Any:
    # The certified companion needs python-flint (optional): imported on first use.
    if name in ("certify_monotone", "RootEnclosure"):
        from . import certified

        return getattr(certified, name)
    if name in ("certify_inverse", "InverseEnclosure"):
        from . import inverse_enclosure

        return getattr(inverse_enclosure, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "solve_monotone",
    "certify_monotone",
    "RootEnclosure",
    "certify_inverse",
    "InverseEnclosure",
    "Inverse",
    "Algorithm",
    "ClosedForm",
    "EvaluationMethod",
    "resolve_method",
]
