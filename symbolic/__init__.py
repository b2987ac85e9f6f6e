"""symbolic: a paper-agnostic engine for verified, evaluable, exportable formulas.

Core objects: :class:`Source`, :class:`Formula`, the claim kinds in
:mod:`symbolic.claims`, :class:`Verdict`, and the :class:`Registry` that
discovers the papers encoded in the ``derivations`` package.
"""

from .errors import EvaluationError, HypothesisError, InputError, UnknownIdError
from .exact_numbers import mpf_to_rational, parse_exact
from .evaluate import Algorithm, ClosedForm, Inverse, solve_monotone
from .formula import Formula
from .hypotheses import Hypothesis
from .params import Parameter, choice, natural, nonnegative, positive, real
from .paper import Paper
from .registry import Registry, registry
from .source import Source
from .verdict import Status, Verdict

__version__ = "0.1.0"

#: Exported names whose modules are imported on first use: ``list`` and ``eval`` need neither the
#: claim kinds (and their provers) nor the runner (and multiprocessing).
_LAZY = {
    **dict.fromkeys(
        ("Claim", "Identity", "Recurrence", "Limit", "ODE", "Inequality", "Optimality", "Reproduction"), "claims"
    ),
    "check": "runner",
    "run_claims": "runner",
    # python-flint is optional: the certified companions are imported on first use
    "certify_monotone": "evaluate",
    "endpoints": "certify.arb",
}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Claim",
    "Identity",
    "Recurrence",
    "Limit",
    "ODE",
    "Inequality",
    "Optimality",
    "Reproduction",
    "EvaluationError",
    "HypothesisError",
    "InputError",
    "UnknownIdError",
    "parse_exact",
    "mpf_to_rational",
    "Formula",
    "Algorithm",
    "ClosedForm",
    "Inverse",
    "solve_monotone",
    "certify_monotone",
    "endpoints",
    "Hypothesis",
    "Parameter",
    "choice",
    "natural",
    "nonnegative",
    "positive",
    "real",
    "Paper",
    "Registry",
    "registry",
    "check",
    "run_claims",
    "Source",
    "Status",
    "Verdict",
    "__version__",
]
