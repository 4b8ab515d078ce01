"""#playstyleoptions, Highest body count: "Territory claims do not matter. Capitals cannot be
taken. The game ends when either player runs out of cards. The victor is the player that
managed to defeat the most soul cards. A number of soul cards and total card limit should be
agreed upon"."""

from __future__ import annotations

from typing import Any

import soulforge
from soulforge.agents import load
from soulforge.games.kipukas import cards, cycle, heuristic
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.state import KipukasState
from tests.kipukas.scenario import fresh, put

STYLE: dict[str, Any] = {"style": "body_count"}


def test_the_agreed_card_and_soul_limits_cut_each_deck() -> None:
    state = fresh(**STYLE, card_limit=12, soul_limit=4)
    for seat in range(2):
        deck = state.decklists[seat]
        assert len(deck) == 12
        assert sum(1 for card in deck if CARDS[card].soul) <= 4
        assert sorted(state.deck[seat] + state.hand[seat] + [state.aside[seat]]) == sorted(deck)


def test_a_capital_cannot_be_taken() -> None:
    """Seat 0 holds every territory but seat 1's capital (5) and stands on it: under
    Domination it takes the capital and wins; under the body count the capital stays."""
    for style, taken in (("domination", True), ("body_count", False)):
        state = fresh(style=style)
        for territory in state.board.holdable:
            if territory != 5:
                state.holder[territory - 1] = 0
        piece = put(state, 0, "brox_the_defiant", "T5")
        cycle.claim(state, piece)
        assert (state.holder[4] == 0) is taken, style
        assert state.is_over is taken, style


def test_claims_do_not_matter() -> None:
    """Holding every base camp wins nothing: the game goes on."""
    state = fresh(**STYLE)
    for territory in state.board.holdable:
        if territory != 5 and territory != 1:
            state.holder[territory - 1] = 0
    piece = put(state, 0, "brox_the_defiant", "T6")
    state.holder[5] = 1
    cycle.claim(state, piece)
    assert state.holder[5] == 0 and not state.is_over


def test_a_defeat_counts_for_the_seat_whose_soul_fought_it() -> None:
    """A soul wasted in a fight is defeated by the other side; one wasted by a storm is lost
    to its seat and defeated by no one."""
    state = fresh(**STYLE)
    mine = put(state, 0, "brox_the_defiant", "m2")
    theirs = put(state, 1, "parched_traveler", "m2")
    state.attacker, state.defender = mine, theirs
    cards.waste(state, theirs)
    assert state.kills == [1, 0] and state.lost == [0, 1]
    state.attacker = state.defender = -1
    cards.waste(state, mine)  # no fight: a storm, a trap...
    assert state.kills == [1, 0] and state.lost == [1, 1]
    assert state.view(1)["style"] == {"name": "body_count", "kills": [1, 0], "lost": [1, 1]}


def _run_out(state: KipukasState, seat: int) -> None:
    state.deck[seat], state.hand[seat], state.aside[seat] = [], [], ""


def test_the_game_ends_when_a_player_runs_out_of_cards_and_most_defeats_wins() -> None:
    state = fresh(**STYLE)
    state.kills = [1, 3]
    _run_out(state, 0)
    cycle.end_cycle(state)
    assert state.is_over and state.winner == 1
    assert "ran out of cards" in state.finished_by and "3 to 1 souls defeated" in state.finished_by


def test_an_equal_body_count_is_a_tie() -> None:
    state = fresh(**STYLE)
    state.kills = [2, 2]
    _run_out(state, 1)
    cycle.end_cycle(state)
    assert state.is_over and state.winner is None and state.returns() == [0.0, 0.0]


def test_the_game_goes_on_while_both_hold_cards() -> None:
    state = fresh(**STYLE)
    state.deck[0] = []
    cycle.end_cycle(state)
    assert not state.is_over and state.cycle == 2


def test_the_ai_values_a_defeat_above_a_territory() -> None:
    state = fresh(**STYLE)
    before = heuristic.evaluate(state, 0)
    state.kills[0] += 1
    with_kill = heuristic.evaluate(state, 0)
    state.kills[0] -= 1
    state.holder[3 - 1] = 0  # a territory more instead
    with_territory = heuristic.evaluate(state, 0)
    assert with_kill > with_territory > before


def test_greedy_against_greedy_plays_a_body_count_to_its_end() -> None:
    """A seeded game of two greedy agents with 10-card decks ends by a player running out."""
    state = soulforge.load("kipukas", **STYLE, card_limit=10).new_game(seed=1)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(2000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and "ran out of cards" in state.finished_by
    assert state.winner is not None and state.kills[state.winner] == max(state.kills)
