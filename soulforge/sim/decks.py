"""A game's decks as deck lists, and one card replaced in them (``soulforge ablate``).

Every game with decks says so in its options (an :class:`~soulforge.core.options.Option`
with ``deck=True``: a built-in deck's name or a deck list's TOML text) and checks a deck
list with :meth:`~soulforge.core.Game.validate_deck`. A deck list is TOML: a few scalar
fields (a City, a Personal Effect, a name) and sections of card = copies (``[cards]``, and
Soulshards' ``[reserves]``). A built-in deck is read back from the game object as it built
it (``game.decks``, one per deck option, in option order): a sequence of cards is the
``[cards]`` section; a dataclass gives its text fields as scalars and its sequences of
cards as sections. So the lab needs no game-specific code, only those two hooks.

The replacement takes the card's place in each section (the same position in the deck
list, so the same shuffle puts it where the card was): the paired deals differ by the card
alone. The changed deck must pass the game's own deckbuilding rules.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from soulforge.core.decklist import parse_bounded
from soulforge.core.errors import OptionError
from soulforge.core.game import Game
from soulforge.core.options import OptionValue

DeckDocument = dict[str, Any]
"""A deck list as TOML reads it: scalars, and sections of card = copies (insertion order)."""


def deck_options(game: Game) -> tuple[str, ...]:
    """The names of the game's deck options, in declaration order (seat order)."""
    return tuple(spec.name for spec in game.option_specs if spec.deck)


def _counts(cards: Sequence[str]) -> dict[str, int]:
    """Card = copies in the order each card first appears.

    >>> _counts(["b", "a", "b"])
    {'b': 2, 'a': 1}
    """
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _is_cards(value: object) -> bool:
    """Whether ``value`` is a sequence of card names (not a string)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        return False
    return all(isinstance(c, str) for c in value)


def document_of(deck: object) -> DeckDocument:
    """A built deck as a deck list's document: a sequence of cards is ``[cards]``; a dataclass
    gives its text fields as scalars and its sequences of cards as sections.

    >>> document_of(("a", "a", "b"))
    {'cards': {'a': 2, 'b': 1}}
    """
    if _is_cards(deck):
        return {"cards": _counts(deck)}  # type: ignore[arg-type]
    if not dataclasses.is_dataclass(deck) or isinstance(deck, type):
        raise OptionError(f"cannot read a deck list from {type(deck).__name__}")
    scalars: DeckDocument = {}
    sections: DeckDocument = {}
    for field in dataclasses.fields(deck):
        value = getattr(deck, field.name)
        if isinstance(value, str):
            scalars[field.name] = value
        elif _is_cards(value):
            sections[field.name] = _counts(value)
    if "cards" not in sections:
        raise OptionError(f"{type(deck).__name__} has no cards to read a deck list from")
    return {**scalars, **sections}


def deck_document(game: Game, option: str) -> DeckDocument:
    """The deck of one deck option as a document: a deck list's own TOML, or the built-in
    deck the game built for it."""
    value = str(game.options[option])
    if "[cards]" in value:
        document, problems = parse_bounded(value)
        if problems:
            raise OptionError(f"option {option!r}: {problems[0]}")
        return document
    decks = getattr(game, "decks", None)
    position = deck_options(game).index(option)
    if not isinstance(decks, Sequence) or position >= len(decks):
        raise OptionError(f"{game.id} does not say what its built-in decks hold "
                          "(a `decks` attribute, one deck per deck option)")
    return document_of(decks[position])


def sections(document: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """The sections of card = copies of a deck document."""
    return {name: value for name, value in document.items()
            if isinstance(value, dict) and all(isinstance(n, int) for n in value.values())}


def deck_text(document: Mapping[str, Any]) -> str:
    """A deck document as TOML: its scalars first, then each section.

    >>> print(deck_text({"city": "Ironhold", "cards": {"Pit Berserker": 3}}))
    city = "Ironhold"
    [cards]
    "Pit Berserker" = 3
    """
    tables = sections(document)
    lines = [f"{name} = {json.dumps(value)}" for name, value in document.items() if name not in tables]
    for name, counts in tables.items():
        lines.append(f"[{name}]")
        lines += [f"{json.dumps(card)} = {n}" for card, n in counts.items()]
    return "\n".join(lines)


def replaced(document: Mapping[str, Any], card: str, replacement: str) -> DeckDocument | None:
    """The document with ``replacement`` in the place of every copy of ``card`` (None when no
    section holds it); where the replacement is already listed, the copies join it.

    >>> replaced({"cards": {"a": 1, "k": 2, "b": 1}}, "k", "q")
    {'cards': {'a': 1, 'q': 2, 'b': 1}}
    >>> replaced({"cards": {"a": 1}}, "k", "q") is None
    True
    """
    tables = sections(document)
    if not any(card in counts for counts in tables.values()):
        return None
    out = dict(document)
    for name, counts in tables.items():
        if card not in counts:
            continue
        if replacement in counts:
            changed = {c: n for c, n in counts.items() if c != card}
            changed[replacement] += counts[card]
        else:
            changed = {replacement if c == card else c: n for c, n in counts.items()}
        out[name] = changed
    return out


def replace_card(game: Game, card: str, replacement: str) -> dict[str, OptionValue]:
    """The game's options with ``replacement`` in place of every copy of ``card`` in every
    deck that holds it, each changed deck given as a deck list the game's own deckbuilding
    rules accept (else an :class:`OptionError` naming the problems)."""
    names = deck_options(game)
    if not names:
        raise OptionError(f"{game.id} has no decks whose cards can be replaced")
    if card == replacement:
        raise OptionError(f"replace {card!r} with another card")
    changed: dict[str, OptionValue] = {}
    for option in names:
        document = replaced(deck_document(game, option), card, replacement)
        if document is None:
            continue
        if isinstance(document.get("name"), str):
            document["name"] = f"{document['name']} with {replacement} for {card}"
        text = deck_text(document)
        problems = game.validate_deck(text)
        if problems:
            legal = legal_replacements(game, card)
            hint = f" (legal in its place: {', '.join(legal)})" if legal else ""
            raise OptionError(f"{option} with {replacement!r} for {card!r} breaks the deckbuilding "
                              "rules: " + "; ".join(problems) + hint)
        changed[option] = text
    if not changed:
        raise OptionError(f"no deck of this game holds {card!r} (decks: "
                          + ", ".join(f"{o}={_short(game.options[o])}" for o in names) + ")")
    return {**game.options, **changed}


def legal_replacements(game: Game, card: str, limit: int = 12) -> list[str]:
    """Cards of the game's decks that may take ``card``'s place in every deck holding it under
    the deckbuilding rules: first those of the decks holding it (another copy of a card it
    already plays), then the other decks' cards, each by name; at most ``limit``."""
    names = deck_options(game)
    documents = [deck_document(game, option) for option in names]

    def listed(holding: bool) -> set[str]:
        return {c for document in documents for counts in sections(document).values() for c in counts
                if any(card in table for table in sections(document).values()) == holding}

    own = listed(True) - {card}
    pool = sorted(own) + sorted(listed(False) - own - {card})
    legal = []
    for candidate in pool:
        swapped = [replaced(document, card, candidate) for document in documents]
        if any(swapped) and all(not game.validate_deck(deck_text(d)) for d in swapped if d is not None):
            legal.append(candidate)
            if len(legal) == limit:
                break
    return legal


def _short(value: OptionValue) -> str:
    """A deck option for a message: its name, or ``a deck list``."""
    text = str(value)
    return "a deck list" if "[cards]" in text else text
