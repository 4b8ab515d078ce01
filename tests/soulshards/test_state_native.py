"""Soulshards' state as a native class (``make native``): every field declared and cloned, the
same behaviour compiled and pure (``docs/native.md``)."""

from __future__ import annotations

import os
import pickle

import pytest

import soulforge
from soulforge.games.soulshards.state import ShardsState, Unit, unit_slots
from tests import playouts
from tests.native import (
    assert_a_clone_played_on_leaves_the_original,
    assert_clone_apart,
    assert_determinized_keeps_the_view,
    assert_every_field_declared_and_set,
    assert_restored_plays_on,
    played,
)

GAME = soulforge.load("soulshards")
COMPILED = hasattr(ShardsState, "__mypyc_attrs__")
SHARED = frozenset({"game", "cards", "cities", "_log_read", "_legal", "_log_shared"})
"""Fields a clone shares: never changed in place (the cards and the cities are rules data; the
log's read and chunks and the listing are replaced, never changed)."""


def _slots(unit: Unit) -> tuple[object, ...]:
    return tuple(getattr(unit, name) for name in unit_slots())


def _markers(units: dict[int, Unit]) -> dict[int, tuple[object, ...]]:
    """The units by their slots: a Unit has no equality of its own."""
    return {uid: _slots(unit) for uid, unit in units.items()}


def _positions() -> list[ShardsState]:
    found = playouts.positions("soulshards", range(3), limit=300)[::12]
    assert found and all(isinstance(s, ShardsState) for s in found)
    return [s for s in found if isinstance(s, ShardsState)]


def test_every_field_is_declared_so_a_native_class_can_hold_it() -> None:
    for state in _positions():
        assert_every_field_declared_and_set(state)


def test_clone_copies_every_field_apart_and_shares_none_that_changes() -> None:
    fought = 0
    for state in _positions():
        state.legal_actions()
        twin = state.clone()
        assert_clone_apart(state, twin, SHARED, keys={"units": _markers})
        assert twin.legal_actions() == state.legal_actions()
        assert all(twin.units[uid] is not unit for uid, unit in state.units.items())  # units too
        assert twin.stack == state.stack and all(map(lambda a, b: a is b, twin.stack, state.stack))
        fought += state.fight is not None
    assert fought  # a fight in progress (a dict, copied) among the positions


def test_a_unit_copy_and_pickle_keep_every_slot() -> None:
    # Unit.copy is written out (a native class has no __slots__ to derive it from): a slot
    # added later and not copied fails here.
    # Pickled within its state (a card's definition holds a mappingproxy: the state's pickler
    # writes the game's cards as references).
    states = _positions()
    units = [u for s in states for u in s.units.values()]
    assert any(u.attached for u in units) and any(u.fatigue for u in units)
    for unit in units:
        twin = unit.copy()
        assert twin is not unit and _slots(twin) == _slots(unit)
        assert twin.attached is not unit.attached
    for state in states:
        restored = pickle.loads(pickle.dumps(state))
        assert _markers(restored.units) == _markers(state.units)
    assert set(unit_slots()) == {"attached", "card", "doomed", "fatigue", "hit", "is_char", "moved",
                                 "owner", "pinned", "prepared", "provoked", "ready", "temp", "uid"}


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
    assert not hasattr(ShardsState(), "game")


@pytest.mark.skipif(not COMPILED, reason="the pure package (no native build, or SOULFORGE_PURE)")
def test_compiled_the_state_is_a_native_class() -> None:
    # The fields live in the object, not in a __dict__ (read by compiled rules directly).
    assert {"units", "zones", "step", "stack"} <= set(ShardsState.__dict__["__mypyc_attrs__"])
    assert hasattr(Unit, "__mypyc_attrs__")
    state = GAME.new_game(seed=1)
    state.apply(state.legal_actions()[0])
    assert not getattr(state, "__dict__", None)
    assert os.environ.get("SOULFORGE_PURE") in (None, "", "0")
