"""prove_zero's sums-as-atoms attempt skips ``cancel`` only when it cannot reach 0."""

import sympy as sp

from symbolic.proving import _nonzero_with_sums_as_unknowns, prove_zero
from symbolic.sums import linear_sums

c = sp.Symbol("c", positive=True)
x = sp.Symbol("x", positive=True)
n = sp.Symbol("n", integer=True, positive=True)
k = sp.Symbol("k", integer=True)


def test_a_geometric_sum_beside_its_closed_form_skips_cancel_and_is_proved():
    residual = (1 - c) * sp.Sum(c**k, (k, 0, n - 1)) - (1 - c**n)
    # with the sum as an unknown S: (1 - c)·S - (1 - c^n) is nonzero, so cancel cannot give 0
    assert _nonzero_with_sums_as_unknowns(linear_sums(residual))
    proof = prove_zero(residual)
    assert proof.proved and "linearity" not in proof.method  # proved by evaluating the sum


def test_an_identity_that_needs_cancel_with_sums_as_atoms_is_not_filtered():
    s = sp.Sum(k**2 * x**k, (k, 1, n))
    residual = s * (x**2 - 1) / (x - 1) - (x + 1) * s
    assert not _nonzero_with_sums_as_unknowns(linear_sums(residual))
    proof = prove_zero(residual)
    assert proof.proved and proof.method == "identity: sums split by linearity, then cancel(lhs - rhs) = 0"


def test_sums_equal_after_normalisation_share_one_unknown():
    # 2·Σ x^k and Σ 2·x^k are one generator for cancel (factor_sum pulls the 2 out): the filter
    # must see their difference as 0, not as 2·S1 - S2
    residual = 2 * sp.Sum(x**k, (k, 1, n)) - sp.Sum(2 * x**k, (k, 1, n))
    assert not _nonzero_with_sums_as_unknowns(residual)


def test_no_conclusion_where_the_value_is_not_an_exact_rational():
    assert not _nonzero_with_sums_as_unknowns(sp.Sum(x**k, (k, 1, n)) - sp.log(x))
    assert not _nonzero_with_sums_as_unknowns(sp.Sum(x**k, (k, 1, n)) / (x - x))
