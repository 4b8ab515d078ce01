"""The game's cards, each declared one way: a row of its data file in a
:class:`~soulforge.core.cards.CardBook`, its pieces looked up in registries at load.

- A Soulgiver card (soulgivers.toml, ``SOULGIVER_BOOK``): its numbers; its ``abilities``, the
  pieces of ``ABILITIES`` it gives (``ability_base.py``, ``abilities_board.py``,
  ``abilities_pieces.py``); its ``auras``, tags naming fields of ``auras.Caps``.
- An Anomaly card (anomalies.toml, ``ANOMALY_BOOK``): its ``target`` (what it is played on),
  its ``requires`` (requirements of the target) and its ``effects`` (pieces played on it), all
  in ``anomalies.py``. ``CardBook.unmet`` is the one check of a target, ``CardBook.run`` plays it.

A name the data uses that no piece implements is a :class:`DataError` naming the file, the
entry and the field, raised when the game loads. Adding a card is adding a row
(:func:`add_anomaly` for a test's card): no engine code changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from soulforge.core.cards import CardBook, CardDeclaration
from soulforge.core.errors import DataError
from soulforge.core.flow import ClickPath
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
from soulforge.games.soulgivers.anomalies import (
    ANOMALY_EFFECTS,
    ANOMALY_REQUIREMENTS,
    NO_TARGET,
    PIECE_TARGETS,
    TARGET_KINDS,
    AnomalyPlay,
)
from soulforge.games.soulgivers.auras import AURA_NAMES, Caps, caps_of
from soulforge.games.soulgivers.consequences import label
from soulforge.games.soulgivers.data import CHARS, DATA, AnomalyCard, anomaly_card
from soulforge.games.soulgivers.encoding import PIECES, Team, kind_of

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

ABILITIES: Registry[Ability] = Registry("abilities")
"""Soulgivers' Abilities (rulebook 9): the effect pieces of Soulgiver cards."""
for _ability in (Leap(), Charge(), Mold(), MindControl(), Acquiescence(), Teleport(), Chaos(), Vertigo(),
                 Tornado(), Patch(), Update(), BlackVoid(), Eradicate(), Rejection()):
    ABILITIES.add(_ability.name, _ability)

SOULGIVER_BOOK: CardBook[SoulgiversState, Any] = CardBook("Soulgiver", ABILITIES,
                                                          effects_field="abilities")
"""The ten Soulgiver cards, by key (a row's ``id``)."""
ANOMALY_BOOK: CardBook[SoulgiversState, AnomalyPlay] = CardBook("Anomaly", ANOMALY_EFFECTS,
                                                                ANOMALY_REQUIREMENTS)
"""The Anomaly cards, by key."""


def ability_of(name: str) -> Ability:
    """The Ability piece registered as ``name``."""
    return ABILITIES[name]


# -- Soulgiver cards --------------------------------------------------------------------------------
for _char in CHARS:
    SOULGIVER_BOOK.add(_char.row, key="id")
    for _aura in _char.auras:
        if _aura not in AURA_NAMES:
            raise DataError("soulgivers.toml", _char.key, "auras",
                            f"unknown aura {_aura!r}; known: {sorted(AURA_NAMES)}")


def abilities_of(kind: int) -> tuple[str, ...]:
    """The Abilities the Soulgiver card of ``kind`` gives, in its row's order."""
    return tuple(name for name, _ in SOULGIVER_BOOK[CHARS[kind].key].effects)


def _piece_caps(kind: int, soul: int) -> Caps:
    return caps_of(CHARS[kind].auras + (CHARS[kind_of(soul)].auras if soul >= 0 else ()))


CAPS: tuple[tuple[Caps, ...], ...] = tuple(
    tuple(_piece_caps(kind_of(p), soul) for soul in (*PIECES, -1)) for p in PIECES
)
"""CAPS[piece][soul]: a piece's capabilities with the Soul it absorbed; ``soul`` -1 (no Soul)
indexes the last entry, the piece's own auras alone."""
HUSHERS: tuple[tuple[bool, ...], ...] = tuple(tuple(caps.hush for caps in row) for row in CAPS)
"""HUSHERS[piece][soul]: does the piece spread the Hush aura (indexed as CAPS)."""

