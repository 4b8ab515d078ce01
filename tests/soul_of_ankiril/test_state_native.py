"""Soul of Ankiril's state as a native class: what is its own (its Creatures, shared by
clones copy-on-write); the checks every native state passes are
``tests/core/test_native_states.py``'s."""

from __future__ import annotations

from soulforge.games.soul_of_ankiril.model import Creature, creature_slots
from soulforge.games.soul_of_ankiril.state import AnkirilState
from tests import playouts
from tests.native import Native, no_key, slot_markers

NATIVE = Native(shared=frozenset({"board", "cards", "decklists", "last", "last_line"}),
                native_fields=frozenset({"units", "occ", "stage", "last_line"}),
                pieces={"units": slot_markers(creature_slots), "mark": no_key}, copy_on_write=True)
"""Rules data and replaced values shared by clones; the Creatures shared copy-on-write (below),
the ownership mark each state's own."""


def _markers(units: dict[int, Creature]) -> dict[int, tuple[object, ...]]:
    """The creatures by their slots: a Creature has no equality of its own."""
    return {uid: tuple(getattr(unit, name) for name in creature_slots()) for uid, unit in units.items()}


def _positions() -> list[AnkirilState]:
    found = playouts.positions("soul_of_ankiril", range(3), limit=300)[::12]
    assert found and all(isinstance(s, AnkirilState) for s in found)
    return [s for s in found if isinstance(s, AnkirilState)]


def test_a_clone_shares_its_creatures_each_copied_by_its_first_change() -> None:
    for state in _positions():
        twin = state.clone()
        # The Creatures are shared copy-on-write: neither side's to change, each copied by the
        # first change (AnkirilState.unit), the other side's left as it was.
        assert all(unit.home not in (state.mark, twin.mark) for unit in state.units.values())
        before = _markers(state.units)
        for uid, unit in state.units.items():
            mine = twin.unit(uid)
            assert mine is not unit and mine is twin.unit(uid) and mine.home is twin.mark
            mine.hp += 5
        assert _markers(state.units) == before


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
