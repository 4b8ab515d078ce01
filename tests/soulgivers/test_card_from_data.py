"""A card added from a data row alone (issue 31): an Anomaly written as anomalies.toml writes
one, built of pieces the game already has, is declared in the card book, dealt into a hand and
played through the legal actions and ``apply``; its requirements refuse a wrong target. No
engine code knows the card."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from soulforge.core import IllegalAction
from soulforge.core.errors import DataError
from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers.actions import PlayAnomaly
from soulforge.games.soulgivers.cards import ANOMALY_BOOK, CARDS, add_anomaly, remove_anomaly

from .helpers import activate, blank, piece

ROW = {
    "id": "test_decay_surge",
    "name": "Decay Surge",
    "copies": 1,
    "target": "opposing_soulgiver",
    "requires": ["targetable", ["decay_above", 2]],
    "effects": [["add_decay", 1], ["mark", "slowed"]],
    "text": "An opposing Soulgiver whose Decay is above 2 gains 1 Decay and moves 2 cells less this turn.",
    "sources": {"name": "authored", "copies": "authored", "target": "authored", "requires": "authored",
                "effects": "authored", "text": "authored"},
}


@pytest.fixture
def surge() -> Iterator[str]:
    """The test's card in the card book for one test, then out of it again."""
    add_anomaly(ROW)
    yield str(ROW["id"])
    remove_anomaly(str(ROW["id"]))


def test_a_card_from_data_is_played_through_the_legal_actions(surge: str) -> None:
    declaration = ANOMALY_BOOK[surge]
    assert declaration.requirements == (("targetable", ()), ("decay_above", (2,)))
    assert declaration.effects == (("add_decay", (1,)), ("mark", ("slowed",)))
    s = blank()
    architect = piece(s, 0, "architect", "A1", decay=3)
    runner = piece(s, 0, "runner", "E5", decay=3)  # Superluminal Speed: never a target
    fresh = piece(s, 0, "blower", "H8", decay=1)  # Decay not above 2
    piece(s, 1, "protector", "J10", decay=4)  # the player's own
    s.hand[1] = [surge]
    activate(s, architect)
    assert s.phase == en.RESPONSE
    plays = [a for a in s.legal_actions() if isinstance(a, PlayAnomaly)]
    assert plays == [PlayAnomaly(surge, architect)]
    assert str(plays[0]) == "play Decay Surge on seat 0's Architect"
    slowed_range = s.move_range(architect)
    s.apply(plays[0])
    assert s.decay[architect] == 4 and s.slowed & en.BIT[architect]
    assert s.move_range(architect) < slowed_range and s.hand[1] == [] and s.discard[-1] == surge
    del runner, fresh


def test_the_cards_requirements_refuse_a_wrong_target(surge: str) -> None:
    s = blank()
    architect = piece(s, 0, "architect", "A1", decay=3)
    runner = piece(s, 0, "runner", "E5", decay=3)
    fresh = piece(s, 0, "blower", "H8", decay=1)
    mine = piece(s, 1, "protector", "J10", decay=4)
    s.hand[1] = [surge]
    activate(s, architect)
    refusals = {}
    for target in (runner, fresh, mine):
        with pytest.raises(IllegalAction) as refused:
            s.apply(PlayAnomaly(surge, target))
        refusals[target] = str(refused.value)
        assert refused.value.rule == "4.2 playing an anomaly card"
    assert "Superluminal Speed" in refusals[runner]
    assert "Decay is not above 2" in refusals[fresh]
    assert refusals[mine].endswith("Decay Surge is played on an opposing Soulgiver on the board")


def test_a_row_naming_no_piece_is_a_data_error() -> None:
    with pytest.raises(DataError, match=r"Anomaly cards: test_broken: effects: 'explode' is not in anomaly"):
        add_anomaly({**ROW, "id": "test_broken", "effects": [["explode", 3]]})
    assert "test_broken" not in CARDS
