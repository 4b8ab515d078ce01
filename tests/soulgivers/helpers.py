"""Building scenario positions: an empty board in the middle of a turn, pieces put by hand."""

from __future__ import annotations

import random

from soulforge.core import Action
from soulforge.games.soulgivers import Soulgivers
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.actions import Declare
from soulforge.games.soulgivers.board import FREE, HOLE, INTER, TILE_CELLS, WALL
from soulforge.games.soulgivers.effects import refresh
from soulforge.games.soulgivers.state import PORTAL, SoulgiversState

KIND = {name: i for i, name in enumerate(
    ("runner", "protector", "architect", "volomancer", "spacewalker", "confuser", "blower", "patcher",
     "holemaker", "ghost"))}
GAME = Soulgivers()


def cell(name: str) -> int:
    """'A1' is the top-left cell; letters are columns, numbers rows."""
    return (int(name[1:]) - 1) * 10 + "ABCDEFGHIJ".index(name[0])


def blank(
    turn: int = 3, player: int = 0, barrier: bool = False, population: bool = False
) -> SoulgiversState:
    """A game in seat ``player``'s main phase on an empty board (no walls, holes, interference).

    Population Abilities count as used unless ``population``; hands are empty.
    """
    s = GAME.new_game(seed=1)
    assert isinstance(s, SoulgiversState)
    s.printed = [FREE] * 100
    s.mods = [()] * 100
    refresh(s)
    s.barrier = barrier
    s.phase = ph.MAIN
    s.turn, s.player = turn, player
    s.essences = 3
    s.deck = [list(range(10)), list(range(10))]
    s.hand = [[], []]
    s.pile = sorted(s.pile)
    s.frag_tile = 12
    s.pop_used = [not population, not population]
    return s


def terrain(s: SoulgiversState, where: str, code: int) -> None:
    s.printed[cell(where)] = code
    refresh(s)


def piece(s: SoulgiversState, team: int, kind: str, where: str | int, shields: int = 0,
          decay: int = 1) -> int:
    """Put a Soulgiver on a cell ('C4') or a Portal (int); shields as a bit mask (1 N, 2 E, 4 S, 8 W)."""
    p = team * 10 + KIND[kind]
    s.deck[team].remove(KIND[kind])
    s.revealed[p] = True
    if isinstance(where, int):
        s.pos[p] = PORTAL + where
    else:
        c = cell(where)
        s.pos[p] = c
        s.occ[c] = p
    s.shields[p] = shields
    s.decay[p] = decay
    return p


def activate(s: SoulgiversState, p: int) -> None:
    s.apply(Declare(p % 10))


def play_random(seed: int, limit: int = 100_000) -> SoulgiversState:
    s = GAME.new_game(seed=seed)
    assert isinstance(s, SoulgiversState)
    rng = random.Random(seed)
    while not s.is_over and s.move_number < limit:
        s.apply(rng.choice(s.legal_actions()))
    return s


def kinds(actions: list[Action]) -> set[str]:
    return {a.kind for a in actions}


__all__ = ["FREE", "HOLE", "INTER", "TILE_CELLS", "WALL"]
