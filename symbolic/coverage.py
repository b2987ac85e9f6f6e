"""Coverage indexes: every numbered item of a paper, and what the package did with it.

A paper encoding lists the paper's numbered items (definitions, lemmas, …, numbered
equations, tables, figures, footnotes with mathematics, algorithms), read from the paper's
text, each mapped to the formula/claim IDs that encode it, or excluded with the reason it
cannot be encoded::

    from symbolic.coverage import Item
    paper.coverage([
        Item("Lemma A.8", "lemma", ids=["lem-a.8", "lem-a.8-proof"]),
        Item("Definition 1", "definition", reason="measure-theoretic definition, no formula"),
        Item("Lemma A.10", "lemma", ids=["lem-a.10a"], partial=True, note="part (b) not encoded"),
        Item("(9)", "equation", note="not encoded yet"),          # missing: counts 0
    ])

IDs are the paper's own short IDs (``"lem-a.8"``, resolved to ``"<key>/lem-a.8"``) or full IDs
of another registered paper (``"privacy/gaussian-hockey-stick"``).

**Percentage rule** (:meth:`CoverageIndex.percentage`): items with a ``reason`` are not
encodable and are excluded; of the others an item with IDs counts 1, an item with IDs and
``partial=True`` counts ½, an item without IDs (missing) counts 0; the percentage is that sum
over the number of encodable items.

**Consistency** (:func:`check`): every ID an item names must exist (a formula or a claim); every
paper label that a registered formula or claim of the paper cites in its
:class:`~symbolic.source.Source` (``"Lemma A.4(a), eq. (24)"`` cites Lemma A.4 and equation
(24); :func:`cited_labels` says what is recognised) must be an item of the index; labels are
unique; an item has IDs or a reason, not both.  Citations of *other* works are written in
brackets (``"[2, Thm 3.1]"``) or quotes and are ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:  # annotations only: the coverage index is read without importing claims or the registry
    from .claims import Claim
    from .paper import Paper
    from .registry import Registry

#: The kinds of numbered items an index lists (``section`` is for an unnumbered but named part,
#: e.g. "Appendix B" or "the setting of §2", that holds mathematics).
KINDS = (
    "definition",
    "lemma",
    "proposition",
    "theorem",
    "corollary",
    "remark",
    "equation",
    "table",
    "figure",
    "footnote",
    "algorithm",
    "assumption",
    "example",
    "section",
)

# Abbreviations a Source label may use, → the canonical word of a label.
_WORDS = {
    "definition": "Definition",
    "definitions": "Definition",
    "def": "Definition",
    "defs": "Definition",
    "lemma": "Lemma",
    "lemmas": "Lemma",
    "lem": "Lemma",
    "proposition": "Proposition",
    "propositions": "Proposition",
    "prop": "Proposition",
    "props": "Proposition",
    "theorem": "Theorem",
    "theorems": "Theorem",
    "thm": "Theorem",
    "thms": "Theorem",
    "corollary": "Corollary",
    "corollaries": "Corollary",
    "cor": "Corollary",
    "cors": "Corollary",
    "remark": "Remark",
    "remarks": "Remark",
    "rem": "Remark",
    "table": "Table",
    "tables": "Table",
    "tab": "Table",
    "figure": "Figure",
    "figures": "Figure",
    "fig": "Figure",
    "figs": "Figure",
    "footnote": "Footnote",
    "footnotes": "Footnote",
    "algorithm": "Algorithm",
    "algorithms": "Algorithm",
    "alg": "Algorithm",
    "assumption": "Assumption",
    "assumptions": "Assumption",
    "example": "Example",
    "examples": "Example",
}
_NUM = r"(?:[A-Z]\.?)?\d+(?:\.\d+)*"
_SUB = r"(?:\s*\([a-z]+\))?"  # a sub-item or side: "(a)", "(right)"
_WORD_RE = re.compile(
    r"\b(" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")\b\.?\s*"
    r"(" + _NUM + _SUB + r"(?:\s*(?:,|and|/|–|-|&)\s*" + _NUM + _SUB + r")*)",
    re.IGNORECASE,
)
_EQ_RE = re.compile(r"(?<![\w)\]])\((\d+[a-z]?)\)")  # "(24)", not the argument in "θ_L(1)"
_BRACKETS = re.compile(r"\[[^\]]*\]")
_QUOTES = re.compile(r"(?<!\w)'[^']*'(?!\w)|“[^”]*”|‘[^’]*’")


def _expand(numbers: str) -> list[str]:
    out: list[str] = []
    numbers = re.sub(r"\s*\([a-z]+\)", "", numbers)
    parts = re.split(r"\s*(,|and|/|&|–|-)\s*", numbers)
    tokens = [p for p in parts if p]
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in ("–", "-") and out and i + 1 < len(tokens) and out[-1].isdigit() and tokens[i + 1].isdigit():
            out += [str(k) for k in range(int(out[-1]) + 1, int(tokens[i + 1]) + 1)]
            i += 2
            continue
        if re.fullmatch(_NUM, tok):
            out.append(tok)
        i += 1
    return out


def cited_labels(text: str, equations: Iterable[str] = ()) -> set[str]:
    """The base labels (``"Lemma A.4"``, ``"(24)"``) a Source label cites.

    Recognised: a kind word or its abbreviation (``Prop.``, ``Thm``, ``Cor.``, ``Fig.``, plurals)
    followed by one or more numbers (``Props. 1–3``, ``Figures 1 and 3``, ``Theorems 1/2``), and
    equation numbers in parentheses (``(24)``, ``eq. (13)``).  Sub-item suffixes such as ``(a)``
    are dropped.  Text in brackets (citations of other works) or in quotes is ignored.
    """
    text = _QUOTES.sub(" ", _BRACKETS.sub(" ", text))
    out: set[str] = set()
    for m in _WORD_RE.finditer(text):
        word = _WORDS[m.group(1).lower()]
        for num in _expand(m.group(2)):
            out.add(f"{word} {num}")
    for m in _EQ_RE.finditer(text):
        out.add(f"({m.group(1)})")
    for e in equations:
        e = str(e).strip().strip("()")
        if re.fullmatch(r"\d+[a-z]?", e):
            out.add(f"({e})")
    return out


def base_label(label: str) -> str:
    """The canonical base of an item's label: ``"Prop. 2.1(a)"`` → ``"Proposition 2.1"``;
    ``"(14)"`` → ``"(14)"``; a label with no number is returned stripped."""
    text = label.strip()
    m = re.fullmatch(r"\((\d+[a-z]?)\)", text)
    if m:
        return text
    m = _WORD_RE.match(text)
    if m and m.start() == 0:
        nums = _expand(m.group(2))
        if len(nums) == 1:
            return f"{_WORDS[m.group(1).lower()]} {nums[0]}"
    return text


@dataclass
class Item:
    """One numbered item of a paper.

    ``label`` is the paper's own (``"Lemma A.8"``, ``"(20)"``, ``"Table 2"``, ``"Proposition 2.1(a)"``);
    ``kind`` one of :data:`KINDS`; ``ids`` the formulas/claims encoding it; ``reason`` why it is not
    encodable (then it is excluded from the percentage); ``partial`` that the IDs encode only part of
    it (counts ½); ``note`` what is missing or how it is encoded.  An item with neither IDs nor a
    reason is *missing* (counts 0).
    """

    label: str
    kind: str
    ids: tuple[str, ...] = ()
    reason: str = ""
    partial: bool = False
    note: str = ""

    def __post_init__(self):
        if isinstance(self.ids, str):
            self.ids = (self.ids,)
        self.ids = tuple(self.ids)
        if self.kind not in KINDS:
            raise ValueError(f"coverage item {self.label!r}: kind must be one of {KINDS}, not {self.kind!r}")

    @property
    def status(self) -> str:
        """``excluded`` (reason given), ``partial``, ``covered`` or ``missing``."""
        if self.reason and not self.ids:
            return "excluded"
        if not self.ids:
            return "missing"
        return "partial" if self.partial else "covered"

    @property
    def weight(self) -> float | None:
        """1, ½ or 0 towards the percentage; None when excluded."""
        return {"excluded": None, "missing": 0.0, "partial": 0.5, "covered": 1.0}[self.status]


@dataclass
class CoverageIndex:
    """A paper's items, in the paper's order."""

    paper: str
    items: list[Item] = field(default_factory=list)

    def resolve(self, id: str, known_papers: Iterable[str] = ()) -> str:
        """Full ID of an item's ID: kept when it starts with this or another known paper's key."""
        head = id.split("/", 1)[0]
        if "/" in id and (head == self.paper or head in set(known_papers)):
            return id
        return f"{self.paper}/{id}"

    def find(self, label: str) -> list[Item]:
        """Items whose label or base label equals ``label`` (or its base)."""
        base = base_label(label)
        return [it for it in self.items if it.label == label or base_label(it.label) == base]

    def counts(self) -> dict[str, int]:
        out = {"covered": 0, "partial": 0, "missing": 0, "excluded": 0}
        for it in self.items:
            out[it.status] += 1
        return out

    def percentage(self) -> float:
        """100 × (covered + ½ partial) / (items not excluded); 100 when nothing is encodable."""
        weights = [it.weight for it in self.items if it.weight is not None]
        return 100.0 * sum(weights) / len(weights) if weights else 100.0


def check(index: CoverageIndex, paper: Paper, reg: Registry | None = None) -> list[str]:
    """Problems of ``index`` against the registered ``paper`` (empty when consistent).

    ``reg`` (a :class:`~symbolic.registry.Registry`) resolves IDs of other papers; without it
    only the paper's own IDs can be named.
    """
    problems: list[str] = []
    known = set(reg.keys()) if reg is not None else set()
    seen: dict[str, str] = {}
    for it in index.items:
        if it.label in seen:
            problems.append(f"{index.paper}: duplicate index label {it.label!r}")
        seen[it.label] = it.label
        if it.ids and it.reason:
            problems.append(
                f"{index.paper}: {it.label!r} has both IDs and a reason "
                "(use note= for the part not encoded, with partial=True)"
            )
        if it.partial and not it.ids:
            problems.append(f"{index.paper}: {it.label!r} is partial but names no ID")
        for raw in it.ids:
            full = index.resolve(raw, known)
            if not _exists(full, paper, reg):
                problems.append(f"{index.paper}: {it.label!r} names {full!r}, which is neither a formula nor a claim")
    bases = {base_label(it.label) for it in index.items}
    for item in list(paper.formulas.values()) + list(paper.claims.values()):
        for label in sorted(cited_labels(item.source.label, item.source.equations)):
            if label not in bases:
                problems.append(
                    f"{item.id} cites {label!r} (source {item.source.label!r}), "
                    "which is not an item of the coverage index"
                )
    return problems


def _exists(full: str, paper, reg) -> bool:
    key = full.split("/", 1)[0]
    if key == paper.key:
        return full in paper.formulas or full in paper.claims
    if reg is None:
        return False
    try:
        other = reg.paper(key)
    except Exception:
        return False
    return full in other.formulas or full in other.claims


def unindexed(index: CoverageIndex, paper: Paper, reg: Registry | None = None) -> list[str]:
    """The paper's registered IDs that no item names, neither directly nor through a formula the
    claim covers (``/numeric-form`` claims count with their formula).  Informative only."""
    known = set(reg.keys()) if reg is not None else set()
    named = {index.resolve(i, known) for it in index.items for i in it.ids}
    out = []
    for fid in paper.formulas:
        if fid not in named:
            out.append(fid)
    for cid, claim in paper.claims.items():
        if cid in named or any(f in named for f in claim.covers):
            continue
        if cid.endswith("/numeric-form") and cid[: -len("/numeric-form")] in named:
            continue
        out.append(cid)
    return out


def covering_claims(item: Item, index: CoverageIndex, paper: Paper, reg: Registry | None = None) -> list[Claim]:
    """The claims that bear on ``item``: the claims it names and the claims covering the
    formulas it names (this paper's), without duplicates, in order."""
    known = set(reg.keys()) if reg is not None else set()
    out, seen = [], set()
    for raw in item.ids:
        full = index.resolve(raw, known)
        key = full.split("/", 1)[0]
        source = paper if key == paper.key else (reg.paper(key) if reg is not None and key in known else None)
        if source is None:
            continue
        found = (
            [source.claims[full]] if full in source.claims else [c for c in source.claims.values() if full in c.covers]
        )
        for c in found:
            if c.id not in seen:
                seen.add(c.id)
                out.append(c)
    return out
