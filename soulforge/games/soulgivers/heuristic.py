"""A quick evaluation for agents, in [-1, 1]: the Fragment's way home, forces, Decay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers.board import TILE_CELLS, distance
from soulforge.games.soulgivers.movement import FRONTS
from soulforge.games.soulgivers.state import PORTAL, team_of

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


def home_distance(s: SoulgiversState, team: int, cell: int) -> int:
    from soulforge.games.soulgivers.effects import own_portals

    fronts = [c for i in own_portals(s, team) for c in FRONTS[i]]
    return min((distance(cell, f) for f in fronts), default=18)


def side_score(s: SoulgiversState, team: int) -> float:
    pieces = s.team_pieces(team)
    score = 0.08 * len(pieces) + 0.02 * len(s.deck[team])
    score -= 0.01 * sum(s.decay[p] for p in pieces)
    score += 0.05 * sum(1 for p in pieces if s.soul[p] >= 0)
    if s.carrier >= 0 and team_of(s.carrier) == team:
        pos = s.pos[s.carrier]
        score += 0.35 + 0.04 * (18 - home_distance(s, team, pos if pos < PORTAL else 0))
    else:
        target = TILE_CELLS[s.frag_tile] if s.carrier < 0 else ()
        near = [distance(s.pos[p], c) for p in pieces if s.pos[p] < PORTAL for c in target]
        score += (0.05 if s.barrier else 0.1) - 0.01 * min(near, default=12)
    return score


def evaluate(s: SoulgiversState, player: int) -> float:
    if s.result is not None:
        return s.result[player]
    value = side_score(s, player) - side_score(s, 1 - player)
    return max(-0.95, min(0.95, value))
