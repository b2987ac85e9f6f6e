"""The accountant's result: every declared bound's row, the best, the all-iterates baseline, heuristics.

:func:`account` is the Python API (``from accountant import account``).  The result renders as
a table in Jupyter (``_repr_html_``), as text (``str``) and as the JSON contract of issue 16
(:meth:`Account.as_json`)::

    {"run": {...}, "delta": "...", "bounds": [{"id", "label", "applies", "reason", "currency",
     "relation", "value", "epsilon", "interval", "certified", "caveat"}], "best": {"id", "epsilon", "caveat"},
     "all_iterates": {"method", "epsilon", ...}, "heuristics": [...]}

(with ``--epsilon`` the target key is ``"epsilon"`` and each row carries ``"delta"``).  ``caveat`` (null when
the interval encloses the bound's own exact value at the target) names the search's choices the value is certified
at — the RDP order α, free parameters, a theorem's minimiser found by its evaluator: the reported number is a valid
bound certified at that choice, at least the bound's optimum over it, not a certificate of the optimum; the text
table's "certified at" column and the HTML table show the same.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath

from symbolic.certify import NotCertifiable
from symbolic.errors import EvaluationError, HypothesisError, InputError, SymbolicError
from symbolic.exact import parse_exact
from symbolic.registry import registry as _registry

from .applicability import inapplicable_reason
from .baseline import Baseline, all_iterates
from .conversion import NotConvertible, convert
from .evaluation import NotEvaluable
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

    def as_json(self, target: str) -> dict:
        return {
            "id": self.id,
            "label": self.label,
            "applies": self.applies,
            "reason": self.reason,
            "currency": self.currency,
            "relation": self.relation,
            "value": self.value,
            target: self.result,
            "interval": list(self.interval) if self.interval else None,
            "certified": self.certified and self.interval is not None,
            "caveat": self.caveat,
            **({"error": True} if self.error else {}),
        }


@dataclass
class Account:
    run: Run
    target: str  # "epsilon" (ε at the given δ) or "delta"
    given: str  # the δ (or ε) requested, as typed
    rows: list[Row]
    all_iterates: Baseline | None
    heuristics: list[Heuristic] = field(default_factory=list)
    unavailable: dict = field(default_factory=dict)  # paper key -> why it could not be loaded

    @property
    def given_name(self) -> str:
        return "delta" if self.target == "epsilon" else "epsilon"

    @property
    def applicable(self) -> list[Row]:
        return [r for r in self.rows if r.applies and r.result is not None]

    @property
    def best(self) -> Row | None:
        rows = self.applicable
        return min(rows, key=lambda r: Fraction(parse_exact(r.result).p, parse_exact(r.result).q)) if rows else None

    @property
    def advantage(self) -> float | None:
        """all-iterates / best (how much the last-iterate analysis saves), when both exist."""
        best = self.best
        if best is None or self.all_iterates is None or best.estimate in (None, 0):
            return None
        if self.all_iterates.estimate is None or self.all_iterates.relation != self.run.adjacency:
            return None
        return self.all_iterates.estimate / best.estimate

    def as_json(self) -> dict:
        best = self.best
        out = {
            "run": self.run.as_json(),
            self.given_name: self.given,
            "bounds": [r.as_json(self.target) for r in self.rows],
            "best": (
                {
                    "id": best.id,
                    "label": best.label,
                    self.target: best.result,
                    "certified": best.certified,
                    "caveat": best.caveat,
                }
                if best
                else None
            ),
            "all_iterates": self.all_iterates.as_json() if self.all_iterates else None,
            "heuristics": [h.as_json() for h in self.heuristics],
        }
        if self.unavailable:
            out["unavailable_papers"] = dict(self.unavailable)
        return out

    # -- rendering --------------------------------------------------------------------------
    def _header(self) -> str:
        sym = "ε" if self.target == "epsilon" else "δ"
        given = "δ" if self.target == "epsilon" else "ε"
        return f"{sym} at {given} = {self.given}"

    def __str__(self) -> str:
        sym = "ε" if self.target == "epsilon" else "δ"
        r = self.run
        lines = [
            (
                f"Last-iterate accounting ({self._header()}): {r.loss} loss, {r.batching} batches, "
                f"n = {r['n']}, b = {r['batch_size']}, T = {r['steps']}, η = {r['step_size']}, "
                f"s = {r['noise_std']}, Δ = {r['gradient_sensitivity']}"
            ),
            (
                f"neighbouring relation: {r.adjacency} (every bound below is stated for it, bounds for another "
                "relation are listed as not applicable, and the baseline and heuristic use it too)"
            ),
        ]
        lines.append("")
        lines.append(
            f"{'bound':44} {'currency':8} {sym + ' (certified, rounded up)':27} {'certified at':24} value in its currency"
        )
        caveats = False
        for row in self.rows:
            if row.applies and row.result is not None:
                shown = row.result + ("" if row.certified else " (not certified)")
                at = row.caveat_short or "its exact value"
                caveats = caveats or bool(row.caveat)
                lines.append(f"{row.id:44} {row.currency:8} {shown:27} {at:24} {row.value}")
        if caveats:
            lines.append(CAVEAT_LEGEND)
        skipped = [row for row in self.rows if not (row.applies and row.result is not None)]
        best = self.best
        lines.append("")
        lines.append(
            f"best last-iterate bound: {best.id} ({best.label}), {sym} ≤ {best.result}"
            + ("" if best.certified else " (NOT CERTIFIED: search value of a custom algorithm, rounded up)")
            + (
                f" (certified at the {best.caveat_short[:-11]} a search chose: see 'certified at')"
                if best.caveat
                else ""
            )
            if best
            else "best last-iterate bound: none applies to this run"
        )
        if self.all_iterates:
            b = self.all_iterates
            if not b.available:
                lines.append(f"all iterates (baseline, {b.relation} neighbours): not available — {b.reason}")
            else:
                shown = b.result if b.result is not None else f"{b.estimate:.12g} (search value, not certified)"
                lines.append(
                    f"all iterates (baseline, not last-iterate; {b.relation} neighbours): {sym} = {shown}  [{b.method}]"
                )
            adv = self.advantage
            if adv is not None:
                lines.append(f"last-iterate advantage: all-iterates / best = {adv:.4g}")
        if skipped:
            lines.append("")
            lines.append("not applicable:")
            for row in skipped:
                lines.append(f"  {row.id}: {row.reason}")
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
        sym = "ε" if self.target == "epsilon" else "δ"
        e = html.escape
        best = self.best
        head = (
            f"<p><b>Last-iterate accounting</b>, {e(self._header())}: {e(self.run.loss)} loss, "
            f"{e(self.run.batching)} batches, T = {e(str(self.run['steps']))}, "
            f"<b>{e(self.run.adjacency)}</b> neighbours</p>"
        )
        rows = []
        for r in self.rows:
            ok = r.applies and r.result is not None
            mark = " ★" if best is not None and r is best else ""
            rows.append(
                "<tr>"
                + "".join(
                    f"<td>{c}</td>"
                    for c in (
                        e(r.id) + mark,
                        e(r.label),
                        e(r.currency),
                        "yes" if ok else "no",
                        e((r.result or "") + (" (not certified)" if ok and not r.certified else "")),
                        e(f"[{r.interval[0]}, {r.interval[1]}]" if r.interval else ("not certified" if ok else "")),
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
            "<table><thead><tr><th>bound</th><th>theorem</th><th>currency</th><th>applies</th>"
            f"<th>{sym} (certified, rounded up)</th><th>certified interval</th><th>certified at</th>"
            "<th>value / reason</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        )
        foot = []
        if any(r.caveat for r in self.rows if r.applies and r.result is not None):
            foot.append(e(CAVEAT_LEGEND))
        if best:
            foot.append(
                f"<b>best</b>: {e(best.id)}, {sym} ≤ {e(best.result)}" + ("" if best.certified else " (not certified)")
            )
        if self.all_iterates:
            b = self.all_iterates
            foot.append(
                f"<b>all iterates</b> (baseline, {e(b.relation)} neighbours): "
                + (
                    f"{sym} = {e(str(b.result))} <i>({e(b.method)})</i>"
                    if b.available
                    else f"not available — {e(b.reason)}"
                )
            )
            if self.advantage is not None:
                foot.append(f"last-iterate advantage (all-iterates / best): {self.advantage:.4g}")
        for h in self.heuristics:
            foot.append(f"<b>heuristic, not a bound</b>: {e(h.name)}: {sym} ≈ {e(str(h.result))}")
        return head + table + "".join(f"<p>{f}</p>" for f in foot)


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
    point = getattr(getattr(bound, "certifier", None), "certified_at", None)
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


def account(
    run,
    delta=None,
    *,
    epsilon=None,
    certify: bool = True,
    heuristics: bool = True,
    baseline: bool = True,
    registry=None,
) -> Account:
    """Account for ``run`` (a dict, JSON file/string or :class:`Run`) at ``delta`` (ε at δ) or at
    ``epsilon`` (δ at ε), exact strings.  Every declared bound of every registered paper is listed:
    whether it applies and why not, its value in its currency and the converted, certified value."""
    run = parse_run(run)
    if (delta is None) == (epsilon is None):
        raise InputError("account: give exactly one of delta (ε at δ) and epsilon (δ at ε)")
    if delta is not None:
        d = parse_exact(delta, "account: delta")
        if not 0 < d < 1:
            raise InputError(f"account: delta must satisfy 0 < δ < 1, not {d}")
        target, given, kw = "epsilon", str(delta), {"delta": d}
    else:
        e = parse_exact(epsilon, "account: epsilon")
        if e < 0:
            raise InputError(f"account: epsilon must be ≥ 0, not {e}")
        target, given, kw = "delta", str(epsilon), {"epsilon": e}
    bounds, unavailable = _bounds(registry or _registry())
    rows = []
    for bound in bounds:
        row = Row(
            bound.id, bound.label, bound.output.currency, bound.relation, False, valid=bound.valid, note=bound.note
        )
        reason = inapplicable_reason(bound, run)
        if reason is not None:
            row.reason = reason
            rows.append(row)
            continue
        try:
            try:
                conv = convert(bound, run, certify=certify, **kw)
            except NotCertifiable:
                # a custom-algorithm formula has no Arb enclosure: its mpmath value, labelled uncertified
                conv = convert(bound, run, certify=False, **kw)
                row.certified = False
        except HypothesisError as exc:
            row.reason = f"{bound.label}: the formula's hypothesis '{exc.hypothesis}' fails at this run ({exc})"
        except NotConvertible as exc:
            row.applies = True
            row.reason = f"applies, but gives no guarantee here: {exc}"
        except (NotEvaluable, EvaluationError) as exc:  # EvaluationError: the algorithm refuses (not supported)
            row.applies = True
            row.reason = f"applies, but not evaluated: {exc}"
        except Exception as exc:  # noqa: BLE001 -- one faulty bound is reported on its row, never used
            row.error = True
            row.reason = f"error while evaluating this bound (reported, not used): {type(exc).__name__}: {exc}"
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
    base = all_iterates(run, certify=certify, **kw) if baseline else None
    heur = [linear_loss_heuristic(run, **kw)] if heuristics else []
    return Account(run, target, given, rows, base, heur, unavailable)
