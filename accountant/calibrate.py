"""``account RUN --target-epsilon E --delta D --calibrate KEY``: the least noise (``noise_multiplier`` or
``noise_std``) or the most ``steps`` / ``epochs`` for which the guarantee for the released last iterate (the
least of the applicable theorems and the all-iterates accountant, :attr:`accountant.report.Account.best`) is
at most E at δ = D.

The guarantee is monotone in each of these keys (more noise or fewer steps never costs more privacy; each
theorem and the baseline are), but not continuous — a theorem can stop applying when a condition on the
key fails — so the search is on the predicate "guarantee ≤ E", not on a root of a continuous function
(the engine's root finder, :func:`symbolic.solve_monotone`, solves the latter): a bracket [lo, hi] with the predicate
false at one end and true at the other, found by doubling, then bisected (geometrically for noise, on
integers for counts) to a relative width of :data:`REL_TOL`.  The search uses uncertified values
(``certify=False``); the answer is rounded in the safe direction to the requested digits and the guarantee
is then computed **certified at the returned value** (or labelled as dp-accounting's float64 estimate when
that is what achieves it), and the answer is refused if that value exceeds E.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from symbolic.certify import directed_decimal
from symbolic.errors import InputError
from symbolic.exact_numbers import parse_exact

from .report import Account, _exact, parse_target
from .run_description import MAX_COUNT, parse_run

#: Relative width of the final bracket (noise) — the answer is within 0.01 % of the least noise.
REL_TOL = Fraction(1, 10**4)
#: Most doublings / halvings when bracketing (a factor 2^60 either way).
MAX_DOUBLINGS = 60
NOISE = ("noise_multiplier", "noise_std")
COUNTS = ("steps", "epochs")
_COUNTERPART = {"noise_multiplier": "noise_std", "noise_std": "noise_multiplier", "steps": "epochs", "epochs": "steps"}


@dataclass
class Calibration:
    key: str
    target_epsilon: str
    delta: str
    value: str  # the answer (exact decimal)
    bracket: tuple[str, str]  # (fails, passes) for noise; (passes, fails) for counts
    result: Account  # the certified account at the answer
    evaluations: int

    @property
    def guarantee(self) -> str:
        return self.result.best.result

    def as_json(self) -> dict:
        best = self.result.best
        return {
            "calibrate": self.key,
            "value": self.value,
            "target_epsilon": self.target_epsilon,
            "delta": self.delta,
            "bracket": list(self.bracket),
            "epsilon": best.result,
            "certified": best.certified,
            "achieved_by": best.as_json("epsilon"),
            "evaluations": self.evaluations,
            "run": self.result.run.as_json(),
        }

    def __str__(self) -> str:
        best = self.result.best
        what = "least" if self.key in NOISE else "most"
        tag = (
            "certified"
            if best.certified
            else (
                "a float64 estimate by dp-accounting, not certified"
                if best.source == "all-iterates"
                else "not certified"
            )
        )
        lo, hi = self.bracket
        side = (
            f"the guarantee exceeds ε = {self.target_epsilon} at {self.key} = {lo} and is within it at {hi}"
            if self.key in NOISE
            else f"the guarantee is within ε = {self.target_epsilon} at {self.key} = {lo} and exceeds it at {hi}"
        )
        # A noise level is bisected to a relative width, not found exactly: say how near the least it is.
        how = f"the {what} {self.key} with that guarantee" + (
            f", to within {float(REL_TOL) * 100:g} % (the search bracket below)" if self.key in NOISE else ""
        )
        return (
            f"{self.key} = {self.value}: guarantee ε ≤ {self.target_epsilon} at δ = {self.delta}; {how}\n"
            f"at that value: ε ≤ {self.result.show(best.result)} ({tag}), from "
            + ("the all-iterates accountant" if best.source == "all-iterates" else best.title)
            + f"\nsearch bracket: {side} ({self.evaluations} evaluations)"
        )


def calibrate(run, *, key: str, target_epsilon, delta="1e-5", digits: int = 6) -> Calibration:
    """See the module docstring."""
    if key not in NOISE + COUNTS:
        raise InputError(f"account: --calibrate takes one of {', '.join(NOISE + COUNTS)}, not {key!r}")
    run = parse_run(run)
    E = parse_exact(target_epsilon, "account: --target-epsilon")
    if E <= 0:
        raise InputError(f"account: --target-epsilon must be > 0, not {target_epsilon}")
    parse_target(delta=delta)  # range-checked once
    Ef = Fraction(int(E.p), int(E.q))
    if key == "noise_multiplier" and not run.clipped:
        raise InputError("account: --calibrate noise_multiplier needs a clipped run (clip C); calibrate noise_std")
    count = [0]

    def variant(x) -> dict:
        given = dict(run.given)
        given.pop(_COUNTERPART[key], None)
        if key in ("noise_multiplier", "noise_std"):
            given.pop("noise_std" if key == "noise_multiplier" else "noise_multiplier", None)
        given[key] = _text(x)
        return given

    # the screened account: a paper none of whose theorems can apply to the run is not imported
    from . import account

    def ok(x) -> bool:
        count[0] += 1
        res = account(variant(x), delta=delta, certify=False, heuristics=False)
        best = res.best
        return best is not None and _exact(best.result) <= Ef

    if key in NOISE:
        x0 = Fraction(str(sp.Rational(run[key]))) if run.has(key) else Fraction(1)
        lo = hi = x0
        if ok(x0):
            for _ in range(MAX_DOUBLINGS):
                lo = lo / 2
                if not ok(lo):
                    break
            else:
                raise InputError(
                    f"account: the guarantee is ≤ {target_epsilon} even at {key} = {_text(lo)}; no least noise found"
                )
        else:
            for _ in range(MAX_DOUBLINGS):
                hi = hi * 2
                if ok(hi):
                    break
            else:
                raise InputError(f"account: the guarantee exceeds {target_epsilon} even at {key} = {_text(hi)}")
            lo = hi / 2
        while hi - lo > REL_TOL * hi:
            mid = _short((lo + hi) / 2)
            if ok(mid):
                hi = mid
            else:
                lo = mid
        value = Fraction(directed_decimal(hi, digits, upward=True))  # more noise: never a larger ε
        bracket = (_text(lo), _text(hi))
    else:
        T0 = int(run[key]) if run.has(key) else 1
        lo_ok, hi_bad = None, None
        if ok(T0):
            lo_ok, x = T0, T0
            for _ in range(MAX_DOUBLINGS):
                x *= 2
                if x > MAX_COUNT:
                    raise InputError(
                        f"account: the guarantee stays ≤ {target_epsilon} at every {key} checked up to {lo_ok} "
                        f"(the largest count a run may have is {MAX_COUNT:.0e}): no most {key} to report"
                    )
                if not ok(x):
                    hi_bad = x
                    break
                lo_ok = x
            else:
                raise InputError(f"account: the guarantee stays ≤ {target_epsilon} up to {key} = {x}")
        else:
            hi_bad, x = T0, T0
            while x > 1:
                x //= 2
                if ok(x):
                    lo_ok = x
                    break
                hi_bad = x
            if lo_ok is None:
                raise InputError(f"account: the guarantee exceeds {target_epsilon} even at {key} = 1")
        while hi_bad - lo_ok > 1:
            mid = (lo_ok + hi_bad) // 2
            if ok(mid):
                lo_ok = mid
            else:
                hi_bad = mid
        value = Fraction(lo_ok)
        bracket = (str(lo_ok), str(hi_bad))
    final = account(variant(value), delta=delta, heuristics=False, digits=digits)
    if final.best is None or _exact(final.best.result) > Ef:
        raise InputError(
            f"account: the search's answer {key} = {_text(value)} gives "
            f"{final.best.result if final.best else 'no guarantee'} > {target_epsilon} when certified; "
            "no calibrated value is reported"
        )
    return Calibration(key, str(target_epsilon), str(delta), _text(value), bracket, final, count[0] + 1)


def _short(x: Fraction) -> Fraction:
    """``x`` to 12 significant digits (keeps the search's numbers short)."""
    return Fraction(directed_decimal(x, 12, upward=True))


def _text(x) -> str:
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return directed_decimal(x, 15, upward=True)
