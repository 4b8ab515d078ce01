"""Kipukas constants: the steps of a turn, visibility bits and the peace bound's default.

Each is ``Final``: compiled, a read is a constant (a C static), not a lookup in the module's
dict (the rules read them on every move).
"""

from __future__ import annotations

from typing import Final

from soulforge.core.data import package_dir, read_toml, sourced

AFFINITY: Final = "affinity"
CAPITAL: Final = "capital"
CAMP: Final = "camp"
ASIDE: Final = "set_aside"
DAY: Final = "day"
NIGHT: Final = "night"
STORM: Final = "storm"
TARGET: Final = "target"
KEAL: Final = "keal"
PRESS: Final = "press"
RESPOND: Final = "respond"
CHALLENGE: Final = "challenge"
TURNING: Final = "turning"
"""After a day or night roll: a seat with a card that turns the roll decides first."""
TAMING: Final = "taming"
"""The day's start, after the rogues move (#taming): a seat that may tame a rogue decides first."""
TRADE: Final = "trade"
"""A trade offered in the negotiations over a rogue (#rouge): the seat offered it answers."""
BS_CALL: Final = "call_bs"
BS_ANSWER: Final = "answer_bs"
"""The optional "challenging BS" convention (#BS, ``bs.py``): the others may call out an equip,
then its mover withdraws it or stands by it."""
LAY_WASTE: Final = "lay_waste"
"""The Hidden Portal's success at a cycle's start: its player chooses the territories laid waste."""
BREACH_DEAL: Final = "breach_deal"
"""What Do You See in the Breach failed: the holder takes prisoners over and releases one."""
INTERLUDES: Final = (LAY_WASTE, BREACH_DEAL)
"""Decisions taken at a cycle's start, before the turn goes on (``cycle.resume``)."""
PEACE: Final = "peace"
"""The forced peace's convention: each seat keeps the peace or calls the reserves."""
REROLL: Final = "reroll"
"""A bout or Final Blow thrown, a soul with the option to re-roll (Tira Marvelous Myriad) in it:
its owner sees the throws and re-rolls once or keeps the throw (``fight.py``)."""
OVER: Final = "over"
PHASES: Final = (AFFINITY, CAPITAL, CAMP, ASIDE, PEACE, TURNING, TAMING, DAY, NIGHT, TARGET, KEAL, PRESS,
                 RESPOND, CHALLENGE, TRADE, BS_CALL, BS_ANSWER, LAY_WASTE, BREACH_DEAL, OVER, REROLL)
PUBLIC: Final = 1 << 8
"""The ``known`` bit of a card every seat (and spectators) may see."""
NIGHT_ACTIONS: Final = ("hand_to_bottom", "refill", "craft", "sabotage")
"""#night: each once per night."""

PEACE_CYCLES: Final = sourced(
    "rules.toml", "peace", read_toml(package_dir("soulforge.games.kipukas") / "rules.toml")["peace"],
    "cycles", int
)
"""The ``peace_after`` option's default (authored); the play and opening numbers of
``rules.toml`` are the game's (``Kipukas.play``, ``data.load_play``)."""
