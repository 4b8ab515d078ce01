"""A tiny game registered only inside the CLI and simulation tests ("fake_nim").

Two seats take 1 or 2 stones from a pile in turn; whoever takes the last stone wins.
Each seat also holds a secret token (hidden from the other seat) so views differ. With
``draws=True`` a pile emptied on an even move number is a draw.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from soulforge.core import Action, Game, IllegalAction, JsonDict, Option, Seat, State


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    count: int

    def __str__(self) -> str:
        return f"take [{self.count}] stone{'s' if self.count > 1 else ''}"


class NimState(State):
    def __init__(self, game: Game, seed: int, players: int) -> None:
        super().__init__(game, seed, players)
        self.pile = int(game.options["stones"])
        self.turn = self.rng.randrange(players)
        self.secret = [self.rng.randrange(100) for _ in range(players)]
        self.winner: int | None = None
        self.draw = False
        self.add_log(f"seat {self.turn} begins")
        for seat in range(players):
            self.add_log(f"your secret is {self.secret[seat]}", seat)

    @property
    def current_player(self) -> Seat | None:
        return None if self.pile == 0 else self.turn

    def _legal_actions(self) -> list[Action]:
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.pile -= action.count
        self.add_log(f"seat {self.turn} takes {action.count}; {self.pile} left")
        if self.pile == 0:
            if self.game.options["draws"] and (self.move_number + 1) % 2 == 0:
                self.draw = True
            else:
                self.winner = self.turn
        self.turn = (self.turn + 1) % self.num_players

    def why_illegal(self, action: Action) -> IllegalAction:
        return IllegalAction(f"only {self.pile} stones left", rule="taking")

    def prompt(self) -> str:
        return "" if self.is_over else f"seat {self.turn}: take 1 or 2 stones"

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.num_players
        return [1.0 if seat == self.winner else -1.0 for seat in range(self.num_players)]

    def _view(self, player: Seat | None) -> JsonDict:
        return {
            "pile": self.pile,
            "secret": None if player is None else self.secret[player],
        }

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        for seat in range(self.num_players):
            if seat != player:
                self.secret[seat] = rng.randrange(100)


class FakeNim(Game):
    id = "fake_nim"
    title = "Fake Nim"
    summary = "Take one or two stones; the last stone wins."
    rulebook = "fake_nim.md"
    min_players = 2
    max_players = 3
    option_specs = (
        Option("stones", int, 7, help="stones in the pile", minimum=1, maximum=40),
        Option("draws", bool, False, help="an even last move is a draw"),
    )
    action_types = (Take,)
    max_game_length = 40

    def _new_state(self, seed: int, players: int) -> State:
        return NimState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        return [Take(1), Take(2)]

    def validate_deck(self, text: str) -> list[str]:
        problems = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            name, _, count = line.rpartition(" ")
            if not count.isdigit():
                problems.append(f"line {number}: {line!r} is not 'name count'")
            elif int(count) > 3:
                problems.append(f"line {number}: at most 3 copies of {name}, got {count}")
        return problems


class FakePlain(FakeNim):
    """The same game without deckbuilding (and no rulebook file)."""

    id = "fake_plain"
    rulebook = ""

    def validate_deck(self, text: str) -> list[str]:
        return Game.validate_deck(self, text)


def register(monkeypatch: Any) -> None:
    """Register both fake games in soulforge's registry for one test."""
    import soulforge.games as games

    monkeypatch.setitem(games.REGISTRY, "fake_nim", "tests.sim.fakegame:FakeNim")
    monkeypatch.setitem(games.REGISTRY, "fake_plain", "tests.sim.fakegame:FakePlain")
    monkeypatch.setattr(games, "GAMES", tuple(sorted(games.REGISTRY)))
