"""Duel: a tiny two-player trick-taking game with hidden hands, for the agent tests.

Cards 1..13; each seat is dealt 5 hidden cards, the 3 left over stay hidden. Five prize
cards worth 1..5 are shuffled face down; the top one is turned up before each trick.
Seat 0 leads the first trick. The leader plays a card face up, the follower answers with
any card of their hand; the higher card wins the trick and the prize, and its winner
leads the next. After 5 tricks the seat with more prize points wins (+1 / -1; 15 points
in all, so no draws). Skill matters: a good player spends its high cards on the big
prizes, wins a trick with its lowest sufficient card and otherwise throws its lowest
card; random play does none of that.

It implements the whole core contract (``Game`` with ``_new_state``,
``_enumerate_actions``, ``action_types`` and ``heuristic``; ``State`` with
``current_player``, ``_legal_actions``, ``_apply``, ``returns``, ``_view`` and
``_resample_hidden``) and nothing more.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Sequence
from typing import ClassVar

from soulforge.core import Action, Game, JsonDict, Seat, State
from tests.agents.agent_matches import decision_positions

CARDS = tuple(range(1, 14))
HAND = 5
PRIZES = tuple(range(1, HAND + 1))
TOTAL = sum(PRIZES)


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from the hand."""

    kind: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


class DuelState(State):
    """Hands, the open trick, tricks won and the cards already played."""

    def __init__(self, game: Duel, seed: int) -> None:
        super().__init__(game, seed, 2)
        deck = list(CARDS)
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[:HAND]), sorted(deck[HAND : 2 * HAND])]
        self.left_over = sorted(deck[2 * HAND :])
        self.prizes = list(PRIZES)
        self.rng.shuffle(self.prizes)
        self.leader: Seat = 0
        self.led: int | None = None
        self.points = [0, 0]
        self.played: list[tuple[int, int]] = []

    @property
    def current_player(self) -> Seat | None:
        if not self.hands[0] and not self.hands[1]:
            return None
        return self.leader if self.led is None else 1 - self.leader

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        assert seat is not None
        return [Play(card) for card in self.hands[seat]]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Play)
        seat = self.current_player
        assert seat is not None
        self.hands[seat].remove(action.card)
        if self.led is None:
            self.led = action.card
            self.add_log(f"seat {seat} leads {action.card}")
            return
        winner = self.leader if self.led > action.card else seat
        prize = self.prizes.pop()
        self.points[winner] += prize
        self.played.append((self.led, action.card))
        self.add_log(f"seat {seat} answers {action.card}; seat {winner} wins the {prize}")
        self.leader, self.led = winner, None

    def returns(self) -> list[float]:
        if not self.is_over:
            return [0.0, 0.0]
        if self.points[0] == self.points[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.points[0] > self.points[1] else [-1.0, 1.0]

    def _view(self, player: Seat | None) -> JsonDict:
        return {
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "left_over": len(self.left_over),
            "leader": self.leader,
            "led": self.led,
            "prize": self.prizes[-1] if self.prizes else None,
            "prizes_left": sorted(self.prizes),
            "points": list(self.points),
            "played": [list(pair) for pair in self.played],
        }

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        other = 1 - player
        seen = set(self.hands[player]).union(*self.played)
        if self.led is not None:
            seen.add(self.led)
        unknown = [card for card in CARDS if card not in seen]
        rng.shuffle(unknown)
        size = len(self.hands[other])
        self.hands[other] = sorted(unknown[:size])
        self.left_over = sorted(unknown[size:])
        hidden = sorted(self.prizes[:-1])
        rng.shuffle(hidden)
        self.prizes[:-1] = hidden

    def clone(self) -> DuelState:
        twin = copy.copy(self)
        twin.rng = copy.deepcopy(self.rng)
        twin.history = list(self.history)
        twin._lines = list(self._lines)
        twin.hands = [list(hand) for hand in self.hands]
        twin.left_over = list(self.left_over)
        twin.prizes = list(self.prizes)
        twin.points = list(self.points)
        twin.played = list(self.played)
        return twin


class Duel(Game):
    """The toy game (see the module docstring)."""

    id = "duel"
    title = "Duel"
    summary = "Toy trick-taking game with hidden hands (agent tests only)."
    action_types = (Play,)
    max_game_length = 2 * HAND

    def _new_state(self, seed: int, players: int) -> DuelState:
        return DuelState(self, seed)

    def _enumerate_actions(self) -> Sequence[Action]:
        return [Play(card) for card in CARDS]

    def heuristic(self, state: State, player: int) -> float:
        """Point difference, plus a little for the high cards still in hand."""
        assert isinstance(state, DuelState)
        if state.is_over:
            return state.returns()[player]
        other = 1 - player
        points = (state.points[player] - state.points[other]) / TOTAL
        strength = (sum(state.hands[player]) - sum(state.hands[other])) / (13 * HAND)
        return max(-1.0, min(1.0, 0.8 * points + 0.2 * strength))


def positions(game: Game, count: int, seed: int = 0, max_depth: int = 2 * HAND - 1) -> list[State]:
    """``count`` unfinished positions of seeded random games, at random depths."""
    return decision_positions(game.new_game, count, seed, max_depth, need_choice=False)
