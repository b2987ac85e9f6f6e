"""The README's Python examples run as written, and what their comments state is what they print.

A user's first contact with the package is the README: an example that raises, or a comment that names a number
the code no longer gives (the accountant's guarantee, a verdict), teaches them to distrust the rest.
"""

from __future__ import annotations

import contextlib
import io
import re
from fractions import Fraction
from pathlib import Path

import mpmath

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), flags=re.S | re.M)


def _run(block: str) -> tuple[dict, str]:
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out), mpmath.workdps(15):
        exec(compile(block, str(README), "exec"), namespace)  # noqa: S102 -- the README's own example
    return namespace, out.getvalue()


def test_the_readme_has_the_two_python_examples():
    blocks = _python_blocks()
    assert any("registry()" in b for b in blocks)
    assert any("from accountant import account" in b for b in blocks)


def test_the_formula_example_prints_the_digits_and_verdict_it_announces():
    (block,) = [b for b in _python_blocks() if "registry()" in b]
    _, printed = _run(block)
    lines = printed.splitlines()
    # 40 significant digits, as `dps=40` asks (a bare print of the mpf would show 15)
    digits = re.sub(r"[^0-9]", "", lines[0]).lstrip("0")
    assert len(digits) == 40, lines[0]
    # Kong & Ribero (15), θ_L(s) = L^{2(s−1)} / Σ_{j<s} L^{2j}, transcribed here and summed exactly
    L, s = Fraction(137, 100), 9
    reference = L ** (2 * (s - 1)) / sum(L ** (2 * j) for j in range(s))
    with mpmath.workdps(60):
        assert lines[0] == mpmath.nstr(mpmath.mpf(reference.numerator) / reference.denominator, 40)
    assert "PROVED" in lines[1]


def test_the_accountant_example_gives_the_guarantee_its_comment_states():
    (block,) = [b for b in _python_blocks() if "from accountant import account" in b]
    namespace, _ = _run(block)
    result = namespace["result"]
    stated = re.search(r"result\.best\s*#.*?ε ≤ ([0-9.]+) \((.+), certified\)", block)
    assert stated, "the README's accountant example states its guarantee in a comment"
    number, title = stated.groups()
    best = result.best
    assert best.certified
    assert best.title == title
    assert result.show(best.result) == number
