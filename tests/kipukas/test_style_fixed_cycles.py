"""#playstyleoptions, the styles judged after a fixed number of diel cycles: "The ends must
justify the means: The player with the most territory gained to souls lost after a fixed number
of diel cycles wins" and "Coastal war: The player to control the most coastline after a fixed
number of diel cycles is the victor"."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

import soulforge
from soulforge.agents import load
from soulforge.core.errors import OptionError
from soulforge.games.kipukas import cycle, heuristic
from soulforge.games.kipukas.game import Kipukas
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.kipukas.styles import STYLES, EndsJustifyMeans
from tests.kipukas.scenario import fresh, put


def _to_cycle(state: KipukasState, last: int) -> None:
    """End diel cycles until ``last`` is over (or the game is)."""
    while not state.is_over and state.cycle <= last:
        while state.phase == "turning":
            state.apply(state.legal_actions()[0])
        cycle.end_cycle(state)


def test_the_ends_count_territory_gained_from_the_setup_per_soul_lost() -> None:
    state = fresh(style="ends_justify_means", style_cycles=4)
    assert state.mark == [3, 3]  # each seat's setup claims: its start
    state.holder[4 - 1 + 3] = 0  # territory 7, free after the setup: seat 0 gains one
    state.holder[6 - 1] = 0  # and takes seat 1's territory 6: two gained, seat 1 one lost
    state.lost = [2, 0]
    style = STYLES["ends_justify_means"]
    assert isinstance(style, EndsJustifyMeans)
    assert style.ratio(state, 0) == Fraction(2, 2) and style.ratio(state, 1) == Fraction(-1, 1)
    _to_cycle(state, 3)
    assert not state.is_over
    _to_cycle(state, 4)
    assert state.is_over and state.winner == 0
    assert "4 diel cycles played" in state.finished_by
    assert "1 to -1 territory gained per soul lost" in state.finished_by


def test_the_ends_read_no_loss_as_one() -> None:
    """A seat that lost no soul: its gain is divided by one (a ratio to none is no number)."""
    state = fresh(style="ends_justify_means")
    state.holder[7 - 1] = 1
    assert STYLES["ends_justify_means"].view(state, 0)["style"]["ratio"] == ["0", "1"]


def test_the_ends_do_not_end_at_a_conquest() -> None:
    state = fresh(style="ends_justify_means")
    for territory in state.board.holdable:
        if territory != 5:
            state.holder[territory - 1] = 0
    cycle.claim(state, put(state, 0, "brox_the_defiant", "T5"))
    assert state.holder[5 - 1] == 0 and not state.is_over


def test_the_coastline_is_map_data_and_the_most_held_wins_after_the_cycles() -> None:
    state = fresh(style="coastal_war", style_cycles=2)  # seat 0 holds 1, 2, 8; seat 1 holds 5, 6, 3
    assert state.board.coastline == (0, 0, 2, 0, 1, 0, 0, 1)
    assert state.view(None)["style"]["held"] == [1, 3]
    state.holder[3 - 1] = 0  # seat 0 takes territory 3's coast (2)
    _to_cycle(state, 2)
    assert state.is_over and state.winner == 0 and "3 to 1 coastline" in state.finished_by


def test_equal_coastline_is_a_tie() -> None:
    state = fresh(style="coastal_war", style_cycles=1)
    state.holder[3 - 1] = -1  # 1 each: seat 0 territory 8, seat 1 territory 5
    _to_cycle(state, 1)
    assert state.is_over and state.winner is None


def test_a_map_without_coastline_refuses_coastal_war() -> None:
    game = Kipukas(style="coastal_war")
    game.board = dataclasses.replace(game.board, coastline=())
    with pytest.raises(OptionError, match="no coastline"):
        game.new_game(seed=0)


def test_the_ai_goes_for_the_coast() -> None:
    state = fresh(style="coastal_war")
    before = heuristic.evaluate(state, 0)
    state.holder[3 - 1] = 0
    coast = heuristic.evaluate(state, 0)
    state.holder[3 - 1], state.holder[6 - 1] = 1, 0  # an inland territory instead
    inland = heuristic.evaluate(state, 0)
    assert coast > inland > before


@pytest.mark.parametrize("style", ["ends_justify_means", "coastal_war"])
def test_greedy_against_greedy_plays_it_to_its_end(style: str) -> None:
    state = soulforge.load("kipukas", style=style, style_cycles=6).new_game(seed=2)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and "6 diel cycles played" in state.finished_by
