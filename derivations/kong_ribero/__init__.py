"""Kong & Ribero (2025), *Privacy of the last iterate in cyclically-traversed DP-SGD on
nonconvex composite losses* (``shared/papers/000_dc7dbfffafcf342b.txt``).

One module per part of the paper, in the paper's order:

* :mod:`.constants` — θ_L(s) (15) and L_λ(m, M) (13), remarks after Proposition 2.1;
* :mod:`.operators` — Lemmas A.7 and A.9 in Gram variables (Proposition 2.1's proof);
* :mod:`.lemma_a3` — Lemma A.3 (23), Lemma A.4, Appendix B (the residual QP);
* :mod:`.theorems` — Proposition A.5 (26), Theorems 2.2 (16) and 2.3 (17)/(19),
  the Gaussian shift divergence (21), the linear-Gaussian exact divergence;
* :mod:`.appendix_c` — Lemma C.1, Corollaries C.2 and C.3;
* :mod:`.holder` — footnote 5 (Hölder → (L, ζ));
* :mod:`.table2` — Table 2's rows and Figure 1's regime.
"""

from .common import paper  # noqa: F401
from .constants import L_lambda, theta  # noqa: F401
from . import operators, lemma_a3, theorems, appendix_c, holder, table2  # noqa: F401,E402
from . import bounds  # noqa: F401,E402  (declares the theorems as bounds; after the formulas)
