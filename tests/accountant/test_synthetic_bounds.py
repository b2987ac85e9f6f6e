"""The accountant on synthetic bounds whose exact value is known: free parameters, every currency.

A toy paper declares, for full-batch noisy GD with per-step GDP μ₁ = Δ/(n·s), the all-iterates
composition μ = √T·Δ/(n·s) in four currencies — GDP μ, the RDP curve αμ²/2 + (κ − 1)² (valid for
every κ, tight at κ = 1: a free parameter the accountant must minimise over), the exact δ(ε), and
a TV-style bound — through a registry of its own, so the test does not depend on which papers are
declared.  Each must convert to the ε an independent mpmath computation gives (the RDP one to the
best-conversion ε of the GDP curve, which is ≥ the exact GDP ε).
"""

from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from accountant import account
from derivations.privacy.bounds import Bound, Output, Regime, UpdateConvention, declare
from derivations.privacy.run import RUN_SYMBOLS as R
from symbolic import Formula, Paper
from symbolic.params import positive
from symbolic.registry import Registry

eta, s, Delta, n, T = (R[k] for k in ("step_size", "noise_std", "gradient_sensitivity", "n", "steps"))
RUN = {
    "loss": "convex",
    "M": "1",
    "batching": "full",
    "n": "100",
    "step_size": "0.1",
    "noise_std": "0.04",
    "gradient_sensitivity": "1",
    "steps": "16",
}
MU = mpmath.mpf(1)  # √16 · 1/(100 · 0.04)


def _paper() -> Paper:
    paper = Paper("toy", "synthetic bounds")
    p = {k: positive(k) for k in ("mu1", "T", "alpha", "kappa", "eps", "sig", "lam")}
    src = paper.source("toy")
    mu = sp.sqrt(p["T"].symbol) * p["mu1"].symbol
    forms = {
        "gdp": Formula("toy/gdp", mu, [p["mu1"], p["T"], p["sig"], p["lam"]], src),
        "rdp": Formula(
            "toy/rdp",
            p["alpha"].symbol * mu**2 / 2 + (p["kappa"].symbol - 1) ** 2,
            [p["alpha"], p["kappa"], p["mu1"], p["T"], p["sig"], p["lam"]],
            src,
        ),
        "delta": Formula(
            "toy/delta",
            sp.erfc((p["eps"].symbol / mu - mu / 2) / sp.sqrt(2)) / 2
            - sp.exp(p["eps"].symbol) * sp.erfc((p["eps"].symbol / mu + mu / 2) / sp.sqrt(2)) / 2,
            [p["eps"], p["mu1"], p["T"], p["sig"], p["lam"]],
            src,
        ),
    }
    mapping = {"mu1": Delta / (n * s), "T": T, "sig": eta * s, "lam": eta}
    update = UpdateConvention(noise_std=p["sig"].symbol, gradient_step=p["lam"].symbol)
    regime = Regime(losses=("convex",), batchings=("full",))
    for key, f in forms.items():
        paper.add(f)
        output = {"gdp": Output.gdp(), "rdp": Output.rdp("alpha"), "delta": Output.delta("eps")}[key]
        free = {"kappa": ("1/1000", "1000")} if key == "rdp" else {}
        declare(paper, Bound(f, f"toy {key}", output, regime, mapping, update, free=free))
    return paper


@pytest.fixture(scope="module")
def result():
    return account(RUN, delta="1e-5", registry=Registry([_paper()]), heuristics=False)


def _exact_gdp_epsilon(mu, delta):
    Q = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2
    return mpmath.findroot(lambda e: Q(e / mu - mu / 2) - mpmath.exp(e) * Q(e / mu + mu / 2) - delta, 3)


def test_gdp_and_delta_currencies_give_the_exact_epsilon(result):
    with mpmath.workdps(40):
        exact = _exact_gdp_epsilon(MU, mpmath.mpf("1e-5"))
        for id_ in ("toy/gdp", "toy/delta"):
            row = next(r for r in result.rows if r.id == id_)
            lo, hi = (mpmath.mpf(x) for x in row.interval)
            assert lo <= exact <= hi and hi - lo < exact * mpmath.mpf("1e-18"), id_
        # the all-iterates baseline is the same composition, computed independently
        lo, hi = (mpmath.mpf(x) for x in result.all_iterates.interval)
        assert lo <= exact <= hi


def test_rdp_with_a_free_parameter_is_minimised_over_it(result):
    row = next(r for r in result.rows if r.id == "toy/rdp")
    with mpmath.workdps(40):
        exact = _exact_gdp_epsilon(MU, mpmath.mpf("1e-5"))
        # the best RDP conversion of the GDP curve αμ²/2 at κ = 1, minimised over α independently
        from derivations.privacy.rdp_conversion import rdp_linear_epsilon

        rdp_best = rdp_linear_epsilon.evaluate(dps=30, rho="1/2", delta="1e-5")
        assert exact < mpmath.mpf(row.result)  # RDP conversions are never below the exact ε
        # within 1e-4 of the κ = 1 optimum (the free search is a grid; any κ is valid, so never below)
        assert rdp_best * (1 - mpmath.mpf("1e-9")) <= mpmath.mpf(row.result) <= rdp_best * (1 + mpmath.mpf("1e-4"))


def test_delta_at_epsilon_for_every_currency():
    res = account(RUN, epsilon="2", registry=Registry([_paper()]), heuristics=False)
    with mpmath.workdps(40):
        Q = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2
        exact = Q(2 / MU - MU / 2) - mpmath.exp(2) * Q(2 / MU + MU / 2)
        for id_ in ("toy/gdp", "toy/delta"):
            row = next(r for r in res.rows if r.id == id_)
            lo, hi = (mpmath.mpf(x) for x in row.interval)
            assert lo <= exact <= hi, id_
        rdp = next(r for r in res.rows if r.id == "toy/rdp")
        assert mpmath.mpf(rdp.result) >= exact  # an RDP conversion never claims less than the exact δ
    assert res.as_json()["epsilon"] == "2" and "delta" in res.as_json()["bounds"][0]


def test_a_value_certified_at_a_searched_choice_says_so(result):
    """The RDP row's ε is certified at the order α (and the free κ) a search chose: its row says so in the table,
    the HTML and the JSON ('caveat'); the GDP and δ rows enclose their bound's exact ε and carry no caveat."""
    rdp = next(r for r in result.rows if r.id == "toy/rdp")
    assert rdp.caveat is not None and "α = " in rdp.caveat and "kappa = " in rdp.caveat
    assert "not that optimum itself" in rdp.caveat
    js = {b["id"]: b for b in result.as_json()["bounds"]}
    assert js["toy/rdp"]["caveat"] == rdp.caveat
    assert js["toy/gdp"]["caveat"] is None and js["toy/delta"]["caveat"] is None
    lines = {t: x for x in str(result).splitlines() for t in x.split() if t.startswith("toy/")}
    assert "α, kappa (searched)" in lines["toy/rdp"] and "its exact value" in lines["toy/gdp"]
    assert "certified at:" in str(result) and "α, kappa (searched)" in result._repr_html_()
