"""Soulshards data: attributes, cities, cards and starter decks (``cards.toml``, ``decks.toml``,
``rules.toml``), validated at load with errors naming file, entry and field; deckbuilding."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from soulforge.core import decklist
from soulforge.core.cards import CardBook, CardDeclaration
from soulforge.core.data import choice, data_cache, field, package_dir, read_toml, sourced
from soulforge.core.decklist import cite_line, deck_cards, read_deck_list
from soulforge.core.errors import DataError
from soulforge.games.soulshards.cards import EFFECTS, REQUIREMENTS, TARGETS

HERE = package_dir("soulforge.games.soulshards")
ATTRS: tuple[str, ...] = ("might", "finesse", "sorcery", "strategy")
"""The four Attribute types in a fixed order (a cost or a pool is a 4-tuple in this order)."""
KEYWORDS = frozenset(
    {
        "airborne",
        "guard",
        "hero",
        "mountable",
        "overrun",
        "provoke",
        "stealthy",
        "undead",
        "zealous",
        "ranged",
    }
)
"""Character keywords (rulebook, "CHARACTER KEYWORDS"); Ranged is named only by Airborne."""
TYPES = frozenset({"character", "spell", "gear"})
BENEFITS = frozenset({"", "martial", "elude", "endure"})
SOURCES = frozenset({"rulebook", "clarifications", "shared-data", "authored"})


@dataclasses.dataclass(frozen=True, slots=True)
class Cost:
    """A cost: one of each Attribute shown, a generic number, and Fatigue (rulebook, "Costs")."""

    attrs: tuple[int, int, int, int] = (0, 0, 0, 0)
    generic: int = 0
    fatigue: int = 0

    @property
    def total(self) -> int:
        return sum(self.attrs) + self.generic

    def words(self) -> str:
        parts = [f"{n} {ATTRS[i].title()}" for i, n in enumerate(self.attrs) if n]
        if self.generic:
            parts.append(f"{self.generic} any")
        if self.fatigue:
            parts.append(f"{self.fatigue} Fatigue")
        return " + ".join(parts) or "free"


Effect = tuple[str, tuple[Any, ...]]
"""A piece of the registry (``cards.EFFECTS``) with its arguments."""


@dataclasses.dataclass(frozen=True, slots=True)
class Ability:
    """A use of a card (Spell, effect, Exhausted effect): its declaration on the game's
    :class:`CardBook` (effect pieces, requirements), cost, DL (0: none) and the Character stat
    it benefits from. ``target`` is the kind its ``target`` requirement names ("none": no
    target), read at load for the listings."""

    cost: Cost
    declaration: CardDeclaration
    target: str = "none"
    dl: int = 0
    benefit: str = ""

    @property
    def effects(self) -> tuple[Effect, ...]:
        return self.declaration.effects


@dataclasses.dataclass(frozen=True, slots=True)
class CardDef:
    name: str
    type: str
    cost: Cost
    trait: int
    martial: int = 0
    elude: int = 0
    endure: int = 1
    keywords: frozenset[str] = frozenset()
    attach: bool = False
    equip_stats: tuple[int, int, int] = (0, 0, 0)
    """Equip: (Martial, Elude, Endure) added to the Character the card is Attached to."""
    equip_keywords: frozenset[str] = frozenset()
    spell: Ability | None = None
    ability: Ability | None = None
    exhausted: Ability | None = None

    @property
    def produces(self) -> tuple[int, ...]:
        """The Attributes this card may produce from the Stockpile: the types in its cost."""
        return tuple(i for i, n in enumerate(self.cost.attrs) if n)

    @property
    def hero(self) -> bool:
        return "hero" in self.keywords


@dataclasses.dataclass(frozen=True, slots=True)
class City:
    name: str
    resolve: int
    produces: tuple[int, ...]
    hook: str
    text: str


@dataclasses.dataclass(frozen=True, slots=True)
class Deck:
    name: str
    city: str
    cards: tuple[str, ...]
    reserves: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    numbers: dict[str, int]
    attribute_names: tuple[str, ...]
    attribute_texts: tuple[str, ...]
    sabotage: tuple[tuple[str, str, str], ...]
    """(id, text, source) of each Sabotage option."""


def _cost(file: str, entry: str, table: dict[str, Any]) -> Cost:
    attrs = [0, 0, 0, 0]
    generic = fatigue = 0
    for key, value in table.items():
        if not isinstance(value, int) or value < 0:
            raise DataError(file, entry, f"cost.{key}", f"must be a count, got {value!r}")
        if key in ATTRS:
            attrs[ATTRS.index(key)] = value
        elif key == "generic":
            generic = value
        elif key == "fatigue":
            fatigue = value
        else:
            raise DataError(
                file, entry, f"cost.{key}", f"unknown cost; known: {[*ATTRS, 'generic', 'fatigue']}"
            )
    return Cost((attrs[0], attrs[1], attrs[2], attrs[3]), generic, fatigue)


USES = {"spell": "Spell", "ability": "effect", "exhausted": "Exhausted effect"}
"""A card's uses by their data field, with the name their declaration takes."""


