"""Card data (DESIGN.md, Card data; CONTRIBUTING.md): cards.toml validated, every value sourced."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from soulforge.core import DataError
from soulforge.core.data import SOURCES
from soulforge.games.five_realms.cards import ACTIONS, CONDITIONS
from soulforge.games.five_realms.data import DATA_FILE, load_rules

STRUCTURE = {"trigger", "action", "scope", "condition"}
"""Names that pick a piece of code, not values from a source."""


def _load(path: Path) -> object:
    return load_rules(None, ACTIONS.names(), CONDITIONS.names(), path)


def _unsourced(node: Any, where: str = "") -> list[str]:
    if isinstance(node, dict):
        if "value" in node:
            return [] if node.get("source") in SOURCES else [where]
        return [bad for key, value in node.items() for bad in _unsourced(value, f"{where}.{key}")]
    if isinstance(node, list) and node and isinstance(node[0], dict):
        return [bad for i, item in enumerate(node) for bad in _unsourced(item, f"{where}[{i}]")]
    return [] if where.rsplit(".", 1)[-1] in STRUCTURE else [where]


def test_every_value_says_where_it_comes_from() -> None:
    """CLARIFICATIONS.md: each value is marked rulebook, clarifications or authored."""
    assert _unsourced(tomllib.loads(DATA_FILE.read_text())) == []


def test_throne_room_threshold_and_castles_are_data() -> None:
    """five_realms.txt, INFLUENCE c (3 influences) and CLARIFICATIONS.md (2 castles)."""
    rules = load_rules(2, ACTIONS.names(), CONDITIONS.names())
    assert (rules.throne_threshold, rules.throne_castles, rules.starting_castles) == (3, 2, 2)


@pytest.mark.parametrize(("old", "new", "message"), [
    ('copies = { value = 2, source = "rulebook" }', 'copies = { value = 2, source = "guess" }',
     "deck: source: must be one of"),
    ('copies = { value = 2, source = "rulebook" }', 'copies = { value = "two", source = "rulebook" }',
     "deck.copies: value: must be int"),
    ('action = "extra_turn"', 'action = "fly"', "General.effects\\[0\\]: action: must be one of"),
    ('[characters.Marshal]', '[characters.Marshall]', "Marshal: titan: missing"),
])
def test_bad_data_is_refused_naming_file_entry_and_field(tmp_path: Path, old: str, new: str,
                                                         message: str) -> None:
    """CONTRIBUTING.md: data errors name the file, the entry and the field."""
    text = DATA_FILE.read_text()
    assert old in text
    bad = tmp_path / "cards.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=f"cards.toml: .*{message}"):
        _load(bad)


def test_effects_are_a_registry_keyed_by_character() -> None:
    """DESIGN.md, Card data: abilities are named pieces of code that data refers to by name."""
    rules = load_rules(2, ACTIONS.names(), CONDITIONS.names())
    assert len(rules.effects) == 13
    queen = rules.effects["Queen"][0]
    assert (queen.trigger, queen.counts, queen.scope, queen.action, queen.amount) == (
        "on_influence_count", (3, 4, 5), "own_realm", "earn", 1)
    assert [p.trigger for p in rules.effects["Warrior Monk"]] == ["on_recruit", "at_game_end"]
    assert all(p.action in ACTIONS for pieces in rules.effects.values() for p in pieces)
