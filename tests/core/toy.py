"""High Card: a tiny hidden-hand game used to test the engine core."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from soulforge.core import Action, Game, IllegalAction, JsonDict, Option, Seat, State


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    kind = "play"
    value: int

    def __str__(self) -> str:
        return f"play {self.value}"


class HighCard(Game):
    id = "high_card"
    title = "High Card"
    option_specs = (Option("hand", int, 3, minimum=1, maximum=4),)
    action_types = (Play,)
    max_game_length = 8

    def _new_state(self, seed: int, players: int) -> State:
        return HighCardState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        return [Play(v) for v in range(1, 10)]


class HighCardState(State):
    def __init__(self, game: Game, seed: int, players: int) -> None:
        super().__init__(game, seed, players)
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        size = int(game.options["hand"])
        self.hands = [sorted(deck[:size]), sorted(deck[size : 2 * size])]
        self.deck = deck[2 * size :]
        self.piles: list[list[int]] = [[], []]
        self.turn = 0

    @property
    def current_player(self) -> Seat | None:
        return None if not any(self.hands) else self.turn % 2

    def _legal_actions(self) -> list[Action]:
        return [Play(v) for v in self.hands[self.turn % 2]]

    def why_illegal(self, action: Action) -> IllegalAction:
        return IllegalAction(f"{action}: you can only play a card from your hand", rule="hand")

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Play)
        seat = self.turn % 2
        self.hands[seat].remove(action.value)
        self.piles[seat].append(action.value)
        self.add_log(f"seat {seat} plays {action.value}")
        self.turn += 1

    def returns(self) -> list[float]:
        if not self.is_over:
            return [0.0, 0.0]
        a, b = sum(self.piles[0]), sum(self.piles[1])
        return [float((a > b) - (a < b)), float((b > a) - (b < a))]

    def _view(self, player: Seat | None) -> JsonDict:
        return {
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "piles": [list(p) for p in self.piles],
            "deck_size": len(self.deck),
        }

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        other = 1 - player
        seen = set(self.hands[player]) | set(self.piles[0]) | set(self.piles[1])
        pool = [v for v in range(1, 10) if v not in seen]
        rng.shuffle(pool)
        count = len(self.hands[other])
        self.hands[other] = sorted(pool[:count])
        self.deck = pool[count:]
