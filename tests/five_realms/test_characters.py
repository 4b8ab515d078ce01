"""The 14 characters and the throne room (five_realms.txt, THE DIFFERENT CHARACTERS, the
orders, INFLUENCE c; amounts from CLARIFICATIONS.md, Five Realms)."""

from __future__ import annotations

import pytest

from soulforge import IllegalAction
from soulforge.games.five_realms.actions import Steal
from soulforge.games.five_realms.state import FiveRealmsState

from .helpers import (
    act,
    column,
    cut_deck,
    labels,
    names,
    put_column,
    put_council,
    put_discard,
    put_square,
    put_top,
    table,
)

FILLER = {"b4": "Ursid King", "d4": "Ursid Queen"}
"""Cards far from the action, so the square is not completed in the scenario's turn."""


def _influence_run(s: FiveRealmsState, realm: str, cards: tuple[str, ...]) -> None:
    """Place the last card next to the others (a connected run in row 2) and influence."""
    layout = {f"{'bc'[i]}2": name for i, name in enumerate(cards[:-1])}
    put_square(s, {**layout, "b4": "Raptor King" if realm != "Raptor" else "Marine King"})
    put_top(s, cards[-1])
    act(s, f"place at {'bcd'[len(cards) - 1]}2")
    act(s, "influence")


def _imperial_to(s: FiveRealmsState, count: int) -> None:
    """Collect ``count`` Imperial banners (1 or 2) and influence them (single column: no question)."""
    if count == 1:
        put_square(s, {"c2": "Colonel", **FILLER})
        put_top(s, "Feline King")
        act(s, "place at c3")
    else:
        put_square(s, {"b2": "Colonel", **FILLER})
        put_top(s, "General")
        act(s, "place at c2")
    act(s, "influence")


def _end_game_now(s: FiveRealmsState) -> None:
    """Play a last turn (the deck holds one card): place, collect, decline; the game ends."""
    put_square(s, {"b2": "Reptile Witch", "d4": "Reptile Warrior"})
    put_top(s, "Reptile Queen")
    cut_deck(s, 1)
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    act(s, "decline (discard them all)")
    assert s.is_over


def test_king_at_game_end_strictly_more_influence_in_its_realm() -> None:
    """five_realms.txt, KING: at the end, strictly more influence in its realm: 3 castles."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Feline King")
    put_column(s, 0, "Feline", "Feline Queen", "Colonel")
    put_column(s, 1, "Feline", "Feline Witch")
    _end_game_now(s)
    assert s.castles == [3, 0]


def test_king_gives_nothing_on_a_tie() -> None:
    """five_realms.txt, KING: "strictly" more influence."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Feline King")
    put_column(s, 0, "Feline", "Feline Queen")
    put_column(s, 1, "Feline", "Feline Witch")
    _end_game_now(s)
    assert s.castles == [0, 0] and s.returns() == [0.0, 0.0]


