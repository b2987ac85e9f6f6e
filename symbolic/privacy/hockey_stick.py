"""Hockey-stick divergence between unit-variance Gaussians.

E_{e^ε}(N(r, 1) ‖ N(0, 1)) = Q(ε/r − r/2) − e^ε Q(ε/r + r/2), with the Gaussian
tail Q(x) = erfc(x/√2)/2 (Balle & Wang 2018, Thm 8; Dong, Roth & Su 2022, Cor. 2.13;
the θ_ε(r) of Asoodeh & Diaz 2023).  Evaluated through erfc, never 1 − Φ, so it
stays accurate for large r and for δ far below 1e-16.
"""

from __future__ import annotations

import sympy as sp

from ..formula import Formula
from ..params import nonnegative, positive
from . import toolkit

eps_param = nonnegative("eps", "privacy level ε ≥ 0")
r_param = positive("r", "distance between the means, in units of the standard deviation")
eps, r = eps_param.symbol, r_param.symbol


def gaussian_tail(x):
    """Q(x) = P[N(0,1) > x] = erfc(x/√2)/2."""
    return sp.erfc(x / sp.sqrt(2)) / 2


gaussian_hockey_stick = toolkit.add(Formula(
    toolkit.id("gaussian-hockey-stick"),
    gaussian_tail(eps / r - r / 2) - sp.exp(eps) * gaussian_tail(eps / r + r / 2),
    [eps_param, r_param],
    toolkit.source("Gaussian hockey-stick divergence E_{e^ε}(N(r,1) ‖ N(0,1))", (), "derived",
                   "Balle & Wang 2018 Thm 8; Dong, Roth & Su 2022 Cor. 2.13"),
    title="Q(ε/r − r/2) − e^ε Q(ε/r + r/2)",
))
