"""Session hooks for tests/symbolic: work started ahead, as the session starts, in processes of its own, on the core
pytest leaves idle (it runs its tests on one): the explicit printed-digit references (reference_worker) and mypy
(test_typing)."""

from __future__ import annotations

import pytest

import reference_worker

_EXPLICIT = "test_printed_digits_match_an_explicit_reference"


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
    reference_worker.start(points)
    typing_tests = [item for item in items if item.path.name == "test_typing.py"]
    if typing_tests:
        typing_tests[0].module.start_mypy()


def pytest_unconfigure(config):
    reference_worker.stop()
