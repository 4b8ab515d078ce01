"""Tricks: the one toy game of the tests (core, agents, simulator, CLI, server, web).

It is small enough to read in a minute, yet has what the generic layers must handle:
hidden hands, chance (the deal and a draw), reveals, an undoable public move, options,
2-4 seats, several steps in a turn, a refusal per rule, seat-private log lines, a deck
check and a rulebook; with ``open=True`` the hands are face up (no hidden hand left).
It is built on the core's turn flow (``soulforge.core.flow``) like the real games.

The rules. The cards are 1..N, N = 3 + seats x ``hand``; each seat is dealt ``hand`` of
them face down, the rest is the stock. The prizes 1..``hand`` lie face up. A trick:
its leader chooses one of the prizes left; then, from the leader round the table, each
seat plays a card face up or passes. The highest card wins the trick and the prize, and
its owner leads the next trick; when every seat passed, the prize is discarded and the
next seat leads. Once in the game, a seat to play may first draw a card of the
stock at random (it then still plays or passes). After ``hand`` tricks the most prize points win.
Skill matters: the big prizes deserve the high cards, a trick is best won with the
lowest card that wins it, and a lost trick with a pass; random play does none of that.

>>> state = Tricks().new_game(seed=1)
>>> state.prompt()
'seat 0: choose the prize of the trick'
>>> [str(action) for action in state.legal_actions()]
['choose the prize 1', 'choose the prize 2', 'choose the prize 3']
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from soulforge.core import Action, Game, IllegalAction, JsonDict, Option, Seat, State
from soulforge.core.clone import ClonePlan
from soulforge.core.flow import Flow, Rule, Step

RULEBOOK = "# Tricks\n\nChoose a prize, then **play** a card or pass. <script>alert(1)</script>\n"
"""The toy's rulebook (with a script tag: pages must escape it)."""

CHOOSE, PLAY = "choose", "play"
"""The two steps of a trick: the leader chooses the prize, then each seat plays or passes."""


