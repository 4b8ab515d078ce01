"""soulforge.core.memo: values made once per object, found by identity, bounded."""

from __future__ import annotations

import pytest

from soulforge.core.memo import PerObject


class Card:
    def __init__(self, name: str) -> None:
        self.name = name


def test_a_value_is_made_once_per_object_and_an_equal_object_is_another_key() -> None:
    made: list[str] = []

    def upper(card: Card) -> str:
        made.append(card.name)
        return card.name.upper()

    texts = PerObject(upper, size=8)
    first, twin = Card("wolf"), Card("wolf")
    assert [texts(first), texts(first), texts(twin)] == ["WOLF", "WOLF", "WOLF"]
    assert made == ["wolf", "wolf"]


def test_a_freed_object_s_id_never_finds_its_value() -> None:
    # Each new card may take the id of the one freed before it: the value kept holds its card.
    names: PerObject[Card, str] = PerObject(lambda card: card.name, size=8)
    assert [names(Card(f"card {i}")) for i in range(50)] == [f"card {i}" for i in range(50)]


def test_at_most_size_values_are_kept() -> None:
    made: list[tuple[int]] = []

    def first(key: tuple[int]) -> int:
        made.append(key)
        return key[0]

    numbers = PerObject(first, size=2)
    keys = [(1,), (2,), (3,)]
    for key in keys + keys:
        numbers(key)
    assert len(made) == 6 and len(numbers._kept) <= 2


def test_get_and_keep_for_a_value_made_by_the_caller() -> None:
    kept: PerObject[Card, str] = PerObject(size=4)
    card = Card("elk")
    assert kept.get(card) is None
    assert kept.keep(card, "made elsewhere") == "made elsewhere" and kept.get(card) == "made elsewhere"
    with pytest.raises(TypeError, match="get and keep"):
        kept(Card("elk"))
