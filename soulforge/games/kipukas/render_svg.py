"""Kipukas as SVG for the web table: ``render(view, legal) -> str`` (first cut; see NOTES.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Json = dict[str, Any]


def render(view: Json, legal: Sequence[Json]) -> str:
    return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>'
