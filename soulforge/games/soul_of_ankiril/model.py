"""Card definitions and Creatures on the battlefield (plain data, fast to copy)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

from soulforge.core.cards import CardDeclaration

Ref = tuple[str, tuple[int | str, ...]]
"""A reference to an ability piece by name, with its parameters: ("Throw", (2, 3))."""

SETUP: Final = "setup"
PLAY: Final = "play"
OVER: Final = "over"
"""The stages of a game (``AnkirilState.stage``): the flow's steps. ``Final``: compiled, a
literal in every module that reads them (``is_over`` on every move), not a module dict lookup."""

EMPTY: Final = -1
"""``occ`` value of an empty terrain; creatures are their uid, Emanation k is -2 - k."""

T = TypeVar("T")

# The per-seat values of a state (Energy, hands, decks, Emanation Health...) are tuples, which
# clones share: search clones a state for every successor it weighs, and a move changes one
# or two of them at most. A rule replaces the tuple it changes, through these.


def replaced(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``i`` replaced by ``value``.

    >>> replaced((3, 0), 1, 2), replaced((5, 5, 5, 5, 5, 5), 4, 0)
    ((3, 2), (5, 5, 5, 5, 0, 5))
    """
    if len(values) == 2:  # a value per seat: most of them
        return (value, values[1]) if i == 0 else (values[0], value)
    items = list(values)
    items[i] = value
    return tuple(items)


def bumped(values: tuple[int, ...], i: int, by: int) -> tuple[int, ...]:
    """``values`` with ``by`` added to item ``i``.

    >>> bumped((3, 0), 0, -1)
    (2, 0)
    """
    return replaced(values, i, values[i] + by)


def without(cards: tuple[str, ...], name: str) -> tuple[str, ...]:
    """``cards`` less the first ``name`` (as ``list.remove``: a ValueError if there is none).

    >>> without(("Shekun", "Riptide", "Shekun"), "Shekun")
    ('Riptide', 'Shekun')
    """
    i = cards.index(name)
    return cards[:i] + cards[i + 1:]


@dataclasses.dataclass(frozen=True)
class CardDef:
    """One card as authored in ``cards.toml``."""

    name: str
    type: str
    """leader, ally, spell, emanation or token."""
    element: str | None
    klass: str | None
    attack: int
    health: int
    sync: int
    keywords: frozenset[str]
    poison: int
    active: tuple[Ref, ...]
    summon: tuple[Ref, ...]
    legacy: tuple[Ref, ...]
    persist: tuple[Ref, ...]
    upkeep: tuple[Ref, ...]
    effects: tuple[Ref, ...]
    text: str
    requires: tuple[Ref, ...]
    """Requirements for activating its Ability or casting it (``cards.REQUIREMENTS``)."""
    declaration: CardDeclaration = dataclasses.field(compare=False, hash=False, repr=False)
    """The card as the core's ``CardBook`` declared it from its data row (``cards.BOOK``)."""

    @property
    def creature(self) -> bool:
        return self.type in ("leader", "ally", "token")


def leader_of(decklist: Iterable[str], cards: Mapping[str, CardDef]) -> CardDef:
    """The Leader card of ``decklist`` (a legal decklist holds exactly one)."""
    return next(cards[n] for n in decklist if cards[n].type == "leader")


