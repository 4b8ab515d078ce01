"""Setup (rulebook 3, steps 1-15) and the board of chapter 1."""

from __future__ import annotations

from collections import Counter

import pytest

import soulforge
from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers.actions import Pick, Place, SkipSwap, SwapTile
from soulforge.games.soulgivers.board import FREE, HOLE, INTER, MOTHER, TILE_CELLS, WALL
from soulforge.games.soulgivers.data import load_data
from soulforge.games.soulgivers.encoding import at_portal, piece_of
from soulforge.games.soulgivers.state import SoulgiversState

from .helpers import ENDINGS, GAME, play_random


def new(seed: int = 1) -> SoulgiversState:
    s = GAME.new_game(seed=seed)
    return s


def test_board_mother_tile_fragment_barrier_and_interference() -> None:
    """Steps 1, 2, 5, 6 and the clarifications: Mother tile fixed at the centre with the
    Fragment and the Barrier, Interference tiles at both ends of the central row."""
    s = new()
    assert all(s.printed[c] == FREE for c in TILE_CELLS[MOTHER])
    assert s.frag_tile == MOTHER and s.barrier
    assert [t for t in range(25) if any(s.printed[c] == INTER for c in TILE_CELLS[t])] == [10, 14]


def test_board_uses_every_tile_of_the_data_set_once() -> None:
    """Step 3: the other 22 tiles (2 Basic, 20 with Walls and Black Holes) are shuffled."""
    data = load_data()
    want = Counter(code for tile in data.tiles for code in tile)
    s = new(5)
    got = Counter(s.printed[c] for t in range(25) if t not in (MOTHER, 10, 14) for c in TILE_CELLS[t])
    assert got[WALL] == want[WALL] and got[HOLE] == want[HOLE]
    assert new(5).printed == s.printed and new(6).printed != s.printed


def test_tile_swaps_next_to_portals_in_turn() -> None:
    """Step 12: in turn, a tile next to your Portals may be swapped (and rotated), never with the
    Mother tile, an Interference tile or a tile next to the opponent's Portals."""
    s = new()
    assert s.current_player == 0
    offered = {a.tile for a in s.legal_actions() if isinstance(a, SwapTile)}
    assert not offered & {MOTHER, 10, 14, 21, 23}
    layout = [s.printed[c] for c in TILE_CELLS[7]]
    s.apply(SwapTile(0, 7, 0))
    assert [s.printed[c] for c in TILE_CELLS[1]] == layout
    assert s.current_player == 1
    s.apply(SkipSwap())
    assert s.phase == en.PICK and s.current_player == 0


def test_hidden_choice_then_placement_in_turn_and_second_seat_anomaly() -> None:
    """Steps 13-15: three cards chosen secretly in turn, placed on the Portals, then the second
    seat draws one Anomaly; the first seat starts."""
    s = new()
    s.apply(SkipSwap())
    s.apply(SkipSwap())
    for k in (0, 1, 2):
        s.apply(Pick(k))
    assert s.current_player == 1
    for k in (3, 4, 5):
        s.apply(Pick(k))
    assert s.phase == en.PLACE and s.current_player == 0
    for k in (0, 1, 2):
        s.apply(Place(k, 0))
    for k in (3, 4, 5):
        s.apply(Place(k, 3))
    assert s.pos[piece_of(0, 0)] == at_portal(0) and s.pos[piece_of(1, 3)] == at_portal(3)
    assert len(s.hand[1]) == 1 and s.hand[0] == []
    assert s.phase == en.MAIN and s.current_player == 0 and s.turn == 1
    assert s.decay[0] == 1 and s.essences == 3


def test_options_set_the_turn_limit_and_the_first_seat_population() -> None:
    """Authored options (NOTES.md): the turn limit, and which population the first seat plays."""
    with pytest.raises(ValueError, match="turn_limit"):
        soulforge.load("soulgivers", turn_limit=1)
    s = soulforge.load("soulgivers", first_population="specters").new_game(seed=1)
    assert [team["population"] for team in s.view(0)["teams"]] == ["Specters", "Shells"]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_in_a_result_of_the_rulebook(seed: int) -> None:
    """8 (and the authored turn limit): Conquest, Tie by Extermination or Defeat by Decay."""
    s = play_random(seed)
    assert s.is_over and s.returns() in ENDINGS and s.end_reason