def test_queen_triggers_on_the_3rd_4th_and_5th_banner() -> None:
    """five_realms.txt, INFLUENCE b example: 3 Reptile banners into a Reptile column of 1:
    the Queen is triggered twice (3rd and 4th)."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Reptile Queen")
    put_column(s, 0, "Reptile", "Reptile King")
    _influence_run(s, "Reptile", ("Reptile Witch", "Reptile Warrior", "Reptile Titan"))
    assert len(column(s, 0, "Reptile")) == 4
    assert s.castles == [2, 0]


def test_queen_is_not_retroactive_and_stops_after_the_5th() -> None:
    """five_realms.txt, RECRUIT Clarifications: effects do not apply retroactively; QUEEN: 3rd-5th only."""
    s = table(castles=(0, 0))
    put_column(s, 0, "Reptile", "Reptile King", "Reptile Witch", "Reptile Warrior", "Reptile Titan")
    put_square(s, {"b2": "Reptile Queen", **FILLER})
    put_top(s, "Feline King")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    act(s, "recruit Reptile Queen")
    assert s.castles == [0, 0]  # its 3rd and 4th banners were there before
    s.active = 0
    s.square = [-1] * 25
    _influence_run(s, "Reptile", ("Reptile King", "Reptile Witch"))  # 5th and 6th
    assert s.castles == [1, 0]


def test_witch_looks_at_the_discard_pile_and_takes_a_card() -> None:
    """five_realms.txt, WITCH and the example "1 Imperial Order Banner in the Marine Column:
    the Marine Witch is triggered": look at the whole discard pile (only this player) and
    pick 1 card to RECRUIT or INFLUENCE."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Marine Witch")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    put_discard(s, "Ursid Witch", "Raptor Titan")
    _imperial_to(s, 1)
    assert s.phase == "witch" and s.active == 0
    assert [c["character"] for c in s.view(0)["discard"]] == ["Ursid Witch", "Raptor Titan"]
    assert [c["character"] for c in s.view(1)["discard"]] == [None, None]
    assert labels(s) == ["take Raptor Titan from the discard pile", "take Ursid Witch from the discard pile"]
    act(s, "take Raptor Titan from the discard pile")
    act(s, "recruit (look at the characters)")
    act(s, "recruit Raptor Titan")
    assert names(s, s.titans[0]) == ["Raptor Titan"] and s.castles == [1, 0]
    assert s.active == 1


def test_witch_card_may_be_influenced_and_fires_on_the_5th() -> None:
    """five_realms.txt, WITCH: 3rd and 5th banner; the taken card may INFLUENCE."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Marine Witch")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen", "Marine Titan")
    put_discard(s, "Marine Warrior")
    _imperial_to(s, 1)  # the 4th: nothing
    assert s.active == 1
    s.active = 0
    s.square = [-1] * 25
    put_discard(s, "Marine Witch")
    _imperial_to(s, 1)  # the 5th: the Witch
    act(s, "take Marine Warrior from the discard pile")
    act(s, "influence")
    assert len(column(s, 0, "Marine")) == 6 and s.active == 1


def test_witch_resolves_after_the_other_council_effects() -> None:
    """CLARIFICATIONS.md, Five Realms, Witch: resolve Witches after the other council effects
    (a Warrior's destroyed card is already in the discard pile for the Witch)."""
    s = table()
    put_council(s, 0, "Marine Witch", "Marine Warrior")
    put_council(s, 1, "Feline Queen")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    _imperial_to(s, 2)  # the 3rd (Witch) and 4th (Warrior) together
    assert s.phase == "steal or destroy"
    act(s, "destroy Feline Queen")
    assert s.phase == "witch"
    assert "take Feline Queen from the discard pile" in labels(s)


def test_warrior_on_the_4th_banner_steals_a_castle() -> None:
    """five_realms.txt, WARRIOR, and the example "2 Imperial Order Banners in the Ursid
    Column: the Ursid Warrior is triggered": steal 1 castle or destroy."""
    s = table(castles=(2, 2))
    put_council(s, 0, "Marine Warrior")
    put_council(s, 1, "Feline King", "Gaia")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    _imperial_to(s, 2)
    assert labels(s) == ["steal a castle", "destroy Feline King", "destroy Gaia"]
    act(s, "steal a castle")
    assert s.castles == [3, 1]


def test_warrior_destroys_an_opposing_titan_who_keeps_its_castles() -> None:
    """five_realms.txt, WARRIOR: destroy an opposing Character or Titan (to the discard pile);
    RECRUIT Clarifications: a destroyed character does not take back its castles."""
    s = table(castles=(2, 3))
    put_council(s, 0, "Marine Warrior")
    put_council(s, 1, "Gaia")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    _imperial_to(s, 2)
    act(s, "destroy Gaia")
    assert s.titans[1] == [] and names(s, s.discard) == ["Gaia"]
    assert s.castles == [2, 3]


def test_titan_earns_a_castle_when_recruited() -> None:
    """five_realms.txt, TITAN: WHEN RECRUITED, earn 1 castle."""
    s = table(castles=(0, 0))
    put_square(s, {"b2": "Feline Titan", **FILLER})
    put_top(s, "Marine King")
    act(s, "place at c2")
    act(s, "recruit (look at the characters)")
    act(s, "recruit Feline Titan")
    assert s.castles == [1, 0]


def test_popess_on_the_4th_banner_of_any_realm() -> None:
    """five_realms.txt, POPESS: the 4th banner of any realm; 2 castles (CLARIFICATIONS)."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Popess")
    put_column(s, 0, "Feline", "Feline King", "Feline Queen", "Feline Titan")
    put_square(s, {"c2": "Feline Witch", **FILLER})
    put_top(s, "Marine King")
    act(s, "place at c3")
    act(s, "influence")
    assert s.castles == [2, 0]


def test_warrior_monk_steals_or_destroys_when_recruited() -> None:
    """five_realms.txt, WARRIOR MONK: WHEN RECRUITED, steal or destroy."""
    s = table(castles=(2, 2))
    put_council(s, 1, "Captain")
    put_square(s, {"c2": "Warrior Monk", **FILLER})
    put_top(s, "Feline King")
    act(s, "place at c3")
    act(s, "recruit Warrior Monk")  # Religious: the recruit is forced, no recruit/influence choice
    assert labels(s) == ["steal a castle", "destroy Captain"]
    act(s, "destroy Captain")
    assert s.council[1] == [] and s.castles == [2, 2]


def test_warrior_monk_at_game_end_strictly_more_warriors() -> None:
    """five_realms.txt, WARRIOR MONK: at the end, strictly more Warriors and Warrior Monks:
    steal 2 castles (CLARIFICATIONS)."""
    s = table(castles=(1, 4))
    put_council(s, 0, "Warrior Monk", "Feline Warrior")
    put_council(s, 1, "Ursid Warrior")
    _end_game_now(s)
    assert s.castles == [3, 2]


def test_gaia_earns_when_recruited_and_for_more_titans() -> None:
    """five_realms.txt, GAIA (TITAN): when recruited 1 castle; at the end, strictly more
    Titans (Gaia included): 1 castle."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Feline Titan")
    put_council(s, 1, "Ursid Titan")
    put_square(s, {"c2": "Gaia", **FILLER})
    put_top(s, "Feline King")
    act(s, "place at c3")
    act(s, "recruit Gaia")
    assert s.castles == [1, 0]
    s.active = 0
    s.square = [-1] * 25
    _end_game_now(s)
    assert s.castles == [2, 0]


