"""Subsampled Gaussian tradeoff C_p(G_μ) and the peer-accountant composition wrapper.

Reference: the convex hull of min(f_p, f_p⁻¹) computed independently as the double convex
conjugate on the definition: C(x) = sup_t [h(t) + h'(t)(x − t)] is replaced by a direct
check of its defining properties at 40 digits with mpmath.ncdf / findroot.
"""

import mpmath
import pytest

from symbolic import HypothesisError
from derivations.privacy.peers import PeersUnavailable
from derivations.privacy.subsampled import compose_subsampled_gaussian, subsampled_gdp_tradeoff as C


def ref_f_p(p, mu, x):
    """p G_μ(x) + (1 − p)(1 − x) with G_μ(x) = Φ(Φ⁻¹(1 − x) − μ) via mpmath.ncdf and findroot."""
    z = mpmath.findroot(lambda t: mpmath.ncdf(-t) - x, 0)
    return p * mpmath.ncdf(z - mu) + (1 - p) * (1 - x)


@pytest.mark.parametrize("p,mu,x", [("0.5", "2", "0.01"), ("0.1", "1", "0.2"), ("1", "3", "0.05")])
def test_first_piece_is_f_p(p, mu, x):
    with mpmath.workdps(50):
        xs = mpmath.ncdf(-mpmath.mpf(mu) / 2)
        assert mpmath.mpf(x) <= xs
        ref = ref_f_p(mpmath.mpf(p), mpmath.mpf(mu), mpmath.mpf(x))
    got = C.evaluate(dps=40, p=p, mu=mu, x=x)
    assert abs(got - ref) <= abs(ref) * mpmath.mpf(10) ** -38


def test_middle_piece_is_the_slope_minus_one_segment():
    with mpmath.workdps(50):
        p, mu = mpmath.mpf("0.5"), mpmath.mpf(2)
        xs = mpmath.ncdf(-mu / 2)
        fs = ref_f_p(p, mu, xs)
        x = (xs + fs) / 2
        ref = xs + fs - x
    got = C.evaluate(dps=40, p="0.5", mu="2", x=mpmath.nstr(x, 45))
    assert abs(got - ref) <= mpmath.mpf(10) ** -38


def test_third_piece_inverts_f_p():
    with mpmath.workdps(50):
        y = C.evaluate(dps=40, p="0.5", mu="2", x="0.9")
        assert abs(ref_f_p(mpmath.mpf("0.5"), mpmath.mpf(2), y) - mpmath.mpf("0.9")) < mpmath.mpf(10) ** -37


def test_p_zero_is_perfect_privacy_and_p_one_is_gdp():
    with mpmath.workdps(40):
        assert abs(C.evaluate(dps=30, p="0", mu="2", x="0.3") - mpmath.mpf(7) / 10) < mpmath.mpf(10) ** -29
    with mpmath.workdps(40):
        z = mpmath.findroot(lambda t: mpmath.ncdf(-t) - mpmath.mpf("0.9"), 0)
        ref = mpmath.ncdf(z - 2)  # G_2(0.9): with p = 1 the hull is G_μ itself
    assert abs(C.evaluate(dps=30, p="1", mu="2", x="0.9") - ref) < mpmath.mpf(10) ** -28


@pytest.mark.parametrize(
    "params,text",
    [
        (dict(p="1.5", mu="1", x="0.1"), "0 ≤ p ≤ 1"),
        (dict(p="0.5", mu="-1", x="0.1"), "mu > 0"),
        (dict(p="0.5", mu="1", x="2"), "0 ≤ x ≤ 1"),
    ],
)
def test_bad_input(params, text):
    with pytest.raises(HypothesisError, match=text):
        C.evaluate(dps=20, **params)


def test_composition_through_pld_accountant():
    pytest.importorskip("dp_accounting", reason="dp-accounting (the 'peers' extra) is not installed")
    eps = compose_subsampled_gaussian("0.01", "1", 1000, "1e-5")
    # shared/PEERS.md A.4 scenario 3: PLD 1.8282436…, PRV 1.82824 ± 0.01, RDP (grid) 2.1014.
    assert 1.81 < eps < 1.85
    with pytest.raises(HypothesisError):
        compose_subsampled_gaussian("0.01", "1", 1000, "0")
    with pytest.raises(HypothesisError):
        compose_subsampled_gaussian("1.01", "1", 1000, "1e-5")


def test_missing_peer_gives_clear_error(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name.startswith("prv_accountant"):
            raise ImportError("simulated")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    monkeypatch.delitem(__import__("sys").modules, "prv_accountant", raising=False)
    with pytest.raises(PeersUnavailable, match="peers"):
        compose_subsampled_gaussian("0.01", "1", 10, "1e-5", accountant="prv")


def test_inverse_of_f_p_costs_few_evaluations_at_high_precision(monkeypatch):
    """The last piece's inversion (now symbolic.solve_monotone) converges superlinearly: at 280 digits, where the
    symmetry claim evaluates it, a few dozen evaluations of f_p, not one per bit.  (Before, a step landing on an
    exact root made the old refinement halve the bracket down to one ulp: ~600 evaluations.)"""
    import mpmath

    from derivations.privacy import subsampled

    calls = []
    f_p = subsampled._f_p

    def counted(pv, mv, v):
        calls.append(v)
        return f_p(pv, mv, v)

    monkeypatch.setattr(subsampled, "_f_p", counted)
    with mpmath.workdps(280):
        pv, mv, target = mpmath.mpf("0.3"), mpmath.mpf(1), mpmath.mpf("0.2")
        y = subsampled._inverse_f_p(pv, mv, target)
        assert abs(f_p(pv, mv, y) - target) <= target * mpmath.mpf(10) ** -270
    assert len(calls) <= 60, len(calls)


def test_huge_mu_middle_piece_and_p_zero():
    """μ = 2.5e300 (fuzz, issue #17): x* = Φ(−μ/2) ≈ e^{−7.8e599}, and f_p(x*) computed through Q⁻¹(x*) overflowed
    mpmath's erfc (a refusal 'out of mpmath's range' for a defined value).  f_p(x*) = p x* + (1 − p)(1 − x*) since
    Q⁻¹(x*) = μ/2 exactly, so the middle piece is x* + f_p(x*) − x = 1 − p − x + 2p x*; at p = 0 it is 1 − x."""
    with mpmath.workdps(60):
        ref = 1 - mpmath.mpf("0.5") - mpmath.mpf("0.3")  # + 2p x*, x* ≤ e^{−μ²/8} < 10^-(10^600): below every digit
    assert abs(C.evaluate(dps=30, p="1/2", mu="2.5e300", x="0.3") - ref) <= ref * mpmath.mpf(10) ** -30
    with mpmath.workdps(40):
        got = C.evaluate(dps=30, p="0", mu="2.5e300", x="0.999")
        assert abs(got - mpmath.mpf("0.001")) <= mpmath.mpf(10) ** -33
    # the shortcut equals the general f_p at x* where both are computable
    from derivations.privacy.subsampled import _f_p, _x_star

    with mpmath.workdps(50):
        for p, mu in (("0.3", "1"), ("0.9", "20"), ("1e-6", "0.01")):
            pv, mv = mpmath.mpf(p), mpmath.mpf(mu)
            xs = _x_star(mv)
            assert abs(pv * xs + (1 - pv) * (1 - xs) - _f_p(pv, mv, xs)) <= mpmath.mpf(10) ** -45
