"""--plot draws coinciding curves visibly and names them together; --curve's ε(δ) and its figure; a run of
unknown smoothness still gets the all-iterates guarantee (issue 29 items 2, 4, 7)."""

from __future__ import annotations

from fractions import Fraction

from accountant import account
from accountant.plot import coinciding, plot_curve
from accountant.report import curve

RUN = {
    "loss": "strongly-convex",
    "m": "0.5",
    "M": "2",
    "batching": "cyclic",
    "n": "20",
    "batch_size": "5",
    "step_size": "0.2",
    "noise_std": "0.3",
    "gradient_sensitivity": "1",
    "steps": "40",
}


def test_coinciding_curves_are_grouped():
    data = {"a": [(1, 1.0), (2, 2.0)], "b": [(1, 1.0), (2, 2.0000001)], "c": [(1, 1.0), (2, 3.0)]}
    assert coinciding(data) == [["a", "b"], ["c"]]


def test_curve_is_the_guarantee_at_each_delta_and_plots(tmp_path):
    pts = curve(RUN, ["1e-3", "1e-5", "1e-7"])
    for p in pts:
        res = account(RUN, delta=p.delta, heuristics=False)
        assert p.result == res.best.result and p.source == res.best.id
    assert [Fraction(p.result) for p in pts] == sorted(Fraction(p.result) for p in pts)
    out = plot_curve(pts, tmp_path / "curve.svg")
    assert (tmp_path / "curve.svg").stat().st_size > 1000 and out.endswith("curve.svg")


def test_unknown_smoothness_keeps_the_baseline():
    run = {k: v for k, v in RUN.items() if k not in ("M", "m")}
    res = account(dict(run, loss="nonconvex"), delta="1e-5", heuristics=False)
    assert res.best.source == "all-iterates" and res.best.certified
    needs_m = [r for r in res.rows if r.valid and not r.applies and "'M'" in (r.reason or "")]
    assert needs_m  # the theorems that need M are listed as not applicable, naming the key
