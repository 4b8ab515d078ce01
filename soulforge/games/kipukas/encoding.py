"""Kipukas constants: the steps of a turn, visibility bits and the peace bound's default."""

from __future__ import annotations

from soulforge.core.data import package_dir, read_toml, sourced

AFFINITY, CAPITAL, CAMP, ASIDE = "affinity", "capital", "camp", "set_aside"
DAY, NIGHT, STORM = "day", "night", "storm"
TARGET, KEAL, PRESS, RESPOND, CHALLENGE = "target", "keal", "press", "respond", "challenge"
TURNING = "turning"
"""After a day or night roll: a seat with a card that turns the roll decides first."""
TAMING = "taming"
"""The day's start, after the rogues move (#taming): a seat that may tame a rogue decides first."""
TRADE = "trade"
"""A trade offered in the negotiations over a rogue (#rouge): the seat offered it answers."""
BS_CALL, BS_ANSWER = "call_bs", "answer_bs"
"""The optional "challenging BS" convention (#BS, ``bs.py``): the others may call out an equip,
then its mover withdraws it or stands by it."""
LAY_WASTE = "lay_waste"
"""The Hidden Portal's success at a cycle's start: its player chooses the territories laid waste."""
BREACH_DEAL = "breach_deal"
"""What Do You See in the Breach failed: the holder takes prisoners over and releases one."""
INTERLUDES = (LAY_WASTE, BREACH_DEAL)
"""Decisions taken at a cycle's start, before the turn goes on (``cycle.resume``)."""
PEACE = "peace"
"""The forced peace's convention: each seat keeps the peace or calls the reserves."""
REROLL = "reroll"
"""A bout or Final Blow thrown, a soul with the option to re-roll (Tira Marvelous Myriad) in it:
its owner sees the throws and re-rolls once or keeps the throw (``fight.py``)."""
OVER = "over"
PHASES = (AFFINITY, CAPITAL, CAMP, ASIDE, PEACE, TURNING, TAMING, DAY, NIGHT, TARGET, KEAL, PRESS, RESPOND,
          CHALLENGE, TRADE, BS_CALL, BS_ANSWER, LAY_WASTE, BREACH_DEAL, OVER, REROLL)
PUBLIC = 1 << 8
"""The ``known`` bit of a card every seat (and spectators) may see."""
NIGHT_ACTIONS = ("hand_to_bottom", "refill", "craft", "sabotage")
"""#night: each once per night."""

PEACE_CYCLES = sourced(
    "rules.toml", "peace", read_toml(package_dir("soulforge.games.kipukas") / "rules.toml")["peace"],
    "cycles", int
)
"""The ``peace_after`` option's default (authored); the play and opening numbers of
``rules.toml`` are the game's (``Kipukas.play``, ``data.load_play``)."""
