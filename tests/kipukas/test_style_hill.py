"""#playstyleoptions, King of the hill: "A territory is selected either randomly or by a ref
that must be claimed and held for a certain number of diel cycles to meet the victory
condition. Players start with only a capital in adjacent territories"."""

from __future__ import annotations

import pytest

import soulforge
from soulforge.agents import load
from soulforge.games.kipukas import cycle, heuristic
from soulforge.games.kipukas.actions import Affinity, Capital
from soulforge.games.kipukas.state import KipukasState
from soulforge.games.kipukas.styles import hill_neighbours, hills
from tests.kipukas.scenario import put

pytestmark = pytest.mark.usefixtures("checked_rules")  # each rule lists what its checks let through


def _game(seed: int = 0, **options: object) -> KipukasState:
    state = soulforge.load("kipukas", style="king_of_the_hill", **options).new_game(seed=seed)
    assert isinstance(state, KipukasState)
    return state


def _played(state: KipukasState) -> KipukasState:
    """Through the setup by the first legal choice at each step, to the first day's actions."""
    while state.phase in ("affinity", "capital", "camp", "set_aside", "turning"):
        state.apply(state.legal_actions()[0])
    return state


def test_adjacent_on_the_duel_map_is_joined_by_a_path_that_is_no_tunnel() -> None:
    """The duel map: a ring 1-2-3-(4, water)-5-6-7-8-1, a tunnel 2-6, a path 8-4. Territory 5
    touches only the water (transit) and 6; the tunnel does not make 2 and 6 adjacent."""
    board = soulforge.load("kipukas").board  # type: ignore[attr-defined]
    assert hill_neighbours(board, 1) == [2, 8]
    assert hill_neighbours(board, 2) == [1, 3]
    assert hill_neighbours(board, 5) == [6]
    assert hills(board, 2) == [1, 2, 6, 7, 8]


def test_the_hill_is_drawn_at_random_and_known_to_everyone() -> None:
    drawn = {_game(seed).mark[0] for seed in range(12)}
    assert len(drawn) > 1 and drawn <= set(hills(_game().board, 2))
    state = _game(3)
    hill = state.mark[0]
    for viewer in (0, 1, None):
        assert state.view(viewer)["style"] == {"name": "king_of_the_hill", "hill": hill, "holder": None,
                                               "held": 0, "needed": 3}
    assert any(f"the hill is territory {hill}" in line for line in state.log(1))


def test_capitals_go_only_next_to_the_hill_and_no_base_camps_follow() -> None:
    state = _game(4)
    hill = state.mark[0]
    near = hill_neighbours(state.board, hill)
    for archetype in ("Avian", "Decrepit"):
        state.apply(Affinity(archetype))
    assert sorted(a.territory for a in state.legal_actions() if isinstance(a, Capital)) == near
    far = next(t for t in state.board.holdable if t not in near)
    assert "next to the hill" in str(state.why_illegal(Capital(far)))
    state.apply(Capital(near[0]))
    state.apply(Capital(near[1]))
    assert state.phase == "set_aside"  # 'only a capital': no base camps
    assert sorted(t for t in state.board.territories if state.holder[t - 1] >= 0) == near


def test_holding_the_hill_for_its_cycles_wins_and_a_new_holder_starts_again() -> None:
    state = _played(_game(5, hill_cycles=2))
    hill = state.mark[0]
    state.holder[hill - 1] = 0
    cycle.end_cycle(state)
    assert state.mark == [hill, 0, 1] and not state.is_over
    state.holder[hill - 1] = 1  # taken over: seat 1 starts counting
    _end_the_cycle(state)
    assert state.mark == [hill, 1, 1] and not state.is_over
    _end_the_cycle(state)
    assert state.is_over and state.winner == 1
    assert f"held the hill, territory {hill}, for 2 diel cycles" in state.finished_by


def _end_the_cycle(state: KipukasState) -> None:
    while state.phase == "turning":
        state.apply(state.legal_actions()[0])
    cycle.end_cycle(state)


def test_the_ai_goes_for_the_hill() -> None:
    """A soul nearer the hill, and the hill held, are worth more to the seat."""
    state = _played(_game(6))
    hill = state.mark[0]
    camp = state.board.camp_of(hill)
    far = max(state.board.stands, key=lambda stand: state.board.distance(stand, camp))
    piece = put(state, 0, "brox_the_defiant", far)
    away = heuristic.evaluate(state, 0)
    state.stand[piece] = next(iter(state.board.neighbours[camp]))
    state.moved()
    near = heuristic.evaluate(state, 0)
    state.holder[hill - 1] = 0
    holding = heuristic.evaluate(state, 0)
    assert away < near < holding


def test_greedy_against_greedy_plays_it_to_its_end() -> None:
    state = _game(1)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and "held the hill" in state.finished_by
