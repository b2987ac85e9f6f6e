"""Paper: the formulas, claims, figures, bound declarations and coverage index of one source.

A paper encoding is a module that builds one module-level ``paper = Paper(...)`` and adds
its objects to it.  The registry (:mod:`symbolic.registry`) finds papers; a paper never
needs the registry.

A paper split into modules can declare them (:meth:`Paper.declare_modules`) instead of
importing them all from its package: they are then imported on demand.  Reading
:attr:`Paper.formulas`, :attr:`~Paper.claims`, :attr:`~Paper.figures`, :attr:`~Paper.bounds`
or :attr:`~Paper.index` imports every declared module first, so these always show the whole
paper; :meth:`Paper.find` with a map ``ID → module`` (the paper's item index,
:mod:`symbolic.index_cache`) imports only the module that defines one ID and what it imports.
The order of the whole paper does not depend on what was loaded first: items are ordered by
the declared position of the module that registered them, then by registration.
"""

from __future__ import annotations

import importlib
import sys
from collections import abc
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Protocol, Sequence, TypeVar, Union

from .formula import Formula
from .source import Source

if TYPE_CHECKING:
    from types import FrameType

    from .claims import Claim, Identity
    from .coverage import CoverageIndex, Item
    from .severity import Classification
    from .figure import FigureData

#: Key prefix of each kind of item in :attr:`Paper.defined_in` (formula and claim IDs are unique together).
_PREFIX = {"formulas": "", "claims": "", "figures": "figure:", "bounds": "bound:"}


class BoundDeclaration(Protocol):
    """What the engine reads of a theorem-level bound declaration (:meth:`Paper.add_bound`); the content that
    declares bounds defines the rest."""

    @property
    def id(self) -> str:
        """The ID of the paper's formula the bound is declared for."""
        ...

    def describe(self) -> dict:
        """The bound's record (JSON-ready), kept in the paper's item index."""
        ...


_Bound = TypeVar("_Bound", bound=BoundDeclaration)
_Item = TypeVar("_Item", bound="Union[Formula, Claim]")
#: A figure function: recomputes a figure's data (:class:`symbolic.figure.FigureData`).
FigureFunction = Callable[[], "FigureData"]
_Figure = TypeVar("_Figure", bound=FigureFunction)


class _NumericForm:
    """A formula's ``<id>/numeric-form`` identity, registered with the formula but built when the
    paper's claims are read (or the ID is looked up): evaluating a formula builds no claim."""

    __slots__ = ("formula",)

    def __init__(self, formula: Formula):
        self.formula = formula

    def build(self, key: str) -> Identity:
        import sympy as sp

        from .claims import Identity

        f = self.formula
        why = getattr(f, "numeric_checked", None)
        statement = f"the evaluator's stable form of {f.id} equals the verified expression"
        return Identity(
            f"{f.id}/numeric-form",
            lhs=f.numeric,
            rhs=f.expr,
            statement=statement if why is None else f"{statement} where both are defined (only CHECKED: {why})",
            source=Source(
                key, f.source.label, f.source.equations, "derived", "numerically stable rewriting used by the evaluator"
            ),
            expect="proved" if why is None else "checked",
            covers=[f.id],
            budget=NUMERIC_FORM_BUDGET,
            # the formula's hypotheses are the identity's domain (its obligations hold only there)
            where=[h.relation.xreplace({sp.Symbol(s.name): s for s in f.symbols}) for h in f.hypotheses],
        )


#: CPU seconds for a ``<formula>/numeric-form`` identity: proving a stable rewriting equal can take
#: several seconds, and a verdict must keep a 3× margin for slower machines (``verify --budget-scale 1/3``).
NUMERIC_FORM_BUDGET = 60.0


