"""The geometry of movement (rulebook 4.2 Movement: four fundamental rules; 6 Portals;
chapter 9 auras): where a piece may go, and what arriving on a cell does. The rules of the
movement actions (Enter, Step, Rotate, ExitHole) are in ``rules/movement.py`` and call these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers.board import (
    BORDER,
    CELLS,
    DEAD,
    DIRECTIONS,
    HOLE,
    HORIZON,
    NEIGH,
    WALL,
    Cell,
    Dir,
)
from soulforge.games.soulgivers.consequences import (
    barrier_at,
    fall,
    put,
    set_position,
    settle,
    stuck,
    top_owner,
)
from soulforge.games.soulgivers.encoding import (
    EXIT,
    MOVE_ENDED,
    MOVED,
    NONE,
    PORTAL,
    Piece,
    portal_at,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

NO, STOP, PASS, INTO_HOLE = range(4)
"""What moving into a cell is: not allowed, stopping there, passing through (the move must go
on: Border for Shells, Soulgivers for the Ghost), or falling into a Black Hole."""


def entry(s: SoulgiversState, piece: Piece, cell: Cell) -> int:
    """May ``piece`` move into ``cell``: NO, STOP, PASS (through, not stopping) or INTO_HOLE."""
    if cell < 0:
        return NO
    e = s.eff[cell]
    if e in (WALL, DEAD) or barrier_at(s, cell):
        return NO
    through = False
    if e == BORDER:
        if top_owner(s, cell) != team_of(piece) and not s.caps(piece).incorporeal:
            return NO
        through = True
    if s.occ[cell] >= 0:
        if not s.caps(piece).incorporeal:
            return NO
        through = True
    if e in (HOLE, HORIZON):
        if through:
            return NO
        return STOP if e == HOLE and s.caps(piece).antigravitonic else INTO_HOLE
    return PASS if through else STOP


def can_go_on(s: SoulgiversState, piece: Piece, cell: Cell, left: int, line: Dir) -> bool:
    """From a cell it may not stop on, can the piece still reach a cell it may stop on?"""
    if left <= 0:
        return False
    for d in ((line,) if line >= 0 else DIRECTIONS):
        kind = entry(s, piece, NEIGH[cell][d])
        if kind in (STOP, INTO_HOLE):
            return True
        if kind == PASS and can_go_on(s, piece, NEIGH[cell][d], left - 1, line):
            return True
    return False


def home_portal(s: SoulgiversState, piece: Piece, d: Dir) -> int:
    """The piece's own standing Portal beyond its cell in direction d, or -1."""
    pos = s.pos[piece]
    layout = s.game.layout
    for i, portal in enumerate(layout.portals):
        if portal.team == team_of(piece) and portal.side == d and s.portals[i] and pos in layout.fronts[i]:
            return i
    return -1


def entry_cells(s: SoulgiversState, piece: Piece) -> list[Cell]:
    """The front cells a piece waiting on a Portal may enter by (its first step, 6 Portals)."""
    if s.steps >= s.move_range(piece):
        return []
    out = []
    for c in s.game.layout.fronts[portal_at(s.pos[piece])]:  # a loop: no comprehension frame (hot)
        if entry(s, piece, c) in (STOP, INTO_HOLE):
            out.append(c)
    return out


def step_directions(s: SoulgiversState, piece: Piece) -> list[Dir]:
    """The directions a piece on the board may step in now: range left, not stuck, a linear
    mover keeping its line, through a cell it may only pass if the move can go on; off the
    board only into its own Portal, carrying the Fragment (Conquest)."""
    if s.done & MOVE_ENDED:
        return []
    left = s.move_range(piece) - s.steps
    if left <= 0 or stuck(s, piece):
        return []
    pos = s.pos[piece]
    linear = s.game.char_of[piece].linear
    line = s.line_dir if linear else -1
    out = []
    for d in (line,) if line >= 0 else DIRECTIONS:
        target = NEIGH[pos][d]
        if target < 0:
            ok = s.carrier == piece and home_portal(s, piece, d) >= 0
        else:
            kind = entry(s, piece, target)
            ok = kind in (STOP, INTO_HOLE) or (
                kind == PASS and can_go_on(s, piece, target, left - 1, d if linear else -1))
        if ok:
            out.append(d)
    return out


def arrive(s: SoulgiversState, piece: Piece, cell: Cell, d: Dir) -> None:
    """One movement step into ``cell`` going ``d``: pass through, or stop (and maybe fall)."""
    kind = entry(s, piece, cell)
    s.steps += 1
    s.line_dir = d
    s.done |= MOVED
    if kind == PASS:
        pos = s.pos[piece]
        if 0 <= pos < PORTAL and s.occ[pos] == piece:
            s.occ[pos] = NONE
        set_position(s, piece, cell)
        s.must_continue = True
        s.touched = (*s.touched, cell)
        return
    s.must_continue = False
    put(s, piece, cell)
    caps = s.caps(piece)
    if s.eff[cell] == HOLE and caps.wormhole and not caps.antigravitonic:
        fall(s, piece)
        if any(c != cell for c in wormhole_exits(s)):
            s.phase = EXIT
        return
    fall(s, piece)
    settle(s)


def wormhole_exits(s: SoulgiversState) -> list[Cell]:
    """Wormhole (9 Spacewalker): the Black Holes the Active Soulgiver may come out of."""
    return [c for c in CELLS if s.eff[c] == HOLE and (s.occ[c] < 0 or s.occ[c] == s.active)]
