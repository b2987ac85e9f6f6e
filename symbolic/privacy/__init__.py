"""The shared privacy toolkit (registry key ``privacy``): currencies and conversions
used by several papers — Gaussian Rényi divergence, GDP / f-DP, hockey-stick
divergence, subsampled-Gaussian RDP, RDP → (ε, δ).  Paper-agnostic: each module
adds its formulas and claims to :data:`toolkit`.
"""

from ..registry import Paper

toolkit = Paper(
    "privacy",
    "Privacy currencies toolkit (RDP, GDP / f-DP, hockey-stick divergence)",
    "standard results; each formula cites its own source",
)

from . import hockey_stick  # noqa: E402,F401  (registers its formulas)
from . import gaussian  # noqa: E402,F401
from . import gdp  # noqa: E402,F401
from . import rdp_conversion  # noqa: E402,F401
from . import sgm  # noqa: E402,F401
from . import subsampled  # noqa: E402,F401
