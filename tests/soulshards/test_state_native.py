"""Soulshards' state as a native class: what is its own (its units, its frames); the checks
every native state passes are ``tests/core/test_native_states.py``'s."""

from __future__ import annotations

import pickle

from soulforge.games.soulshards.state import ShardsState, Unit, unit_slots
from tests import playouts
from tests.native import Native, slot_markers


def _slots(unit: Unit) -> tuple[object, ...]:
    return tuple(getattr(unit, name) for name in unit_slots())


def _markers(units: dict[int, Unit]) -> dict[int, tuple[object, ...]]:
    """The units by their slots: a Unit has no equality of its own."""
    return {uid: _slots(unit) for uid, unit in units.items()}


NATIVE = Native(shared=frozenset({"cards", "cities"}),
                native_fields=frozenset({"units", "zones", "step", "stack"}),
                pieces={"units": slot_markers(unit_slots)})
"""The cards and the cities shared by clones; the units copied, compared by their slots."""


def _positions() -> list[ShardsState]:
    found = playouts.positions("soulshards", range(3), limit=300)[::12]
    assert found and all(isinstance(s, ShardsState) for s in found)
    return [s for s in found if isinstance(s, ShardsState)]


def test_a_clone_shares_the_stacks_frames_and_copies_a_fight() -> None:
    fought = 0
    for state in _positions():
        twin = state.clone()
        assert twin.stack == state.stack and all(map(lambda a, b: a is b, twin.stack, state.stack))
        assert twin.fight == state.fight and (state.fight is None or twin.fight is not state.fight)
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
