"""Setup, completing the square and the end of the game (five_realms.txt, GAME SETUP,
COMPLETE THE SQUARE OF CARDS, TURN SEQUENCE, END OF THE GAME)."""

from __future__ import annotations

from collections import Counter

import pytest

import soulforge
from soulforge import IllegalAction
from soulforge.games.five_realms import square as sq

from .helpers import act, cut_deck, names, new_game, put_council, put_square, put_top, table

RING = ["b2", "c2", "d3", "d4", "c4", "b3"]
"""Spots A..F in the frame at the start of a turn (data: setup.ring)."""


def _spots(s: object) -> list[str]:
    view = s.view(None)  # type: ignore[attr-defined]
    return [c["spot"] for c in view["square"]]


def test_banner_deck_has_66_cards_two_copies_of_33() -> None:
    """five_realms.txt, THE DIFFERENT CHARACTERS / orders: 5 realms x 5 characters and 4 + 4
    order characters, 2 copies each; a card's banner and character belong to the same realm."""
    s = new_game()
    assert len(s.card_type) == 66 and len(s.rules.types) == 33
    assert set(Counter(s.card_type).values()) == {2}
    feline_queen = s.rules.type_named("Feline Queen")
    assert s.rules.banners[feline_queen.banner] == "Feline"
    assert {t.name for t in s.rules.types if s.rules.banners[t.banner] == "Religious"} == {
        "Popess", "Warrior Monk", "Gaia", "Ouranos"}
    assert {t.name for t in s.rules.types if t.titan} == {
        "Reptile Titan", "Feline Titan", "Raptor Titan", "Ursid Titan", "Marine Titan", "Gaia", "Ouranos"}


def test_copies_is_an_option_from_1_to_2() -> None:
    """CLARIFICATIONS.md, Five Realms: keep the count of copies an option (BGA has 1)."""
    assert len(new_game(copies=1).card_type) == 33
    with pytest.raises(ValueError, match="copies"):
        soulforge.load("five_realms", copies=3)


def test_setup_throne_rooms_castles_and_the_square() -> None:
    """five_realms.txt, GAME SETUP: a throne room each, 2 castles each, 6 cards from A
    clockwise leaving the centre and two opposite corners empty."""
    s = new_game(seed=3)
    assert s.castles == [2, 2]
    assert len(set(s.throne)) == 2
    assert _spots(s) == sorted(RING, key=lambda spot: (spot[1], spot[0]))
    assert len(s.deck) == 60
    view = s.view(0)
    assert [r["label"] for r in view["ring"]] == list("ABCDEF")
    assert all(c["character"] is None for c in view["square"])


def test_first_player_is_random() -> None:
    """five_realms.txt, GAME SETUP: choose the first player randomly."""
    assert {new_game(seed=seed).active for seed in range(12)} == {0, 1}
    assert all(new_game(seed=seed).first_player == new_game(seed=seed).active for seed in range(12))


def test_top_card_banner_is_public_its_character_hidden() -> None:
    """five_realms.txt, GAME SETUP: the deck is banner side up; TURN SEQUENCE: draw without looking."""
    s = new_game(seed=1)
    for viewer in (0, 1, None):
        assert s.view(viewer)["deck"]["top_banner"] == s.banner_name(s.deck[-1])
    assert s.banner_name(s.deck[-1]) in s.prompt()


def test_square_is_completed_when_one_card_is_left() -> None:
    """five_realms.txt, COMPLETE THE SQUARE OF CARDS: the remaining card goes to A, then clockwise."""
    s = table()
    put_square(s, {"b2": "Feline King", "d4": "Marine King"})
    put_top(s, "Feline Queen")
    act(s, "place at c2")
    act(s, "influence")
    assert _spots(s) == sorted(RING, key=lambda spot: (spot[1], spot[0]))
    assert s.card_name(s.square[sq.cell(1, 1)]) == "Marine King"  # A


