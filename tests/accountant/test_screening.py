"""The accountant reads a paper's bound declarations only when one of its theorems may apply to the run
(:class:`accountant.applicability.ScreenedRegistry`): the rows built from the stored bound records must be
exactly those built from the declarations themselves, for runs that exercise every screening check."""

from __future__ import annotations

import pytest

from accountant import account
from accountant.applicability import RecordedBound, screened
from accountant.examples import EXAMPLES, example_run
from accountant.report import account as account_unscreened
from symbolic.index_cache import IndexCache
from symbolic.registry import Registry

_BASE = {"n": "1000", "step_size": "0.1", "noise_std": "0.5", "steps": "200"}
RUNS = [
    # issue 29's three runs
    *(example_run(name) for name in EXAMPLES),
    # relation, loss class, batching, clipping, needed keys, conditions on the run
    {
        **_BASE,
        "loss": "convex",
        "M": "1",
        "batching": "cyclic",
        "batch_size": "100",
        "gradient_sensitivity": "1",
        "diameter": "5",
        "adjacency": "add-remove",
    },
    {
        **_BASE,
        "loss": "convex",
        "M": "1",
        "batching": "cyclic",
        "batch_size": "100",
        "gradient_sensitivity": "1",
        "diameter": "5",
    },
    {
        **_BASE,
        "loss": "holder",
        "holder_constant": "1",
        "holder_exponent": "0.5",
        "batching": "full",
        "gradient_sensitivity": "1",
        "diameter": "5",
    },
    {
        **_BASE,
        "loss": "nonconvex",
        "M": "1",
        "batching": "without-replacement",
        "batch_size": "10",
        "clip": "1",
        "diameter": "3",
    },
    {
        **_BASE,
        "loss": "strongly-convex",
        "m": "0.5",
        "M": "1",
        "batching": "shuffled",
        "batch_size": "100",
        "gradient_sensitivity": "1",
    },
]


@pytest.fixture(scope="module")
def cached_registry(tmp_path_factory):
    """A registry whose index cache (a fresh directory) holds every paper's bound records."""
    cache = IndexCache(tmp_path_factory.mktemp("index"))
    Registry.from_index(index_cache=cache).bounds()  # stores the records
    return cache


@pytest.mark.parametrize("run", RUNS, ids=[f"run{i}" for i in range(len(RUNS))])
def test_screened_rows_equal_the_declarations_rows(run, cached_registry, registry):
    fresh = Registry.from_index(index_cache=cached_registry)
    kw = {"delta": "1e-5", "heuristics": False, "baseline": False}
    got = account(run, registry=screened(_parse(run), fresh), **kw)
    want = account_unscreened(run, registry=registry, **kw)
    assert got.as_json() == want.as_json()
    assert str(got) == str(want)


def test_a_paper_none_of_whose_theorems_applies_is_not_imported(cached_registry):
    fresh = Registry.from_index(index_cache=cached_registry)
    reg = screened(_parse(RUNS[1]), fresh)  # nonconvex, cyclic, clipped, no M: no theorem applies
    found = [b for key in reg.keys() for b in reg.bounds(key)]
    assert found and all(isinstance(b, RecordedBound) for b in found)
    assert fresh._loaded == {}  # no paper was imported by this registry


def test_without_records_the_declarations_are_read(tmp_path):
    fresh = Registry.from_index(index_cache=IndexCache(tmp_path))
    reg = screened(_parse(RUNS[1]), fresh)
    found = [b for key in reg.keys() for b in reg.bounds(key)]
    assert found and not any(isinstance(b, RecordedBound) for b in found)
    assert all(fresh.bound_records(key) is not None for key in fresh.keys())  # stored for the next run


def _parse(run):
    from accountant import parse_run

    return parse_run(run)
