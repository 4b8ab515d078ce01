"""Five Realms card data: ``cards.toml`` read and validated into immutable tables.

Every value in the file is ``{value = ..., source = ...}``; a wrong type, a missing
field or an unknown source raises :class:`~soulforge.core.DataError` naming the file,
the entry and the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from soulforge.core.cards import CardBook, CardDeclaration
from soulforge.core.data import SOURCES, data_cache, field, package_dir, read_toml, sourced
from soulforge.core.errors import DataError
from soulforge.games.five_realms.cards import EFFECTS, REQUIREMENTS, TRIGGERS, CardType, requires_field

if TYPE_CHECKING:
    from soulforge.games.five_realms.cards import Book

T = TypeVar("T")
DATA_FILE = package_dir("soulforge.games.five_realms") / "cards.toml"
PIECE_FIELDS = (*TRIGGERS, *(requires_field(trigger) for trigger in TRIGGERS))
"""A row's lists of pieces: each trigger's effects and its requirements."""
Cell = tuple[int, int]


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
    book: Book
    """The :class:`CardBook` declaring every character: one row of ``cards.toml``, one named
    use per trigger (its effects ``<trigger>``, its requirements ``<trigger>_if``)."""

    @property
    def deck_size(self) -> int:
        return self.copies * len(self.types)

    def type_named(self, name: str) -> CardType:
        """The card type by full name ("Feline Queen", "Popess")."""
        for card in self.types:
            if card.name == name:
                return card
        raise KeyError(name)

    def with_character(self, declaration: CardDeclaration, order: str) -> Rules:
        """These rules with one more character of ``order`` ("Imperial"), declared on
        ``book`` from its row alone (a variant, or a test-only card: ``book.adding``)."""
        row = {name: value for name, value in declaration.row.items() if name != "name"}
        _check_fields(self.book.data_file, declaration.name, row)
        banner = self.banners.index(order)
        card = _card_type(self.book.data_file, len(self.types), banner, None, declaration.name, declaration)
        return dataclasses.replace(self, types=(*self.types, card))


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


def read_argument(value: Any) -> Any:
    """A piece's argument as the book reads it: a name as it is, a number or list written
    ``{value, source}`` unwrapped of its source (the book's ``read_arg``).

    >>> read_argument({"value": 3, "source": "rulebook"}), read_argument("warrior")
    (3, 'warrior')
    >>> read_argument(3)
    Traceback (most recent call last):
    ...
    ValueError: write 3 as {value = ..., source = ...}
    """
    if isinstance(value, str):
        return value
    if not isinstance(value, dict) or "value" not in value:
        raise ValueError(f"write {value!r} as {{value = ..., source = ...}}")
    if value.get("source") not in SOURCES:
        raise ValueError(f"source must be one of {sorted(SOURCES)}, got {value.get('source')!r}")
    return value["value"]


def _check_fields(file: str, role: str, row: Mapping[str, Any]) -> None:
    """A character's row holds only its Titan flag, its tags and its lists of pieces."""
    for name in row:
        if name in PIECE_FIELDS:
            field(file, role, row, name, list)
        elif name not in ("titan", "tags"):
            raise DataError(file, role, name, f"unknown field; known: titan, tags, {', '.join(PIECE_FIELDS)}")


def card_book(file: str = DATA_FILE.name) -> Book:
    """The book of Five Realms characters: a named use per trigger, arguments read sourced."""
    return CardBook("Five Realms", EFFECTS, REQUIREMENTS, data_file=file, read_arg=read_argument,
                    uses={trigger: (trigger, requires_field(trigger)) for trigger in TRIGGERS})


def _card_type(file: str, index: int, banner: int, realm: int | None, name: str,
               declaration: CardDeclaration) -> CardType:
    """The character of ``declaration`` (its row: Titan, tags, abilities) on ``banner``."""
    role, entry = declaration.name, declaration.row
    titan = sourced(file, role, entry, "titan", bool)
    tags = frozenset(_names(file, role, entry, "tags")) if "tags" in entry else frozenset()
    abilities = {trigger: use for trigger, use in declaration.uses.items() if use.effects}
    pieces = sum(len(ability.effects) for ability in abilities.values())
    return CardType(index, banner, realm, role, name, titan, tags, MappingProxyType(abilities), pieces,
                    declaration)


@data_cache
def load_rules(copies: int | None, path: Path = DATA_FILE) -> Rules:
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
    book = card_book(file)
    for role in dict.fromkeys(role for roles in roles_by_banner for role in roles):
        entry = field(file, "characters", characters, role, dict)
        _check_fields(file, role, entry)
        book.add({"name": role, **entry})
    for banner, roles in enumerate(roles_by_banner):
        for role in roles:
            name = f"{banners[banner]} {role}" if banner < len(realms) else role
            realm = banner if banner < len(realms) else None
            types.append(_card_type(file, len(types), banner, realm, name, book[role]))
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
        book=book,
    )
