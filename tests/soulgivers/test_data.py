"""Data files (CONTRIBUTING.md, card data): validated, every value with its source."""

from __future__ import annotations

import pytest

from soulforge.core import IllegalAction
from soulforge.core.data import read_toml
from soulforge.core.errors import DataError
from soulforge.games.soulgivers.actions import Attack, Collect, Step
from soulforge.games.soulgivers.auras import AURA_NAMES
from soulforge.games.soulgivers.cards import ABILITIES, ANOMALY_BOOK, SOULGIVER_BOOK
from soulforge.games.soulgivers.data import FOLDER, _character, load_data

from .helpers import GAME, blank, piece


def test_every_named_piece_of_code_exists_and_every_value_has_a_source() -> None:
    data = load_data()
    assert len(data.characters) == 10 and sum(a.copies for a in data.anomalies) == 20
    assert len({a.key for a in data.anomalies}) == 10
    for c in data.characters:
        assert {name for name, _ in SOULGIVER_BOOK[c.key].effects} <= set(ABILITIES)
        assert set(c.auras) <= AURA_NAMES
    assert {a.key for a in data.anomalies} == {card.name for card in ANOMALY_BOOK}
    assert len({c.symbol for c in data.characters}) == len(data.characters)


def test_a_bad_value_is_named_with_its_file_entry_and_field() -> None:
    """Card data is validated at load (CONTRIBUTING.md, card data)."""
    runner = read_toml(FOLDER / "soulgivers.toml")["soulgiver"][0]
    with pytest.raises(DataError, match=r"soulgivers\.toml: runner: symbol: must be one capital letter"):
        _character({**runner, "symbol": "rr"})
    with pytest.raises(DataError, match=r"soulgivers\.toml: runner: move: must be between 1 and 6"):
        _character({**runner, "move": 9})


def test_refusals_name_the_rule() -> None:
    s = blank()
    p = piece(s, 0, "architect", "A1")
    with pytest.raises(IllegalAction, match="declare an Active Soulgiver first"):
        s.apply(Step(2))
    s.apply(s.legal_actions()[0])
    s.essences = 0
    s._legal = None
    with pytest.raises(IllegalAction, match="tribute actions"):
        s.apply(Collect())
    with pytest.raises(IllegalAction, match="attack: destruction"):
        s.essences = 1
        s._legal = None
        s.apply(Attack(2))
    assert s.pos[p] == 0


def test_turn_limit_ends_the_game_by_decay() -> None:
    """Authored turn limit (NOTES.md): at the limit the Decay wins."""
    s = blank(turn=100, player=1)
    piece(s, 0, "architect", "A1")
    piece(s, 1, "architect", "J10")
    s.apply(s.legal_actions()[-1])
    assert s.is_over and s.returns() == [-1.0, -1.0] and "turn limit" in s.end_reason
    assert GAME.max_game_length >= 100 * 200
