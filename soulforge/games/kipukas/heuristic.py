"""The agents' evaluation of a Kipukas position (``Kipukas.heuristic``): territories held
(the win is holding them all), souls on the map weighted by their health and dice, cards
in hand, squashed into [-1, 1]."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState

SCALE = 6.0
TERRITORY, SOUL, HEALTH, CARD = 2.0, 1.0, 0.35, 0.25


def strength(s: KipukasState, seat: int, viewer: int) -> float:
    """A seat's material as ``viewer`` sees it: territories, souls (more for unhurt KEAL
    means), cards to play; a face-down card the viewer cannot see counts as a plain soul."""
    value = TERRITORY * s.game.style.territory_worth * sum(1 for h in s.holder if h == seat)
    for p in s.live():
        if s.on_map[p] and s.owner[p] == seat and not s.prisoner[p]:
            if not s.knows(viewer, p):
                value += SOUL
                continue
            card = s.card_of(p)
            if card.soul:
                left = sum(m.tolerance for m in card.keal_means) - sum(s.injuries[p])
                value += SOUL + HEALTH * max(0, left)
    return value + CARD * (len(s.hand[seat]) + (1 if s.aside[seat] else 0))


def evaluate(s: KipukasState, player: int) -> float:
    if s.is_over:
        return s.returns()[player]
    goal = s.game.style.goal
    mine = strength(s, player, player) + goal(s, player, player)
    theirs = max(strength(s, seat, player) + goal(s, seat, player)
                 for seat in range(s.num_players) if seat != player)
    return math.tanh((mine - theirs) / SCALE)
