"""Session hooks for tests/symbolic: the explicit printed-digit references, computed ahead (reference_worker)."""

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


def pytest_unconfigure(config):
    reference_worker.stop()
