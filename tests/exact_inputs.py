"""Exact inputs for the tests' independent references (imports nothing from the package).

Importable from every test module as ``exact_inputs``: pytest puts ``tests/`` on ``sys.path`` for
``tests/conftest.py``.
"""

import mpmath


def exact_mpf(text: str | int | mpmath.mpf) -> mpmath.mpf:
    """An exact decimal (``"0.05"``, ``"1e-300"``) or rational (``"p/q"``) input as an mpf at the working
    precision, rounded once; an mpf is taken as it is."""
    if isinstance(text, mpmath.mpf):
        return +text
    num, _, den = str(text).partition("/")
    if not den:
        return mpmath.mpf(num)  # mpmath rounds a decimal string correctly
    return mpmath.mpf(int(num)) / int(den)
