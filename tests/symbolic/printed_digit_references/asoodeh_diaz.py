"""Independent references for Asoodeh & Diaz (2023) formulas (see the package docstring); imports nothing from the package."""

from __future__ import annotations


from . import Reference

REFERENCES: dict[str, Reference] = {}
