"""A card from its data row alone (issue 31): existing pieces and requirements, no engine code.

The rows below are not in ``cards.toml``; each is declared through the same ``CardBook``
as every card (``data.parse_card``), put into a game, and plays through the legal actions
and ``apply``, its requirement refusing it until met.
"""

from __future__ import annotations

import pytest

from soulforge.core.errors import DataError, IllegalAction
from soulforge.games.soul_of_ankiril.actions import Activate, Cast
from soulforge.games.soul_of_ankiril.data import parse_card
from soulforge.games.soul_of_ankiril.model import EMPTY, CardDef, replaced
from soulforge.games.soul_of_ankiril.state import AnkirilState

from .helpers import arena, put

AUTHORED = dict.fromkeys(("name", "type", "element", "class", "attack", "health", "sync", "abilities"),
                         "authored")
TIDECALLER = {
    "type": "ally", "element": "water", "class": "Fish", "attack": 1, "health": 4, "sync": 3,
    "active": [["Throw", 2, 3]], "requires": [["emanations_lost", 1]],
    "text": "Active, once one of your Emanations is deactivated: Throw 2 (Range 2-3).",
    "source": AUTHORED,
}
RIPTIDE = {
    "type": "spell", "element": "water", "sync": 2, "effects": [["Damage", 3]],
    "requires": [["emanations_lost", 1]],
    "text": "Once one of your Emanations is deactivated: 3 damage to an opponent's Creature.",
    "source": AUTHORED,
}


def with_cards(state: AnkirilState, *cards: CardDef) -> AnkirilState:
    """``state`` knowing ``cards`` too (a game's cards are its data: nothing else changes)."""
    state.cards = {**state.cards, **{card.name: card for card in cards}}
    return state


def lose_emanation(state: AnkirilState, seat: int) -> None:
    """Deactivate ``seat``'s first Emanation (as an attack bringing it to 0 Health does)."""
    state.ema_hp = replaced(state.ema_hp, seat * 3, 0)
    state.occ[state.board.emanation_cells[seat][0]] = EMPTY
    state._legal = None


def test_a_creature_card_from_its_row_acts_once_its_requirement_is_met() -> None:
    card = parse_card("test", "Tidecaller", TIDECALLER)
    assert card.active == (("Throw", (2, 3)),) and card.requires == (("emanations_lost", (1,)),)
    state = with_cards(arena(), card)
    put(state, "Tidecaller", 0, 27)
    target = put(state, "Urom", 1, 13)  # Range 2 on a straight line from 27
    throw = Activate(27, 13, 0)
    assert throw not in state.legal_actions()
    with pytest.raises(IllegalAction, match="needs 1 of your Emanations deactivated, 0 are") as refused:
        state.apply(throw)
    assert refused.value.rule == "Active Ability"
    lose_emanation(state, 0)
    assert throw in state.legal_actions()
    state.apply(throw)
    assert target.hp == 5 - 2
    assert state.units[state.occ[27]].acted


def test_a_spell_card_from_its_row_is_cast_once_its_requirement_is_met() -> None:
    spell = parse_card("test", "Riptide", RIPTIDE)
    state = with_cards(arena(), spell)
    put(state, "Shekun", 0, 27)  # a Water Channeler
    target = put(state, "Urom", 1, 13)
    state.hands = replaced(state.hands, 0, ("Riptide",))
    state._legal = None
    cast = Cast("Riptide", -1, 13)
    assert not [a for a in state.legal_actions() if isinstance(a, Cast)]
    with pytest.raises(IllegalAction, match="needs 1 of your Emanations deactivated") as refused:
        state.apply(cast)
    assert refused.value.rule == "Cast a Spell"
    lose_emanation(state, 0)
    assert cast in state.legal_actions()
    state.apply(cast)
    assert target.hp == 5 - 3 and state.discard[0] == ("Riptide",)


def test_a_row_naming_an_unknown_requirement_is_refused() -> None:
    with pytest.raises(DataError, match="'tired' is not in Soul of Ankiril requirements"):
        parse_card("test", "Tidecaller", {**TIDECALLER, "requires": ["tired"]})
