"""Soulgivers' state as a native class: what differs from the other games in the checks of
``tests/core/test_native_states.py``."""

from __future__ import annotations

from tests.native import Native

NATIVE = Native(native_fields=frozenset({"pos", "occ", "phase", "hand"}),
                restores=("pickle", "bytes", "copy", "deepcopy"))
"""Nothing of its own shared by clones; deep-copied too (no card holds a mappingproxy)."""
