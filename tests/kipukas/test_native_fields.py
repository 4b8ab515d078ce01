"""Kipukas' ``cards.py`` compiles with mypyc (``tools/build_native.py``): what reads annotations
at run time reads them from the small module left pure beside it (``ability.py``). The state, a
native class, is tested in ``test_state_native.py``."""

from __future__ import annotations

import dataclasses

from soulforge.games.kipukas import abilities, cards
from soulforge.games.kipukas.ability import Ability


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
