"""RECRUIT and INFLUENCE (five_realms.txt, RECRUIT, INFLUENCE, Specific rules of the orders)."""

from __future__ import annotations

import pytest

from soulforge import IllegalAction
from soulforge.games.five_realms.actions import Dismiss, Hire, Influence
from soulforge.games.five_realms.state import FiveRealmsState

from .helpers import act, column, labels, names, put_column, put_council, put_square, put_top, table


def _collect_two(s_layout: dict[str, str], top: str, spot: str = "c2") -> FiveRealmsState:
    s = table()
    put_square(s, s_layout)
    put_top(s, top)
    act(s, f"place at {spot}")
    return s


def test_recruit_shows_the_characters_only_to_the_recruiter() -> None:
    """five_realms.txt, RECRUIT (and the PLEASE NOTE of END OF THE GAME): only the recruiting
    player looks at the character sides, only during a RECRUIT."""
    s = _collect_two({"b2": "Feline King", "b4": "Marine King"}, "Feline Queen")
    for viewer in (0, 1, None):
        assert all(c["character"] is None for c in s.view(viewer)["pending"]["collected"])
    act(s, "recruit (look at the characters)")
    assert [c["character"] for c in s.view(0)["pending"]["collected"]] == ["Feline King", "Feline Queen"]
    assert all(c["character"] is None for c in s.view(1)["pending"]["collected"])
    assert any("Feline Queen" in line for line in s.log(0))
    assert not any("Feline Queen" in line for line in s.log(1))
    assert labels(s) == ["recruit Feline King", "recruit Feline Queen", "decline (discard them all)"]
    act(s, "recruit Feline Queen")
    assert names(s, s.council[0]) == ["Feline Queen"]
    assert s.view(1)["players"][0]["council"][0]["character"] == "Feline Queen"  # recruited: public
    assert s.view(0)["discard"][0]["character"] == "Feline King"  # the recruiter keeps what it saw
    assert s.view(1)["discard"][0]["character"] is None


def test_declining_discards_every_collected_card() -> None:
    """five_realms.txt, RECRUIT, Clarifications: not wanting any character discards the cards."""
    s = _collect_two({"b2": "Feline King", "b4": "Marine King"}, "Feline Queen")
    act(s, "recruit (look at the characters)")
    act(s, "decline (discard them all)")
    assert sorted(names(s, s.discard)) == ["Feline King", "Feline Queen"]
    assert s.council[0] == [] and s.active == 1


def test_no_duplicate_characters() -> None:
    """five_realms.txt, RECRUIT: you cannot recruit a Character you already have."""
    s = table()
    put_council(s, 0, "Feline Queen")
    put_square(s, {"b2": "Feline King", "b4": "Marine King"})
    put_top(s, "Feline Queen")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    assert labels(s) == ["recruit Feline King", "decline (discard them all)"]
    with pytest.raises(IllegalAction, match="no duplicate characters"):
        s.apply(Hire("Feline Queen"))


def test_council_of_4_forces_a_discard() -> None:
    """five_realms.txt, RECRUIT: at most 4 Characters; with 4, discard 1 after choosing a new one."""
    s = table()
    put_council(s, 0, "Ursid King", "Ursid Queen", "Raptor King", "Marine King")
    put_square(s, {"b2": "Feline King", "b4": "Marine Queen"})
    put_top(s, "Feline Queen")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    act(s, "recruit Feline Queen")
    assert s.phase == "dismiss" and s.active == 0
    council = ["Ursid King", "Ursid Queen", "Raptor King", "Marine King"]
    assert labels(s) == [f"dismiss {name}" for name in council]
    with pytest.raises(IllegalAction, match="council of 4"):
        s.apply(Dismiss("Feline King"))
    act(s, "dismiss Ursid Queen")
    assert names(s, s.council[0]) == ["Ursid King", "Raptor King", "Marine King", "Feline Queen"]
    assert "Ursid Queen" in names(s, s.discard)
    assert s.view(1)["discard"][-1]["character"] == "Ursid Queen"  # it was public


def test_titans_are_not_in_the_council_and_unlimited() -> None:
    """five_realms.txt, TITAN: as many different Titans as you want, not in the Council."""
    s = table()
    put_council(s, 0, "Ursid King", "Ursid Queen", "Raptor King", "Marine King")
    put_square(s, {"b2": "Feline King", "b4": "Marine Queen"})
    put_top(s, "Feline Titan")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    act(s, "recruit Feline Titan")
    assert names(s, s.titans[0]) == ["Feline Titan"] and len(s.council[0]) == 4
    assert s.phase == "place" and s.active == 1


