"""Abilities that change the board: tiles, shields of a team, Modifiers (rulebook 9, 7)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulforge.games.soulgivers.ability_base import (
    RANGE,
    Ability,
    Option,
    placeable,
)
from soulforge.games.soulgivers.board import (
    FREE,
    HOLES,
    MOTHER,
    TILE_OF,
    WALL,
    WITHIN,
    cell_name,
    rotate_mask,
    tile_distance,
)
from soulforge.games.soulgivers.effects import (
    MOD_CODE,
    move_tiles,
    pop_mod,
    push_mod,
    settle,
    tile_has_population_mod,
)
from soulforge.games.soulgivers.state import team_of

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


class Mold(Ability):
    """Slide a row (x < 5) or column (x >= 5) of tiles by one, wrapping round (y: 0 +, 1 -)."""

    name = "mold"

    def domain(self) -> Iterable[Option]:
        return [(x, y) for x in range(10) for y in (0, 1)]

    @staticmethod
    def line(x: int) -> list[int]:
        i = x % 5
        return [i * 5 + c for c in range(5)] if x < 5 else [r * 5 + i for r in range(5)]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        out = []
        for x in MOLD_LINES:
            if s.pop_mods and any(tile_has_population_mod(s, t) for t in self.line(x)):
                continue
            out += [(x, y) for y in (0, 1) if s.mold_block != (s.turn, x, y)]
        return out

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        tiles = self.line(x)
        shift = 1 if y == 0 else -1
        move_tiles(s, {t: (tiles[(i + shift) % 5], 0) for i, t in enumerate(tiles)})
        s.mold_block = (s.turn + 1, x, 1 - y)
        settle(s)

    def label(self, x: int, y: int) -> str:
        what = f"row {x + 1}" if x < 5 else f"column {x - 4}"
        return f"Mold: slide {what} {'forward' if y == 0 else 'back'}"


MOLD_LINES = tuple(x for x in range(10) if MOTHER not in Mold.line(x))
"""The rows and columns Mold may slide: not those of the fixed Mother tile."""


class Chaos(Ability):
    """Swap two tiles in range with everything on them, both turned y quarter turns."""

    name = "chaos"

    def domain(self) -> Iterable[Option]:
        return [(a * 25 + b, r) for a in range(25) for b in range(a + 1, 25) for r in range(4)]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        here = TILE_OF[s.pos[piece]]
        if not s.pop_mods:
            return CHAOS_OPTIONS[here]
        near = [t for t in CHAOS_NEAR[here] if not tile_has_population_mod(s, t)]
        return [(a * 25 + b, r) for a in near for b in near if a < b for r in range(4)]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        a, b = divmod(x, 25)
        move_tiles(s, {a: (b, y), b: (a, y)})
        settle(s)

    def label(self, x: int, y: int) -> str:
        return f"Chaos: swap tiles {x // 25} and {x % 25}, turned {90 * y}"


CHAOS_NEAR = tuple(tuple(t for t in range(25) if tile_distance(t, here) <= RANGE["chaos"] and t != MOTHER)
                   for here in range(25))
CHAOS_OPTIONS: tuple[list[Option], ...] = tuple(
    [(a * 25 + b, r) for a in near for b in near if a < b for r in range(4)] for near in CHAOS_NEAR
)


class Vertigo(Ability):
    """Turn the shields of every opposing Soulgiver by x quarter turns."""

    name = "vertigo"

    def domain(self) -> Iterable[Option]:
        return [(t, 0) for t in (1, 2, 3)]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        return [(t, 0) for t in (1, 2, 3)] if s.board_pieces(1 - team_of(piece)) else []

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        for q in s.board_pieces(1 - team_of(piece)):
            s.shields[q] = rotate_mask(s.shields[q], x)

    def label(self, x: int, y: int) -> str:
        return f"Vertigo: turn opposing shields {90 * x}"


class Patch(Ability):
    """Place a Patch Modifier in range: the cell becomes free (covers Black Holes and Walls)."""

    name = "patch"

    def domain(self) -> Iterable[Option]:
        return [(c, 0) for c in range(100)]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        if s.patches_left[team_of(piece)] <= 0:
            return []
        pos = s.pos[piece]
        return [(c, 0) for c in WITHIN[RANGE[self.name]][pos] if placeable(s, c)
                and s.eff[c] != FREE]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        s.patches_left[team_of(piece)] -= 1
        push_mod(s, x, "patch")
        s.touched = (*s.touched, x)

    def label(self, x: int, y: int) -> str:
        return f"Patch {cell_name(x)}"


class Update(Ability):
    """Move the top Patch of a pile (yours or your opponent's) to a cell in range."""

    name = "update"

    def domain(self) -> Iterable[Option]:
        return [(a, b) for a in range(100) for b in range(100) if a != b]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        patch = MOD_CODE["patch"]
        sources = [c for c in range(100) if s.mods[c] and s.mods[c][-1] == patch]
        if not sources:
            return []
        pos = s.pos[piece]
        targets = [c for c in WITHIN[RANGE[self.name]][pos] if placeable(s, c)]
        return [(a, b) for a in sources for b in targets if a != b]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        pop_mod(s, x)
        push_mod(s, y, "patch")
        s.touched = (*s.touched, x, y)

    def label(self, x: int, y: int) -> str:
        return f"Update: move the Patch from {cell_name(x)} to {cell_name(y)}"


class BlackVoid(Ability):
    """Place a Black Hole Modifier in range on a cell free of Soulgivers, not Interference."""

    name = "black_void"

    def domain(self) -> Iterable[Option]:
        return [(c, 0) for c in range(100)]

    def options(self, s: SoulgiversState, piece: int) -> list[Option]:
        if s.holes_left[team_of(piece)] <= 0:
            return []
        pos = s.pos[piece]
        return [(c, 0) for c in WITHIN[RANGE[self.name]][pos] if placeable(s, c)
                and s.eff[c] not in HOLES and s.eff[c] != WALL]

    def apply(self, s: SoulgiversState, piece: int, x: int, y: int) -> None:
        s.holes_left[team_of(piece)] -= 1
        push_mod(s, x, "black_hole")
        s.touched = (*s.touched, x)

    def label(self, x: int, y: int) -> str:
        return f"Black Void at {cell_name(x)}"
