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
