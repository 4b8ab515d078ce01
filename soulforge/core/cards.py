"""One way to declare a card, for every game: a data row, effect pieces, requirements.

Shaped like fireplace's card definitions, but as data: a card is a row of its data file
(its numbers and text), the effect it has is a list of small pieces registered by name in
the game's effect registry, and when it may be used is a list of requirements registered
by name in the game's requirement registry. One function (:meth:`CardBook.unmet`) checks
the requirements; one (:meth:`CardBook.run`) runs the pieces. Adding a card is adding a
row: no engine code changes.

A piece reference in data is a list: its registered name, then its arguments
(``["damage", 2]``); a bare string is a piece with no argument. Each reference is checked
when the card is declared: the piece is registered, and its arguments fit its signature.

A card with several uses (triggers, abilities, a Spell side) names them: ``uses`` maps each
use to the row's fields listing its effects and its requirements, and ``unmet``/``run`` take
the use (``use="on_recruit"``); without it they read the default use (``effects`` and
``requires``), as a card with one use always has.

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
>>> book.add({"name": "Mute", "effects": ["shout"]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
soulforge.core.errors.DataError: Toy cards: Mute: effects: 'shout' given 0 arguments does not fit ...: ...

Named uses, the data file named in errors, and arguments read through a hook:

>>> def plain(value: object) -> object:
...     if isinstance(value, dict):
...         return value["value"]
...     raise ValueError(f"write {value!r} as {{value = ..., source = ...}}")
>>> book = CardBook("Toy", EFFECTS, REQUIRES, data_file="toy.toml", read_arg=plain,
...                 uses={"on_enter": ("on_enter", "on_enter_if"), "on_leave": ("on_leave", "on_leave_if")})
>>> hello, bye = {"value": "hello", "source": "authored"}, {"value": "bye", "source": "authored"}
>>> crier = book.add({"name": "Crier", "on_enter": [["shout", hello]], "on_enter_if": ["quiet"],
...                   "on_leave": [["shout", bye]]})
>>> list(crier.uses)
['on_enter', 'on_leave']
>>> log = []
>>> book.unmet(crier, log, "Crier", use="on_enter") is None
True
>>> book.run(crier, log, "Crier", use="on_enter")
>>> book.unmet(crier, log, "Crier", use="on_enter")
'the table is not quiet'
>>> book.unmet(crier, log, "Crier", use="on_leave") is None  # no requirement on leaving
True
>>> book.run(crier, log, "Crier", use="on_leave")
>>> log
['Crier: hello', 'Crier: bye']
>>> book.add({"name": "Bad", "on_leave": [["shout", "bye"]]})
Traceback (most recent call last):
...
soulforge.core.errors.DataError: toy.toml: Bad: on_leave[0]: write 'bye' as {value = ..., source = ...}
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from soulforge.core.errors import DataError
from soulforge.core.registry import Registry

S = TypeVar("S", contravariant=True)
C = TypeVar("C", contravariant=True)
S2 = TypeVar("S2")
C2 = TypeVar("C2")

PieceRef = tuple[str, tuple[Any, ...]]
"""A registered piece's name and the arguments the card gives it: ``("damage", (2,))``."""

ArgReader = Callable[[Any], Any]
"""Reads one piece argument as written in data into its value (``{value, source}`` -> value);
raises ValueError (its text the problem) for an argument written wrong."""


class Effect(Protocol[S, C]):
    """A piece of a card's effect: changes the state, given the card's use (``context``)."""

    def __call__(self, state: S, context: C, /, *args: Any) -> None: ...


class Requirement(Protocol[S, C]):
    """A piece of a card's requirements: None when met, else why not (a refusal's text)."""

    def __call__(self, state: S, context: C, /, *args: Any) -> str | None: ...


class UseFields(NamedTuple):
    """The row's fields declaring one use: its effect pieces and its requirements."""

    effects: str
    requires: str


class UseDeclaration(NamedTuple):
    """One use of a card (an ability, a trigger, a Spell side): its effect pieces and the
    requirements that must hold for them to run."""

    effects: tuple[PieceRef, ...] = ()
    requirements: tuple[PieceRef, ...] = ()


NO_USE = UseDeclaration()
"""The use a card does not have: no effect, no requirement."""


def _no_uses() -> Mapping[str, UseDeclaration]:
    return MappingProxyType({})


