"""#playstyleoptions, The hunt: "After a fixed number of diel cycles, the player with the most
territories plus the hunt bonus (player with most souls with a certain type defeated receives a
+3 bonus) wins. Both players must have an agreed number of those types in their decks. The
huntable cards must be played and cannot be discarded. Additionally, an overall deck size must
be agreed upon"."""

from __future__ import annotations

from typing import Any

import pytest

import soulforge
from soulforge.agents import load
from soulforge.core.errors import IllegalAction, OptionError
from soulforge.games.kipukas import cards, cycle
from soulforge.games.kipukas.actions import CallInitiative, EndActions, HandToBottom, SetAside
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import NIGHT
from soulforge.games.kipukas.state import KipukasState
from tests.kipukas.scenario import act, give, put

pytestmark = pytest.mark.usefixtures("checked_rules")  # each rule lists what its checks let through

HUNT: dict[str, Any] = {"style": "the_hunt", "hunt_type": "Avian", "hunt_count": 2}


def _game(seed: int = 0, **options: Any) -> KipukasState:
    state = soulforge.load("kipukas", **{**HUNT, **options}).new_game(seed=seed)
    assert isinstance(state, KipukasState)
    return state


def _played(state: KipukasState) -> KipukasState:
    while state.phase in ("affinity", "capital", "camp", "set_aside", "turning"):
        state.apply(state.legal_actions()[0])
    return state


def _avian(card: str) -> bool:
    return CARDS[card].soul and CARDS[card].archetypal_gene == "Avian"


def test_each_deck_holds_the_agreed_huntable_souls_within_the_agreed_size() -> None:
    state = _game(card_limit=14)
    for deck in state.decklists:
        assert len(deck) == 14 and sum(1 for card in deck if _avian(card)) == 2


def test_a_deck_short_of_huntable_souls_is_refused() -> None:
    with pytest.raises(OptionError, match="Avian souls, the hunt wants 3"):
        soulforge.load("kipukas", **{**HUNT, "hunt_count": 3}).new_game(seed=0)  # ember holds 2


def test_a_huntable_card_cannot_be_set_aside() -> None:
    state = _game()
    while state.phase != "set_aside":
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    prey = next(card for card in state.deck[seat] if _avian(card))
    assert SetAside(prey) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="must be played, not set aside"):
        state.apply(SetAside(prey))


def test_a_hand_holding_a_huntable_card_cannot_go_to_the_deck_bottom() -> None:
    state = _played(_game())
    state.apply(CallInitiative())
    state.apply(EndActions())
    assert state.phase == NIGHT
    seat = state.current_player
    assert seat is not None
    prey = next(card for card in state.decklists[seat] if _avian(card))
    give(state, seat, prey, "string")
    assert HandToBottom() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="must be played, not put away"):
        state.apply(HandToBottom())
    give(state, seat, "string")
    act(state, seat)
    assert HandToBottom() in state.legal_actions()


def test_most_territories_plus_the_hunt_bonus_wins_after_the_cycles() -> None:
    """Seat 1 holds one territory more, seat 0 defeated the only huntable soul: 3 more wins."""
    state = _played(_game(style_cycles=3))
    prey = next(card for card in CARDS if _avian(card))
    hunter, quarry = put(state, 0, "brox_the_defiant", "m2"), put(state, 1, prey, "m2")
    state.attacker, state.defender = hunter, quarry
    cards.waste(state, quarry)
    state.attacker = state.defender = -1
    free = next(t for t in state.board.holdable if state.holder[t - 1] < 0)
    state.holder[free - 1] = 1
    assert state.view(0)["style"]["hunted"] == [1, 0] and state.view(1)["style"]["bonus"] == [3, 0]
    while not state.is_over:
        while state.phase == "turning":
            state.apply(state.legal_actions()[0])
        cycle.end_cycle(state)
    assert state.cycle == 3 and state.winner == 0
    assert "the hunt (3 diel cycles played)" in state.finished_by


def test_a_tied_hunt_gives_no_bonus() -> None:
    state = _played(_game())
    state.mark = [1, 1]
    assert state.view(None)["style"]["bonus"] == [0, 0]


def test_greedy_against_greedy_plays_it_to_its_end() -> None:
    state = _game(2, style_cycles=6)
    agents = [load("greedy:samples=1", seed=1), load("greedy:samples=1", seed=2)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state, seat))
    assert state.is_over and "the hunt (6 diel cycles played)" in state.finished_by


def test_the_ai_values_the_hunt() -> None:
    from soulforge.games.kipukas import heuristic

    state = _played(_game())
    before = heuristic.evaluate(state, 0)
    state.mark = [1, 0]
    assert heuristic.evaluate(state, 0) > before
