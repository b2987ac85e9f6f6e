"""prove_zero strategies: peeling the last term of sums/products, and the erf form."""

import sympy as sp

from symbolic.proving import peel_last_terms, prove_zero

T = sp.Symbol("T", integer=True, nonnegative=True)
t, s = sp.symbols("t s", integer=True)
alpha, beta = sp.Function("alpha"), sp.Function("beta")
E0 = sp.Symbol("E0")


def unrolled(n):
    return sp.Product(alpha(s), (s, 1, n)) * E0 + sp.Sum(beta(t) * sp.Product(alpha(s), (s, t + 1, n)), (t, 1, n))


def test_peel_proves_a_general_unrolling_step():
    step = unrolled(T + 1) - alpha(T + 1) * unrolled(T) - beta(T + 1)
    assert prove_zero(step).proved


def test_peel_does_not_prove_a_wrong_step():
    wrong = unrolled(T + 1) - alpha(T + 1) * unrolled(T) - 2 * beta(T + 1)
    assert not prove_zero(wrong).proved


def test_peel_matches_karr_convention_on_numbers():
    f = sp.Function("f")
    n = sp.Symbol("n", integer=True)
    peeled = peel_last_terms(sp.Sum(f(t), (t, 1, n + 1)))
    for value in (-3, 0, 1, 4):  # reversed, empty and ordinary ranges
        lhs = sp.Sum(t**2, (t, 1, value + 1)).doit()
        rhs = peeled.subs(n, value).replace(f, sp.Lambda(t, t**2)).doit()
        assert lhs == rhs
    assert peel_last_terms(sp.Sum(f(t), (t, 1, 5))) == sp.Sum(f(t), (t, 1, 5))  # numeric limits untouched


def test_erf_form_proves_reflection():
    x = sp.Symbol("x", positive=True)
    assert prove_zero(sp.erfc(-x) / 2 - sp.erfc(x) / 2 - sp.erf(x)).proved
    assert not prove_zero(sp.erfc(-x) / 2 - sp.erfc(x) / 2 - 2 * sp.erf(x)).proved


def test_peel_proves_a_weighted_unrolling_step():
    """S_T = (1 − q) Σ_t q^{T−t} Π_{s=t}^T θ_s satisfies S_{T+1} = qθ_{T+1} S_T + (1 − q)θ_{T+1}."""
    q = sp.Symbol("q", positive=True)
    theta = sp.Function("theta")

    def S(n):
        return (1 - q) * sp.Sum(q ** (n - t) * sp.Product(theta(s), (s, t, n)), (t, 1, n))

    assert prove_zero(S(T + 1) - q * theta(T + 1) * S(T) - (1 - q) * theta(T + 1)).proved
    assert not prove_zero(S(T + 1) - theta(T + 1) * S(T) - (1 - q) * theta(T + 1)).proved


def test_one_simplify_per_distinct_form(monkeypatch):
    """The log and exp rewrites of a residual without logs or exps are no-ops: simplify runs once, not three
    times (seconds per branch in the numeric-form identities), and the result is the same."""
    import symbolic.proving as proving

    calls = []
    real = sp.simplify
    monkeypatch.setattr(sp, "simplify", lambda e, **kw: calls.append(e) or real(e, **kw))
    x, y = sp.symbols("x y", positive=True)
    assert not proving._prove_plain_zero(x / (x + y) - 1, None).proved
    assert len(calls) == 1
    calls.clear()
    proof = proving._prove_plain_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, None)
    assert proof.proved and proof.strategy == "simplify" and len(calls) == 1


def test_erf_form_cancel_proves_a_rational_identity_mixing_erf_and_erfc():
    x, w = sp.symbols("x w", positive=True)
    theta0, k = sp.erf(x), (1 + sp.erfc(x)) / 2
    lhs = 1 - sp.erfc(x) - (1 - sp.erfc(x)) / (1 + w * k)  # θ − θ/(1 + wK), written with erfc
    proof = prove_zero(lhs - theta0 * w * k / (1 + w * k))
    assert proof.proved and proof.strategy == "erf form (cancel)"
    assert not prove_zero(lhs - theta0 * w * k / (1 + 2 * w * k)).proved
    assert not prove_zero(lhs - sp.erf(2 * x) * w * k / (1 + w * k)).proved  # another argument: not the same atom
