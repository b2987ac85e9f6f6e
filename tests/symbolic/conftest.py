"""Session hooks for tests/symbolic: work started ahead, in processes of its own, on a core the tests leave idle:
the explicit printed-digit references (reference_worker) and mypy (test_typing).

Run by pytest alone (one process, its tests on one core), the work starts as the session starts.  Under pytest-xdist
(pyproject's addopts: `-n 2 --dist loadfile`) every worker collects every test but runs only the files the
controller hands it, each whole: a worker starts a file's work when that file's first test is about to run, so that
it is done once per session, by the worker whose tests wait for it, while the tests of that file before them run.
"""

from __future__ import annotations

import pytest

import reference_worker

_EXPLICIT = "test_printed_digits_match_an_explicit_reference"

#: pytest-xdist worker: the work to start when the first test of a file (its key) is set up.
_DEFERRED: dict[object, object] = {}


@pytest.hookimpl(trylast=True)  # after -k and --deselect: only the points whose tests will run
def pytest_collection_modifyitems(config, items):
    if config.option.collectonly:
        return
    from printed_digit_references import exact

    from symbolic.registry import registry

    points = []
    for item in items:
        if getattr(item, "originalname", None) == _EXPLICIT:
            fid, point = item.callspec.params["fid"], item.callspec.params["point"]
            points.append((fid, {k: exact(v) for k, v in registry().formula(fid).check(**point).items()}))
    work = []
    if points:
        work.append(
            (
                next(i for i in items if getattr(i, "originalname", None) == _EXPLICIT).path,
                lambda: reference_worker.start(points),
            )
        )
    typing_tests = [item for item in items if item.path.name == "test_typing.py"]
    if typing_tests:
        work.append((typing_tests[0].path, typing_tests[0].module.start_mypy))
    if hasattr(config, "workerinput"):
        _DEFERRED.update(work)
    else:
        for _, start in work:
            start()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    start = _DEFERRED.pop(item.path, None)
    if start is not None:
        start()


def pytest_unconfigure(config):
    reference_worker.stop()
