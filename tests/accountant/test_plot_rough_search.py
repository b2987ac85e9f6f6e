"""--plot's curves are searched at ROUGH accuracy (issue 29: --plot ≤ 3 CPU s): each plotted value stays on the
valid side — at or above the certified enclosure of the bound's exact converted value — and within a figure's
resolution of the report's own search value."""

from __future__ import annotations

import math

import pytest

from accountant import account

#: Issue 29's run (c): full batch, strongly convex; Bok, Su & Altschuler (GDP μ), Chien & Li and Ye & Shokri (RDP),
#: Asoodeh & Diaz (δ(ε), and ε(δ) as an inverse) all apply.
RUN_C = {
    "loss": "strongly-convex",
    "m": "0.01",
    "M": "0.26",
    "batching": "full",
    "n": "60000",
    "step_size": "1",
    "noise_std": "0.0005",
    "gradient_sensitivity": "2",
    "steps": "200",
}


@pytest.mark.parametrize("target", [{"delta": "1e-5"}, {"epsilon": "2"}], ids=["eps-at-delta", "delta-at-eps"])
def test_rough_values_are_sound_and_close(target):
    certified = account(RUN_C, **target, heuristics=False, baseline=False, digits=20)
    rough = account(RUN_C, **target, heuristics=False, baseline=False, certify=False, rough=True)
    full = account(RUN_C, **target, heuristics=False, baseline=False, certify=False)
    by_id = {r.id: r for r in rough.rows}
    search = {r.id: r for r in full.rows}
    checked = 0
    for row in certified.rows:
        if not (row.applies and row.interval is not None and row.certified):
            continue
        r = by_id[row.id]
        assert r.estimate is not None, row.id
        low = float(row.interval[0])
        # never below the exact value's enclosure (up to a 15-digit working precision)
        assert r.estimate >= low * (1 - 1e-12), (row.id, r.estimate, row.interval)
        assert math.isclose(r.estimate, search[row.id].estimate, rel_tol=1e-4), (row.id, r.estimate)
        checked += 1
    assert checked >= 3


def test_rough_needs_an_uncertified_search():
    with pytest.raises(ValueError, match="rough"):
        from accountant.conversion import convert

        convert(None, None, delta="1e-5", certify=True, rough=True)
