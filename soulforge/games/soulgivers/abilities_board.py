"""Abilities that change the board: tiles, shields of a team, Modifiers (rulebook 9, 7)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulgivers.ability_base import (
    Ability,
    Option,
    placeable,
)
from soulforge.games.soulgivers.board import (
    CELLS,
    FREE,
    HOLES,
    MOTHER,
    QUARTER_TURNS,
    TILE_COUNT,
    TILE_LINES,
    TILE_OF,
    TILES,
    TILES_PER_SIDE,
    TURNS,
    WALL,
    WITHIN,
    Tile,
    cell_name,
    rotate_mask,
    tile_distance,
    tile_line,
)
from soulforge.games.soulgivers.consequences import (
    MOD_CODE,
    move_tiles,
    pop_mod,
    push_mod,
    settle,
    tile_has_population_mod,
)
from soulforge.games.soulgivers.encoding import OTHER, team_of

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


class Mold(Ability):
    """Slide a row (x < 5) or column (x >= 5) of tiles by one, wrapping round (y: 0 forward,
    1 back: ``SLIDES``)."""

    name = "mold"

    def domain(self) -> Iterable[Option]:
        return [(x, y) for x in TILE_LINES for y in SLIDES]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        out = []
        for x in MOLD_LINES:
            if s.pop_mods and any(tile_has_population_mod(s, t) for t in tile_line(x)):
                continue
            out += [(x, y) for y in SLIDES if s.mold_block != (s.turn, x, y)]
        return out

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        tiles = tile_line(x)
        shift = 1 if y == FORWARD else -1
        n = len(tiles)
        move_tiles(s, {t: (tiles[(i + shift) % n], 0) for i, t in enumerate(tiles)})
        s.mold_block = (s.turn + 1, x, BACK if y == FORWARD else FORWARD)
        settle(s)

    def label(self, x: int, y: int) -> str:
        n = TILES_PER_SIDE
        what = f"row {x + 1}" if x < n else f"column {x - n + 1}"
        return f"Mold: slide {what} {'forward' if y == FORWARD else 'back'}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"tiles:{x}", "forward" if y == FORWARD else "back")


FORWARD, BACK = SLIDES = (0, 1)
MOLD_LINES = tuple(x for x in TILE_LINES if MOTHER not in tile_line(x))
"""The rows and columns Mold may slide: not those of the fixed Mother tile."""


class Chaos(Ability):
    """Swap two tiles in range with everything on them, both turned y quarter turns."""

    name = "chaos"

    def domain(self) -> Iterable[Option]:
        return [(tile_pair(a, b), r) for a in TILES for b in range(a + 1, TILE_COUNT) for r in QUARTER_TURNS]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        here = TILE_OF[s.pos[piece]]
        if not s.pop_mods:
            return s.game.chaos_options[here]
        return chaos_options([t for t in s.game.chaos_near[here] if not tile_has_population_mod(s, t)])

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        a, b = tiles_of_pair(x)
        move_tiles(s, {a: (b, y), b: (a, y)})
        settle(s)

    def label(self, x: int, y: int) -> str:
        a, b = tiles_of_pair(x)
        return f"Chaos: swap tiles {a} and {b}, turned {90 * y}"

    def handles(self, x: int, y: int) -> ClickPath:
        a, b = tiles_of_pair(x)
        return (f"tile:{a}", f"tile:{b}", f"rotate:{y}")


def tile_pair(a: Tile, b: Tile) -> int:
    """The option value naming two tiles (``a`` < ``b``) for Chaos."""
    return a * TILE_COUNT + b


def tiles_of_pair(x: int) -> tuple[Tile, Tile]:
    a, b = divmod(x, TILE_COUNT)
    return a, b


def chaos_options(near: Iterable[Tile]) -> list[Option]:
    tiles = list(near)
    return [(tile_pair(a, b), r) for a in tiles for b in tiles if a < b for r in QUARTER_TURNS]


@cache
def chaos_tables(reach: int) -> tuple[tuple[tuple[Tile, ...], ...], tuple[list[Option], ...]]:
    """Per tile, the tiles Chaos reaches from it (``reach``: its range) and its options there;
    one per range, for every game (``Soulgivers.chaos_near``, ``.chaos_options``)."""
    near = tuple(tuple(t for t in TILES if tile_distance(t, here) <= reach and t != MOTHER) for here in TILES)
    return near, tuple(chaos_options(tiles) for tiles in near)


class Vertigo(Ability):
    """Turn the shields of every opposing Soulgiver by x quarter turns."""

    name = "vertigo"

    def domain(self) -> Iterable[Option]:
        return [(t, 0) for t in TURNS]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        return [(t, 0) for t in TURNS] if s.board_pieces(OTHER[team_of(piece)]) else []

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        for q in s.board_pieces(OTHER[team_of(piece)]):
            s.shields[q] = rotate_mask(s.shields[q], x)

    def label(self, x: int, y: int) -> str:
        return f"Vertigo: turn opposing shields {90 * x}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"rotate:{x}",)


class Patch(Ability):
    """Place a Patch Modifier in range: the cell becomes free (covers Black Holes and Walls)."""

    name = "patch"

    def domain(self) -> Iterable[Option]:
        return [(c, 0) for c in CELLS]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        if s.patches_left[team_of(piece)] <= 0:
            return []
        pos = s.pos[piece]
        return [(c, 0) for c in WITHIN[s.game.ranges[self.name]][pos] if placeable(s, c)
                and s.eff[c] != FREE]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        s.patches_left[team_of(piece)] -= 1
        push_mod(s, x, "patch")
        s.touched = (*s.touched, x)

    def label(self, x: int, y: int) -> str:
        return f"Patch {cell_name(x)}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"cell:{x}",)


class Update(Ability):
    """Move the top Patch of a pile (yours or your opponent's) to a cell in range."""

    name = "update"

    def domain(self) -> Iterable[Option]:
        return [(a, b) for a in CELLS for b in CELLS if a != b]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        patch = MOD_CODE["patch"]
        sources = [c for c in CELLS if s.mods[c] and s.mods[c][-1] == patch]
        if not sources:
            return []
        pos = s.pos[piece]
        targets = [c for c in WITHIN[s.game.ranges[self.name]][pos] if placeable(s, c)]
        return [(a, b) for a in sources for b in targets if a != b]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        pop_mod(s, x)
        push_mod(s, y, "patch")
        s.touched = (*s.touched, x, y)

    def label(self, x: int, y: int) -> str:
        return f"Update: move the Patch from {cell_name(x)} to {cell_name(y)}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"cell:{x}", f"cell:{y}")


class BlackVoid(Ability):
    """Place a Black Hole Modifier in range on a cell free of Soulgivers, not Interference."""

    name = "black_void"

    def domain(self) -> Iterable[Option]:
        return [(c, 0) for c in CELLS]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        if s.holes_left[team_of(piece)] <= 0:
            return []
        pos = s.pos[piece]
        return [(c, 0) for c in WITHIN[s.game.ranges[self.name]][pos] if placeable(s, c)
                and s.eff[c] not in HOLES and s.eff[c] != WALL]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        s.holes_left[team_of(piece)] -= 1
        push_mod(s, x, "black_hole")
        s.touched = (*s.touched, x)

    def label(self, x: int, y: int) -> str:
        return f"Black Void at {cell_name(x)}"

    def handles(self, x: int, y: int) -> ClickPath:
        return (f"cell:{x}",)
