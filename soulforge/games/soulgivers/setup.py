"""Setup, steps 1-15 (rulebook 3): the board, tile swaps next to the Portals, the hidden
choice of three starting Soulgivers, placing them on the Portals, the second seat's Anomaly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.actions import Pick, Place, SkipSwap, SwapTile
from soulforge.games.soulgivers.board import MOTHER, TILE_CELLS, rotate_layout
from soulforge.games.soulgivers.effects import DATA, move_tiles, own_portals, refresh
from soulforge.games.soulgivers.state import PORTAL, RULES

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

INTERFERENCE_TILES = (10, 14)
SKIP = SkipSwap()


def build_board(s: SoulgiversState) -> None:
    """Steps 1-3 and 5-6: Mother tile with Fragment and Barrier, Interference tiles at the ends
    of the central row, the other 22 tiles shuffled face down and flipped (random rotation)."""
    free = (0, 0, 0, 0)
    layouts: dict[int, tuple[int, ...]] = {MOTHER: free}
    layouts[INTERFERENCE_TILES[0]], layouts[INTERFERENCE_TILES[1]] = DATA.interference
    bag = [free] * (DATA.basic - 1) + list(DATA.tiles)
    s.rng.shuffle(bag)
    others = [t for t in range(25) if t not in layouts]
    for tile, layout in zip(others, bag, strict=True):
        layouts[tile] = rotate_layout(layout, s.rng.randrange(4))
    for tile, layout in layouts.items():
        for c, code in zip(TILE_CELLS[tile], layout, strict=True):
            s.printed[c] = code
    refresh(s)


def portal_tiles(team: int) -> list[int]:
    return [p.tile for p in DATA.portals if p.team == team]


def swappable(team: int) -> list[int]:
    """Tiles a swap may take: not next to the other Portals, not Interference or Mother."""
    banned = {MOTHER, *INTERFERENCE_TILES, *portal_tiles(1 - team)}
    return [t for t in range(25) if t not in banned]


def _swaps(team: int) -> tuple[Action, ...]:
    out: list[Action] = [SKIP]
    for slot, own in enumerate(portal_tiles(team)):
        out += [SwapTile(slot, t, r) for t in swappable(team) if t != own for r in range(4)]
    return tuple(out)


SWAPS = (_swaps(0), _swaps(1))


def legal_swap(s: SoulgiversState) -> list[Action]:
    return list(SWAPS[s.seat])


def apply_swap(s: SoulgiversState, a: Action) -> None:
    if isinstance(a, SwapTile):
        own = portal_tiles(s.seat)[a.slot]
        move_tiles(s, {a.tile: (own, a.rot), own: (a.tile, 0)})
        s.add_log(f"seat {s.seat} swaps tile {own} with tile {a.tile}")
    else:
        s.add_log(f"seat {s.seat} keeps the tiles")
    if s.seat == 0:
        s.seat = 1
    else:
        s.seat, s.phase = 0, ph.PICK


def legal_pick(s: SoulgiversState) -> list[Action]:
    return [Pick(k) for k in s.deck[s.seat]]


def apply_pick(s: SoulgiversState, a: Action) -> None:
    """Step 13: the choice is hidden from the other seat until the Soulgivers are placed."""
    assert isinstance(a, Pick)
    team = s.seat
    s.deck[team].remove(a.card)
    s.picks[team].append(a.card)
    s.picks[team].sort()
    s.add_log(f"seat {team} chooses a Soulgiver", visible_to=frozenset((1 - team,)))
    s.add_log(f"you choose {DATA.characters[a.card].name}", visible_to=team)
    if len(s.picks[team]) == RULES["team_size"]:
        s.seat, s.phase = (1, ph.PICK) if team == 0 else (0, ph.PLACE)


def legal_place(s: SoulgiversState) -> list[Action]:
    team = s.seat if s.phase == ph.PLACE else s.player
    cards = s.picks[team] if s.phase == ph.PLACE else [s.keep_card]
    return [Place(k, q) for k in cards for q in own_portals(s, team)]


def enter_portal(s: SoulgiversState, team: int, card: int, portal: int) -> None:
    piece = team * 10 + card
    s.pos[piece] = PORTAL + portal
    s.decay[piece] = RULES["decay_start"]
    s.shields[piece] = DATA.characters[card].shields
    s.soul[piece] = -1
    s.revealed[piece] = True
    s.mark_revealed()
    s.add_log(f"seat {team} places {DATA.characters[card].name} on portal {portal}")


def apply_place(s: SoulgiversState, a: Action) -> None:
    """Step 14: in turns, each seat places its three chosen Soulgivers on its Portals."""
    assert isinstance(a, Place)
    team = s.seat
    s.picks[team].remove(a.card)
    enter_portal(s, team, a.card, a.portal)
    if s.picks[team]:
        return
    if team == 0:
        s.seat = 1
        return
    from soulforge.games.soulgivers.turn import draw_anomaly, start_turn

    draw_anomaly(s, 1)  # step 15: the second seat draws one Anomaly
    start_turn(s)
