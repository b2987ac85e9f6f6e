"""The N(mean, sd²) density as an mpmath function, for quadratures of definitions.

``mpmath.npdf`` converts its arguments and forms √(2π) at every call; a quadrature calls a
density thousands of times while raising the working precision.  :class:`NormalDensity` forms
2·sd² and weight/(sd·√(2π)) once per working precision and costs one ``exp`` per point.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath


class NormalDensity:
    """x ↦ weight · e^{−(x − mean)²/(2 sd²)} / (sd √(2π)) at the current mpmath precision.

    Give ``sd`` or ``variance`` (> 0, an mpmath number or an exact int): a variance's square root is
    taken at each working precision, never carried over from a lower one.  ``weight`` is an int or
    a :class:`~fractions.Fraction` (formed at each precision too) or an mpmath number.  ``mean`` is
    given per call, so one object serves N(0, sd²) and N(r, sd²) alike."""

    def __init__(self, sd=None, *, variance=None, weight=1):
        if (sd is None) == (variance is None):
            raise ValueError("NormalDensity: give exactly one of sd and variance")
        self.sd, self.variance, self.weight = sd, variance, weight
        self._at_prec: dict = {}

    def _constants(self):
        prec = mpmath.mp.prec
        constants = self._at_prec.get(prec)
        if constants is None:
            sd = mpmath.sqrt(self.variance) if self.sd is None else +mpmath.mpf(self.sd)
            w = self.weight
            weight = mpmath.mpf(w.numerator) / w.denominator if isinstance(w, Fraction) else w
            constants = self._at_prec[prec] = (2 * sd**2, weight / (sd * mpmath.sqrt(2 * mpmath.pi)))
        return constants

    def __call__(self, x, mean=0):
        two_var, c = self._constants()
        return c * mpmath.exp(-((x - mean) ** 2) / two_var)


__all__ = ["NormalDensity"]