class _FormulasOnDemand(abc.Mapping):
    """:attr:`Paper.formulas` while :meth:`Paper.load_bounds` imports the bound modules: a lookup of a formula
    not registered yet imports the next declared module not imported yet (in load order) until it is found;
    anything that needs the whole mapping (iteration, length) loads the whole paper first."""

    def __init__(self, paper: "Paper"):
        self._paper = paper

    def _search(self, id: str) -> bool:
        p = self._paper
        while id not in p._formulas:
            pending = [m for m in p._modules if m not in sys.modules]
            if not pending:
                return False
            if id not in p.partial_misses:
                p.partial_misses.append(id)
            importlib.import_module(pending[0])
        return True

    def __getitem__(self, id: str) -> Formula:
        if not self._search(id):
            raise KeyError(id)
        return self._paper._formulas[id]

    def __contains__(self, id) -> bool:
        return isinstance(id, str) and self._search(id)

    def _all(self) -> Mapping[str, Formula]:
        p = self._paper
        p._partial = False
        try:
            return p.formulas
        finally:
            p._partial = True

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


class Paper:
    """The formulas and claims encoded from one source (a paper, or the privacy toolkit)."""

    def __init__(self, key: str, title: str, citation: str = "", text: str = ""):
        self.key = key
        self.title = title
        self.citation = citation
        self.text = text  # path of the paper's text in shared/papers, for readers
        self._formulas: dict[str, Formula] = {}
        self._claims: dict[str, Claim | _NumericForm] = {}  # a numeric form is built when first read
        self._figures: dict[str, FigureFunction] = {}
        self._bounds: dict[str, BoundDeclaration] = {}
        self._index: CoverageIndex | None = None
        self._severities: dict[str, Classification] = {}  # erratum key → its classification
        #: ID → the module whose body registered it (formulas and claims by ID; figures as
        #: ``figure:NAME``, bounds as ``bound:ID``); only modules of the declared package.
        self.defined_in: dict[str, str] = {}
        self._package: str | None = None
        self._modules: list[str] = []  # declared modules, full names, in load order
        self._bound_modules: list[str] | None = None  # declared modules registering bounds (None: not declared)
        self._loading = False
        self._partial = False  # importing the bound modules only (formulas looked up on demand)
        self.partial_misses: list[str] = []  # formula IDs a bounds-only load had to search the modules for
        self._order: dict[str, tuple[int, int]] = {}  # ID → (module rank, registration number)
        self._views: dict[str, dict] = {}  # ordered views, rebuilt after a registration

    # -- lazily loaded modules ----------------------------------------------------------------
    def declare_modules(self, package: str, names: Sequence[str], *, bounds: Sequence[str] | None = None) -> None:
        """Declare the modules of ``package`` that register this paper's objects, in the order
        a full load imports them (each after the modules it imports).  They are imported on
        demand: by :meth:`load` (every one) or :meth:`find` (the one defining an ID).

        ``bounds`` names, in load order, the modules :meth:`load_bounds` imports: the modules that
        register the paper's bound declarations, preceded by those defining the formulas they
        declare (an index kept valid by a test that compares it with a full load); None when not
        declared (:meth:`load_bounds` then loads the whole paper)."""
        if self._package is not None:
            raise ValueError(f"{self.key}: modules already declared")
        self._package = package
        self._modules = [f"{package}.{name}" for name in names]
        if bounds is not None:
            unknown = [name for name in bounds if f"{package}.{name}" not in self._modules]
            if unknown:
                raise ValueError(f"{self.key}: bound modules {unknown} are not among the declared modules")
            self._bound_modules = [f"{package}.{name}" for name in bounds]

    def load_bounds(self) -> dict[str, BoundDeclaration]:
        """The bound declarations (as :attr:`bounds`, in the same order), importing only the modules
        declared as registering them (``declare_modules(..., bounds=...)``) when the paper declares them.

        A bound is built from formulas that its module reads from :attr:`formulas`; while these
        modules are imported, a formula not registered yet is looked for in the declared modules not
        imported yet, in load order (what a full load would have imported before it), and its ID is
        recorded in :attr:`partial_misses` (a stale index costs time, never a wrong bound).  Any other
        whole-paper view read meanwhile loads the whole paper.  Without a declaration, or once the
        paper is complete, this is :attr:`bounds`."""
        if self._bound_modules is None or self.complete or self._loading:
            return self.bounds
        self._partial = True
        try:
            for name in self._bound_modules:
                importlib.import_module(name)
        finally:
            self._partial = False
        last = (len(self._modules) + 1, 0)
        prefix = _PREFIX["bounds"]
        return dict(sorted(self._bounds.items(), key=lambda kv: self._order.get(prefix + kv[0], last)))

    @property
    def modules(self) -> list[str]:
        """The declared modules (full names), in load order."""
        return list(self._modules)

    @property
    def complete(self) -> bool:
        """Whether every declared module is imported (always, for a paper without declared modules)."""
        return all(m in sys.modules for m in self._modules)

    def load(self) -> "Paper":
        """Import every declared module not imported yet (in the declared order)."""
        if self._loading:
            return self
        self._loading = True
        try:
            for name in self._modules:
                importlib.import_module(name)
        finally:
            self._loading = False
        return self

    def _built(self, id: str) -> Claim:
        """The claim ``id``, built now if it is a deferred numeric-form identity."""
        item = self._claims[id]
        if isinstance(item, _NumericForm):
            item = self._claims[id] = item.build(self.key)
        return item

    def _whole(self, what: str) -> dict:
        if not self._loading and self._modules and not self.complete:
            self.load()
        if what == "claims":
            for id in [i for i, c in self._claims.items() if isinstance(c, _NumericForm)]:
                self._built(id)
        view = self._views.get(what)
        if view is None:
            raw, prefix = getattr(self, "_" + what), _PREFIX[what]
            last = (len(self._modules) + 1, 0)
            view = dict(sorted(raw.items(), key=lambda kv: self._order.get(prefix + kv[0], last)))
            if not self._loading:
                self._views[what] = view
        return view

    @property
    def formulas(self) -> Mapping[str, Formula]:
        """Every formula of the paper, ID → Formula (imports every declared module; while
        :meth:`load_bounds` imports the bound modules, a mapping that imports on demand)."""
        if self._partial and not self.complete:
            return _FormulasOnDemand(self)
        return self._whole("formulas")

    @property
    def claims(self) -> dict[str, Claim]:
        """Every claim of the paper, ID → Claim (imports every declared module)."""
        return self._whole("claims")

    @property
    def figures(self) -> dict[str, FigureFunction]:
        """Figure functions by name (imports every declared module)."""
        return self._whole("figures")

    @property
    def bounds(self) -> dict[str, BoundDeclaration]:
        """Theorem-level bound declarations keyed by their formula's ID (imports every declared
        module).  The engine only stores them; what a bound declares is defined by the content
        that declares it."""
        return self._whole("bounds")

    @property
    def index(self) -> CoverageIndex | None:
        """The coverage index (:class:`symbolic.coverage.CoverageIndex`) set by :meth:`coverage`,
        or None (imports every declared module)."""
        if not self._loading and self._modules and not self.complete:
            self.load()
        return self._index

    def find(self, id: str, where: Mapping[str, str] | None = None) -> Formula | Claim | None:
        """The formula or claim ``id``, importing as little as possible; None if the paper has no
        such ID.  ``where`` is an item index's map of every ID registered by the paper's modules to its
        module (:attr:`defined_in` of a whole load): the module it names is imported first, and an ID
        it does not name is not looked for further.  Without ``where`` the whole paper is loaded."""
        if id in self._formulas or id in self._claims:
            return self._formulas[id] if id in self._formulas else self._built(id)
        if where is not None:
            module = where.get(id)
            if module is None:
                return None
            if self._package and module.startswith(self._package + "."):
                importlib.import_module(module)
                if id in self._formulas or id in self._claims:
                    return self._formulas[id] if id in self._formulas else self._built(id)
        self.load()
        if id in self._claims:
            return self._built(id)
        return self._formulas.get(id)

    def registered_by_modules(self) -> bool:
        """Whether every formula, claim and bound was registered by the body of one of this paper's
        modules (so a fresh import of the paper registers exactly these: nothing added at run time)."""
        ids = [*self._formulas, *self._claims, *(_PREFIX["bounds"] + b for b in self._bounds)]
        return bool(self._package) and all(i in self.defined_in for i in ids)

    def _registered(self, id: str) -> None:
        """Record which module's body registers ``id`` (the innermost module being executed)."""
        frame: FrameType | None = sys._getframe(2)
        module = None
        while frame is not None:
            if frame.f_code.co_name == "<module>":
                module = frame.f_globals.get("__name__")
                break
            frame = frame.f_back
        rank = len(self._modules)
        if isinstance(module, str) and self._package and module.startswith(self._package + "."):
            self.defined_in[id] = module
            if module in self._modules:
                rank = self._modules.index(module)
        self._order[id] = (rank, len(self._order))
        self._views.clear()

    def figure(self, name: str) -> Callable[[_Figure], _Figure]:
        """Decorator registering ``fn() -> symbolic.figure.FigureData``.

        Figure functions recompute a paper's figure from registered formulas and return
        its data (panels, series, tables); ``reproduce`` and notebooks draw it with
        :mod:`symbolic.plotting`.  They must not plot, write files, print or compare
        numbers (comparisons are :class:`~symbolic.claims.Reproduction` claims).
        """

        def register(fn: _Figure) -> _Figure:
            if name in self._figures:
                raise ValueError(f"{self.key}: duplicate figure {name}")
            self._figures[name] = fn
            self._registered(_PREFIX["figures"] + name)
            return fn

        return register

    def coverage(self, items: Iterable[Item]) -> CoverageIndex:
        """Set this paper's coverage index: every numbered item of the paper, with the IDs that
        encode it or the reason it is not encoded (see :mod:`symbolic.coverage`)."""
        from .coverage import CoverageIndex

        self._index = CoverageIndex(self.key, list(items))
        return self._index

    def classify(self, erratum: str, severity: str, evidence: str) -> Classification:
        """Record the severity of erratum ``erratum`` (``"E3"`` or ``"<paper> E3"``) and the evidence for it (see
        :mod:`symbolic.severity`: the table of severities lives there)."""
        from .severity import Classification

        key = erratum if erratum.startswith(self.key + " ") else f"{self.key} {erratum}"
        if key in self._severities:
            raise ValueError(f"{key}: severity already recorded")
        self._severities[key] = Classification(severity, evidence)
        return self._severities[key]

    @property
    def severities(self) -> dict[str, Classification]:
        """Erratum key → its :class:`symbolic.severity.Classification` (imports every declared module)."""
        if not self._loading and self._modules and not self.complete:
            self.load()
        return dict(self._severities)

    def id(self, label: str) -> str:
        return f"{self.key}/{label}"

    def source(self, label: str, equations: str | Iterable[str] = (), form: str = "printed", note: str = "") -> Source:
        return Source(self.key, label, tuple([equations] if isinstance(equations, str) else equations), form, note)

    def add_bound(self, bound: _Bound) -> _Bound:
        """Store a bound declaration (any object with an ``id`` naming one of this paper's formulas)."""
        if bound.id not in self._formulas:
            raise ValueError(f"bound {bound.id}: no formula with that ID in paper {self.key}")
        if bound.id in self._bounds:
            raise ValueError(f"duplicate bound {bound.id}")
        self._bounds[bound.id] = bound
        self._registered(_PREFIX["bounds"] + bound.id)
        return bound

    def add(self, item: _Item) -> _Item:
        """Register a Formula or Claim (its ID must start with this paper's key)."""
        if not item.id.startswith(self.key + "/"):
            raise ValueError(f"{item.id} does not belong to paper {self.key}")
        if item.id in self._formulas or item.id in self._claims:
            raise ValueError(f"duplicate ID {item.id}")
        if isinstance(item, Formula):
            numeric_id = f"{item.id}/numeric-form"
            if item.numeric is not None and (numeric_id in self._formulas or numeric_id in self._claims):
                raise ValueError(f"duplicate ID {numeric_id}")
            self._formulas[item.id] = item
            self._registered(item.id)
            if item.numeric is not None:  # the stable form is always verified; built when claims are read
                self._claims[numeric_id] = _NumericForm(item)
                self._registered(numeric_id)
            return item
        from .claims import Claim  # imported by then: ``item`` is one, or not a claim at all

        if not isinstance(item, Claim):
            raise TypeError(f"cannot register {item!r}")
        self._claims[item.id] = item
        self._registered(item.id)
        return item
