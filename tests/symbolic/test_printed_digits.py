"""Issue #17, Done when: every number ``eval`` prints has all its printed digits correct.

For every registered formula, at seeded points drawn across hard regimes (inputs near 0, near 1
to 60 digits, huge, 1e-300), the text ``eval`` prints at 30 digits (``symbolic.cli.eval.format_value``
of ``Formula.evaluation``) is compared with an independent reference: the paper's expression
``formula.expr`` (not the evaluation form) lambdified to mpmath and evaluated at 400 and at 800
digits; the reference counts only where the two agree to 60 digits (cancellation or absorption
below 400 digits shows as disagreement, and the point is then not counted).  SymPy's ``evalf``
is not used: at |log10 value| ~ 1e122 it returned a value of the wrong sign.

A formula whose ``expr`` has no numeric value (an inverse's placeholder function, a search, an
integral, a method choice) or whose hypotheses a random draw rarely meets has an explicit
independent reference instead (``printed_digit_references``: the paper's definition in plain
mpmath, at hand-chosen hard points); every registered formula is checked by one of the two tests,
and a formula reached by neither fails.
"""

from __future__ import annotations

import random

import mpmath
import pytest
import sympy as sp
from sympy.core.function import AppliedUndef

from symbolic.budget import BudgetExceeded, time_budget
from symbolic.cli.eval import format_value
from symbolic.errors import EvaluationError, HypothesisError, InputError, SymbolicError
from symbolic.registry import registry

from printed_digit_references import REFERENCES, exact as plain, stable_value
from reference_worker import prefetched_reference

DPS = 30
POINTS = 2  # valid points per formula
TRIES = 200  # drawn points per formula (most violate some hypothesis)
ATTEMPTS = 6  # valid points per formula whose reference is tried (a reference can cost a second)
_MAGNITUDES = [-300, -60, -20, -5, -1, 0, 1, 2, 5, 20, 60]


def _value(rng: random.Random, integer: bool) -> str:
    if integer:
        return str(rng.choice([0, 1, 2, 3, 7, 100]))
    kind = rng.choice(["small", "small", "plain", "near-one", "tiny", "huge", "negative", "zero"])
    if kind == "small":
        return rng.choice(["1", "2", "3", "1/2", "37/10", "0.01", "10"])
    if kind == "near-one":
        k = rng.choice([3, 10, 30, 60])
        return f"1.{'0' * (k - 1)}1" if rng.random() < 0.5 else "0." + "9" * k
    if kind == "zero":
        return "0"
    exponent = rng.choice(_MAGNITUDES)
    exponent = -abs(exponent) - 1 if kind == "tiny" else abs(exponent) + 1 if kind == "huge" else exponent
    return ("-" if kind == "negative" else "") + f"{rng.choice(['1', '3', '0.5', '2.5'])}e{exponent}"


def _reference(formula, exact):
    """The paper's expression at ``exact`` by mpmath at 400 and 800 digits, or None when the two
    disagree in the first 60 digits, are zero or are not finite numbers.  Integer parameters are
    substituted as SymPy integers first (a sum's bound becomes a literal; ``E/ell`` prints as an
    mpmath quotient, never a Python float division), the others are the lambdified function's
    arguments, each rounded once at the working precision."""
    integers = {p.symbol: sp.Integer(exact[p.name]) for p in formula.params if p.is_integer}
    reals = [p for p in formula.params if not p.is_integer]
    try:
        fn = sp.lambdify([p.symbol for p in reals], formula.expr.xreplace(integers), modules="mpmath")
    except Exception:  # a node the mpmath printer does not know (a Product): no reference
        return None
    values = []
    for dps in (400, 800):
        with mpmath.workdps(dps):
            try:
                v = fn(*[mpmath.mpf(exact[p.name].p) / exact[p.name].q for p in reals])
            except (ArithmeticError, ValueError, TypeError):
                return None
            if not isinstance(v, mpmath.mpf) or not mpmath.isfinite(v):
                return None
            values.append(v)
    with mpmath.workdps(120):
        a, b = values
        if a == 0 or b == 0:
            return None  # two zeros are no evidence (a cancellation below 800 digits looks the same)
        if a == b:
            return a
        if abs(a - b) > abs(b) * mpmath.mpf(10) ** -60:
            return None
        return +b


