"""Building scenario positions: an empty board in the middle of a turn, pieces put by hand."""

from __future__ import annotations

import random

from soulforge.core import Action
from soulforge.games.soulgivers import Soulgivers
from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers.actions import Declare
from soulforge.games.soulgivers.board import CELL_COUNT, CELLS, FREE, MOTHER, cell_name
from soulforge.games.soulgivers.consequences import refresh, set_position
from soulforge.games.soulgivers.data import CHARS
from soulforge.games.soulgivers.encoding import KINDS, TEAMS, at_portal, kind_of, piece_of
from soulforge.games.soulgivers.state import SoulgiversState

KIND = {c.key: kind for kind, c in enumerate(CHARS)}
"""Each character's kind, by its key in soulgivers.toml."""
GAME = Soulgivers()
CELL_OF = {cell_name(c): c for c in CELLS}


def cell(name: str) -> int:
    """'A1' is the top-left cell; letters are columns, numbers rows."""
    return CELL_OF[name]


def blank(
    turn: int = 3, player: int = 0, barrier: bool = False, population: bool = False
) -> SoulgiversState:
    """A game in seat ``player``'s main phase on an empty board (no walls, holes, interference).

    Population Abilities count as used unless ``population``; hands are empty.
    """
    s = GAME.new_game(seed=1)
    s.printed = [FREE] * CELL_COUNT
    s.mods = [()] * CELL_COUNT
    refresh(s)
    s.barrier = barrier
    s.phase = en.MAIN
    s.turn, s.player = turn, player
    s.essences = 3
    s.deck = [list(KINDS) for _ in TEAMS]
    s.hand = [[] for _ in TEAMS]
    s.pile = sorted(s.pile)
    s.frag_tile = MOTHER
    s.pop_used = [not population, not population]
    return s


def terrain(s: SoulgiversState, where: str, code: int) -> None:
    s.printed[cell(where)] = code
    refresh(s)


def piece(s: SoulgiversState, team: int, kind: str, where: str | int, shields: int = 0,
          decay: int = 1) -> int:
    """Put a Soulgiver on a cell ('C4') or a Portal (int); shields as a bit mask (1 N, 2 E, 4 S, 8 W)."""
    p = piece_of(team, KIND[kind])
    s.deck[team].remove(KIND[kind])
    s.revealed[p] = True
    if isinstance(where, int):
        set_position(s, p, at_portal(where))
    else:
        c = cell(where)
        set_position(s, p, c)
        s.occ[c] = p
    s.shields[p] = shields
    s.decay[p] = decay
    return p


def activate(s: SoulgiversState, p: int) -> None:
    s.apply(Declare(kind_of(p)))


def play_random(seed: int, limit: int = 100_000) -> SoulgiversState:
    s = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    while not s.is_over and s.move_number < limit:
        s.apply(rng.choice(s.legal_actions()))
    return s


ENDINGS = ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0], [-1.0, -1.0])
"""The results of rulebook 8: Conquest (+1, -1), Tie by Extermination, Defeat by Decay."""


def kinds(actions: list[Action]) -> set[str]:
    return {a.kind for a in actions}

