"""Exports (symbolic.export): standalone Python reproduces the package, hashes track expressions,
the LaTeX document and the manifest carry sources, hypotheses and verdicts.

Most tests use a small local registry (quick claims) so they stay fast; one test exports a
registered formula of the real catalog.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys

import mpmath
import pytest
import sympy as sp
from hypothesis import given, settings, strategies as st
from sympy.codegen.cfunctions import expm1, log1p

from symbolic import Formula, Hypothesis, Identity, Paper, Registry
from symbolic.cli import main as cli_main
from symbolic.export import gather, resolve
from symbolic.export import latex, manifest, python as pyexport
from symbolic.evaluate.inverse import Inverse
from symbolic.params import natural, nonnegative, positive

# ---------------------------------------------------------------------------
# A small paper: a Piecewise/expm1 formula, a sum, an erfc forward and its inverse,
# a custom-algorithm formula, an erratum pair.
paper = Paper("toy", "A toy paper", "A. Author (2025)")
L_p, s_p = positive("L", "ratio"), natural("s", "steps")
L, s = L_p.symbol, s_p.symbol
j = sp.Symbol("j", integer=True)
theta = paper.add(
    Formula(
        paper.id("theta"),
        sp.Piecewise((0, sp.Eq(s, 0)), (L ** (2 * (s - 1)) / sp.Sum(L ** (2 * j), (j, 0, s - 1)), True)),
        [L_p, s_p],
        paper.source("eq. (1)", "1"),
        title="θ_L(s)",
        numeric=sp.Piecewise(
            (0, sp.Eq(s, 0)), (1 / s, sp.Eq(L, 1)), (expm1(-2 * log1p(L - 1)) / expm1(-2 * s * log1p(L - 1)), True)
        ),
    )
)
x_p, n_p = positive("x", "base"), natural("n", "terms")
x, n = x_p.symbol, n_p.symbol
partial = paper.add(
    Formula(
        paper.id("partial-sum"),
        sp.Sum(j * x**j / (j + 1), (j, 0, n)),
        [x_p, n_p],
        paper.source("eq. (2)", "2"),
        hypotheses=[Hypothesis(sp.Symbol("x") < 2, "x < 2")],
    )
)
eps_p, r_p, d_p = nonnegative("eps", "level"), positive("r", "shift"), positive("delta", "target")
eps, r, delta = eps_p.symbol, r_p.symbol, d_p.symbol
Q = lambda z: sp.erfc(z / sp.sqrt(2)) / 2  # noqa: E731
hs = paper.add(
    Formula(
        paper.id("hs"),
        Q(eps / r - r / 2) - sp.exp(eps) * Q(eps / r + r / 2),
        [eps_p, r_p],
        paper.source("Thm 8", (), "derived"),
    )
)
hs_inv = paper.add(
    Formula(
        paper.id("hs-eps"),
        sp.Function("eps_of")(r, delta),
        [r_p, d_p],
        paper.source("Thm 8 inverted", (), "derived"),
        hypotheses=[Hypothesis(sp.Symbol("delta") < 1, "δ < 1")],
        inverse=Inverse(hs, solve_for="eps", target="delta"),
    )
)
custom = paper.add(
    Formula(
        paper.id("custom"),
        sp.Function("opt")(x),
        [x_p],
        paper.source("Alg. 1"),
        evaluator=lambda values, dps: mpmath.mpf(1),
    )
)
paper.add(
    Identity(
        paper.id("theta-at-1"),
        theta(L=1, s=s + 1),
        1 / (s + 1),
        "θ_1(s+1) = 1/(s+1)",
        paper.source("eq. (1)", "1"),
        covers=[theta.id],
    )
)
paper.add(
    Identity(
        paper.id("step-printed"),
        L**2 - 1,
        (L - 1) ** 2,
        "L² − 1 = (L − 1)²",
        paper.source("proof of (1)", "1", "printed"),
        expect="refuted",
        erratum="toy E1",
        hints=[{"L": 2}],
        covers=[theta.id],
    )
)
paper.add(
    Identity(
        paper.id("step-corrected"),
        L**2 - 1,
        (L - 1) * (L + 1),
        "L² − 1 = (L − 1)(L + 1)",
        paper.source("proof of (1)", "1", "corrected", "factor L + 1, not L − 1"),
        erratum="toy E1",
    )
)
REG = Registry([paper])


@pytest.fixture(scope="module")
def bundle():
    formulas, scope = resolve(REG, paper="toy")
    return gather(REG, formulas, scope=scope, paper="toy", jobs=2)


@pytest.fixture(scope="module")
def module_path(bundle, tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "toy_formulas.py"
    path.write_text(pyexport.render(bundle), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def exported(module_path):
    spec = importlib.util.spec_from_file_location("toy_formulas", module_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def only_mpmath(tmp_path_factory):
    """A directory holding mpmath and nothing else, for `python -S` (no site-packages)."""
    root = tmp_path_factory.mktemp("only_mpmath")
    shutil.copytree(pathlib.Path(mpmath.__file__).parent, root / "mpmath")
    return root


def run_alone(path, only_mpmath):
    env = {**os.environ, "PYTHONPATH": str(only_mpmath)}
    return subprocess.run(
        [sys.executable, "-S", str(path)], capture_output=True, text=True, env=env, cwd=str(path.parent), timeout=120
    )


# ---------------------------------------------------------------------------
def test_exported_module_runs_with_only_mpmath_and_reproduces_recorded_values(module_path, only_mpmath):
    out = run_alone(module_path, only_mpmath)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "DIFFERS" not in out.stdout and "recorded values reproduced" in out.stdout


def test_self_check_fails_when_a_recorded_value_differs(module_path, only_mpmath, tmp_path):
    import re

    text = module_path.read_text(encoding="utf-8")
    first = re.search(r", 30, '([^']+)'\),\n", text[text.index("RECORDED = [") :])
    assert first and first.group(1) != "12345"
    at = text.index("RECORDED = [") + first.start()
    bad = tmp_path / "tampered.py"
    bad.write_text(text[:at] + ", 30, '12345'),\n" + text[at + len(first.group(0)) :], encoding="utf-8")
    out = run_alone(bad, only_mpmath)
    assert out.returncode == 1 and "DIFFERS" in out.stdout, out.stdout + out.stderr


def test_generated_module_imports_nothing_from_the_package(module_path):
    text = module_path.read_text(encoding="utf-8")
    imports = [ln.split()[1] for ln in text.splitlines() if ln.startswith(("import ", "from "))]
    assert set(imports) <= {"builtins", "math", "re", "sys", "fractions", "mpmath"}, imports


def test_header_records_sources_hashes_verdicts_and_versions(module_path, bundle):
    text = module_path.read_text(encoding="utf-8")
    from symbolic.export.records import expression_hash

    assert expression_hash(theta.expr) in text and expression_hash(theta.numeric) in text
    assert "PROVED   toy/theta-at-1" in text and "REFUTED  toy/step-printed" in text
    assert f"sympy {sp.__version__}" in text and f"mpmath {mpmath.__version__}" in text
    assert "toy, eq. (1), eq. (1) [printed]" in text
    assert "toy/custom: computed by a custom algorithm" in text


def close(got, want, dps) -> bool:
    """The exported module (mpmath, no enclosure) within one unit of the dps-th digit of the
    package's correctly rounded value."""
    with mpmath.workdps(dps + 20):
        return got == want or abs(got - want) <= abs(want) * mpmath.mpf(10) ** (1 - dps)


