"""Card data (``cards.toml``), the base decks (``decks.toml``) and deckbuilding rules.

Rulebook, "Deckbuilding Version": exactly 29 cards, 1 Leader and 3 Emanations, at most
three copies of a card (one Leader), Spells only of Elements with Creatures in the deck,
and a Sync Point budget of 75 / 65 / 55 for 1 / 2 / 3 Elements.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from soulforge.core import decklist
from soulforge.core.cards import UseDeclaration
from soulforge.core.data import choice, data_cache, field, package_dir, read_toml
from soulforge.core.decklist import cite_line, deck_cards, read_deck_list
from soulforge.core.errors import DataError
from soulforge.games.soul_of_ankiril.cards import BOOK, KEYWORDS, PIECES, TRIGGERS
from soulforge.games.soul_of_ankiril.model import CardDef, Ref

HERE = package_dir("soulforge.games.soul_of_ankiril")
TYPES = {"leader", "ally", "spell", "emanation", "token"}
ELEMENTS = {"fire", "water", "earth", "metal", "air", "wood"}
SOURCES = {"rulebook", "clarifications", "shared-data", "authored"}
SOURCED_FIELDS = ("name", "type", "element", "class", "attack", "health", "sync", "abilities")
DECK_SIZE, MAX_COPIES = 29, 3
BUDGET = {1: 75, 2: 65, 3: 55}
Deck = tuple[str, ...]


"""A Creature card's piece lists besides the book's own (``effects``, a Spell's pieces): its
Active Ability, then what fires when it is summoned, defeated, survives a combat, at Upkeep."""


def _refs(file: str, name: str, declared: UseDeclaration, what: str) -> tuple[Ref, ...]:
    """The declared pieces, each given as many parameters as it takes."""
    for piece, args in declared.effects:
        if len(args) != PIECES[piece].arity:
            raise DataError(file, name, what, f"{piece} takes {PIECES[piece].arity} parameter(s), "
                                              f"got {[piece, *args]!r}")
    return declared.effects


def _keywords(file: str, entry: str, table: Mapping[str, Any]) -> tuple[frozenset[str], int]:
    names, poison = set(), 0
    for text in field(file, entry, table, "keywords", list) if "keywords" in table else []:
        name, _, value = str(text).partition(":")
        if name not in KEYWORDS:
            raise DataError(file, entry, "keywords", f"unknown keyword {name!r}")
        if name == "Poison":
            poison = int(value)
        names.add(name)
    return frozenset(names), poison


def _sources(file: str, entry: str, table: Mapping[str, Any]) -> None:
    sources = field(file, entry, table, "source", dict)
    for name in SOURCED_FIELDS:
        if name in sources and sources[name] not in SOURCES:
            raise DataError(file, entry, f"source.{name}", f"must be one of {sorted(SOURCES)}")
        if name not in sources:
            raise DataError(file, entry, f"source.{name}", "missing: say where the value comes from")


def parse_card(file: str, name: str, table: Mapping[str, Any]) -> CardDef:
    """A card from its data row alone, declared through the core's ``CardBook`` (``cards.BOOK``):
    its pieces and requirements checked against the registries."""
    _sources(file, name, table)
    kind = choice(file, name, table, "type", TYPES)
    element = table.get("element")
    if element is not None and element not in ELEMENTS:
        raise DataError(file, name, "element", f"must be one of {sorted(ELEMENTS)}")
    keywords, poison = _keywords(file, name, table)
    creature = kind in ("leader", "ally", "token")
    if kind == "spell" and not table.get("effects"):
        raise DataError(file, name, "effects", "a Spell needs at least one effect piece")
    card = BOOK.declare({**table, "name": name})
    refs = {what: _refs(file, name, card.use(what), what) for what in TRIGGERS}
    return CardDef(
        name=name, type=kind, element=element, klass=table.get("class"),
        attack=field(file, name, table, "attack", int) if creature else 0,
        health=field(file, name, table, "health", int) if kind != "spell" else 0,
        sync=field(file, name, table, "sync", int), keywords=keywords, poison=poison,
        active=refs["active"], summon=refs["summon"], legacy=refs["legacy"], persist=refs["persist"],
        upkeep=refs["upkeep"], effects=_refs(file, name, card.use(), "effects"),
        text=field(file, name, table, "text", str), requires=card.requirements, declaration=card,
    )


@data_cache
def load_cards() -> dict[str, CardDef]:
    data = read_toml(HERE / "cards.toml")
    cards = {name: parse_card("cards.toml", name, table) for name, table in data.items()}
    for card in cards.values():
        for name, args in card.summon:
            if name == "Project" and args[0] not in cards:
                raise DataError("cards.toml", card.name, "summon", f"Project names unknown card {args[0]!r}")
    return cards


@data_cache
def builtin_decks() -> dict[str, Deck]:
    """The rulebook's deck lists ("Deck List"), Leader first."""
    data = read_toml(HERE / "decks.toml")
    decks = {}
    for name, table in data.items():
        counts = field("decks.toml", name, table, "cards", dict)
        decks[name] = deck_cards({card: int(n) for card, n in counts.items()})
        problems = deck_problems(decks[name])
        if problems:
            raise DataError("decks.toml", name, "cards", "; ".join(problems))
    return decks


def deck_problems(deck: Deck) -> list[str]:
    """Every violation of the deckbuilding rules (rulebook, "Deckbuilding Version")."""
    cards, counts, problems = load_cards(), Counter(deck), []
    unknown = sorted(n for n in counts if n not in cards)
    problems += [f"unknown card {n!r}" for n in unknown]
    known = [cards[n] for n in deck if n in cards]
    if len(deck) != DECK_SIZE:
        problems.append(f"a deck has exactly {DECK_SIZE} cards, this one has {len(deck)}")
    leaders = sum(1 for c in known if c.type == "leader")
    if leaders != 1:
        problems.append(f"a deck has exactly 1 Leader card, this one has {leaders}")
    emanations = sum(1 for c in known if c.type == "emanation")
    if emanations != 3:
        problems.append(f"a deck has exactly 3 Emanation cards, this one has {emanations}")
    problems += [f"{c.name} is a token, not a card of the deck" for c in {c.name: c for c in known
                                                                          if c.type == "token"}.values()]
    for name, n in sorted(counts.items()):
        limit = 1 if name in cards and cards[name].type == "leader" else MAX_COPIES
        if n > limit:
            problems.append(f"at most {limit} copies of {name}, this deck has {n}")
    problems += _element_problems(known)
    return problems


def _element_problems(known: list[CardDef]) -> list[str]:
    problems = []
    creature_elements = {c.element for c in known if c.creature and c.element}
    for element in sorted({c.element for c in known if c.type == "spell" and c.element} - creature_elements):
        problems.append(f"{element} Spells need {element} Creatures in the deck")
    elements = {c.element for c in known if c.element}
    spent = sum(c.sync for c in known)
    budget = BUDGET.get(len(elements), 0)
    if len(elements) > 3:
        problems.append(f"a deck has at most 3 Elements, this one has {len(elements)}")
    elif spent > budget:
        problems.append(f"{spent} Sync Points exceed the budget of {budget} for {len(elements)} Element(s)")
    return problems


def parse_deck_text(text: str) -> tuple[Deck, list[str]]:
    """A deck list in TOML (``[cards]`` name = copies) and the problems reading it."""
    _, counts, problems = read_deck_list(text, "card name")
    return deck_cards(counts), problems


def validate_deck(text: str) -> list[str]:
    deck, problems = parse_deck_text(text)
    return problems or deck_problems(deck)


def resolve_deck(option: str, spec: str) -> Deck:
    """A deck option: a built-in deck's name ("water", "fire") or a deck list's TOML text.

    Never a path: over the web a deck is sent as its text, and a file a request names is not
    read (the terminal reads deck files itself before it makes the game).

    >>> len(resolve_deck("deck0", "water"))
    29
    >>> resolve_deck("deck0", "/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: option 'deck0': neither a built-in deck ['fire', 'water'] nor a deck list ...
    """
    return decklist.resolve_deck(option, spec, builtin_decks(), read_deck)


def read_deck(text: str) -> tuple[Deck, list[str]]:
    """The deck a deck list describes and the problems that break its rules (each citing
    the list's line)."""
    deck, problems = parse_deck_text(text)
    return deck, problems or [cite_line(text, problem) for problem in deck_problems(deck)]


