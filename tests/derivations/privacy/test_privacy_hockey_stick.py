"""Gaussian hockey-stick divergence: values, the quadrature check, and bad input."""

import mpmath
import pytest
import sympy as sp

from symbolic import HypothesisError, Status, registry
from derivations.privacy.hockey_stick import gaussian_hockey_stick, hockey_stick_quadrature, r
from symbolic.claims.numeric import QuadratureCheck, SampledInequality


def ref(e, rr):
    """Q(ε/r − r/2) − e^ε Q(ε/r + r/2) with mpmath.ncdf(−x) as Q, 60 digits."""
    with mpmath.workdps(60):
        e, rr = mpmath.mpf(e), mpmath.mpf(rr)
        return mpmath.ncdf(-(e / rr - rr / 2)) - mpmath.exp(e) * mpmath.ncdf(-(e / rr + rr / 2))


@pytest.mark.parametrize("e,rr", [("1", "1"), ("0", "3"), ("841", "37"), ("62", "2"), ("5", "0.01")])
def test_values(e, rr):
    got = gaussian_hockey_stick.evaluate(dps=40, eps=e, r=rr)
    with mpmath.workdps(50):
        assert abs(got - ref(e, rr)) <= abs(ref(e, rr)) * mpmath.mpf(10) ** -39


def test_quadrature_of_definition_matches_closed_form():
    with mpmath.workdps(40):
        q = hockey_stick_quadrature({"eps": mpmath.mpf(2), "r": mpmath.mpf(3)})
        assert abs(q - ref(2, 3)) < mpmath.mpf(10) ** -35


def test_quadrature_check_refutes_a_wrong_closed_form():
    src = gaussian_hockey_stick.source
    wrong = gaussian_hockey_stick.expr * (1 + sp.Rational(1, 10**20))
    claim = QuadratureCheck(
        "privacy/test-wrong", hockey_stick_quadrature, wrong, "wrong", src, hints=[{"eps": 1, "r": 1}], samples=2
    )
    assert claim.check().status is Status.REFUTED
    right = QuadratureCheck(
        "privacy/test-right",
        hockey_stick_quadrature,
        gaussian_hockey_stick.expr,
        "right",
        src,
        hints=[{"eps": 1, "r": 1}],
        samples=2,
    )
    assert right.check().status is Status.CHECKED


def test_sampled_inequality_refutes():
    src = gaussian_hockey_stick.source
    claim = SampledInequality(
        "privacy/test-ineq", lambda v: v["r"], "<=", lambda v: 1, "r ≤ 1", src, symbols=[r], samples=20
    )
    assert claim.check().status is Status.REFUTED


def test_registered_claims_cover_the_formula():
    ids = {c.id for c in registry().claims_covering(gaussian_hockey_stick.id)}
    for label in (
        "d-dr",
        "d-deps",
        "is-hockey-stick-divergence",
        "limit-r-0",
        "limit-r-infinity",
        "limit-eps-infinity",
    ):
        assert f"privacy/gaussian-hockey-stick/{label}" in ids
    assert "privacy/gdp-delta/equals-hockey-stick" in ids


@pytest.mark.parametrize("params", [dict(eps="-1", r="1"), dict(eps="1", r="0"), dict(eps="1", r="-2")])
def test_bad_input(params):
    with pytest.raises(HypothesisError):
        gaussian_hockey_stick.evaluate(dps=20, **params)
