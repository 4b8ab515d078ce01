"""The game's data (TOML beside this file), validated at load: errors name file, entry, field.

Every entry carries a ``sources`` table saying where each value comes from.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from soulforge.core.data import check_sources, choice, data_cache, field, read_toml
from soulforge.core.errors import DataError
from soulforge.games.soulgivers.board import (
    INTERFERENCE_TILES,
    MOTHER,
    TILES,
    Tile,
    portal_front,
    tile_neighbour,
)

FOLDER = Path(__file__).parent / "data"
DIRS = {"N": 0, "E": 1, "S": 2, "W": 3}
CELL_CODES = {".": 0, "W": 1, "H": 2, "I": 3}


@dataclasses.dataclass(frozen=True)
class Character:
    key: str
    symbol: str
    """The letter showing the Soulgiver on a board (renderers)."""
    name: str
    move: int
    linear: bool
    shields: int
    attack: bool
    auras: tuple[str, ...]
    """Tags: the auras the card gives (fields of ``auras.Caps``)."""
    ranges: Mapping[str, int]
    row: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)
    """The card's data row as read: ``cards.SOULGIVER_BOOK`` declares the card from it (its
    ``abilities``, pieces of ``cards.ABILITIES``)."""


@dataclasses.dataclass(frozen=True)
class AnomalyCard:
    key: str
    name: str
    copies: int
    target: str
    """What the card is played on: a key of ``anomalies.TARGET_KINDS``."""
    text: str
    row: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)
    """The card's data row as read: ``cards.ANOMALY_BOOK`` declares the card from it (its
    ``requires`` and ``effects``, pieces of the ``anomalies`` registries)."""


@dataclasses.dataclass(frozen=True)
class ModifierSpec:
    key: str
    terrain: str
    coverable: bool
    keeps_wall: bool
    obstacle: bool


@dataclasses.dataclass(frozen=True)
class Population:
    key: str
    name: str
    ability: str
    ability_name: str
    modifier: str
    places_on: str


@dataclasses.dataclass(frozen=True)
class Portal:
    team: int
    tile: int
    side: int


@dataclasses.dataclass(frozen=True)
class PortalLayout:
    """Where the Portals stand, and the tables the rules read off it (a game's ``layout``)."""

    portals: tuple[Portal, ...]
    of_team: tuple[tuple[int, ...], ...]
    """Each team's Portals (the first seat's, then the second's)."""
    fronts: tuple[tuple[int, int], ...]
    """Each Portal's front: the two cells a Soulgiver enters the board by."""
    tiles_of_team: tuple[tuple[Tile, ...], ...]
    """The tiles in front of each team's Portals (a swap's ``slot`` indexes them)."""
    tiles: frozenset[Tile]


def portal_layout(portals: tuple[Portal, ...]) -> PortalLayout:
    """The layout of ``portals``.

    >>> layout = portal_layout((Portal(0, 1, 0), Portal(1, 21, 2)))
    >>> layout.of_team, layout.fronts, sorted(layout.tiles)
    (((0,), (1,)), ((2, 3), (92, 93)), [1, 21])
    """
    of_team = tuple(tuple(i for i, p in enumerate(portals) if p.team == team) for team in (0, 1))
    return PortalLayout(
        portals, of_team, tuple(portal_front(p.tile, p.side) for p in portals),
        tuple(tuple(portals[i].tile for i in own) for own in of_team), frozenset(p.tile for p in portals),
    )


@dataclasses.dataclass(frozen=True)
class GameData:
    characters: tuple[Character, ...]
    anomalies: tuple[AnomalyCard, ...]
    modifiers: tuple[ModifierSpec, ...]
    populations: tuple[Population, ...]
    portals: tuple[Portal, ...]
    rules: Mapping[str, int]
    layout: PortalLayout
    tiles: tuple[tuple[int, ...], ...]
    interference: tuple[tuple[int, ...], tuple[int, ...]]
    basic: int


def _entries(file: str, key: str) -> list[dict[str, Any]]:
    raw = read_toml(FOLDER / file)
    entries = raw.get(key)
    if not isinstance(entries, list) or not entries:
        raise DataError(file, key, "-", "missing list of entries")
    for i, entry in enumerate(entries):
        check_sources(file, str(entry.get("id", i)), entry)
    return entries


def _strings(file: str, entry: str, table: Mapping[str, Any], name: str) -> tuple[str, ...]:
    values = field(file, entry, table, name, list)
    if not all(isinstance(v, str) for v in values):
        raise DataError(file, entry, name, "must be a list of strings")
    return tuple(values)


def _character(e: dict[str, Any]) -> Character:
    f, key = "soulgivers.toml", field("soulgivers.toml", "?", e, "id", str)
    shields = 0
    for d in _strings(f, key, e, "shields"):
        if d not in DIRS:
            raise DataError(f, key, "shields", f"unknown direction {d!r}")
        shields |= 1 << DIRS[d]
    ranges = field(f, key, e, "ranges", dict)
    for name, value in ranges.items():
        field(f, key, ranges, name, int)
        if value < 0:
            raise DataError(f, key, f"ranges.{name}", "must be >= 0")
    symbol = field(f, key, e, "symbol", str)
    if len(symbol) != 1 or not symbol.isupper():
        raise DataError(f, key, "symbol", f"must be one capital letter, got {symbol!r}")
    move = field(f, key, e, "move", int)
    if not 1 <= move <= 6:
        raise DataError(f, key, "move", "must be between 1 and 6")
    return Character(
        key, symbol, field(f, key, e, "name", str), move,
        choice(f, key, e, "move_type", {"linear", "perpendicular"}) == "linear", shields,
        field(f, key, e, "attack", bool), _strings(f, key, e, "auras"), dict(ranges), e,
    )


def anomaly_card(e: dict[str, Any]) -> AnomalyCard:
    """The Anomaly card of an anomalies.toml entry, its fields checked (its pieces are checked
    when ``cards.ANOMALY_BOOK`` declares it)."""
    f, key = "anomalies.toml", field("anomalies.toml", "?", e, "id", str)
    return AnomalyCard(key, field(f, key, e, "name", str), field(f, key, e, "copies", int),
                       field(f, key, e, "target", str),
                       field(f, key, e, "text", str), e)


def _modifier(e: dict[str, Any]) -> ModifierSpec:
    f, key = "modifiers.toml", field("modifiers.toml", "?", e, "id", str)
    return ModifierSpec(key, choice(f, key, e, "terrain", {"hole", "free", "border", "horizon"}),
                        field(f, key, e, "coverable", bool), field(f, key, e, "keeps_wall", bool),
                        field(f, key, e, "obstacle", bool))


def _portal(number: int, e: dict[str, Any]) -> Portal:
    """A Portal on a tile of the board's edge, facing off the board (setup step 4)."""
    rf, entry = "rules.toml", f"portal.{number}"
    team, tile = field(rf, entry, e, "team", int), field(rf, entry, e, "tile", int)
    side = DIRS[choice(rf, entry, e, "side", set(DIRS))]
    if team not in (0, 1):
        raise DataError(rf, entry, "team", f"must be 0 or 1, got {team}")
    if tile not in TILES or tile in (MOTHER, *INTERFERENCE_TILES):
        raise DataError(rf, entry, "tile", "must be a tile of the board but the Mother and Interference ones")
    if tile_neighbour(tile, side) >= 0:
        raise DataError(rf, entry, "side", f"tile {tile} has no board edge to the {_DIR_WORDS[side]}")
    return Portal(team, tile, side)


_DIR_WORDS = ("north", "east", "south", "west")


def _cells(file: str, entry: str, table: Mapping[str, Any], name: str) -> tuple[int, ...]:
    text = field(file, entry, table, name, str)
    if len(text) != 4 or any(c not in CELL_CODES for c in text):
        raise DataError(file, entry, name, f"must be 4 of {''.join(CELL_CODES)}, got {text!r}")
    return tuple(CELL_CODES[c] for c in text)


def _tiles() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], tuple[int, ...]], int]:
    f = "tiles.toml"
    raw = read_toml(FOLDER / f)
    counts = field(f, "counts", raw, "counts", dict)
    check_sources(f, "counts", counts)
    inter = field(f, "interference", raw, "interference", dict)
    check_sources(f, "interference", inter)
    tiles: list[tuple[int, ...]] = []
    for i, e in enumerate(_entries(f, "tile")):
        tiles += [_cells(f, f"tile {i}", e, "cells")] * field(f, f"tile {i}", e, "copies", int)
    if len(tiles) != field(f, "counts", counts, "other", int):
        raise DataError(f, "tile", "copies", f"the copies add up to {len(tiles)}, not counts.other")
    pair = (_cells(f, "interference", inter, "west"), _cells(f, "interference", inter, "east"))
    return tuple(tiles), pair, field(f, "counts", counts, "basic", int)