def test_ouranos_is_a_titan_that_earns_when_recruited() -> None:
    """five_realms.txt, OURANOS (TITAN): when recruited 1 castle; counts for the 5 Titans."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Feline Titan", "Ursid Titan", "Raptor Titan", "Marine Titan")
    put_square(s, {"c2": "Ouranos", **FILLER})
    put_top(s, "Feline King")
    act(s, "place at c3")
    act(s, "recruit Ouranos")
    assert s.is_over and s.returns() == [1.0, -1.0]


def _four_columns(s: FiveRealmsState, seat: int = 0) -> None:
    for realm in ("Reptile", "Feline", "Raptor", "Ursid"):
        put_column(s, seat, realm, f"{realm} King")


def test_colonel_earns_for_each_line_and_for_more_lines() -> None:
    """five_realms.txt, COLONEL: 1 castle per line of 5 influences created; at the end,
    strictly more lines: 2 castles (CLARIFICATIONS)."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Colonel")
    _four_columns(s)
    put_square(s, {"c2": "Marine King", **FILLER})
    put_top(s, "Feline Queen")
    act(s, "place at c3")
    act(s, "influence")
    assert s.castles == [1, 0] and s.view(0)["players"][0]["lines"] == 1
    s.active = 0
    s.square = [-1] * 25
    _end_game_now(s)
    assert s.castles == [3, 0]


