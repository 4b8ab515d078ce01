"""The balance lab's summary of a Kipukas game (``summary.py``): the opening hand is the hand
each seat holds when the first day begins, and the cards drawn leave it out."""

from __future__ import annotations

import random
from collections import Counter

import soulforge
from soulforge.core.summary import taken
from soulforge.games.kipukas.encoding import AFFINITY, ASIDE, CAMP, CAPITAL
from soulforge.games.kipukas.state import KipukasState

SETUP_PHASES = (AFFINITY, CAPITAL, CAMP, ASIDE)


def test_the_opening_hand_is_the_hand_dealt_as_the_first_day_begins() -> None:
    game = soulforge.load("kipukas")
    state = game.new_game(seed=3)
    assert isinstance(state, KipukasState)
    start = state.clone()
    assert not any(start.hand), "no hand is dealt before the setup decisions"
    rng = random.Random(3)
    dealt: list[list[str]] | None = None
    aside: list[str] = []
    moves = 0
    while not state.is_over and moves < 400:  # a long stretch of days: cards are drawn
        seat = state.current_player
        assert seat is not None
        state.apply(rng.choice(state.legal_actions()), seat)
        moves += 1
        if dealt is None and state.phase not in SETUP_PHASES:
            dealt, aside = [list(hand) for hand in state.hand], list(state.aside)
    assert dealt is not None
    summary = game.result_summary(state, start)
    for seat, entry in enumerate(summary["seats"]):
        assert dealt[seat], "the hands are dealt at the end of setup"
        assert entry["opening"] == sorted(set(dealt[seat]))
        left_deck = taken(state.decklists[seat], state.deck[seat])
        kept_out = Counter(dealt[seat]) + Counter([aside[seat]] if aside[seat] else [])
        assert entry["drawn"] == sorted(set((Counter(left_deck) - kept_out).elements()))
    assert any(entry["drawn"] for entry in summary["seats"]), "some seat drew after the deal"
