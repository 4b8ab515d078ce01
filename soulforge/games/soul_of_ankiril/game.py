"""The :class:`SoulOfAnkiril` game: options, the fixed action index, heuristic, deckbuilding."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from soulforge.core.action import Action
from soulforge.core.game import Game
from soulforge.core.options import Option
from soulforge.core.state import State
from soulforge.games.soul_of_ankiril import cards
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
from soulforge.games.soul_of_ankiril.model import CardDef, Creature
from soulforge.games.soul_of_ankiril.pieces import PIECES
from soulforge.games.soul_of_ankiril.state import AnkirilState

ACTIONS_PER_TURN = 80
"""An upper bound on the actions of one turn (each Creature moves and acts once, Energy <= 6)."""
MAX_TURN_LIMIT = 200


def _advance(state: AnkirilState, c: Creature) -> int:
    """How close a Creature stands to the nearest active enemy Emanation (0 when far)."""
    enemy = 1 - c.owner
    row = state.board.distance[c.cell]
    near = min((row[cell] for k, cell in enumerate(state.board.emanation_cells[enemy])
                if state.ema_hp[enemy * 3 + k] > 0), default=9)
    return max(0, 6 - near)


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
    )
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
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
        ema = sum(state.ema_hp[player * 3: player * 3 + 3]) - sum(state.ema_hp[other * 3: other * 3 + 3])
        force = advance = 0.0
        for c in state.units.values():
            sign = 1 if c.owner == player else -1
            force += sign * (c.atk + c.hp)
            advance += sign * _advance(state, c)
        cards_in_hand = len(state.hands[player]) - len(state.hands[other])
        return math.tanh(0.25 * ema + 0.05 * force + 0.03 * advance + 0.02 * cards_in_hand)

    def validate_deck(self, text: str) -> list[str]:
        return cards.validate_deck(text)