def printed_digits_right(text: str, ref) -> bool:
    """``text`` (DPS significant digits) is ``ref`` rounded: within half a unit of its last digit
    (plus 1e-20 of a unit for the reference's own error)."""
    with mpmath.workdps(150):
        got = mpmath.mpf(text)
        if ref == 0:
            return got == 0
        unit = mpmath.mpf(10) ** (mpmath.floor(mpmath.log10(abs(ref))) + 1 - DPS)  # of the last printed digit
        return abs(got - ref) <= unit * mpmath.mpf("0.5") * (1 + mpmath.mpf(10) ** -20)


_COVERED: dict[str, int] = {}  # points checked per formula (read by audit scripts)


def _has_numeric_expression(formula) -> bool:
    """Whether the paper's expression is a closed form mpmath can evaluate (not an inverse's
    placeholder function, an integral, or a formula whose value depends on a method choice)."""
    expr = formula.expr
    return not (expr.atoms(AppliedUndef) or expr.has(sp.Integral) or any(p.is_choice for p in formula.params))


@pytest.mark.parametrize("fid", [f.id for f in registry().formulas()])
def test_printed_digits_match_an_independent_reference(fid):
    f = registry().formula(fid)
    if fid in REFERENCES:
        pytest.skip(f"{fid}: checked against its explicit reference (test_printed_digits_match_an_explicit_reference)")
    assert _has_numeric_expression(f), (
        f"{fid}: no numeric expression and no explicit reference in printed_digit_references"
    )
    rng = random.Random(f"issue-17:{fid}")
    checked = attempts = 0
    for _ in range(TRIES):
        if checked == POINTS or attempts == ATTEMPTS:
            break
        params = {p.name: (rng.choice(list(p.choices)) if p.is_choice else _value(rng, p.is_integer)) for p in f.params}
        try:
            exact = f.check(**params)
        except (InputError, HypothesisError):
            continue
        attempts += 1
        try:
            with time_budget(8, fid + " (reference)"):
                ref = _reference(f, exact)
        except BudgetExceeded:
            ref = None
        if ref is None:
            continue
        try:
            with time_budget(8, fid):
                e = f.evaluation_at(exact, DPS)
        except (EvaluationError, BudgetExceeded, SymbolicError):
            continue  # a clean refusal, never a wrong number
        text = format_value(e.value, DPS)
        assert printed_digits_right(text, ref), (params, text, mpmath.nstr(ref, 40), e.path)
        checked += 1
    _COVERED[fid] = checked
    assert checked, (
        f"{fid}: no 60-digit reference at the first {attempts} valid points of {TRIES} drawn; add an explicit one"
    )


@pytest.mark.parametrize("fid,point", [(fid, point) for fid, ref in sorted(REFERENCES.items()) for point in ref.points])
def test_printed_digits_match_an_explicit_reference(fid, point):
    f = registry().formula(fid)
    exact = f.check(**point)  # a reference point lies inside the formula's hypotheses
    values = {k: plain(v) for k, v in exact.items()}
    # stable_value: at 80 and 120 digits, agreeing to 60; computed ahead by the session's worker when it runs
    ref = prefetched_reference(fid, values)
    if ref is None:
        ref = stable_value(fid, values)
    with time_budget(30, fid):
        e = f.evaluation_at(exact, DPS)
    text = format_value(e.value, DPS)
    assert printed_digits_right(text, ref), (text, mpmath.nstr(ref, 40), e.path)


def test_every_explicit_reference_names_a_formula_and_has_points():
    ids = {f.id for f in registry().formulas()}
    for fid, ref in REFERENCES.items():
        assert fid in ids, fid
        assert ref.points and ref.source, fid


def test_the_comparison_rejects_a_wrong_last_digit():
    with mpmath.workdps(100):
        ref = mpmath.mpf(2) / 3
    assert printed_digits_right("0.666666666666666666666666666667", ref)
    assert not printed_digits_right("0.666666666666666666666666666666", ref)  # truncated, not rounded
    assert not printed_digits_right("0.666666666666666666666666666668", ref)
