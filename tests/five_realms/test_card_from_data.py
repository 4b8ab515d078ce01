"""A card added from data alone (issue 31): a test-only character declared by one data row
on the game's card book (``book.adding``, gone after the test), its ability built from the
registered pieces, played with no engine code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from soulforge.core import DataError
from soulforge.games.five_realms import FiveRealms
from soulforge.games.five_realms import game as game_module
from soulforge.games.five_realms.cards import ON_RECRUIT, Use, card_text
from soulforge.games.five_realms.data import Rules, load_rules
from soulforge.games.five_realms.state import FiveRealmsState
from tests.native import compiled

from .helpers import act, labels, put_council, put_square, put_top, table

HERALD = {
    "name": "Herald",
    "titan": {"value": False, "source": "authored"},
    "on_recruit": [["steal", {"value": 2, "source": "authored"}]],
    "on_recruit_if": ["more_warriors"],
}
"""The test-only card, a row as in cards.toml: when recruited, if you strictly have more
Warriors, steal 2 castles."""


@pytest.fixture(scope="module")
def herald_game() -> Iterator[FiveRealms]:
    """Five Realms whose Imperial Order has one more character, the Herald: a row only."""
    if compiled(game_module):
        pytest.skip("compiled, FiveRealms is a native class an interpreted class cannot subclass: "
                    "make test's pure pass runs these tests")
    book = FiveRealms().rules.book
    with book.adding(HERALD) as herald:

        class WithHerald(FiveRealms):
            def load_rules(self, copies: int) -> Rules:
                return super().load_rules(copies).with_character(herald, "Imperial")

        yield WithHerald()
    assert "Herald" not in book


def _recruit_herald(game: FiveRealms, *, their_warrior: bool) -> FiveRealmsState:
    """Seat 0 has a Warrior (seat 1 too, if ``their_warrior``), collects the Herald with a
    Colonel (Imperial banners with no column: a forced recruit) and recruits the Herald."""
    s = table(active=0, castles=(2, 3), game=game)
    put_council(s, 0, "Reptile Warrior")
    if their_warrior:
        put_council(s, 1, "Feline Warrior")
    put_square(s, {"b2": "Herald", "b4": "Ursid King", "d4": "Ursid Queen"})
    put_top(s, "Colonel")
    act(s, "place at c2")
    assert "recruit Herald" in labels(s)
    act(s, "recruit Herald")
    return s


def test_the_card_is_declared_by_its_row(herald_game: FiveRealms) -> None:
    herald = herald_game.rules.type_named("Herald")
    assert herald_game.rules.book["Herald"] is herald.declaration
    ability = herald.abilities[ON_RECRUIT]
    assert ability.effects == (("steal", (2,)),)
    assert ability.requirements == (("more_warriors", ()),)
    assert card_text(herald) == ("Herald (Character). When recruited, if you strictly have more Warriors: "
                                 "steal 2 castles from the opponent.")


def test_the_card_acts_when_its_requirement_is_met(herald_game: FiveRealms) -> None:
    s = _recruit_herald(herald_game, their_warrior=False)
    assert s.castles == [4, 1]
    assert "Herald: seat 0 steals 2 castles" in s.log(None)


def test_its_requirement_refuses_it_otherwise(herald_game: FiveRealms) -> None:
    s = _recruit_herald(herald_game, their_warrior=True)
    assert s.castles == [2, 3]
    herald = herald_game.rules.type_named("Herald")
    assert herald_game.rules.book.unmet(herald.declaration, s, Use(0, herald), use=ON_RECRUIT) == (
        "you do not have strictly more Warriors")


def test_a_wrong_row_is_refused_naming_the_data_file() -> None:
    """Issue 31 (core items 2-4): the argument read through the book's hook, its count checked
    against the piece at declaration, the error naming cards.toml, not "Five Realms cards"."""
    book = load_rules(2).book
    unsourced = {**HERALD, "on_recruit": [["steal", 2]]}
    with pytest.raises(DataError, match=r"^cards\.toml: Herald: on_recruit\[0\]: write 2 as"):
        book.declare(unsourced)
    two = {"value": 2, "source": "authored"}
    with pytest.raises(DataError, match=r"^cards\.toml: Herald: on_recruit: 'steal' given 2 arguments"):
        book.declare({**HERALD, "on_recruit": [["steal", two, two]]})
    assert "Herald" not in book
