"""Five Realms card data: ``cards.toml`` read and validated into immutable tables.

Every value in the file is ``{value = ..., source = ...}``; a wrong type, a missing
field or an unknown source raises :class:`~soulforge.core.DataError` naming the file,
the entry and the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from soulforge.core.data import choice, data_cache, field, read_toml, sourced
from soulforge.core.errors import DataError

T = TypeVar("T")
DATA_FILE = Path(__file__).with_name("cards.toml")
TRIGGERS = {"on_recruit", "on_influence_count", "on_line", "at_game_end"}
SCOPES = {"own_realm", "any_realm"}
Cell = tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class Piece:
    """One declarative piece of a character's effect (see ``cards.toml``)."""

    trigger: str
    action: str
    amount: int = 0
    counts: tuple[int, ...] = ()
    """on_influence_count: the banner numbers (3rd, 4th...) of a column that fire it."""
    scope: str = "own_realm"
    """on_influence_count: the character's own realm column, or any realm column."""
    condition: str | None = None
    """at_game_end: a comparison with the opponent that must hold."""


@dataclasses.dataclass(frozen=True, slots=True)
class CardType:
    """One of the 33 different cards: a banner side and a character side."""

    index: int
    banner: int
    """Index into ``Rules.banners`` (the five realms first, then the two orders)."""
    role: str
    """The character printed on it: "Queen", "Popess", ..."""
    name: str
    """The character's full name: "Feline Queen" for realm characters, else the role."""
    titan: bool
    tags: frozenset[str]
    effects: tuple[Piece, ...]
    """``Rules.effects[role]``, kept on the card for speed."""

    def realm(self, rules: Rules) -> int | None:
        """The realm of a realm character (None for the orders)."""
        return self.banner if self.banner < len(rules.realms) else None


@dataclasses.dataclass(frozen=True)
class Rules:
    """All data the rules need, fixed for one game (depends only on the ``copies`` option)."""

    realms: tuple[str, ...]
    banners: tuple[str, ...]
    wild: tuple[bool, ...]
    """Per banner: wild influence (placed into a column the player already has)."""
    can_influence: tuple[bool, ...]
    types: tuple[CardType, ...]
    copies: int
    starting_castles: int
    ring: tuple[Cell, ...]
    council_size: int
    titans_to_win: int
    throne_threshold: int
    throne_castles: int
    effects: Mapping[str, tuple[Piece, ...]]
    """The effect registry: character (role, e.g. "Queen") -> its declarative pieces."""

    @property
    def deck_size(self) -> int:
        return self.copies * len(self.types)

    def type_named(self, name: str) -> CardType:
        """The card type by full name ("Feline Queen", "Popess")."""
        for card in self.types:
            if card.name == name:
                return card
        raise KeyError(name)


def _names(file: str, entry: str, table: Mapping[str, Any], name: str) -> tuple[str, ...]:
    values = sourced(file, entry, table, name, list)
    if not values or not all(isinstance(v, str) for v in values):
        raise DataError(file, entry, name, "must be a non-empty list of strings")
    return tuple(values)


def _ints(file: str, entry: str, table: Mapping[str, Any], name: str) -> tuple[int, ...]:
    values = sourced(file, entry, table, name, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise DataError(file, entry, name, "must be a list of integers")
    return tuple(values)


def _piece(file: str, entry: str, table: Mapping[str, Any], actions: Collection[str],
           conditions: Collection[str]) -> Piece:
    trigger = choice(file, entry, table, "trigger", TRIGGERS)
    action = choice(file, entry, table, "action", set(actions))
    amount = sourced(file, entry, table, "amount", int) if "amount" in table else 0
    piece = Piece(trigger, action, amount)
    if trigger == "on_influence_count":
        counts = _ints(file, entry, table, "counts")
        scope = choice(file, entry, table, "scope", SCOPES)
        piece = dataclasses.replace(piece, counts=counts, scope=scope)
    if "condition" in table:  # at_game_end pieces without one always apply (Captain)
        piece = dataclasses.replace(piece, condition=choice(file, entry, table, "condition", set(conditions)))
    return piece


def _character(file: str, role: str, table: Mapping[str, Any], actions: Collection[str],
               conditions: Collection[str]) -> tuple[bool, frozenset[str], tuple[Piece, ...]]:
    titan = sourced(file, role, table, "titan", bool)
    tags = frozenset(_names(file, role, table, "tags")) if "tags" in table else frozenset()
    effects = field(file, role, table, "effects", list)
    pieces = tuple(
        _piece(file, f"{role}.effects[{i}]", piece, actions, conditions) for i, piece in enumerate(effects)
    )
    return titan, tags, pieces


@data_cache
def load_rules(copies: int | None, actions: frozenset[str], conditions: frozenset[str],
               path: Path = DATA_FILE) -> Rules:
    """The validated data; ``copies`` (the game option) overrides the file's default."""
    file = path.name
    raw = read_toml(path)
    deck = field(file, "deck", raw, "deck", dict)
    realms = _names(file, "deck", deck, "realms")
    realm_roles = _names(file, "deck", deck, "realm_characters")
    orders = field(file, "orders", raw, "orders", dict)
    characters = field(file, "characters", raw, "characters", dict)
    banners = list(realms)
    wild, can_influence = [False] * len(realms), [True] * len(realms)
    roles_by_banner: list[tuple[str, ...]] = [realm_roles] * len(realms)
    for order, table in orders.items():
        banners.append(order)
        wild.append(sourced(file, order, table, "wild", bool))
        can_influence.append(sourced(file, order, table, "can_influence", bool))
        roles_by_banner.append(_names(file, order, table, "characters"))
    types: list[CardType] = []
    registry: dict[str, tuple[Piece, ...]] = {}
    for banner, roles in enumerate(roles_by_banner):
        for role in roles:
            entry = field(file, "characters", characters, role, dict)
            titan, tags, pieces = _character(file, role, entry, actions, conditions)
            registry[role] = pieces
            name = f"{banners[banner]} {role}" if banner < len(realms) else role
            types.append(CardType(len(types), banner, role, name, titan, tags, pieces))
    setup = field(file, "setup", raw, "setup", dict)
    ring_raw = sourced(file, "setup", setup, "ring", list)
    if len(ring_raw) != 6 or not all(isinstance(c, list) and len(c) == 2 for c in ring_raw):
        raise DataError(file, "setup", "ring", "must be six [row, column] pairs")
    throne = field(file, "throne_room", raw, "throne_room", dict)
    return Rules(
        realms=realms,
        banners=tuple(banners),
        wild=tuple(wild),
        can_influence=tuple(can_influence),
        types=tuple(types),
        copies=sourced(file, "deck", deck, "copies", int) if copies is None else copies,
        starting_castles=sourced(file, "setup", setup, "starting_castles", int),
        ring=tuple((int(r), int(c)) for r, c in ring_raw),
        council_size=sourced(file, "setup", setup, "council_size", int),
        titans_to_win=sourced(file, "setup", setup, "titans_to_win", int),
        throne_threshold=sourced(file, "throne_room", throne, "threshold", int),
        throne_castles=sourced(file, "throne_room", throne, "castles", int),
        effects=MappingProxyType(registry),
    )
