"""A quick evaluation for agents, in [-1, 1]: the race for the Fragment, forces, Decay.

Each team's race is the number of cells its best Soulgiver still has to cover to win: reach
the Fragment (its tile, or the opposing carrier), break the Barrier if it stands, collect,
and carry it to the nearest standing own Portal. The race is scored convexly
(``1 / (1 + cells / 3)``), so being a few cells ahead near the goal weighs more than far
from it, and a Barrier that slows both teams helps the team nearer to the Fragment when
it falls. Forces: Soulgivers in the game (Double Souls count more, Decay wears them down)
and cards left in the deck.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from soulforge.games.soulgivers.board import CELLS, TILE_CELLS, TILES, distance
from soulforge.games.soulgivers.data import PortalLayout
from soulforge.games.soulgivers.encoding import (
    BIT,
    KEEP,
    MAIN,
    MOVE_ENDED,
    OTHER,
    POP,
    PORTAL,
    REFILL,
    RESPONSE,
    RETURN,
    TEAM_PIECES,
    kind_of,
    portal_at,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

DIST = tuple(tuple(distance(a, b) for b in CELLS) for a in CELLS)
TO_TILE = tuple(tuple(min(DIST[c][x] for x in TILE_CELLS[t]) for c in CELLS) for t in TILES)
"""TO_TILE[tile][cell]: cells from ``cell`` to the nearest cell of ``tile``."""
FAR = 30
THREAT_CELLS = 4
"""Cells added to a race whose carrier an opposing attacker can reach next to in one turn."""
TURN_PHASES = frozenset((KEEP, REFILL, MAIN, RESPONSE, POP, RETURN))
BARRIER_CELLS = 3
"""Extra cells a standing Barrier is worth in the race (an attack next to it)."""
CARRY_BONUS = 0.15
RACE_WEIGHT = 0.6
FORCE_WEIGHT = 0.04
SPREAD = 3.0


@dataclasses.dataclass(frozen=True)
class HomeTables:
    """Steps home to a team's standing Portals, per cell and per tile (a game's ``home``)."""

    by_cell: tuple[tuple[tuple[int, ...], ...], ...]
    """by_cell[team][standing][cell]: ``standing`` has bit k set if the team's Portal k stands."""
    by_tile: tuple[tuple[tuple[int, ...], ...], ...]
    """by_tile[team][standing][tile]: the same from the tile's nearest cell."""


def _home_table(home: list[tuple[int, ...]], portals: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(min((home[i][c] for i in portals), default=FAR) for c in CELLS)


def home_tables(layout: PortalLayout) -> HomeTables:
    """The tables of ``layout``: HOME[portal][cell] is the steps from ``cell`` onto the Portal
    (its front cells, then off the board)."""
    home = [tuple(min(DIST[c][f] for f in front) + 1 for c in CELLS) for front in layout.fronts]
    by_cell = tuple(
        tuple(_home_table(home, tuple(i for k, i in enumerate(own) if mask >> k & 1))
              for mask in range(1 << len(own)))
        for own in layout.of_team
    )
    by_tile = tuple(tuple(tuple(min(table[c] for c in TILE_CELLS[t]) for t in TILES) for table in masks)
                    for masks in by_cell)
    return HomeTables(by_cell, by_tile)


def standing(s: SoulgiversState, team: int) -> int:
    portals = s.portals
    return sum(1 << k for k, i in enumerate(s.game.layout.of_team[team]) if portals[i])


def home_distance(s: SoulgiversState, team: int, cell: int) -> int:
    """Steps from ``cell`` into the nearest standing Portal of ``team`` (FAR if none)."""
    return s.game.home.by_cell[team][standing(s, team)][cell]


def potential(s: SoulgiversState, piece: int) -> int:
    """Cells ``piece`` may still move in this turn (0 unless its team is in turn): the race
    counts them as covered, so a turn ended with movement unused loses them."""
    if team_of(piece) != s.player or s.phase not in TURN_PHASES:
        return 0
    if piece == s.active:
        return 0 if s.done & MOVE_ENDED else max(0, s.move_range(piece) - s.steps)
    if s.declared & BIT[piece]:
        return 0
    return s.move_range(piece)


def race(s: SoulgiversState, team: int) -> int:
    """Cells the team still has to cover to bring the Fragment home (FAR: hopeless), less the
    movement its Soulgivers have left this turn."""
    pos = s.pos
    in_turn = team == s.player and s.phase in TURN_PHASES
    carrier = s.carrier
    if carrier >= 0 and pos[carrier] >= 0:
        ccell = pos[carrier]
        if ccell >= PORTAL:
            return FAR
        home = home_distance(s, team, ccell)
        if team_of(carrier) == team:
            left = max(0, home - potential(s, carrier)) if in_turn else home
            return left + (THREAT_CELLS if threatened(s, carrier) else 0)
        target = DIST[ccell]
        extra = 2 + home
    else:
        tile = s.frag_tile
        if tile < 0:
            return FAR
        target = TO_TILE[tile]
        extra = s.game.home.by_tile[team][standing(s, team)][tile] + 1 + (BARRIER_CELLS if s.barrier else 0)
    reach = FAR
    for p in TEAM_PIECES[team]:
        c = pos[p]
        if c < 0:
            continue
        if c >= PORTAL:
            a, b = s.game.layout.fronts[portal_at(c)]
            d = min(target[a], target[b]) + 1
        else:
            d = target[c]
        if in_turn:
            d = max(0, d - potential(s, p))
        if d < reach:
            reach = d
    return min(FAR, reach + extra)


def threatened(s: SoulgiversState, carrier: int) -> bool:
    """Can an opposing attacker reach a cell next to the (shieldless) carrier in one turn?"""
    pos, cell = s.pos, s.pos[carrier]
    for q in TEAM_PIECES[OTHER[team_of(carrier)]]:
        c = pos[q]
        if c < 0 or not s.game.chars[kind_of(q)].attack:
            continue
        if c >= PORTAL:
            a, b = s.game.layout.fronts[portal_at(c)]
            d = min(DIST[a][cell], DIST[b][cell]) + 1
        else:
            d = DIST[c][cell]
        if d <= s.move_range(q) + 1:
            return True
    return False


def forces(s: SoulgiversState, team: int) -> float:
    pos, decay, soul = s.pos, s.decay, s.soul
    total = float(len(s.deck[team]))
    for p in TEAM_PIECES[team]:
        if pos[p] >= 0:
            total += 1.0 + (0.6 if soul[p] >= 0 else 0.0) - 0.12 * max(0, decay[p] - 1)
    return total


def side_score(s: SoulgiversState, team: int) -> float:
    score = RACE_WEIGHT / (1.0 + race(s, team) / 3.0)
    if s.carrier >= 0 and team_of(s.carrier) == team:
        score += CARRY_BONUS
    return score + FORCE_WEIGHT * forces(s, team)


def evaluate(s: SoulgiversState, player: int) -> float:
    if s.result is not None:
        return s.result[player]
    # spread the small differences of a single move (search compares them), keep the order
    return 0.95 * math.tanh(SPREAD * (side_score(s, player) - side_score(s, OTHER[player])))
