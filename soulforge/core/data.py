"""Reading game data (TOML) with errors that name the file, the entry and the field."""

from __future__ import annotations

import contextlib
import functools
import importlib.resources
import json
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from soulforge.core.decklist import MAX_TOML_DEPTH, nesting_depth
from soulforge.core.errors import DataError

T = TypeVar("T")
P = ParamSpec("P")

_active: dict[str, Any] = {}
"""The data overrides in force (``overriding``): ``"<game>.<file>.<entry>.<field>"`` -> value."""
_used: set[tuple[str, str]] = set()
"""The overrides (key, repr of the value) that some data file read in this process has taken."""


def package_dir(package: str) -> Path:
    """The folder of ``package`` (e.g. ``"soulforge.games.kipukas"``), where its data files lie.

    Modules find their data through this rather than ``Path(__file__)``: compiled with mypyc
    (``docs/native.md``), a module's ``__file__`` is relative to the build directory."""
    return Path(str(importlib.resources.files(package)))


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file, with the overrides in force applied; syntax errors become
    :class:`DataError`."""
    try:
        with path.open("rb") as handle:
            raw = tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise DataError(path.name, "-", "-", f"not valid TOML: {err}") from None
    _overridden(path, raw)
    return raw


def read_json(path: Path) -> Any:
    """Parse a JSON data file (shared card data), with the overrides in force applied; syntax
    errors become :class:`DataError`."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataError(path.name, "-", "-", f"not valid JSON: {err}") from None
    _overridden(path, raw)
    return raw


def _overridden(path: Path, raw: Any) -> None:
    """Set the overrides in force for ``path`` in ``raw`` (the parsed file)."""
    prefix = f"{data_owner(path)}.{path.stem}."
    for key, value in _active.items():
        if key.startswith(prefix):
            set_field(raw, path.name, key.removeprefix(prefix), value)
            _used.add((key, repr(value)))


# -- overrides: any authored number or card field, changed for a run ------------------------

def data_owner(path: Path) -> str:
    """The game a data file belongs to: the folder under ``games`` (else its own folder).

    >>> data_owner(Path("soulforge/games/kipukas/data/cards.toml")), data_owner(Path("x/y.toml"))
    ('kipukas', 'x')
    """
    parts = path.parts
    if "games" in parts[:-2]:
        return parts[len(parts) - 1 - parts[::-1].index("games") + 1]
    return path.parent.name


def parse_override(text: str) -> tuple[str, Any]:
    """``"game.file.entry.field=value"`` -> its key and value (a TOML value, else text).

    >>> parse_override("soul_of_ankiril.cards.Shekun.attack=3")
    ('soul_of_ankiril.cards.Shekun.attack', 3)
    >>> parse_override("five_realms.cards.deck.name=plain words")
    ('five_realms.cards.deck.name', 'plain words')
    """
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or key.count(".") < 2:
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise ValueError(f"--set {shown!r}: write game.file.entry.field=value "
                         "(e.g. soul_of_ankiril.cards.Shekun.attack=3)")
    if nesting_depth(raw) > MAX_TOML_DEPTH:
        raise ValueError(f"--set {key}: the value is nested too deep (at most {MAX_TOML_DEPTH} "
                         "levels of [ and {)")
    try:
        value = tomllib.loads(f"v = {raw.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw.strip()
    return key, value


def _child(node: Any, name: str, file: str, where: str) -> Any:
    """``node[name]``: a table's key, or the entry of an array whose id, key or name is ``name``."""
    if isinstance(node, dict) and name in node:
        return node[name]
    if isinstance(node, list):
        for entry in node:
            if isinstance(entry, dict) and name in (entry.get("id"), entry.get("key"), entry.get("name")):
                return entry
        if name.isdigit() and int(name) < len(node):
            return node[int(name)]
    raise DataError(file, where or "-", name, "no such entry or field to override")


def set_field(raw: Any, file: str, dotted: str, value: Any) -> None:
    """Set ``raw``'s field at ``dotted`` (``entry.field``) to ``value``, keeping its type; a
    sourced field (``{value, source}``) keeps its source.

    >>> raw = {"Shekun": {"attack": 2}, "deck": {"size": {"value": 40, "source": "rulebook"}}}
    >>> set_field(raw, "cards.toml", "Shekun.attack", 3); set_field(raw, "cards.toml", "deck.size", 30)
    >>> raw["Shekun"]["attack"], raw["deck"]["size"]["value"]
    (3, 30)
    >>> set_field(raw, "cards.toml", "Shekun.attack", "x")
    Traceback (most recent call last):
    ...
    soulforge.core.errors.DataError: cards.toml: Shekun: attack: override must be int, got 'x'
    """
    *path, last = dotted.split(".")
    node: Any = raw
    for depth, name in enumerate(path):
        node = _child(node, name, file, ".".join(path[:depth]))
    where = ".".join(path) or "-"
    old = _child(node, last, file, where)
    if isinstance(old, dict) and "value" in old and "source" in old:
        node, last, old = old, "value", old["value"]
    if type(value) is not type(old) and not (isinstance(old, float) and type(value) is int):
        raise DataError(file, where, last if last != "value" else dotted.split(".")[-1],
                        f"override must be {type(old).__name__}, got {value!r}")
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


@contextlib.contextmanager
def overriding(overrides: Mapping[str, Any]) -> Iterator[None]:
    """Data files read inside the block see ``overrides`` (game construction reads them)."""
    global _active
    before = _active
    _active = {**before, **overrides}
    try:
        yield
    finally:
        _active = before


def overrides_key() -> tuple[tuple[str, str], ...]:
    """The overrides in force as a hashable key (what a cache of data read now depends on)."""
    return tuple(sorted((key, repr(value)) for key, value in _active.items()))


def unused_overrides(overrides: Mapping[str, Any]) -> list[str]:
    """The overrides no data file read in this process has taken with their value (misspelt,
    or data a game reads only once, at import)."""
    return sorted(key for key, value in overrides.items() if (key, repr(value)) not in _used)


def data_cache(function: Callable[P, T]) -> Callable[P, T]:
    """``functools.cache`` for data loaders, keyed also by the overrides in force."""
    cache: dict[Any, T] = {}

    @functools.wraps(function)
    def cached(*args: P.args, **kwargs: P.kwargs) -> T:
        key = (args, tuple(sorted(kwargs.items())), overrides_key())
        if key not in cache:
            cache[key] = function(*args, **kwargs)
        return cache[key]

    return cached


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
