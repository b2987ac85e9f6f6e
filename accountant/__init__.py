"""The last-iterate accountant: every declared last-iterate bound of every paper, at one training run.

An application built on the engine (:mod:`symbolic`) and the derivations: it reads the bound
declarations through the registry (:func:`symbolic.registry.registry`), so a paper that declares
its theorems with :func:`derivations.privacy.bounds.declare` is picked up with no change here.

    from accountant import account
    result = account({"loss": "strongly-convex", "m": "0.1", "M": "1", ...}, delta="1e-5")
    result            # a table in Jupyter; str(result) as text; result.as_json() the JSON contract
    result.best       # the guarantee: which theorem (or the all-iterates accountant), ε, certified or not

Modules: :mod:`.run_description` (parse and validate a run), :mod:`.applicability` (does a bound
apply; else why not), :mod:`.evaluation` (a bound's formula at a run), :mod:`.conversion` (to ε at
δ or δ at ε, certified), :mod:`.baseline` (the all-iterates accountant), :mod:`.heuristics`
(labelled heuristics, not bounds), :mod:`.report` (result objects, :func:`account`),
:mod:`.plot` (ε against steps, ε against δ; the ``--plot`` path checks), :mod:`.guard` (each part's error
handling and CPU budget), :mod:`.explain` (``--explain``: which settings each theorem needs), :mod:`.statement`
(``--statement``: a paragraph for a paper's appendix), :mod:`.calibrate` (``--calibrate``: the least noise or
the most steps for a target ε), :mod:`.cli` (the ``account`` command).

:func:`account` reads a paper's bound declarations only when one of its theorems may apply to the run (the
others' rows come from the records of their declarations, :mod:`.applicability`).

``result.best`` is the guarantee to report: the least of the applicable theorems and the all-iterates
accountant (releasing only the last iterate is post-processing of releasing them all).
"""

from .report import Account, Row
from .report import account as _account
from .run_description import Run, parse_run


def account(run, delta=None, *, registry=None, **options) -> Account:
    """:func:`accountant.report.account` (see there for ``delta``, ``epsilon`` and the options), reading a
    paper's bound declarations only when its stored bound records leave one of its theorems possibly
    applicable to ``run`` (:class:`~accountant.applicability.ScreenedRegistry`): the rows of the others come
    from those records, with the same reasons.  A ``registry`` given is read as it is."""
    from .applicability import screened

    if registry is None:
        run = parse_run(run)
        registry = screened(run)
    return _account(run, delta, registry=registry, **options)


__all__ = ["Account", "Row", "Run", "account", "parse_run"]
