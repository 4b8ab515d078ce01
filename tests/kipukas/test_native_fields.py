"""Kipukas' ``state.py`` and ``cards.py`` compile with mypyc (``tools/build_native.py``): what
reads annotations at run time reads them from the two small modules left pure beside them."""

from __future__ import annotations

import dataclasses
import inspect
import random

import soulforge
from soulforge.games.kipukas import abilities, cards
from soulforge.games.kipukas.ability import Ability
from soulforge.games.kipukas.fields import KipukasFields
from soulforge.games.kipukas.state import CLONE_PLAN, KipukasState


def test_the_state_declares_its_fields_in_the_pure_fields_class() -> None:
    """The compiled ``KipukasState`` declares no field of its own (mypyc would turn each
    annotation into a runtime type, and ``game: Kipukas`` into a class not yet made at
    import): the clone plan reads every field from ``KipukasFields``, as written."""
    assert KipukasState.__mro__[1] is KipukasFields
    own = inspect.get_annotations(KipukasState)  # (compiled: ``flow``, a class attribute)
    assert all(hasattr(KipukasState, name) for name in own)
    declared = inspect.get_annotations(KipukasFields)
    assert all(isinstance(hint, str) for hint in declared.values())
    assert {"hand", "injuries", "timers", "card"} <= set(CLONE_PLAN.plan)
    # nested lists are copied level by level from the declared type, not generically
    assert CLONE_PLAN.plan["injuries"]([[1], [2]]) == [[1], [2]]


def test_a_clone_shares_no_nested_list_with_its_state() -> None:
    game = soulforge.load("kipukas")
    state = game.new_game(seed=3)
    chooser = random.Random(3)
    for _ in range(60):
        state.apply(chooser.choice(state.legal_actions()))
    twin = state.clone()
    assert isinstance(twin, KipukasState)
    for name in ("hand", "deck", "injuries", "items", "capital", "due"):
        for mine, theirs in zip(getattr(state, name), getattr(twin, name), strict=True):
            assert mine == theirs and mine is not theirs, name


def test_every_ability_field_registers_the_piece_of_its_annotation() -> None:
    """``abilities._register_pieces`` reads each field's annotation as text: a flag piece for a
    bool, a hook piece for a callable... (compiled, an optional field's annotation would read
    as ``type``, and its piece be called with the wrong arguments)."""
    for field in dataclasses.fields(Ability):
        assert isinstance(field.type, str), field.name
    fields: dict[str, object] = {}
    cards.PIECES["cannot_claim"](fields, {})
    cards.PIECES["movement"](fields, {}, 2)
    cards.PIECES["dice"](fields, {}, ["D6"], 1)
    assert fields["cannot_claim"] is True and fields["movement"] == 2
    assert "cycle" in abilities._HOOK_FIELDS and "movement" not in abilities._HOOK_FIELDS
