"""Issue 29, defects 1 and 5 (the core's part): a deck list is bounded before anything is
built from it (copies of a card, cards in all, entries, nesting, length), and an option named
like a Python parameter is an unknown option, not a TypeError.

Bounded work is asserted by memory: a tracemalloc peak of a few MB, where expanding the
deck list as written would take gigabytes.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import soulforge
from soulforge.core import OptionError
from soulforge.core.data import parse_override
from soulforge.core.decklist import (
    MAX_COPIES,
    MAX_DECK_CARDS,
    MAX_DECK_ENTRIES,
    MAX_DECK_TEXT,
    MAX_TOML_DEPTH,
    deck_cards,
    nesting_depth,
    read_deck_list,
)
from soulforge.core.options import Option, validate_options
from tests import registered
from tests.registered import deck_options

HUGE = 999_999_999_999_999_999
DECK_GAMES = {game_id: deck_options(game_id)[0] for game_id in registered.DECK_GAMES}
PEAK_MB = 8


def peak_mb(work: Callable[[], Any]) -> float:
    """The tracemalloc peak of ``work()`` in MB (whatever it raises)."""
    tracemalloc.start()
    try:
        work()
    except ValueError:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak / 1e6


def deck(cards: str, reserves: str = "") -> str:
    """A deck list that every deck game reads (Soulshards wants a city)."""
    return f'city = "Ironhold"\n[cards]\n{cards}\n' + (f"[reserves]\n{reserves}\n" if reserves else "")


def nested(depth: int) -> str:
    return "x = " + "[" * depth + "]" * depth + "\n[cards]\nGanuri = 1\n"


BAD_DECKS = {
    "a huge count": (deck(f"Ganuri = {HUGE}"), f"must be at most {MAX_COPIES}"),
    "counts adding up past the deck bound": (
        deck("\n".join(f"card{i} = {MAX_COPIES}" for i in range(MAX_DECK_CARDS // MAX_COPIES + 1))),
        f"at most {MAX_DECK_CARDS:,}"),
    "too many entries": (deck("\n".join(f"card{i} = 1" for i in range(MAX_DECK_ENTRIES + 1))),
                         f"at most {MAX_DECK_ENTRIES}"),
    "lists nested 1,000 deep": (nested(1000), "nested too deep"),
    "inline tables nested 1,000 deep": ("x = " + "{a = " * 1000 + "1" + "}" * 1000 + "\n[cards]\n",
                                        "nested too deep"),
}


@pytest.mark.parametrize("game", sorted(DECK_GAMES))
@pytest.mark.parametrize("case", sorted(BAD_DECKS))
def test_a_deck_option_beyond_the_bounds_is_refused_before_it_is_built(game: str, case: str) -> None:
    text, says = BAD_DECKS[case]
    with pytest.raises(ValueError, match="deck0") as refused:
        soulforge.load(game, **{DECK_GAMES[game]: text})
    assert says in str(refused.value)
    assert peak_mb(lambda: soulforge.load(game, **{DECK_GAMES[game]: text})) < PEAK_MB


@pytest.mark.parametrize("game", sorted(DECK_GAMES))
def test_validate_deck_reports_a_huge_count_as_a_problem(game: str) -> None:
    table = soulforge.load(game)
    problems = table.validate_deck(deck(f"Ganuri = {HUGE}"))
    assert any(f"must be at most {MAX_COPIES}" in p for p in problems), problems
    assert peak_mb(lambda: table.validate_deck(deck(f"Ganuri = {HUGE}"))) < PEAK_MB


def test_soulshards_reserves_are_bounded_too() -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_COPIES}"):
        soulforge.load("soulshards", deck0=deck("A = 3", f"B = {HUGE}"))
    reserves = "\n".join(f"r{i} = {MAX_COPIES}" for i in range(MAX_DECK_CARDS // MAX_COPIES))
    with pytest.raises(ValueError, match="adds up to"):  # cards and reserves count together
        soulforge.load("soulshards", deck0=deck("A = 3", reserves))


def test_a_deck_list_within_the_bounds_still_gets_the_games_own_words() -> None:
    """The bounds sit far above the rules: 5 copies is the game's refusal, not the bound's."""
    problems = soulforge.load("soul_of_ankiril").validate_deck("[cards]\nShekun = 5\n")
    assert any("at most 3 copies of Shekun, this deck has 5" in p for p in problems), problems


def test_the_deck_list_reader_refuses_length_and_depth_before_parsing() -> None:
    assert "too long" in read_deck_list("#" * (MAX_DECK_TEXT + 1), "card")[2][0]
    assert "nested too deep" in read_deck_list(nested(MAX_TOML_DEPTH + 1), "card")[2][0]
    assert read_deck_list(nested(MAX_TOML_DEPTH - 1), "card")[2] == []


def test_brackets_in_strings_and_comments_do_not_count_as_nesting() -> None:
    text = 'b = """\n[[[[[[[[[[[[\n"""\n[cards]\n"[[[[[[[[[[ odd name" = 1  # ]]]]]]]]]] [[[[[[[[[[[[\n'
    assert nesting_depth(text) == 1
    assert read_deck_list(text, "card")[1] == {"[[[[[[[[[[ odd name": 1}


def test_only_checked_counts_are_expanded() -> None:
    assert deck_cards({"a": 2, "b": 1}) == ("a", "a", "b")
    for counts in ({"a": HUGE}, {"a": 0}, {f"c{i}": MAX_COPIES for i in range(11)}):
        with pytest.raises(ValueError):
            deck_cards(counts)


def test_a_set_value_nested_deep_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="nested too deep"):
        parse_override("five_realms.rules.deck.copies=" + "[" * 1000 + "]" * 1000)


@pytest.fixture(params=soulforge.GAMES)
def game_id(request: pytest.FixtureRequest) -> Iterator[str]:
    yield request.param


@pytest.mark.parametrize("name", ["self", "game_id", "options", "cls"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(game_id: str, name: str) -> None:
    with pytest.raises(OptionError, match=f"unknown option '{name}'"):
        soulforge.load(game_id, **{name: 1})
    with pytest.raises(OptionError, match=f"unknown option '{name}'"):
        soulforge.games.game_class(game_id)(**{name: 1})


def test_an_option_value_nested_900_deep_is_refused_in_words() -> None:
    value: Any = []
    for _ in range(900):
        value = [value]
    with pytest.raises(OptionError, match="option 'copies' must be int"):
        validate_options([Option("copies", int, 2)], {"copies": value})
