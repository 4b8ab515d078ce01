"""The hex battlefield (rulebook, "Play Area"), read from ``board.toml``.

Cells are numbered row by row. Geometry uses doubled-width coordinates: neighbours differ
by (+-2, 0) or (+-1, +-1); the six directions are the attack trajectories (glossary,
"Attack Trajectory").
"""

from __future__ import annotations

import dataclasses

from soulforge.core.data import data_cache, field, package_dir, read_toml
from soulforge.core.errors import DataError

Cell = int
NONE: Cell = -1
DIRECTIONS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
ELEMENTS = {"f": "fire", "w": "water", "e": "earth", "m": "metal", "a": "air", "o": "wood"}
KINDS = {".": "neutral", "#": "anomaly", "@": "emanation", "^": "deployment"}


@dataclasses.dataclass(frozen=True)
class Board:
    """Static facts of the battlefield, precomputed for speed."""

    xy: tuple[tuple[int, int], ...]
    kind: tuple[str, ...]
    """neutral, anomaly, emanation, deployment, elemental or raised."""
    element: tuple[str | None, ...]
    side: tuple[int | None, ...]
    """The seat whose player board holds the cell (None: the middle row)."""
    adjacent: tuple[tuple[Cell, ...], ...]
    within2: tuple[tuple[Cell, ...], ...]
    rays: tuple[tuple[tuple[Cell, ...], ...], ...]
    """rays[c][d]: the cells on the straight line from c in direction d, nearest first."""
    distance: tuple[tuple[int, ...], ...]
    emanation_cells: tuple[tuple[Cell, ...], ...]
    deployment_cells: tuple[tuple[Cell, ...], ...]
    anomaly: tuple[Cell, ...]
    _lines: dict[tuple[Cell, int, int], list[Cell]] = dataclasses.field(
        default_factory=dict, compare=False, hash=False, repr=False)
    _balls: dict[tuple[Cell, int], tuple[Cell, ...]] = dataclasses.field(
        default_factory=dict, compare=False, hash=False, repr=False)
    names: tuple[str, ...] = dataclasses.field(init=False, compare=False, hash=False, repr=False)
    """Each cell's human label (``name``), made once: the log names cells on every move."""

    def __post_init__(self) -> None:
        names = tuple(f"{'ABCDEFGHIJ'[r]}{x // 2 + 1}" for x, r in self.xy)
        object.__setattr__(self, "names", names)  # a frozen dataclass: set once, here

    @property
    def size(self) -> int:
        return len(self.xy)

    def raised(self, cell: Cell) -> bool:
        return self.kind[cell] == "raised"

    def name(self, cell: Cell) -> str:
        """A human label: row letter (A = seat 1's back row) and column number."""
        return self.names[cell]

    def ball(self, cell: Cell, radius: int) -> tuple[Cell, ...]:
        """The cells within ``radius`` of ``cell`` (itself included), in cell order."""
        key = (cell, radius)
        found = self._balls.get(key)
        if found is None:
            row = self.distance[cell]
            found = self._balls[key] = tuple(c for c in range(self.size) if row[c] <= radius)
        return found

    def line_cells(self, cell: Cell, lo: int, hi: int) -> list[Cell]:
        """Cells at range lo..hi on a trajectory from ``cell``, not shielded by Raised terrain.

        A Raised terrain strictly between the two cells blocks the trajectory (glossary,
        "Attack Trajectory"; rulebook, "Play Area": Raised terrains act as a shield).
        """
        key = (cell, lo, hi)
        cached = self._lines.get(key)
        if cached is not None:
            return cached
        found: list[Cell] = []
        for ray in self.rays[cell]:
            for steps, target in enumerate(ray[:hi], start=1):
                if steps >= lo:
                    found.append(target)
                if self.kind[target] == "raised":
                    break
        found.sort()
        self._lines[key] = found
        return found


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dx, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dr + max(0, (dx - dr) // 2)


def _terrain(file: str, code: str, where: str) -> tuple[str, str | None]:
    if code in KINDS:
        return KINDS[code], None
    if code.lower() in ELEMENTS:
        return ("raised" if code.isupper() else "elemental"), ELEMENTS[code.lower()]
    raise DataError(file, where, "rows", f"unknown terrain code {code!r}")


def parse_board(rows: list[str], file: str = "board.toml") -> Board:
    cells: list[tuple[int, int]] = []
    codes: list[str] = []
    for r, row in enumerate(rows):
        for x, code in enumerate(row):
            if code != " ":
                cells.append((x, r))
                codes.append(code)
    index = {xy: i for i, xy in enumerate(cells)}
    width, height = max(x for x, _ in cells), len(rows) - 1
    for (x, r), code in zip(cells, codes, strict=True):
        if index.get((width - x, height - r)) is None or codes[index[(width - x, height - r)]] != code:
            raise DataError(file, f"row {r}", "rows", f"cell at column {x} breaks the point symmetry")
    terrains = [_terrain(file, code, f"row {r}") for code, (_, r) in zip(codes, cells, strict=True)]
    kinds = tuple(t[0] for t in terrains)
    sides = tuple(None if 2 * r == height else (0 if 2 * r > height else 1) for _, r in cells)

    def ray(c: int, d: tuple[int, int]) -> tuple[Cell, ...]:
        out, (x, r) = [], cells[c]
        while (x + d[0], r + d[1]) in index:
            x, r = x + d[0], r + d[1]
            out.append(index[(x, r)])
        return tuple(out)

    rays = tuple(tuple(ray(c, d) for d in DIRECTIONS) for c in range(len(cells)))
    dist = tuple(tuple(hex_distance(a, b) for b in cells) for a in cells)
    n = len(cells)

    def of_kind(kind: str, seat: int) -> tuple[Cell, ...]:
        return tuple(c for c in range(n) if kinds[c] == kind and sides[c] == seat)

    board = Board(
        xy=tuple(cells), kind=kinds, element=tuple(t[1] for t in terrains), side=sides,
        adjacent=tuple(tuple(b for b in range(n) if dist[a][b] == 1) for a in range(n)),
        within2=tuple(tuple(b for b in range(n) if 1 <= dist[a][b] <= 2) for a in range(n)),
        rays=rays, distance=dist,
        emanation_cells=(of_kind("emanation", 0), of_kind("emanation", 1)),
        deployment_cells=(of_kind("deployment", 0), of_kind("deployment", 1)),
        anomaly=tuple(c for c in range(n) if kinds[c] == "anomaly"),
    )
    if len(board.emanation_cells[0]) != 3:
        raise DataError(file, "-", "rows", "each player board needs exactly 3 Emanation terrains")
    return board


@data_cache
def load_board() -> Board:
    path = package_dir("soulforge.games.soul_of_ankiril") / "board.toml"
    data = read_toml(path)
    rows = field(path.name, "board", data, "rows", list)
    return parse_board([str(row) for row in rows], path.name)
