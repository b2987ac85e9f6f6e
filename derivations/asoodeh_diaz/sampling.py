"""Batch-sampling weights of (13) (Poisson) and (15) (without replacement), and the
"simple combinatorial argument" of the proofs of Props. 2, 3 and 5: the batches that
contain the differing index n carry total weight p (resp. b/n).
"""

from __future__ import annotations

import sympy as sp

from symbolic import Formula, Hypothesis, Identity
from symbolic.params import natural

from .common import P_AT_MOST_1, p, p_param, paper

n_param = natural("n", "dataset size n", zero=False)
b_param = natural("b", "batch size b ≤ n", zero=False)
size_param = natural("size", "batch size |B|")
n, b, size = n_param.symbol, b_param.symbol, size_param.symbol
k = sp.Symbol("k", integer=True, nonnegative=True)
_plain = sp.Symbol

poisson_weight = paper.add(
    Formula(
        paper.id("eq-13-weight"),
        p**size * (1 - p) ** (n - size),
        [p_param, n_param, size_param],
        paper.source("Poisson sampling, (13)", "13"),
        hypotheses=[P_AT_MOST_1, Hypothesis(_plain("size") <= _plain("n"), "|B| ≤ n")],
        title="P(B_t = B) = p^{|B|} (1 − p)^{n − |B|}",
    )
)
swor_weight = paper.add(
    Formula(
        paper.id("eq-15-weight"),
        1 / sp.binomial(n, b),
        [n_param, b_param],
        paper.source("Sampling without replacement, (15)", "15"),
        hypotheses=[Hypothesis(_plain("b") <= _plain("n"), "b ≤ n")],
        title="P(B_t = B) = 1/C(n, b) for |B| = b",
    )
)

_src = lambda what: paper.source(f"Proofs of Props. 2, 3, 5: '{what}'", ("13", "15"))  # noqa: E731
# Batches of [n] avoiding n are the subsets of [n − 1]; grouped by size k.
paper.add(
    Identity(
        paper.id("eq-13-avoid-n"),
        lhs=sp.Sum(sp.binomial(n - 1, k) * poisson_weight(size=k), (k, 0, n - 1)),
        rhs=1 - p,
        statement="Poisson sampling: Σ_{B ∌ n} p^{|B|}(1 − p)^{n−|B|} = 1 − p (the multiplicative weight in (14))",
        source=_src("a simple combinatorial argument"),
        where=[p <= 1],
        covers=[poisson_weight.id],
        samples=8,
        # proved by prove_zero's binomial-theorem rewrite (SymPy's Sum.doit leaves this sum unevaluated)
        budget=2,
        note="binomial theorem: (1 − p)·Σ_k C(n−1, k) p^k (1 − p)^{n−1−k} = (1 − p)(p + 1 − p)^{n−1}",
    )
)
paper.add(
    Identity(
        paper.id("eq-13-contain-n"),
        lhs=sp.Sum(sp.binomial(n - 1, k) * poisson_weight(size=k + 1), (k, 0, n - 1)),
        rhs=p,
        statement="Poisson sampling: Σ_{B ∋ n} p^{|B|}(1 − p)^{n−|B|} = p (the additive weight in (14))",
        source=_src("a simple combinatorial argument"),
        where=[p <= 1],
        covers=[poisson_weight.id],
        samples=8,
        budget=2,  # as eq-13-avoid-n: the binomial theorem
        note="binomial theorem: p·Σ_k C(n−1, k) p^k (1 − p)^{n−1−k} = p(p + 1 − p)^{n−1}",
    )
)
paper.add(
    Identity(
        paper.id("eq-15-contain-n"),
        lhs=sp.binomial(n - 1, b - 1) * swor_weight.expr,
        rhs=b / n,
        statement="Sampling without replacement: C(n−1, b−1)/C(n, b) = b/n of the batches contain n",
        source=_src("a simple combinatorial argument"),
        covers=[swor_weight.id],
        where=[b <= n],  # batches of b ≤ n of the n records
    )
)
paper.add(
    Identity(
        paper.id("eq-15-avoid-n"),
        lhs=sp.binomial(n - 1, b) * swor_weight.expr,
        rhs=1 - b / n,
        statement="Sampling without replacement: C(n−1, b)/C(n, b) = 1 − b/n of the batches avoid n",
        source=_src("a simple combinatorial argument"),
        covers=[swor_weight.id],
        where=[b <= n],  # batches of b ≤ n of the n records
    )
)
