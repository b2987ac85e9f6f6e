"""A standalone Python module of mpmath evaluators generated from the verified expressions.

Each exported formula becomes a function ``name(param, ..., dps=30)`` that

* parses its inputs exactly (``fractions.Fraction``; floats refused),
* checks the parameter domains and hypotheses exactly, raising ``ValueError``,
* decides every ``Piecewise`` condition exactly on those rationals, and
* evaluates the formula's ``evaluation_expr`` (printed with the package's mpmath
  code printer, :class:`symbolic.evaluate.expressions._Printer`) at rising working precision by
  the package's own rule, whose source (:mod:`symbolic.evaluate.settle`) is copied verbatim: a
  nonzero value once two runs agree above the inputs' magnitude, and never a zero it
  cannot prove (the module has no SymPy, so a computed zero is an ``ArithmeticError``).

Formulas declared with ``inverse=`` are exported as a bisection on the exported
forward function.  Formulas computed by a custom algorithm, or using a function
the printer cannot express exactly, are listed as not exported, with the reason.

The module imports only the standard library and mpmath.  Its header records the
source, the SHA-256 of each expression's ``srepr``, the verdicts and the library
versions; run as a script it re-evaluates values recorded at export time and
exits with status 1 if any differs.
"""

from __future__ import annotations

import ast
import inspect
import keyword
import re
import textwrap

import mpmath
import sympy as sp
from sympy.printing.pycode import PythonCodePrinter

from .. import exact_numbers as exact_module
from ..evaluate import expressions as numeric_module
from ..evaluate import roots as roots_module
from ..evaluate import settle as settle_module
from ..evaluate.expressions import _Printer, geometric_sum, index_range
from ..sampling import sample_points
from .records import Bundle, FormulaRecord, expression_hash

#: Digits of the values recorded for the self-check.
RECORD_DPS = 30
#: Points recorded per formula.
RECORD_POINTS = 3


class NotExportable(Exception):
    """The formula cannot be exported honestly as a standalone evaluator (reason in the message)."""


def function_name(formula_id: str) -> str:
    name = re.sub(r"\W", "_", formula_id.replace("/", "__").replace("-", "_").replace(".", "_"))
    return name if name.isidentifier() and not keyword.iskeyword(name) else "f_" + name


def _var(name: str, suffix: str) -> str:
    return f"{name}{suffix}"


class _ExactPrinter(PythonCodePrinter):
    """Prints a rational-valued expression or relation as exact ``Fraction`` arithmetic.

    Parameters become ``<name>_q`` (their Fraction values); other symbols (summation
    indices) keep their names.  Anything that is not exact rational arithmetic
    (a non-integer power, a transcendental function) raises :class:`NotExportable`.
    """

    def __init__(self, params: set[str]):
        super().__init__({"fully_qualified_modules": True})
        self.params = params

    def _print_Symbol(self, expr):
        return _var(expr.name, "_q") if expr.name in self.params else expr.name

    def _print_Rational(self, expr):
        return f"Fraction({expr.p}, {expr.q})"

    def _print_Integer(self, expr):
        return f"Fraction({expr.p})"

    def _print_Pow(self, expr, rational=False):
        if expr.exp.is_integer and not expr.exp.is_Integer:  # a summation index or an integer parameter
            return f"({self._print(expr.base)})**int({self._print(expr.exp)})"
        if not expr.exp.is_Integer:
            raise NotExportable(f"the condition uses the non-rational power {expr}")
        return f"({self._print(expr.base)})**({int(expr.exp)})"

    def _print_Sum(self, expr):
        loops = " ".join(
            f"for {self._print(i)} in map(Fraction, index_range({self._print(a)}, {self._print(b)}))"
            for i, a, b in expr.limits
        )
        return f"(builtins.sum(({self._print(expr.function)}) {loops}))"

    def _print_floor(self, expr):
        return f"math.floor({self._print(expr.args[0])})"

    def _print_ceiling(self, expr):
        return f"math.ceil({self._print(expr.args[0])})"

    def _print_Abs(self, expr):
        return f"abs({self._print(expr.args[0])})"

    def _print_Relational(self, expr):
        op = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}[expr.rel_op]
        return f"({self._print(expr.lhs)} {op} {self._print(expr.rhs)})"

    def _print_BooleanTrue(self, expr):
        return "True"

    def _print_BooleanFalse(self, expr):
        return "False"

    def _print_Function(self, expr):
        raise NotExportable(f"the condition uses {expr.func}, which has no exact rational evaluation")

    def _print_Float(self, expr):
        raise NotExportable(f"the condition contains the float {expr}")

    def _print_NumberSymbol(self, expr):
        raise NotExportable(f"the condition uses the irrational constant {expr}")