def card_book() -> CardBook[Any, Any]:
    """A book of Soulshards card uses: effect pieces of ``cards.EFFECTS``, requirements of
    ``cards.REQUIREMENTS`` (``requires``)."""
    return CardBook("Soulshards", EFFECTS, REQUIREMENTS)


def _ability(
    file: str, entry: str, table: dict[str, Any], name: str, book: CardBook[Any, Any]
) -> Ability | None:
    """The use ``name`` of card ``entry``, declared on ``book`` from its data row."""
    if name not in table:
        return None
    cell = field(file, entry, table, name, dict)
    where = f"{entry}.{name}"
    field(file, where, cell, "effects", list)
    declaration = book.add({**cell, "name": f"{entry} ({USES[name]})"})
    kinds = [args for piece, args in declaration.requirements if piece == "target"]
    for args in kinds:
        if len(args) != 1 or args[0] not in TARGETS:
            raise DataError(file, where, "requires", f"a target is one of {sorted(TARGETS.names())}")
    benefit = str(cell.get("benefit", ""))
    if benefit not in BENEFITS:
        raise DataError(file, where, "benefit", f"must be one of {sorted(BENEFITS)}")
    target = str(kinds[0][0]) if kinds else "none"
    cost = _cost(file, where, cell.get("cost", {}))
    return Ability(cost, declaration, target, int(cell.get("dl", 0)), benefit)


def declare_card(file: str, table: dict[str, Any], book: CardBook[Any, Any]) -> CardDef:
    """A card from its data row: its numbers, and each of its uses declared on ``book``."""
    name = field(file, "card", table, "name", str)
    choice(file, name, table, "source", set(SOURCES))
    kind = choice(file, name, table, "type", set(TYPES))
    cost = _cost(file, name, field(file, name, table, "cost", dict))
    if not any(cost.attrs):
        raise DataError(
            file, name, "cost", "needs at least one Attribute (it names what the Stockpile produces)"
        )
    keywords = frozenset(field(file, name, table, "keywords", list) if "keywords" in table else [])
    equip = table.get("equip", {})
    equip_kw = frozenset(equip.get("keywords", []))
    for kw in keywords | equip_kw:
        if kw not in KEYWORDS:
            raise DataError(file, name, "keywords", f"unknown keyword {kw!r}")
    stats = {
        k: field(file, name, table, k, int) for k in ("martial", "elude", "endure") if kind == "character"
    }
    if kind == "character" and stats["endure"] < 1:
        raise DataError(file, name, "endure", "must be at least 1")
    spell = _ability(file, name, table, "spell", book)
    if (kind == "spell") != (spell is not None):
        raise DataError(file, name, "spell", "a Spell has a spell effect; only a Spell has one")
    return CardDef(
        name=name,
        type=kind,
        cost=cost,
        trait=field(file, name, table, "trait", int),
        martial=stats.get("martial", 0),
        elude=stats.get("elude", 0),
        endure=stats.get("endure", 1),
        keywords=keywords,
        attach=bool(table.get("attach", False)),
        equip_stats=(int(equip.get("martial", 0)), int(equip.get("elude", 0)), int(equip.get("endure", 0))),
        equip_keywords=equip_kw,
        spell=spell,
        ability=_ability(file, name, table, "ability", book),
        exhausted=_ability(file, name, table, "exhausted", book),
    )


@data_cache
def load_cards(hooks: frozenset[str]) -> tuple[dict[str, CardDef], dict[str, City], CardBook[Any, Any]]:
    """The cards (each declared on the game's card book, returned too) and the Cities."""
    file = "cards.toml"
    raw = read_toml(HERE / file)
    cards: dict[str, CardDef] = {}
    book = card_book()
    for table in raw.get("card", []):
        card = declare_card(file, table, book)
        if card.name in cards:
            raise DataError(file, card.name, "name", "defined twice")
        cards[card.name] = card
    cities: dict[str, City] = {}
    for table in raw.get("city", []):
        name = field(file, "city", table, "name", str)
        choice(file, name, table, "source", set(SOURCES))
        produces = tuple(
            ATTRS.index(choice(file, name, {"a": a}, "a", set(ATTRS)))
            for a in field(file, name, table, "produces", list)
        )
        resolve = field(file, name, table, "resolve", int)
        if not 12 <= resolve <= 16:
            raise DataError(file, name, "resolve", "must be 12-16 (rulebook, City)")
        cities[name] = City(
            name,
            resolve,
            produces,
            choice(file, name, table, "hook", set(hooks)),
            field(file, name, table, "text", str),
        )
    return cards, cities, book