def test_general_plays_a_new_turn_after_a_line() -> None:
    """five_realms.txt, GENERAL: when you create a line of 5 influences, play a new turn at once."""
    s = table()
    put_council(s, 0, "General")
    _four_columns(s)
    put_square(s, {"c2": "Marine King", **FILLER})
    put_top(s, "Feline Queen")
    act(s, "place at c3")
    act(s, "influence")
    assert s.active == 0 and s.phase == "place"
    act(s, s.legal_actions()[0].__str__())
    assert s.active == 0  # still deciding the second turn


def test_captain_earns_per_majority_realm_when_recruited_and_at_the_end() -> None:
    """five_realms.txt, CAPTAIN: when recruited and at the end, 1 castle per realm where
    you strictly have more influence."""
    s = table(castles=(0, 0))
    put_column(s, 0, "Feline", "Feline King", "Feline Queen")
    put_column(s, 0, "Ursid", "Ursid Witch")
    put_column(s, 1, "Ursid", "Ursid Warrior")
    put_column(s, 1, "Raptor", "Raptor King")
    put_square(s, {"c2": "Captain", **FILLER})
    put_top(s, "Marine King")
    act(s, "place at c3")
    act(s, "recruit (look at the characters)")
    act(s, "recruit Captain")
    assert s.castles == [1, 0]  # Feline only (Ursid is a tie)
    s.active = 0
    s.square = [-1] * 25
    _end_game_now(s)
    assert s.castles == [2, 0]


def test_marshal_at_game_end_strictly_more_imperial_characters() -> None:
    """five_realms.txt, MARSHAL: at the end, strictly more Imperial Order characters: 3 castles."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Marshal", "Colonel")
    put_council(s, 1, "General")
    _end_game_now(s)
    assert s.castles == [3, 0]


def test_throne_room_once_per_game_at_3_influences() -> None:
    """five_realms.txt, INFLUENCE c: the Throne Room, once per game, at 3 influences in its
    realm (threshold: rulebook; 2 castles: CLARIFICATIONS)."""
    s = table(castles=(0, 0), thrones=("Marine", "Raptor"))
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    _imperial_to(s, 1)
    assert s.castles == [2, 0] and s.throne_used[0]
    throne = s.view(1)["players"][0]["throne_room"]
    assert throne == {"realm": "Marine", "used": True, "threshold": 3, "castles": 2}
    s.active = 0
    s.square = [-1] * 25
    _imperial_to(s, 1)
    assert s.castles == [2, 0]


def test_warrior_with_nothing_to_steal_or_destroy_does_nothing() -> None:
    """five_realms.txt, WARRIOR: steal or destroy - with no castle and no character to take, nothing."""
    s = table(castles=(2, 0))
    put_council(s, 0, "Marine Warrior")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    _imperial_to(s, 2)
    assert s.active == 1 and s.phase == "place" and s.castles == [2, 0]


def test_stealing_from_an_opponent_without_castles_is_refused() -> None:
    """five_realms.txt, WARRIOR: the steal needs a castle to take (refusal names the rule)."""
    s = table(castles=(2, 0))
    put_council(s, 0, "Marine Warrior")
    put_council(s, 1, "Feline King")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    _imperial_to(s, 2)
    assert labels(s) == ["destroy Feline King"]
    with pytest.raises(IllegalAction, match="warrior"):
        s.apply(Steal())


def test_witch_with_an_empty_discard_pile_does_nothing() -> None:
    """five_realms.txt, WITCH: look at the discard pile - an empty one offers nothing."""
    s = table()
    put_council(s, 0, "Marine Witch")
    put_column(s, 0, "Marine", "Marine King", "Marine Queen")
    _imperial_to(s, 1)
    assert s.active == 1 and s.phase == "place"


def test_end_of_game_gains_come_before_steals() -> None:
    """five_realms.txt, END OF THE GAME: each player triggers their end effects - gains are
    counted before the Warrior Monk's steal, so the order of the seats does not matter."""
    s = table(castles=(0, 0))
    put_council(s, 0, "Warrior Monk")
    put_council(s, 1, "Feline King")
    put_column(s, 1, "Feline", "Feline Queen")
    _end_game_now(s)
    assert s.castles == [2, 1]
