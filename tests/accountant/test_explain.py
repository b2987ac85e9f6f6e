"""``account --explain``: per theorem, the settings it needs, which the run meets, the smallest change that
would make it apply, and the neighbouring relation its proof covers (issue 29, items 2 and 3)."""

from __future__ import annotations

from accountant import account
from accountant.examples import example_run
from accountant.explain import explain

RUN_B = example_run("b")
RUN_C = example_run("c")


def _theorem(exp, id_):
    return next(t for t in exp.theorems if t.id == id_)


def test_explain_agrees_with_the_report_on_what_applies():
    exp = explain(RUN_C)
    res = account(RUN_C, delta="1e-5", heuristics=False, baseline=False)
    applicable = {r.id for r in res.rows if r.applies}
    assert {t.id for t in exp.theorems if t.applies} == applicable
    assert all(t.relation == "replace-one" for t in exp.theorems)
    # the report's short repr counts the same theorems (a refuted printed form is a row, not a theorem)
    assert f"{len(applicable)} of {len(exp.theorems)} theorems apply>" in repr(res)


def test_smallest_changes_divisor_step_size_and_missing_keys():
    kr = _theorem(explain(RUN_B), "kong-ribero/thm-2.3-clipped")
    changes = {c.setting: c for c in kr.checks}
    assert changes["key 'M'"].met is False and "smoothness constant M" in changes["key 'M'"].change
    divides = next(c for c in kr.checks if "divide" in c.needs)
    assert divides.met is False and "b = 125" in divides.change  # 50000 = 125·400, the divisor nearest 128
    bsa = _theorem(explain(dict(RUN_C, step_size="10")), "bok-su-altschuler/thm-4.2-mu")
    eta = next(c for c in bsa.checks if "η" in c.needs)
    assert eta.met is False and "100/13" in eta.change  # η ∈ (0, 2/M) with M = 0.26
    strongly = _theorem(explain(dict(RUN_C, loss="convex", m=None)), "bok-su-altschuler/thm-4.2-mu")
    loss = next(c for c in strongly.checks if c.setting == "loss")
    assert loss.met is False and "L2 regulariser" in loss.change


def test_add_remove_is_said_plainly():
    exp = explain(dict(RUN_C, adjacency="add-remove"))
    assert not any(t.applies for t in exp.theorems)
    for t in exp.theorems:
        rel = t.checks[0]
        assert rel.setting == "neighbouring relation" and rel.met is False
        assert "no add-remove argument is given there or derived here" in rel.change
    assert "0 of" in str(exp) and "<Explanation" in repr(exp)
    assert exp.as_json()["theorems"][0]["checks"][0]["met"] is False


def test_a_theorem_stated_for_every_loss_says_it_assumes_nothing_of_it():
    # Asoodeh & Diaz argue from clipping and the projection only: run (b)'s loss (nonconvex, smoothness unknown)
    # meets the theorem's loss setting, and the text must not read as if an M-smooth loss were needed.
    exp = explain(RUN_B)
    ad = _theorem(exp, "asoodeh-diaz/thm-2")
    loss = next(c for c in ad.checks if c.setting == "loss")
    assert loss.met is True
    assert loss.needs == "no assumption on the loss"
    bsa = next(c for c in _theorem(exp, "bok-su-altschuler/thm-4.2-mu").checks if c.setting == "loss")
    assert bsa.met is False and "M-smooth" in bsa.needs  # a theorem that does assume a class still names it
