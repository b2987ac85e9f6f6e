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
