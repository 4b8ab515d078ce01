"""Records: game, options, seed, player count and actions; they replay to the state.

A record names its game by id; the core does not know the games (they depend on it, not
the reverse), so the game is made by the caller's loader or, by default, by the one the
game registry installs when it is imported (:func:`use_loader`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from soulforge.core.action import Action, JsonDict
from soulforge.core.errors import RecordError

if TYPE_CHECKING:
    from soulforge.core.game import Game
    from soulforge.core.state import State

FORMAT = "soulforge-record/1"

GameLoader = Callable[..., "Game"]
"""Makes a game from its id and options: ``load(game_id, **options)``."""

_loader: list[GameLoader] = []
"""The default loader (at most one), installed by the game registry (``soulforge.games``)."""


def use_loader(load: GameLoader) -> None:
    """Make ``load`` the loader of records replayed without one (the game registry calls it
    on import, so ``Record.replay()`` works wherever ``soulforge`` is imported)."""
    _loader[:] = [load]


@dataclasses.dataclass
class Record:
    """A replayable game record.

    >>> import soulforge
    >>> state = soulforge.load("five_realms").new_game(seed=3)
    >>> state.apply(state.legal_actions()[0])
    >>> again = soulforge.Record.from_json(state.record().to_json()).replay()
    >>> again.view(0) == state.view(0)
    True
    """

    game: str
    options: dict[str, Any]
    seed: int
    players: int
    actions: list[Any] = dataclasses.field(default_factory=list)
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        self.actions = [a.to_json() if isinstance(a, Action) else dict(a) for a in self.actions]

    def to_json(self) -> JsonDict:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "players": self.players,
            "actions": [dict(a) for a in self.actions],
            "meta": dict(self.meta),
        }

    @classmethod
    def from_json(cls, data: object) -> Record:
        """A record from its JSON; :class:`RecordError` names what is wrong.

        >>> Record.from_json({"game": "x", "seed": 1, "players": float("inf")})
        Traceback (most recent call last):
        ...
        soulforge.core.errors.RecordError: the record's players must be an integer from 1 to 64, not inf
        """
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r}")
        missing = [name for name in ("game", "seed", "players") if name not in data]
        if missing:
            raise RecordError(f"record lacks the field {missing[0]!r}")
        return cls(_typed(data, "game", str), _typed(data, "options", dict, {}),
                   _integer(data, "seed", 0, 2**63 - 1), _integer(data, "players", 1, MAX_PLAYERS),
                   _actions(data.get("actions", [])), _typed(data, "meta", dict, {}))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file (OSError if it cannot be read, RecordError if it is no record)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise RecordError(f"not JSON text: {err}") from None
        return cls.from_json(data)

    def game_of(self, load: GameLoader | None = None) -> Game:
        """The record's game with its options, made by ``load`` (by default the registry's)."""
        if load is None:
            if not _loader:
                raise RecordError("no game loader: import soulforge (its registry) or pass one")
            load = _loader[0]
        return load(self.game, **self.options)

    def new_state(self, load: GameLoader | None = None) -> State:
        """The state before any action (``load`` makes the game: see :meth:`game_of`)."""
        state: State = self.game_of(load).new_game(seed=self.seed, players=self.players)
        return state

    def replay(self, upto: int | None = None, load: GameLoader | None = None) -> State:
        """The state after the first ``upto`` actions (all by default).

        An action the rules refuse raises :class:`~soulforge.IllegalAction` naming its number.
        """
        state = self.new_state(load)
        for number, data in enumerate(self.actions[:upto]):
            try:
                state.apply_json(data)
            except ValueError as err:
                raise type(err)(f"record action {number}: {err}") from None
        return state


MAX_PLAYERS = 64
"""More seats than any table has: a record beyond it is not one."""


def _typed(data: JsonDict, name: str, kind: type, default: Any = None) -> Any:
    value = data.get(name, default)
    if not isinstance(value, kind):
        raise RecordError(f"the record's {name} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def _integer(data: JsonDict, name: str, low: int, high: int) -> int:
    value = data[name]
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"the record's {name} must be an integer from {low} to {high}, not {value!r}")
    return value


def _actions(value: object) -> list[Any]:
    if not isinstance(value, list) or not all(isinstance(a, dict) for a in value):
        raise RecordError("the record's actions must be a list of JSON objects")
    return value