VALUES = st.fixed_dictionaries(
    {
        "L": st.sampled_from(["1", "1.000000001", "0.999999999", "2/3", "37", "1e-9"]),
        "s": st.sampled_from(["0", "1", "2", "9", "1000000000000"]),
    }
)


@settings(max_examples=15, deadline=None)
@given(VALUES, st.sampled_from([15, 30, 50]))
def test_exported_theta_equals_the_package(exported, params, dps):
    got = exported.toy__theta(**params, dps=dps)
    want = theta.evaluate(dps=dps, **params)  # Arb: the correctly rounded digits
    assert close(got, want, dps), (params, got, want)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(["1/3", "1", "3/2", "1.999"]), st.integers(0, 60))
def test_exported_sum_equals_the_package(exported, xv, nv):
    assert close(exported.toy__partial_sum(x=xv, n=nv, dps=30), partial.evaluate(dps=30, x=xv, n=nv), 30)


@pytest.mark.parametrize("rv,dv", [("37", "1e-5"), ("1", "1e-200"), ("3/2", "1/3"), ("1/10", "1/2")])
def test_exported_inverse_agrees_with_the_package(exported, rv, dv):
    got = exported.toy__hs_eps(r=rv, delta=dv, dps=30)
    want = hs_inv.evaluate(dps=30, r=rv, delta=dv)
    with mpmath.workdps(40):
        assert abs(got - want) <= abs(want) * mpmath.mpf(10) ** -29, (got, want)


