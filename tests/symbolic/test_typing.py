"""The engine is typed: every public function of ``symbolic/`` is annotated, and mypy finds no error in it.

"Public" is every function or method whose name has no leading underscore, at module level or in a class
whose name has none (overloads and properties included); "annotated" is every parameter but ``self``/``cls``,
and the return.  mypy runs with ``[tool.mypy]`` of pyproject.toml over the whole of ``symbolic/``.

Every file is held to both rules: there is no allow-list (issue #32 emptied it).
"""

from __future__ import annotations

import ast
import functools
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "symbolic"

_ERROR = re.compile(r"^(?P<path>[^:\s]+\.pyi?):\d+: error: ", re.MULTILINE)


def public_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The public functions and methods of a module (also those defined under ``if``/``try``)."""
    found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if not node.name.startswith("_"):
                    found.append(node)
            elif isinstance(node, ast.ClassDef):
                if not node.name.startswith("_"):
                    walk(node.body)
            elif isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    walk(handler.body)
                walk(node.orelse)

    walk(tree.body)
    return found


def unannotated(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """What ``fn`` leaves unannotated: parameter names (not a method's ``self``/``cls``), and ``return``."""
    a = fn.args
    params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *(p for p in (a.vararg, a.kwarg) if p is not None)]
    missing = [
        p.arg for i, p in enumerate(params) if p.annotation is None and not (i == 0 and p.arg in ("self", "cls"))
    ]
    return missing + (["return"] if fn.returns is None else [])


def annotation_problems(path: pathlib.Path) -> list[str]:
    return [
        f"{path.relative_to(ROOT).as_posix()}:{fn.lineno} {fn.name}: no annotation for {', '.join(missing)}"
        for fn in public_functions(ast.parse(path.read_text(encoding="utf-8")))
        if (missing := unannotated(fn))
    ]


def _modules() -> list[pathlib.Path]:
    return sorted(ENGINE.rglob("*.py"))


_STARTED: list[subprocess.Popen] = []


def start_mypy() -> None:
    """Start mypy now (tests/symbolic/conftest.py calls this as the session starts, when these tests are
    collected, or, under pytest-xdist, as the first of them is set up in the worker that runs them): it runs in its
    own process while the tests before these run."""
    if _STARTED or shutil.which("mypy") is None:
        return
    # The configuration (python 3.10, stubs absent for SymPy / mpmath / flint) is pyproject.toml's; the
    # incremental cache (.mypy_cache) makes a re-run take a few seconds instead of ~15.
    _STARTED.append(
        subprocess.Popen(
            [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "symbolic"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    )


@functools.cache
def _mypy() -> tuple[int, str]:
    if shutil.which("mypy") is None:
        pytest.fail("mypy is a test dependency: pip install -e '.[test]'")
    start_mypy()  # a no-op when the session started it
    stdout, stderr = _STARTED[0].communicate()
    return _STARTED[0].returncode, stdout + stderr


def _mypy_errors() -> dict[str, list[str]]:
    code, output = _mypy()
    if code not in (0, 1):  # 2: mypy itself failed (bad configuration, crash)
        pytest.fail(f"mypy did not run (exit {code}):\n{output[-3000:]}")
    by_file: dict[str, list[str]] = {}
    for line in output.splitlines():
        m = _ERROR.match(line)
        if m:
            by_file.setdefault(m["path"], []).append(line)
    if code == 1 and not by_file:
        pytest.fail(f"mypy failed without a parsable error:\n{output[-3000:]}")
    return by_file


def test_every_public_function_is_annotated():
    problems: dict[str, list[str]] = {}
    for path in _modules():
        found = annotation_problems(path)
        if found:
            problems[path.relative_to(ROOT).as_posix()] = found
    missing = [line for _, lines in sorted(problems.items()) for line in lines]
    assert not missing, "public functions without type hints:\n" + "\n".join(missing)


def test_mypy_finds_no_error_in_the_engine():
    errors = [line for _, lines in sorted(_mypy_errors().items()) for line in lines]
    assert not errors, f"mypy: {len(errors)} errors\n" + "\n".join(errors)


def test_the_annotation_scan_finds_what_is_missing():
    tree = ast.parse(
        "def f(a, b: int) -> int: ...\n"
        "def _private(a): ...\n"
        "class C:\n"
        "    def m(self, x: int): ...\n"
        "    def ok(self, *args: int, **kw: str) -> None: ...\n"
        "    @property\n"
        "    def p(self): ...\n"
        "class _Hidden:\n"
        "    def m(self, x): ...\n"
        "if True:\n"
        "    def g(*, k) -> None: ...\n"
    )
    found = {fn.name: unannotated(fn) for fn in public_functions(tree)}
    assert found == {"f": ["a"], "m": ["return"], "ok": [], "p": ["return"], "g": ["k"]}
