"""#playstyleoptions, The cost is too great: "This uses standard Domination rules, but in
addition it imposes a soul defeat limit that if hit removes the player from the game"."""

from __future__ import annotations

from typing import Any

import soulforge
from soulforge.agents import load
from soulforge.games.kipukas import cards, cycle, heuristic
from soulforge.games.kipukas.state import KipukasState
from tests.kipukas.scenario import fresh, put

STYLE: dict[str, Any] = {"style": "cost_too_great", "defeat_limit": 2}


def test_hitting_the_defeat_limit_removes_the_player_and_the_other_wins() -> None:
    """Two of seat 1's souls are defeated: once the action is over, seat 1 is out."""
    state = fresh(**STYLE)
    first, second = put(state, 1, "parched_traveler", "m6"), put(state, 1, "brox_the_defiant", "m7")
    cards.waste(state, first)
    cycle.end_action(state, state.active)
    assert not state.is_over and state.lost == [0, 1]
    cards.waste(state, second)
    assert not state.is_over  # not in the middle of the action that defeated it
    cycle.end_action(state, state.active)
    assert state.is_over and state.winner == 0 and state.out == [False, True]
    assert "2 souls defeated, the limit is 2" in state.finished_by


def test_domination_still_wins_before_the_limit() -> None:
    state = fresh(**STYLE)
    for territory in state.board.holdable:
        if territory != 5:
            state.holder[territory - 1] = 0
    cycle.claim(state, put(state, 0, "brox_the_defiant", "T5"))
    assert state.is_over and state.winner == 0 and "every base camp and capital" in state.finished_by


def test_the_limit_is_seen_by_every_seat() -> None:
    state = fresh(**STYLE)
    seen = {"name": "cost_too_great", "lost": [0, 0], "limit": 2, "out": [False, False]}
    assert state.view(0)["style"] == state.view(1)["style"] == state.view(None)["style"] == seen


def _three_seats() -> KipukasState:
    """A 3-player game on the grand map, set up by the first legal choice at each step."""
    state = soulforge.load("kipukas", map="grand", **STYLE).new_game(seed=2, players=3)
    assert isinstance(state, KipukasState)
    while state.phase in ("affinity", "capital", "camp", "set_aside", "turning"):
        state.apply(state.legal_actions()[0])
    return state


def test_among_three_the_removed_player_leaves_the_kipuka_and_the_others_play_on() -> None:
    state = _three_seats()
    held = [t for t in state.board.territories if state.holder[t - 1] == 2]
    doomed = [put(state, 2, "parched_traveler", "m6"), put(state, 2, "brox_the_defiant", "m7")]
    survivor = put(state, 2, "brox_the_defiant", "m9")
    for piece in doomed:
        cards.waste(state, piece)
    cycle.end_action(state, state.active)
    assert not state.is_over and state.out == [False, False, True]
    assert not state.on_map[survivor]
    assert all(state.holder[t - 1] == -1 for t in held) and state.capital[2] == []
    cycle.end_cycle(state)
    while state.phase == "turning":
        state.apply(state.legal_actions()[0])
    assert state.done[2]  # its turns are skipped
    assert state.current_player != 2


def test_the_ai_fears_losses_as_the_limit_nears() -> None:
    state = fresh(style="cost_too_great", defeat_limit=3)
    before = heuristic.evaluate(state, 0)
    state.lost[0] = 1
    one = heuristic.evaluate(state, 0)
    state.lost[0] = 2
    two = heuristic.evaluate(state, 0)
    assert before - one < one - two


def test_greedy_against_greedy_plays_it_to_its_end() -> None:
    state = soulforge.load("kipukas", **STYLE).new_game(seed=1)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and "the last seat standing" in state.finished_by
    assert state.winner is not None and state.out[state.winner] is False