@dataclasses.dataclass(frozen=True, slots=True)
class Choose(Action):
    """The leader chooses the prize of the trick (public, no chance: undoable)."""

    kind: ClassVar[str] = "choose"
    prize: int

    def __str__(self) -> str:
        return f"choose the prize {self.prize}"


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of the hand face up."""

    kind: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play [{self.card}]"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: keep the cards, give up the trick."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw a card of the stock at random (once in the game), then play or pass."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw a card"


class ChooseRule(Rule["TricksState", Choose]):
    action = Choose
    section = "Leading"

    def legal(self, state: TricksState) -> list[Action]:
        return [Choose(prize) for prize in state.prizes]

    def refusal(self, state: TricksState, action: Choose) -> IllegalAction:
        return IllegalAction(f"{action}: the prizes left are {state.prizes}", rule=self.section)

    def apply(self, state: TricksState, action: Choose) -> None:
        state.prizes.remove(action.prize)
        state.prize, state.step = action.prize, PLAY
        state.add_log(f"seat {state.turn} chooses the prize {action.prize}")


class PlayRule(Rule["TricksState", Play]):
    action = Play
    section = "Playing"

    def legal(self, state: TricksState) -> list[Action]:
        return [Play(card) for card in state.hands[state.turn]]

    def refusal(self, state: TricksState, action: Play) -> IllegalAction:
        return IllegalAction(f"{action}: you can only play a card of your hand", rule=self.section)

    def apply(self, state: TricksState, action: Play) -> None:
        state.hands[state.turn].remove(action.card)
        state.trick.append((state.turn, action.card))
        state.mark_revealed()
        state.add_log(f"seat {state.turn} plays {action.card}")
        state.next_seat()


class PassRule(Rule["TricksState", Pass]):
    action = Pass
    section = "Playing"

    def legal(self, state: TricksState) -> list[Action]:
        return [Pass()]

    def apply(self, state: TricksState, action: Pass) -> None:
        state.add_log(f"seat {state.turn} passes")
        state.next_seat()


class DrawRule(Rule["TricksState", Draw]):
    action = Draw
    section = "Drawing"

    def legal(self, state: TricksState) -> list[Action]:
        return [Draw()] if state.stock and not state.drawn[state.turn] else []

    def refusal(self, state: TricksState, action: Draw) -> IllegalAction:
        why = "the stock is empty" if not state.stock else "you have drawn once already"
        return IllegalAction(why, rule=self.section)

    def apply(self, state: TricksState, action: Draw) -> None:
        card = state.stock.pop(state.rng.randrange(len(state.stock)))  # chance: no undo across it
        state.hands[state.turn].append(card)
        state.hands[state.turn].sort()
        state.drawn[state.turn] = True
        state.add_log(f"seat {state.turn} draws a card")
        state.add_log(f"you drew {card}", state.turn)


def _out_of_step(state: TricksState, action: Action) -> IllegalAction:
    doing = "choose the prize" if state.step == CHOOSE else "play a card or pass"
    return IllegalAction(f"{action}: seat {state.turn} is to {doing}", rule="Turn order")


class TricksState(State):
    """Hands, stock, prizes, the open trick and the points."""

    flow: ClassVar[Flow[Any]] = Flow(
        [Step(CHOOSE, (ChooseRule(),), "Leading"),
         Step(PLAY, (PlayRule(), PassRule(), DrawRule()), "Playing")],
        step_of="step", out_of_step=_out_of_step)

    def __init__(self, game: Tricks, seed: int, players: int) -> None:
        super().__init__(game, seed, players)
        size = game.hand
        deck = list(range(1, game.deck_size(players) + 1))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[seat * size:(seat + 1) * size]) for seat in range(players)]
        self.stock = deck[players * size:]
        self.prizes = list(range(1, size + 1))
        self.prize: int | None = None
        self.step = CHOOSE
        self.leader: Seat = 0
        self.turn: Seat = 0
        self.trick: list[tuple[Seat, int]] = []
        self.acted = 0
        self.played: list[int] = []
        self.points = [0] * players
        self.drawn = [False] * players
        self.over = False

    def clone(self) -> TricksState:
        """A copy field by field, as the real games make theirs: the core's default, a deep
        copy, was three quarters of the CPU of the agent tests' searched toy games."""
        return TOY_CLONE.clone(self)

    @property
    def current_player(self) -> Seat | None:
        return None if self.over else self.turn

    def next_seat(self) -> None:
        """The next seat plays, or the trick is over when every seat has played or passed."""
        self.acted += 1
        if self.acted < self.num_players:
            self.turn = (self.turn + 1) % self.num_players
        else:
            self.end_trick()

    def end_trick(self) -> None:
        prize = self.prize or 0
        if self.trick:
            winner, card = max(self.trick, key=lambda play: play[1])
            self.points[winner] += prize
            self.add_log(f"seat {winner} wins the prize {prize} with {card}")
            self.leader = winner
        else:
            self.add_log(f"every seat passed: the prize {prize} is discarded")
            self.leader = (self.leader + 1) % self.num_players
        self.played += [card for _, card in self.trick]
        self.trick, self.acted, self.prize, self.step = [], 0, None, CHOOSE
        self.turn = self.leader
        self.over = not self.prizes

    def returns(self) -> list[float]:
        """+1 to the one seat with the most points, the others share -1; a tie for the
        most gives the tied seats 0 and the others -1 each."""
        if not self.over:
            return [0.0] * self.num_players
        best = max(self.points)
        winners = [seat for seat, points in enumerate(self.points) if points == best]
        win, loss = (1.0, -1.0 / (self.num_players - 1)) if len(winners) == 1 else (0.0, -1.0)
        return [win if seat in winners else loss for seat in range(self.num_players)]

    def prompt(self) -> str:
        if self.over:
            return ""
        doing = "choose the prize of the trick" if self.step == CHOOSE else "play a card or pass"
        return f"seat {self.turn}: {doing}"

    def _view(self, player: Seat | None) -> JsonDict:
        seen = self.game.options["open"]
        return {
            "hand": list(self.hands[player]) if player is not None else None,
            "hands": [list(hand) for hand in self.hands] if seen else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "stock": len(self.stock),
            "prizes": list(self.prizes),
            "prize": self.prize,
            "leader": self.leader,
            "trick": [list(play) for play in self.trick],
            "played": list(self.played),
            "points": list(self.points),
            "drawn": list(self.drawn),
        }

    def _resample_hidden(self, player: Seat, rng: random.Random) -> None:
        """Deal the cards ``player`` has not seen to the hidden hands and the stock."""
        hidden = [seat for seat in range(self.num_players)
                  if seat != player and not self.game.options["open"]]
        pool = sorted(self.stock + [card for seat in hidden for card in self.hands[seat]])
        rng.shuffle(pool)
        for seat in hidden:
            size = len(self.hands[seat])
            self.hands[seat], pool = sorted(pool[:size]), pool[size:]
        self.stock = pool


