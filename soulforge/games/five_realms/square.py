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


ROW_COL: tuple[tuple[int, int], ...] = tuple(row_col(c) for c in range(FRAME * FRAME))
"""``row_col`` of every cell, looked up (``map(ROW_COL.__getitem__, cells)`` runs in C)."""


def _neighbours(c: Cell) -> tuple[Cell, ...]:
    row, col = row_col(c)
    near = ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1))
    return tuple(cell(r, k) for r, k in near if 0 <= r < FRAME and 0 <= k < FRAME)


NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(_neighbours(c) for c in range(FRAME * FRAME))


def empty_square() -> Square:
    return [EMPTY] * (FRAME * FRAME)


CELLS = range(FRAME * FRAME)


def occupied(square: Square) -> list[Cell]:
    """The cells holding a card, in order."""
    out = []
    for c in CELLS:  # a loop, not a comprehension: no frame of its own (several calls a turn)
        if square[c] != EMPTY:
            out.append(c)
    return out


CENTRE = tuple(cell(row, col) for row in range(1, SIZE + 1) for col in range(1, SIZE + 1))
"""The cells of rows and columns 1..3: where :func:`normalise` leaves every card of a square
no larger than 3 by 3 (at the start of each turn)."""


def layout(square: Square) -> tuple[Cell, ...]:
    """``occupied(square)`` as a tuple, reading the 9 cells of the centre when every card lies
    there (the square at the start of a turn) rather than the 25 of the frame."""
    out = []
    for c in CENTRE:  # a loop, not a comprehension: no frame of its own (once a turn)
        if square[c] != EMPTY:
            out.append(c)
    if len(out) + square.count(EMPTY) != len(square):  # a card outside the centre
        return tuple(occupied(square))
    return tuple(out)


def touches_card(square: Square, c: Cell) -> bool:
    """Whether a card lies orthogonally next to cell ``c``."""
    return any(square[n] != EMPTY for n in NEIGHBOURS[c])


def span_with(square: Square, c: Cell) -> tuple[int, int]:
    """The rows and the columns the cards and cell ``c`` together span."""
    cells = [*occupied(square), c]
    rows = [x // FRAME for x in cells]
    cols = [x % FRAME for x in cells]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


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
    drow = 1 - cards[0] // FRAME  # the cells are in order: the first is in the top row
    dcol = 1 - min([c % FRAME for c in cards])
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
    if len(square) - square.count(EMPTY) > 1:  # counted in C: asked at the end of every turn
        return False
    cards = occupied(square)
    remaining = [square[c] for c in cards]
    for c in cards:
        square[c] = EMPTY
    for index, (row, col) in enumerate(ring):
        if index < len(remaining):
            square[cell(row + 1, col + 1)] = remaining[index]
        elif deck:
            square[cell(row + 1, col + 1)] = deck.pop()
    return True
