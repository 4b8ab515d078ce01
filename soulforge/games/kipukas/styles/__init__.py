"""The play styles of Kipukas (#playstyleoptions), a table option (``style``).

One module per style or family: ``base`` (the ``Style`` class, which is Domination, its registry
and shared helpers), ``body_count``, ``hill``, ``fixed_cycles``, ``hunt``, ``mass``, ``band``,
``captive``, ``referee``; ``options`` the table options. Importing the package registers every
style, in the order the new-table form lists them.

Each style is data and a few small hooks the engine calls at fixed points; the hooks are
listed in ``base`` beside the ``Style`` class that declares them.
"""

from soulforge.games.kipukas.styles.band import BandTogether
from soulforge.games.kipukas.styles.base import (
    DEFAULT,
    STYLES,
    Style,
    after_cycles,
    decide,
    held,
    register,
    remove_seat,
    tally,
    winner_first,
)
from soulforge.games.kipukas.styles.body_count import BodyCount, CostTooGreat
from soulforge.games.kipukas.styles.captive import Captive
from soulforge.games.kipukas.styles.fixed_cycles import CoastalWar, EndsJustifyMeans
from soulforge.games.kipukas.styles.hill import KingOfTheHill, hill_neighbours, hills
from soulforge.games.kipukas.styles.hunt import TheHunt
from soulforge.games.kipukas.styles.mass import MassConflict, most_players
from soulforge.games.kipukas.styles.options import OPTIONS  # after every style: it lists them
from soulforge.games.kipukas.styles.referee import (
    FOUND,
    PRIZE,
    SEARCHED,
    SPACE,
    SURVIVOR,
    CradleRobber,
    Explorer,
    FindTheTreasure,
    OffToTheRescue,
    Referee,
    TrapSpringer,
    capitals_adjacent,
)

__all__ = [
    "DEFAULT", "FOUND", "OPTIONS", "PRIZE", "SEARCHED", "SPACE", "STYLES", "SURVIVOR",
    "BandTogether", "BodyCount", "Captive", "CoastalWar", "CostTooGreat", "CradleRobber",
    "EndsJustifyMeans", "Explorer", "FindTheTreasure", "KingOfTheHill", "MassConflict",
    "OffToTheRescue", "Referee", "Style", "TheHunt", "TrapSpringer", "after_cycles",
    "capitals_adjacent", "decide", "held", "hill_neighbours", "hills", "most_players",
    "register", "remove_seat", "tally", "winner_first",
]
