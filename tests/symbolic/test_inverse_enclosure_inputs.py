"""Certifying an inverse formula at an algebraic input: a NotCertifiable naming the parameter, not a TypeError."""

from __future__ import annotations

import pytest
import sympy as sp

pytest.importorskip("flint")

from symbolic import registry  # noqa: E402
from symbolic.certify import NotCertifiable  # noqa: E402


@pytest.mark.parametrize(
    "values,name",
    [
        (dict(mu=sp.sqrt(2), delta=sp.Rational(1, 10**5)), "mu"),  # was TypeError: not an exact rational: sqrt(2)
        (dict(mu=2, delta=sp.sqrt(2) / 10**5), "delta"),  # was AttributeError: 'Mul' object has no attribute 'p'
    ],
)
def test_algebraic_input_of_an_inverse_is_refused_by_name(values, name):
    with pytest.raises(NotCertifiable, match=rf"privacy/gdp-epsilon: parameter {name} "):
        registry().formula("privacy/gdp-epsilon").certify(60, **values)
