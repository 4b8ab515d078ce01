"""Records: game, options, seed, player count and actions; they replay to the state."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from soulforge.core.action import Action, JsonDict

if TYPE_CHECKING:
    from soulforge.core.state import State

FORMAT = "soulforge-record/1"


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
    def from_json(cls, data: JsonDict) -> Record:
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"unknown record format {data.get('format')!r}")
        try:
            return cls(
                str(data["game"]), dict(data.get("options", {})), int(data["seed"]),
                int(data["players"]), list(data.get("actions", [])), dict(data.get("meta", {})),
            )
        except KeyError as missing:
            raise ValueError(f"record lacks the field {missing}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))

    def new_state(self) -> State:
        """The state before any action."""
        from soulforge.games import load

        state: State = load(self.game, **self.options).new_game(seed=self.seed, players=self.players)
        return state

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all by default).

        An action the rules refuse raises :class:`~soulforge.IllegalAction` naming its number.
        """
        state = self.new_state()
        for number, data in enumerate(self.actions[:upto]):
            try:
                state.apply_json(data)
            except ValueError as err:
                raise type(err)(f"record action {number}: {err}") from None
        return state
