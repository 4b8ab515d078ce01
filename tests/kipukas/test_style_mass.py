"""#playstyleoptions, Mass conflict: "Domination with up to 4 players on a standard kipuka. (8
territories = 2 player max, 9-11 territories = 3 player max, 12 territories = 4 players max or
starting territories are limited to 1 capital and 1 base camp)"."""

from __future__ import annotations

import pytest

import soulforge
from soulforge.agents import load
from soulforge.core.errors import OptionError
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.kipukas.styles import most_players

pytestmark = pytest.mark.usefixtures("checked_rules")  # each rule lists what its checks let through


def _set_up(players: int, board: str, seed: int = 0) -> KipukasState:
    state = soulforge.load("kipukas", style="mass_conflict", map=board).new_game(seed=seed, players=players)
    assert isinstance(state, KipukasState)
    while state.phase in ("affinity", "capital", "camp"):
        state.apply(state.legal_actions()[0])
    return state


def test_the_rulebooks_territory_counts() -> None:
    assert [most_players(n) for n in (8, 9, 11, 12)] == [2, 3, 3, 4]


@pytest.mark.parametrize(("players", "board", "each"), [(3, "grand", 3), (4, "grand", 2), (3, "duel", 2)])
def test_each_player_starts_with_the_territories_the_map_allows(players: int, board: str, each: int) -> None:
    """The grand map (12 territories, 10 holdable) seats 3 with the standard 3 territories; 4
    there (10 < 12) and 3 on the duel map (8: a 2-player map) start with 1 capital and 1 base camp."""
    state = _set_up(players, board)
    assert [sum(1 for h in state.holder if h == seat) for seat in range(players)] == [each] * players
    assert all(len(state.capital[seat]) == 1 for seat in range(players))
    assert state.view(None)["style"] == {"name": "mass_conflict", "starting_territories": each}


def test_two_players_or_too_many_for_the_map_are_refused() -> None:
    with pytest.raises(OptionError, match="3 or 4 players"):
        soulforge.load("kipukas", style="mass_conflict").new_game(seed=0, players=2)
    with pytest.raises(OptionError, match="cannot start 4 players"):
        soulforge.load("kipukas", style="mass_conflict").new_game(seed=0, players=4)


def test_domination_still_refuses_more_players_than_its_map() -> None:
    with pytest.raises(OptionError, match="the duel map takes at most 2, got 3"):
        soulforge.load("kipukas").new_game(seed=0, players=3)


def test_three_greedy_players_play_it_to_its_end() -> None:
    game = soulforge.load("kipukas", style="mass_conflict", map="grand", peace_after=8)
    state = game.new_game(seed=1, players=3)
    agents = [load("greedy:samples=1", seed=seat) for seat in range(3)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and state.finished_by