class _ValuePrinter(_Printer):
    """The package's mpmath printer with ``Piecewise`` conditions printed exactly."""

    def __init__(self, params: set[str]):
        super().__init__({"fully_qualified_modules": True, "allow_unknown_functions": False, "strict": True})
        self.exact = _ExactPrinter(params)

    def _print_Piecewise(self, expr):
        out = "_no_branch()"
        for piece, cond in reversed(expr.args):
            if cond == sp.true:
                out = self._print(piece)
            else:
                out = f"(({self._print(piece)}) if {self.exact.doprint(cond)} else ({out}))"
        return out

    def _print_Function(self, expr):
        name = expr.func.__name__
        if hasattr(mpmath, name):  # e.g. erfinv: printed by lambdify from the mpmath namespace
            return f"mpmath.{name}({', '.join(self._print(a) for a in expr.args)})"
        raise NotExportable(f"no mpmath function for {name}")

    def _print_Float(self, expr):
        raise NotExportable(f"the expression contains the float {expr}")


def _docstring(rec: FormulaRecord) -> str:
    f = rec.formula
    lines = [f.title or f.id, "", f"{f.id} — {f.source.cite()}"]
    if f.source.note:
        lines.append(f"Note: {f.source.note}")
    lines.append(
        "Parameters: " + ", ".join(f"{p.name} ({p.description})" if p.description else p.name for p in f.params)
    )
    hyps = [h.text for h in f.all_hypotheses()]
    lines.append("Hypotheses (checked exactly; ValueError if violated): " + ("; ".join(hyps) or "none"))
    lines.append(f"Returns an mpmath mpf with dps significant digits. Evaluation: {rec.evaluation_kind()}.")
    return "\n".join(lines).replace("\\", "\\\\").replace('"""', "'''")


def _checks(rec: FormulaRecord, printer: _ExactPrinter) -> list[str]:
    f = rec.formula
    lines = []
    for h in f.all_hypotheses():
        code = printer.doprint(h.relation)
        involved = "{" + ", ".join(f"{n!r}: {_var(n, '_q')}" for n in sorted(h.names)) + "}"
        lines.append(f"_require({code}, {f.id!r}, {h.text!r}, {involved})")
    return lines


def _closed_form_function(rec: FormulaRecord) -> str:
    f = rec.formula
    names = list(f.names)
    params = set(names)
    exact_printer = _ExactPrinter(params)
    value_printer = _ValuePrinter(params)
    checks = _checks(rec, exact_printer)
    body = value_printer.doprint(f.evaluation_expr)
    missing: set[sp.Basic] = getattr(value_printer, "_not_supported", set())
    if missing:
        raise NotExportable(f"not expressible in mpmath: {sorted(map(str, missing))}")
    try:  # an exact (Fraction) evaluation, which proves a zero, exists for rational-valued formulas
        zero_test = f"({_ExactPrinter(params).doprint(f.evaluation_expr)}) == 0"
    except (NotExportable, sp.printing.codeprinter.PrintMethodNotImplementedError):
        zero_test = None
    name = function_name(f.id)
    args = ", ".join(names)
    parse = [f"{_var(n, '_q')} = _exact({n}, {f.id!r}, {n!r})" for n in names]
    convert = [f"{n} = _mpf({_var(n, '_q')})" for n in names]
    proof = ["", "    def exactly_zero():", f"        return {zero_test}"] if zero_test is not None else []
    inputs = f"({', '.join(_var(n, '_q') for n in names)},)"
    return "\n".join(
        [
            f"def {name}({args}, dps=30):",
            textwrap.indent(f'"""{_docstring(rec)}\n"""', "    "),
            *("    " + line for line in parse + checks),
            "",
            "    def value():",
            *("        " + line for line in convert),
            f"        return {body}",
            *proof,
            "",
            f"    return _settle(value, dps, {f.id!r}, {inputs}, {tuple(names)!r}, "
            f"{'exactly_zero' if proof else 'None'})",
        ]
    )


