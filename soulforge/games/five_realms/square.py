"""The floating Alkane square: placement spots, collection and refill.

The square is a list of ``FRAME * FRAME`` cells holding card ids (``EMPTY`` for none).
At the start of every turn the cards are shifted so their bounding box starts at row 1,
column 1 of the frame; every spot that keeps the square within 3x3 is then in the frame,
so the placement action space is the fixed 5x5 frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from soulforge.games.five_realms.actions import FRAME

EMPTY = -1
SIZE = 3
"""The square's theoretical size: 3 cards by 3 cards."""
Square = list[int]
Cell = int
BannerOf = Callable[[int], int]


def cell(row: int, col: int) -> Cell:
    return row * FRAME + col


def row_col(c: Cell) -> tuple[int, int]:
    return divmod(c, FRAME)


def _neighbours(c: Cell) -> tuple[Cell, ...]:
    row, col = row_col(c)
    near = ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1))
    return tuple(cell(r, k) for r, k in near if 0 <= r < FRAME and 0 <= k < FRAME)


NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(_neighbours(c) for c in range(FRAME * FRAME))


def empty_square() -> Square:
    return [EMPTY] * (FRAME * FRAME)


def occupied(square: Square) -> list[Cell]:
    return [c for c in range(FRAME * FRAME) if square[c] != EMPTY]


def placement_spots(square: Square) -> list[Cell]:
    """Empty cells orthogonally adjacent to a card that keep the square within 3x3."""
    cards = tuple(occupied(square))
    spots = _SPOTS.get(cards)
    if spots is None:
        if len(_SPOTS) > CACHE_LIMIT:
            _SPOTS.clear()
        spots = _SPOTS[cards] = _spots_for(cards)
    return spots


CACHE_LIMIT = 100_000
_SPOTS: dict[tuple[Cell, ...], list[Cell]] = {}
"""The spots depend only on which cells are occupied: computed once per layout (playouts)."""


def _spots_for(cards: tuple[Cell, ...]) -> list[Cell]:
    if not cards:
        return []
    rows = [c // FRAME for c in cards]
    cols = [c % FRAME for c in cards]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    spots = set()
    for c in cards:
        for n in NEIGHBOURS[c]:
            if n in cards:
                continue
            r, k = divmod(n, FRAME)
            if max(bottom, r) - min(top, r) < SIZE and max(right, k) - min(left, k) < SIZE:
                spots.add(n)
    return sorted(spots)


def why_not_spot(square: Square, c: Cell) -> str:
    """Why a cell is not a legal spot (for refusals)."""
    if square[c] != EMPTY:
        return "that spot already holds a card"
    if all(square[n] == EMPTY for n in NEIGHBOURS[c]):
        return "the card must be orthogonally adjacent to a card of the square"
    return "the square must stay within 3 cards by 3 cards"


def connected_run(square: Square, start: Cell, banner_of: BannerOf) -> list[Cell]:
    """The cells of ``start``'s banner orthogonally connected to it (start included)."""
    banner = banner_of(square[start])
    run, todo = {start}, [start]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n not in run and square[n] != EMPTY and banner_of(square[n]) == banner:
                run.add(n)
                todo.append(n)
    return sorted(run)


def normalise(square: Square) -> tuple[int, int]:
    """Shift the cards so their bounding box starts at (1, 1); returns the shift."""
    cards = occupied(square)
    if not cards:
        return 0, 0
    drow = 1 - min(c // FRAME for c in cards)
    dcol = 1 - min(c % FRAME for c in cards)
    if drow or dcol:
        ids = [square[c] for c in cards]
        for c in cards:
            square[c] = EMPTY
        for c, card in zip(cards, ids, strict=True):
            square[c + drow * FRAME + dcol] = card
    return drow, dcol


def refill(square: Square, deck: list[int], ring: Sequence[tuple[int, int]]) -> bool:
    """Complete the square when 1 or 0 cards are left; True if it was refilled.

    As at setup: the remaining card (if any) goes to spot A, then cards from the top of
    the deck fill the following spots clockwise while the deck lasts.
    """
    cards = occupied(square)
    if len(cards) > 1:
        return False
    remaining = [square[c] for c in cards]
    for c in cards:
        square[c] = EMPTY
    for index, (row, col) in enumerate(ring):
        if index < len(remaining):
            square[cell(row + 1, col + 1)] = remaining[index]
        elif deck:
            square[cell(row + 1, col + 1)] = deck.pop()
    return True
