"""#playstyleoptions, Find the treasure: "A ref secretly marks a space on the board with an item
card, the first player to claim that space wins the match and receives the item card. Players
start with only a capital in adjacent territories". The engine is the referee; its space is
absent from every seat's view until the game is over."""

from __future__ import annotations

import random

import pytest

import soulforge
from soulforge.agents import load
from soulforge.games.kipukas import cycle, hidden
from soulforge.games.kipukas.actions import Affinity, Capital
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.kipukas.styles import hill_neighbours
from tests.kipukas.scenario import put

pytestmark = pytest.mark.usefixtures("checked_rules")  # each rule lists what its checks let through


def _game(seed: int = 0) -> KipukasState:
    state = soulforge.load("kipukas", style="find_the_treasure").new_game(seed=seed)
    assert isinstance(state, KipukasState)
    return state


def _played(state: KipukasState) -> KipukasState:
    while state.phase in ("affinity", "capital", "camp", "set_aside", "turning"):
        state.apply(state.legal_actions()[0])
    return state


def test_the_capitals_are_adjacent_and_alone() -> None:
    state = _game()
    for archetype in ("Avian", "Decrepit"):
        state.apply(Affinity(archetype))
    state.apply(Capital(6))
    legal = sorted(a.territory for a in state.legal_actions() if isinstance(a, Capital))
    assert legal == hill_neighbours(state.board, 6) == [5, 7]
    state.apply(Capital(7))
    assert state.phase == "set_aside"  # no base camps


def test_the_referee_marks_a_free_territory_once_the_setup_is_over() -> None:
    state = _played(_game(1))
    treasure = state.mark[0]
    assert treasure in state.board.holdable and state.holder[treasure - 1] == -1
    assert any("secretly marks a territory" in line for line in state.log(0))


def test_the_secret_space_is_absent_from_every_view_and_log() -> None:
    """Two games differing only in the referee's space look the same to every seat and to a
    spectator (views and logs), at the start and after play."""
    state = _played(_game(2))
    other = state.clone()
    other.mark[0] = next(t for t in state.board.holdable if state.holder[t - 1] < 0 and t != state.mark[0])
    other.mark[1] = (state.mark[1] + 1) % 5  # and another item card
    for viewer in (0, 1, None):
        assert state.view(viewer) == other.view(viewer)
        assert state.log(viewer) == other.log(viewer)
        assert state.view(viewer)["style"]["secret"] is None


def test_the_first_to_claim_it_wins_and_other_claims_search() -> None:
    state = _played(_game(3))
    treasure = state.mark[0]
    elsewhere = next(t for t in state.board.holdable if state.holder[t - 1] < 0 and t != treasure)
    cycle.claim(state, put(state, 0, "brox_the_defiant", f"T{elsewhere}"))
    assert not state.is_over and elsewhere in state.view(1)["style"]["searched"]
    cycle.claim(state, put(state, 1, "brox_the_defiant", f"T{treasure}"))
    assert state.is_over and state.winner == 1 and "secret space" in state.finished_by
    assert state.view(0)["style"]["secret"] == treasure


def test_a_seat_imagining_the_game_draws_the_space_among_the_unsearched() -> None:
    state = _played(_game(4))
    searched = set(state.view(0)["style"]["searched"])
    drawn = set()
    for n in range(40):
        world = state.clone()
        hidden.resample(world, 0, random.Random(n))
        drawn.add(world.mark[0])
    assert not drawn & searched and len(drawn) > 1
    assert drawn <= {t for t in state.board.holdable if t not in searched}


def test_greedy_against_greedy_plays_it_to_its_end() -> None:
    state = _game(1)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and "the referee's secret space" in state.finished_by
