"""The :class:`SoulOfAnkiril` game: options, the fixed action index, heuristic, deckbuilding."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from soulforge.core.action import Action
from soulforge.core.game import Game
from soulforge.core.options import Option
from soulforge.core.state import State
from soulforge.games.soul_of_ankiril import cards, evaluation
from soulforge.games.soul_of_ankiril.actions import (
    ACTION_TYPES,
    Activate,
    Attack,
    Cast,
    DrawCard,
    EndTurn,
    Move,
    PlaceLeader,
    Recharge,
    Resummon,
    Summon,
)
from soulforge.games.soul_of_ankiril.board import Board, load_board
from soulforge.games.soul_of_ankiril.model import CardDef
from soulforge.games.soul_of_ankiril.pieces import PIECES
from soulforge.games.soul_of_ankiril.state import AnkirilState

ACTIONS_PER_TURN = 80
"""An upper bound on the actions of one turn (each Creature moves and acts once, Energy <= 6)."""
MAX_TURN_LIMIT = 200
MAX_EMANATION_HEALTH = 20
HEURISTIC_SPREAD = 3.0
"""Divides the lead before ``tanh``: leads of two Emanations and more (about 2.5) must
still differ for a search averaging rewards, where ``tanh(2.5)`` would flatten them
(greedy play is unchanged, it only ranks the values)."""


_ADVANCE: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}


def advance_table(board: Board) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per board, once: ``[enemy][mask][cell]``, how close a Creature on ``cell`` stands to
    the nearest active Emanation of ``enemy`` (active ones: the bits of ``mask``), 0 when far."""
    found = _ADVANCE.get(id(board))
    if found is None:
        def near(enemy: int, mask: int, cell: int) -> int:
            row, cells = board.distance[cell], board.emanation_cells[enemy]
            return min((row[e] for k, e in enumerate(cells) if mask >> k & 1), default=9)

        found = _ADVANCE[id(board)] = tuple(
            tuple(tuple(max(0, 6 - near(enemy, mask, cell)) for cell in range(board.size))
                  for mask in range(8))
            for enemy in range(2)
        )
    return found


def _alive(ema_hp: list[int], seat: int) -> int:
    """The bit mask of ``seat``'s active Emanations."""
    k = seat * 3
    return (ema_hp[k] > 0) | (ema_hp[k + 1] > 0) << 1 | (ema_hp[k + 2] > 0) << 2


_GUIDED = "ismcts:rollout=heuristic,exploration=0.1,worlds=4,backup=max,widen=1,root_follow=4"
"""The normal level's search, without its iterations (NOTES.md, "Agents")."""
_REPLY = ("ismcts:iterations=6,rollout=reply,rollout_depth=-1,rollout_follow=4,answer_follow=4,"
          "root_follow=4,widen=2.5,worlds=1,keep_plan=1")
"""The hard level: greedy's 6 best first moves, each followed by greedy's rest of the turn
and the opponent's answer as the default greedy would play it, valued by ``turn_value`` at
the next turn's start; the chosen turn is kept as a plan (NOTES.md, "Agents")."""


