"""The play styles of Kipukas (#playstyleoptions), a table option (``style``).

One module per style or family: ``base`` (the ``Style`` class, which is Domination, its registry
and shared helpers), ``body_count``, ``hill``, ``fixed_cycles``, ``hunt``, ``mass``, ``band``,
``captive``, ``referee``; ``options`` the table options. Importing the package registers every
style, in the order the new-table form lists them.

Each style is data (its name, title, the rulebook's words, the options it reads) and a few
small hooks the engine calls at fixed points; the rules never test a style's name, they ask
the game's style:

- ``deck(s, cards)``: a seat's deck list at setup (a style's agreed card and soul limits);
- ``prepare(s)``: after setup (a style's secret or public marks: the hill...);
- ``starting_territories(s)`` and ``capital_allowed(s, territory)``: the opening's claims;
- ``may_take_capital(s, seat, territory)``: a claim on a capital (#movement);
- ``claimed(s, seat)``: after a seat claimed a territory (Domination's conquest, #win);
- ``defeated(s, piece, killer)``: a soul is defeated (wasted), credited to ``killer`` (-1: none);
- ``after_action(s)``: an action is over (a removal decided during it takes effect);
- ``cycle_ended(s)``: a diel cycle is over, before the next is rolled;
- ``judge(s, why)``: the game ends by the peace bound or the kept peace: who wins;
- ``view(s, viewer)``: the style's public marks (none for Domination: its views are unchanged);
- ``goal(s, seat, viewer)``: what the AI adds to a position's worth for the style's goal.

Domination is the default and today's game: its hooks are the engine's standing rules, so
its games (and the golden records) are unchanged. The per-seat tallies (``s.lost``,
``s.kills``) are kept for every style.
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
