"""Auras: passive capabilities of a Soulgiver (rulebook 5.2). A Soulgiver card's ``auras`` in
soulgivers.toml are tags naming fields of :class:`Caps` (checked when the card is declared in
``cards.py``), as fireplace's cards carry Taunt or Stealth as tags: data, not code.

A piece's capabilities are the union of the auras of its own character and of the Soul it
absorbed (Double Soul keeps both auras: rulebook 5.1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable


@dataclasses.dataclass(frozen=True)
class Caps:
    """What a piece's auras let it do (all False: a plain Soulgiver); each field an aura's name."""

    superluminal_speed: bool = False  # no targeted Abilities or Anomalies
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
AURA_NAMES = frozenset(f.name for f in dataclasses.fields(Caps))
"""The auras a card may name."""


def caps_of(auras: Iterable[str]) -> Caps:
    """The capabilities the named auras give together."""
    return Caps(**dict.fromkeys(auras, True))
