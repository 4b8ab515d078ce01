"""Soulgivers' Abilities (rulebook 9 and the FAQ): a registry of small named pieces of code.

Data (soulgivers.toml) names abilities; each offers its options as ``(x, y)`` pairs (bounded:
see ``domain``) and applies one. Ranges come from soulgivers.toml (``ranges``).
"""

from __future__ import annotations

from soulforge.games.soulgivers.abilities_board import BlackVoid, Chaos, Mold, Patch, Update, Vertigo
from soulforge.games.soulgivers.abilities_pieces import (
    Acquiescence,
    Charge,
    Eradicate,
    Leap,
    MindControl,
    Rejection,
    Teleport,
    Tornado,
)
from soulforge.games.soulgivers.ability_base import Ability

ABILITIES: dict[str, Ability] = {
    a.name: a for a in (Leap(), Charge(), Mold(), MindControl(), Acquiescence(), Teleport(), Chaos(),
                        Vertigo(), Tornado(), Patch(), Update(), BlackVoid(), Eradicate(), Rejection())
}
