"""Five Realms' state as a native class: what differs from the other games in the checks of
``tests/core/test_native_states.py``."""

from __future__ import annotations

from tests.native import Native

NATIVE = Native(shared=frozenset({"rules", "table"}), native_fields=frozenset({"card_type"}),
                depth=(150, 10), moves=25, played_on=None)
"""The rules and the table shared by clones; a short game, played on to its end."""
