"""The core's seams with the layers above it: a record replays through the loader it is
given (the core never imports the game registry), one "module:Name" lookup, one way to
resolve a deck option."""

from __future__ import annotations

from typing import Any

import pytest

from soulforge.core import Game, Record, RecordError, decklist, record
from soulforge.core.registry import import_reference, reference_of, split_reference
from tests.toy import Tricks


def test_a_record_replays_through_the_loader_it_is_given() -> None:
    """The caller may make the game itself, e.g. one the registry does not know."""
    made: list[tuple[str, dict[str, Any]]] = []

    def load(game_id: str, **options: Any) -> Game:
        made.append((game_id, options))
        return Tricks(**options)

    state = Tricks(hand=2).new_game(seed=4)
    state.apply(state.legal_actions()[0])
    again = Record.from_json(state.record().to_json()).replay(load=load)
    assert made == [("tricks", {"hand": 2, "open": False})]
    assert again.view(0) == state.view(0)


def test_without_a_loader_a_record_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "_loader", [])
    with pytest.raises(RecordError, match="no game loader"):
        Record("tricks", {}, 1, 2).replay()


def test_a_record_replays_through_the_registry_by_default() -> None:
    state = Record("five_realms", {}, 3, 2).replay()
    assert state.game.id == "five_realms" and state.seed == 3


def test_a_reference_names_a_class_importable_elsewhere() -> None:
    ref = reference_of(Tricks)
    assert ref == "tests.toy:Tricks"
    assert import_reference(ref) is Tricks
    with pytest.raises(ValueError, match="not a 'module:Name' reference"):
        split_reference("tests.toy.Tricks")


def test_one_deck_option_resolver_for_every_game() -> None:
    def read(text: str) -> tuple[tuple[str, ...] | None, list[str]]:
        _, counts, problems = decklist.read_deck_list(text, "card id")
        if problems:
            return None, problems
        deck = decklist.deck_cards(counts)
        return deck, [f"at most 2 copies of {c}" for c in sorted(set(deck)) if deck.count(c) > 2]

    starters: dict[str, tuple[str, ...]] = {"ember": ("a", "b")}
    assert decklist.resolve_deck("deck0", "ember", starters, read) == ("a", "b")
    assert decklist.resolve_deck("deck1", "[cards]\nx = 2\n", starters, read) == ("x", "x")
    with pytest.raises(ValueError, match=r"'deck1': the deck list breaks the rules: at most 2 copies of x"):
        decklist.resolve_deck("deck1", "[cards]\nx = 3\n", starters, read)
    with pytest.raises(ValueError, match=r"a starter deck \[.ember.\] nor a deck list \(\[cards\] id"):
        decklist.resolve_deck("deck0", "/etc/passwd", starters, read, builtin="starter deck",
                              form="[cards] id = copies")