def test_fifth_different_titan_wins_at_once() -> None:
    """five_realms.txt, GAME GOAL and TITAN: recruiting a 5th different Titan wins immediately."""
    s = table(castles=(0, 9))
    put_council(s, 0, "Feline Titan", "Ursid Titan", "Raptor Titan", "Gaia")
    put_square(s, {"b2": "Marine King", "b4": "Ursid King"})
    put_top(s, "Marine Titan")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    act(s, "recruit Marine Titan")
    assert s.is_over and s.returns() == [1.0, -1.0]


def test_influence_starts_and_extends_realm_columns() -> None:
    """five_realms.txt, INFLUENCE a: a column per realm, created by the first cards of it."""
    s = table()
    put_column(s, 0, "Ursid", "Ursid King")
    put_square(s, {"b2": "Feline King", "b4": "Marine King"})
    put_top(s, "Feline Queen")
    act(s, "place at c2")
    act(s, "influence")
    assert column(s, 0, "Feline") == ["Feline King", "Feline Queen"]
    assert column(s, 0, "Ursid") == ["Ursid King"]
    assert s.view(1)["players"][0]["columns"][1]["cards"][0]["character"] is None  # never looked at


def test_imperial_banners_are_wild_and_split_freely() -> None:
    """five_realms.txt, Specific rule for the Imperial Order Banner: distribute them freely
    among your existing columns."""
    s = table()
    put_column(s, 0, "Ursid", "Ursid King", "Ursid Queen")
    put_column(s, 0, "Feline", "Feline King")
    put_square(s, {"b2": "Colonel", "b4": "Marine King"})
    put_top(s, "General")
    act(s, "place at c2")
    act(s, "influence")
    assert s.phase == "imperial" and labels(s) == ["imperial to Feline", "imperial to Ursid"]
    act(s, "imperial to Ursid")
    act(s, "imperial to Feline")
    assert len(column(s, 0, "Ursid")) == 3 and len(column(s, 0, "Feline")) == 2
    assert s.view(0)["players"][0]["columns"][3]["imperial"] == 1


def test_imperial_banners_go_to_the_only_column_without_a_question() -> None:
    """five_realms.txt, Specific rule for the Imperial Order Banner (one column: no choice)."""
    s = table()
    put_column(s, 0, "Marine", "Marine King")
    put_square(s, {"b2": "Colonel", "b4": "Ursid King"})
    put_top(s, "General")
    act(s, "place at c2")
    act(s, "influence")
    assert len(column(s, 0, "Marine")) == 3 and s.active == 1


def test_imperial_banners_cannot_start_a_column() -> None:
    """five_realms.txt, Specific rule for the Imperial Order Banner: no new column with only
    Imperial banners - without a column they can only be recruited."""
    s = _collect_two({"b2": "Colonel", "b4": "Ursid King"}, "General")
    assert s.phase == "recruit"
    with pytest.raises(IllegalAction, match="imperial order"):
        s.apply(Influence())


def test_religious_banners_force_a_recruit() -> None:
    """five_realms.txt, Specific rule for the Religious Order: never used to Influence; when
    collected, you must proceed to a RECRUIT action."""
    s = table()
    put_column(s, 0, "Marine", "Marine King")
    put_square(s, {"b2": "Popess", "b4": "Ursid King"})
    put_top(s, "Ouranos")
    act(s, "place at c2")
    assert s.phase == "recruit"
    assert labels(s) == ["recruit Popess", "recruit Ouranos", "decline (discard them all)"]
    with pytest.raises(IllegalAction, match="religious order"):
        s.apply(Influence())


def test_lines_of_five_influences_count_imperial_banners() -> None:
    """CLARIFICATIONS.md, Five Realms: lines = the shortest realm column, Imperial banners counting."""
    s = table()
    for realm in ("Reptile", "Feline", "Raptor", "Ursid"):
        put_column(s, 0, realm, f"{realm} King", "Colonel" if realm == "Ursid" else f"{realm} Queen")
    put_column(s, 0, "Marine", "Marine King")
    assert s.view(0)["players"][0]["lines"] == 1
    put_column(s, 0, "Marine", "General")
    assert s.view(0)["players"][0]["lines"] == 2
