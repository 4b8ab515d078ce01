"""A test-only card built from a data row alone (existing pieces, no engine code): declared on
the game's ``CardBook``, played through the legal actions, its requirement refusing it."""

from __future__ import annotations

from typing import Any

import pytest

import soulforge
from soulforge.core.errors import DataError
from soulforge.games.soulshards import data
from soulforge.games.soulshards.cards import Use
from soulforge.games.soulshards.game import Soulshards
from soulforge.games.soulshards.state import ShardsState
from tests.soulshards.helpers import act, give, hand, labels, put, table

ROW: dict[str, Any] = {
    "name": "Test Hex",
    "type": "spell",
    "cost": {"sorcery": 1},
    "trait": 1,
    "source": "authored",
    "spell": {"requires": [["target", "enemy_char"]], "effects": [["fatigue", 1], ["draw", 1]]},
}
"""The whole declaration: a Spell for 1 Sorcery that needs an enemy Character, causes it 1
Fatigue and draws a card (pieces ``fatigue`` and ``draw``, requirement ``target``)."""


def _with_test_card() -> ShardsState:
    """A table whose game also knows the test card (declared from ``ROW`` on a fresh book)."""
    game = soulforge.load("soulshards")
    assert isinstance(game, Soulshards)
    card = data.declare_card("test", ROW, data.card_book())
    game.cards = {**game.cards, card.name: card}
    s = table()
    s.game, s.cards = game, game.cards
    s.forget_listing()
    return s


def test_a_card_from_a_data_row_is_played_through_the_legal_actions() -> None:
    s = _with_test_card()
    foe = put(s, 1, "b", "Spire Acolyte")
    hand(s, 0, "Test Hex")
    give(s, 0, sorcery=1)
    drawn = len(s.arsenal[0])
    act(s, "play Test Hex on seat 1's Battlefield #1")
    assert foe.fatigue == 1
    assert len(s.arsenal[0]) == drawn - 1 and len(s.hand[0]) == 1
    assert "Test Hex" in s.home[0]


def test_its_target_requirement_refuses_it_without_an_enemy_character() -> None:
    s = _with_test_card()
    put(s, 0, "b", "Militia Spearman")  # one of the player's own: not a target
    hand(s, 0, "Test Hex")
    give(s, 0, sorcery=1)
    assert not [label for label in labels(s) if "Test Hex" in label]
    spell = s.cards["Test Hex"].spell
    assert spell is not None and spell.target == "enemy_char"
    assert s.game.book.unmet(spell.declaration, s, Use(0, -1, "Test Hex")) == "the target is gone"


def test_a_row_naming_an_unknown_piece_is_refused_at_load() -> None:
    row = {**ROW, "spell": {"effects": [["curse", 1]]}}
    with pytest.raises(DataError, match="'curse' is not in Soulshards effects"):
        data.declare_card("test", row, data.card_book())
