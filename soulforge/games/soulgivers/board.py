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
"""Cells along a side of the board."""
TILE_SIZE = 2
"""Cells along a side of a tile."""
TILES_PER_SIDE = SIZE // TILE_SIZE
CELL_COUNT = SIZE * SIZE
TILE_COUNT = TILES_PER_SIDE * TILES_PER_SIDE
CELLS = range(CELL_COUNT)
TILES = range(TILE_COUNT)
MOTHER: Tile = TILE_COUNT // 2
"""The Mother tile, fixed at the centre (setup steps 1-2)."""
INTERFERENCE_TILES: tuple[Tile, Tile] = (MOTHER - TILES_PER_SIDE // 2, MOTHER + TILES_PER_SIDE // 2)
"""The Interference tiles, at both ends of the central row (setup step 5)."""
DIRECTIONS = range(4)
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


NEIGH: tuple[tuple[Cell, ...], ...] = tuple(tuple(_neighbour(c, d) for d in DIRECTIONS) for c in CELLS)
TILE_OF: tuple[Tile, ...] = tuple(
    (c // SIZE // TILE_SIZE) * TILES_PER_SIDE + (c % SIZE) // TILE_SIZE for c in CELLS
)


def tile_cells(t: Tile) -> tuple[Cell, Cell, Cell, Cell]:
    """The cells of a tile: top-left, top-right, bottom-left, bottom-right."""
    r, c = divmod(t, TILES_PER_SIDE)
    base = TILE_SIZE * (r * SIZE + c)
    return (base, base + 1, base + SIZE, base + SIZE + 1)


TILE_CELLS: tuple[tuple[Cell, Cell, Cell, Cell], ...] = tuple(tile_cells(t) for t in TILES)
QUARTER_TURNS = range(4)
"""The rotations of a tile or of shields: 0 to 3 quarter turns clockwise."""
TURNS = QUARTER_TURNS[1:]
"""The rotations that change something (shield rotation, Vertigo)."""
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
    n = TILES_PER_SIDE
    return max(abs(a // n - b // n), abs(a % n - b % n))


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
    n = TILES_PER_SIDE
    r, c = divmod(t, n)
    dr, dc = DELTA[d]
    r, c = r + dr, c + dc
    return r * n + c if 0 <= r < n and 0 <= c < n else -1


def tile_line(x: int) -> tuple[Tile, ...]:
    """Row ``x`` of tiles (x < 5), or column ``x - 5`` (x >= 5), in order."""
    n = TILES_PER_SIDE
    i = x % n
    return tuple(i * n + c for c in range(n)) if x < n else tuple(r * n + i for r in range(n))


TILE_LINES = range(2 * TILES_PER_SIDE)
"""The rows then the columns of tiles (Mold's lines)."""


def opposite(d: Dir) -> Dir:
    """The direction facing ``d`` (north and south, east and west)."""
    return (d + 2) % 4



def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Shields facing ``mask`` (bit d: facing d) after turning clockwise."""
    t = quarter_turns % 4
    return ((mask << t) | (mask >> (4 - t))) & ALL_SIDES


ALL_SIDES = 0b1111
"""A shield mask facing every direction."""


def faces(mask: int, d: Dir) -> bool:
    """Does a shield of ``mask`` face direction ``d``?"""
    return bool(mask & (1 << d))


COLUMN_LETTERS = "ABCDEFGHIJ"


def cell_name(c: Cell) -> str:
    """'A1' is the top-left cell: the letter is the column, the number the row."""
    return f"{COLUMN_LETTERS[c % SIZE]}{c // SIZE + 1}"


def portal_front(tile: Tile, side: Dir) -> tuple[Cell, Cell]:
    """The two cells of ``tile`` on the board edge ``side`` (where a Portal stands)."""
    tl, tr, bl, br = TILE_CELLS[tile]
    return {0: (tl, tr), 1: (tr, br), 2: (bl, br), 3: (tl, bl)}[side]
