"""The Five Realms :class:`~soulforge.core.Game`: facts, options, action index, heuristic."""

from __future__ import annotations

import math
from collections.abc import Sequence

from soulforge.core import Action, Game, Option, State
from soulforge.games.five_realms import effects
from soulforge.games.five_realms.actions import ACTION_TYPES, ActionTable
from soulforge.games.five_realms.data import Rules, load_rules
from soulforge.games.five_realms.state import FiveRealmsState

HEURISTIC_SCALE = 6.0
"""Castle difference at which the heuristic reaches tanh(1) ~ 0.76."""


class FiveRealms(Game):
    """Five Realms: draft banner cards from a floating 3x3 square; most castles wins."""

    id = "five_realms"
    title = "Five Realms"
    summary = "2-player card drafting on a floating 3x3 square: recruit characters or influence realms."
    rulebook = "five_realms.txt"
    min_players = 2
    max_players = 2
    option_specs = (
        Option("copies", int, 2, help="copies of each character in the Banner deck", minimum=1, maximum=2),
    )
    action_types = ACTION_TYPES
    max_game_length = 1500
    rules: Rules
    table: ActionTable

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        copies = self.options["copies"]
        assert isinstance(copies, int)
        self.rules = load_rules(copies, frozenset(effects.ACTIONS), frozenset(effects.CONDITIONS))
        names = tuple(t.name for t in self.rules.types)
        council = tuple(t.name for t in self.rules.types if not t.titan)
        self.table = ActionTable(self.rules.banners, self.rules.realms, names, council)

    def _new_state(self, seed: int, players: int) -> FiveRealmsState:
        return FiveRealmsState(self, seed, players)

    def _enumerate_actions(self) -> Sequence[Action]:
        return self.table.all()

    def heuristic(self, state: State, player: int) -> float:
        """Castle difference plus castles the board promises, squashed into [-1, 1]."""
        if state.is_over:
            return state.returns()[player]
        assert isinstance(state, FiveRealmsState)
        mine = outlook(state, player)
        theirs = outlook(state, state.opponent(player))
        return math.tanh((mine - theirs) / HEURISTIC_SCALE)


def outlook(s: FiveRealmsState, seat: int) -> float:
    """Castles now plus a discounted estimate of castles still to come."""
    rules = s.rules
    value = float(s.castles[seat])
    heights = s.heights(seat)
    if not s.throne_used[seat]:
        value += 0.6 * rules.throne_castles * min(1.0, heights[s.throne[seat]] / rules.throne_threshold)
    for card in (rules.types[s.card_type[c]] for c in s.council[seat] + s.titans[seat]):
        for piece in effects.pieces(card, "at_game_end"):
            if piece.condition is None or effects.CONDITIONS[piece.condition](s, seat, card):
                value += 0.7 * max(piece.amount, 1)
        value += 0.3 * len(card.effects)
    titans = len(s.titans[seat])
    value += 1.5 * titans * titans / rules.titans_to_win
    return value + 0.1 * sum(heights)
