"""How errata and printed values are presented: a printed value compared two ways counts once, and ERRATA.md's
counterexample cells show decimals."""

import pathlib
import re

from symbolic import Reproduction, registry

REG = registry()
ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_a_printed_value_compared_two_ways_points_at_its_first_comparison():
    printed = {c.id: c for c in REG.claims() if isinstance(c, Reproduction) and c.origin == "printed"}
    twice = [c for c in printed.values() if c.same_value_as]
    assert twice, "Bok et al.'s E* are compared with the crossing and with the authors' code"
    for c in twice:
        first = printed[c.same_value_as]  # a registered printed reproduction …
        assert (first.printed, first.quote, first.where_printed) == (c.printed, c.quote, c.where_printed), c.id
        assert not first.same_value_as, c.id  # … counted itself
    bok = [c for c in printed.values() if c.paper == "bok-su-altschuler"]
    assert (len(bok), sum(not c.same_value_as for c in bok)) == (188, 161)


def test_errata_md_counterexample_cells_show_decimals():
    text = (ROOT / "ERRATA.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if "`bok-su-altschuler/thm-4.5-threshold-printed`" in line)
    cell = re.split(r"(?<!\\)\|", row)[-2]
    assert "difference ≈ -0.975097" in cell, cell
    for line in text.splitlines():
        if line.startswith("| ") and "REFUTED" in line:
            assert not re.search(r"\d{40}", re.split(r"(?<!\\)\|", line)[-2]), line[:120]
