"""Affinity, loyalty and tameability progress kept per player across games (#affinity).

#affinity: "Your affinity for an Archetypal Adaptation grows each time you declare it at the
start of a game (once per day on kipukas.cards) ... Each time you play a specific Character or
Species card in combat, that card's loyalty counter increases (once per day per card) ... Both
affinity and loyalty are limited to once per day". #tameability: "A species becomes tame once
player affinity and card effects stack equally with the species tameability"; #taming: "the
player's base affinity level"; #affinity, "Tameability interaction": "When loyalty, affinity,
and play effect bonuses stack greater than the species card's tameability, the card will be
tamed".

Readings (NOTES.md, "Affinity, loyalty and tameability progress"):

- A player's **affinity level** for an archetype is the number of days it declared it: one
  declaration a day counts (whichever archetype; a second one that day changes the crux but
  counts nothing). The +1 to rolls (#affinity) goes with the declared crux, not the level.
- A card's **loyalty** is the number of days it was played in combat (it attacked or
  defended in a bout or was engaged by an attack, a rogue's attacks included: the engine's
  trace, ``state.fought``), one a day per card.
- **Control** over a species is the level of its archetypal gene plus its loyalty plus card
  effects; it is tamed by the engine's own threshold (``taming.tames``: equal is enough).

Pure: the day is the caller's (the server's UTC date); nothing here reads a clock. A
player's ``Progress`` is JSON (the browser's localStorage or the account's row), read back
bounded and checked (:func:`from_json`).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from soulforge.games.kipukas import taming
from soulforge.games.kipukas.data import ARCHETYPES, CARDS, Card
from soulforge.games.kipukas.state import KipukasState

if TYPE_CHECKING:
    from soulforge.core.record import GameLoader, Record

MAX_PROGRESS_TEXT = 20_000
"""The longest progress record, in characters (every archetype and every card with a day and
a count is under 6,000): a longer one is refused before it is parsed."""
MAX_COUNT = 1_000_000
"""A count no player reaches at once a day (2,700 years): a larger one is not a record."""


@dataclasses.dataclass
class Progress:
    """One player's affinity, loyalty and the days they last grew."""

    affinity: dict[str, int] = dataclasses.field(default_factory=dict)
    """Archetype -> days it was declared (its level)."""
    crux: str | None = None
    """The archetype declared last: the one whose souls get +1 to their rolls (#affinity)."""
    declared_on: str | None = None
    """The ISO day of the last declaration that counted."""
    loyalty: dict[str, int] = dataclasses.field(default_factory=dict)
    """Card id -> days it was played in combat."""
    loyal_on: dict[str, str] = dataclasses.field(default_factory=dict)
    """Card id -> the ISO day its loyalty last grew."""

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def declare(progress: Progress, archetype: str, day: datetime.date) -> bool:
    """Declare ``archetype`` the crux; its level grows by one unless a declaration already
    counted on ``day``. True if it grew."""
    if archetype not in ARCHETYPES:
        raise ValueError(f"{archetype!r} is not an archetypal adaptation")
    progress.crux = archetype
    if progress.declared_on == day.isoformat():
        return False
    progress.affinity[archetype] = progress.affinity.get(archetype, 0) + 1
    progress.declared_on = day.isoformat()
    return True


def fought(progress: Progress, card_id: str, day: datetime.date) -> bool:
    """The soul ``card_id`` was played in combat on ``day``: its loyalty grows by one unless it
    already grew that day. True if it grew."""
    card = CARDS.get(card_id)
    if card is None or not card.soul:
        raise ValueError(f"{card_id!r} is not a character or species card")
    if progress.loyal_on.get(card_id) == day.isoformat():
        return False
    progress.loyalty[card_id] = progress.loyalty.get(card_id, 0) + 1
    progress.loyal_on[card_id] = day.isoformat()
    return True


def control(progress: Progress, card: Card, effects: int = 0) -> int:
    """The player's control over ``card``: its archetypal gene's affinity level, the card's
    loyalty and ``effects`` (#tameability, #affinity "Tameability interaction")."""
    return progress.affinity.get(card.archetypal_gene or "", 0) + progress.loyalty.get(card.id, 0) + effects


def tameability_progress(progress: Progress) -> list[dict[str, Any]]:
    """Every species card with its tameability, the player's control over it and whether that
    tames it (the engine's threshold, ``taming.tames``); a species with no tameability is
    untameable (``tameability`` None)."""
    return [{"card": c.id, "name": c.name, "tameability": c.tameability, "control": control(progress, c),
             "tame": taming.tames(control(progress, c), c.tameability)}
            for c in sorted(CARDS.values(), key=lambda c: c.name) if c.card_type == "species"]


