"""A native build compiles the modules a Soul of Ankiril playout runs through (issue 32's
speed is judged compiled): the Creatures (``model.py``) and the ability pieces' targetings
(``pieces.py``) included, and a compiled Creature copies (agents clone states)."""

from __future__ import annotations

import random

import pytest

from soulforge.games.soul_of_ankiril import combat, consequences, flow, listing, model, pieces, sequence
from soulforge.games.soul_of_ankiril.model import Creature
from tests.native import compiled

from .helpers import arena, put

HOT = (flow, listing, pieces, model, consequences, combat, sequence)
"""The modules of a playout's listing and moves, the game's own code."""


native = pytest.mark.skipif(not compiled(flow), reason="the pure package runs (no native build)")


@native
def test_every_hot_module_is_compiled() -> None:
    assert [m.__name__ for m in HOT if not compiled(m)] == []


@native
def test_a_native_creature_copies_and_a_state_clones() -> None:
    """``object.__new__`` refuses a native class: the copy does without it."""
    state = arena()
    c = put(state, "Shekun", 0, 21)
    twin = c.copy()
    assert type(twin) is Creature and twin is not c and twin.cell == 21
    clone = state.clone()
    assert clone.units.keys() == state.units.keys()
    assert all(clone.unit(u) is not state.units[u] for u in state.units)  # copy-on-write
    seen = clone.determinize(0, random.Random(3))  # as ISMCTS makes one
    assert seen.units[c.uid] is not c and seen.units[c.uid].hp == c.hp