class SoulOfAnkiril(Game):
    id: ClassVar[str] = "soul_of_ankiril"
    title: ClassVar[str] = "Soul of Ankiril - The Strategy Game"
    summary: ClassVar[str] = (
        "Two Avatars summon Creatures through their Emanations on a hex battlefield; "
        "the first to deactivate the opponent's three Emanations wins."
    )
    rulebook: ClassVar[str] = "soul_of_ankiril.txt"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("deck0", str, "water", "seat 0's deck: 'water', 'fire' or the path of a TOML deck list"),
        Option("deck1", str, "fire", "seat 1's deck (the same element as deck0 is a Mirror Match)"),
        Option("turn_limit", int, 60, "authored bound: the game ends after this many turns "
               "(more Emanations deactivated wins, else a draw)", minimum=2, maximum=MAX_TURN_LIMIT),
        Option("first_upkeep", int, 2, "the turn of the game whose Upkeep comes first: 2 (rulebook, "
               "'starting from the second turn': only the first player's first turn has 0 Energy) "
               "or 3 (variant: each player's own first turn has 0 Energy)", choices=(2, 3)),
        Option("emanation_health", int, 0, "authored variant: the Health of every Emanation "
               "(0: as the deck's Emanation card says, 5 in the base decks)",
               minimum=0, maximum=MAX_EMANATION_HEALTH),
    )
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    # The generic levels use random rollouts, far below greedy play here (NOTES.md, "Agents").
    # Turns are long chains of decisions: normal searches from greedy's scores of the first
    # decision (root_follow); hard also plays each candidate turn through the opponent's
    # answer, where most of a turn's worth is decided, and keeps the turn it chose.
    agent_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy:follow=0",
        "normal": f"{_GUIDED},iterations=500",
        "hard": _REPLY,
    }
    max_game_length: ClassVar[int] = ACTIONS_PER_TURN * MAX_TURN_LIMIT + 2

    board: Board
    cards: dict[str, CardDef]
    decks: tuple[tuple[str, ...], tuple[str, ...]]

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.board = load_board()
        self.cards = cards.load_cards()
        self.decks = (
            cards.resolve_deck("deck0", str(self.options["deck0"])),
            cards.resolve_deck("deck1", str(self.options["deck1"])),
        )

    @property
    def turn_limit(self) -> int:
        return int(self.options["turn_limit"])

    @property
    def first_upkeep(self) -> int:
        return int(self.options["first_upkeep"])

    @property
    def emanation_health(self) -> int:
        """The Health every Emanation starts with by option (0: the Emanation card's)."""
        return int(self.options["emanation_health"])

    def _new_state(self, seed: int, players: int) -> State:
        return AnkirilState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        b, n = self.board, self.board.size
        cells, targets = range(n), range(-1, n)
        out: list[Action] = [EndTurn(), DrawCard(), Recharge()]
        deploy = sorted(b.deployment_cells[0] + b.deployment_cells[1])
        out += [PlaceLeader(c) for c in deploy] + [Resummon(c) for c in deploy]
        for card in sorted(self.cards.values(), key=lambda c: c.name):
            if card.type == "ally":
                out += [Summon(card.name, c) for c in cells]
            elif card.type == "spell":
                vias = cells if PIECES[card.effects[0][0]].positional else (-1,)
                out += [Cast(card.name, v, t) for v in vias for t in targets]
        out += [Move(a, d) for a in cells for d in b.within2[a]]
        out += [Attack(a, d) for a in cells for d in b.adjacent[a]]
        out += [Activate(a, t, m) for a in cells for t in targets for m in range(3)]
        return out

    def heuristic(self, state: State, player: int) -> float:
        """Emanation Health, Creatures (attack + health), their advance on the enemy Emanations."""
        assert isinstance(state, AnkirilState)
        if state.is_over:
            return state.returns()[player]
        other = 1 - player
        hp = state.ema_hp
        ema = sum(hp[player * 3: player * 3 + 3]) - sum(hp[other * 3: other * 3 + 3])
        table = advance_table(state.board)
        # Creatures of `player` advance on `other`'s Emanations, and the reverse.
        mine, theirs = table[other][_alive(hp, other)], table[player][_alive(hp, player)]
        force = advance = 0
        for c in state.units.values():
            if c.owner == player:
                force += c.atk + c.hp
                advance += mine[c.cell]
            else:
                force -= c.atk + c.hp
                advance -= theirs[c.cell]
        cards_in_hand = len(state.hands[player]) - len(state.hands[other])
        lead = 0.25 * ema + 0.05 * force + 0.03 * advance + 0.02 * cards_in_hand
        return math.tanh(lead / HEURISTIC_SPREAD)

    def turn_value(self, state: State, player: int) -> float:
        """The fitted value of ``state`` for ``player`` about to begin a turn (``evaluation.py``)."""
        assert isinstance(state, AnkirilState)
        if state.is_over:
            return state.returns()[player]
        table, hp = advance_table(state.board), state.ema_hp
        # A Creature of seat s advances on the active Emanations of seat 1 - s.
        advance = (table[1][_alive(hp, 1)], table[0][_alive(hp, 0)])
        return evaluation.turn_value(state, player, advance)

    def validate_deck(self, text: str) -> list[str]:
        return cards.validate_deck(text)
