"""symbolic: a paper-agnostic engine for verified, evaluable, exportable formulas.

Core objects: :class:`Source`, :class:`Formula`, the claim kinds in
:mod:`symbolic.claims`, :class:`Verdict`, and the :class:`Registry` that
discovers the papers encoded in the ``derivations`` package.
"""

from .claims import ODE, Claim, Identity, Inequality, Limit, Optimality, Recurrence, Reproduction
from .errors import EvaluationError, HypothesisError, InputError, UnknownIdError
from .exact import mpf_to_rational, parse_exact
from .formula import Formula
from .hypotheses import Hypothesis
from .params import Parameter, choice, natural, nonnegative, positive, real
from .paper import Paper
from .registry import Registry, registry
from .runner import check, run_claims
from .source import Source
from .verdict import Status, Verdict

__version__ = "0.1.0"

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