@data_cache
def load_rules() -> Rules:
    file = "rules.toml"
    raw = read_toml(HERE / file)
    numbers = {key: sourced(file, "numbers", raw["numbers"], key, int) for key in raw["numbers"]}
    attrs = raw["attribute"]
    if tuple(a["id"] for a in attrs) != ATTRS:
        raise DataError(file, "attribute", "id", f"must be {ATTRS} in order")
    sabotage = tuple(
        (
            field(file, "sabotage", s, "id", str),
            field(file, "sabotage", s, "text", str),
            choice(file, "sabotage", s, "source", set(SOURCES)),
        )
        for s in raw["sabotage"]
    )
    return Rules(numbers, tuple(a["name"] for a in attrs), tuple(a["description"] for a in attrs), sabotage)


@data_cache
def builtin_decks() -> dict[str, Deck]:
    raw = read_toml(HERE / "decks.toml")
    out = {}
    for name, table in raw.items():
        cards = deck_cards(table["cards"])
        reserves = deck_cards(table.get("reserves", {}))
        out[name] = Deck(name, table["city"], cards, reserves)
    return out


def deck_problems(
    deck: Deck, cards: dict[str, CardDef], cities: dict[str, City], numbers: dict[str, int] | None = None
) -> list[str]:
    """Every deckbuilding rule a deck breaks (rulebook, "Before the game" and "Characters");
    ``numbers``: the game's ``rules.numbers`` (default: as the data files say now)."""
    rules = load_rules().numbers if numbers is None else numbers
    problems = []
    if deck.city not in cities:
        problems.append(f"unknown City {deck.city!r}; known: {sorted(cities)}")
    for name in sorted(set(deck.cards) | set(deck.reserves)):
        if name not in cards:
            problems.append(f"unknown card {name!r}")
    if len(deck.cards) != rules["deck_size"]:
        problems.append(f"a deck has exactly {rules['deck_size']} cards, this one has {len(deck.cards)}")
    if len(deck.reserves) > rules["reserves_max"]:
        problems.append(f"at most {rules['reserves_max']} Reserves, this deck has {len(deck.reserves)}")
    for name, n in sorted(Counter(deck.cards + deck.reserves).items()):
        card = cards.get(name)
        limit = rules["hero_copies"] if card is not None and card.hero else rules["copies"]
        if n > limit:
            what = "Hero" if limit == 1 else "card"
            problems.append(
                f"at most {limit} copies of the {what} {name}, this deck has {n} (Reserves count)"
            )
    return problems


def parse_deck(text: str) -> tuple[Deck | None, list[str]]:
    """A deck list: ``city = "..."``, ``[cards]`` name = copies, optional ``[reserves]``."""
    document, counts, problems = read_deck_list(text, "card name", extra=("reserves",))
    if problems:
        return None, problems
    city = document.get("city")
    if not isinstance(city, str):
        return None, ['the deck list needs city = "<City name>"']
    return Deck("custom", city, deck_cards(counts), deck_cards(document.get("reserves", {}))), []


def validate_deck(
    text: str, cards: dict[str, CardDef], cities: dict[str, City], numbers: dict[str, int] | None = None
) -> list[str]:
    deck, problems = parse_deck(text)
    if deck is None:
        return problems
    return [
        cite_line(text, p, lambda key, problem: key in problem)
        for p in deck_problems(deck, cards, cities, numbers)
    ]


def resolve_deck(
    option: str,
    spec: str,
    cards: dict[str, CardDef],
    cities: dict[str, City],
    numbers: dict[str, int] | None = None,
) -> Deck:
    """A deck option: a starter deck's name or a deck list's TOML text (never a path)."""

    def read(text: str) -> tuple[Deck | None, list[str]]:
        deck, problems = parse_deck(text)
        return deck, problems if deck is None else deck_problems(deck, cards, cities, numbers)

    return decklist.resolve_deck(option, spec, builtin_decks(), read, builtin="starter deck",
                                 form="city = ..., [cards] name = copies")