def test_square_is_completed_when_no_card_is_left() -> None:
    """five_realms.txt, COMPLETE THE SQUARE OF CARDS: with 0 cards left, six new cards."""
    s = table()
    put_square(s, {"b2": "Feline King"})
    put_top(s, "Feline Queen")
    act(s, "place at c2")
    act(s, "influence")
    assert len(_spots(s)) == 6


def test_square_is_not_completed_with_two_cards_left() -> None:
    """five_realms.txt, TURN SEQUENCE: complete the square only if there are 1 or 0 cards left."""
    s = table()
    put_square(s, {"b2": "Feline King", "d4": "Marine King", "b4": "Ursid King"})
    put_top(s, "Feline Queen")
    act(s, "place at c2")
    act(s, "influence")
    assert len(_spots(s)) == 2


def test_game_ends_when_the_deck_is_empty_after_the_turn() -> None:
    """five_realms.txt, END OF THE GAME: the active player finishes their turn, then end
    effects, then most castles wins."""
    s = table(castles=(2, 4))
    put_square(s, {"b2": "Feline King", "d4": "Marine King"})
    put_top(s, "Feline Titan")
    cut_deck(s, 1)
    act(s, "place at c2")
    assert not s.is_over  # the turn goes on: recruit or influence
    act(s, "recruit (look at the characters)")
    act(s, "recruit Feline Titan")
    assert s.is_over and s.castles == [3, 4] and s.returns() == [-1.0, 1.0]
    assert s.legal_actions() == [] and s.current_player is None
    # issue 30: the winner's castles first (it said "(3 to 4)", in seat order)
    assert s.outcome() == "Seat 1 wins with the most castles (4 to 3)."


def test_a_tie_on_castles_is_a_draw() -> None:
    """CLARIFICATIONS.md, Five Realms: ties on castles are a draw."""
    s = table(castles=(3, 3))
    put_square(s, {"b2": "Feline King", "d4": "Marine King"})
    put_top(s, "Feline Queen")
    cut_deck(s, 1)
    act(s, "place at c2")
    act(s, "influence")
    assert s.is_over and s.returns() == [0.0, 0.0]
    assert s.view(None)["winner"] is None


def test_general_extra_turn_is_lost_when_the_deck_is_empty() -> None:
    """five_realms.txt, END OF THE GAME: as soon as the deck is empty the game ends."""
    s = table()
    put_council(s, 0, "General")
    for realm in ("Reptile", "Feline", "Raptor", "Ursid"):
        s.columns[0][s.rules.realms.index(realm)].append(s.deck.pop(0))
    put_square(s, {"c2": "Marine King", "b4": "Ursid King"})
    put_top(s, "Feline Queen")
    cut_deck(s, 1)
    act(s, "place at c3")
    act(s, "influence")
    assert s.is_over


def test_turn_passes_to_the_opponent() -> None:
    """five_realms.txt, TURN SEQUENCE: "Then, it is up to your opponent to play"."""
    s = table(active=1)
    put_square(s, {"b2": "Feline King", "d4": "Marine King", "b4": "Ursid King"})
    put_top(s, "Feline Queen")
    act(s, "place at c2")
    act(s, "influence")
    assert s.active == 0 and names(s, s.columns[1][1]) == ["Feline King", "Feline Queen"]


def test_action_labels_are_readable() -> None:
    """DESIGN.md, The core contract: str(action) is a short human label."""
    table_ = new_game().table
    assert str(table_.place[6]) == "place at b2"
    assert str(table_.collect[1]) == "collect Feline"
    assert str(table_.hire[6]) == "recruit Feline Queen"
    assert str(table_.influence) == "influence"
    assert str(table_.imperial[3]) == "imperial to Ursid"


def test_an_action_of_another_step_is_refused_naming_the_turn_sequence() -> None:
    """five_realms.txt, TURN SEQUENCE: place, collect, then RECRUIT or INFLUENCE - in order."""
    s = table()
    put_square(s, {"b2": "Feline King", "d4": "Marine King"})
    with pytest.raises(IllegalAction, match="turn sequence"):
        s.apply(s.table.influence)
    assert "place the drawn" in s.prompt()
