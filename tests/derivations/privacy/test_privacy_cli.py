"""The toolkit through the command line: exact parsing, 40 digits, exit status 2 on bad input."""

import json
import subprocess
import sys

import mpmath

from symbolic import registry

IDS = [
    "privacy/gaussian-rdp",
    "privacy/gdp-tradeoff",
    "privacy/gdp-delta",
    "privacy/gdp-epsilon",
    "privacy/gaussian-hockey-stick",
    "privacy/rdp-linear-epsilon",
    "privacy/rdp-linear-epsilon-mironov",
    "privacy/sgm-rdp",
    "privacy/sgm-rdp-reverse",
    "privacy/subsampled-gdp-tradeoff",
]


def cli(*args):
    return subprocess.run([sys.executable, "-m", "symbolic", *args], capture_output=True, text=True, timeout=120)


def test_every_id_is_registered_and_covered_by_a_claim():
    reg = registry()
    for fid in IDS:
        reg.formula(fid)
        assert reg.claims_covering(fid), fid


def test_cli_eval_gdp_epsilon_mu_37():
    out = cli("eval", "privacy/gdp-epsilon", "mu=37", "delta=1e-5", "--dps", "40", "--json")
    assert out.returncode == 0, out.stderr
    value = json.loads(out.stdout)["value"]
    with mpmath.workdps(60):
        mu, delta = mpmath.mpf(37), mpmath.mpf(10) ** -5
        ref = mpmath.findroot(
            lambda e: (
                mpmath.log(mpmath.ncdf(-e / mu + mu / 2) - mpmath.exp(e) * mpmath.ncdf(-e / mu - mu / 2))
                - mpmath.log(delta)
            ),
            841,
        )
        assert abs(mpmath.mpf(value) - ref) < ref * mpmath.mpf(10) ** -39


def test_cli_bad_input_exits_2():
    for args in (["privacy/gdp-epsilon", "mu=1", "delta=1"], ["privacy/sgm-rdp", "q=2", "sigma=1", "alpha=2"]):
        out = cli("eval", *args)
        assert out.returncode == 2, (args, out.stdout, out.stderr)
        assert "hypothesis" in (out.stderr + out.stdout)


def test_cli_rdp_linear_epsilon_method_by_name():
    out = cli("eval", "privacy/rdp-linear-epsilon", "rho=50", "delta=1e-5", "method=balle", "--dps", "30", "--json")
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout)
    assert record["params"]["method"] == "balle"
    assert record["value"].startswith("96.0352706751731")  # PEERS.md A.4, Balle/CKS at σ = 1 ×100
    bad = cli("eval", "privacy/rdp-linear-epsilon", "rho=50", "delta=1e-5", "method=fastest")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "method ∈ {mironov, balle, asoodeh, best}" in bad.stderr and "fastest" in bad.stderr
