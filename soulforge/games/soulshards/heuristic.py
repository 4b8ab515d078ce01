"""The agents' evaluation of a Soulshards position for one seat, in [-1, 1].

Resolve dominates (it decides the game); cards in play count by their fighting worth less
their Fatigue; cards in hand, the Stockpile, Attributes and Edge add a little. Weights are
authored (NOTES.md, "Agents").
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState

RESOLVE, BOARD, HAND, STOCK, ATTR, EDGE = 1.0, 0.35, 0.15, 0.2, 0.05, 0.1


def side_value(s: ShardsState, p: int) -> float:
    board, limit = 0.0, s.game.max_fatigue  # a Character is worth less as it wears out
    for zone in s.zones[p]:
        for uid in zone:
            u = s.units[uid]
            if u.is_char:
                worth = s.stat(u, 0) + s.stat(u, 1) + s.stat(u, 2) + u.card.trait
                board += worth * (limit - u.fatigue) / limit
            else:
                board += 1.0 + u.card.trait * 0.5
    return (
        RESOLVE * s.resolve[p]
        + BOARD * board
        + HAND * len(s.hand[p])
        + STOCK * len(s.stockpile[p])
        + ATTR * sum(s.pool[p])
        + EDGE * s.edge[p]
    )


def evaluate(s: ShardsState, player: int) -> float:
    if s.is_over:
        return s.returns()[player]
    diff = side_value(s, player) - side_value(s, 1 - player)
    return math.tanh(diff / 10.0)
