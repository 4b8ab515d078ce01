"""Placement and collection (five_realms.txt, PLACEMENT RESTRICTIONS, COLLECTION RESTRICTIONS)."""

from __future__ import annotations

import pytest

from soulforge import IllegalAction
from soulforge.games.five_realms.actions import Place

from .helpers import act, labels, names, put_square, put_top, table


def test_placement_must_be_orthogonally_adjacent() -> None:
    """five_realms.txt, PLACEMENT RESTRICTIONS: an empty spot orthogonally adjacent to a card."""
    s = table()
    put_square(s, {"b2": "Feline King", "c2": "Ursid King"})
    put_top(s, "Marine King")
    assert labels(s) == [f"place at {spot}" for spot in ("b1", "c1", "a2", "d2", "b3", "c3")]
    with pytest.raises(IllegalAction, match=r"placement: .*orthogonally adjacent"):
        s.apply(Place(2, 3))  # d3 touches c2 only by a corner
    assert s.phase == "place"


def test_placement_refuses_a_taken_spot() -> None:
    """five_realms.txt, PLACEMENT RESTRICTIONS: the spot must be empty."""
    s = table()
    put_square(s, {"b2": "Feline King", "c2": "Ursid King"})
    with pytest.raises(IllegalAction, match=r"placement: .*already holds"):
        s.apply(Place(1, 1))


def test_square_floats_but_stays_3_by_3() -> None:
    """five_realms.txt, PLACEMENT RESTRICTIONS: the floating square keeps its 3x3 size."""
    s = table()
    put_square(s, {"b2": "Feline King", "c2": "Ursid King", "d2": "Raptor King"})
    assert "place at e2" not in labels(s) and "place at a2" not in labels(s)
    with pytest.raises(IllegalAction, match=r"placement: .*3 cards by 3 cards"):
        s.apply(Place(1, 4))
    # A row of three may still grow up or down: the square floats.
    assert {"place at c1", "place at c3"} <= set(labels(s))


def test_worked_example_same_banner_collects_the_connected_run() -> None:
    """five_realms.txt, COLLECTION RESTRICTIONS, first worked example: 1 Feline placed
    collects 5 Felines - the one placed and those orthogonally connected to it; the
    Raptor beside it does not matter (Clarifications: same and different -> the run)."""
    s = table()
    put_square(s, {
        "b2": "Feline King", "c2": "Feline Queen", "d2": "Ursid King",
        "b3": "Raptor King", "d3": "Feline Witch", "d4": "Feline Warrior",
    })
    put_top(s, "Feline Titan")
    act(s, "place at c3")
    assert sorted(names(s, s.collected)) == [
        "Feline King", "Feline Queen", "Feline Titan", "Feline Warrior", "Feline Witch",
    ]
    assert sorted(s.banner_name(c) for c in s.square if c >= 0) == ["Raptor", "Ursid"]
    assert s.phase == "recruit or influence"


def test_worked_example_different_banners_choose_one_from_the_whole_square() -> None:
    """five_realms.txt, COLLECTION RESTRICTIONS, second worked example: a Feline placed
    next to 1 Ursid and 1 Raptor; the player chooses Raptor and collects every Raptor card
    of the square, not the Feline just placed."""
    s = table()
    put_square(s, {"c2": "Ursid King", "b3": "Raptor King", "d4": "Raptor Queen", "b2": "Marine King"})
    put_top(s, "Feline King")
    act(s, "place at c3")
    assert s.phase == "choose banner"
    assert labels(s) == ["collect Raptor", "collect Ursid"]
    act(s, "collect Raptor")
    assert sorted(names(s, s.collected)) == ["Raptor King", "Raptor Queen"]
    assert "Feline King" in names(s, [c for c in s.square if c >= 0])


def test_single_different_banner_is_collected_without_a_choice() -> None:
    """five_realms.txt, COLLECTION RESTRICTIONS: one different banner adjacent - nothing to choose."""
    s = table()
    put_square(s, {"b2": "Ursid King", "c3": "Ursid Queen", "b4": "Marine King"})
    put_top(s, "Feline King")
    act(s, "place at c2")
    assert sorted(names(s, s.collected)) == ["Ursid King", "Ursid Queen"]
    assert s.phase == "recruit or influence"


def test_collecting_a_banner_not_adjacent_is_refused() -> None:
    """five_realms.txt, COLLECTION RESTRICTIONS: only the banners next to the placed card."""
    s = table()
    put_square(s, {"c2": "Ursid King", "b3": "Raptor King", "d4": "Marine King"})
    put_top(s, "Feline King")
    act(s, "place at c3")
    with pytest.raises(IllegalAction, match="collection"):
        s.apply(s.table.collect[s.rules.banners.index("Marine")])
