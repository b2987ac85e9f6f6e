"""The accountant's result: the guarantee to report, every declared bound's row, the all-iterates baseline,
the parts that failed, heuristics.

:func:`account` is the Python API (``from accountant import account``).  The result renders as
a table in Jupyter (``_repr_html_``), as text (``str``; its first line is the guarantee) and as the JSON
contract (:meth:`Account.as_json`)::

    {"run": {...}, "delta": "...",
     "best": {"source": "bound" | "all-iterates", "id", "label", "title", "epsilon", "certified", "caveat", "note"},
     "best_last_iterate_bound": {"id", "label", "title", "epsilon", "certified", "caveat"} | null,
     "bounds": [{"id", "label", "title", "applies", "reason", "currency", "relation", "value", "epsilon",
                 "interval", "certified", "caveat", "looser_than_all_iterates"}],
     "all_iterates": {"method", "relation", "epsilon", ...}, "heuristics": [...],
     "failures": [{"part", "reason"}]}

(with ``--epsilon`` the target key is ``"epsilon"`` and each row carries ``"delta"``).

**The guarantee** (``best``) is the least of every applicable last-iterate bound and the all-iterates
accountant: releasing only the last iterate is post-processing of releasing every iterate, so the all-iterates
ε is itself a valid last-iterate guarantee.  It names what achieved it and whether that number is certified
(the dp-accounting baselines of Poisson and without-replacement runs are float64 estimates, and say so).
A row whose bound exceeds the baseline is marked "looser than releasing all iterates".

``caveat`` (null when the interval encloses the bound's own exact value at the target) names the search's
choices the value is certified at — the RDP order α, free parameters, a theorem's minimiser found by its
evaluator: the reported number is a valid bound certified at that choice, at least the bound's optimum over
it, not a certificate of the optimum; the text table's "certified at" column and the HTML table show the same.

Each part (a row, the baseline, the heuristic) runs under its own error handling and CPU budget
(:mod:`accountant.guard`); a part that fails is listed in ``failures`` (a failed row also on its row) and the
rest is reported.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
import sympy as sp

from symbolic.certify import NotCertifiable
from symbolic.errors import EvaluationError, HypothesisError, InputError, SymbolicError
from symbolic.exact_numbers import parse_exact
from symbolic.registry import registry as _registry

from .applicability import inapplicable_reason
from .guard import Failure, describe
from .guard import budget as guard_budget
from .baseline import Baseline, all_iterates
from .conversion import NotConvertible, convert
from .heuristics import Heuristic, linear_loss_heuristic
from .run_description import Run, parse_run


@dataclass
class Row:
    id: str
    label: str
    currency: str
    relation: str
    applies: bool
    reason: str | None = None
    value: str | None = None
    result: str | None = None  # ε at δ (or δ at ε), certified upper end
    interval: tuple[str, str] | None = None
    estimate: float | None = None
    valid: bool = True
    note: str = ""
    error: bool = False
    certified: bool = True
    #: where the value is certified when that is a search's choice (see :func:`search_caveat`); None: the
    #: interval encloses the bound's own exact value at the target
    caveat: str | None = None
    caveat_short: str = ""
    #: "Bok, Su & Altschuler, Theorem 4.2": the paper and the theorem, for every row
    title: str = ""
    #: this bound exceeds the all-iterates baseline (releasing every iterate is cheaper: the row bounds nothing useful)
    looser: bool = False

    def as_json(self, target: str) -> dict:
        return {
            "id": self.id,
            "label": self.label,
            "title": self.title or self.label,
            "applies": self.applies,
            "reason": self.reason,
            "currency": self.currency,
            "relation": self.relation,
            "value": self.value,
            target: self.result,
            "interval": list(self.interval) if self.interval else None,
            "certified": self.certified and self.interval is not None,
            "caveat": self.caveat,
            "looser_than_all_iterates": self.looser,
            **({"error": True} if self.error else {}),
        }


@dataclass
class Guarantee:
    """The number to report for the released last iterate: the least of every applicable last-iterate bound
    and the all-iterates accountant (releasing only the last iterate is post-processing of releasing them all,
    so the all-iterates ε is itself a valid last-iterate guarantee)."""

    source: str  # "bound" (a last-iterate theorem) or "all-iterates" (the baseline accountant)
    id: str
    title: str
    result: str  # exact decimal, rounded up
    estimate: float | None
    certified: bool
    note: str  # what the number is, in one sentence (certified or a float64 estimate, which relation)
    row: Row | None = None

    # the old `best` was a Row: the attributes a caller reads from it still mean the same here
    @property
    def label(self) -> str:
        return self.title

    @property
    def caveat(self) -> str | None:
        return self.row.caveat if self.row is not None else None

    @property
    def valid(self) -> bool:
        return True

    def as_json(self, target: str) -> dict:
        return {
            "source": self.source,
            "id": self.id,
            "label": self.row.label if self.row is not None else self.title,
            "title": self.title,
            target: self.result,
            "certified": self.certified,
            "caveat": self.caveat,
            "note": self.note,
        }


def _exact(text: str) -> Fraction:
    q = parse_exact(text, "value")
    return Fraction(int(q.p), int(q.q))


def _value(text) -> Fraction | None:
    """A result as an exact number, or None for anything else ('inf', 'nan', None)."""
    try:
        return _exact(text)
    except (SymbolicError, TypeError, ValueError):
        return None


@dataclass
class Account:
    run: Run
    target: str  # "epsilon" (ε at the given δ) or "delta"
    given: str  # the δ (or ε) requested, as typed
    rows: list[Row]
    all_iterates: Baseline | None
    heuristics: list[Heuristic] = field(default_factory=list)
    unavailable: dict = field(default_factory=dict)  # paper key -> why it could not be loaded
    #: parts of the report that failed (the baseline, a heuristic; a failed row is also on its row)
    failures: list[Failure] = field(default_factory=list)
    #: significant digits shown in the text and HTML tables (values rounded up, intervals outward)
    digits: int = 6

    @property
    def given_name(self) -> str:
        return "delta" if self.target == "epsilon" else "epsilon"

    @property
    def sym(self) -> str:
        return "ε" if self.target == "epsilon" else "δ"

    @property
    def applicable(self) -> list[Row]:
        return [r for r in self.rows if r.applies and r.result is not None]

    @property
    def best_bound(self) -> Row | None:
        """The least applicable last-iterate theorem's row (None when no theorem gives a number)."""
        rows = [r for r in self.applicable if _value(r.result) is not None]
        return min(rows, key=lambda r: _value(r.result)) if rows else None

    @property
    def baseline_value(self) -> Fraction | None:
        """The all-iterates ε (or δ) as an exact number, when the baseline is available and finite."""
        b = self.all_iterates
        if b is None or not b.available:
            return None
        return _value(b.result)

    @property
    def best(self) -> Guarantee | None:
        """The guarantee to report: min(best applicable last-iterate bound, all-iterates baseline)."""
        row, base = self.best_bound, self.baseline_value
        b = self.all_iterates
        if base is not None and (row is None or base < _value(row.result)):
            certified = bool(b.certified and b.interval is not None)
            how = (
                "certified (an Arb enclosure of the exact GDP composition, rounded up)"
                if certified
                else "a float64 estimate by dp-accounting (not certified)"
            )
            return Guarantee(
                "all-iterates",
                "all-iterates",
                "all-iterates accountant (releasing every iterate; the last iterate is post-processing of them)",
                b.result,
                b.estimate,
                certified,
                f"{how}; {b.relation} neighbours; {b.method}",
            )
        if row is None:
            return None
        how = (
            "certified (the upper end of an Arb enclosure, rounded up)"
            if row.certified
            else "NOT CERTIFIED (search value of a custom algorithm, rounded up)"
        )
        return Guarantee(
            "bound",
            row.id,
            row.title or row.label,
            row.result,
            row.estimate,
            row.certified,
            f"{how}; {row.relation} neighbours",
            row,
        )

    @property
    def computed(self) -> bool:
        """Whether any number at all could be computed (the command exits 2 otherwise)."""
        return self.best is not None or any(h.result is not None for h in self.heuristics)

    @property
    def advantage(self) -> float | None:
        """all-iterates / best last-iterate bound (how much the last-iterate analysis saves), when both exist."""
        best = self.best_bound
        if best is None or self.all_iterates is None or best.estimate in (None, 0):
            return None
        if self.all_iterates.estimate is None or self.all_iterates.relation != self.run.adjacency:
            return None
        return self.all_iterates.estimate / best.estimate

    def as_json(self) -> dict:
        best = self.best
        bb = self.best_bound
        out = {
            "run": self.run.as_json(),
            self.given_name: self.given,
            "best": best.as_json(self.target) if best else None,
            "best_last_iterate_bound": (
                {
                    "id": bb.id,
                    "label": bb.label,
                    "title": bb.title,
                    self.target: bb.result,
                    "certified": bb.certified,
                    "caveat": bb.caveat,
                }
                if bb
                else None
            ),
            "bounds": [r.as_json(self.target) for r in self.rows],
            "all_iterates": self.all_iterates.as_json() if self.all_iterates else None,
            "heuristics": [h.as_json() for h in self.heuristics],
            "failures": [f.as_json() for f in self.failures],
        }
        if self.unavailable:
            out["unavailable_papers"] = dict(self.unavailable)
        return out

    # -- rendering --------------------------------------------------------------------------
    def _header(self) -> str:
        given = "δ" if self.target == "epsilon" else "ε"
        return f"{self.sym} at {given} = {self.given}"

    def show(self, text: str | None) -> str:
        """An exact decimal rounded up to :attr:`digits` significant digits (a bound stays a bound)."""
        return round_up(text, self.digits)

    def show_interval(self, interval) -> str:
        lo, hi = interval
        return f"[{round_down(lo, self.digits)}, {round_up(hi, self.digits)}]"

    def headline(self) -> str:
        """The first line: the ε (or δ) the user may state for the released last iterate."""
        best = self.best
        if best is None:
            return (
                f"guarantee for the released last iterate: none computed at {self._header()} "
                "(no theorem applies and no all-iterates baseline; see below why)"
            )
        tag = (
            "certified"
            if best.certified
            else (
                "float64 estimate by dp-accounting, not certified" if best.source == "all-iterates" else "NOT certified"
            )
        )
        what = (
            "the all-iterates accountant (post-processing: releasing only the last iterate costs no more)"
            if best.source == "all-iterates"
            else best.title
        )
        return f"guarantee for the released last iterate: {self.sym} ≤ {self.show(best.result)} at {self._header().split(' at ')[1]} — {what} [{tag}]"

    def __repr__(self) -> str:
        best = self.best
        return (
            f"<Account {self._header()}: {self.run.loss} loss, {self.run.batching} batches, T = "
            f"{show_number(self.run['steps'])}; guarantee "
            + (f"{self.sym} ≤ {self.show(best.result)} ({best.id})" if best else "none")
            # a printed form refuted by an erratum is listed as a row but is no theorem (as in --explain)
            + f"; {len(self.applicable)} of {sum(r.valid for r in self.rows)} theorems apply>"
        )

    def __str__(self) -> str:
        sym = self.sym
        r = self.run
        lines = [self.headline(), ""]
        lines.append(
            f"run: {r.loss} loss, {r.batching} batches, n = {show_number(r['n'])}, "
            f"b = {show_number(r['batch_size'])}, T = {show_number(r['steps'])}, η = {show_number(r['step_size'])}, "
            f"s = {show_number(r['noise_std'])}, Δ = {show_number(r['gradient_sensitivity'])}; "
            f"{r.adjacency} neighbours (every number below is for this relation)"
        )
        rows = self.applicable
        caveats = False
        if rows:
            lines.append("")
            width = max(len(row.title or row.label) for row in rows)
            lines.append(
                f"{'last-iterate theorem':{width}} {sym + ' (certified, rounded up)':26} {'certified at':20} id"
            )
            for row in rows:
                shown = self.show(row.result) + ("" if row.certified else " (not certified)")
                at = row.caveat_short or "its exact value"
                caveats = caveats or bool(row.caveat)
                name = row.title or row.label
                lines.append(
                    f"{name:{width}} {shown:26} {at:20} {row.id}"
                    + ("  — looser than releasing all iterates" if row.looser else "")
                )
            if caveats:
                lines.append(CAVEAT_LEGEND)
            bb = self.best_bound
            lines.append(
                f"best last-iterate theorem: {bb.title or bb.label} ({bb.id}), {sym} ≤ {self.show(bb.result)}"
                + ("" if bb.certified else " (NOT CERTIFIED: search value of a custom algorithm, rounded up)")
                + (
                    f" (certified at the {bb.caveat_short[:-11]} a search chose: see 'certified at')"
                    if bb.caveat
                    else ""
                )
            )
        else:
            lines.append("")
            lines.append("no last-iterate theorem gives a number for this run (reasons below; try --explain)")
        if self.all_iterates:
            b = self.all_iterates
            lines.append("")
            if not b.available:
                lines.append(f"all iterates ({b.relation} neighbours): not available — {b.reason}")
            else:
                shown = self.show(b.result) if b.result is not None else "—"
                cert = "certified" if b.certified and b.interval else "float64 estimate, not certified"
                lines.append(f"all iterates ({b.relation} neighbours): {sym} = {shown} [{cert}; {b.method}]")
            adv = self.advantage
            if adv is not None:
                lines.append(
                    f"last-iterate advantage: all-iterates / best theorem = {adv:.4g}"
                    + (" (< 1: no theorem beats releasing every iterate here)" if adv < 1 else "")
                )
        if self.failures:
            lines.append("")
            lines.append("parts that failed (reported, the rest is unaffected):")
            for f in self.failures:
                lines.append(f"  {f.part}: {f.reason}")
        skipped = [row for row in self.rows if not (row.applies and row.result is not None)]
        # Rows refused only for their neighbouring relation say one thing, once: under add-remove (Opacus' and
        # dp-accounting's default) that is every theorem, and twenty lines repeating it hid the other reasons.
        other_relation = [row for row in skipped if row.valid and row.relation != self.run.adjacency]
        if other_relation:
            relations = sorted({row.relation for row in other_relation})
            lines.append("")
            lines.append(
                f"stated for {' or '.join(relations)} neighbours only, not for this run's {self.run.adjacency} "
                f"neighbours ({len(other_relation)} theorems; no paper's argument, and no reduction proved here, "
                f"covers {self.run.adjacency}; --adjacency {relations[0]} shows what they give for that relation, "
                "a different guarantee): " + "; ".join(f"{row.title or row.label} ({row.id})" for row in other_relation)
            )
        skipped = [row for row in skipped if row not in other_relation]
        if skipped:
            lines.append("")
            lines.append("theorems that give no number here:")
            for row in skipped:
                lines.append(f"  {row.title or row.label} ({row.id}): {row.reason}")
        if self.unavailable:
            lines.append("")
            lines.append(
                "papers that could not be loaded (their bounds are missing): "
                + "; ".join(f"{k}: {v}" for k, v in self.unavailable.items())
            )
        if self.heuristics:
            lines.append("")
            lines.append("heuristics (NOT privacy guarantees; never counted as a bound):")
            for h in self.heuristics:
                lines.append(f"  {h.name}: {sym} ≈ {h.result}  ({h.note})")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        sym = self.sym
        e = html.escape
        best = self.best
        head = f"<p><b>{e(self.headline())}</b></p>" + (
            f"<p>{e(self.run.loss)} loss, {e(self.run.batching)} batches, T = {e(show_number(self.run['steps']))}, "
            f"<b>{e(self.run.adjacency)}</b> neighbours</p>"
        )
        rows = []
        for r in self.rows:
            ok = r.applies and r.result is not None
            mark = " ★" if best is not None and best.row is r else ""
            rows.append(
                "<tr>"
                + "".join(
                    f"<td>{c}</td>"
                    for c in (
                        e(r.title or r.label) + mark,
                        e(r.id),
                        "yes" if ok else "no",
                        e(
                            (self.show(r.result) if ok else "")
                            + (" (not certified)" if ok and not r.certified else "")
                            + (" — looser than releasing all iterates" if r.looser else "")
                        ),
                        e(self.show_interval(r.interval) if r.interval else ("not certified" if ok else "")),
                        (
                            f'<span title="{e(r.caveat)}">{e(r.caveat_short)}</span>'
                            if ok and r.caveat
                            else ("its exact value" if ok else "")
                        ),
                        e(r.value or "") if ok else e(r.reason or ""),
                    )
                )
                + "</tr>"
            )
        table = (
            "<table><thead><tr><th>theorem</th><th>id</th><th>applies</th>"
            f"<th>{sym} (certified, rounded up)</th><th>certified interval</th><th>certified at</th>"
            "<th>value / reason</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        )
        foot = []
        if any(r.caveat for r in self.rows if r.applies and r.result is not None):
            foot.append(e(CAVEAT_LEGEND))
        if self.all_iterates:
            b = self.all_iterates
            foot.append(
                f"<b>all iterates</b> ({e(b.relation)} neighbours): "
                + (
                    f"{sym} = {e(self.show(b.result))} <i>({e(b.method)})</i>"
                    if b.available
                    else f"not available — {e(str(b.reason))}"
                )
            )
        for f in self.failures:
            foot.append(f"<b>failed</b>: {e(f.part)}: {e(f.reason)}")
        for h in self.heuristics:
            foot.append(f"<b>heuristic, not a bound</b>: {e(h.name)}: {sym} ≈ {e(str(h.result))}")
        return head + table + "".join(f"<p>{f}</p>" for f in foot)


def round_up(text: str | None, digits: int) -> str:
    """An exact decimal string rounded up to ``digits`` significant digits ('inf', None kept)."""
    return _round(text, digits, True)


def round_down(text: str | None, digits: int) -> str:
    return _round(text, digits, False)


def _round(text, digits, upward):
    if text is None:
        return "—"
    if text in ("inf", "nan", "-inf"):
        return text
    try:
        from symbolic.certify import directed_decimal

        return directed_decimal(_exact(text), digits, upward=upward)
    except Exception:  # noqa: BLE001 -- a label, not a number: shown as is
        return str(text)


def show_number(v, digits: int = 12) -> str:
    """A run value for a message or the header: exact when short, else ≈ scientific with ``digits`` digits
    (never str() of a 5000-digit integer, which Python refuses beyond 4300 digits)."""
    from symbolic.certify import directed_decimal

    q = sp.Rational(v)
    p, d = int(q.p), int(q.q)
    if p.bit_length() < 100 and d.bit_length() < 100:
        s = str(q)
        if "/" not in s or len(s) <= 16:
            return s
    return "≈" + directed_decimal(Fraction(p, d), digits, upward=True)


CAVEAT_LEGEND = (
    "certified at: where a row names a search's choice (the RDP order α, a free parameter, a theorem's minimiser), "
    "its interval encloses the bound's value at that choice — a valid bound, at least the bound's optimum over the "
    "choice, not a certificate that the choice is optimal (JSON: 'caveat'); 'its exact value': the interval encloses "
    "the bound's exact value at the target"
)


def search_caveat(bound, conv, target: str) -> tuple[str, str | None]:
    """(short, full) description of the search's choices a row's certified value is taken at, or ("", None).

    The RDP order α (every α gives a valid ε, the best conversion is searched, not certified optimal), free
    parameters the bound holds for every value of (searched likewise), and a certifier's own ``certified_at``
    (e.g. Chien & Li: the theorem's minimum over windows and allocations, certified at the point the evaluator
    found)."""
    short, full = [], []
    alpha = conv.details.get("alpha")
    if alpha:
        short.append("α")
        full.append(f"the RDP order α = {conv.details.get('alpha_shown', alpha)} chosen by a search over α > 1")
    free = conv.details.get("free")
    if free:
        short.extend(free)
        full.append("the free parameter(s) " + ", ".join(f"{k} = {v}" for k, v in free.items()) + " chosen by a search")
    point = bound.certified_at
    if point:
        short.append("minimiser")
        full.append(point)
    if not full:
        return "", None
    sym = "ε" if target == "epsilon" else "δ"
    return ", ".join(short) + " (searched)", (
        "certified at " + "; ".join(full) + f": the {sym} reported is certified for this choice, an upper bound on "
        f"the bound's optimum {sym} over it, not that optimum itself"
    )


def _up_digits(x, digits: int) -> str:
    """An mpmath value rounded up to ``digits`` significant digits (uncertified values)."""
    from fractions import Fraction as _F

    from symbolic.certify import directed_decimal

    man, exp = (int(v) for v in mpmath.mpf(x).man_exp) if x != 0 else (0, 0)
    return directed_decimal(_F(man) * _F(2) ** exp, digits, upward=True) if x != 0 else "0"


def _bounds(registry) -> tuple[list, dict]:
    bounds, unavailable = [], {}
    for key in registry.keys():  # noqa: SIM118 (a Registry, not a dict)
        try:
            bounds.extend(registry.bounds(key))
        except SymbolicError:
            raise
        except Exception as exc:  # noqa: BLE001 -- a paper module that fails to import: reported, the rest accounted
            unavailable[key] = f"{type(exc).__name__}: {exc}"
    return bounds, unavailable


def paper_name(key: str) -> str:
    """The paper's authors as its package docstring names them ("Bok, Su & Altschuler"), else the key."""
    if key in _PAPER_NAMES:
        return _PAPER_NAMES[key]
    name = key
    try:
        import importlib

        doc = importlib.import_module("derivations." + key.replace("-", "_")).__doc__ or ""
        head = doc.strip().split(" (", 1)[0]
        if head and len(head) < 60 and "\n" not in head:
            name = head
    except Exception:  # noqa: BLE001 -- a name for a label only
        pass
    _PAPER_NAMES[key] = name
    return name


_PAPER_NAMES: dict[str, str] = {"privacy": "privacy toolkit"}


def _title(bound) -> str:
    label = bound.label
    if label.startswith("("):  # an equation number alone: say it is one
        label = "eq. " + label
    return f"{paper_name(bound.id.split('/')[0])}, {label}"


def parse_target(delta=None, epsilon=None) -> tuple[str, str, dict]:
    """(target, given, keyword) for ε at ``delta`` or δ at ``epsilon`` (exact, range-checked, bounded)."""
    if (delta is None) == (epsilon is None):
        raise InputError("account: give exactly one of delta (ε at δ) and epsilon (δ at ε)")
    if delta is not None:
        d = parse_exact(delta, "account: delta")
        if not 0 < d < 1:
            raise InputError(f"account: delta must satisfy 0 < δ < 1, not {show_number(d)}")
        if d < sp.Rational(1, 10**MAX_TARGET_EXPONENT):
            raise InputError(
                f"account: delta = {show_number(d)} is below 1e-{MAX_TARGET_EXPONENT}, the smallest δ the "
                "accountant's parts are asked for"
            )
        return "epsilon", _given(delta), {"delta": d}
    e = parse_exact(epsilon, "account: epsilon")
    if e < 0:
        raise InputError(f"account: epsilon must be ≥ 0, not {show_number(e)}")
    if e > MAX_TARGET_EPSILON:
        raise InputError(
            f"account: epsilon = {show_number(e)} is above {MAX_TARGET_EPSILON}, the largest ε the accountant's "
            "parts are asked for"
        )
    return "delta", _given(epsilon), {"epsilon": e}


def _given(text) -> str:
    s = str(text) if isinstance(text, (str, int)) and len(str(text)) <= 40 else None
    return s if s is not None else show_number(parse_exact(text, "account: target"))


#: δ below 10^-MAX_TARGET_EXPONENT is refused (its ε needs more digits than any part may use).
MAX_TARGET_EXPONENT = 1000
#: ε above this is refused.
MAX_TARGET_EPSILON = 10**6


def account(
    run,
    delta=None,
    *,
    epsilon=None,
    certify: bool = True,
    heuristics: bool = True,
    baseline: bool = True,
    registry=None,
    digits: int = 6,
    part_seconds: float | None = None,
    rough: bool = False,
) -> Account:
    """Account for ``run`` (a dict, JSON file/string or :class:`Run`) at ``delta`` (ε at δ) or at
    ``epsilon`` (δ at ε), exact strings.  Every declared bound of every registered paper is listed:
    whether it applies and why not, its value in its currency and the converted, certified value.
    The first thing to read is :attr:`Account.best`: the least of the applicable bounds and the
    all-iterates baseline.  Each part (a row, the baseline, the heuristic) runs under its own error
    handling and CPU budget (``part_seconds``, default :data:`accountant.guard.PART_CPU_SECONDS`):
    a failed part is reported (:attr:`Account.failures`, or on its row) and the rest computed.
    ``rough=True`` (with ``certify=False``: a plotted curve) searches to a few digits
    (:data:`accountant.conversion.ROUGH`)."""
    run = parse_run(run)
    target, given, kw = parse_target(delta, epsilon)
    bounds, unavailable = _bounds(registry or _registry())
    rows = []
    failures: list[Failure] = []
    for bound in bounds:
        row = Row(
            bound.id,
            bound.label,
            bound.output.currency,
            bound.relation,
            False,
            valid=bound.valid,
            note=bound.note,
            title=_title(bound),
        )
        reason = inapplicable_reason(bound, run)
        if reason is not None:
            row.reason = reason
            rows.append(row)
            continue
        try:
            with guard_budget(f"{bound.id}", part_seconds):
                try:
                    conv = convert(bound, run, certify=certify, rough=rough, **kw)
                except NotCertifiable:
                    # a custom-algorithm formula has no Arb enclosure: its mpmath value, labelled uncertified
                    conv = convert(bound, run, certify=False, rough=rough, **kw)
                    row.certified = False
        except HypothesisError as exc:
            row.reason = f"{bound.label}: the formula's hypothesis '{exc.hypothesis}' fails at this run ({_msg(exc)})"
        except NotConvertible as exc:
            row.applies = True
            row.reason = f"applies, but gives no guarantee here: {_msg(exc)}"
        except EvaluationError as exc:  # the algorithm refuses (not supported), or no digits at algebraic inputs
            row.applies = True
            row.reason = f"applies, but not evaluated: {_msg(exc)}"
        except Exception as exc:  # noqa: BLE001 -- one faulty or slow bound is reported on its row, never used
            row.applies = True
            row.error = True
            row.reason = f"failed (reported, not used): {describe(exc)}"
            failures.append(Failure(row.title, describe(exc)))
        else:
            row.applies = True
            row.value, row.result, row.interval = conv.value, conv.result, conv.interval
            row.caveat_short, row.caveat = search_caveat(bound, conv, target)
            row.certified = row.certified and conv.certified
            row.estimate = float(conv.estimate)
            if not certify or not row.certified:
                row.certified = False
                row.result = _up_digits(conv.estimate, 15)
        rows.append(row)
    rows.sort(key=lambda r: (not (r.applies and r.result is not None), r.id))
    base = None
    if baseline:
        refusal = baseline_limit(run)
        if refusal is not None:
            failures.append(Failure("all-iterates baseline", refusal))
        else:
            try:
                with guard_budget("all-iterates baseline", part_seconds):
                    base = all_iterates(run, certify=certify, **kw)
            except Exception as exc:  # noqa: BLE001 -- reported; the rows above stand on their own
                failures.append(Failure("all-iterates baseline", describe(exc)))
    cut = _value(base.result) if base is not None and base.available else None
    if cut is not None:
        for row in rows:
            v = _value(row.result) if row.applies else None
            if v is not None and v > cut:
                row.looser = True
    heur = []
    if heuristics:
        try:
            with guard_budget("heuristic", part_seconds):
                heur = [linear_loss_heuristic(run, **kw)]
        except Exception as exc:  # noqa: BLE001 -- a heuristic is never needed for the guarantee
            failures.append(Failure("Steinke et al. linear-loss heuristic", describe(exc)))
    return Account(run, target, given, rows, base, heur, unavailable, failures, digits)


def _msg(exc) -> str:
    return describe(exc).split(": ", 1)[-1]


#: Steps beyond which dp-accounting's PLD composition (Poisson baseline) is not attempted.
PLD_MAX_STEPS = 10**7
#: Noise multipliers outside [PLD_MIN_Z, PLD_MAX_Z] are not handed to dp-accounting (its discretised
#: privacy-loss distribution would need terabytes below, and its tails overflow float64 above).
PLD_MIN_Z = 0.05
PLD_MAX_Z = 1e6


def baseline_limit(run: Run) -> str | None:
    """Why the all-iterates baseline is not attempted at ``run`` (its limits), or None."""
    if run.batching not in ("poisson", "without-replacement"):
        return None
    from .baseline import sensitivity_of_sum

    T = run["steps"]
    b, s = run["batch_size"], run["noise_std"]
    # the multiplier dp-accounting is handed: b·s over the sum's sensitivity (or half of it, replace-one Poisson)
    z = b * s / sensitivity_of_sum(run)
    if T > PLD_MAX_STEPS:
        return (
            f"not attempted: T = {show_number(T)} steps is beyond the limit of {PLD_MAX_STEPS:.0e} steps for "
            "dp-accounting's composition"
        )
    if z < PLD_MIN_Z or 2 * z > PLD_MAX_Z:
        return (
            f"not attempted: the noise multiplier b·s/(sensitivity of the batch sum) = {show_number(z, 6)} is outside [{PLD_MIN_Z}, {PLD_MAX_Z:g}], "
            "the range in which dp-accounting's float64 accountants run in bounded memory and without overflow"
        )
    return None


@dataclass
class CurvePoint:
    """The guarantee at one δ of ``--curve``."""

    delta: str
    result: str | None  # exact decimal, rounded up (None: nothing computed at this δ)
    shown: str
    what: str  # which theorem or the all-iterates accountant, and whether certified
    source: str | None
    certified: bool
    estimate: float | None

    def as_json(self) -> dict:
        return {
            "delta": self.delta,
            "epsilon": self.result,
            "source": self.source,
            "what": self.what,
            "certified": self.certified,
        }


def curve(run, deltas, *, digits: int = 6, certify: bool = True) -> list[CurvePoint]:
    """The guarantee for the released last iterate at each δ in ``deltas`` (``--curve``)."""
    run = parse_run(run)
    points = []
    for d in deltas:
        res = account(run, delta=d, heuristics=False, digits=digits, certify=certify)
        best = res.best
        if best is None:
            points.append(CurvePoint(str(d), None, "—", "nothing computed", None, False, None))
            continue
        tag = (
            "certified"
            if best.certified
            else ("float64 estimate, not certified" if best.source == "all-iterates" else "not certified")
        )
        what = ("all-iterates accountant" if best.source == "all-iterates" else best.title) + f" [{tag}]"
        points.append(
            CurvePoint(res.given, best.result, res.show(best.result), what, best.id, best.certified, best.estimate)
        )
    return points
