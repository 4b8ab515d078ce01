"""A card added from data alone (issue 31): a test-only character declared by one row of
cards.toml, its ability built from the registered pieces, played with no engine code."""

from __future__ import annotations

import pytest

from soulforge.games.five_realms import FiveRealms
from soulforge.games.five_realms.cards import ON_RECRUIT, Use, card_text
from soulforge.games.five_realms.data import DATA_FILE
from soulforge.games.five_realms.state import FiveRealmsState

from .helpers import act, labels, put_council, put_square, put_top, table

HERALD = """
[characters.Herald]
titan = { value = false, source = "authored" }
on_recruit = [["steal", { value = 2, source = "authored" }]]
on_recruit_if = ["more_warriors"]
"""
"""The test-only card: when recruited, if you strictly have more Warriors, steal 2 castles."""
IMPERIAL = '["Colonel", "General", "Captain", "Marshal"]'


@pytest.fixture(scope="module")
def herald_game(tmp_path_factory: pytest.TempPathFactory) -> FiveRealms:
    """Five Realms whose Imperial Order has one more character, the Herald: data only."""
    text = DATA_FILE.read_text()
    assert IMPERIAL in text
    path = tmp_path_factory.mktemp("herald") / "cards.toml"
    path.write_text(text.replace(IMPERIAL, IMPERIAL[:-1] + ', "Herald"]', 1) + HERALD)

    class WithHerald(FiveRealms):
        data_file = path

    return WithHerald()


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
    book = herald_game.rules.books[ON_RECRUIT]
    assert book.unmet(herald.abilities[ON_RECRUIT], s, Use(0, herald)) == (
        "you do not have strictly more Warriors")
