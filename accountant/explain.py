"""``account --explain``: for the user's run, which settings each theorem needs (neighbouring relation, loss
class, batching, clipping, constraint set and other keys, the theorem's conditions), which of them the run
meets, and the smallest change that would make the theorem apply, where one exists.

Read from the bounds' declarations (:class:`derivations.privacy.bounds.Regime`) through the registry, the
same data :func:`accountant.applicability.inapplicable_reason` checks; nothing here is specific to a paper.

Neighbouring relation: every theorem declares the relation its proof covers.  The five papers' proofs are
all for replace-one neighbours; no add-remove argument is given in them and none is derived here, so an
add-remove run gets no last-iterate theorem (said plainly), only the all-iterates accountant.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import sympy as sp

from derivations.privacy.run import RUN_MEANING, RUN_SYMBOLS, loss_satisfies

from .applicability import _BATCH_WORDS, _condition_value, batching_satisfies, inapplicable_reason, loss_words
from .run_description import Run, parse_run


@dataclass
class Check:
    setting: str  # "neighbouring relation", "loss", "batching", "clipping", "key 'diameter'", "condition"
    needs: str
    met: bool | None  # None: cannot be decided from the run (a key is missing)
    change: str | None = None  # the smallest change that would meet it, where one exists

    def as_json(self) -> dict:
        return {"setting": self.setting, "needs": self.needs, "met": self.met, "change": self.change}


@dataclass
class TheoremCoverage:
    id: str
    title: str
    relation: str
    applies: bool
    checks: list[Check] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "relation": self.relation,
            "applies": self.applies,
            "checks": [c.as_json() for c in self.checks],
        }


@dataclass
class Explanation:
    run: Run
    theorems: list[TheoremCoverage]

    def as_json(self) -> dict:
        return {"run": self.run.as_json(), "theorems": [t.as_json() for t in self.theorems]}

    def __str__(self) -> str:
        r = self.run
        ok = [t for t in self.theorems if t.applies]
        lines = [
            f"coverage for this run: {r.loss} loss, {r.batching} batches, "
            + ("clipped" if r.clipped else "unclipped")
            + (f", constraint set of diameter {r['diameter']}" if r.has("diameter") else ", unconstrained")
            + f", {r.adjacency} neighbours",
            f"{len(ok)} of {len(self.theorems)} theorems have every setting they need"
            + (": " + "; ".join(t.title for t in ok) if ok else ""),
            "(the all-iterates accountant needs none of these settings: it is always computed)",
        ]
        missing = sorted((sum(c.met is not True for c in t.checks), t.title, t) for t in self.theorems if not t.applies)
        closest = [m for m in missing if m[0] == missing[0][0]] if missing else []
        if closest and not ok:
            lines.append(
                "closest (fewest settings to change): "
                + "; ".join(
                    f"{title}: " + ", ".join(c.change or f"meet '{c.needs}'" for c in t.checks if c.met is not True)
                    for _, title, t in closest[:3]
                )
            )
        for t in self.theorems:
            lines.append("")
            lines.append(
                f"{t.title} ({t.id}) — proof covers {t.relation} neighbours — "
                + ("APPLIES" if t.applies else "does not apply")
            )
            for c in t.checks:
                mark = "ok " if c.met else ("?  " if c.met is None else "NO ")
                lines.append(
                    f"  {mark}{c.setting}: needs {c.needs}" + (f" → {c.change}" if c.change and not c.met else "")
                )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Explanation: {sum(t.applies for t in self.theorems)} of {len(self.theorems)} theorems apply>"


def _divisor_near(n: int, b: int) -> int | None:
    """The divisor of n closest to b (ties: the smaller), for 'b | n' conditions (n up to 10^12 scanned by √n)."""
    if n > 10**12:
        return None
    best = None
    for d in range(1, math.isqrt(n) + 1):
        if n % d == 0:
            for c in (d, n // d):
                if best is None or (abs(c - b), c) < (abs(best - b), best):
                    best = c
    return best


def _condition_change(req, run: Run) -> str | None:
    """A change that meets a theorem's condition on the run: b | n → the nearest divisor; a condition on the
    step size η alone → the range of η it allows (solved exactly); else None."""
    expr = sp.sympify(req.condition)
    b, n, eta = RUN_SYMBOLS["batch_size"], RUN_SYMBOLS["n"], RUN_SYMBOLS["step_size"]
    if "divide" in req.text and run.has("batch_size"):
        d = _divisor_near(int(run["n"]), int(run["batch_size"]))
        return f"use a batch size that divides n = {run['n']} (nearest: b = {d})" if d else None
    if eta in expr.free_symbols:
        others = {RUN_SYMBOLS[k]: v for k, v in run.values.items() if k in RUN_SYMBOLS and RUN_SYMBOLS[k] != eta}
        try:
            rel = expr.xreplace(others)
            if rel.free_symbols != {eta}:
                return None
            sol = sp.solve_univariate_inequality(rel, eta, relational=False).intersect(sp.Interval.open(0, sp.oo))
        except Exception:  # noqa: BLE001 -- a suggestion only
            return None
        if sol is sp.S.EmptySet:
            return "no step size meets it at this run's other values"
        return f"a step size η in {sol} (this run: η = {run['step_size']})"
    _ = (b, n)
    return None


_KEY_CHANGE = {
    "diameter": "constrain the iterates to a ball (project onto it) and give its diameter D",
    "M": "give the smoothness constant M (the gradient's Lipschitz constant)",
    "m": "give the strong-convexity constant m (e.g. the weight of an L2 regulariser)",
    "epochs": "run a whole number of epochs (steps a multiple of ⌈n/b⌉)",
    "clip": "clip per-example gradients to a norm C",
    "holder_exponent": "give the Hölder exponent of the gradient",
    "holder_constant": "give the Hölder constant of the gradient",
}


def coverage(bound, run: Run) -> TheoremCoverage:
    from .report import _title

    reg = bound.regime
    checks = []
    rel_ok = bound.relation == run.adjacency
    checks.append(
        Check(
            "neighbouring relation",
            bound.relation,
            rel_ok,
            None
            if rel_ok
            else (
                f"the paper's proof covers {bound.relation} neighbours only; no {run.adjacency} argument is given there "
                f"or derived here, so no change to the run makes it apply under {run.adjacency} (use adjacency "
                f"{bound.relation} if that is the relation you mean)"
            ),
        )
    )
    loss_ok = any(loss_satisfies(run.loss, x) for x in reg.losses)
    wanted = loss_words(reg.losses)
    change = None
    if not loss_ok:
        if "strongly-convex" in reg.losses and run.loss == "convex":
            change = (
                "add an L2 regulariser (m/2)‖θ‖² to make the loss m-strongly convex (declare loss strongly-convex, m)"
            )
        else:
            change = f"a loss of that class (declare loss {' or '.join(reg.losses)} if your loss is one)"
    checks.append(Check("loss", wanted, loss_ok, change))
    batch_ok = any(batching_satisfies(run.batching, x) for x in reg.batchings)
    words = ", ".join(_BATCH_WORDS.get(x, x) for x in reg.batchings)
    checks.append(
        Check(
            "batching",
            words,
            batch_ok,
            None
            if batch_ok
            else (
                f"use {_BATCH_WORDS.get(reg.batchings[0], reg.batchings[0])}"
                + (" (b = n)" if reg.batchings == ("full",) else "")
            ),
        )
    )
    if reg.clipping != "allowed":
        need = "per-example clipping" if reg.clipping == "required" else "no clipping (its contraction argument)"
        ok = run.clipped if reg.clipping == "required" else not run.clipped
        chg = (
            "clip per-example gradients (give clip C)"
            if reg.clipping == "required"
            else "train without clipping, giving the gradient sensitivity Δ (e.g. from a Lipschitz loss)"
        )
        checks.append(Check("clipping", need, ok, None if ok else chg))
    for key in reg.needs:
        ok = run.has(key)
        checks.append(
            Check(f"key '{key}'", RUN_MEANING.get(key, key), ok, None if ok else _KEY_CHANGE.get(key, f"give '{key}'"))
        )
    for req in reg.requires:
        value, missing = _condition_value(req.condition, run)
        if missing:
            checks.append(
                Check("condition", req.text.removeprefix("needs "), None, f"give {', '.join(missing)} to decide it")
            )
            continue
        ok = value is sp.true
        checks.append(
            Check("condition", req.text.removeprefix("needs "), ok, None if ok else _condition_change(req, run))
        )
    applies = inapplicable_reason(bound, run) is None
    return TheoremCoverage(bound.id, _title(bound), bound.relation, applies, checks)


def explain(run, registry=None) -> Explanation:
    """The coverage map of every declared (valid) theorem at ``run``."""
    from symbolic.registry import registry as _registry

    from .report import _bounds

    run = parse_run(run)
    bounds, _ = _bounds(registry or _registry())
    return Explanation(run, [coverage(b, run) for b in bounds if b.valid])
