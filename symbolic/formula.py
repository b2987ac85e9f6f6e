"""Formula: a SymPy expression with typed parameters, hypotheses and provenance."""

from __future__ import annotations

import contextlib
import weakref
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, Sequence

import mpmath
import sympy as sp

from .errors import EvaluationError, HypothesisError, InputError
from .evaluate.inverse import Inverse
from .evaluate.methods import Algorithm, Certifier, is_algebraic_number, is_rational_point, resolve_method
from .exact_numbers import ExactInput, parse_exact
from .hypotheses import Hypothesis, UndecidedError
from .evaluate.expressions import (
    CompiledExpression,
    Evaluation,
    check_dps,
    evaluate_to_precision,
    float_function,
    input_digits,
    input_magnitude,
    proves_zero,
    show_point,
)
from .params import Parameter
from .source import Source

if TYPE_CHECKING:  # pragma: no cover
    from .certify.arb import Ball
    from .certify.digits import FirstPrecision
    from .evaluate.methods import EvaluationMethod

#: Signature of a custom evaluator: exact parameter values (name -> Rational),
#: the requested digits; returns an mpmath number.  Used for formulas defined by
#: an algorithm (an inner optimisation, a recursion with no closed form).
Evaluator = Callable[[Mapping[str, sp.Rational], int], mpmath.mpf]

#: :func:`symbolic.certify.digits.arb_evaluation`'s signature: (formula, exact inputs, dps,
#: shortcut_tried) -> (the Evaluation or None, why not).
_ArbEvaluation = Callable[..., "tuple[Evaluation | None, str]"]


def _substitution_value(v, name: str) -> sp.Basic:
    """A value for :meth:`Formula.__call__`: a SymPy expression as is, a number exactly."""
    if isinstance(v, sp.Basic):
        return v
    return parse_exact(v, name)


def _arb_evaluation() -> _ArbEvaluation:
    """:func:`symbolic.certify.digits.arb_evaluation`, imported on first use (python-flint loads
    only when an Arb path runs) and then kept: an import statement per call costs as much as a
    fifth of a whole θ evaluation."""
    global _ARB_EVALUATION
    if _ARB_EVALUATION is None:
        from .certify.digits import arb_evaluation

        _ARB_EVALUATION = arb_evaluation
    return _ARB_EVALUATION


_ARB_EVALUATION: _ArbEvaluation | None = None


def _first_precision_for(formula: Formula) -> FirstPrecision:
    """:func:`symbolic.certify.digits.first_precision_for` (imported on first use, as above)."""
    from .certify.digits import first_precision_for

    return first_precision_for(formula)


#: Formulas whose :meth:`Formula.prepare_checks` has not run (weakly held).
_UNPREPARED: "weakref.WeakSet[Formula]" = weakref.WeakSet()


def prepare_formulas() -> None:
    """:meth:`Formula.prepare_checks` for every formula built so far and not yet prepared.

    The runner calls it before forking checkers: built once in the parent, the hypotheses are
    shared by every checker, instead of each freshly forked checker building those of every
    formula it evaluates (about 3 ms per formula per checker: the domains' SymPy relations and
    their compiled rational tests).  A formula whose preparation fails is left to fail the
    same way, and be reported, in the checker that uses it."""
    for formula in list(_UNPREPARED):
        try:
            formula.prepare_checks()
        except Exception:  # noqa: BLE001 - reported by the checker that evaluates the formula
            _UNPREPARED.discard(formula)