TOY_CLONE = ClonePlan(TricksState)


class Tricks(Game[TricksState]):
    """The toy game (see the module docstring)."""

    id = "tricks"
    title = "Tricks"
    summary = "A test game: choose a prize, then play a hidden card or pass."
    rulebook = "tricks.md"
    min_players = 2
    max_players = 4
    option_specs = (
        Option("hand", int, 3, help="cards dealt to each seat, and tricks", minimum=1, maximum=6),
        Option("open", bool, False, help="play with the hands face up"),
    )
    action_types = (Choose, Play, Pass, Draw)
    max_game_length = 6 * 5 + 4
    max_cards = 3 + 4 * 6

    @property
    def hand(self) -> int:
        return int(self.options["hand"])

    def deck_size(self, players: int) -> int:
        return 3 + players * self.hand

    def _new_state(self, seed: int, players: int) -> TricksState:
        return TricksState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        cards = range(1, self.max_cards + 1)
        return [*(Choose(p) for p in range(1, 7)), *(Play(c) for c in cards), Pass(), Draw()]

    def heuristic(self, state: TricksState, player: int) -> float:
        """Points ahead of the best other seat (the open trick's prize counted for the seat
        holding it now), plus a little for the cards in hand."""
        if state.is_over:
            return state.returns()[player]
        points = list(state.points)
        if state.trick:
            points[max(state.trick, key=lambda play: play[1])[0]] += state.prize or 0
        total = self.hand * (self.hand + 1) / 2
        best = max((seat for seat in range(state.num_players) if seat != player), key=points.__getitem__)
        ahead = (points[player] - points[best]) / total
        strength = (sum(state.hands[player]) - sum(state.hands[best])) / (self.max_cards * self.hand)
        return max(-1.0, min(1.0, 0.8 * ahead + 0.2 * strength))

    def validate_deck(self, text: str) -> list[str]:
        """A stock list: lines 'card count', at most 3 copies of a card."""
        problems = []
        for number, line in enumerate(text.splitlines(), 1):
            name, _, count = line.strip().rpartition(" ")
            if not line.strip():
                continue
            if not count.isdigit():
                problems.append(f"line {number}: {line!r} is not 'name count'")
            elif int(count) > 3:
                problems.append(f"line {number}: at most 3 copies of {name}, got {count}")
        return problems


class PlainTricks(Tricks):
    """The same game registered without deckbuilding and without a rulebook file."""

    id = "tricks_plain"
    rulebook = ""

    def validate_deck(self, text: str) -> list[str]:
        return Game.validate_deck(self, text)


def register(monkeypatch: Any, rules_dir: Path | None = None) -> None:
    """Register ``tricks`` and ``tricks_plain`` for one test; with ``rules_dir``, also
    write the rulebook there (an absolute path: the server reads it, never a request)."""
    import soulforge.games as games

    monkeypatch.setitem(games.REGISTRY, "tricks", "tests.toy:Tricks")
    monkeypatch.setitem(games.REGISTRY, "tricks_plain", "tests.toy:PlainTricks")
    monkeypatch.setattr(games, "GAMES", tuple(sorted(games.REGISTRY)))
    if rules_dir is not None:
        (rules_dir / "tricks.md").write_text(RULEBOOK, encoding="utf-8")
        monkeypatch.setattr(Tricks, "rulebook", str(rules_dir / "tricks.md"))


def last_trick(hands: list[list[int]], points: list[int], prize: int, leader: Seat,
               played: Sequence[int] = ()) -> TricksState:
    """The last trick of an open-handed game, its prize chosen, no draw left: ``played``
    are the cards played so far, by the leader and the seats after it (for positions
    whose best move is known by hand)."""
    players = len(hands)
    state = Tricks(hand=1, open=True).new_game(seed=0, players=players)
    state.hands, state.points, state.drawn = [sorted(hand) for hand in hands], list(points), [True] * players
    state.prizes, state.prize, state.step, state.leader = [], prize, PLAY, leader
    state.trick = [((leader + i) % players, card) for i, card in enumerate(played)]
    state.acted, state.turn = len(played), (leader + len(played)) % players
    return state