def test_exported_checks_raise_value_error(exported):
    with pytest.raises(ValueError, match="L > 0"):
        exported.toy__theta(L="-1", s="2")
    with pytest.raises(ValueError, match="x < 2"):
        exported.toy__partial_sum(x="2", n=3)
    with pytest.raises(ValueError, match="integer"):
        exported.toy__theta(L="2", s="1/2")
    with pytest.raises(ValueError, match="string"):
        exported.toy__theta(L=1.5, s=2)
    assert "toy/custom" in exported.NOT_EXPORTED and "toy/custom" not in exported.EXPORTED


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"L": "2", "s": "3", "dps": 0}, "dps must be an integer from 1 to"),
        ({"L": "2", "s": "3", "dps": "abc"}, "dps must be an integer from 1 to"),
        ({"L": "2", "s": "3", "dps": True}, "dps must be an integer from 1 to"),
        ({"L": "1_000", "s": "3"}, "cannot parse"),
        ({"L": "١٢", "s": "3"}, "cannot parse"),
        ({"L": "１２", "s": "3"}, "cannot parse"),
        ({"L": "1e999999999", "s": "3"}, "exponent"),
    ],
)
def test_exported_module_rejects_what_the_package_rejects(exported, kwargs, match):
    """Issue #10 item 6: same parser, same checks, same error classes as the package."""
    with pytest.raises(ValueError, match=match):
        exported.toy__theta(**kwargs)
    package_kwargs = dict(kwargs)
    dps = package_kwargs.pop("dps", 30)
    with pytest.raises(ValueError, match=match):
        theta.evaluate(dps, **package_kwargs)


def test_exported_module_accepts_what_the_package_accepts(exported):
    # '1 / 3' is a fraction for the package's parser, so for the exported module too.
    assert close(exported.toy__theta(L="1 / 3", s="2", dps=30), theta.evaluate(dps=30, L="1 / 3", s="2"), 30)


def test_exported_long_sum_and_huge_counts_end_in_arithmetic_error_not_a_hang(exported):
    with pytest.raises(ArithmeticError, match="too long"):
        exported.toy__partial_sum(x="1/2", n="1e5000")
    # θ at s = 10**50 is a geometric sum in O(1): a value, not ZeroDivisionError.
    assert close(exported.toy__theta(L="3/2", s=10**50, dps=20), theta.evaluate(dps=20, L="3/2", s=10**50), 20)


def test_cli_export_validates_the_output_path_before_checking_claims(tmp_path, capsys):
    existing = tmp_path / "there.py"
    existing.write_text("keep me", encoding="utf-8")
    bad = [str(tmp_path), str(tmp_path / "missing" / "x.py"), str(existing / "x.py"), str(existing)]
    for path in bad:
        assert cli_main(["export", "kong-ribero/theta", "--format", "python", "-o", path]) == 2
        assert "export:" in capsys.readouterr().err
    assert existing.read_text(encoding="utf-8") == "keep me"  # never overwritten silently


# ---------------------------------------------------------------------------
def _hash_of(formula):
    reg = Registry([_single(formula)])
    return manifest.manifest(gather(reg, [formula], scope="t", jobs=1))["formulas"][0]["sha256"]


def _single(formula):
    p = Paper("toy", "A toy paper")
    p.add(formula)
    return p


