"""Race: a tiny 2-4 player game without hidden information, for n-player agent tests.

A counter starts at 0; in turn each seat adds 1, 2 or 3 without going past 10. The seat
that reaches exactly 10 wins (+1); every other seat loses (-1 / (n - 1) each).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import ClassVar

from soulforge.core import Action, Game, JsonDict, Seat, State

GOAL = 10


@dataclasses.dataclass(frozen=True, slots=True)
class Add(Action):
    """Add to the counter."""

    kind: ClassVar[str] = "add"
    amount: int


class RaceState(State):
    """The counter, the seat to move and the winner."""

    def __init__(self, game: Race, seed: int, players: int) -> None:
        super().__init__(game, seed, players)
        self.counter = 0
        self.turn: Seat = 0
        self.winner: Seat | None = None

    @property
    def current_player(self) -> Seat | None:
        return None if self.winner is not None else self.turn

    def _legal_actions(self) -> list[Action]:
        return [Add(n) for n in (1, 2, 3) if self.counter + n <= GOAL]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Add)
        self.counter += action.amount
        if self.counter == GOAL:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.num_players

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.num_players
        loss = -1.0 / (self.num_players - 1)
        return [1.0 if seat == self.winner else loss for seat in range(self.num_players)]

    def _view(self, player: Seat | None) -> JsonDict:
        return {"counter": self.counter, "turn": self.turn, "winner": self.winner}

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        """Nothing is hidden."""


class Race(Game):
    """The toy n-player game (see the module docstring)."""

    id = "race"
    title = "Race"
    min_players = 2
    max_players = 4
    action_types = (Add,)
    max_game_length = GOAL

    def _new_state(self, seed: int, players: int) -> RaceState:
        return RaceState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        return [Add(n) for n in (1, 2, 3)]
