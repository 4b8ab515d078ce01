"""The Kipukas action index, computed from its runs (``actions.index_runs``) instead of tabulated."""

from __future__ import annotations

import tracemalloc

import pytest

import soulforge
from soulforge.core.computed_index import ComputedIndex
from soulforge.core.game import FixedIndex
from soulforge.games.kipukas import actions as a
from soulforge.games.kipukas.game import Kipukas

# Numbers of the tabulated index this one replaced (main at 45f743c): interop agents and
# recorded observations keep their meaning.
PINNED = [
    (a.Affinity("Avian"), 10),
    (a.Play(3, "T2", False), 186),
    (a.Transfer(5, 4), 1622),
    (a.Move(7, "T3"), 83918),
    (a.CallInitiative(), 104664),
    (a.TurnDiel(-1, 2), 104799),
    (a.Purchase("honey", 0, 2), 104816),
    (a.Ferry(0, "T5"), 129528),
    (a.Shift(127, 126), 146450),
    (a.Reroll(), 146451),
    (a.KeepRoll(), 146452),
]


def test_the_index_keeps_the_numbers_of_the_table_it_replaced() -> None:
    game = soulforge.load("kipukas")
    assert game.num_distinct_actions == 146_453  # (+ Reroll, KeepRoll: last, numbers kept)
    for action, number in PINNED:
        assert game.action_index(action) == number
        assert game.action_at(number) == action
    assert soulforge.load("kipukas", map="grand").num_distinct_actions == 151_509
    assert soulforge.load("kipukas", map="grand").action_index(a.Move(7, "T3")) == 84560


@pytest.mark.parametrize("board", ["duel", "grand"])
def test_every_action_of_the_index_is_numbered_where_it_stands(board: str) -> None:
    """The computed numbers and actions are one table: the n-th action listed has number n
    (no two runs overlap), and the field values a refusal names are the listed ones."""
    game = soulforge.load("kipukas", map=board)
    assert isinstance(game, Kipukas)
    index = game._build_index()
    listed = list(index.table)
    assert len(listed) == len(index.table) == len(set(listed))
    assert all(index.numbers[action] == n for n, action in enumerate(listed))
    assert [index.table[n] for n in range(0, len(listed), 997)] == listed[::997]
    assert FixedIndex(listed).field_values == index.field_values


def test_refused_actions_are_not_numbered() -> None:
    game = soulforge.load("kipukas")
    assert isinstance(game, Kipukas)
    index = game._build_index()
    assert a.Transfer(3, 3) not in index.numbers  # (p != q)
    assert a.Move(10_000, "T3") not in index.numbers
    assert a.Move(1, "nowhere") not in index.numbers
    assert a.TurnDiel(-1, -1) not in index.numbers
    assert a.Purchase("honey", 2, 1) not in index.numbers
    with pytest.raises(IndexError):
        index.table[index.size]


def test_building_the_index_tabulates_nothing() -> None:
    """The index of a table is made in under 2 MB (the table and its dict were 17 MB)."""
    game = soulforge.load("kipukas")
    assert isinstance(game, Kipukas)
    tracemalloc.start()
    try:
        index = game._build_index()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(index, ComputedIndex)
    assert index.size == 146_453
    assert peak < 2_000_000
