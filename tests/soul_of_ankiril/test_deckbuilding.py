"""Deckbuilding Version (rulebook, "Deckbuilding Version") and custom decks as options."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from soulforge.games.soul_of_ankiril import SoulOfAnkiril
from soulforge.games.soul_of_ankiril.data import builtin_decks

from .test_setup import WATER


def deck_text(counts: dict[str, int]) -> str:
    lines = ["name = \"test deck\"", "[cards]"]
    lines += [f'"{name}" = {n}' for name, n in counts.items()]
    return "\n".join(lines) + "\n"


def problems(counts: dict[str, int]) -> list[str]:
    return SoulOfAnkiril().validate_deck(deck_text(counts))


def test_base_decks_are_legal() -> None:
    """Deckbuilding Version: both base decks follow every deckbuilding rule."""
    for deck in builtin_decks().values():
        assert problems(dict(Counter(deck))) == []


def test_exactly_29_cards() -> None:
    """Deckbuilding Version: each deck must be exactly 29 cards in total."""
    assert any("exactly 29" in p for p in problems({**WATER, "Shekun": 1}))


def test_one_leader_and_three_emanations() -> None:
    """Deckbuilding Version: 1 Leader card and 3 Emanation cards; the Leader only once."""
    found = problems({**WATER, "Kashiri": 2, "Unah": 2})
    assert any("1 Leader" in p for p in found)
    assert any("3 Emanation" in p for p in found)
    assert any("at most 1 copies of Kashiri" in p for p in found)


def test_at_most_three_copies() -> None:
    """Deckbuilding Version: no more than three copies of any individual card."""
    found = problems({**{name: n for name, n in WATER.items() if name != "Nirush"}, "Shekun": 4})
    assert found == ["at most 3 copies of Shekun, this deck has 4"]


def test_spells_need_creatures_of_their_element() -> None:
    """Deckbuilding Version: Spells of an Element only with Creatures of that Element."""
    found = problems({**WATER, "New springs": 2, "Biting blaze": 1})
    assert "fire Spells need fire Creatures in the deck" in found


def test_sync_point_budget_by_elements() -> None:
    """Deckbuilding Version: 75 / 65 / 55 Sync Points for 1 / 2 / 3 Elements."""
    mixed = {name: n for name, n in WATER.items() if name != "Shekun"}
    found = problems({**mixed, "Damsha": 2})
    assert any("exceed the budget of 65 for 2 Element(s)" in p for p in found)


def test_every_violation_is_listed() -> None:
    """Deckbuilding Version: validate_deck lists every violation, not only the first."""
    found = problems({"Kashiri": 2, "Offspring": 1, "Nobody": 1, "Biting blaze": 1})
    assert len(found) >= 6
    assert "unknown card 'Nobody'" in found
    assert "Offspring is a token, not a card of the deck" in found


def test_bad_deck_text() -> None:
    """validate_deck reports unreadable deck lists instead of crashing."""
    assert SoulOfAnkiril().validate_deck("cards = [")[0].startswith("not valid TOML")
    assert SoulOfAnkiril().validate_deck("x = 1") == [
        "the deck list needs a [cards] table of card name = copies"]


def test_custom_deck_option() -> None:
    """Deckbuilding Version: a custom deck list (TOML text) is played through the deck options."""
    counts = {**WATER, "Shekun": 3, "Nirush": 1}
    game = SoulOfAnkiril(deck0=deck_text(counts))
    assert Counter(game.decks[0]) == Counter(counts)
    state = game.new_game(seed=2)
    assert len(state.legal_actions()) == 2


def test_illegal_custom_deck_is_refused_by_option_naming_the_line() -> None:
    """Options are validated: a deck that breaks the rules names the option, the rule and the
    line of the deck list."""
    text = deck_text({**WATER, "Shekun": 4})
    line = 1 + next(i for i, ln in enumerate(text.splitlines()) if ln.startswith("\"Shekun\""))
    with pytest.raises(ValueError, match=rf"deck1.*line {line}: at most 3 copies of Shekun"):
        SoulOfAnkiril(deck1=text)
    with pytest.raises(ValueError, match="deck0"):
        SoulOfAnkiril(deck0="no-such-deck")


def test_a_deck_option_never_reads_a_file(tmp_path: Path) -> None:
    """Issue 17, defect 3: a deck option named a path and the server read it. A deck is its
    text; a path, even of a good deck list, is refused without being opened."""
    path = tmp_path / "deck.toml"
    path.write_text(deck_text(WATER), encoding="utf-8")
    for spec in (str(path), "/etc/passwd"):
        with pytest.raises(ValueError, match="neither a built-in deck") as refused:
            SoulOfAnkiril(deck0=spec)
        assert "[cards]" not in str(refused.value).split("nor a deck list")[0]
    with pytest.raises(ValueError, match="too long"):
        SoulOfAnkiril(deck0="[cards]\n" + "x" * 20_000)


def test_example_custom_deck_is_legal_and_playable() -> None:
    """Deckbuilding Version: the shipped two-Element example deck keeps every rule."""
    path = Path(__file__).parents[2] / "soulforge/games/soul_of_ankiril/example_deck.toml"
    assert SoulOfAnkiril().validate_deck(path.read_text(encoding="utf-8")) == []
    state = SoulOfAnkiril(deck0=path.read_text(encoding="utf-8"), deck1="water").new_game(seed=1)
    assert state.view(0)["players"][0]["leader"] == "Barush"