def test_manifest_hash_changes_exactly_when_the_expression_changes():
    base = Formula("toy/h", L**2 / (1 + L), [L_p], paper.source("eq. (9)", "9"), title="one title")
    same_expr = Formula(
        "toy/h",
        L**2 / (1 + L),
        [L_p],
        paper.source("Lemma 9", "10", "derived"),
        hypotheses=[Hypothesis(sp.Symbol("L") < 5, "L < 5")],
        title="another title",
    )
    rebuilt = Formula("toy/h", sp.sympify("L**2/(1 + L)", locals={"L": L}), [L_p], paper.source("eq. (9)", "9"))
    changed = Formula("toy/h", L**3 / (1 + L), [L_p], paper.source("eq. (9)", "9"))
    h = _hash_of(base)
    assert h == _hash_of(same_expr) == _hash_of(rebuilt)
    assert h != _hash_of(changed)
    # Assumptions are part of the expression: L positive vs L merely real differ.
    real_L = sp.Symbol("L", real=True)
    from symbolic.params import Parameter

    assert h != _hash_of(Formula("toy/h", real_L**2 / (1 + real_L), [Parameter(real_L)], paper.source("x")))


def test_manifest_fields(bundle):
    data = json.loads(manifest.render(bundle))
    entry = {f["id"]: f for f in data["formulas"]}["toy/theta"]
    for key in ("id", "source", "latex", "srepr", "sha256", "parameters", "hypotheses", "claims"):
        assert key in entry
    assert entry["source"]["equations"] == ["1"] and entry["source"]["paper_title"] == "A toy paper"
    assert entry["srepr"] == sp.srepr(theta.expr) and entry["numeric"]["srepr"] == sp.srepr(theta.numeric)
    verdicts = {c["id"]: c["status"] for c in entry["claims"]}
    assert verdicts["toy/theta-at-1"] == "proved" and verdicts["toy/step-printed"] == "refuted"
    assert [p["name"] for p in entry["parameters"]] == ["L", "s"]
    assert {"python", "sympy", "mpmath"} <= set(data["libraries"])
    assert [c["id"] for c in data["errata"]["toy E1"]] == ["toy/step-printed", "toy/step-corrected"]
    inv = {f["id"]: f for f in data["formulas"]}["toy/hs-eps"]
    assert inv["inverse"]["forward"] == "toy/hs" and inv["hypotheses"][0]["text"] == "δ < 1"


def test_latex_document(bundle):
    tex = latex.render(bundle)
    assert tex.startswith("\\documentclass") and tex.rstrip().endswith("\\end{document}")
    for f in (theta, partial, hs, hs_inv, custom):
        assert f.id in tex
    assert "\\textbf{PROVED}" in tex and "\\textbf{REFUTED}" in tex
    errata = tex[tex.index("Errata: printed vs corrected") :]
    assert errata.index("As printed") < errata.index("Corrected") and "factor L + 1" in errata
    assert "Counterexample" in errata
    assert "x < 2" in tex and "$\\delta{}$ < 1" in tex
    # Only ASCII reaches the .tex file (pdfLaTeX-safe), and braces balance.
    assert tex.isascii()
    body = tex.replace("\\{", "").replace("\\}", "")
    assert body.count("{") == body.count("}")


# ---------------------------------------------------------------------------
def test_real_catalog_theta_export_reproduces_the_hard_regime(tmp_path):
    from symbolic import registry

    from symbolic.export.records import Bundle, FormulaRecord, library_versions

    reg = registry()
    f = reg.formula("kong-ribero/theta")
    # Values only (the verdicts are tested above): a bundle without running the claims.
    text = pyexport.render(Bundle("t", [FormulaRecord(f, reg.paper("kong-ribero"), [])], {}, library_versions()))
    path = tmp_path / "theta_export.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("theta_export", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for params in ({"L": "1.000000001", "s": "1000000000000"}, {"L": "1", "s": "7"}, {"L": "0.5", "s": "3"}):
        assert close(mod.kong_ribero__theta(**params, dps=40), f.evaluate(dps=40, **params), 40)


def test_cli_export_needs_exactly_one_target(capsys):
    assert cli_main(["export", "--format", "json"]) == 2
    assert "either a formula ID or --paper" in capsys.readouterr().err
