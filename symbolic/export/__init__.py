"""Exporting verified formulas with their provenance and evidence.

``export (ID | --paper KEY) --format latex|python|json``: :func:`records.gather`
runs the claims covering the formulas (their verdicts are part of every export),
then one renderer per format writes the text:

* :mod:`.latex` — a standalone document (sources, hypotheses, verdicts, errata);
* :mod:`.python` — a standalone mpmath module generated from the verified
  expressions, with a self-check of recorded values;
* :mod:`.manifest` — the JSON manifest (hashes of the ``srepr`` of each expression).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import latex, manifest, python
from .records import Bundle, expression_hash, gather, library_versions, resolve

if TYPE_CHECKING:
    from ..registry import Registry

FORMATS = {"latex": latex.render, "python": python.render, "json": manifest.render}


def export(
    registry: Registry, fmt: str, *, id: str | None = None, paper: str | None = None, jobs: int | None = None
) -> str:
    """The text of an export of one formula (``id``) or of a whole ``paper`` in format ``fmt``."""
    if fmt not in FORMATS:
        from ..errors import InputError

        raise InputError(f"export: unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    formulas, scope = resolve(registry, id=id, paper=paper)
    bundle = gather(registry, formulas, scope=scope, paper=paper, jobs=jobs)
    return FORMATS[fmt](bundle)


__all__ = ["export", "gather", "resolve", "Bundle", "expression_hash", "library_versions", "FORMATS"]
