"""Kipukas constants: the steps of a turn, visibility bits and the numbers of ``rules.toml``."""

from __future__ import annotations

from pathlib import Path

from soulforge.core.data import read_toml, sourced

AFFINITY, CAPITAL, CAMP, ASIDE = "affinity", "capital", "camp", "set_aside"
DAY, NIGHT, STORM = "day", "night", "storm"
TARGET, KEAL, PRESS, RESPOND, CHALLENGE = "target", "keal", "press", "respond", "challenge"
TURNING = "turning"
"""After a day or night roll: a seat with a card that turns the roll decides first."""
TAMING = "taming"
"""The day's start, after the rogues move (#taming): a seat that may tame a rogue decides first."""
TRADE = "trade"
"""A trade offered in the negotiations over a rogue (#rouge): the seat offered it answers."""
PEACE = "peace"
"""The forced peace's convention: each seat keeps the peace or calls the reserves."""
OVER = "over"
PHASES = (AFFINITY, CAPITAL, CAMP, ASIDE, PEACE, TURNING, TAMING, DAY, NIGHT, TARGET, KEAL, PRESS, RESPOND,
          CHALLENGE, TRADE, OVER)
PUBLIC = 1 << 8
"""The ``known`` bit of a card every seat (and spectators) may see."""
NIGHT_ACTIONS = ("hand_to_bottom", "refill", "craft", "sabotage")
"""#night: each once per night."""

_RAW = read_toml(Path(__file__).with_name("rules.toml"))


def _number(table: str, key: str) -> int:
    return sourced("rules.toml", table, _RAW[table], key, int)


def _list(table: str, key: str) -> tuple[str, ...]:
    return tuple(sourced("rules.toml", table, _RAW[table], key, list))


HAND = _number("play", "hand")
PLAYS_PER_ROLL = _number("play", "plays_per_roll")
SOULS_PER_TERRITORY = _number("play", "souls_per_territory")
PRISONERS = _number("play", "prisoners")
STARTING_TERRITORIES = _number("play", "starting_territories")
ASIDE_CYCLES = _number("play", "aside_cycles")
DETECTION_HIGH = _number("play", "detection_high")
SWIM_TARGET = _number("play", "swim_target")
NOMAD_SWIM_HIGH = _number("play", "nomad_swim_high")
OPENING = _list("diel", "opening")
PEACE_CYCLES = _number("peace", "cycles")