@dataclasses.dataclass(frozen=True)
class GameGrowth:
    """What one seat's game adds to its progress: the crux it declared, the souls it played
    in combat."""

    crux: str | None
    fought: tuple[str, ...]


def grow(progress: Progress, growth: GameGrowth, day: datetime.date) -> list[str]:
    """Apply one game's growth on ``day`` (each part once a day); what grew, in words."""
    grew = []
    if growth.crux is not None and declare(progress, growth.crux, day):
        grew.append(f"affinity for {growth.crux} is now {progress.affinity[growth.crux]}")
    for card_id in growth.fought:
        if fought(progress, card_id, day):
            grew.append(f"{CARDS[card_id].name}'s loyalty is now {progress.loyalty[card_id]}")
    return grew


def from_json(text: str) -> Progress:
    """A progress record read back from its JSON text; a :class:`ValueError` naming what is
    wrong (too long, not JSON, an unknown archetype or card, a bad count or day)."""
    if len(text) > MAX_PROGRESS_TEXT:
        raise ValueError(f"the progress record is longer than {MAX_PROGRESS_TEXT:,} characters")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("the progress record is not JSON") from None
    return from_data(raw)


def from_data(raw: object) -> Progress:
    """A progress record from parsed JSON, checked as :func:`from_json` says."""
    if not isinstance(raw, dict):
        raise ValueError("the progress record must be an object")
    unknown = sorted(set(raw) - {f.name for f in dataclasses.fields(Progress)})
    if unknown:
        raise ValueError(f"unknown fields in the progress record: {unknown}")
    souls = {c.id for c in CARDS.values() if c.soul}
    crux = raw.get("crux")
    if crux is not None and crux not in ARCHETYPES:
        raise ValueError(f"crux {crux!r} is not an archetypal adaptation")
    return Progress(
        affinity=_counts(raw.get("affinity", {}), set(ARCHETYPES), "affinity"),
        crux=crux,
        declared_on=_day(raw.get("declared_on"), "declared_on"),
        loyalty=_counts(raw.get("loyalty", {}), souls, "loyalty"),
        loyal_on={k: _day(v, f"loyal_on.{k}") or "" for k, v in _keyed(raw.get("loyal_on", {}), souls,
                                                                         "loyal_on").items()},
    )


MAX_SEATS_RECORDS = 4
"""A table's seats: the records of the ``progress`` option are at most one per seat."""


def seat_records(text: str) -> tuple[Progress | None, ...]:
    """The ``progress`` table option: a JSON list with each seat's record (or null), in seat
    order; empty text: no records (the option off). A :class:`ValueError` names what is wrong."""
    if not text:
        return ()
    if len(text) > MAX_SEATS_RECORDS * MAX_PROGRESS_TEXT:
        raise ValueError(f"at most {MAX_SEATS_RECORDS * MAX_PROGRESS_TEXT:,} characters")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("not JSON") from None
    if not isinstance(raw, list) or len(raw) > MAX_SEATS_RECORDS:
        raise ValueError(f"must be a list of at most {MAX_SEATS_RECORDS} records (null for a seat without)")
    return tuple(None if r is None else from_data(r) for r in raw)


def _keyed(value: object, known: set[str], name: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object")
    unknown = sorted(set(value) - known)
    if unknown:
        raise ValueError(f"{name} names unknown entries: {unknown[:5]}")
    return value


def _counts(value: object, known: set[str], name: str) -> dict[str, int]:
    out = {}
    for key, count in _keyed(value, known, name).items():
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            raise ValueError(f"{name}.{key} must be a whole number from 0 to {MAX_COUNT:,}")
        out[key] = count
    return out


def _day(value: object, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a day like 2026-11-27")
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a day like 2026-11-27") from None


def game_growth(record: Record, load: GameLoader | None = None) -> dict[int, GameGrowth]:
    """Each seat's growth from a Kipukas game's record: the crux it declared (#game_setup 3)
    and the souls it played in combat, as the replayed game traced them (``state.fought``: every
    soul attacking or attacked, in a bout the seats decide, a shot, or a rogue's fight settled
    within one action)."""
    state = record.new_state(load)
    if not isinstance(state, KipukasState):
        raise ValueError(f"a {record.game} record is not a Kipukas game")
    for data in record.actions:
        state.apply_json(data)
    return {seat: GameGrowth(state.affinity[seat] or None, tuple(state.fought[seat]))
            for seat in range(record.players)}
