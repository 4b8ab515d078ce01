"""The :class:`State` base: the core contract every game's state implements.

The base owns what is the same for every game: the seeded rng, the action history and
move counter, the refusal order (game over, wrong seat, not allowed now), the log with
per-seat visibility, the undo floor, views with common keys, clone and records. A game
implements the ``_``-prefixed hooks.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import chain, repeat
from operator import is_
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from soulforge.core.action import Action, JsonDict
from soulforge.core.clone import dict_of, native_fields
from soulforge.core.errors import IllegalAction
from soulforge.core.flow import ClickPath, Flow
from soulforge.core.log import LogEntry, LogRead, Seat, entry_visible, read_log
from soulforge.core.rng import GameRandom, fresh_seed, made_rng

if TYPE_CHECKING:
    from soulforge.core.game import Game
    from soulforge.core.record import Record


_NEW_RNG: ContextVar[Callable[[int], GameRandom]] = ContextVar("new_rng", default=GameRandom)
"""What makes a new state's rng from its seed: a seeded generator, unless explicit chance
(``soulforge.core.chance``) sets up a game with a scripted one (:func:`making_rng`)."""


@contextmanager
def making_rng(make: Callable[[int], GameRandom]) -> Iterator[None]:
    """States made inside the block draw from ``make(seed)`` instead of ``GameRandom(seed)``."""
    token = _NEW_RNG.set(make)
    try:
        yield
    finally:
        _NEW_RNG.reset(token)


_LAZY_RNG = frozenset({"_rng_from", "_rng_draws"})
"""The fields of the generator not yet made, never seen outside (``State.field_values``)."""
SHARED_LOG_CHUNKS = 32
"""Past this many shared chunks, a clone merges them into one."""
GameT = TypeVar("GameT", bound="Game", default="Game", covariant=True)
"""The class of a state's game: ``State`` alone is ``State[Game]``; a game's native state
class names its own (``KipukasState(State["Kipukas"])``) so that its rules read
``s.game.cards`` typed, a native class being unable to narrow an inherited field's type."""
_ONLY = {seat: frozenset((seat,)) for seat in range(8)}
"""Shared one-seat visibility sets (logging happens on nearly every move)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[GameT]):
    """One game in progress. See ``DESIGN.md`` (the core contract).

    Compiled (``make native``), a native class: the core's fields live in the object, read
    by compiled code without a dictionary lookup. A game's state subclasses it either as a
    pure Python class (its own fields in its ``__dict__``) or as a native class of its own
    (Five Realms', Kipukas': every field declared, a clone written out, and an ``__init__``
    that makes a bare state when given no game, since a native class's ``__new__`` calls it:
    see :meth:`_bare_copy`). :meth:`field_values` lists both kinds of field. A native state
    names its game's class, ``State["Kipukas"]``, for its ``game`` field to be typed so (a
    native class cannot narrow an inherited field's type).
    """

    game: GameT
    seed: int
    num_players: int
    _rng: GameRandom | None
    """The state's generator, once made (see :attr:`rng`); None until then."""
    _rng_from: tuple[Any, ...] | int | None
    """What :attr:`rng` is made from while ``_rng`` is None: a generator state (a clone's) or
    a seed (a determinization's)."""
    _rng_draws: int
    """The draws counted while ``_rng`` is None (``rng.draws`` once it is made)."""
    history: list[Action]
    move_number: int
    undo_floor: int
    determinized: bool

    flow: ClassVar[Flow[Any] | None] = None
    """The game's turn flow (``soulforge.core.flow``): where a game declares it, the core
    derives ``_legal_actions``, ``_apply`` and ``why_illegal`` from its rules."""

    def __init__(self, game: GameT, seed: int, num_players: int) -> None:
        self.game = game
        self.seed = seed
        self.num_players = num_players
        self._rng = _NEW_RNG.get()(seed)
        self._rng_from, self._rng_draws = None, 0
        self.history = []
        self.move_number = 0
        self.undo_floor = 0
        self.determinized = False
        self._log_shared: tuple[tuple[LogEntry, ...], ...] = ()
        """The older log entries, in chunks shared with clones (never changed)."""
        self._lines: list[LogEntry] = []
        """The newer log entries, this state's own (appended to)."""
        self._log_read: LogRead | None = None
        """The last read of the log (``core.log.read_log``): derived, never saved."""
        self._legal: Sequence[Action] | None = None
        self._carried: Sequence[Action] | None = None
        self._revealed = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = vars(cls)  # (not ``cls.__dict__``: mypyc refuses it)
        flow = own.get("flow")
        if flow is None:
            return
        # A class that declares its flow dispatches to it directly, unless it lists or
        # applies by itself (a game's own fast path; a native state class, whose methods
        # cannot be set late, calls ``flow.state_hooks()``'s functions from its own).
        legal_actions, apply = flow.state_hooks()
        if "_legal_actions" not in own:
            setattr(cls, "_legal_actions", legal_actions)  # noqa: B010 (a class attribute set late)
        if "_apply" not in own:
            setattr(cls, "_apply", apply)  # noqa: B010

    @property
    def rng(self) -> GameRandom:
        """The state's generator (every random draw of its game goes through it).

        A clone or a determinization makes it only when first read: search clones states by
        the thousand and most clones never draw, while a generator is a 2.5 KB C object
        (a new one per clone was 9% of a Soul of Ankiril hard game, issue 32, stop 48). Made,
        it is the very generator an eager copy would have been (``GameRandom.copy``)."""
        rng = self._rng
        if rng is None:
            origin = self._rng_from
            assert origin is not None
            rng = self._rng = made_rng(origin, self._rng_draws)
            self._rng_from = None
        return rng

    @rng.setter
    def rng(self, rng: GameRandom) -> None:
        self._rng, self._rng_from, self._rng_draws = rng, None, 0

    # -- hooks a game implements ------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> Seat | None:
        """The seat that must decide now; None once the game is over."""

    def _legal_actions(self) -> Sequence[Action]:
        """Legal actions of the current player (empty once the game is over): a list or a
        tuple the core keeps as the position's listing."""
        return self._flow().legal_actions(self)

    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""
        self._flow().apply(self, action)

    def _flow(self) -> Flow[Any]:
        if self.flow is None:
            raise NotImplementedError(f"{type(self).__name__} declares no flow")
        return self.flow

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat: +1 win, -1 loss, 0 draw (zeros while the game goes on)."""

    @abstractmethod
    def _view(self, player: Seat | None) -> JsonDict:
        """What ``player`` (None: a spectator) may know, JSON-ready."""

    @abstractmethod
    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        """In this clone, resample everything hidden from ``player`` using ``rng``.

        The result must depend only on ``view(player)`` and ``rng``.
        """

    @property
    def first_player(self) -> Seat | None:
        """The seat that takes the first turn of play, once known; None where the game does
        not say. Simulations report the starting player's win rate from it: where the game
        draws who begins, the first seat is not the starter."""
        return None

    def why_illegal(self, action: Action) -> IllegalAction:
        """The refusal for an action not legal now, naming the rule (the flow's, if any)."""
        if self.flow is not None:
            return self.flow.why_illegal(self, action)
        return IllegalAction(f"{action} is not allowed now", rule="legal actions")

    def click_path(self, action: Action) -> ClickPath:
        """The board handles a player clicks, in order, to make ``action`` (empty: a button)."""
        return () if self.flow is None else self.flow.path(action)

    def outcome(self) -> str:
        """How the game ended, in words for people ('' while it goes on).

        Games override it to give the reason and the score ("Seat 1 collected a 5th
        different Titan"); this default reads the returns only.
        """
        return outcome_from_returns(self.returns()) if self.is_over else ""

    def describe(self, action: Action) -> str:
        """``action`` in words in this position: ``str(action)`` unless the game says more.

        An action's ``__str__`` knows only its fields, so it names a hand card or a cell by
        number where the board draws names ("give card 1 of your hand"); a game overrides
        this to name them as its board does. The words go to the seat deciding now (the
        page's buttons, the CLI's list), and a game may log them: they name only what that
        seat, or every seat the log line reaches, may see (the hidden information rule)."""
        return str(action)

    def prompt(self) -> str:
        """What the current player is deciding, for people (e.g. 'place the drawn card')."""
        return "" if self.is_over else f"seat {self.current_player} to act"

    # -- the contract -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list[Action]:
        # _cached_legal's test inline: a playout lists every position (one call fewer each).
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over else self._legal_actions()
        return list(legal)

    def is_legal(self, action: Action) -> bool:
        legal = self._cached_legal()
        # Agents and playouts pass the very objects legal_actions() gave: an identity scan
        # (in C, no dataclass __eq__ per listed action) first, then equality for the others.
        return any(map(is_, legal, repeat(action))) or action in legal

    def _cached_legal(self) -> Sequence[Action]:
        # Computed once per position: apply() checks membership, callers list them.
        if self._legal is None:
            self._legal = [] if self.is_over else self._legal_actions()
        return self._legal

    def apply(self, action: Action, player: Seat | None = None) -> None:
        """Apply ``action`` (optionally checking it comes from ``player``).

        Refusals come in a fixed order, each an :class:`IllegalAction` naming the rule,
        and leave the state unchanged: game over, wrong seat, not allowed now.
        """
        legal = self._legal
        # A playout's or an agent's move is the very object this position listed (a listing
        # is empty once the game is over): it passes every check, so skip the calls to them.
        # (a generator in any(): compiled, a loop in C, where map(is_, ...) is two module
        # lookups and two objects made per move)
        if legal is None or (player is not None and player != self.current_player) or not any(
            listed is action for listed in legal
        ):
            self.check(action, player)
        # The move itself, here rather than in a method of its own: one call fewer on every
        # move of a playout (1% of a Soulshards playout's instructions).
        rng = self._rng  # (rng.draws, inline: the generator is not made to count its draws)
        draws = self._rng_draws if rng is None else rng.draws
        self._revealed = False
        self._apply(action)
        self.history.append(action)
        self.move_number += 1
        # The next position is listed anew, unless the move's rule carried this listing to it.
        self._legal = self._carried
        self._carried = None
        rng = self._rng
        if self._revealed or (self._rng_draws if rng is None else rng.draws) != draws:
            self.undo_floor = self.move_number

    def check(self, action: Action, player: Seat | None = None) -> None:
        """Raise the refusal ``apply`` would raise; do nothing if the action is legal."""
        if self.is_over:
            raise IllegalAction("the game is over", rule="game over")
        if player is not None and player != self.current_player:
            raise IllegalAction(
                f"it is seat {self.current_player}'s decision, not seat {player}'s", rule="turn order"
            )
        # A legal action (what agents and playouts pass, the very object listed) is settled
        # before the type and kind tests; those only choose the refusal of an illegal one.
        if self.is_legal(action):
            return
        if type(action) not in self.game._codec.type_set:
            raise IllegalAction(f"{action!r} is not an action of {self.game.id}", rule="action format")
        raise self.why_illegal(action)

    def apply_json(self, data: object, player: Seat | None = None) -> Action:
        """Decode and apply a JSON action; returns the decoded action."""
        action = self.game.action_from_json(data)
        self.apply(action, player)
        return action

    def carry_listing(self) -> None:
        """Called by a rule, during its move, when the move changes nothing the listing of this
        position read and the same seat decides next: the position the move leads to lists the
        same actions, so the core keeps this listing for it instead of making it again.

        The rule vouches for it (a differential test per game proves it); a listing only ever
        passes to the next position of the same state, and clones and determinizations made
        there list on their own as before (``determinize`` drops it).
        """
        self._carried = self._legal

    def mark_revealed(self) -> None:
        """Called by rules when hidden information reaches a seat (blocks undo)."""
        self._revealed = True

    # -- views and log --------------------------------------------------------------
    def view(self, player: Seat | None) -> JsonDict:
        """JSON-ready dict of exactly what ``player`` knows (None: spectator)."""
        self._check_seat(player)
        over = self.is_over
        common: JsonDict = {
            "game": self.game.id,
            "options": dict(self.game.options),
            "viewer": player,
            "num_players": self.num_players,
            "move_number": self.move_number,
            "current_player": self.current_player,
            "prompt": self.prompt(),
            "is_over": over,
            "returns": self.returns() if over else None,
        }
        common.update(self._view(player))
        return common

    def log(self, player: Seat | None) -> list[str]:
        """The lines ``player`` may see, oldest first."""
        self._check_seat(player)
        # Read once, kept as one chunk with every text made (clones share the old chunks);
        # the next read makes and filters only the lines logged since.
        self._log_read, lines = read_log(self._log_shared, self._lines, self._log_read, player)
        self._log_shared, self._lines = (self._log_read[0],), []
        return lines

    def add_log(self, text: str, visible_to: Seat | frozenset[Seat] | None = None) -> None:
        """Log a line for everyone, or only for the given seat(s)."""
        if visible_to is None:
            self._lines.append(text)  # most lines are public: kept as their text alone
            return
        if isinstance(visible_to, int):
            visible_to = _ONLY.get(visible_to) or frozenset((visible_to,))
        self._lines.append((text, None, visible_to))

    def log_later(self, render: Callable[..., str], *args: Any,
                  visible_to: Seat | frozenset[Seat] | None = None) -> None:
        """Log the line ``render(*args)`` (as :meth:`add_log`), made only when the log is read.

        Rules log on nearly every move and a playout or a search never reads the log: the
        words are made when a view, a record's replay or a page reads it. ``render`` is a
        module-level function of its arguments alone (a checkpoint pickles it by name) and
        the arguments are immutable values taken now (seat numbers, names, counts), so the
        text is the one ``add_log(render(*args))`` would have logged now.
        """
        if visible_to is not None and isinstance(visible_to, int):
            visible_to = _ONLY.get(visible_to) or frozenset((visible_to,))
        self._lines.append((render, args, visible_to))

    def _check_seat(self, player: Seat | None) -> None:
        if player is not None and not (isinstance(player, int) and 0 <= player < self.num_players):
            raise ValueError(f"no seat {player!r} at a {self.num_players}-player table")

    # -- copies -------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy (games may override with a faster one)."""
        return copy.deepcopy(self, {id(self.game): self.game})

    def _bare_copy(self) -> Self:
        """A new state of this class holding copies of the core's attributes only.

        Games build their fast ``clone()`` on it and copy their own fields.
        """
        twin = type(self).__new__(type(self))
        twin.game, twin.seed, twin.num_players = self.game, self.seed, self.num_players
        # The generator is made at the twin's first use (see ``rng``): here only what it is
        # made from, the generator's state (read once between draws: ``GameRandom.getstate``).
        rng = self._rng
        if rng is None:
            twin._rng, twin._rng_from, twin._rng_draws = None, self._rng_from, self._rng_draws
        elif type(rng) is GameRandom:
            twin._rng, twin._rng_from, twin._rng_draws = None, rng.getstate(), rng.draws
        else:  # another kind (explicit chance's scripted draws) copies itself
            twin._rng, twin._rng_from, twin._rng_draws = rng.copy(), None, 0
        twin.history = list(self.history)
        twin.move_number, twin.undo_floor = self.move_number, self.undo_floor
        twin.determinized = self.determinized
        twin._log_shared, twin._lines = self._shared_log(), []
        twin._log_read = self._log_read  # never changed in place: shared
        # The same position has the same legal actions; the list is never changed in place
        # (a move replaces it), so sharing it spares search a recomputation per clone.
        twin._legal = self._legal
        twin._carried = None  # only ever set during a move
        twin._revealed = self._revealed
        return twin

    def _shared_log(self) -> tuple[tuple[LogEntry, ...], ...]:
        """The whole log as chunks a clone shares: this state's newer entries become a chunk
        (once: clones made before the next line share it), so a clone copies no line."""
        if self._lines:
            shared = (*self._log_shared, tuple(self._lines))
            if len(shared) > SHARED_LOG_CHUNKS:  # merged now and then: reading stays linear
                shared = (tuple(chain.from_iterable(shared)),)
            self._log_shared, self._lines = shared, []
        return self._log_shared

    def determinize(self, player: Seat, rng: random.Random) -> Self:
        """A clone where everything hidden from ``player`` is resampled from ``rng``.

        It keeps ``view(player)``; its rng is reseeded from ``rng``, its history and
        other seats' log lines are dropped, so nothing hidden survives in it.
        """
        self._check_seat(player)
        twin = self.clone()
        twin._resample_hidden(player, rng)
        twin._rng, twin._rng_from, twin._rng_draws = None, fresh_seed(rng), 0  # a seed: made at first use
        twin.history = []
        twin.determinized = True
        twin._log_shared, twin._log_read = (), None  # nothing another seat read survives
        twin._lines = [entry for entry in chain(*self._log_shared, self._lines)
                       if entry_visible(entry, player)]
        twin._legal = None
        return twin

    def record(self) -> Record:
        """The record that replays to this state."""
        from soulforge.core.record import Record

        if self.determinized:
            raise ValueError("a determinized state has no record")
        if not self.rng.seeded:
            raise ValueError("a state with explicit chance has no seeded record: "
                             "use its ChanceState's record()")
        return Record(self.game.id, dict(self.game.options), self.seed, self.num_players, list(self.history))

    # -- as bytes -------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """The whole state as bytes (rng included): ``game.state_from_bytes(b)`` restores it
        exactly; ``pickle`` works too (``soulforge.core.snapshot``). Trusted bytes only."""
        from soulforge.core.snapshot import state_to_bytes

        return state_to_bytes(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # The game by class and options, the fields with the game's objects as references.
        from soulforge.core.snapshot import dump_fields, restore_state

        return restore_state, (self.game, type(self), dump_fields(self))

    def field_values(self) -> dict[str, Any]:
        """Every field of this state by name: its ``__dict__`` (a pure state), and compiled,
        the fields a native class keeps in the object (its classes' ``__mypyc_attrs__``)."""
        found: dict[str, Any] = {name: getattr(self, name) for name in native_fields(type(self))
                                 if hasattr(self, name)}
        found.update(dict_of(self))  # (compiled, made at the first set)
        # The generator is one field, ``rng`` (made if not yet: see ``rng``), in ``_rng``'s
        # place: what pickles, copies and the tests of the fields see, as before it was lazy.
        return {("rng" if name == "_rng" else name): (self.rng if name == "_rng" else value)
                for name, value in found.items() if name not in _LAZY_RNG}

    def set_field_values(self, fields: dict[str, Any]) -> None:
        """Set every field of ``fields`` (the inverse of :meth:`field_values`)."""
        for name, value in fields.items():
            setattr(self, name, value)

    def __copy__(self) -> Self:
        # ``copy`` would otherwise go through ``__reduce__`` (a pickle): the usual shallow copy.
        twin = type(self).__new__(type(self))
        twin.set_field_values(self.field_values())
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # The usual deep copy of the fields (what ``clone()`` has always done), not a pickle.
        twin = type(self).__new__(type(self))
        memo[id(self)] = twin
        twin.set_field_values(copy.deepcopy(self.field_values(), memo))
        return twin

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} move {self.move_number} seed {self.seed}>"

    def to_json_safe(self) -> Any:
        """Never send a state as JSON: views are the only way state leaves the engine to
        players (``to_bytes`` is a checkpoint for trusted storage, not for a seat)."""
        raise TypeError("states are not sent as JSON; use view(player), record() or to_bytes()")


def outcome_from_returns(returns: list[float]) -> str:
    """Who won, from the returns alone.

    >>> outcome_from_returns([-1.0, 1.0])
    'Seat 1 wins.'
    >>> outcome_from_returns([-1.0, -1.0])
    'Every player loses.'
    >>> outcome_from_returns([0.0, 0.0, -1.0])
    'Draw between seats 0 and 1.'
    """
    best = max(returns)
    winners = [seat for seat, value in enumerate(returns) if value == best]
    if best < 0 and len(winners) == len(returns):
        return "Every player loses."
    if len(winners) == 1:
        return f"Seat {winners[0]} wins."
    names = ", ".join(str(seat) for seat in winners[:-1])
    return f"Draw between seats {names} and {winners[-1]}."
