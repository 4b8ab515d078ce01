"""Reading game data (TOML) with errors that name the file, the entry and the field."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from soulforge.core.errors import DataError

T = TypeVar("T")


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; syntax errors become :class:`DataError`."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise DataError(path.name, "-", "-", f"not valid TOML: {err}") from None


def field(file: str, entry: str, table: Mapping[str, Any], name: str, kind: type[T]) -> T:
    """``table[name]`` checked to be a ``kind``.

    >>> field("cards.toml", "King", {"copies": 2}, "copies", int)
    2
    >>> field("cards.toml", "King", {}, "copies", int)
    Traceback (most recent call last):
    ...
    soulforge.core.errors.DataError: cards.toml: King: copies: missing
    """
    if name not in table:
        raise DataError(file, entry, name, "missing")
    value = table[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(file, entry, name, f"must be {kind.__name__}, got {value!r}")
    return value


def choice(file: str, entry: str, table: Mapping[str, Any], name: str, allowed: set[str]) -> str:
    """``table[name]``, a string among ``allowed``."""
    value = field(file, entry, table, name, str)
    if value not in allowed:
        raise DataError(file, entry, name, f"must be one of {sorted(allowed)}, got {value!r}")
    return value


SOURCES = frozenset({"rulebook", "clarifications", "shared-data", "authored"})
"""Where a value of game data may come from: the rulebook, ``CLARIFICATIONS.md``, the
card data in ``../shared/data/``, or authored here where the rulebook gives no number."""


def sourced(file: str, entry: str, table: Mapping[str, Any], name: str, kind: type[T]) -> T:
    """``table[name]`` written ``{value = ..., source = ...}``, its value checked as ``kind``.

    >>> sourced("rules.toml", "deck", {"copies": {"value": 2, "source": "rulebook"}}, "copies", int)
    2
    >>> sourced("rules.toml", "deck", {"copies": {"value": 2, "source": "guess"}}, "copies", int)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    soulforge.core.errors.DataError: rules.toml: deck: source: must be one of [...], got 'guess'
    """
    cell = field(file, entry, table, name, dict)
    choice(file, entry, cell, "source", set(SOURCES))
    return field(file, f"{entry}.{name}", cell, "value", kind)


def check_sources(
    file: str,
    entry: str,
    table: Mapping[str, Any],
    key: str = "sources",
    exempt: frozenset[str] = frozenset({"id"}),
) -> None:
    """Every value of ``table`` is named, with its source, in its ``key`` table.

    >>> check_sources("tiles.toml", "t1", {"id": "t1", "size": 2, "sources": {"size": "authored"}})
    >>> check_sources("tiles.toml", "t1", {"id": "t1", "size": 2, "sources": {}})
    Traceback (most recent call last):
    ...
    soulforge.core.errors.DataError: tiles.toml: t1: sources.size: missing: say where the value comes from
    """
    sources = field(file, entry, table, key, dict)
    for name in table:
        if name == key or name in exempt:
            continue
        if name not in sources:
            raise DataError(file, entry, f"{key}.{name}", "missing: say where the value comes from")
        choice(file, entry, sources, name, set(SOURCES))
