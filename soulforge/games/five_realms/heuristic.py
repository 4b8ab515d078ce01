"""The agents' evaluation of a Five Realms position (``FiveRealms.heuristic``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from soulforge.games.five_realms.cards import AT_GAME_END, Use, amount, fires

if TYPE_CHECKING:
    from soulforge.games.five_realms.state import FiveRealmsState

HEURISTIC_SCALE = 6.0
"""Castle difference at which the heuristic reaches tanh(1) ~ 0.76."""


def evaluate(state: FiveRealmsState, player: int) -> float:
    """Castle difference plus castles the board promises, squashed into [-1, 1]."""
    if state.is_over:
        return state.returns()[player]
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
        if fires(s, AT_GAME_END, Use(seat, card)):
            for piece in card.abilities[AT_GAME_END].effects:
                value += 0.7 * max(amount(piece), 1)
        value += 0.3 * card.pieces
    titans = len(s.titans[seat])
    value += 1.5 * titans * titans / rules.titans_to_win
    return value + 0.1 * sum(heights)
