"""Bound declarations: validation at construction, the regime vocabulary, ``list --bounds``."""

import json

import pytest
import sympy as sp

from derivations.privacy.bounds import Bound, Output, Regime, UpdateConvention
from derivations.privacy.run import RUN_SYMBOLS, loss_satisfies
from symbolic import Formula, Source
from symbolic.cli import main
from symbolic.params import positive

a, sig, lam = positive("alpha"), positive("sigma"), positive("lam")
F = Formula("demo/f", a.symbol / sig.symbol**2, [a, sig, lam], Source("demo", "f"))
eta, s = RUN_SYMBOLS["step_size"], RUN_SYMBOLS["noise_std"]
UPDATE = UpdateConvention(sig.symbol, lam.symbol)
REGIME = Regime(losses=("convex",), batchings=("full",))


def test_mapping_must_cover_exactly_the_parameters():
    Bound(F, "T", Output.rdp("alpha"), REGIME, {"sigma": eta * s, "lam": eta}, UPDATE)
    with pytest.raises(ValueError, match="exactly the formula's parameters"):
        Bound(F, "T", Output.rdp("alpha"), REGIME, {"sigma": eta * s}, UPDATE)
    with pytest.raises(ValueError, match="non-canonical"):
        Bound(F, "T", Output.rdp("alpha"), REGIME, {"sigma": sp.Symbol("q") * s, "lam": eta}, UPDATE)
    with pytest.raises(ValueError, match="names its correction"):
        Bound(F, "T", Output.rdp("alpha"), REGIME, {"sigma": eta * s, "lam": eta}, UPDATE, valid=False)


def test_a_bound_certifier_says_where_it_certifies():
    """Bound.certifier is a certified value at the evaluator's choice (Chien & Li): it says where; a ball of the
    formula's exact value belongs on the formula's Algorithm method instead."""

    def ball(values, prec):  # never called: the declaration is refused first
        raise AssertionError

    mapping = {"sigma": eta * s, "lam": eta}
    with pytest.raises(ValueError, match="certified_at"):
        Bound(F, "T", Output.rdp("alpha"), REGIME, mapping, UPDATE, certifier=ball)
    ball.certified_at = "the point the search chose"
    bound = Bound(F, "T", Output.rdp("alpha"), REGIME, mapping, UPDATE, certifier=ball)
    assert bound.certified_at == "the point the search chose"


def test_vocabulary_is_checked():
    with pytest.raises(ValueError):
        Regime(losses=("concave",), batchings=("full",))
    with pytest.raises(ValueError):
        Output("rdp")  # an RDP value needs its order
    assert loss_satisfies("strongly-convex", "nonconvex") and not loss_satisfies("nonconvex", "convex")


def test_convention_claims_detect_a_wrong_mapping():
    good = Bound(F, "T", Output.rdp("alpha"), REGIME, {"sigma": eta * s, "lam": eta}, UPDATE)
    assert [c.check().status.name for c in good.convention_claims()] == ["PROVED", "PROVED"]
    bad = Bound(F, "T", Output.rdp("alpha"), REGIME, {"sigma": s, "lam": eta}, UPDATE)  # forgot η
    assert bad.convention_claims()[0].check().status.name == "REFUTED"


def test_list_bounds_json(capsys):
    assert main(["list", "--bounds", "--paper", "asoodeh-diaz", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    thm2 = next(r for r in records if r["id"] == "asoodeh-diaz/thm-2")
    assert thm2["output"] == "delta" and thm2["at"] == "eps" and thm2["mapping"]["sigma"] == "eta*s"
    assert main(["list", "--bounds", "--paper", "kong-ribero", "--json"]) == 0
    kr = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert kr["kong-ribero/thm-2.2"]["valid"] is False
    assert kr["kong-ribero/thm-2.2"]["corrected_by"] == "kong-ribero/thm-2.2-corrected"


def test_list_claims_does_not_run_them(capsys):
    assert main(["list", "--claims", "--paper", "kong-ribero", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert any(r["id"] == "kong-ribero/thm-2.3-clipped/noise-convention" for r in records)
