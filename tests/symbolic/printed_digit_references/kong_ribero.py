"""Independent references for Kong & Ribero (2025) formulas (see the package docstring); imports nothing from the package."""

from __future__ import annotations


from . import Reference

REFERENCES: dict[str, Reference] = {}
