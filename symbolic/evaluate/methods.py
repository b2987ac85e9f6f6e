"""How a :class:`~symbolic.Formula` is evaluated: one protocol, three methods.

Every method answers two questions at checked exact inputs (name -> SymPy Rational, or an
algebraic number such as ``sqrt(2)``):

* ``value(formula, exact, dps)`` — an :class:`~symbolic.evaluate.numeric.Evaluation` whose
  ``dps`` digits are correct (correctly rounded from an Arb ball when one pins them, else
  settled by the mpmath precision loop);
* ``ball(formula, exact, prec)`` — an Arb ball with ≥ ``prec`` bits of relative accuracy that
  provably contains the exact value, or :class:`~symbolic.certify.NotCertifiable`.

The formula exposes them as :meth:`symbolic.Formula.value` and :meth:`symbolic.Formula.ball`.
The methods:

* :class:`ClosedForm` — the formula's verified evaluation expression (``numeric`` if given);
* :class:`~symbolic.evaluate.inverse.Inverse` — the inverse of another formula in one parameter,
  computed by :func:`symbolic.solve_monotone` and certified by a bracket whose ends are decided
  on Arb balls;
* :class:`Algorithm` — a hand-written algorithm, with an optional ``certifier``.

``Formula(method=...)`` takes one of them; the older keywords are sugar:
``evaluator=f`` is ``method=Algorithm(f)``, ``evaluator=f, magnitude_free=names`` is
``method=Algorithm(f, magnitude_free=names)``, ``inverse=inv`` is ``method=inv``, and no keyword
is ``method=ClosedForm()`` (``numeric=`` is a verified rewriting of the expression, orthogonal
to the method).  Two keywords that name two methods are refused with an error naming both.

A former ``CertifiedAlgorithmFormula(id, expr, params, source, evaluator=f, certifier=c, ...)``
(``derivations/privacy/certified.py``) is ``Formula(id, expr, params, source,
method=Algorithm(f, certifier=c), ...)``: the same ``certifier(exact, prec) -> ball`` signature,
the same evaluation (the correctly rounded digits of the certifier's ball, path ``"arb"``, the
algorithm only where no ball pins them) and the same :meth:`~symbolic.Formula.certify`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol

import mpmath
import sympy as sp

if TYPE_CHECKING:  # pragma: no cover
    from .expressions import Evaluation

#: Exact inputs of a formula: parameter name -> SymPy Rational (or algebraic number, or the
#: chosen name of a categorical parameter).
ExactInputs = Mapping[str, Any]

#: Signature of an algorithm: exact parameter values (name -> Rational), the requested digits;
#: returns an mpmath number at the current working precision.
AlgorithmFunction = Callable[[Mapping[str, sp.Rational], int], mpmath.mpf]

#: Signature of a certifier: exact parameter values (name -> Rational or algebraic number), the
#: bits of relative accuracy; returns an Arb ball containing the exact value.
Certifier = Callable[[Mapping[str, Any], int], Any]


class FormulaView(Protocol):
    """What a method needs of a :class:`symbolic.Formula` (a protocol, so that this module does
    not import the formula module, which imports it)."""

    id: str
    expr: sp.Basic

    @property
    def evaluation_expr(self) -> sp.Basic: ...

    @property
    def symbols(self) -> tuple[sp.Symbol, ...]: ...

    def symbol(self, name: str) -> sp.Symbol: ...

    def evaluation_at(self, exact: ExactInputs, dps: int) -> "Evaluation": ...


class EvaluationMethod(Protocol):
    """The protocol every evaluation method follows (see the module docstring)."""

    def value(self, formula: FormulaView, exact: ExactInputs, dps: int) -> "Evaluation": ...

    def ball(self, formula: FormulaView, exact: ExactInputs, prec: int) -> Any: ...


@dataclass(frozen=True)
class ClosedForm:
    """The formula's verified evaluation expression, evaluated in Arb (mpmath where Arb cannot)."""

    def value(self, formula: FormulaView, exact: ExactInputs, dps: int) -> "Evaluation":
        return formula.evaluation_at(exact, dps)

    def ball(self, formula: FormulaView, exact: ExactInputs, prec: int) -> Any:
        if not is_rational_point(exact):
            return expression_ball(formula, formula.evaluation_expr, exact, prec)
        from ..certify.compiled import enclose_formula

        return enclose_formula(formula, {formula.symbol(n): v for n, v in exact.items()}, prec)