def _inverse_function(rec: FormulaRecord, exported: dict[str, str]) -> str:
    f = rec.formula
    inv = f.inverse
    assert inv is not None, f"{f.id} is not an inverse"  # render() sends only inverse formulas here
    if inv.forward.id not in exported:
        raise NotExportable(f"its forward formula {inv.forward.id} is not exported")
    names = list(f.names)
    params = set(names)
    exact_printer = _ExactPrinter(params)
    checks = _checks(rec, exact_printer)
    lower = exact_printer.doprint(
        sp.sympify(inv.lower).xreplace({inv.forward.symbol(n): sp.Symbol(n) for n in inv.forward.names if n in params})
    )
    fixed = [n for n in inv.forward.names if n != inv.solve_for]
    call_fixed = ", ".join(f"{n}={_var(n, '_q')}" for n in fixed)
    name = function_name(f.id)
    forward = exported[inv.forward.id]
    parse = [f"{_var(n, '_q')} = _exact({n}, {f.id!r}, {n!r})" for n in names]
    return "\n".join(
        [
            f"def {name}({', '.join(names)}, dps=30):",
            textwrap.indent(
                f'"""{_docstring(rec)}\n\nComputed by the package root finder (solve_monotone) on {forward} (exported above): the '
                f'smallest {inv.solve_for} >= lower with {forward}(...) <= {inv.target}.\n"""',
                "    ",
            ),
            *("    " + line for line in parse + checks),
            "",
            "    def forward(x, digits):",
            f"        return {forward}({call_fixed}, {inv.solve_for}=x, dps=digits)",
            "",
            f"    return _invert(forward, Fraction({lower}), {_var(inv.target, '_q')}, dps, {f.id!r})",
        ]
    )


_RUNTIME = '''
import builtins
import math
import re
import sys
from fractions import Fraction

import mpmath
from mpmath import mpf

# The package's exact number grammar and limits (symbolic.exact_numbers), copied at export time.
_NUMBER = re.compile(__NUMBER_PATTERN__, re.VERBOSE | re.ASCII)
_MAX_DIGITS = __MAX_DIGITS__
_MAX_EXPONENT = __MAX_EXPONENT__
_MAX_DPS = __MAX_DPS__
MAX_LOOP_TERMS = __MAX_LOOP_TERMS__


def _exact(value, formula, name):
    """A parameter value as an exact Fraction, by the package's parser: str such as '0.1',
    '1/3', '1e-200' (ASCII digits, no '_'), int, Fraction; floats and booleans refused."""
    where = f"{formula}: parameter {name}"
    if isinstance(value, bool):
        raise ValueError(f"{where}: a boolean is not a number.")
    if isinstance(value, float):
        raise ValueError(f"{where}: got the float {value!r}; pass the value as a string (e.g. '{value!r}') "
                         "so it is parsed exactly.")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, Fraction):
        return value
    if not isinstance(value, str) or not _NUMBER.match(value):
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:40] + "..."
        raise ValueError(f"{where}: cannot parse {shown} as an exact number (ASCII digits) "
                         "(accepted: integers, decimals such as 0.1 or 1e-200, fractions such as 1/3).")
    body = re.sub(r"\\s+", "", value)
    mantissa, _, exponent = body.lower().partition("e")
    if len(re.sub(r"\\D", "", mantissa)) > _MAX_DIGITS:
        raise ValueError(f"{where}: the value has more than {_MAX_DIGITS} digits.")
    if exponent and abs(int(exponent)) > _MAX_EXPONENT:
        raise ValueError(f"{where}: the exponent is beyond ±{_MAX_EXPONENT}.")
    num, _, den = body.partition("/")
    if den and int(den) == 0:
        raise ValueError(f"{where}: {value!r} divides by zero.")
    return Fraction(body)


def _check_dps(dps, formula):
    if isinstance(dps, bool) or not isinstance(dps, int) or not 1 <= dps <= _MAX_DPS:
        raise ValueError(f"{formula}: dps must be an integer from 1 to {_MAX_DPS}, not {dps!r}")


def _mpf(q):
    return mpmath.mpf(q.numerator) / q.denominator


def _show(v):
    if isinstance(v, Fraction) and v.numerator.bit_length() + v.denominator.bit_length() > 400:
        with mpmath.workdps(17):
            return "≈ " + mpmath.nstr(_mpf(v), 17)
    return str(v)


def _require(ok, formula, text, values):
    if not ok:
        shown = ", ".join((f"{k} {t}" if t.startswith("≈") else f"{k} = {t}")
                          for k, t in ((k, _show(v)) for k, v in values.items()))
        raise ValueError(f"{formula}: hypothesis '{text}' is violated by {shown}.")


def _no_branch():
    raise ArithmeticError("no Piecewise branch applies")


# __SETTLE__


def _settle(thunk, dps, name, inputs=(), names=(), exactly_zero=None):
    """The package's mpmath evaluation (symbolic.evaluate.expressions.evaluate_to_precision runs the same
    ``settle`` above): a nonzero value once two runs agree above the inputs' magnitude, a zero
    only when ``exactly_zero()`` proves it (exact Fraction arithmetic, for rational-valued
    formulas; this module has no SymPy): an mpf rounded to dps digits."""
    _check_dps(dps, name)
    point = show_point(names, inputs)
    return settle(thunk, dps, name, input_digits(inputs), input_magnitude(inputs), exactly_zero, point)


# __SOLVE_MONOTONE__


def _invert(forward, lower, target, dps, name):
    """Smallest x >= lower with forward(x) <= target, for a non-increasing forward: the package's
    root finder (solve_monotone above), the forward evaluated at exact dyadic points with 10
    extra digits, to dps digits."""
    _check_dps(dps, name)
    digits = dps + 10
    with mpmath.workdps(digits):

        def value(x):
            man, exp = x.man_exp
            exact = Fraction(int(man) * 2 ** int(exp)) if exp >= 0 else Fraction(int(man), 2 ** int(-exp))
            return forward(exact, digits)

        root = solve_monotone(value, _mpf(target), lower=_mpf(lower), increasing=False, name=name, clamp=True)
    with mpmath.workdps(dps):
        return +root
'''

