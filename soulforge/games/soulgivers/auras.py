"""Auras: passive capabilities of a Soulgiver (rulebook 5.2), the pieces data refers to by
name (registered in ``cards.py``).

A piece's capabilities are the union of the auras of its own character and of the Soul it
absorbed (Double Soul keeps both auras: rulebook 5.1).
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Caps:
    """What a piece's auras let it do (all False: a plain Soulgiver)."""

    untargetable: bool = False  # Superluminal Speed: no targeted Abilities or Anomalies
    sacred_ground: bool = False  # allies on its tile cannot be destroyed by Attack: Destruction
    wormhole: bool = False  # Black Holes are linked and harmless
    antigravitonic: bool = False  # Black Holes are normal cells
    incorporeal: bool = False  # goes through Soulgivers and Shell Modifiers
    hush: bool = False  # opposing Soulgivers activated in its range cannot use Abilities

    def union(self, other: Caps) -> Caps:
        pairs = zip(dataclasses.astuple(self), dataclasses.astuple(other), strict=True)
        return Caps(*(a or b for a, b in pairs))


PLAIN = Caps()
"""The capabilities of a Soulgiver without auras."""
