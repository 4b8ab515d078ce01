"""The :class:`Game` base: a game's facts declared as data, and its action index."""

from __future__ import annotations

import functools
import random
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, cast

from typing_extensions import TypeVar

from soulforge.core import data
from soulforge.core.action import Action, ActionCodec
from soulforge.core.errors import IllegalAction, OptionError
from soulforge.core.options import Option, OptionValue, validate_options

if TYPE_CHECKING:
    from soulforge.core.state import State

StateT = TypeVar("StateT", bound="State", default=Any)
"""The state class of a game: ``Game[FiveRealmsState]`` makes and judges those states
(no downcasts in a game's hooks); a bare ``Game`` is any game."""

Heuristic = Callable[["State", int], float]
"""A game's evaluation of a state for one seat, in [-1, 1] (used by agents)."""


class Game(ABC, Generic[StateT]):
    """A game with its options fixed; makes new states.

    Subclasses declare their facts as class attributes (OpenSpiel style) and implement
    :meth:`_new_state` and :meth:`_enumerate_actions`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    rulebook: ClassVar[str] = ""
    """File name of the rulebook in ``shared/rules``."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_specs: ClassVar[tuple[Option, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    max_game_length: ClassVar[int] = 10_000
    """An upper bound on the number of actions in any game (conformance checks it)."""
    observation_size: ClassVar[int] = 8192
    """The length of the hashed observation tensor (``HashedEncoder``), used only by a game
    without its own ``observation.py``: large enough that the hashed features of the game's
    view seldom share a slot; a game with a small view may halve it."""
    chance: ClassVar[str] = "seeded"
    information: ClassVar[str] = "imperfect"
    utility: ClassVar[str] = "zero_sum"
    agent_levels: ClassVar[dict[str, str]] = {}
    """Agent specs for AI levels ("easy", "normal", "hard") where the generic ones
    (``soulforge.agents.LEVELS``) play this game badly; measured in the game's NOTES.md."""
    settable: ClassVar[tuple[str, ...] | None] = None
    """The data a designer may override for a run (``--set``): patterns of the ``file.entry.field``
    keys the rules read from the Game object (``"cards.*.movement"``: any card's movement);
    None: every field of every data file the game reads when it is built."""

    index_options: ClassVar[tuple[str, ...] | None] = None
    """The options the fixed action index depends on (None: every option). Games whose index
    is the same whatever the decks or limits name none, so their tables share one index
    (``tests/conformance`` checks that the others leave it unchanged)."""

    options: dict[str, OptionValue]

    def __init__(self, /, **options: Any) -> None:
        self.settings = validate_options(self.option_specs, options)
        """Every option's value, defaults filled in (read with :meth:`setting`)."""
        self.options = {name: value for name, value in self.settings.items() if not self._quiet(name, value)}
        """The options a view or a record states: all but the quiet ones at their default."""
        self._codec = codec_of(self.action_types)
        self._data_key = data.overrides_key()
        """The data overrides this game was built under (``--set``): part of its index's key."""

    def __repr__(self) -> str:
        return f"soulforge.load({self.id!r}, **{self.options!r})"

    def setting(self, name: str) -> OptionValue:
        """The value of option ``name``, its default when the table left it (quiet ones too)."""
        return self.settings[name]

    def _quiet(self, name: str, value: OptionValue) -> bool:
        spec = next(option for option in self.option_specs if option.name == name)
        return spec.quiet and value == spec.default

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as what rebuilds it (class, options, data overrides), never its tables.
        from soulforge.core.snapshot import game_key, rebuild_game

        return rebuild_game, game_key(self)

    def state_from_bytes(self, blob: bytes) -> StateT:
        """The state ``State.to_bytes()`` wrote, bound to this game (which must be the game it
        was saved from: same class, options and data overrides). Trusted bytes only."""
        from soulforge.core.snapshot import state_from_bytes

        return cast(StateT, state_from_bytes(self, blob))

    # -- states ---------------------------------------------------------------
    def new_game(self, seed: int | None = None, players: int | None = None) -> StateT:
        """A new game; ``seed`` None draws one from the system (stored in the state)."""
        count = self.min_players if players is None else players
        if not self.min_players <= count <= self.max_players:
            raise OptionError(
                f"players must be between {self.min_players} and {self.max_players}, got {count}"
            )
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        return self._new_state(seed, count)

    @abstractmethod
    def _new_state(self, seed: int, players: int) -> StateT:
        """Set up a new game (all randomness through the state's rng)."""

    # -- actions ---------------------------------------------------------------
    def action_from_json(self, data: object) -> Action:
        """Decode an action; malformed input raises :class:`IllegalAction`.

        Every field's range is the set of values the fixed action index gives it, so an
        action that no position could ever offer is refused here, naming the field, before
        a rule (or a refusal's message) sees it.
        """
        action = self._codec.decode(data)
        if action not in self._action_numbers:
            raise self._not_indexed(action)
        return action

    @property
    def _field_values(self) -> dict[str, dict[str, frozenset[object]]]:
        """Per action kind, per field: the values the action index holds."""
        return self._index.field_values

    def _not_indexed(self, action: Action) -> IllegalAction:
        data = action.to_json()
        fields = self._field_values.get(action.kind, {})
        for name, value in data.items():
            value = tuple(value) if isinstance(value, list) else value
            if name in fields and value not in fields[name]:
                return IllegalAction(f"{action.kind}.{name} must be {describe_values(fields[name])}, "
                                     f"not {value!r}", rule="action format")
        return IllegalAction(f"{data} is never an action of {self.id}", rule="action format")

    @abstractmethod
    def _enumerate_actions(self) -> Sequence[Action]:
        """Every distinct action this game can ever offer (fixes the action index)."""

    def index_key(self) -> Hashable:
        """What this game's action index depends on: games with equal keys share one index.

        The default: the class, the options of :attr:`index_options` and the data overrides in
        force when the game was built. A game may name what its index reads more exactly."""
        names = sorted(self.options) if self.index_options is None else self.index_options
        return type(self), tuple((name, repr(self.options[name])) for name in names), self._data_key

    @property
    def _index(self) -> FixedIndex:
        # not a cached_property: on Python 3.11 its lock is shared by every game object, so a
        # thread building one index would hold up the event loop merely looking up another
        index: FixedIndex | None = self.__dict__.get("_shared_index")
        if index is None:
            index = self.__dict__["_shared_index"] = shared_index(self.index_key(), self._build_index)
        return index

    def _build_index(self) -> FixedIndex:
        """This game's fixed action index, made once per :meth:`index_key`: the table of
        :meth:`_enumerate_actions`; a game with a large index may compute it instead
        (``core.computed_index``: nothing tabulated)."""
        return FixedIndex(self._enumerate_actions())

    def prepare_action_index(self) -> None:
        """Build (or find) the shared action index now; a server calls it off its event loop,
        so that the first move decoded at a table does not build it there."""
        self._index.field_values  # noqa: B018 (the property builds them)

    @property
    def _action_table(self) -> Sequence[Action]:
        return self._index.table

    @property
    def _action_numbers(self) -> Mapping[Action, int]:
        return self._index.numbers

    @property
    def num_distinct_actions(self) -> int:
        return len(self._action_table)

    def action_index(self, action: Action) -> int:
        """The action's fixed index in ``range(num_distinct_actions)``."""
        try:
            return self._action_numbers[action]
        except KeyError:
            raise IllegalAction(f"{action.to_json()} is not an action of {self.id}",
                                rule="action format") from None

    def action_at(self, index: int) -> Action:
        if not 0 <= index < self.num_distinct_actions:
            raise IllegalAction(f"action index {index} out of range", rule="action format")
        return self._action_table[index]

    # -- hooks for agents and tools -------------------------------------------------
    def heuristic(self, state: StateT, player: int) -> float:
        """How good ``state`` looks for ``player``, in [-1, 1] (greedy, ISMCTS leaves).

        Agents call it on determinized states only. The default knows only final results.
        """
        return state.returns()[player] if state.is_over else 0.0

    def turn_value(self, state: StateT, player: int) -> float:
        """How good ``state`` looks for ``player`` about to begin a turn, in [-1, 1].

        Turn-level planners value their leaves there, after the other seats' answer. A game
        whose positions are best judged between turns (threats about to strike, who has the
        move) may fit a value for that moment; the default is :meth:`heuristic`.
        """
        return self.heuristic(state, player)

    def result_summary(self, state: StateT, start: StateT) -> dict[str, Any]:
        """The facts a designer groups finished games by (``soulforge.core.summary``): per
        seat the deck and the cards it had, drew and played; the game's own end facts.

        ``state`` is the finished game, ``start`` the same game as ``new_game`` made it.
        The default knows nothing of cards.
        """
        return {"seats": [], "end": {}}

    def replace_card(self, card: str, replacement: str) -> dict[str, OptionValue]:
        """This game's options with ``replacement`` in place of every copy of ``card`` in every
        deck that holds it (``soulforge ablate``); the default: a game without decks."""
        raise OptionError(f"{self.id} has no decks whose cards can be replaced")

    def validate_deck(self, text: str) -> list[str]:
        """Every violation of the deckbuilding rules in a deck list (TOML text)."""
        raise OptionError(f"{self.id} has no deckbuilding")

    def describe(self) -> dict[str, Any]:
        """The game's facts as JSON (lobby, docs)."""
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [spec.describe() for spec in self.option_specs],
            "chance": self.chance,
            "information": self.information,
            "utility": self.utility,
        }