_SELFCHECK = '''

def _selfcheck():
    """Re-evaluate the recorded values; print each comparison; 1 if any differs."""
    failures = 0
    for fname, params, dps, recorded in RECORDED:
        got = globals()[fname](**params, dps=dps)
        with mpmath.workdps(dps + 10):
            want = mpmath.mpf(recorded)
            # Equal up to one unit in the last recorded digit (mpmath versions may round
            # the final digit differently).
            ok = abs(got - want) <= abs(want) * mpmath.mpf(10) ** (1 - dps) if want else got == 0
        text = mpmath.nstr(got, dps)
        print(("ok      " if ok else "DIFFERS ") + f"{fname}({params}) = {text} (recorded {recorded})")
        failures += not ok
    print(f"{len(RECORDED) - failures}/{len(RECORDED)} recorded values reproduced")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(_selfcheck())
'''


def _module_source(module, what: str) -> str:
    """The source of an engine module that imports only the standard library and mpmath, without
    its docstring: the exported module runs the engine's own code, copied, so the two cannot drift."""
    tree = ast.parse(inspect.getsource(module))
    body = tree.body[1:] if isinstance(tree.body[0], ast.Expr) else tree.body
    lines = inspect.getsource(module).splitlines()
    start = body[0].lineno - 1
    header = f"# {what} ({module.__name__}), copied verbatim.\n"
    return header + "\n".join(lines[start:]).strip("\n")


def _settle_source() -> str:
    """:mod:`symbolic.evaluate.settle`, the package's precision rule (see :func:`_module_source`)."""
    return _module_source(settle_module, "The package's precision rule")


def _roots_source() -> str:
    """:mod:`symbolic.evaluate.roots`, the package's root finder (see :func:`_module_source`)."""
    return _module_source(roots_module, "The package's root finder")


def _record_points(formula, n: int = RECORD_POINTS) -> list[dict[str, str]]:
    """Up to ``n`` points in the formula's domain (the engine's seeded candidate sets)."""
    plain_to_param = {sp.Symbol(p.name): p.symbol for p in formula.params}
    where = [h.relation.xreplace(plain_to_param) for h in formula.hypotheses]
    points = []
    for point in sample_points(formula.symbols, where=where, n=12 * n, seed=0):
        values = {s.name: str(v) for s, v in point.items()}
        try:
            formula.check(**values)
            formula.evaluate(dps=RECORD_DPS, **values)
        except (ValueError, ArithmeticError):
            continue
        points.append(values)
        if len(points) == n:
            break
    return points


