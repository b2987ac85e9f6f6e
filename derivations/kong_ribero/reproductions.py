"""The numbers Kong & Ribero print, as :class:`~symbolic.claims.Reproduction` claims.

The paper prints few numbers: Table 2 holds asymptotic forms (:mod:`.table2`) and Figure 1 no
digits (:mod:`.figures`).  The printed values are the remarks after Proposition 2.1, L_λ(m, 0) = √3
and L_λ(m, M) = √(5/2) at λ = 1/(2m); neither matches (13) (erratum E8): each is encoded with its
corrected value and the variant constant that explains the printed ones.
"""

from __future__ import annotations

import sympy as sp

from symbolic import Identity, Reproduction

from .common import paper, src
from .constants import L_lambda, L_lambda_expr

R = sp.Rational
mp_ = sp.Symbol("m", positive=True)  # m > 0 where a claim divides by m
cl = [L_lambda.id]

# E8: the remarks after Proposition 2.1 do not match (13).


def _L_sq(step, wc, sm):
    """L_λ(m, M)² of (13), exactly.  The inputs are made SymPy numbers first: with Python ints m = 1, M = 0 the
    factor m/(2(M + m)) was the float 0.5, L_λ² the Float 2.5, and sp.nsimplify guessed the rational back (right
    here, as 2.5 and 2.25 are binary; at other inputs a guess, which nsimplify makes of any value near a simple
    one: 1.000000001 becomes 1)."""
    return sp.expand(L_lambda_expr(*(sp.sympify(x) for x in (step, wc, sm))) ** 2)


paper.add(
    Reproduction(
        paper.id("prop-2.1-remark-2"),
        compute=lambda: _L_sq(R(1, 2), 1, 0),
        printed="3/1",
        statement="second remark after Proposition 2.1 prints L_λ(m, 0) = √3 at λ = 1/(2m), i.e. L_λ² = 3; "
        "(13) at m = 1, M = 0, λ = 1/2 gives L_λ² = 5/2",
        source=src("remarks after Proposition 2.1 (second)", "13"),
        where_printed="remarks after Proposition 2.1",
        origin="printed",
        quote=r"if $\lambda = 1/(2m)$ then $L_\lambda(m, 0) = \sqrt{3}$",
        expect="refuted",
        erratum="kong-ribero E8",
        covers=cl,
    )
)
paper.add(
    Reproduction(
        paper.id("prop-2.1-remark-4"),
        compute=lambda: _L_sq(R(1, 2), 1, 1),
        printed="5/2",
        statement="fourth remark after Proposition 2.1 prints L_λ(m, m) = √(5/2) at λ = 1/(2m), i.e. L_λ² = 5/2; "
        "(13) at m = M = 1, λ = 1/2 gives L_λ² = 9/4",
        source=src("remarks after Proposition 2.1 (fourth)", "13"),
        where_printed="remarks after Proposition 2.1",
        origin="printed",
        quote=r"we have $L_\lambda(m, M) = \sqrt{5/2}$",
        expect="refuted",
        erratum="kong-ribero E8",
        covers=cl,
    )
)
paper.add(
    Identity(
        paper.id("prop-2.1-remark-2-corrected"),
        lhs=L_lambda(lam=1 / (2 * mp_), m=mp_, M=0),
        rhs=sp.sqrt(R(5, 2)),
        statement="corrected second remark: for every m > 0, L_{1/(2m)}(m, 0) = √(5/2), so √2 L_λ = √5 (printed: √3 and √6)",
        source=src("remarks after Proposition 2.1 (second)", "13", "corrected"),
        erratum="kong-ribero E8",
        covers=cl,
    )
)
paper.add(
    Identity(
        paper.id("prop-2.1-remark-4-corrected"),
        lhs=L_lambda(lam=1 / (2 * mp_), m=mp_, M=mp_),
        rhs=R(3, 2),
        statement="corrected fourth remark: for every m > 0, L_{1/(2m)}(m, m) = 3/2, so √2 L_λ = 3/√2 (printed: √(5/2) and √5); "
        "note λ = 1/(2m) > 1/[2(M+m)] here, outside Proposition 2.1(b)",
        source=src("remarks after Proposition 2.1 (fourth)", "13", "corrected"),
        erratum="kong-ribero E8",
        covers=cl,
    )
)


def _L_variant(step, wc, sm):
    return sp.sqrt(1 + 2 * step * wc * (1 + wc / (sm + wc)))


paper.add(
    Identity(
        paper.id("prop-2.1-remarks-variant"),
        lhs=_L_variant(1 / (2 * mp_), mp_, 0) ** 2 + _L_variant(1 / (2 * mp_), mp_, mp_) ** 2 * sp.I,
        rhs=3 + R(5, 2) * sp.I,
        statement="the printed remark values √3 (M = 0) and √(5/2) (M = m) at λ = 1/(2m) are those of the variant "
        "L̃_λ² = 1 + 2λm[1 + m/(M+m)] (the constant the printed proof of Lemma A.7 yields, and the form in "
        "Corollary C.2's proof); both squares checked at once as real and imaginary parts",
        source=src("remarks after Proposition 2.1", "13", "derived", "explains E8"),
        covers=cl,
    )
)
