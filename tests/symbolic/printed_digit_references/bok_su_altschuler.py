"""Independent references for Bok, Su & Altschuler (2024) formulas (see the package docstring); imports nothing from the package."""

from __future__ import annotations


from . import Reference

REFERENCES: dict[str, Reference] = {}
