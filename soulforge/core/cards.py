"""One way to declare a card, for every game: a data row, effect pieces, requirements.

Shaped like fireplace's card definitions, but as data: a card is a row of its data file
(its numbers and text), the effect it has is a list of small pieces registered by name in
the game's effect registry, and when it may be used is a list of requirements registered
by name in the game's requirement registry. One function (:meth:`CardBook.unmet`) checks
the requirements; one (:meth:`CardBook.run`) runs the pieces. Adding a card is adding a
row: no engine code changes.

A piece reference in data is a list: its registered name, then its arguments
(``["damage", 2]``); a bare string is a piece with no argument.

>>> from soulforge.core.registry import Registry
>>> EFFECTS: Registry[Effect[list[str], str]] = Registry("toy effects")
>>> REQUIRES: Registry[Requirement[list[str], str]] = Registry("toy requirements")
>>> @EFFECTS.register("shout")
... def shout(log: list[str], card: str, word: str) -> None:
...     log.append(f"{card}: {word}")
>>> @REQUIRES.register("quiet")
... def quiet(log: list[str], card: str) -> str | None:
...     return None if not log else "the table is not quiet"
>>> book = CardBook("Toy", EFFECTS, REQUIRES)
>>> card = book.add({"name": "Herald", "cost": 1, "effects": [["shout", "hear ye"]], "requires": ["quiet"]})
>>> card.effects
(('shout', ('hear ye',)),)
>>> log: list[str] = []
>>> book.unmet(card, log, "Herald") is None
True
>>> book.run(card, log, "Herald")
>>> log
['Herald: hear ye']
>>> book.unmet(card, log, "Herald")
'the table is not quiet'
>>> book.add({"name": "Broken", "effects": [["sing"]]})
Traceback (most recent call last):
...
soulforge.core.errors.DataError: Toy cards: Broken: effects: 'sing' is not in toy effects; known: ['shout']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from soulforge.core.errors import DataError
from soulforge.core.registry import Registry

S = TypeVar("S", contravariant=True)
C = TypeVar("C", contravariant=True)
S2 = TypeVar("S2")
C2 = TypeVar("C2")

PieceRef = tuple[str, tuple[Any, ...]]
"""A registered piece's name and the arguments the card gives it: ``("damage", (2,))``."""


class Effect(Protocol[S, C]):
    """A piece of a card's effect: changes the state, given the card's use (``context``)."""

    def __call__(self, state: S, context: C, /, *args: Any) -> None: ...


class Requirement(Protocol[S, C]):
    """A piece of a card's requirements: None when met, else why not (a refusal's text)."""

    def __call__(self, state: S, context: C, /, *args: Any) -> str | None: ...


@dataclass(frozen=True)
class CardDeclaration:
    """A card as declared: its data row, its effect pieces, its requirements."""

    name: str
    row: Mapping[str, Any] = field(repr=False)
    """The card's data row as read (numbers, text, source); a game builds its typed card from it."""
    effects: tuple[PieceRef, ...] = ()
    requirements: tuple[PieceRef, ...] = ()


def piece_ref(entry: Any) -> PieceRef:
    """A data entry (``"name"`` or ``["name", arg, ...]``) as a piece reference.

    >>> piece_ref(["damage", 2])
    ('damage', (2,))
    >>> piece_ref("pin")
    ('pin', ())
    """
    if isinstance(entry, str):
        return entry, ()
    if isinstance(entry, list | tuple) and entry and isinstance(entry[0], str):
        return entry[0], tuple(entry[1:])
    raise ValueError(f"a piece is a name or [name, arguments...], not {entry!r}")


class CardBook(Generic[S2, C2]):
    """A game's cards by name, each declared by a row whose pieces its registries hold.

    ``effects_field`` and ``requires_field`` name the row's lists of pieces; a row without
    them declares a card with no effect or no requirement (a plain creature, say).
    """

    def __init__(self, game: str, effects: Registry[Any], requirements: Registry[Any] | None = None,
                 effects_field: str = "effects", requires_field: str = "requires") -> None:
        self.game = game
        self.effects = effects
        self.requirements: Registry[Any] = (requirements if requirements is not None
                                            else Registry(f"{game} requirements"))
        self.effects_field, self.requires_field = effects_field, requires_field
        self._cards: dict[str, CardDeclaration] = {}

    def declare(self, row: Mapping[str, Any], key: str = "name") -> CardDeclaration:
        """The declaration of ``row`` (checked against the registries), not yet added."""
        name = str(row.get(key, "?"))
        effects = self._refs(name, row, self.effects_field, self.effects)
        requirements = self._refs(name, row, self.requires_field, self.requirements)
        return CardDeclaration(name, row, effects, requirements)

    def _refs(self, name: str, row: Mapping[str, Any], field_name: str,
              registry: Registry[Any]) -> tuple[PieceRef, ...]:
        refs = []
        for entry in row.get(field_name, ()):
            try:
                ref = piece_ref(entry)
            except ValueError as err:
                raise DataError(f"{self.game} cards", name, field_name, str(err)) from None
            if ref[0] not in registry:
                known = sorted(registry)
                raise DataError(f"{self.game} cards", name, field_name,
                                f"{ref[0]!r} is not in {registry.what}; known: {known}")
            refs.append(ref)
        return tuple(refs)

    def add(self, row: Mapping[str, Any], key: str = "name") -> CardDeclaration:
        """Declare ``row`` and keep it under its name (a name declared twice is an error)."""
        card = self.declare(row, key)
        if card.name in self._cards:
            raise DataError(f"{self.game} cards", card.name, key, "declared twice")
        self._cards[card.name] = card
        return card

    def add_all(self, rows: Iterable[Mapping[str, Any]], key: str = "name") -> None:
        for row in rows:
            self.add(row, key)

    def __getitem__(self, name: str) -> CardDeclaration:
        return self._cards[name]

    def __contains__(self, name: object) -> bool:
        return name in self._cards

    def __iter__(self) -> Iterator[CardDeclaration]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def unmet(self, card: CardDeclaration, state: S2, context: C2) -> str | None:
        """The first requirement of ``card`` not met now (its reason), or None: the one place
        a card's requirements are checked."""
        for name, args in card.requirements:
            reason: str | None = self.requirements[name](state, context, *args)
            if reason is not None:
                return reason
        return None

    def run(self, card: CardDeclaration, state: S2, context: C2) -> None:
        """Carry out ``card``'s effect pieces in order (its requirements already met)."""
        for name, args in card.effects:
            self.effects[name](state, context, *args)
