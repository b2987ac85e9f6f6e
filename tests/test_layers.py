"""House rules enforced by tools: import contracts (import-linter) and the notebooks' public API."""

import ast
import json
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_import_contracts_hold():
    exe = shutil.which("lint-imports")
    if exe is None:
        pytest.fail("import-linter is a test dependency: pip install -e '.[test]'")
    out = subprocess.run([exe, "--config", str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]


def _contracts() -> list[dict]:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_the_accountant_may_not_import_engine_or_toolkit_internals():
    """Issue 32: the accountant reaches evaluation, certification and root finding through the public API of
    symbolic and derivations.privacy; the contract names the internals it once used (lambdify_mpmath and
    resolve_branches, now in symbolic.evaluate; hypotheses.decide; certify.arb.endpoints)."""
    (contract,) = [c for c in _contracts() if c["type"] == "forbidden" and c["source_modules"] == ["accountant"]]
    assert {"symbolic.evaluate", "symbolic.hypotheses", "symbolic.certify.arb"} <= set(contract["forbidden_modules"])


def test_the_privacy_toolkit_has_no_import_circle_contract():
    assert any(c["type"] == "acyclic_siblings" and "derivations.privacy" in c["ancestors"] for c in _contracts()), (
        "the acyclic_siblings contract over derivations.privacy (issue 32: sgm -> sgm_accounting -> sgm_mpmath)"
    )


def test_the_accountant_guesses_no_attribute_of_a_bound():
    """A bound's certifier and its ``certified_at`` are declared (derivations.privacy.Bound), not guessed with
    getattr(bound, "certifier", None)."""
    guesses = []
    for path in sorted((ROOT / "accountant").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "getattr"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value in ("certifier", "certified_at")
            ):
                guesses.append(f"{path.name}:{node.lineno}")
    assert not guesses, guesses


def _private_uses(source: str) -> list[str]:
    """Names starting with an underscore that code imports or reaches by attribute."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [f"{node.module}: {a.name}" for a in node.names if a.name.startswith("_")]
            if node.module and any(part.startswith("_") for part in node.module.split(".")):
                found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if any(p.startswith("_") for p in a.name.split("."))]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            found.append(f".{node.attr}")
    return found


def _code_cells(nb: pathlib.Path):
    for cell in json.loads(nb.read_text())["cells"]:
        if cell["cell_type"] == "code":
            src = "".join(cell["source"])
            # IPython magics are not Python
            yield "\n".join(line for line in src.splitlines() if not line.lstrip().startswith(("%", "!")))


@pytest.mark.parametrize("nb", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name)
def test_notebooks_use_the_public_api_only(nb):
    bad = [use for src in _code_cells(nb) for use in _private_uses(src)]
    assert not bad, f"{nb.name} uses private names: {bad}"


def test_the_scan_catches_private_names():
    assert _private_uses("from symbolic.inverse import _exact\nx = obj._cache\nimport a._b")
    assert not _private_uses("from symbolic import registry\nx.__class__")


@pytest.mark.parametrize("args", [["check"], ["format", "--check"]], ids=["lint", "format"])
def test_ruff_is_clean(args):
    exe = shutil.which("ruff")
    if exe is None:
        pytest.fail("ruff is a test dependency: pip install -e '.[test]'")
    out = subprocess.run([exe, *args, "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
