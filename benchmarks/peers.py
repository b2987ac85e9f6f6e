"""Peer comparison (not a test): our high-precision values against established DP accountants.

    pip install -e '.[peers]'                  # dp-accounting, prv-accountant, autodp
    python benchmarks/peers.py [--opacus-dir DIR] [--quick]

Opacus is optional: its accountant modules are pure numpy/scipy, but the package requires
torch, so they are loaded by path from an unpacked wheel when ``--opacus-dir`` points at
the directory containing ``opacus/`` (``pip download opacus==1.6.0 --no-deps`` and unzip).

One table, measured in one run.  Rows: μ-GDP → ε at δ (exact δ_μ(ε) inverted; our value at
50 digits), two linear RDP curves (ρ = 50, 1/2) with the Balle/CKS conversion optimised over
continuous α, and the DP-SGD point q = 0.01, σ = 1, T = 1000, δ = 1e-5.  For each peer: its
value, the number of correct digits against our 50-digit value, the time per call, and a flag:
CRASH (exception), LOST (< 10 correct digits where we agree on the quantity), UNSAFE (the exact
δ_μ at the peer's ε exceeds the target δ: the reported ε is not a valid guarantee).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
import time
import warnings
from fractions import Fraction

import mpmath

from derivations.privacy.gdp import gdp_delta, gdp_epsilon
from derivations.privacy.rdp_conversion import rdp_linear_epsilon
from derivations.privacy.sgm import sgm_epsilon
from derivations.privacy.subsampled import compose_subsampled_gaussian

DPS = 50


def timed(fn):
    start = time.perf_counter()
    try:
        value = fn()
        return value, time.perf_counter() - start, None
    except Exception as exc:  # a peer crashing is a result, not a failure of the script
        return None, time.perf_counter() - start, f"{type(exc).__name__}: {str(exc)[:60]}"


def digits(peer, ours) -> float:
    """Correct significant digits of ``peer`` against ``ours`` (capped at 17 for float64)."""
    with mpmath.workdps(60):
        err = abs(mpmath.mpf(peer) - ours)
        if err == 0:
            return 17.0
        return max(0.0, min(17.0, float(-mpmath.log10(err / abs(ours)))))


def exact_delta_at(mu: str, eps: float):
    """δ_μ at the peer's ε (the float converted exactly), at 40 digits."""
    if not (eps >= 0 and math.isfinite(eps)):
        return None
    return gdp_delta.evaluate(dps=40, mu=mu, eps=Fraction(eps))


