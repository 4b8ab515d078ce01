"""Free actions: movement, entering from a Portal, shield rotation, Wormhole exits
(rulebook 4.2 Movement: four fundamental rules; 6 Portals; chapter 9 auras)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.actions import Enter, ExitHole, Rotate, Step
from soulforge.games.soulgivers.board import (
    BORDER,
    DEAD,
    HOLE,
    HORIZON,
    NEIGH,
    WALL,
    portal_front,
    rotate_mask,
)
from soulforge.games.soulgivers.effects import (
    DATA,
    barrier_at,
    conquest,
    fall,
    put,
    settle,
    stuck,
    top_owner,
)
from soulforge.games.soulgivers.state import CHARS, MOVE_ENDED, MOVED, PORTAL, team_of

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

NO, STOP, PASS, INTO_HOLE = range(4)
STEPS = tuple(Step(d) for d in range(4))
ROTATIONS = tuple(Rotate(t) for t in (1, 2, 3))
ENTERS = tuple(Enter(c) for c in range(100))
EXITS = tuple(ExitHole(c) for c in range(100))
FRONTS = tuple(portal_front(p.tile, p.side) for p in DATA.portals)


def entry(s: SoulgiversState, piece: int, cell: int) -> int:
    """May ``piece`` move into ``cell``: NO, STOP, PASS (through, not stopping) or INTO_HOLE."""
    if cell < 0:
        return NO
    e = s.eff[cell]
    if e in (WALL, DEAD) or barrier_at(s, cell):
        return NO
    through = False
    caps = s.caps(piece)
    if e == BORDER:
        if top_owner(s, cell) != team_of(piece) and not caps.incorporeal:
            return NO
        through = True
    if s.occ[cell] >= 0:
        if not caps.incorporeal:
            return NO
        through = True
    if e in (HOLE, HORIZON):
        if through:
            return NO
        return STOP if e == HOLE and caps.antigravitonic else INTO_HOLE
    return PASS if through else STOP


def can_go_on(s: SoulgiversState, piece: int, cell: int, left: int, line: int) -> bool:
    """From a cell it may not stop on, can the piece still reach a cell it may stop on?"""
    if left <= 0:
        return False
    for d in ((line,) if line >= 0 else range(4)):
        kind = entry(s, piece, NEIGH[cell][d])
        if kind in (STOP, INTO_HOLE):
            return True
        if kind == PASS and can_go_on(s, piece, NEIGH[cell][d], left - 1, line):
            return True
    return False


def step_kind(s: SoulgiversState, piece: int, d: int) -> int:
    """What a step in direction d would be (NO if not allowed; conquest counts as STOP)."""
    pos = s.pos[piece]
    if s.done & MOVE_ENDED or s.steps >= s.move_range(piece) or stuck(s, piece):
        return NO
    line = -1 if not CHARS[piece % 10].linear else s.line_dir
    if line >= 0 and d != line:
        return NO
    target = NEIGH[pos][d]
    if target < 0:
        return STOP if home_portal(s, piece, d) >= 0 and s.carrier == piece else NO
    kind = entry(s, piece, target)
    if kind == PASS and not can_go_on(s, piece, target, s.move_range(piece) - s.steps - 1,
                                      d if CHARS[piece % 10].linear else -1):
        return NO
    return kind


def home_portal(s: SoulgiversState, piece: int, d: int) -> int:
    """The piece's own standing Portal beyond its cell in direction d, or -1."""
    pos = s.pos[piece]
    for i, portal in enumerate(DATA.portals):
        if portal.team == team_of(piece) and portal.side == d and s.portals[i] and pos in FRONTS[i]:
            return i
    return -1


def legal_moves(s: SoulgiversState, piece: int) -> list[Action]:
    pos = s.pos[piece]
    out: list[Action] = []
    if pos >= PORTAL:
        if s.steps < s.move_range(piece):
            out += [ENTERS[c] for c in FRONTS[pos - PORTAL] if entry(s, piece, c) in (STOP, INTO_HOLE)]
        return out
    if s.done & MOVE_ENDED:
        return out
    left = s.move_range(piece) - s.steps
    if left > 0 and not stuck(s, piece):
        linear = CHARS[piece % 10].linear
        line = s.line_dir if linear else -1
        for d in (line,) if line >= 0 else range(4):
            target = NEIGH[pos][d]
            if target < 0:
                ok = s.carrier == piece and home_portal(s, piece, d) >= 0
            else:
                kind = entry(s, piece, target)
                ok = kind in (STOP, INTO_HOLE) or (
                    kind == PASS and can_go_on(s, piece, target, left - 1, d if linear else -1))
            if ok:
                out.append(STEPS[d])
    if not s.must_continue:
        out += ROTATIONS
    return out


def apply_enter(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Enter)
    piece = s.active
    side = DATA.portals[s.pos[piece] - PORTAL].side
    arrive(s, piece, a.cell, (side + 2) % 4)


def apply_step(s: SoulgiversState, a: Action) -> None:
    assert isinstance(a, Step)
    piece = s.active
    target = NEIGH[s.pos[piece]][a.dir]
    if target < 0:
        s.add_log(f"seat {team_of(piece)} brings the Fragment home")
        conquest(s, team_of(piece))
        return
    arrive(s, piece, target, a.dir)


def arrive(s: SoulgiversState, piece: int, cell: int, d: int) -> None:
    kind = entry(s, piece, cell)
    s.steps += 1
    s.line_dir = d
    s.done |= MOVED
    if kind == PASS:
        pos = s.pos[piece]
        if 0 <= pos < PORTAL and s.occ[pos] == piece:
            s.occ[pos] = -1
        s.pos[piece] = cell
        s.must_continue = True
        s.touched = (*s.touched, cell)
        return
    s.must_continue = False
    put(s, piece, cell)
    caps = s.caps(piece)
    if s.eff[cell] == HOLE and caps.wormhole and not caps.antigravitonic:
        fall(s, piece)
        if any(c != cell for c in wormhole_exits(s)):
            s.phase = ph.EXIT
        return
    fall(s, piece)
    settle(s)


def wormhole_exits(s: SoulgiversState) -> list[int]:
    return [c for c in range(100) if s.eff[c] == HOLE and (s.occ[c] < 0 or s.occ[c] == s.active)]


def legal_exit(s: SoulgiversState) -> list[Action]:
    return [EXITS[c] for c in wormhole_exits(s)]


def apply_exit(s: SoulgiversState, a: Action) -> None:
    """Wormhole: come out of any Black Hole for free; a linear mover starts a new line."""
    assert isinstance(a, ExitHole)
    put(s, s.active, a.cell)
    s.line_dir = -1
    s.phase = ph.MAIN
    settle(s)


def apply_rotate(s: SoulgiversState, a: Action) -> None:
    """Shield rotation ends the movement (rulebook 4.2, Shield rotation)."""
    assert isinstance(a, Rotate)
    s.shields[s.active] = rotate_mask(s.shields[s.active], a.turns)
    s.done |= MOVE_ENDED