class FixedIndex:
    """A game's fixed action index: every action it can ever offer, numbered; shared by every
    game object with the same :meth:`Game.index_key` (Soulshards' table holds 14 MB; Kipukas' 146,451
    actions are computed instead: ``core.computed_index``)."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.table: Sequence[Action] = tuple(actions)
        self.numbers: Mapping[Action, int] = {action: i for i, action in enumerate(self.table)}
        self._field_values: dict[str, dict[str, frozenset[object]]] | None = None

    @property
    def field_values(self) -> dict[str, dict[str, frozenset[object]]]:
        """Per action kind, per field: the values the index holds (a refusal names them);
        found at the first refusal or :meth:`Game.prepare_action_index` (two threads asking at
        once both find the same)."""
        if self._field_values is None:
            seen: dict[str, dict[str, set[object]]] = {}
            for action in self.table:
                fields = seen.setdefault(action.kind, {})
                for name, value in action.to_json().items():
                    fields.setdefault(name, set()).add(tuple(value) if isinstance(value, list) else value)
            self._field_values = {kind: {name: frozenset(values) for name, values in fields.items()}
                                  for kind, fields in seen.items()}
        return self._field_values


@functools.cache
def codec_of(action_types: tuple[type[Action], ...]) -> ActionCodec:
    """The codec of a game's action classes, made once per process (it reads their type hints:
    half a millisecond that every new table paid)."""
    return ActionCodec(action_types)


INDEX_CACHE_SIZE = 8
"""How many action indexes a process keeps (least recently used dropped first): one per game
and map, a few more for runs with data overrides."""
_INDEXES: OrderedDict[Hashable, FixedIndex] = OrderedDict()
_CACHE_LOCK = threading.Lock()
"""Held for a moment while the cache is read or changed."""
_BUILD_LOCK = threading.Lock()
"""Held while an index is built: two threads asking for the same one build it once, and a
thread finding a built one never waits for another's build."""