@data_cache
def load_data() -> GameData:
    """All data files, validated, as they say now (``--set`` applied; cached per overrides):
    a game's ``data``."""
    chars = tuple(_character(e) for e in _entries("soulgivers.toml", "soulgiver"))
    if len(chars) != 10:
        raise DataError("soulgivers.toml", "soulgiver", "-", f"there must be 10 Soulgivers, got {len(chars)}")
    if len({c.symbol for c in chars}) != len(chars):
        raise DataError("soulgivers.toml", "soulgiver", "symbol", "two Soulgivers share a symbol")
    anomalies = tuple(anomaly_card(e) for e in _entries("anomalies.toml", "anomaly"))
    if sum(a.copies for a in anomalies) != 20:
        raise DataError("anomalies.toml", "anomaly", "copies", "the Anomaly deck must hold 20 cards")
    rf = "rules.toml"
    raw = read_toml(FOLDER / rf)
    rules = field(rf, "rules", raw, "rules", dict)
    check_sources(rf, "rules", rules)
    for name in rules:
        if name != "sources":
            field(rf, "rules", rules, name, int)
    portals = tuple(_portal(i, e) for i, e in enumerate(_entries(rf, "portal")))
    if len({p.tile for p in portals}) != len(portals):
        raise DataError(rf, "portal", "tile", "two Portals stand on one tile")
    pops = tuple(
        Population(e["id"], field(rf, e["id"], e, "name", str), field(rf, e["id"], e, "ability", str),
                   field(rf, e["id"], e, "ability_name", str), field(rf, e["id"], e, "modifier", str),
                   choice(rf, e["id"], e, "places_on", {"free", "hole"}))
        for e in _entries(rf, "population")
    )
    tiles, inter, basic = _tiles()
    mods = tuple(_modifier(e) for e in _entries("modifiers.toml", "modifier"))
    clean_rules = {k: v for k, v in rules.items() if k != "sources"}
    layout = portal_layout(portals)
    return GameData(chars, anomalies, mods, pops, portals, clean_rules, layout, tiles, inter, basic)


DATA = load_data()
"""The authored data: the board's Portals, the names and letters of labels; the rules read
the numbers and the Soulgivers' stats from their game (``Soulgivers.rules``, ``.chars``)."""
CHARS: tuple[Character, ...] = DATA.characters
"""The ten Soulgivers, in the order of soulgivers.toml: a character's index is its *kind*."""
SHORT_NAMES: tuple[str, ...] = tuple(c.name.removeprefix("The ") for c in CHARS)
"""Each character's name without its article ("Runner"), for labels and the log."""