@dataclass(frozen=True)
class CardDeclaration:
    """A card as declared: its data row, its effect pieces, its requirements, and its named
    uses (when its book declares some)."""

    name: str
    row: Mapping[str, Any] = field(repr=False)
    """The card's data row as read (numbers, text, source); a game builds its typed card from it."""
    effects: tuple[PieceRef, ...] = ()
    requirements: tuple[PieceRef, ...] = ()
    uses: Mapping[str, UseDeclaration] = field(default_factory=_no_uses, repr=False)
    """Use name -> its pieces, for each use of the book whose fields the row has, in the
    book's order. ``effects`` and ``requirements`` above are the card's default use."""

    def use(self, name: str | None = None) -> UseDeclaration:
        """The use ``name`` (None: the default use); a use the row does not have is empty.

        >>> card = CardDeclaration("Monk", {}, uses={"at_game_end": UseDeclaration((("earn", (3,)),))})
        >>> card.use("at_game_end").effects
        (('earn', (3,)),)
        >>> card.use("on_recruit") == NO_USE
        True
        >>> CardDeclaration("Imp", {}, (("pin", ()),)).use()
        UseDeclaration(effects=(('pin', ()),), requirements=())
        """
        if name is None:
            return UseDeclaration(self.effects, self.requirements)
        return self.uses.get(name, NO_USE)


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


def piece_signature(piece: object) -> inspect.Signature | None:
    """The call signature of a registered piece, or None when it has none to check (not
    callable, or a builtin without one): then its arguments are not checked.

    >>> def earn(state: object, use: object, amount: int) -> None: ...
    >>> list(piece_signature(earn).parameters)
    ['state', 'use', 'amount']
    >>> piece_signature(3) is None
    True
    """
    if not callable(piece):
        return None
    try:
        return inspect.signature(piece)
    except (TypeError, ValueError):
        return None


def arity_problem(name: str, signature: inspect.Signature, args: tuple[Any, ...]) -> str | None:
    """Why ``args`` do not fit a piece of ``signature`` called as ``(state, context, *args)``,
    or None when they do.

    >>> def earn(state: object, use: object, amount: int) -> None: ...
    >>> sig = inspect.signature(earn)
    >>> arity_problem("earn", sig, (3,)) is None
    True
    >>> arity_problem("earn", sig, (3, 4))
    "'earn' given 2 arguments does not fit (state, use, amount): too many positional arguments"
    """
    try:
        signature.bind(None, None, *args)
    except TypeError as err:
        params = ", ".join(("*" if p.kind is p.VAR_POSITIONAL else "") + p.name
                           for p in signature.parameters.values())
        given = f"{len(args)} argument{'' if len(args) == 1 else 's'}"
        return f"{name!r} given {given} does not fit ({params}): {err}"
    return None


