"""Soul of Ankiril's state as a native class (``make native``): every field declared and
cloned, the same behaviour compiled and pure (``docs/native.md``)."""

from __future__ import annotations

import os

import pytest

import soulforge
from soulforge.games.soul_of_ankiril.model import Creature, creature_slots
from soulforge.games.soul_of_ankiril.state import AnkirilState
from tests import playouts
from tests.native import (
    assert_a_clone_played_on_leaves_the_original,
    assert_clone_apart,
    assert_determinized_keeps_the_view,
    assert_every_field_declared_and_set,
    assert_restored_plays_on,
    played,
)

GAME = soulforge.load("soul_of_ankiril")
COMPILED = hasattr(AnkirilState, "__mypyc_attrs__")
SHARED = frozenset({"game", "board", "cards", "decklists", "last", "last_line", "_log_read", "_legal",
                    "_log_shared"})
"""Fields a clone shares: never changed in place (the board and the cards are rules data; the
decklists, the last action and its words are replaced, never changed)."""


def _markers(units: dict[int, Creature]) -> dict[int, tuple[object, ...]]:
    """The creatures by their slots: a Creature has no equality of its own."""
    return {uid: tuple(getattr(unit, name) for name in creature_slots()) for uid, unit in units.items()}


def _positions() -> list[AnkirilState]:
    found = playouts.positions("soul_of_ankiril", range(3), limit=300)[::12]
    assert found and all(isinstance(s, AnkirilState) for s in found)
    return [s for s in found if isinstance(s, AnkirilState)]


def test_every_field_is_declared_so_a_native_class_can_hold_it() -> None:
    for state in _positions():
        assert_every_field_declared_and_set(state)


def test_clone_copies_every_field_apart_and_shares_none_that_changes() -> None:
    for state in _positions():
        state.legal_actions()
        twin = state.clone()
        assert_clone_apart(state, twin, SHARED, keys={"units": _markers, "mark": _no_key})
        assert twin.legal_actions() == state.legal_actions()
        # The Creatures are shared copy-on-write: neither side's to change, each copied by the
        # first change (AnkirilState.unit), the other side's left as it was.
        assert all(unit.home not in (state.mark, twin.mark) for unit in state.units.values())
        before = _markers(state.units)
        for uid, unit in state.units.items():
            mine = twin.unit(uid)
            assert mine is not unit and mine is twin.unit(uid) and mine.home is twin.mark
            mine.hp += 5
        assert _markers(state.units) == before


def _no_key(value: object) -> object:
    """The ownership mark: each state's own object, compared by nothing."""
    return None


def test_every_move_on_either_side_of_a_clone_leaves_the_other_as_it_was() -> None:
    """Copy-on-write of the Creatures: each legal move of many positions, played on a clone
    and on its original, changes no Creature of the other side (a rule that changed a Creature
    read from ``units`` rather than through ``AnkirilState.unit`` fails here)."""
    moves = 0
    for position in playouts.positions("soul_of_ankiril", range(4), limit=400)[::5]:
        for action in position.legal_actions():
            base = position.clone()
            twin = base.clone()
            before = _markers(base.units)
            twin.apply(action)
            assert _markers(base.units) == before, action
            again = base.clone()
            before = _markers(again.units)
            base.apply(action)
            assert _markers(again.units) == before, action
            assert base.view(None) == twin.view(None)
            moves += 1
    assert moves > 6000


def test_a_clone_played_on_leaves_its_original_as_it_was() -> None:
    state, rng = played(GAME, 11, 60)
    assert_a_clone_played_on_leaves_the_original(state, rng, 300)


@pytest.mark.parametrize("how", ["pickle", "bytes", "copy"])
def test_a_state_restored_or_copied_plays_on_as_the_original(how: str) -> None:
    # (No deepcopy: a card's definition holds a mappingproxy, which deepcopy refuses, native
    # or pure, before this state was native too; the state's clone and pickling are its copies.)
    state, rng = played(GAME, 5, 50)
    assert_restored_plays_on(state, how, rng, 200)


def test_a_determinization_keeps_the_seats_view() -> None:
    assert_determinized_keeps_the_view(played(GAME, 8, 50)[0])


def test_a_bare_state_has_no_game() -> None:
    assert not hasattr(AnkirilState(), "game")


@pytest.mark.skipif(not COMPILED, reason="the pure package (no native build, or SOULFORGE_PURE)")
def test_compiled_the_state_is_a_native_class() -> None:
    # The fields live in the object, not in a __dict__ (read by compiled rules directly).
    assert {"units", "occ", "stage", "last_line"} <= set(AnkirilState.__dict__["__mypyc_attrs__"])
    state = GAME.new_game(seed=1)
    state.apply(state.legal_actions()[0])
    assert not getattr(state, "__dict__", None)
    assert os.environ.get("SOULFORGE_PURE") in (None, "", "0")
