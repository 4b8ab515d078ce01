"""Card data (DESIGN.md, Card data; CONTRIBUTING.md): cards.toml validated, every value sourced."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from soulforge.core import DataError
from soulforge.core.data import SOURCES
from soulforge.games.five_realms.cards import EFFECTS, REQUIREMENTS, TRIGGERS
from soulforge.games.five_realms.data import DATA_FILE, PIECE_FIELDS, load_rules


def _load(path: Path) -> object:
    return load_rules(None, path)


def _unsourced(node: Any, where: str = "") -> list[str]:
    """Every value not written {value, source}; a piece's name (a string in a row's list of
    pieces) picks a piece of code, not a value from a source."""
    if isinstance(node, dict):
        if "value" in node:
            return [] if node.get("source") in SOURCES else [where]
        return [bad for key, value in node.items() for bad in _unsourced(value, f"{where}.{key}")]
    if isinstance(node, list):
        return [bad for i, item in enumerate(node) for bad in _unsourced(item, f"{where}[{i}]")]
    piece_field = where.rsplit(".", 1)[-1].split("[", 1)[0]
    return [] if isinstance(node, str) and piece_field in PIECE_FIELDS else [where]


def test_every_value_says_where_it_comes_from() -> None:
    """CLARIFICATIONS.md: each value is marked rulebook, clarifications or authored."""
    assert _unsourced(tomllib.loads(DATA_FILE.read_text())) == []


def test_throne_room_threshold_and_castles_are_data() -> None:
    """five_realms.txt, INFLUENCE c (3 influences) and CLARIFICATIONS.md (2 castles)."""
    rules = load_rules(2)
    assert (rules.throne_threshold, rules.throne_castles, rules.starting_castles) == (3, 2, 2)


@pytest.mark.parametrize(("old", "new", "message"), [
    ('copies = { value = 2, source = "rulebook" }', 'copies = { value = 2, source = "guess" }',
     "deck: source: must be one of"),
    ('copies = { value = 2, source = "rulebook" }', 'copies = { value = "two", source = "rulebook" }',
     "deck.copies: value: must be int"),
    ('on_line = ["extra_turn"]', 'on_line = ["fly"]',
     "General: on_line: 'fly' is not in Five Realms card effects"),
    ('at_game_end_if = ["more_lines"]', 'at_game_end_if = ["more_rows"]',
     "Colonel: at_game_end_if: 'more_rows' is not in Five Realms card requirements"),
    ('[["earn", { value = 3, source = "clarifications" }]]', '[["earn", 3]]',
     "King: at_game_end\\[0\\]: write 3 as"),
    ('[["earn", { value = 3, source = "clarifications" }]]',
     '[["earn", { value = 3, source = "clarifications" }, { value = 1, source = "authored" }]]',
     "King: at_game_end: 'earn' given 2 arguments does not fit \\(s, use, amount\\)"),
    ('at_game_end_if = ["more_titans"]', 'at_game_end_when = ["more_titans"]',
     "Gaia: at_game_end_when: unknown field"),
    ('[characters.Marshal]', '[characters.Marshall]', "characters: Marshal: missing"),
])
def test_bad_data_is_refused_naming_file_entry_and_field(tmp_path: Path, old: str, new: str,
                                                         message: str) -> None:
    """CONTRIBUTING.md: data errors name the file, the entry and the field."""
    text = DATA_FILE.read_text()
    assert old in text
    bad = tmp_path / "cards.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=f"^cards.toml: .*{message}"):
        _load(bad)


def test_each_character_is_one_row_declared_in_the_card_book() -> None:
    """DESIGN.md, Card data; issue 31: a character is one data row, its abilities effect
    pieces and requirements named in the registries, one CardBook whose uses are the triggers."""
    rules = load_rules(2)
    assert list(rules.book.uses) == list(TRIGGERS)
    assert len(rules.book) == 13
    assert rules.book.data_file == "cards.toml"
    queen = rules.book["Queen"].use("on_influence")
    assert queen.effects == (("earn", (1,)),)
    assert queen.requirements == (("own_realm", ()), ("banner_number", ([3, 4, 5],)))
    monk = rules.type_named("Warrior Monk")
    assert list(monk.abilities) == ["on_recruit", "at_game_end"]
    assert monk.abilities["at_game_end"].requirements == (("more_warriors", ()),)
    assert rules.type_named("Warrior Monk").declaration is rules.book["Warrior Monk"]
    every = [ability for card in rules.book for ability in card.uses.values()]
    assert all(name in EFFECTS for ability in every for name, _ in ability.effects)
    assert all(name in REQUIREMENTS for ability in every for name, _ in ability.requirements)