class Creature:
    """A Creature token on the battlefield with its markers.

    Clones share their Creatures (copy-on-write): ``home`` is the mark of the one state that
    may change this object (``AnkirilState.unit``); any other state copies it first.
    """

    __slots__ = (
        "acted",
        "active",
        "atk",
        "card",
        "cell",
        "challenged_by",
        "challenging",
        "element",
        "home",
        "hp",
        "klass",
        "leader",
        "max_hp",
        "moved",
        "owner",
        "poison",
        "poisoned",
        "reinforced",
        "tmp_atk",
        "tmp_hp",
        "uid",
    )

    def __init__(self, uid: int, card: CardDef, owner: int, cell: int) -> None:
        self.uid, self.card, self.owner, self.cell = uid, card, owner, cell
        self.element, self.klass = card.element, card.klass
        self.atk, self.hp, self.max_hp = card.attack, card.health, card.health
        self.tmp_atk = self.tmp_hp = 0
        self.active, self.moved, self.acted = False, False, False
        self.poison = card.poison
        """The value of this Creature's own Poison ability (0: none)."""
        self.poisoned = 0
        self.reinforced = 0
        self.challenged_by = -1
        self.challenging = False
        self.leader = card.type == "leader"
        self.home: object = None
        """The mark of the state that owns this object (None: no state's, as restored)."""

    def copy(self) -> Creature:
        """An independent twin: every slot copied (all hold immutable values). Written out
        for the compiled build (mypyc): a native class refuses ``object.__new__``, so it
        cannot take the copier derived from ``__slots__`` that replaces this method pure
        (below); ``tests/soul_of_ankiril/test_contract_extras.py`` checks both copy every
        slot, so a slot added later fails there until it is copied here."""
        twin = Creature(self.uid, self.card, self.owner, self.cell)
        twin.acted, twin.active, twin.atk = self.acted, self.active, self.atk
        twin.challenged_by, twin.challenging = self.challenged_by, self.challenging
        twin.element, twin.hp, twin.klass = self.element, self.hp, self.klass
        twin.home = self.home
        twin.leader, twin.max_hp, twin.moved = self.leader, self.max_hp, self.moved
        twin.poison, twin.poisoned, twin.reinforced = self.poison, self.poisoned, self.reinforced
        twin.tmp_atk, twin.tmp_hp = self.tmp_atk, self.tmp_hp
        return twin

    def __reduce__(self) -> tuple[Callable[..., Creature], tuple[Any, ...]]:
        """Pickled (checkpoints, snapshots) as its constructor's arguments and every slot by
        name: compiled, unpickling cannot make a blank native Creature (its ``__new__`` runs
        ``__init__``, which needs them); by name, the bytes of either build load in both.
        Not ``home``: a restored Creature is no state's until its state copies it."""
        slots = {name: getattr(self, name) for name in creature_slots() if name != "home"}
        return restored, (self.uid, self.card, self.owner, self.cell, slots)

    def has(self, keyword: str) -> bool:
        return keyword in self.card.keywords

    @property
    def can_move(self) -> bool:
        return self.active and not self.moved

    @property
    def can_act(self) -> bool:
        return self.active and not self.acted


def creature_slots() -> tuple[str, ...]:
    """A Creature's slots: its ``__slots__``, or compiled (a native class has none) the
    attributes mypyc found (``__mypyc_attrs__``)."""
    found: tuple[str, ...] = getattr(Creature, "__mypyc_attrs__", None) or getattr(Creature, "__slots__")  # noqa: B009
    return found


def restored(uid: int, card: CardDef, owner: int, cell: int, slots: dict[str, Any]) -> Creature:
    """The Creature ``Creature.__reduce__`` wrote."""
    c = Creature(uid, card, owner, cell)
    for name, value in slots.items():
        setattr(c, name, value)
    return c


def slot_copier(cls: type[T]) -> Callable[[T], T]:
    """A copy function for ``cls``, whose ``__slots__`` hold immutable values: derived from
    the slots themselves (a slot added later is copied with no list to keep), compiled into
    one statement per slot, as fast as a hand-written copy (agents copy Creatures on every
    simulated move).

    >>> class Point:
    ...     __slots__ = ("x", "y")
    >>> p = Point(); p.x, p.y = 1, 2
    >>> twin = slot_copier(Point)(p)
    >>> (twin.x, twin.y, twin is p)
    (1, 2, False)
    """
    names = [name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ())]
    lines = ["def copy(self):", "    twin = _new(_cls)"]
    lines += [f"    twin.{name} = self.{name}" for name in names]
    lines.append("    return twin")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 (our own source, from the slots' names)
    made: Callable[[T], T] = namespace["copy"]
    return made


if not hasattr(Creature, "__mypyc_attrs__"):
    # Pure: a copy without the constructor's call, a third faster than ``Creature.copy``
    # (clones copy every Creature); a native class has no ``__slots__`` to derive it from.
    setattr(Creature, "copy", slot_copier(Creature))  # noqa: B010 (mypy: no assigning a method)
