"""Every applicable row is certified and its interval contains its value, on constrained full-batch runs that
exercise Chien & Li's regimes (Theorems 3.1 and 3.7, certified at the minimiser their evaluators find) beside the
other papers' bounds; a row carries a caveat exactly when its value is taken at a search's choice."""

from __future__ import annotations

import mpmath
import pytest

from accountant import account


CONSTRAINED = {
    "batching": "full",
    "n": "10",
    "step_size": "1/20",
    "noise_std": "1/2",
    "gradient_sensitivity": "10",
    "diameter": "1/10",
    "steps": "10",
    "M": "1",
}


@pytest.mark.parametrize(
    "extra",
    [
        {"loss": "strongly-convex", "m": "1/2"},
        {"loss": "convex"},
        # c > 1: Chien & Li's tracking bounds a gradient's norm, so these regimes need clipping (K = C = Δ/2)
        {"loss": "nonconvex", "clip": "5"},
        {"loss": "holder", "holder_exponent": "1/2", "holder_constant": "1", "clip": "5"},
    ],
    ids=lambda e: e["loss"],
)
def test_every_applicable_row_is_certified_and_its_interval_contains_its_value(extra):
    """Constrained full-batch runs (each a Chien–Li regime; Kong–Ribero and others apply too): every applicable row
    is certified, reports the upper end of an interval that contains its search value, and carries a caveat
    exactly when its value is taken at a search's choice (RDP order α, or a certifier's minimiser)."""
    res = account({**CONSTRAINED, **extra}, delta="1e-5", heuristics=False, baseline=False)
    rows = res.applicable
    assert any(r.id.startswith("chien-li/") for r in rows)
    for row in rows:
        assert row.certified and row.interval is not None, row.id
        lo, hi = (mpmath.mpf(x) for x in row.interval)
        assert lo <= mpmath.mpf(row.estimate) * (1 + 1e-12) and mpmath.mpf(row.estimate) <= hi * (1 + 1e-12), row.id
        assert mpmath.mpf(row.result) == hi, row.id
        assert (row.caveat is not None) == (row.currency == "rdp" or row.id.startswith("chien-li/")), row.id


@pytest.mark.parametrize(
    "extra, module, limit",
    [
        (
            {"loss": "holder", "holder_exponent": "1/2", "holder_constant": "1", "clip": "5"},
            "holder_bound",
            "MAX_RANKING_STEPS",
        ),
        ({"loss": "nonconvex", "clip": "5"}, "smooth", "MAX_EVALUATED"),
    ],
    ids=["thm-3.7", "thm-3.1"],
)
def test_a_search_over_its_work_limit_is_refused_on_its_row(monkeypatch, extra, module, limit):
    """Chien–Li's searches refuse (EvaluationError, 'not supported') past a work limit instead of running for
    minutes; the accountant lists the bound as applying but not evaluated, never as a number or an error.  The
    limits are lowered here so the refusal happens on a small run."""
    import importlib

    monkeypatch.setattr(importlib.import_module(f"derivations.chien_li.{module}"), limit, 1)
    from derivations.chien_li import bounds

    bounds._minimiser.cache_clear()
    bounds._holder_allocation.cache_clear()
    res = account({**CONSTRAINED, **extra}, delta="1e-5", heuristics=False, baseline=False)
    rows = [r for r in res.rows if r.id.startswith("chien-li/") and r.applies]
    assert rows
    for row in rows:
        assert row.result is None and not row.error, row.id
        assert row.reason.startswith("applies, but not evaluated") and "not supported" in row.reason, row.reason
    bounds._minimiser.cache_clear()
    bounds._holder_allocation.cache_clear()
