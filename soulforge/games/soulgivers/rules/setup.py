"""Setup's decisions (rulebook 3, steps 12-14) and bringing in a new Soulgiver (4.2
Destruction, steps 4-5): the tile swaps, the hidden choice, placing on a Portal, the card kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core.flow import ClickPath
from soulforge.games.soulgivers.actions import (
    KEEPS,
    PICKS,
    SKIP,
    Keep,
    Pick,
    Place,
    SkipSwap,
    SwapTile,
    place_,
)
from soulforge.games.soulgivers.consequences import move_tiles, own_portals
from soulforge.games.soulgivers.data import CHARS, SHORT_NAMES
from soulforge.games.soulgivers.encoding import OTHER, PICK, PLACE, REFILL
from soulforge.games.soulgivers.rules.common import SoulgiversRule
from soulforge.games.soulgivers.sequence import place_replacement
from soulforge.games.soulgivers.setup import place_starting

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState


def _next_swapper(s: SoulgiversState) -> None:
    if s.seat == 0:
        s.seat = 1
    else:
        s.seat, s.phase = 0, PICK


class SkipSwapRule(SoulgiversRule[SkipSwap]):
    """Step 12: a seat may leave the tiles next to its Portals as they are."""

    action = SkipSwap
    section = "setup step 12 (tile swap)"

    def legal(self, state: SoulgiversState) -> list[SkipSwap]:
        return [SKIP]

    def apply(self, state: SoulgiversState, action: SkipSwap) -> None:
        state.add_log(f"seat {state.seat} keeps the tiles")
        _next_swapper(state)


class SwapTileRule(SoulgiversRule[SwapTile]):
    """Step 12: in turn, swap a tile next to your Portals (rotated as chosen)."""

    action = SwapTile
    section = "setup step 12 (tile swap)"

    def legal(self, state: SoulgiversState) -> list[SwapTile]:
        return list(state.game.swaps[state.seat])

    def apply(self, state: SoulgiversState, action: SwapTile) -> None:
        own = state.game.layout.tiles_of_team[state.seat][action.slot]
        move_tiles(state, {action.tile: (own, action.rot), own: (action.tile, 0)})
        state.add_log(f"seat {state.seat} swaps tile {own} with tile {action.tile}")
        _next_swapper(state)

    def path(self, action: SwapTile) -> ClickPath:
        return (f"portal-tile:{action.slot}", f"tile:{action.tile}", f"rotate:{action.rot}")


class PickRule(SoulgiversRule[Pick]):
    """Step 13: the choice is hidden from the other seat until the Soulgivers are placed."""

    action = Pick
    section = "setup step 13 (starting Soulgivers)"

    def legal(self, state: SoulgiversState) -> list[Pick]:
        return list(map(PICKS.__getitem__, state.deck[state.seat]))

    def apply(self, state: SoulgiversState, action: Pick) -> None:
        team = state.seat
        state.deck[team].remove(action.card)
        state.picks[team].append(action.card)
        state.picks[team].sort()
        state.add_log(f"seat {team} chooses a Soulgiver", visible_to=frozenset((OTHER[team],)))
        state.add_log(f"you choose the {SHORT_NAMES[action.card]}", visible_to=team)
        if len(state.picks[team]) == state.game.rules["team_size"]:
            state.seat, state.phase = (1, PICK) if team == 0 else (0, PLACE)

    def path(self, action: Pick) -> ClickPath:
        return (f"card:{CHARS[action.card].key}",)


class PlaceRule(SoulgiversRule[Place]):
    """Put a Soulgiver on one of your Portals: the chosen three in setup (step 14), or the card
    kept to replace a destroyed one (4.2 Destruction, step 5: it must enter this turn)."""

    action = Place
    section = "setup step 14 / replacing a Soulgiver"

    def legal(self, state: SoulgiversState) -> list[Place]:
        setup = state.phase == PLACE
        team = state.seat if setup else state.player
        cards = state.picks[team] if setup else [state.keep_card]
        portals = own_portals(state, team)
        out = []
        for k in cards:  # loops, not a comprehension: no frame of its own
            for q in portals:
                out.append(place_(k, q))
        return out

    def apply(self, state: SoulgiversState, action: Place) -> None:
        place = place_starting if state.phase == PLACE else place_replacement
        place(state, action.card, action.portal)

    def path(self, action: Place) -> ClickPath:
        return (f"card:{CHARS[action.card].key}", f"portal:{action.portal}")


class KeepRule(SoulgiversRule[Keep]):
    """4.2 Destruction, step 4: of the two Soulgiver cards drawn, keep one; the other goes back
    into the deck."""

    action = Keep
    section = "destruction step 4 (draw 2, keep 1)"

    def legal(self, state: SoulgiversState) -> list[Keep]:
        return list(map(KEEPS.__getitem__, state.pair[state.player]))

    def apply(self, state: SoulgiversState, action: Keep) -> None:
        team = state.player
        state.deck[team] += [k for k in state.pair[team] if k != action.card]
        state.deck[team].sort()
        state.pair[team] = []
        state.keep_card = action.card
        state.phase = REFILL

    def path(self, action: Keep) -> ClickPath:
        return (f"card:{CHARS[action.card].key}",)


SKIP_SWAP, SWAP_TILE, PICK_RULE, PLACE_RULE, KEEP_RULE = (
    SkipSwapRule(), SwapTileRule(), PickRule(), PlaceRule(), KeepRule())
