"""The consequences of actions on the board, the same whichever rule causes them: terrain
under Modifiers, destruction, Souls, the Fragment, moving and destroying tiles, Black Holes,
Event Horizon attraction and the end of the game (rulebook 4.2, 7, 8 and the glossary)."""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING

from soulforge.games.soulgivers import words
from soulforge.games.soulgivers.board import (
    BORDER,
    CELLS,
    DEAD,
    DIRECTIONS,
    FREE,
    HOLE,
    HORIZON,
    MOTHER,
    NEIGH,
    TILE_CELLS,
    TILE_OF,
    WALL,
    rotate_mask,
    rotated_slot,
    tile_neighbour,
)
from soulforge.games.soulgivers.data import DATA
from soulforge.games.soulgivers.encoding import (
    BIT,
    NONE,
    OFF,
    OTHER,
    OVER,
    PORTAL,
    SETUP,
    TEAM_MASK,
    TEAMS,
    Kind,
    Piece,
    Team,
    at_portal,
    piece_of,
    portal_at,
    team_members,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

MODS = DATA.modifiers
MOD_CODE = {m.key: i for i, m in enumerate(MODS)}
COVERABLE = tuple(m.coverable for m in MODS)
POP_TERRAINS = frozenset((BORDER, HORIZON))
TERRAIN_OF = {"hole": HOLE, "free": FREE, "border": BORDER, "horizon": HORIZON}


# -- terrain (rulebook 7: Modifiers) -------------------------------------------------------
def effective(printed: int, stack: tuple[int, ...]) -> int:
    """What a cell is: the top Modifier decides; a printed Wall stays unless it is patched."""
    if printed == DEAD or not stack:
        return printed
    spec = MODS[stack[-1]]
    if printed == WALL and spec.keeps_wall:
        return WALL
    return TERRAIN_OF[spec.terrain]


def refresh(s: SoulgiversState, cells: range | tuple[int, ...] | list[int] | None = None) -> None:
    """Recompute what ``cells`` are (every cell when None: one pass in C, at each new game)."""
    if cells is None:
        s.eff = list(map(effective, s.printed, s.mods))
        return
    for c in cells:
        s.eff[c] = effective(s.printed[c], s.mods[c])


def mod_owner(s: SoulgiversState, code: int) -> int:
    """The team whose population Modifier this is (-1: shared Black Holes and Patches)."""
    key = MODS[code].key
    for team in TEAMS:
        if DATA.populations[s.pop_of[team]].modifier == key:
            return team
    return -1


def top_owner(s: SoulgiversState, cell: int) -> int:
    stack = s.mods[cell]
    return mod_owner(s, stack[-1]) if stack else NONE


def can_cover(s: SoulgiversState, cell: int) -> bool:
    """A Modifier may go here: no Soulgiver, and the top Modifier may be covered (rulebook 7)."""
    return s.occ[cell] < 0 and (not s.mods[cell] or COVERABLE[s.mods[cell][-1]]) and s.eff[cell] != DEAD


def push_mod(s: SoulgiversState, cell: int, key: str) -> None:
    s.mods[cell] = (*s.mods[cell], MOD_CODE[key])
    s.pop_mods += not COVERABLE[MOD_CODE[key]]
    s.eff[cell] = effective(s.printed[cell], s.mods[cell])


def pop_mod(s: SoulgiversState, cell: int) -> int:
    code = s.mods[cell][-1]
    s.mods[cell] = s.mods[cell][:-1]
    s.pop_mods -= not COVERABLE[code]
    s.eff[cell] = effective(s.printed[cell], s.mods[cell])
    return code


def barrier_at(s: SoulgiversState, cell: int) -> bool:
    return s.barrier and TILE_OF[cell] == MOTHER


def blocks_sight(s: SoulgiversState, cell: int, team: int) -> bool:
    """Soulgivers, Walls and (for the other population) Border Modifiers block the line of sight."""
    e = s.eff[cell]
    if s.occ[cell] >= 0 or e in (WALL, DEAD) or barrier_at(s, cell):
        return True
    return e == BORDER and top_owner(s, cell) != team


# -- the Fragment and Souls (rulebook 4.2) ---------------------------------------------------
def piece_tile(s: SoulgiversState, piece: Piece) -> int:
    pos = s.pos[piece]
    if pos >= PORTAL:
        return s.game.layout.portals[portal_at(pos)].tile
    return TILE_OF[pos]


def drop_fragment(s: SoulgiversState, piece: int) -> None:
    """A carried Fragment falls to the centre of its carrier's tile."""
    if s.carrier == piece:
        s.carrier = NONE
        s.frag_tile = piece_tile(s, piece)


def place_soul(s: SoulgiversState, soul: int, cell: int, tile: int) -> None:
    """On ``cell`` if free of Soulgivers, else a free cell of the tile, else of a next tile."""
    if cell >= 0 and s.occ[cell] < 0 and s.eff[cell] != DEAD:
        s.souls[soul] = cell
        return
    for t in (tile, *(tile_neighbour(tile, d) for d in DIRECTIONS)):
        if t < 0:
            continue
        for c in TILE_CELLS[t]:
            if s.occ[c] < 0 and s.eff[c] != DEAD:
                s.souls[soul] = c
                return


def destroy(s: SoulgiversState, piece: int, *, attack: bool = False, keep_soul: bool = True) -> None:
    """Destruction (rulebook 4.2): Double Soul loses its Soul first to an Attack."""
    if attack and s.soul[piece] >= 0:
        s.add_log(f"{label(piece)} loses the absorbed Soul")
        s.soul[piece] = NONE
        return
    pos = s.pos[piece]
    s.dirty = True
    drop_fragment(s, piece)
    s.soul[piece] = NONE
    tile = piece_tile(s, piece)
    if 0 <= pos < PORTAL and s.occ[pos] == piece:
        s.occ[pos] = NONE
    set_position(s, piece, OFF)
    if keep_soul:
        place_soul(s, piece, pos if pos < PORTAL else -1, tile)
    if s.active == piece:
        s.active = NONE
        s.must_continue = False
    s.log_later(words.destroyed, piece)


label = words.label
"""E.g. "seat 0's Runner" (the words live in words.py, which the log's lines read)."""


def add_decay(s: SoulgiversState, piece: int, amount: int) -> None:
    s.decay[piece] += amount
    if s.decay[piece] >= s.game.rules["decay_death"] and s.pos[piece] >= 0:
        destroy(s, piece)


# -- moving pieces, Black Holes and Event Horizon (rulebook 4.2, 5, glossary) -----------------
def set_position(s: SoulgiversState, piece: Piece, position: int) -> None:
    """Put ``piece`` at ``position`` (a cell, a Portal or OFF), keeping the masks of the pieces
    in play and on the board (``SoulgiversState.in_play``, ``.on_board``) with it: every move
    into or out of play, or between a Portal and the board, comes through here (a move from a
    cell to a cell may write ``pos`` alone: both masks stay)."""
    s.pos[piece] = position
    bit = BIT[piece]
    if position < 0:
        s.in_play &= ~bit
        s.on_board &= ~bit
    elif position < PORTAL:
        s.in_play |= bit
        s.on_board |= bit
    else:
        s.in_play |= bit
        s.on_board &= ~bit


def put(s: SoulgiversState, piece: int, cell: int) -> None:
    """Move a piece to a cell free of Soulgivers (no rule checks)."""
    pos = s.pos[piece]
    if 0 <= pos < PORTAL and s.occ[pos] == piece:
        s.occ[pos] = NONE
    set_position(s, piece, cell)
    s.occ[cell] = piece
    s.touched = (*s.touched, cell)


def stuck(s: SoulgiversState, piece: int) -> bool:
    """On an opposing Event Horizon Modifier: it cannot move off (glossary)."""
    pos = s.pos[piece]
    return 0 <= pos < PORTAL and s.eff[pos] == HORIZON and top_owner(s, pos) != team_of(piece)


def fall(s: SoulgiversState, piece: int) -> bool:
    """A piece standing on a Black Hole: destroyed unless its auras save it. True if it fell."""
    pos = s.pos[piece]
    if not 0 <= pos < PORTAL or s.eff[pos] not in (HOLE, HORIZON):
        return False
    caps = s.caps(piece)
    if caps.antigravitonic or caps.wormhole:
        if caps.wormhole and not caps.antigravitonic:
            drop_fragment(s, piece)
        return False
    destroy(s, piece)
    return True


def settle(s: SoulgiversState) -> None:
    """Event Horizon Modifiers attract the opposing Soulgivers perpendicular next to them."""
    horizon = [c for c in CELLS if s.eff[c] == HORIZON] if HORIZON in s.eff else []
    moved = True
    while moved:
        moved = False
        for h in horizon:
            if s.occ[h] >= 0:
                continue
            owner = top_owner(s, h)
            for n in NEIGH[h]:
                q = s.occ[n] if n >= 0 else -1
                if q >= 0 and team_of(q) != owner and s.pos[q] == n and s.eff[n] != HORIZON:
                    s.add_log(f"{label(q)} is attracted by the Event Horizon")
                    put(s, q, h)
                    fall(s, q)
                    moved = True
                    break


# -- moving and destroying tiles (rulebook 4.2, Destruction of a tile; abilities) -------------
def move_tiles(s: SoulgiversState, moves: dict[int, tuple[int, int]]) -> None:
    """Move tiles with everything on them: ``moves[src] = (dst, quarter turns clockwise)``."""
    cell_map: dict[int, int] = {}
    for src, (dst, rot) in moves.items():
        for slot, c in enumerate(TILE_CELLS[src]):
            cell_map[c] = TILE_CELLS[dst][rotated_slot(slot, rot)]
    for team in TEAMS:
        for p in team_members(s.on_board, team):  # from a cell to a cell: the masks stay
            pos = s.pos[p]
            if pos in cell_map:
                s.shields[p] = rotate_mask(s.shields[p], moves[TILE_OF[pos]][1])
                s.pos[p] = cell_map[pos]
    printed, mods, occ = list(s.printed), list(s.mods), list(s.occ)
    for old, new in cell_map.items():
        s.printed[new], s.mods[new], s.occ[new] = printed[old], mods[old], occ[old]
    for soul, c in s.souls.items():
        if c in cell_map:
            s.souls[soul] = cell_map[c]
    if s.carrier < 0 and s.frag_tile in moves:
        s.frag_tile = moves[s.frag_tile][0]
    refresh(s, list(cell_map.values()))
    s.touched = (*s.touched, *cell_map.values())


def tile_has_population_mod(s: SoulgiversState, tile: int) -> bool:
    """Population Modifiers hinder moving their tile (rulebook 7; clarifications)."""
    if not s.pop_mods:
        return False
    eff = s.eff
    return any(eff[c] in POP_TERRAINS or (eff[c] == WALL and top_owner(s, c) >= 0) for c in TILE_CELLS[tile])


def destroy_tile(s: SoulgiversState, tile: int) -> None:
    """Flip a tile: it cannot be crossed and is no Black Hole; what lay on it is lost."""
    for c in TILE_CELLS[tile]:
        s.printed[c] = DEAD
        while s.mods[c]:
            pop_mod(s, c)
        for soul, sc in list(s.souls.items()):
            if sc == c:
                del s.souls[soul]
    refresh(s, TILE_CELLS[tile])


def enter_portal(s: SoulgiversState, team: Team, kind: Kind, portal: int) -> None:
    """Put ``team``'s Soulgiver of ``kind`` on Portal ``portal``: it is revealed (step 14)."""
    piece = piece_of(team, kind)
    set_position(s, piece, at_portal(portal))
    s.decay[piece] = s.game.rules["decay_start"]
    s.shields[piece] = s.game.chars[kind].shields
    s.soul[piece] = NONE
    s.revealed[piece] = True
    s.mark_revealed()
    s.log_later(words.places, team, kind, portal)



# -- the end (rulebook 8) -------------------------------------------------------------------


def own_portals(s: SoulgiversState, team: int) -> list[int]:
    portals, out = s.portals, []
    for i in s.game.layout.of_team[team]:  # a loop, not a comprehension: no frame of its own (hot)
        if portals[i]:
            out.append(i)
    return out


def alive(s: SoulgiversState, team: int) -> bool:
    """Has characters left: in play, or in the deck with a Portal to enter from."""
    if s.in_play & TEAM_MASK[team]:
        return True
    return bool(s.deck[team] or s.pair[team] or s.picks[team]) and bool(own_portals(s, team))


def finish(s: SoulgiversState, result: list[float], reason: str) -> None:
    s.result = result
    s.phase = OVER
    s.end_reason = reason
    s.add_log(reason)


def check_end(s: SoulgiversState) -> None:
    """Extermination, Defeat by Decay, and the +3 Decay once a team has no characters left."""
    if s.phase in SETUP or s.phase == OVER:
        return
    live = list(map(alive, repeat(s), TEAMS))  # no comprehension frame: asked after every turn
    any_portal = any(s.portals)
    if not live[0] and not live[1]:
        if any_portal:
            finish(s, [-1.0, -1.0], "Defeat by Decay: no Soulgivers left and a Portal still stands")
        else:
            finish(s, [0.0, 0.0], "Tie by Extermination")
        return
    for team in TEAMS:
        if not live[team]:
            # 7.2: a tie by Extermination only once no Portal stands on the board; while one
            # does, the survivors' Decay rises by 3 a turn (7.1) until they conquer or decay
            if not any_portal:
                finish(s, [0.0, 0.0], "Tie by Extermination: no Portal is left on the board")
            else:
                s.out_boost[OTHER[team]] = True


def conquest(s: SoulgiversState, team: int) -> None:
    result = [-1.0, -1.0]
    result[team] = 1.0
    finish(s, result, f"Victory by Conquest for seat {team}")
