"""#playstyleoptions, Band together: "Players must work together to defeat a third party (i.e.,
ref, celebrity player, autonomous party, etc.), The player with the largest number of spaces
held wins. If the third party dominates the kipuka then both players lose". The engine plays
the party: rogues (#rouge) from the third deck."""

from __future__ import annotations

from typing import Any

import pytest

import soulforge
from soulforge.agents import load
from soulforge.core.errors import OptionError
from soulforge.games.kipukas import cards, cycle
from soulforge.games.kipukas.state import KipukasState
from tests.kipukas.scenario import fresh


def _band(seed: int = 0, **options: Any) -> KipukasState:
    return fresh(seed, style="band_together", **options)


def test_the_party_enters_as_rogues_on_the_free_territories() -> None:
    state = _band()
    party = state.mark
    assert len(party) == 3 and all(state.rogues.get(p) is not None for p in party)
    free = {t for t in state.board.holdable if state.holder[t - 1] < 0}
    assert {state.territory[p] for p in party} <= free
    for viewer in (0, 1, None):
        assert state.view(viewer)["style"] == {"name": "band_together", "party": party}
        assert all(piece["rogue"] for piece in state.view(viewer)["pieces"] if piece["piece"] in party)


def test_once_the_party_is_defeated_most_spaces_held_wins() -> None:
    state = _band(party_souls=2)
    state.holder = [0, 0, 1, -1, 1, 1, 1, 0]  # seat 1 holds 4, seat 0 holds 3 (rogues may have cleared some)
    for piece in list(state.mark):
        cards.waste(state, piece)
    assert all(state.card[p] not in state.discard[0] for p in state.mark)  # the party's, not a seat's
    cycle.end_action(state, state.active)
    assert state.is_over and state.winner == 1 and "4 to 3 territories" in state.finished_by


def test_if_the_party_clears_every_claim_both_lose() -> None:
    state = _band()
    state.holder = [-1] * len(state.holder)
    cycle.end_action(state, state.active)
    assert state.is_over and state.winner is None and state.returns() == [-1.0, -1.0]


def test_at_the_peace_bound_with_the_party_at_large_both_lose() -> None:
    state = _band(peace_after=3)
    while not state.is_over:
        while state.phase == "turning":
            state.apply(state.legal_actions()[0])
        cycle.end_cycle(state)
    assert state.returns() == [-1.0, -1.0] and "still at large" in state.finished_by


def test_band_together_is_two_players() -> None:
    with pytest.raises(OptionError, match="two players against the party"):
        soulforge.load("kipukas", style="band_together", map="grand").new_game(seed=0, players=3)


def test_greedy_against_greedy_plays_it_to_its_end() -> None:
    state = soulforge.load("kipukas", style="band_together").new_game(seed=2)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and "the autonomous party is defeated" in state.finished_by