def _header(bundle: Bundle, exported: list[FormulaRecord], skipped: dict[str, str]) -> str:
    lines = [
        f"Formulas exported by `python -m symbolic export` ({bundle.scope}).",
        "",
        "Generated code: do not edit.  Requires only mpmath; run as a script to re-check",
        "the values recorded at export time (exit status 1 if any differs).",
        "",
        "Libraries at export: " + ", ".join(f"{k} {v}" for k, v in bundle.versions.items()),
        "",
    ]
    for rec in exported:
        f = rec.formula
        lines.append(f"{f.id} -> {function_name(f.id)}()")
        lines.append(f"    source: {f.source.cite()} — {rec.paper.citation}")
        lines.append(f"    sha256(srepr(expr)) = {expression_hash(f.expr)}")
        if f.numeric is not None:
            lines.append(f"    sha256(srepr(numeric form evaluated)) = {expression_hash(f.numeric)}")
        for cr in rec.claims:
            flag = " (UNEXPECTED)" if cr.result.unexpected else ""
            lines.append(f"    {cr.verdict.status.value.upper():8} {cr.claim.id} [expected {cr.claim.expect}]{flag}")
        if not rec.claims:
            lines.append("    (no claim covers this formula)")
    if skipped:
        lines.append("")
        lines.append("Not exported:")
        for fid, why in skipped.items():
            lines.append(f"    {fid}: {why}")
    text = "\n".join(lines).replace("\\", "\\\\").replace('"""', "'''")
    return f'"""{text}\n"""'


def render(bundle: Bundle) -> str:
    """The module's source code."""
    exported: dict[str, str] = {}
    functions: list[str] = []
    kept: list[FormulaRecord] = []
    skipped: dict[str, str] = {}
    records = list(bundle.records)
    # An inverse needs its forward formula: export it too (after the formulas asked for).
    ids = {r.id for r in records}
    for rec in list(records):
        inv = rec.formula.inverse
        if inv is not None and inv.forward.id not in ids:
            records.insert(0, FormulaRecord(inv.forward, rec.paper, []))
            ids.add(inv.forward.id)
    for rec in sorted(records, key=lambda r: r.formula.inverse is not None):
        f = rec.formula
        try:
            if f.inverse is not None:
                code = _inverse_function(rec, exported)
            elif f.evaluator is not None:
                raise NotExportable("computed by a custom algorithm (evaluator=); not exported")
            else:
                code = _closed_form_function(rec)
        except NotExportable as exc:
            skipped[f.id] = str(exc)
            continue
        except sp.printing.codeprinter.PrintMethodNotImplementedError as exc:
            skipped[f.id] = f"not expressible in mpmath ({exc})".splitlines()[0]
            continue
        exported[f.id] = function_name(f.id)
        functions.append(code)
        kept.append(rec)
    recorded = []
    for rec in kept:
        for values in _record_points(rec.formula):
            value = rec.formula.evaluate(dps=RECORD_DPS, **values)
            recorded.append((function_name(rec.id), values, RECORD_DPS, mpmath.nstr(value, RECORD_DPS)))
    runtime = (
        _RUNTIME.replace("__NUMBER_PATTERN__", repr(exact_module._NUMBER.pattern))
        .replace("__MAX_DIGITS__", str(exact_module.MAX_DIGITS))
        .replace("__MAX_EXPONENT__", str(exact_module.MAX_EXPONENT))
        .replace("__MAX_DPS__", str(numeric_module.MAX_DPS))
        .replace("# __SETTLE__", _settle_source())
        .replace("# __SOLVE_MONOTONE__", _roots_source())
        .replace("__MAX_LOOP_TERMS__", str(numeric_module.MAX_LOOP_TERMS))
    )
    parts = [
        _header(bundle, kept, skipped),
        runtime.strip("\n"),
        "",
        "# The package's O(1) geometric-sum helper (symbolic.evaluate.expressions.geometric_sum), used by printed sums.",
        inspect.getsource(geometric_sum).strip("\n"),
        "",
        "# The package's bounded summation range (symbolic.evaluate.expressions.index_range).",
        inspect.getsource(index_range).strip("\n"),
        "",
    ]
    parts += [code + "\n" for code in functions]
    parts.append("EXPORTED = " + repr(exported))
    parts.append("NOT_EXPORTED = " + repr(skipped))
    parts.append("RECORDED = [\n" + "".join(f"    {r!r},\n" for r in recorded) + "]")
    return "\n\n".join(parts).rstrip("\n") + "\n" + _SELFCHECK
