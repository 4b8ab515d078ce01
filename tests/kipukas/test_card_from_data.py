"""A card added from data alone (issue 31): a data row as in ``cards.json`` and an entry as in
``card_effects.toml`` naming pieces and requirements already registered. No engine code
changes: the card is declared through ``cards.BOOK`` (``abilities.declare``), played through
the legal actions and ``apply``, and its requirement refuses it where it is not met."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from soulforge.core import IllegalAction
from soulforge.core.cards import CardBook
from soulforge.games.kipukas import abilities, cards, data
from soulforge.games.kipukas.actions import Move, Play, Sabotage
from soulforge.games.kipukas.game import Kipukas
from soulforge.games.kipukas.movement import range_of

from .scenario import act, fresh, give, put
from .test_cards import next_turn

_ROWS = {row["id"]: row for row in json.loads((data.DATA / "cards.json").read_text("utf-8"))}

HERON = "test_glass_heron"
HERON_ROW = {**_ROWS["hilbert_king_of_avian_frogs"], "id": HERON, "name": "Glass Heron", "movement": 1}
"""A soul's row: Hilbert's numbers under another name, range 1 by its data."""
HERON_ENTRY = {"effects": ["must_reveal", ["movement", 3]], "reading": "played revealed; range 3"}

THIEF = "test_dream_thief"
THIEF_ROW = {**_ROWS["onironauta"], "id": THIEF, "name": "Dream Thief"}
"""A sabotage card's row."""
THIEF_ENTRY = {"effects": [["sabotage", "onironauta"]], "requires": ["telekinetic_near_camp"]}


@pytest.fixture
def game(monkeypatch: pytest.MonkeyPatch) -> Iterator[Kipukas]:
    """A game whose cards hold the two test cards (every table restored afterwards)."""
    book: CardBook[Any, Any] = CardBook("Kipukas", cards.PIECES, cards.REQUIREMENTS)
    for declared in cards.BOOK:
        book.add(declared.row, key="id")
    monkeypatch.setattr(cards, "BOOK", book)
    for row, entry in ((HERON_ROW, HERON_ENTRY), (THIEF_ROW, THIEF_ENTRY)):
        monkeypatch.setitem(data.CARDS, row["id"], data.load_cards([row])[row["id"]])
        monkeypatch.setitem(cards.ABILITIES, row["id"], cards.Ability())
        abilities.declare(row, entry)
    yield Kipukas()


def test_a_soul_from_data_plays_by_its_pieces(game: Kipukas) -> None:
    """``must_reveal``: every play of it is revealed; ``["movement", 3]``: its range is 3, not
    the row's 1."""
    s = fresh(game=game)
    act(s, 0)
    give(s, 0, HERON)
    plays = [a for a in s.legal_actions() if isinstance(a, Play)]
    assert plays and all(a.revealed for a in plays)
    s.apply(plays[0])
    heron = s.card.index(HERON)
    assert s.on_map[heron] and s.game.cards[HERON].movement == 1
    next_turn(s)
    next_turn(s)
    act(s, 0)
    assert range_of(s, heron) == 3
    assert [a for a in s.legal_actions() if isinstance(a, Move) and a.piece == heron]


def test_a_sabotage_from_data_needs_its_requirement(game: Kipukas) -> None:
    """``requires = ["telekinetic_near_camp"]``: without a revealed Telekinetic soul one path
    from the target camp no sabotage of it is listed, and the refusal is the requirement's."""
    s = fresh(game=game)
    next_turn(s)
    act(s, 0)
    give(s, 0, THIEF)
    assert not [a for a in s.legal_actions() if isinstance(a, Sabotage)]
    with pytest.raises(IllegalAction, match="needs a revealed Telekinetic soul") as refused:
        s.apply(Sabotage(0, 6))
    assert refused.value.rule == "sabotage"
    put(s, 0, "self_care", "m6")  # Telekinetic, one path from territory 6's camp
    act(s, 0)
    assert Sabotage(0, 6) in s.legal_actions()
