"""L_λ(m, M)² of Kong & Ribero's (13) as the reproductions compute it, against the definition in exact Fractions."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest
import sympy as sp

from derivations.kong_ribero.reproductions import _L_sq


def _L_sq_exact(step: Fr, m: int, M: int) -> Fr:
    """(13): L_λ(m, M)² = 1 + 2λm[1 + m/(2(M + m))]."""
    return 1 + 2 * step * m * (1 + Fr(m, 2 * (M + m)))


@pytest.mark.parametrize(
    "step,m,M",
    [
        (Fr(1, 2), 1, 0),  # the printed remark's point (L² = 5/2)
        (Fr(1, 2), 1, 1),  # the second remark's point (L² = 9/4)
        (Fr(1, 2), 7, 1000003),  # m/(2(M + m)) not a binary fraction: nsimplify of the float gave 1600004899951/2e11
    ],
)
def test_L_squared_is_the_exact_rational(step, m, M):
    value = _L_sq(sp.Rational(step.numerator, step.denominator), m, M)
    assert value.is_Rational
    expected = _L_sq_exact(step, m, M)
    assert value == sp.Rational(expected.numerator, expected.denominator)
