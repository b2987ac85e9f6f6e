"""``verify``: run every claim and report verdicts; exit 0 iff none is unexpected.

What it prints: on a terminal, a progress bar on stderr (claims done / total, elapsed time, the
paper being checked; rich); off a terminal, one line per paper on stderr.  Then, on stdout, a table
per paper fitted to :data:`WIDTH` columns (the method truncated; ``--json`` has every text in
full), and last, every unexpected or UNKNOWN claim with its reason and the command that reproduces
it, and the summary.  ``--quiet``: no table and no progress, only the closing lines.  Text that
comes from a verdict (which may come from the cache) is escaped before it reaches the terminal.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import time
from typing import TYPE_CHECKING, Iterable, Sequence, cast

from ..cache import VerdictCache, cached_paper, disabled_by_environment, run_claims_cached, store_manifest
from ..errors import UnknownIdError
from ..registry import Registry, paper_index, registry
from ..runner import ClaimRecord, Result, run_claims
from ..verdict import Status

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

    from ..claims import Claim

#: The table's width (at most; a narrower terminal narrows it).
WIDTH = 120

NAME = "verify"
HELP = "check every claim (or one paper's) and report the verdicts"


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("claims", nargs="*", metavar="CLAIM", help="only these claims (IDs as 'list --claims' shows them)")
    p.add_argument("--paper", metavar="KEY", help="only this paper's claims")
    p.add_argument("--json", action="store_true", help="machine-readable output, every text in full")
    p.add_argument(
        "--quiet", action="store_true", help="no table and no progress: only the unexpected claims and the summary"
    )
    p.add_argument("--jobs", type=int, default=None, help="claims checked in parallel (default: all cores)")
    p.add_argument(
        "--budget-scale",
        metavar="FACTOR",
        type=_positive_fraction,
        default=None,
        help="multiply every claim's CPU-time budget by FACTOR (say 1/3: the verdicts a machine three times "
        "slower would give; a verdict that changes is fragile).  Implies --no-cache",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="re-prove every claim (default: reuse verdicts of unchanged claims from the user cache "
        "directory; see symbolic.cache)",
    )


def _positive_fraction(text: str) -> float:
    from fractions import Fraction

    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"expected a positive number such as 1/3 or 0.5, not {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"the budget scale must be positive, not {text}")
    return float(value)


def summarize(results: Sequence[Result[ClaimRecord]]) -> dict[str, int]:
    counts = {s.value: 0 for s in Status}
    for r in results:
        counts[r.verdict.status.value] += 1
    return {"total": len(results), **counts, "unexpected": sum(r.unexpected for r in results)}


def run(args: argparse.Namespace) -> int:
    reg = registry()
    start = time.monotonic()
    scale = args.budget_scale
    if args.claims and args.paper:
        raise UnknownIdError("give claim IDs or --paper KEY, not both")
    progress = None if args.quiet else _Progress(start)
    cache = None if scale is not None or args.no_cache or disabled_by_environment() else VerdictCache()
    claims: list[Claim] | Iterable[Claim] | None
    try:
        if args.claims:
            claims = [reg.claim(cid) for cid in dict.fromkeys(args.claims)]
        elif cache is None:
            # Nothing to look up first: each paper loads while the previous one's claims run.  (The
            # cache holds verdicts at the declared budgets: a scaled run re-checks everything.)
            claims = reg.iter_claims(args.paper)
        else:
            claims = None  # keyed paper by paper: a paper whose verdicts are all cached is not loaded
        results: Sequence[Result[ClaimRecord]]
        if claims is None:
            assert cache is not None  # no claims looked up: only with the cache
            results, cached = _run_cached(args, reg, cache, progress)
        else:
            if progress:
                progress.begin(reg, args.paper, claims)
            if cache is None:
                results, cached = (
                    run_claims(claims, jobs=args.jobs, budget_scale=scale or 1.0, progress=progress),
                    set(),
                )
            else:
                assert isinstance(claims, list)  # the claims given: lazily loaded papers only without the cache
                results, cached = run_claims_cached(claims, paper_index(), cache, jobs=args.jobs, progress=progress)
    finally:
        if progress:
            progress.end()
    elapsed = time.monotonic() - start
    summary = summarize(results)
    if args.json:
        out = {
            "claims": [
                {
                    "id": r.claim.id,
                    "paper": r.claim.paper,
                    "source": r.claim.source.cite(),
                    "kind": r.claim.kind,
                    "expect": r.claim.expect,
                    "status": r.verdict.status.value,
                    "method": r.verdict.method,
                    "seconds": round(r.verdict.seconds, 3),
                    "cpu_seconds": round(r.verdict.cpu_seconds, 3),
                    "budget": r.claim.budget,
                    "cached": i in cached,
                    "evidence": r.verdict.evidence,
                    **({"counterexample": r.verdict.counterexample} if r.verdict.counterexample else {}),
                    **({"obligations": [o.as_dict() for o in r.verdict.obligations]} if r.verdict.obligations else {}),
                    **({"erratum": r.claim.erratum} if r.claim.erratum else {}),
                }
                for i, r in enumerate(results)
            ],
            "summary": summary,
            **({"budget_scale": scale} if scale is not None else {}),
        }
        # JSON escapes C0 controls itself; C1 controls (U+009B is a CSI) and bidirectional overrides are
        # escaped too, as \u.... (they occur only inside strings, so the text stays the same JSON)
        text = json.dumps(out, indent=2, ensure_ascii=False)
        print(_UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text))
    else:
        if not args.quiet:
            print_table(results, reg)
        print_problems(results)
        print(
            f"\n{summary['total']} claims: {summary['proved']} proved, {summary['checked']} checked, "
            f"{summary['refuted']} refuted, {summary['unknown']} unknown; "
            f"{summary['unexpected']} unexpected ({elapsed:.1f} s"
            + (f"; budgets scaled by {scale:g}" if scale is not None else "")
            + (f"; {len(cached)} verdicts from the cache, --no-cache re-proves them)" if cached else ")")
        )
    return 0 if summary["unexpected"] == 0 else 1


def _run_cached(
    args: argparse.Namespace,
    reg: Registry,
    cache: VerdictCache,
    progress: _Progress | None,
    modules: dict[str, str] | None = None,
) -> tuple[list[Result[ClaimRecord]], set[int]]:
    """Every claim of ``--paper`` (or of every paper) with the cache: a paper whose manifest and verdicts are
    all cached is not loaded (:func:`symbolic.cache.cached_paper`); the others are loaded, keyed claim by
    claim, run where missed, and their manifests stored.  Returns ``(results, cached indices)``.  ``modules``:
    paper key → module (default: the installed papers' entry points)."""
    modules = paper_index() if modules is None else modules
    keys = [args.paper] if args.paper else reg.keys()
    if args.paper:
        reg.paper(args.paper)  # an unknown key is an error, as before
    claims: list[ClaimRecord] = []
    known: dict[int, Result[ClaimRecord]] = {}
    loaded: list[str] = []
    for key in keys:
        hit = cached_paper(cache, key, modules.get(key)) if key in modules else None
        if hit is not None:
            for recorded in hit:
                known[len(claims)] = recorded
                claims.append(recorded.claim)
        else:
            loaded.append(key)
            claims.extend(reg.claims(key))
    if progress:
        progress.begin(reg, args.paper, claims)
        for i in sorted(known):
            progress(known[i])
    todo = [i for i in range(len(claims)) if i not in known]
    verdict_keys: list[str | None] = []
    # not known: loaded from its paper (a Claim, not a record)
    torun = [cast("Claim", claims[i]) for i in todo]
    ran, ran_cached = run_claims_cached(torun, modules, cache, jobs=args.jobs, progress=progress, keys_out=verdict_keys)
    results = dict(known)
    cached = set(known)
    by_paper: dict[str, tuple[list[Claim], list[str | None]]] = {}
    for j, (i, result) in enumerate(zip(todo, ran)):
        results[i] = result
        if j in ran_cached:
            cached.add(i)
        c = torun[j]
        by_paper.setdefault(c.paper, ([], []))
        by_paper[c.paper][0].append(c)
        by_paper[c.paper][1].append(verdict_keys[j])
    for key in loaded:
        module = modules.get(key)
        paper = reg.paper(key)
        if module is None or key not in by_paper or not paper.registered_by_modules():
            continue  # claims added at run time are keyed one by one, never recorded
        papers_claims, papers_keys = by_paper[key]
        if len(papers_claims) == len(paper.claims):
            store_manifest(cache, key, module, papers_claims, papers_keys)
    return [results[i] for i in range(len(claims))], cached


# ---------------------------------------------------------------------------
# Progress: a bar on a terminal, one line per paper elsewhere (both on stderr).


class _Progress:
    """The ``progress`` callback of :func:`symbolic.runner.run_claims`: counts results per paper."""

    def __init__(self, start: float):
        self.start = start
        self.done = 0
        self.total: int | None = None
        self.per_paper: dict[str, list[int]] = {}  # paper -> [done, total, unexpected]
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.last: str | None = None
        self.printed: set[str] = set()
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.bar = Progress(
                TextColumn("verify"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("{task.description}"),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()  # shown before the papers load
            self.task = self.bar.add_task("loading the papers", total=None)

    def begin(self, reg: Registry, paper: str | None, claims: Iterable[ClaimRecord]) -> None:
        """Totals: every claim's paper when ``claims`` is a list; else (papers still to load) each
        paper's count from its item index, where the paper index cache has it."""
        if isinstance(claims, list):
            for c in claims:
                self.per_paper.setdefault(c.paper, [0, 0, 0])[1] += 1
        else:
            for key in [paper] if paper else reg.keys():
                try:
                    count = len(reg.item_index(key)["claims"]) if reg.index_cache is not None else None
                except Exception:  # the count is cosmetic: the paper's own load reports any error
                    count = None
                if count is None:
                    self.per_paper.clear()
                    break
                self.per_paper[key] = [0, count, 0]
        self.total = sum(v[1] for v in self.per_paper.values()) if self.per_paper else None
        if self.bar is not None and self.task is not None:  # the task is added with the bar
            self.bar.update(self.task, total=self.total, description="")

    def __call__(self, result: Result[ClaimRecord]) -> None:
        self.done += 1
        paper = result.claim.paper
        counts = self.per_paper.setdefault(paper, [0, 0, 0])
        counts[0] += 1
        counts[2] += bool(result.unexpected)
        if self.bar is not None:
            if self.task is not None:  # the task is added with the bar
                self.bar.update(self.task, completed=self.done, description=paper)
            return
        if self.last not in (None, paper) and self.last not in self.printed and not self.per_paper[self.last][1]:
            self._line(self.last)  # its total was unknown: the next paper's first verdict ends it
        self.last = paper
        if counts[0] == counts[1]:
            self._line(paper)

    def _line(self, paper: str) -> None:
        done, _, unexpected = self.per_paper[paper]
        self.printed.add(paper)
        print(
            f"verify: {paper}: {done} claims checked, {unexpected} unexpected "
            f"({time.monotonic() - self.start:.1f} s elapsed)",
            file=sys.stderr,
            flush=True,
        )

    def end(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            return
        for paper, counts in self.per_paper.items():
            if counts[0] and paper not in self.printed:
                self._line(paper)


# ---------------------------------------------------------------------------
# Text.

_UNSAFE_IN_JSON = re.compile(r"[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: object) -> str:
    """``text`` with every control character (escape sequences, carriage returns, bidirectional
    overrides) shown as a ``\\x..``/``\\u....`` escape: verdict text may come from the cache."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))


def _fit(text: str, width: int) -> str:
    text = printable(text).replace("\n", " ")
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def _width() -> int:
    if sys.stdout.isatty():
        return max(80, min(WIDTH, shutil.get_terminal_size().columns))
    return WIDTH


def reproduce_command(claim_id: str) -> str:
    return f"python -m symbolic verify {claim_id} --no-cache"


def print_problems(results: Sequence[Result[ClaimRecord]]) -> None:
    """The closing lines: every unexpected or UNKNOWN claim, its reason and how to reproduce it."""
    problems = [r for r in results if r.unexpected or r.verdict.status is Status.UNKNOWN]
    if not problems:
        return
    width = _width()
    print(f"\n{len(problems)} claim{'s' * (len(problems) != 1)} unexpected or UNKNOWN:")
    for r in problems:
        label = "UNEXPECTED" if r.unexpected else "UNKNOWN"
        print(f"  {label} {printable(r.claim.id)}: expected {r.claim.expect}, got {r.verdict.status.value}")
        reason = r.verdict.method + (f" -- {r.verdict.evidence}" if r.verdict.evidence else "")
        print(f"    reason: {_fit(reason, width - 12)}")
        print(f"    reproduce: {reproduce_command(printable(r.claim.id))}")


def print_table(results: Sequence[Result[ClaimRecord]], reg: Registry) -> None:
    """One table per paper, each line at most :func:`_width` columns: the claim's ID without its
    paper's prefix (an ID too long for its column stands on its own line), its source and kind, the
    verdict (an unexpected one flagged with the expectation), the seconds, and the method (truncated:
    ``--json`` has every text in full)."""
    width = _width()
    by_paper: dict[str, list[Result[ClaimRecord]]] = {}
    for r in results:
        by_paper.setdefault(r.claim.paper, []).append(r)
    for paper, rows in by_paper.items():
        title = reg.paper(paper).title if paper in reg.keys() else paper
        print(f"\n== {_fit(f'{paper}: {title}', width - 3)}")
        names = [r.claim.id[len(paper) + 1 :] if r.claim.id.startswith(paper + "/") else r.claim.id for r in rows]
        id_w = min(36, max(len(n) for n in names))
        src_w = min(16, max(len(r.claim.source.label) for r in rows))
        method_w = width - (id_w + src_w + 12 + 8 + 6 + 10)
        print(f"{'id':{id_w}}  {'source':{src_w}}  {'kind':12}  {'verdict':8}  {'sec':>6}  method")
        for name, r in zip(names, rows):
            if len(name) > id_w:
                print(printable(name))
                name = ""
            flag = f" <-- UNEXPECTED (expected {r.claim.expect})" if r.unexpected else ""
            print(
                f"{printable(name):{id_w}}  {_fit(r.claim.source.label, src_w):{src_w}}  {_fit(r.claim.kind, 12):12}  "
                f"{str(r.verdict.status):8}  {r.verdict.seconds:6.2f}  "
                f"{_fit(r.verdict.method, method_w - len(flag))}{flag}"
            )
            if r.verdict.status is Status.REFUTED or r.unexpected:
                print(f"{'':{id_w}}  evidence: {_fit(r.verdict.evidence, width - id_w - 12)}")
