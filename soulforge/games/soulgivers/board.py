"""Board geometry: 10x10 cells (index row * 10 + column) in 5x5 tiles of 2x2 cells.

Directions: 0 north, 1 east, 2 south, 3 west. Terrain codes are what a cell *is* once its
Modifiers are taken into account (see :func:`effective`).
"""

from __future__ import annotations

from collections.abc import Sequence

Cell = int
Tile = int
Dir = int

SIZE = 10
CELLS = range(SIZE * SIZE)
TILES = range(25)
MOTHER: Tile = 12
DIR_NAMES = ("N", "E", "S", "W")
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))

# terrain codes (printed: FREE, WALL, HOLE, INTER; effective adds the rest)
FREE, WALL, HOLE, INTER, DEAD, BORDER, HORIZON = range(7)
TERRAIN_NAMES = ("free", "wall", "hole", "interference", "destroyed", "border", "horizon")
HOLES = frozenset((HOLE, HORIZON))


def _neighbour(c: Cell, d: Dir) -> Cell:
    r, col = divmod(c, SIZE)
    dr, dc = DELTA[d]
    r, col = r + dr, col + dc
    return r * SIZE + col if 0 <= r < SIZE and 0 <= col < SIZE else -1


NEIGH: tuple[tuple[Cell, ...], ...] = tuple(tuple(_neighbour(c, d) for d in range(4)) for c in CELLS)
TILE_OF: tuple[Tile, ...] = tuple((c // SIZE // 2) * 5 + (c % SIZE) // 2 for c in CELLS)


def tile_cells(t: Tile) -> tuple[Cell, Cell, Cell, Cell]:
    """The cells of a tile: top-left, top-right, bottom-left, bottom-right."""
    r, c = divmod(t, 5)
    base = 2 * r * SIZE + 2 * c
    return (base, base + 1, base + SIZE, base + SIZE + 1)


TILE_CELLS: tuple[tuple[Cell, Cell, Cell, Cell], ...] = tuple(tile_cells(t) for t in TILES)
# rotating a tile a quarter turn clockwise: slot i goes to slot ROT_CW[i]
ROT_CW = (1, 3, 0, 2)


def rotated_slot(slot: int, quarter_turns: int) -> int:
    for _ in range(quarter_turns % 4):
        slot = ROT_CW[slot]
    return slot


def rotate_layout(cells: Sequence[int], quarter_turns: int) -> tuple[int, ...]:
    out = [0, 0, 0, 0]
    for slot, value in enumerate(cells):
        out[rotated_slot(slot, quarter_turns)] = value
    return tuple(out)


def distance(a: Cell, b: Cell) -> int:
    """Perpendicular (Manhattan) distance in cells."""
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


def _within(c: Cell, r: int) -> tuple[Cell, ...]:
    return tuple(x for x in CELLS if distance(c, x) <= r)


WITHIN: tuple[tuple[tuple[Cell, ...], ...], ...] = tuple(
    tuple(_within(c, r) for c in CELLS) for r in range(7)
)
"""WITHIN[r][c]: the cells at most r perpendicular cells from c (c included), in order."""


def tile_distance(a: Tile, b: Tile) -> int:
    """Tiles apart, counting diagonal neighbours as 1."""
    return max(abs(a // 5 - b // 5), abs(a % 5 - b % 5))


def direction(a: Cell, b: Cell) -> Dir:
    """The direction from a to b when they share a row or a column, else -1."""
    if a == b:
        return -1
    if a // SIZE == b // SIZE:
        return 1 if b > a else 3
    if a % SIZE == b % SIZE:
        return 2 if b > a else 0
    return -1


def tile_neighbour(t: Tile, d: Dir) -> Tile:
    r, c = divmod(t, 5)
    dr, dc = DELTA[d]
    r, c = r + dr, c + dc
    return r * 5 + c if 0 <= r < 5 and 0 <= c < 5 else -1


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Shields facing ``mask`` (bit d: facing d) after turning clockwise."""
    t = quarter_turns % 4
    return ((mask << t) | (mask >> (4 - t))) & 0xF


def cell_name(c: Cell) -> str:
    return f"{'ABCDEFGHIJ'[c % SIZE]}{c // SIZE + 1}"


def portal_front(tile: Tile, side: Dir) -> tuple[Cell, Cell]:
    """The two cells of ``tile`` on the board edge ``side`` (where a Portal stands)."""
    tl, tr, bl, br = TILE_CELLS[tile]
    return {0: (tl, tr), 1: (tr, br), 2: (bl, br), 3: (tl, bl)}[side]
