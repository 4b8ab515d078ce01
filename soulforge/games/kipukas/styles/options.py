"""The play styles registered in the rulebook's order, and their table options
(``Kipukas.option_specs``): the style itself and the limits the styles read, with the rulebook's
words as defaults."""

from __future__ import annotations

import dataclasses

from soulforge.core.options import Option
from soulforge.games.kipukas.data import ARCHETYPES
from soulforge.games.kipukas.styles.band import BandTogether
from soulforge.games.kipukas.styles.base import DEFAULT, STYLES, register
from soulforge.games.kipukas.styles.body_count import BodyCount, CostTooGreat
from soulforge.games.kipukas.styles.captive import Captive
from soulforge.games.kipukas.styles.fixed_cycles import CoastalWar, EndsJustifyMeans
from soulforge.games.kipukas.styles.hill import KingOfTheHill
from soulforge.games.kipukas.styles.hunt import TheHunt
from soulforge.games.kipukas.styles.mass import MassConflict
from soulforge.games.kipukas.styles.referee import (
    CradleRobber,
    Explorer,
    FindTheTreasure,
    OffToTheRescue,
    TrapSpringer,
)

# The styles in the rulebook's order (#playstyleoptions), after Domination (``base``): the order
# the ``style`` option's choices and the new-table form list them.
for style_class in (
    BodyCount, CostTooGreat, KingOfTheHill, EndsJustifyMeans, CoastalWar, TheHunt, MassConflict,
    BandTogether, Captive, FindTheTreasure, OffToTheRescue, TrapSpringer, Explorer, CradleRobber,
):
    register(style_class())


OPTIONS: tuple[Option, ...] = (
    Option(
        "style",
        str,
        DEFAULT,
        "the play style (#playstyleoptions): " + "; ".join(f"'{n}' {st.title}" for n, st in STYLES.items()),
        choices=tuple(STYLES),
        choice_labels={name: style.title for name, style in STYLES.items()},
        label="Play style",
    ),
    Option("card_limit", int, 0, "Highest body count: the agreed total card limit of each deck "
           "(0: the deck as built)", minimum=0, maximum=60, label="Card limit (body count)"),
    Option("soul_limit", int, 0, "Highest body count: the agreed number of soul cards in each deck "
           "(0: the deck as built)", minimum=0, maximum=60, label="Soul limit (body count)"),
    Option("defeat_limit", int, 5, "The cost is too great: a seat with this many souls defeated is "
           "removed (authored default: the rulebook names no number)", minimum=1, maximum=60,
           label="Soul defeat limit"),
    Option("hill_cycles", int, 3, "King of the hill: diel cycles the hill must be held "
           "(authored default: 'a certain number')", minimum=1, maximum=100, label="Hill held (diel cycles)"),
    Option("style_cycles", int, 12, "The ends must justify the means, Coastal war, The hunt: the "
           "game is judged after this many diel cycles (authored default: 'a fixed number')",
           minimum=1, maximum=200, label="Diel cycles (fixed-length styles)"),
    Option("hunt_type", str, "Avian", "The hunt: the huntable type (a soul's archetypal gene; "
           "authored default: both starter decks hold Avian souls)", choices=ARCHETYPES,
           label="Huntable type"),
    Option("party_souls", int, 3, "Band together: the autonomous party's souls, the first of deck2 "
           "(authored default)", minimum=1, maximum=30, label="Party souls"),
    Option("hunt_count", int, 2, "The hunt: the agreed number of huntable souls in each deck",
           minimum=1, maximum=30, label="Huntable souls per deck"),
)
OPTIONS = tuple(dataclasses.replace(option, quiet=True) for option in OPTIONS)
"""The style options (``Kipukas.option_specs``), quiet: left out of a game's ``options`` while
at their default, so a Domination game's views and records stay as they were before them."""