class Formula:
    """A paper's formula as a SymPy expression.

    Parameters
    ----------
    id:
        ``<paper>/<label>`` (see the architecture page).
    expr:
        The expression the claims verify, in the paper's own form (sums stay sums).
    params:
        The parameters, in the order the paper lists them.
    source:
        Provenance (:class:`Source`).
    hypotheses:
        Conditions from the paper; together with the parameters' domains they are
        checked exactly before every evaluation.
    numeric:
        Optional numerically stable rewriting of ``expr`` (``expm1`` instead of
        ``1 - L**-2``).  The registry attaches an identity claim
        ``<id>/numeric-form`` proving ``numeric == expr``, so the evaluator is
        always generated from a verified expression.
    numeric_checked:
        Why ``<id>/numeric-form`` can only be CHECKED, when its proof obligations cannot all be
        discharged (e.g. the stable form is defined at a point of the domain only in extended-real
        arithmetic, ``log1p(-1) = -inf``, which mpmath follows and SymPy does not).  The identity
        is then expected CHECKED and its statement says why; ``None`` (the default) expects PROVED.
    evaluator:
        Optional algorithmic evaluator (see :data:`Evaluator`), for formulas with
        no closed form; it must be tested against the symbolic pieces it uses.
    magnitude_free:
        Names of parameters the ``evaluator`` takes only through their logarithm or as a
        relative quantity (multiplied, divided, compared, passed to ``log1p``), never added to
        a quantity of another magnitude, so that their decimal magnitude cannot be absorbed
        exactly by a sum: the mpmath precision loop (:func:`symbolic.evaluate.settle.settle`) does not
        count their magnitude in the digits its first trusted run must carry (δ = 1e-300
        entering as log δ costs no extra digits; ``1 + δ`` would).  A statement about the
        evaluator's algorithm, for an evaluator only (an expression counts every input).
    inverse:
        Optional :class:`symbolic.evaluate.inverse.Inverse`: the formula is the inverse of
        another in one parameter; supplies the evaluator (and tells certified
        evaluation how to enclose the root).  ``expr`` is then the defining
        equation's symbolic form, e.g. the unevaluated root.
    method:
        How the formula is evaluated (:mod:`symbolic.evaluate.methods`): ``ClosedForm()``,
        an ``Inverse(...)`` or ``Algorithm(function, certifier=..., magnitude_free=...)``.
        ``evaluator=``, ``magnitude_free=`` and ``inverse=`` are sugar for it; giving two of
        them that name different methods is an error naming both.

    Inputs are exact: rationals (strings, ints, Fractions, SymPy Rationals) or exact real
    algebraic SymPy numbers (``sqrt(2)``), on which every hypothesis is decided exactly and
    whose value is the correct rounding of an Arb ball.
    """

    def __init__(
        self,
        id: str,
        expr,
        params: Sequence[Parameter],
        source: Source,
        hypotheses: Iterable[Hypothesis] = (),
        *,
        title: str = "",
        numeric=None,
        numeric_checked: str | None = None,
        evaluator: Evaluator | None = None,
        inverse: "Inverse | None" = None,
        magnitude_free: Iterable[str] = (),
        method: "EvaluationMethod | None" = None,
    ) -> None:
        self.id = id
        self.expr = sp.sympify(expr)
        self.params = tuple(params)
        self.source = source
        self.hypotheses = tuple(hypotheses)
        self.title = title
        self.numeric = None if numeric is None else sp.sympify(numeric)
        if numeric_checked is not None and numeric is None:
            raise ValueError(f"{id}: numeric_checked explains a numeric form, and none is given")
        self.numeric_checked = numeric_checked
        self.method = resolve_method(id, method, evaluator=evaluator, inverse=inverse, magnitude_free=magnitude_free)
        #: The method's parts under the names the rest of the engine reads.
        self.inverse = self.method if isinstance(self.method, Inverse) else None
        self.certifier: Certifier | None = self.method.certifier if isinstance(self.method, Algorithm) else None
        if isinstance(self.method, Algorithm):
            evaluator, magnitude_free = self.method.function, self.method.magnitude_free
        elif self.inverse is not None:
            evaluator, magnitude_free = self.inverse.proposal, ()
        else:
            evaluator, magnitude_free = None, ()
        self.evaluator: Evaluator | None = evaluator
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError(f"{id}: duplicate parameter names {names}")
        symbols = set(self.symbols)
        for label, e in (("expression", self.expr), ("numeric form", self.numeric)):
            if e is not None and not e.free_symbols <= symbols:
                extra = sorted(str(s) for s in e.free_symbols - symbols)
                raise ValueError(f"{id}: {label} has symbols {extra} that are not parameters")
        numeric_names = {p.name for p in self.params if not p.is_choice}
        for h in self.hypotheses:
            if not h.names <= numeric_names:
                raise ValueError(f"{id}: hypothesis '{h.text}' uses non-parameters or categorical parameters")
        if any(p.is_choice for p in self.params) and self.evaluator is None:
            raise ValueError(f"{id}: categorical parameters need an evaluator= (an expression cannot branch on names)")
        self.magnitude_free = frozenset(magnitude_free)
        if not self.magnitude_free <= numeric_names:
            extra = sorted(self.magnitude_free - numeric_names)
            raise ValueError(f"{id}: magnitude_free names {extra} that are not numeric parameters")
        self._all_hypotheses: tuple[Hypothesis, ...] | None = None
        #: (parameter names, (name, parameter, is categorical, label) per parameter): built on the first check
        self._check_plan: tuple | None = None
        self._path: str | None = None
        #: ``(exact, dps) -> Evaluation | None``: a closed form's first-precision Arb shortcut, its compiled
        #: program looked up once (:func:`symbolic.certify.digits.first_precision_for`); built on first use
        self._arb_first: FirstPrecision | None = None
        self._compiled = CompiledExpression(self.evaluation_expr, self.symbols, id)
        _UNPREPARED.add(self)

    # -- symbolic side -------------------------------------------------------
    @property
    def symbols(self) -> tuple[sp.Symbol, ...]:
        return tuple(p.symbol for p in self.params)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    @property
    def evaluation_expr(self) -> sp.Basic:
        """The expression the evaluator is compiled from (``numeric`` if given)."""
        return self.expr if self.numeric is None else self.numeric

    def symbol(self, name: str) -> sp.Symbol:
        for p in self.params:
            if p.name == name:
                return p.symbol
        raise InputError(f"{self.id} has no parameter {name!r} (parameters: {', '.join(self.names)})")

    def __call__(self, **subs) -> sp.Basic:
        """The expression with parameters replaced by SymPy expressions (for composing formulas).

        Values are SymPy objects, ints or Fractions; a string is parsed by the exact number
        parser (:func:`symbolic.exact_numbers.parse_exact`), never by ``sympify`` (which evaluates
        Python code); floats are refused.
        """
        mapping = {self.symbol(k): _substitution_value(v, f"{self.id}: parameter {k}") for k, v in subs.items()}
        return self.expr.xreplace(mapping)

    def all_hypotheses(self) -> list[Hypothesis]:
        """Parameter domains first, then the paper's hypotheses (built once: they are immutable)."""
        if self._all_hypotheses is None:
            self._all_hypotheses = tuple(h for p in self.params for h in p.domain()) + self.hypotheses
        return list(self._all_hypotheses)

    def prepare_checks(self) -> None:
        """Build now what :meth:`check` builds on its first call: the parameters' domains as
        hypotheses and every hypothesis's exact rational test.  Nothing else changes: a
        prepared formula checks exactly as an unprepared one.  See :func:`prepare_formulas`."""
        for hyp in self.all_hypotheses():
            hyp.prepare()
        _UNPREPARED.discard(self)

    def latex(self) -> str:
        return sp.latex(self.expr)

    # -- numeric side -------------------------------------------------------
    def check(self, **params: ExactInput) -> dict[str, sp.Rational]:
        """Parse ``params`` exactly and check domains and hypotheses; return name -> Rational
        (name -> the chosen name for a categorical parameter, its default when omitted)."""
        plan = self._check_plan
        if plan is None:
            plan = self._check_plan = (
                frozenset(self.names),
                tuple((p.name, p, p.is_choice, f"{self.id}: parameter {p.name}") for p in self.params),
            )
        names, parameters = plan
        if params.keys() != names:  # the usual call names every parameter once: no message to build
            missing = [p.name for p in self.params if p.name not in params and not (p.is_choice and p.default)]
            unknown = [n for n in params if n not in names]
            if unknown:
                raise InputError(
                    f"{self.id}: unknown parameter(s) {', '.join(unknown)}; expected {', '.join(self.names)}."
                )
            if missing:
                raise InputError(f"{self.id}: missing parameter(s) {', '.join(missing)}.")
        exact = {}
        for name, p, is_choice, label in parameters:
            if is_choice:
                exact[name] = self._check_choice(p, params.get(name, p.default))
            else:
                value = params[name]
                try:
                    exact[name] = parse_exact(value, label)
                except InputError:
                    # An exact algebraic number (sqrt(2), s·√(η/2) at rational s, η): kept exact; the
                    # hypotheses are decided on it symbolically and the value is an Arb ball's.
                    if not is_algebraic_number(value):
                        raise
                    exact[name] = value
        for hyp in self._all_hypotheses or self.all_hypotheses():
            try:
                ok = hyp.holds(exact)
            except UndecidedError:
                raise HypothesisError(
                    self.id, hyp.text + " (could not be decided exactly)", self._involved(hyp, exact)
                ) from None
            if not ok:
                raise HypothesisError(self.id, hyp.text, self._involved(hyp, exact))
        return exact

    def _involved(self, hyp: Hypothesis, exact: Mapping) -> dict:
        """The values of the parameters a hypothesis names (for its error message only)."""
        return {n: exact[n] for n in self.names if n in hyp.names}

    def _check_choice(self, param: Parameter, value) -> str:
        """The name given for a categorical parameter, if it is one of its choices."""
        if not isinstance(value, str) or value not in param.choices:
            raise HypothesisError(self.id, param.choice_text, {param.name: value})
        return value

    @property
    def evaluation_path(self) -> str:
        """How :meth:`evaluate` computes this formula's digits:

        * ``"arb"`` — Arb ball arithmetic (python-flint) on the verified evaluation
          expression at the exact inputs; the printed digits are the correct rounding of
          every point of a ball that provably contains the value;
        * ``"arb-inverse"`` — a certified root bracket (``inverse=`` of a closed-form
          forward formula), same guarantee;
        * ``"mpmath"`` — the mpmath fallback (a custom ``evaluator=``, or an expression
          with no Arb translation): inputs held to their full length, precision doubled
          until two runs agree above the inputs' magnitude, a zero only when SymPy proves it
          (:func:`symbolic.evaluate.expressions.evaluate_to_precision`).

        An Arb path falls back to mpmath at a point where Arb cannot reach the digits
        (:attr:`Evaluation.enclosure` then says ``False``).
        """
        if self._path is None:
            from .certify.translate import translatable

            if self.certifier is not None:
                self._path = "arb"
                return self._path

            if self.inverse is not None:
                fwd = self.inverse.forward
                ok = fwd.evaluator is None and translatable(fwd.evaluation_expr)
                self._path = "arb-inverse" if ok else "mpmath"
            elif self.evaluator is not None:
                self._path = "mpmath"
            else:
                self._path = "arb" if translatable(self.evaluation_expr) else "mpmath"
        return self._path

    def evaluate(self, dps: int = 30, **params: ExactInput) -> mpmath.mpf:
        """Evaluate at exact parameter values to ``dps`` significant digits.

        Values may be strings (``'0.1'``, ``'1/3'``, ``'1e-200'``), ints or
        rationals; floats are refused.  Raises :class:`HypothesisError` when a
        hypothesis or domain condition fails.  The result is an ``mpf`` whose ``dps``
        significant digits are the correctly rounded value when the formula's
        :attr:`evaluation_path` is Arb (see :meth:`evaluation` for the enclosure and the
        path actually taken); the current mpmath precision is left unchanged.
        """
        return self.evaluation(dps, **params).value

    def estimate(self, dps: int = 15, **params: ExactInput) -> mpmath.mpf:
        """One run of the formula's own evaluation with ``dps`` working digits — its algorithm (an inverse's
        root finder) or its compiled expression — without the precision loop's confirming run and without an
        Arb enclosure: a value to search or plot with, not digits to print (:meth:`evaluate` gives those).
        Inputs are parsed and hypotheses checked as in :meth:`evaluate`; at algebraic inputs, which an
        algorithm does not take, this is :meth:`evaluate`."""
        check_dps(dps, self.id)
        exact = self.check(**params)
        if not is_rational_point(exact):
            return self.evaluation_at(exact, dps).value
        with self._evaluation_errors(), mpmath.workdps(dps):
            if self.evaluator is not None:
                return +mpmath.mpf(self.evaluator(exact, dps))
            return self._compiled.once({self.symbol(n): v for n, v in exact.items()})

    def evaluation(self, dps: int = 30, **params: ExactInput) -> Evaluation:
        """:meth:`evaluate` with its provenance: an :class:`~symbolic.evaluate.expressions.Evaluation`
        (value, digits, whether it came from an Arb enclosure, and the ball)."""
        check_dps(dps, self.id)
        exact = self.check(**params)
        return self.evaluation_at(exact, dps)

    def evaluation_at(self, exact: Mapping[str, sp.Rational], dps: int) -> Evaluation:
        """:meth:`evaluation` at values already returned by :meth:`check` (name -> Rational)."""
        note = ""
        path = self._path or self.evaluation_path
        if self.certifier is not None:
            return self._certified_algorithm_evaluation(exact, dps)
        if not is_rational_point(exact):
            return self._algebraic_evaluation(exact, dps)
        if path != "mpmath":
            if path == "arb":  # a closed form: the one-precision shortcut first, what almost every call needs
                first = self._arb_first or self._keep_arb_shortcut()
                evaluation = first(exact, dps)
                if evaluation is not None:
                    return evaluation
            evaluation, note = _arb_evaluation()(self, exact, dps, shortcut_tried=path == "arb")
            if evaluation is not None:
                return evaluation
        value = self.mpmath_value(exact, dps)
        return Evaluation(value, None, False, "mpmath", None, note)

    def _certified_algorithm_evaluation(self, exact: Mapping[str, sp.Basic], dps: int) -> Evaluation:
        """An algorithm with a certifier: the correctly rounded ``dps`` digits of the certified
        ball (raising the precision until the ball pins them); the algorithm only if it never does."""
        from .certify import bits_for_digits
        from .certify.digits import round_ball
        from .certify.errors import CertificationError

        certifier = self.certifier
        assert certifier is not None  # the caller's test
        bits = bits_for_digits(dps) + 8
        note = ""
        for extra in (0, 32, 128):
            try:
                ball = certifier(exact, bits + extra)
            except CertificationError as exc:
                note = str(exc)
                break
            digits = round_ball(ball, dps)
            if digits is not None:
                return Evaluation.from_digits(digits, dps, "arb", ball)
        if not is_rational_point(exact):
            raise EvaluationError(
                f"{self.id}: the algorithm takes exact rationals and the certifier gave no digits: {note}"
            )
        try:
            value = self.mpmath_value(exact, dps)
        except EvaluationError as exc:
            if not note:
                raise
            # the refusal says why neither path answers (the fallback alone named only its own limit)
            raise EvaluationError(f"{exc} [The certified enclosure was tried first: {note}]") from exc
        return Evaluation(value, None, False, "mpmath", None, note)

    def _algebraic_evaluation(self, exact: Mapping[str, sp.Basic], dps: int) -> Evaluation:
        """At algebraic inputs (``sqrt(2)``): the correctly rounded digits of a ball of the
        verified evaluation expression (of ``expr``, the definition, for an algorithm, which
        takes exact rationals); never an mpmath value rounded in an unknown direction."""
        from .certify import bits_for_digits
        from .certify.digits import round_ball
        from .certify.errors import CertificationError
        from .evaluate.methods import expression_ball

        if self.inverse is not None:
            raise EvaluationError(f"{self.id}: an inverse takes exact rational inputs, not algebraic numbers")
        expr = self.evaluation_expr if self.evaluator is None else self.expr
        if any(p.is_choice for p in self.params):
            raise EvaluationError(f"{self.id}: a formula with categorical parameters takes exact rational inputs")
        bits = bits_for_digits(dps) + 8
        why = ""
        for extra in (0, 32, 128):
            try:
                ball = expression_ball(self, expr, exact, bits + extra)
            except CertificationError as exc:
                why = str(exc)
                break
            digits = round_ball(ball, dps)
            if digits is not None:
                return Evaluation.from_digits(digits, dps, "arb", ball)
        raise EvaluationError(
            f"{self.id}: no certified digits at the algebraic inputs "
            + ", ".join(f"{k} = {v}" for k, v in exact.items())
            + (f" ({why})" if why else "")
        )

    def value(self, exact: Mapping[str, sp.Basic], dps: int) -> Evaluation:
        """The evaluation protocol: ``dps`` correct digits at checked exact inputs (see
        :mod:`symbolic.evaluate.methods`)."""
        return self.method.value(self, exact, dps)

    def ball(self, exact: Mapping[str, sp.Basic], prec: int) -> Ball:
        """The evaluation protocol: an Arb ball with ≥ ``prec`` bits that contains the exact
        value at checked exact inputs, or :class:`~symbolic.certify.NotCertifiable`."""
        return self.method.ball(self, exact, prec)

    def _keep_arb_shortcut(self) -> FirstPrecision:
        """Build, keep and return :attr:`_arb_first` (the closed form's compiled program looked up once)."""
        self._arb_first = _first_precision_for(self)
        return self._arb_first

    def __getstate__(self):
        state = self.__dict__.copy()
        state["_arb_first"] = None  # a closure over the compiled program: rebuilt on first use
        return state

    def mpmath_value(self, exact: Mapping[str, sp.Rational], dps: int) -> mpmath.mpf:
        """The mpmath fallback evaluator at checked exact values (no enclosure)."""
        with self._evaluation_errors():
            evaluator = self.evaluator
            if evaluator is not None:
                numbers = [exact[p.name] for p in self.params if not p.is_choice]
                symbolic_point = {p.symbol: exact[p.name] for p in self.params if not p.is_choice}
                # A zero of the algorithm counts only if SymPy proves the expression is 0 there
                # (with a categorical parameter the expression need not be the chosen method's).
                chosen = any(p.is_choice for p in self.params)
                # Parameters the evaluator takes only through log / as relative quantities
                # (``magnitude_free``) cannot be absorbed by a sum: their magnitude is not counted.
                counted = [exact[p.name] for p in self.params if not p.is_choice and p.name not in self.magnitude_free]
                return evaluate_to_precision(
                    lambda: evaluator(exact, mpmath.mp.dps),
                    dps,
                    self.id,
                    input_digits(numbers),
                    input_magnitude(counted),
                    zero_proof=None if chosen else (lambda: proves_zero(self.expr, symbolic_point)),
                    point=show_point({p.name: exact[p.name] for p in self.params if not p.is_choice}),
                )
            return self._compiled({self.symbol(n): v for n, v in exact.items()}, dps)

    @contextlib.contextmanager
    def _evaluation_errors(self) -> Iterator[None]:
        """An mpmath evaluation's failures as an :class:`EvaluationError` naming this formula (once)."""
        try:
            yield
        except EvaluationError as exc:
            if str(exc).startswith(self.id + ":"):
                raise
            raise EvaluationError(f"{self.id}: {exc}") from exc
        except (OverflowError, ZeroDivisionError, MemoryError) as exc:
            raise EvaluationError(
                f"{self.id}: the mpmath evaluation failed at these inputs ({type(exc).__name__}: {exc})"
            ) from exc

    def certify(self, prec: int = 100, **params: ExactInput) -> Ball:
        """An Arb ball (python-flint) that provably contains the exact value at ``params``.

        Its relative accuracy is at least ``prec`` bits (or the ball is exact).
        Parameters are parsed exactly and the hypotheses checked as in
        :meth:`evaluate`.  Formulas with ``inverse=`` are certified through the final
        step of the root finding; a formula that cannot be certified raises
        :class:`symbolic.certify.NotCertifiable`, never returns a made-up interval.
        See :func:`symbolic.certify.certify`.
        """
        from .certify import certify  # python-flint is optional: imported on use

        return certify(self, prec, **params)

    def float_function(self) -> Callable:
        """Vectorised float64 evaluator over the parameters in order, for plots only.

        Checks the hypotheses on every element (NumPy) and raises
        :class:`HypothesisError` if one fails; float64 accuracy, no guarantees.
        """
        import numpy as np

        fn = float_function(self.evaluation_expr, self.symbols)
        plain_symbols = [sp.Symbol(n) for n in self.names]
        checks = [(h, float_function(h.relation, plain_symbols)) for h in self.all_hypotheses()]

        def run(*args):
            arrays = [np.asarray(a, dtype=float) for a in args]
            for hyp, test in checks:
                ok = np.broadcast_to(test(*arrays), np.broadcast(*arrays).shape)
                if not np.all(ok):
                    bad = tuple(np.broadcast_to(a, ok.shape)[~ok][0] for a in arrays)
                    raise HypothesisError(self.id, hyp.text, dict(zip(self.names, bad)))
            return np.asarray(fn(*arrays), dtype=float)

        return run

    def __repr__(self) -> str:
        return f"Formula({self.id!r}, params={list(self.names)})"
