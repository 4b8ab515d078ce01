"""A tiny test-only game (registered by the server tests as ``minicards``).

It exercises what the web table must handle generically: hidden hands, chance (draws),
reveals, an undoable public move, options and 2-3 seats. It is not a real game.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from soulforge.core import Action, Game, Option, State


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    kind = "move"
    to: int

    def __str__(self) -> str:
        return f"move pawn to {self.to}"


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    kind = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    kind = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    kind = "draw"

    def __str__(self) -> str:
        return "draw a card"


class MiniCards(Game):
    id = "minicards"
    title = "Mini Cards"
    summary = "A test game: move the pawn, then play or draw a hidden card."
    rulebook = "minicards.md"
    min_players = 2
    max_players = 3
    option_specs = (
        Option("hand", int, 3, help="cards dealt to each seat", minimum=2, maximum=5),
        Option("rounds", int, 2, help="plays per seat", minimum=1, maximum=4),
    )
    action_types = (Move, Play, Draw, Pass)
    max_game_length = 200

    def _new_state(self, seed: int, players: int) -> State:
        return MiniState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        return [*(Move(i) for i in range(5)), *(Play(c) for c in range(1, 10)), Draw(), Pass()]


class MiniState(State):
    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        deck = [c for c in range(1, 10) for _ in range(2)]
        self.rng.shuffle(deck)
        size = int(game.options["hand"])
        self.hands = [sorted(deck[i * size:(i + 1) * size]) for i in range(num_players)]
        self.deck = deck[num_players * size:]
        self.played: list[list[int]] = [[] for _ in range(num_players)]
        self.pawn = 0
        self.phase = "move"
        self.turn = 0
        self.turns_left = int(game.options["rounds"]) * num_players
        self.last: dict[str, Any] | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.turns_left <= 0 else self.turn

    def _legal_actions(self) -> list[Action]:
        if self.phase == "move":
            return [Move(i) for i in range(5) if i != self.pawn]
        plays: list[Action] = [Play(c) for c in sorted(set(self.hands[self.turn]))]
        return [*plays, Draw(), Pass()] if self.deck else [*plays, Pass()]

    def _apply(self, action: Action) -> None:
        seat = self.turn
        if isinstance(action, Move):
            self.pawn, self.phase = action.to, "play"
            self.last = {"type": "move", "to": action.to}
            self.add_log(f"seat {seat} moves the pawn to {action.to}")
            return
        if isinstance(action, Play):
            self.hands[seat].remove(action.card)
            self.played[seat].append(action.card)
            self.mark_revealed()
            self.last = {"type": "play", "card": action.card}
            self.add_log(f"seat {seat} plays {action.card}")
        elif isinstance(action, Draw):
            card = self.deck.pop(self.rng.randrange(len(self.deck)))
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.last = {"type": "draw"}
            self.add_log(f"seat {seat} draws a card")
            self.add_log(f"you drew {card}", seat)
        else:
            self.last = {"type": "pass"}
            self.add_log(f"seat {seat} passes")
        self.phase, self.turn = "move", (seat + 1) % self.num_players
        self.turns_left -= 1

    def returns(self) -> list[float]:
        if not self.is_over:
            return [0.0] * self.num_players
        scores = [sum(p) for p in self.played]
        best = max(scores)
        if scores.count(best) > 1:
            return [0.0 if s == best else -1.0 for s in scores]
        return [1.0 if s == best else -1.0 for s in scores]

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "pawn": self.pawn,
            "phase": self.phase,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "deck": len(self.deck),
            "last_move": self.last,
        }

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        pool = self.deck + [c for i, h in enumerate(self.hands) if i != player for c in h]
        rng.shuffle(pool)
        for i, hand in enumerate(self.hands):
            if i != player:
                self.hands[i] = sorted(pool[: len(hand)])
                pool = pool[len(hand):]
        self.deck = pool

    def prompt(self) -> str:
        if self.is_over:
            return ""
        return f"seat {self.turn}: " + ("move the pawn" if self.phase == "move" else "play or draw a card")
