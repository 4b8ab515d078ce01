"""The registries of card pieces, and the tables built from them and the data.

soulgivers.toml names each character's Abilities and auras, anomalies.toml each Anomaly's
effect: the names are looked up here (``soulforge.core.registry``), never in an if-chain
over card names. A name the data uses and no piece of code implements is a
:class:`DataError` naming the file, the entry and the field, raised when the game loads.
"""

from __future__ import annotations

from soulforge.core.errors import DataError
from soulforge.core.registry import Registry
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
from soulforge.games.soulgivers.actions import UseAbility
from soulforge.games.soulgivers.anomalies import (
    Collapse,
    DimensionalShift,
    Effect,
    EssenceDrain,
    Flag,
    Frattura,
    SoulEcho,
    TemporalSuspension,
)
from soulforge.games.soulgivers.auras import PLAIN, Caps
from soulforge.games.soulgivers.data import CHARS, DATA, AnomalyCard
from soulforge.games.soulgivers.encoding import ABIL_OWN, ABIL_SOUL, KINDS, PIECES, kind_of

ABILITIES: Registry[Ability] = Registry("abilities")
"""Soulgivers' Abilities (rulebook 9), by the name soulgivers.toml uses."""
for _ability in (Leap(), Charge(), Mold(), MindControl(), Acquiescence(), Teleport(), Chaos(), Vertigo(),
                 Tornado(), Patch(), Update(), BlackVoid(), Eradicate(), Rejection()):
    ABILITIES.add(_ability.name, _ability)

AURAS: Registry[Caps] = Registry("auras")
"""Auras (rulebook 5.2), each the capability it gives."""
AURAS.add("superluminal_speed", Caps(untargetable=True))
AURAS.add("sacred_ground", Caps(sacred_ground=True))
AURAS.add("wormhole", Caps(wormhole=True))
AURAS.add("antigravitonic", Caps(antigravitonic=True))
AURAS.add("incorporeal", Caps(incorporeal=True))
AURAS.add("hush", Caps(hush=True))

ANOMALY_EFFECTS: Registry[Effect] = Registry("anomaly effects")
"""The effects Anomaly cards name (anomalies.toml ``effect``)."""
ANOMALY_EFFECTS.add("frattura", Frattura())
ANOMALY_EFFECTS.add("temporal_suspension", TemporalSuspension())
ANOMALY_EFFECTS.add("stasis", Flag("stasis"))
ANOMALY_EFFECTS.add("glass_body", Flag("glass"))
ANOMALY_EFFECTS.add("essence_drain", EssenceDrain())
ANOMALY_EFFECTS.add("soul_echo", SoulEcho())
ANOMALY_EFFECTS.add("collapse", Collapse())
ANOMALY_EFFECTS.add("dimensional_shift", DimensionalShift())
ANOMALY_EFFECTS.add("silence", Flag("silenced"))
ANOMALY_EFFECTS.add("slow_time", Flag("slowed"))


def check_data() -> None:
    """Data may only name Abilities, auras and Anomaly effects that exist in code."""
    for c in CHARS:
        for name in c.abilities:
            if name not in ABILITIES:
                raise DataError("soulgivers.toml", c.key, "abilities", f"unknown ability {name!r}")
        for name in c.auras:
            if name not in AURAS:
                raise DataError("soulgivers.toml", c.key, "auras", f"unknown aura {name!r}")
    for a in DATA.anomalies:
        if a.effect not in ANOMALY_EFFECTS:
            raise DataError("anomalies.toml", a.key, "effect", f"unknown effect {a.effect!r}")


check_data()

# -- capabilities ------------------------------------------------------------------------------
def caps_of(auras: tuple[str, ...]) -> Caps:
    """The union of the named auras."""
    out = PLAIN
    for name in auras:
        out = out.union(AURAS[name])
    return out


def _piece_caps(kind: int, soul: int) -> Caps:
    return caps_of(CHARS[kind].auras + (CHARS[kind_of(soul)].auras if soul >= 0 else ()))


CAPS: tuple[tuple[Caps, ...], ...] = tuple(
    tuple(_piece_caps(kind_of(p), soul) for soul in (*PIECES, -1)) for p in PIECES
)
"""CAPS[piece][soul]: a piece's capabilities with the Soul it absorbed; ``soul`` -1 (no Soul)
indexes the last entry, the piece's own auras alone."""
HUSHERS: tuple[tuple[bool, ...], ...] = tuple(tuple(caps.hush for caps in row) for row in CAPS)
"""HUSHERS[piece][soul]: does the piece spread the Hush aura (indexed as CAPS)."""

# -- Abilities per character ----------------------------------------------------------------------
ABILITY_ACTIONS: dict[str, dict[tuple[int, int], UseAbility]] = {
    name: {(x, y): UseAbility(name, x, y) for x, y in ability.domain()} for name, ability in ABILITIES.items()
}
"""Per Ability, one shared action object per option (cheap legal-action lists)."""
Slot = tuple[int, str, Ability, dict[tuple[int, int], UseAbility]]
"""(the done flag it sets, the Ability's name, the Ability, its actions)."""
OWN_SLOTS: tuple[tuple[Slot, ...], ...] = tuple(
    tuple((ABIL_OWN, name, ABILITIES[name], ABILITY_ACTIONS[name]) for name in CHARS[kind].abilities)
    for kind in KINDS
)
"""Per kind, the Abilities of the character itself."""
SOUL_SLOTS: tuple[tuple[Slot, ...], ...] = tuple(
    tuple((ABIL_SOUL, name, ABILITIES[name], ABILITY_ACTIONS[name]) for name in CHARS[kind].abilities)
    for kind in KINDS
)
"""Per kind, the Abilities a piece gains by absorbing its Soul (Double Soul)."""

# -- Anomaly cards -------------------------------------------------------------------------------
CARDS: dict[str, AnomalyCard] = {a.key: a for a in DATA.anomalies}
CARD_EFFECT: dict[str, Effect] = {key: ANOMALY_EFFECTS[card.effect] for key, card in CARDS.items()}
"""Each Anomaly card's effect."""


def ability_of(name: str) -> Ability:
    """The Ability piece registered as ``name``."""
    return ABILITIES[name]
