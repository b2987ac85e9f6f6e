"""The explicit printed-digit references (``printed_digit_references``), computed ahead in one worker process.

They are plain mpmath at 80 and 120 digits -- about 120 CPU s for the 140 points, the largest cost of
``test_printed_digits.py`` -- and need nothing from the test that compares ``eval``'s digits with them.  So when a
session collects those tests, :func:`start` (called by ``tests/symbolic/conftest.py``) submits every point, in
the tests' order, to one spawned worker, which computes them on the core pytest leaves idle while the tests before
them run; each test then takes its point's value (:func:`prefetched_reference`), the same function of the same
exact inputs (``stable_value``, with its 60-digit stability assertion, which fails the test when it fails in the
worker).  A point not submitted, or a worker that died, is computed in the test itself.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from printed_digit_references import stable_value

_POOL: list[ProcessPoolExecutor] = []
_PENDING: dict[tuple[str, tuple], Future] = {}


def _key(fid: str, values) -> tuple[str, tuple]:
    return fid, tuple(sorted(values.items()))


def start(points) -> None:
    """Submit ``points`` (``(fid, values)`` pairs, ``values`` as ``printed_digit_references.exact`` gives them)."""
    if not points or _POOL:
        return
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    _POOL.append(pool)
    for fid, values in points:
        _PENDING.setdefault(_key(fid, values), pool.submit(stable_value, fid, values))


def prefetched_reference(fid: str, values):
    """The worker's ``stable_value(fid, values)`` (waiting for it), or None when it was not submitted or the worker
    died; an assertion that failed in the worker is raised here."""
    future = _PENDING.pop(_key(fid, values), None)
    if future is None:
        return None
    try:
        return future.result()
    except BrokenProcessPool:
        return None


def stop() -> None:
    for pool in _POOL:
        pool.shutdown(wait=True, cancel_futures=True)
    _POOL.clear()
    _PENDING.clear()