@dataclass(frozen=True)
class Algorithm:
    """A formula computed by an algorithm (an inner optimisation, a recursion with no closed form).

    ``function(exact, dps)`` returns the value at the current mpmath precision; the precision
    loop (:func:`symbolic.evaluate.settle.settle`) accepts its digits on evidence.
    ``magnitude_free``: names of parameters the algorithm takes only through their logarithm or
    as a relative quantity, never added to a quantity of another magnitude (δ in ``log δ``):
    their decimal magnitude is not counted in the digits the first trusted run carries.
    ``certifier(exact, prec)``: optional Arb ball containing the exact value (≥ ``prec`` bits of
    relative accuracy, or :class:`~symbolic.certify.CertificationError`); with one the formula's
    digits are the correctly rounded digits of that ball and :meth:`~symbolic.Formula.certify`
    works.  The algorithm must be tested against the symbolic pieces it uses.
    """

    function: AlgorithmFunction
    certifier: Certifier | None = None
    magnitude_free: frozenset[str] = field(default_factory=frozenset)

    def __init__(
        self,
        function: AlgorithmFunction,
        *,
        certifier: Certifier | None = None,
        magnitude_free: Iterable[str] = (),
    ) -> None:
        object.__setattr__(self, "function", function)
        object.__setattr__(self, "certifier", certifier)
        object.__setattr__(self, "magnitude_free", frozenset(magnitude_free))

    def value(self, formula: FormulaView, exact: ExactInputs, dps: int) -> "Evaluation":
        return formula.evaluation_at(exact, dps)

    def ball(self, formula: FormulaView, exact: ExactInputs, prec: int) -> Any:
        if self.certifier is not None:
            return self.certifier(exact, prec)
        from ..certify.errors import NotCertifiable

        raise NotCertifiable(
            f"{formula.id} is computed by a custom algorithm (evaluator=) with no certified final "
            "step; it cannot be certified"
        )


def is_rational_point(exact: ExactInputs) -> bool:
    """Whether every numeric input is a rational (categorical names count as rational)."""
    return all(isinstance(v, str) or getattr(v, "is_Rational", False) for v in exact.values())


def is_algebraic_number(value: Any) -> bool:
    """A real SymPy number that is algebraic (``sqrt(2)``, ``s*sqrt(eta/2)`` at rational s, η)."""
    return (
        isinstance(value, sp.Basic)
        and value.is_number
        and not value.free_symbols
        and value.is_real is True
        and value.is_algebraic is True
    )


def expression_ball(formula: FormulaView, expr: sp.Basic, exact: ExactInputs, prec: int) -> Any:
    """An Arb ball containing ``expr`` (over ``formula``'s symbols) at exact inputs that may be
    algebraic numbers: the algebraic values are substituted symbolically (Arb evaluates
    ``sqrt(2)`` as a ball), the branches decided exactly at the rational ones."""
    from ..certify.translate import enclose
    from .expressions import resolve_branches

    known = {formula.symbol(n): sp.sympify(v) for n, v in exact.items() if not isinstance(v, str)}
    rational = {s: v for s, v in known.items() if v.is_Rational}
    algebraic = {s: v for s, v in known.items() if not v.is_Rational}
    resolved = resolve_branches(expr.xreplace(algebraic), rational)
    return enclose(resolved, rational, prec, formula.id)


def resolve_method(
    formula_id: str,
    method: "EvaluationMethod | None",
    *,
    evaluator: AlgorithmFunction | None,
    inverse: Any,
    magnitude_free: Iterable[str],
) -> "EvaluationMethod":
    """The method that ``method=`` or the older keywords (``evaluator=``, ``inverse=``,
    ``magnitude_free=``) name; an error naming both keywords when two of them conflict."""
    magnitude_free = frozenset(magnitude_free)
    given = [k for k, v in (("evaluator", evaluator), ("inverse", inverse)) if v is not None]
    if magnitude_free:
        given.append("magnitude_free")
    if method is not None and given:
        raise ValueError(
            f"{formula_id}: method= and {given[0]}= both say how the formula is evaluated; give only "
            f"method= (e.g. method=Algorithm(f, magnitude_free=...))"
        )
    if evaluator is not None and inverse is not None:
        raise ValueError(
            f"{formula_id}: evaluator= and inverse= both say how the formula is evaluated (evaluator= "
            "would silently replace the inverse's root finder); to propose the root by an algorithm "
            "of its own, give Inverse(..., evaluator=f)"
        )
    if magnitude_free and evaluator is None:
        raise ValueError(f"{formula_id}: magnitude_free= describes a hand-written evaluator=, which this formula lacks")
    if method is not None:
        return method
    if inverse is not None:
        return inverse
    if evaluator is not None:
        return Algorithm(evaluator, magnitude_free=magnitude_free)
    return ClosedForm()
