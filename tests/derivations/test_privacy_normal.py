"""derivations.privacy.normal.NormalDensity against mpmath.npdf, at several working precisions."""

from fractions import Fraction

import mpmath
import pytest

from derivations.privacy.normal import NormalDensity


def test_equals_mpmaths_density_at_every_precision():
    """Built at the default precision, evaluated at higher ones: a variance's root and a Fraction
    weight are formed at each precision (formed once at 15 digits they would be wrong from the 16th)."""
    for sd, variance, weight in ((1, None, 1), (None, 3, Fraction(2, 7)), (None, mpmath.mpf("1.7"), Fraction(1, 3))):
        density = (
            NormalDensity(sd, weight=weight) if sd is not None else NormalDensity(variance=variance, weight=weight)
        )
        for dps in (15, 40, 90, 40):  # back to a precision already used: its constants are reused
            with mpmath.workdps(dps):
                w = mpmath.mpf(weight.numerator) / weight.denominator if isinstance(weight, Fraction) else weight
                for x, mean in ((0, 0), (mpmath.mpf("0.3"), 1), (-5, mpmath.mpf("2.5")), (40, 0)):
                    want = w * mpmath.npdf(x, mean, sd if sd is not None else mpmath.sqrt(variance))
                    got = density(x, mean)
                    assert abs(got - want) <= abs(want) * mpmath.mpf(10) ** (3 - dps), (sd, dps, x, mean)


def test_exactly_one_of_sd_and_variance():
    with pytest.raises(ValueError):
        NormalDensity()
    with pytest.raises(ValueError):
        NormalDensity(1, variance=1)
