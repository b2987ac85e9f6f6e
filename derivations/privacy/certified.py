"""A Formula computed by an algorithm (``evaluator=``) that also has a certified Arb enclosure.

:func:`symbolic.certify.certify` refuses custom evaluators (it cannot know what they compute);
:class:`CertifiedAlgorithmFormula` is the smallest extension that certifies one without changing
the engine: its ``certifier(values, prec)`` returns an Arb ball containing the exact value at the
checked exact ``values`` with ≥ ``prec`` bits of relative accuracy (or raises
:class:`~symbolic.certify.CertificationError`), and ``evaluate`` returns the correctly rounded
digits of that ball (path ``arb``).
"""

from __future__ import annotations

from symbolic.formula import Formula


class CertifiedAlgorithmFormula(Formula):
    """A :class:`~symbolic.formula.Formula` with an ``evaluator=`` whose value also has a certified
    Arb enclosure (``certifier(values, prec) -> ball``), so :meth:`certify` works for it.

    (The engine's :func:`symbolic.certify.certify` refuses custom evaluators; this subclass is
    the smallest extension that certifies one without changing the engine.)
    """

    def __init__(self, *args, certifier, **kwargs):
        super().__init__(*args, **kwargs)
        self.certifier = certifier

    @property
    def evaluation_path(self) -> str:
        return "arb"

    def evaluation_at(self, exact, dps: int):
        """The correctly rounded ``dps`` digits of the certified ball (raising the precision
        until the ball pins them); the mpmath evaluator only if it never does."""
        from symbolic.certify import bits_for_digits
        from symbolic.certify.digits import round_ball
        from symbolic.certify.errors import CertificationError
        from symbolic.errors import EvaluationError
        from symbolic.evaluate.expressions import Evaluation

        bits = bits_for_digits(dps) + 8
        note = ""
        for extra in (0, 32, 128):
            try:
                ball = self.certifier(exact, bits + extra)
            except CertificationError as exc:
                note = str(exc)
                break
            digits = round_ball(ball, dps)
            if digits is not None:
                return Evaluation.from_digits(digits, dps, "arb", ball)
        try:
            value = self.mpmath_value(exact, dps)
        except EvaluationError as exc:
            if not note:
                raise
            # the refusal says why neither path answers (the fallback alone named only its own limit)
            raise EvaluationError(f"{exc} [The certified enclosure was tried first: {note}]") from exc
        return Evaluation(value, None, False, "mpmath", None, note)

    def certify(self, prec: int = 100, **params):
        from symbolic.errors import InputError

        if not isinstance(prec, int) or isinstance(prec, bool) or prec < 2:
            raise InputError(f"{self.id}: prec must be an integer number of bits >= 2, not {prec!r}")
        return self.certifier(self.check(**params), prec)


def has_definition_ball(formula) -> bool:
    """Whether :func:`definition_ball` can certify ``formula``: it is computed by an algorithm
    (``evaluator=``, no certifier of its own) and its defining expression has an Arb translation."""
    from symbolic.certify.translate import translatable

    if isinstance(formula, CertifiedAlgorithmFormula) or formula.evaluator is None:
        return False
    return translatable(formula.expr)


def definition_ball(formula, exact: dict, prec: int):
    """An Arb ball containing ``formula.expr`` — the formula's definition, which its ``evaluator=``
    computes by an algorithm (a stable rewriting, special cases) — at the exact parameter values
    ``exact`` (name -> SymPy Rational or algebraic number such as ``s·√(η/2)``), with ≥ ``prec``
    bits of relative accuracy.

    The caller checks the hypotheses first.  Arb raises its working precision until the ball is
    accurate (:func:`symbolic.certify.enclose`), so the cancellations the algorithm avoids cost
    precision, never correctness.  Raises :class:`~symbolic.certify.NotCertifiable` when the
    definition has no Arb translation (:func:`has_definition_ball` is False).
    """
    import sympy as sp

    from symbolic.certify import NotCertifiable, enclose
    from symbolic.evaluate.expressions import resolve_branches

    if not has_definition_ball(formula):
        raise NotCertifiable(f"{formula.id}: its definition has no Arb translation (no certified enclosure)")
    known = {formula.symbol(n): sp.sympify(v) for n, v in exact.items()}
    rational = {s: v for s, v in known.items() if v.is_Rational}
    algebraic = {s: v for s, v in known.items() if not v.is_Rational}
    expr = resolve_branches(formula.expr.xreplace(algebraic), rational)
    return enclose(expr, rational, prec, formula.id)