def load_opacus(directory):
    """opacus.accountants.analysis.{gdp,rdp} loaded by path (they import only numpy/scipy)."""
    if not directory:
        return None
    mods = {}
    for name in ("gdp", "rdp"):
        path = f"{directory}/opacus/accountants/analysis/{name}.py"
        spec = importlib.util.spec_from_file_location(f"_opacus_{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        mods[name] = module
    return mods


def gdp_peers(opacus):
    import autodp.dp_bank as autodp_bank
    import dp_accounting
    from dp_accounting import gaussian_mechanism

    peers = {
        "dp_accounting.get_epsilon_gaussian": lambda mu, d: gaussian_mechanism.get_epsilon_gaussian(1 / mu, d),
        "autodp.get_eps_ana_gaussian": lambda mu, d: autodp_bank.get_eps_ana_gaussian(1 / mu, d),
    }

    def pld(mu, d):
        acc = dp_accounting.pld.PLDAccountant()
        acc.compose(dp_accounting.GaussianDpEvent(1 / mu))
        return acc.get_epsilon(d)

    peers["dp_accounting.PLDAccountant"] = pld

    def prv(mu, d):
        import prv_accountant as pa

        acc = pa.PRVAccountant(
            prvs=[pa.GaussianMechanism(noise_multiplier=1 / mu)],
            max_self_compositions=[1],
            eps_error=0.01,
            delta_error=d / 1000,
        )
        return acc.compute_epsilon(delta=d, num_self_compositions=[1])[2]

    peers["prv_accountant (upper)"] = prv
    if opacus:
        peers["opacus.eps_from_mu"] = lambda mu, d: opacus["gdp"].eps_from_mu(mu=mu, delta=d)
    return peers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--opacus-dir", help="directory containing an unpacked opacus wheel")
    parser.add_argument("--quick", action="store_true", help="a smaller grid")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    opacus = load_opacus(args.opacus_dir)

    mus = ["0.1", "1", "10", "30", "37", "40"] if not args.quick else ["1", "37"]
    deltas = ["1e-3", "1e-5", "1e-50", "1e-200"] if not args.quick else ["1e-5", "1e-200"]
    rows = []  # (case, our value, our seconds, [(peer, value, digits, seconds, flag)])

    peers = gdp_peers(opacus)
    for mu in mus:
        for d in deltas:
            ours, t_ours, _ = timed(lambda: gdp_epsilon.evaluate(dps=DPS, mu=mu, delta=d))
            results = []
            for name, fn in peers.items():
                if "PLD" in name and float(mu) > 10:
                    # measured once: 52–66 s per call at μ = 37 (the PLD grows with μ); not repeated
                    results.append((name, None, None, 0.0, "not run (> 50 s per call at μ ≥ 30)"))
                    continue
                value, t, err = timed(lambda: fn(float(mu), float(d)))
                if err is not None or value is None or not math.isfinite(float(value)):
                    results.append((name, None, None, t, "CRASH " + (err or f"returned {value}")))
                    continue
                value = float(value)
                dig = digits(value, ours)
                flags = []
                if dig < 10 and "prv" not in name and "PLD" not in name:
                    flags.append("LOST")
                exact = exact_delta_at(mu, value)
                with mpmath.workdps(40):
                    target = mpmath.mpf(Fraction(d).numerator) / Fraction(d).denominator
                    if exact is not None and exact > target:
                        flags.append(f"UNSAFE: exact δ(ε) = δ·(1 + {mpmath.nstr(exact / target - 1, 2)})")
                results.append((name, value, dig, t, " ".join(flags)))
            rows.append((f"GDP μ={mu}, δ={d}", ours, t_ours, results))

    # Linear RDP curves (Gaussian mechanism σ = 1 ×100, and μ = 1), Balle/CKS conversion.
    import dp_accounting
    from autodp import mechanism_zoo, transformer_zoo

    for rho, sigma, count in (("50", 1.0, 100), ("0.5", 1.0, 1)):
        ours, t_ours, _ = timed(lambda: rdp_linear_epsilon.evaluate(dps=DPS, rho=rho, delta="1e-5", method="balle"))

        def rdp_acc():
            acc = dp_accounting.rdp.RdpAccountant()
            acc.compose(dp_accounting.SelfComposedDpEvent(dp_accounting.GaussianDpEvent(sigma), count))
            return acc.get_epsilon(1e-5)

        def autodp_comp():
            mech = transformer_zoo.Composition()([mechanism_zoo.GaussianMechanism(sigma=sigma)], [count])
            return mech.get_approxDP(1e-5)

        results = []
        for name, fn in (
            ("dp_accounting.RdpAccountant (α grid)", rdp_acc),
            ("autodp Composition (RDP, BBGHS)", autodp_comp),
        ):
            value, t, err = timed(fn)
            if err:
                results.append((name, None, None, t, "CRASH " + err))
                continue
            dig = digits(value, ours)
            results.append((name, float(value), dig, t, "LOST" if dig < 10 else ""))
        rows.append((f"RDP ρα, ρ={rho}, δ=1e-5 (Balle/CKS, continuous α)", ours, t_ours, results))

    # DP-SGD point.
    ours, t_ours, _ = timed(lambda: sgm_epsilon("0.01", "1", 1000, "1e-5", "balle", dps=DPS))

    def dpa_rdp():
        acc = dp_accounting.rdp.RdpAccountant()
        acc.compose(
            dp_accounting.SelfComposedDpEvent(
                dp_accounting.PoissonSampledDpEvent(0.01, dp_accounting.GaussianDpEvent(1.0)), 1000
            )
        )
        return acc.get_epsilon(1e-5)

    def autodp_sgd():
        return mechanism_zoo.NoisySGD_Mechanism(prob=0.01, sigma=1.0, niter=1000).get_approxDP(1e-5)

    sgd_peers = [("dp_accounting.RdpAccountant (α grid)", dpa_rdp), ("autodp NoisySGD (RDP)", autodp_sgd)]
    if opacus:

        def opacus_rdp():
            orders = [1 + x / 10.0 for x in range(1, 100)] + list(range(12, 64))
            rdp = opacus["rdp"].compute_rdp(q=0.01, noise_multiplier=1.0, steps=1000, orders=orders)
            return opacus["rdp"].get_privacy_spent(orders=orders, rdp=rdp, delta=1e-5)[0]

        sgd_peers.append(("opacus RDP (α grid)", opacus_rdp))
    results = []
    for name, fn in sgd_peers:
        value, t, err = timed(fn)
        if err:
            results.append((name, None, None, t, "CRASH " + err))
            continue
        dig = digits(value, ours)
        results.append((name, float(value), dig, t, "LOST (α grid)" if dig < 10 else ""))
    for name, acc in (
        ("ours → dp_accounting PLD (numeric composition)", "pld"),
        ("ours → prv_accountant (upper)", "prv"),
    ):
        value, t, err = timed(lambda: compose_subsampled_gaussian("0.01", "1", 1000, "1e-5", accountant=acc))
        results.append(
            (name, value, None, t, "different method: tighter than any RDP bound" if not err else "CRASH " + err)
        )
    rows.append(("DP-SGD q=0.01, σ=1, T=1000, δ=1e-5 (RDP, Balle/CKS, continuous α)", ours, t_ours, results))

    print(
        "| case | ours (50 digits; first 20 shown) | ours s/call | peer | peer value | correct digits | "
        "peer s/call | flag |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for case, ours, t_ours, results in rows:
        first = True
        for name, value, dig, t, flag in results:
            ours_txt = mpmath.nstr(ours, 20) if (first and ours is not None) else ""
            print(
                f"| {case if first else ''} | {ours_txt} | {f'{t_ours:.3f}' if first else ''} | {name} | "
                f"{'' if value is None else repr(value)} | {'' if dig is None else f'{dig:.1f}'} | {t:.4f} | "
                f"{flag} |"
            )
            first = False
    return 0


if __name__ == "__main__":
    sys.exit(main())
