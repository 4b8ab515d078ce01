"""Abilities that move or change Soulgivers and Souls (rulebook 9)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulgivers.ability_base import (
    Ability,
    Option,
    all_board,
    blocked,
    piece_name,
    targetable,
)
from soulforge.games.soulgivers.board import (
    BORDER,
    CELLS,
    DEAD,
    DIR_NAMES,
    DIRECTIONS,
    HOLES,
    NEIGH,
    QUARTER_TURNS,
    TILE_OF,
    WALL,
    Cell,
    cell_name,
    direction,
    distance,
    opposite,
    rotate_mask,
    tile_neighbour,
)
from soulforge.games.soulgivers.consequences import (
    MOD_CODE,
    barrier_at,
    drop_fragment,
    fall,
    put,
    settle,
    stuck,
)
from soulforge.games.soulgivers.encoding import ABIL_SOUL, NONE, OTHER, PIECES, team_of
from soulforge.games.soulgivers.movement import INTO_HOLE, STOP, entry

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

PATCH_CODE = MOD_CODE["patch"]


class Leap(Ability):
    """Jump over Soulgivers, non-Wall Modifiers, Souls and Black Holes to the first free cell."""

    name = "leap"

    def domain(self) -> Iterable[Option]:
        return [(d, 0) for d in DIRECTIONS]

    def landing(self, s: SoulgiversState, piece: int, d: int) -> int:
        cell, jumped = s.pos[piece], 0
        souls = set(s.souls.values())
        for _ in range(s.game.ranges[self.name]):
            cell = NEIGH[cell][d]
            if cell < 0 or s.eff[cell] in (WALL, DEAD, BORDER) or barrier_at(s, cell):
                return -1
            # a Patch on top makes a free cell to land on, not one to leap (9 Runner)
            mods = s.mods[cell]
            if (s.occ[cell] >= 0 or cell in souls or s.eff[cell] in HOLES
                    or (mods and mods[-1] != PATCH_CODE)):
                jumped += 1
                continue
            return cell if jumped else -1
        return -1

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        return [(d, 0) for d in DIRECTIONS if self.landing(s, piece, d) >= 0]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        put(s, piece, self.landing(s, piece, x))
        settle(s)

    def label(self, x: int, y: int) -> str:
        return f"Leap {DIR_NAMES[x]}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"direction:{DIR_NAMES[x]}",)


class Charge(Ability):
    """Charge in a straight line at a Soulgiver in range; it recoils 1 cell if that cell is free."""

    name = "charge"

    def domain(self) -> Iterable[Option]:
        return [(q, 0) for q in PIECES]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        pos, out, reach = s.pos[piece], [], s.game.ranges[self.name]
        for q in all_board(s):
            d = direction(pos, s.pos[q])
            if q == piece or d < 0 or distance(pos, s.pos[q]) > reach or not targetable(s, q):
                continue
            cell = NEIGH[pos][d]
            while cell != s.pos[q] and entry(s, piece, cell) == STOP:
                cell = NEIGH[cell][d]
            if cell == s.pos[q]:
                out.append((q, 0))
        return out

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        d = direction(s.pos[piece], s.pos[x])
        before = NEIGH[s.pos[x]][opposite(d)]
        if before != s.pos[piece]:
            put(s, piece, before)
        back = NEIGH[s.pos[x]][d]
        if not blocked(s, back):
            put(s, x, back)
            fall(s, x)
        settle(s)

    def label(self, x: int, y: int) -> str:
        return f"Charge the {piece_name(x)}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"piece:{x}",)


class MindControl(Ability):
    """Move any Soulgiver in reach up to the range and turn its shields (y: :func:`control`)."""

    name = "mind_control"

    def domain(self) -> Iterable[Option]:
        return [(q, control(c, t)) for q in PIECES for c in CELLS for t in QUARTER_TURNS]

    def destinations(self, s: SoulgiversState, q: int) -> list[int]:
        start = s.pos[q]
        frontier, seen = [start], {start}
        for _ in range(s.game.ranges[self.name]):
            nxt = []
            for c in frontier:
                for n in NEIGH[c]:
                    if n in seen:
                        continue
                    kind = entry(s, q, n)
                    if kind in (STOP, INTO_HOLE):
                        seen.add(n)
                        if kind == STOP:
                            nxt.append(n)
            frontier = nxt
        return sorted(seen)

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        out = []
        reach = s.game.ranges["mind_control_reach"]
        for q in all_board(s):
            if q == piece or not targetable(s, q) or stuck(s, q) or distance(s.pos[piece], s.pos[q]) > reach:
                continue
            for c in self.destinations(s, q):
                out += [(q, control(c, t)) for t in QUARTER_TURNS if c != s.pos[q] or t]
        return out

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        cell, turns = controlled(y)
        s.shields[x] = rotate_mask(s.shields[x], turns)
        if cell != s.pos[x]:
            put(s, x, cell)
            fall(s, x)
        settle(s)

    def label(self, x: int, y: int) -> str:
        cell, turns = controlled(y)
        return f"Mind Control: {piece_name(x)} to {cell_name(cell)}, shields +{90 * turns}"

    def handles(self, x: int, y: int) -> ClickPath:
        cell, turns = controlled(y)
        return (f"piece:{x}", f"cell:{cell}", f"rotate:{turns}")


def control(cell: Cell, turns: int) -> int:
    """Mind Control's option value: the destination cell and the shields' quarter turns."""
    return cell * len(QUARTER_TURNS) + turns


def controlled(y: int) -> tuple[Cell, int]:
    cell, turns = divmod(y, len(QUARTER_TURNS))
    return cell, turns


class Acquiescence(Ability):
    """Take the Fragment from an opposing carrier in range (no line of sight needed)."""

    name = "acquiescence"

    def domain(self) -> Iterable[Option]:
        return [(q, 0) for q in PIECES]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        q = s.carrier
        if q < 0 or team_of(q) == team_of(piece) or not targetable(s, q):
            return []
        return [(q, 0)] if distance(s.pos[piece], s.pos[q]) <= s.game.ranges[self.name] else []

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        s.carrier = piece

    def label(self, x: int, y: int) -> str:
        return f"Acquiescence: take the Fragment from the {piece_name(x)}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"piece:{x}",)


class Teleport(Ability):
    """Swap places with an ally on the board; a carried Fragment is dropped first."""

    name = "teleport"

    def domain(self) -> Iterable[Option]:
        return [(q, 0) for q in PIECES]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        return [(q, 0) for q in s.board_pieces(team_of(piece)) if q != piece and targetable(s, q)]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        drop_fragment(s, piece)
        drop_fragment(s, x)
        a, b = s.pos[piece], s.pos[x]
        s.pos[piece], s.pos[x], s.occ[a], s.occ[b] = b, a, x, piece
        s.touched = (*s.touched, a, b)
        fall(s, x)
        fall(s, piece)
        settle(s)

    def label(self, x: int, y: int) -> str:
        return f"Teleport: swap with the {piece_name(x)}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"piece:{x}",)


class Tornado(Ability):
    """Push opposing Soulgivers on the four tiles next to the Blower's away, up to the range."""

    name = "tornado"

    def domain(self) -> Iterable[Option]:
        return [(0, 0)]

    def hit(self, s: SoulgiversState, piece: int) -> list[tuple[int, int]]:
        """The opposing Soulgivers on the tiles next to the Blower's, with the way each is pushed."""
        here, pos = TILE_OF[s.pos[piece]], s.pos
        opposing = s.board_pieces(OTHER[team_of(piece)])  # listed once, not once a direction
        out = []
        for d in DIRECTIONS:
            t = tile_neighbour(here, d)
            if t >= 0:
                out += [(q, d) for q in opposing if TILE_OF[pos[q]] == t]
        return out

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        return [(0, 0)] if self.hit(s, piece) else []

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        hits = self.hit(s, piece)
        for q, _ in hits:  # Souls of Double Soul pieces and the Fragment are dropped first
            if s.soul[q] >= 0:
                s.souls[s.soul[q]] = s.pos[q]
                s.soul[q] = NONE
            drop_fragment(s, q)
        order = sorted(hits, key=lambda h: -distance(s.pos[piece], s.pos[h[0]]))
        for q, d in order:
            for _ in range(s.game.ranges[self.name]):
                n = NEIGH[s.pos[q]][d]
                if blocked(s, n):
                    break
                put(s, q, n)
                if s.eff[n] in HOLES:
                    fall(s, q)
                    break
        settle(s)

    def label(self, x: int, y: int) -> str:
        return "Tornado"


class Eradicate(Ability):
    """Absorb an opposing Soul in range through obstacles; the Decay is not reset."""

    name = "eradicate"

    def domain(self) -> Iterable[Option]:
        return [(q, 0) for q in PIECES]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        if s.soul[piece] >= 0:
            return []
        pos = s.pos[piece]
        return sorted((soul, 0) for soul, c in s.souls.items()
                      if team_of(soul) != team_of(piece) and distance(pos, c) <= s.game.ranges[self.name])

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        del s.souls[x]
        s.soul[piece] = x
        s.done |= ABIL_SOUL

    def label(self, x: int, y: int) -> str:
        return f"Eradicate: absorb the Soul of the {piece_name(x)}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"soul:{x}",)


class Rejection(Ability):
    """Abandon the absorbed Soul on the Ghost's cell, paying 1 Decay."""

    name = "rejection"
    decay_cost = 1

    def domain(self) -> Iterable[Option]:
        return [(0, 0)]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        return [(0, 0)] if s.soul[piece] >= 0 else []

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        s.souls[s.soul[piece]] = s.pos[piece]
        s.soul[piece] = NONE

    def label(self, x: int, y: int) -> str:
        return "Rejection: abandon the absorbed Soul"