# -- Anomaly cards ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Anomaly:
    """An Anomaly card as played: its data and its declaration in ``ANOMALY_BOOK``."""

    card: AnomalyCard
    declaration: CardDeclaration

    @property
    def name(self) -> str:
        return self.card.name

    def unmet(self, s: SoulgiversState, team: Team, target: int) -> str | None:
        """Why ``team`` may not play the card on ``target`` now (None: it may)."""
        return ANOMALY_BOOK.unmet(self.declaration, s, (team, target))

    def refusal(self, s: SoulgiversState, team: Team, target: int) -> str | None:
        """Why the card may not go on ``target``: not a candidate of its kind, or the first
        requirement it fails (None: it may)."""
        if target not in TARGET_KINDS[self.card.target](s, team):
            return f"{self.card.name} is played on {_TARGET_WORDS[self.card.target]}"
        return self.unmet(s, team, target)

    def targets(self, s: SoulgiversState, team: Team) -> list[int]:
        """The targets meeting the card's requirements, in the candidates' order."""
        unmet, card, out = ANOMALY_BOOK.unmet, self.declaration, []
        for t in TARGET_KINDS[self.card.target](s, team):  # a loop: no comprehension frame (hot)
            if unmet(card, s, (team, t)) is None:
                out.append(t)
        return out

    def has_target(self, s: SoulgiversState, team: Team) -> bool:
        unmet, card = ANOMALY_BOOK.unmet, self.declaration
        for t in TARGET_KINDS[self.card.target](s, team):  # noqa: SIM110  # a loop: no generator frame
            if unmet(card, s, (team, t)) is None:
                return True
        return False

    def apply(self, s: SoulgiversState, team: Team, target: int) -> None:
        ANOMALY_BOOK.run(self.declaration, s, (team, target))

    @property
    def is_on_soulgiver(self) -> bool:
        return self.card.target in PIECE_TARGETS

    def path(self, target: int) -> ClickPath:
        """The handle of the target clicked (none for a card without one)."""
        if target == NO_TARGET:
            return ()
        return (f"piece:{target}",) if self.is_on_soulgiver else (f"{self.card.target}:{target}",)

    def on_target(self, target: int) -> str:
        """" on " and the target as the board names it (empty for none): " on seat 1's Runner",
        " on portal 3", " on tile 7"."""
        if target == NO_TARGET:
            return ""
        return f" on {label(target)}" if self.is_on_soulgiver else f" on {self.card.target} {target}"


_TARGET_WORDS = {"opposing_soulgiver": "an opposing Soulgiver on the board",
                 "own_soulgiver": "one of your Soulgivers on the board", "portal": "a Portal",
                 "tile": "a tile but the Mother", "none": "no target"}
CARDS: dict[str, Anomaly] = {}
"""Every Anomaly card by key."""


def anomaly_name(key: str) -> str:
    """An Anomaly card's printed name, by its key: ``anomaly_name("slow_time")`` is "Slow Time"."""
    return CARDS[key].name


def add_anomaly(row: Mapping[str, Any]) -> Anomaly:
    """Declare the Anomaly card of a data row (as anomalies.toml writes one): read, its pieces
    checked, kept in ``ANOMALY_BOOK`` and ``CARDS``."""
    card = anomaly_card(dict(row))
    if card.target not in TARGET_KINDS:
        raise DataError("anomalies.toml", card.key, "target", f"must be one of {sorted(TARGET_KINDS)}")
    anomaly = Anomaly(card, ANOMALY_BOOK.add(row, key="id"))
    CARDS[card.key] = anomaly
    return anomaly


def remove_anomaly(key: str) -> None:
    """Take a card added by :func:`add_anomaly` out again (a test's card)."""
    del CARDS[key]
    ANOMALY_BOOK._cards.pop(key)


for _row in DATA.anomalies:
    add_anomaly(_row.row)
