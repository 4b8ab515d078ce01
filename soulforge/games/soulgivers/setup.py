"""Setup, steps 1-15 (rulebook 3): the board, the tile swaps next to the Portals, placing the
chosen Soulgivers and the second seat's Anomaly. The setup decisions (swap, choose, place)
are rules in ``rules/setup.py`` and call these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.games.soulgivers.actions import SkipSwap, SwapTile
from soulforge.games.soulgivers.board import (
    INTERFERENCE_TILES,
    MOTHER,
    QUARTER_TURNS,
    TILE_CELLS,
    TILES,
    Tile,
    rotate_layout,
)
from soulforge.games.soulgivers.consequences import enter_portal, refresh
from soulforge.games.soulgivers.data import PortalLayout
from soulforge.games.soulgivers.encoding import OTHER, TEAMS, Kind, Team
from soulforge.games.soulgivers.sequence import draw_anomaly, start_turn

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

SKIP = SkipSwap()


def build_board(s: SoulgiversState) -> None:
    """Steps 1-3 and 5-6: Mother tile with Fragment and Barrier, Interference tiles at the ends
    of the central row, the other 22 tiles shuffled face down and flipped (random rotation)."""
    free = (0, 0, 0, 0)
    layouts: dict[int, tuple[int, ...]] = {MOTHER: free}
    data = s.game.data
    layouts[INTERFERENCE_TILES[0]], layouts[INTERFERENCE_TILES[1]] = data.interference
    bag = [free] * (data.basic - 1) + list(data.tiles)
    s.rng.shuffle(bag)
    others = [t for t in TILES if t not in layouts]
    for tile, layout in zip(others, bag, strict=True):
        layouts[tile] = rotate_layout(layout, s.rng.randrange(len(QUARTER_TURNS)))
    for tile, layout in layouts.items():
        for c, code in zip(TILE_CELLS[tile], layout, strict=True):
            s.printed[c] = code
    refresh(s)


def swappable(layout: PortalLayout, team: Team) -> list[Tile]:
    """Tiles a swap may take: not next to the other Portals, not Interference or Mother."""
    banned = {MOTHER, *INTERFERENCE_TILES, *layout.tiles_of_team[OTHER[team]]}
    return [t for t in TILES if t not in banned]


def _swaps(layout: PortalLayout, team: Team) -> tuple[SwapTile, ...]:
    return tuple(SwapTile(slot, t, r) for slot, own in enumerate(layout.tiles_of_team[team])
                 for t in swappable(layout, team) if t != own for r in QUARTER_TURNS)


def swaps(layout: PortalLayout) -> tuple[tuple[SwapTile, ...], ...]:
    """Step 12: each seat's possible swaps, in listing order (a game's ``swaps``)."""
    return tuple(_swaps(layout, team) for team in TEAMS)


def place_starting(s: SoulgiversState, kind: Kind, portal: int) -> None:
    """Step 14: in turns, each seat places its three chosen Soulgivers on its Portals; then
    the second seat draws one Anomaly (step 15) and the first turn begins."""
    team = s.seat
    s.picks[team].remove(kind)
    enter_portal(s, team, kind, portal)
    if s.picks[team]:
        return
    if team == 0:
        s.seat = 1
        return
    draw_anomaly(s, 1)
    start_turn(s)