def shared_index(key: Hashable, build: Callable[[], FixedIndex]) -> FixedIndex:
    """The index for ``key``, made by ``build`` the first time it is asked for."""
    with _CACHE_LOCK:
        index = _INDEXES.get(key)
        if index is not None:
            _INDEXES.move_to_end(key)
            return index
    with _BUILD_LOCK:
        with _CACHE_LOCK:
            index = _INDEXES.get(key)  # built meanwhile by the thread that held the build lock
        if index is None:
            index = build()
        with _CACHE_LOCK:
            _INDEXES[key] = index
            _INDEXES.move_to_end(key)
            while len(_INDEXES) > INDEX_CACHE_SIZE:
                _INDEXES.popitem(last=False)
    return index


def describe_values(values: frozenset[object]) -> str:
    """A field's allowed values in a few words.

    >>> describe_values(frozenset({0, 1, 2, 3}))
    'from 0 to 3'
    >>> describe_values(frozenset({"leap", "chaos"}))
    "one of 'chaos', 'leap'"
    >>> describe_values(frozenset({None}))
    'None'
    """
    if len(values) == 1:
        return repr(next(iter(values)))
    ints = sorted(v for v in values if type(v) is int)
    if len(ints) == len(values) and ints[-1] - ints[0] + 1 == len(ints):
        return f"from {ints[0]} to {ints[-1]}"
    shown = sorted(repr(v) for v in values)
    return "one of " + ", ".join(shown[:12]) + (f" ({len(shown)} values)" if len(shown) > 12 else "")