class CardBook(Generic[S2, C2]):
    """A game's cards by name, each declared by a row whose pieces its registries hold.

    ``effects_field`` and ``requires_field`` name the row's lists of pieces of the card's
    default use; a row without them declares a card with no effect or no requirement (a
    plain creature, say). ``uses`` names the card's other uses, each with the row's fields
    of its effects and its requirements (``{"on_recruit": ("on_recruit", "on_recruit_if")}``).
    ``data_file`` is what errors name (default ``"<game> cards"``); ``read_arg``, when given,
    reads every piece argument as written in data (a sourced number, say) at declaration.
    """

    def __init__(self, game: str, effects: Registry[Any], requirements: Registry[Any] | None = None,
                 effects_field: str = "effects", requires_field: str = "requires", *,
                 uses: Mapping[str, tuple[str, str]] | None = None, data_file: str | None = None,
                 read_arg: ArgReader | None = None) -> None:
        self.game = game
        self.effects = effects
        self.requirements: Registry[Any] = (requirements if requirements is not None
                                            else Registry(f"{game} requirements"))
        self.effects_field, self.requires_field = effects_field, requires_field
        self.uses: Mapping[str, UseFields] = MappingProxyType(
            {name: UseFields(*fields) for name, fields in (uses or {}).items()})
        self.data_file = data_file if data_file is not None else f"{game} cards"
        self.read_arg = read_arg
        self._cards: dict[str, CardDeclaration] = {}
        self._signatures: dict[int, tuple[object, inspect.Signature | None]] = {}

    def declare(self, row: Mapping[str, Any], key: str = "name") -> CardDeclaration:
        """The declaration of ``row`` (checked against the registries), not yet added."""
        name = str(row.get(key, "?"))
        effects = self._refs(name, row, self.effects_field, self.effects)
        requirements = self._refs(name, row, self.requires_field, self.requirements)
        uses = {use: UseDeclaration(self._refs(name, row, fields.effects, self.effects),
                                    self._refs(name, row, fields.requires, self.requirements))
                for use, fields in self.uses.items()
                if fields.effects in row or fields.requires in row}
        return CardDeclaration(name, row, effects, requirements,
                               MappingProxyType(uses) if uses else _no_uses())

    def _refs(self, name: str, row: Mapping[str, Any], field_name: str,
              registry: Registry[Any]) -> tuple[PieceRef, ...]:
        refs = []
        for i, entry in enumerate(row.get(field_name, ())):
            try:
                ref = piece_ref(entry)
            except ValueError as err:
                raise DataError(self.data_file, name, field_name, str(err)) from None
            if ref[0] not in registry:
                known = sorted(registry)
                raise DataError(self.data_file, name, field_name,
                                f"{ref[0]!r} is not in {registry.what}; known: {known}")
            if self.read_arg is not None and ref[1]:
                ref = ref[0], self._read_args(name, f"{field_name}[{i}]", ref[1])
            signature = self._signature(registry[ref[0]])
            problem = None if signature is None else arity_problem(ref[0], signature, ref[1])
            if problem is not None:
                raise DataError(self.data_file, name, field_name, problem)
            refs.append(ref)
        return tuple(refs)

    def _read_args(self, name: str, where: str, args: tuple[Any, ...]) -> tuple[Any, ...]:
        assert self.read_arg is not None  # only called with a reader
        try:
            return tuple(self.read_arg(arg) for arg in args)
        except DataError:
            raise
        except ValueError as err:
            raise DataError(self.data_file, name, where, str(err)) from None

    def _signature(self, piece: object) -> inspect.Signature | None:
        """``piece``'s signature, read once per piece (kept with the piece: ids are reused)."""
        known = self._signatures.get(id(piece))
        if known is None or known[0] is not piece:
            known = piece, piece_signature(piece)
            self._signatures[id(piece)] = known
        return known[1]

    def add(self, row: Mapping[str, Any], key: str = "name") -> CardDeclaration:
        """Declare ``row`` and keep it under its name (a name declared twice is an error)."""
        card = self.declare(row, key)
        if card.name in self._cards:
            raise DataError(self.data_file, card.name, key, "declared twice")
        self._cards[card.name] = card
        return card

    def add_all(self, rows: Iterable[Mapping[str, Any]], key: str = "name") -> None:
        for row in rows:
            self.add(row, key)

    def remove(self, name: str) -> CardDeclaration:
        """Take the card ``name`` out of the book (KeyError if it has none) and return it.

        >>> book = CardBook("Toy", Registry("toy effects"))
        >>> _ = book.add({"name": "Imp"})
        >>> book.remove("Imp").name, "Imp" in book
        ('Imp', False)
        """
        return self._cards.pop(name)

    @contextmanager
    def adding(self, row: Mapping[str, Any], key: str = "name") -> Iterator[CardDeclaration]:
        """The card of ``row`` in the book for the ``with`` block only (a test-only card):
        declared and added on entry, removed on exit, even on an error.

        >>> book = CardBook("Toy", Registry("toy effects"))
        >>> with book.adding({"name": "Imp"}) as imp:
        ...     imp.name, "Imp" in book
        ('Imp', True)
        >>> "Imp" in book
        False
        """
        card = self.add(row, key)
        try:
            yield card
        finally:
            if self._cards.get(card.name) is card:
                del self._cards[card.name]

    def __getitem__(self, name: str) -> CardDeclaration:
        return self._cards[name]

    def __contains__(self, name: object) -> bool:
        return name in self._cards

    def __iter__(self) -> Iterator[CardDeclaration]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def _use(self, card: CardDeclaration, use: str) -> UseDeclaration:
        """``card``'s use ``use``: empty if its row has none; KeyError for a use this book
        does not declare (a misspelt use is an error, not a silent no-op)."""
        found = card.uses.get(use)
        if found is not None:
            return found
        if use not in self.uses:
            raise KeyError(f"{self.game} cards have no use {use!r}; known: {list(self.uses)}")
        return NO_USE

    def unmet(self, card: CardDeclaration, state: S2, context: C2, use: str | None = None) -> str | None:
        """The first requirement of ``card`` (of its use ``use``; None: its default use) not
        met now (its reason), or None: the one place a card's requirements are checked."""
        if use is None:
            pieces = card.requirements
        else:  # inline, not self._use: this runs on the games' hot paths
            found = card.uses.get(use)
            pieces = (found if found is not None else self._use(card, use)).requirements
        for name, args in pieces:
            reason: str | None = self.requirements[name](state, context, *args)
            if reason is not None:
                return reason
        return None

    def run(self, card: CardDeclaration, state: S2, context: C2, use: str | None = None) -> None:
        """Carry out ``card``'s effect pieces (of its use ``use``; None: its default use) in
        order, its requirements already met."""
        if use is None:
            pieces = card.effects
        else:
            found = card.uses.get(use)
            pieces = (found if found is not None else self._use(card, use)).effects
        for name, args in pieces:
            self.effects[name](state, context, *args)
