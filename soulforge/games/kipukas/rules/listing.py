"""The fast listing of the day step (``encoding.DAY``), the hottest code of a random playout.

The day's rules each ask first whether contention carried over is owed (``day.owes_contention``,
itself the attacks and retreats of the day), then list from the seat's souls. Here those facts
are worked out once per listing and handed to the same functions the rules list with
(``day.plays``, ``day.moves``, ``fight.attacks``...), in the rules' order; a rule that cannot
apply is skipped before it looks at anything. ``tests/kipukas/test_listing.py`` proves this
listing equal, as a list, to the rules' own (``Flow.plain_legal``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from soulforge.core import Action
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.actions import Attack, Retreat, RetreatGroup
from soulforge.games.kipukas.movement import ground
from soulforge.games.kipukas.rules import boats, card_moves, crafted, day, fight, negotiation

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


def day_listing(s: S) -> Sequence[Action]:
    """Every legal action of the day step, in the order of the step's rules."""
    seat = s.active
    # The seat's ground, asked once here and handed to the listings that read it (each would
    # ask the state's cache for it again).
    seen = ground(s, seat)
    stands = cycle.contention_stands(s, seat, seen)
    attacks: list[Attack] = []
    retreats: list[Retreat] = []
    groups: list[RetreatGroup] = []
    if stands:  # (no contention, the common case: no fight listed, none owed)
        attacks, retreats = fight.attacks(s, stands), fight.retreats(s, stands)
        groups = fight.group_retreats(s, stands)
        # #day 2: only attacking and retreating now (every other rule lists nothing)
        if day.owes_contention(s, fights=bool(attacks or retreats)):
            return [*attacks, *retreats, *groups]
    pieces = s.pieces_of(seat)  # (the seat's pieces on the map: asked once, read twice)
    souls = day.own_souls(s, pieces)
    # The roll's plays spent (asked once: the plays, equips and exchanges all ask it first).
    spent = day.plays_spent(s)
    hand = day.playable(s, spent)  # the slots and cards both kinds of play walk
    out: list[Action] = []
    if hand:
        spots: day.Spots = {}  # (each card's spots, found once for both kinds of play)
        out += day.plays(s, hand, seen, spots)
        out += day.untamed_plays(s, hand, spots)
    out += day.equips(s, souls, spent)
    out += day.pick_ups(s, souls)
    # The souls carrying items: the only ones the item listings (unequip and transfers, burns,
    # shots, hauls, launches) look at past their first test, so those get this shorter list.
    items = s.items
    armed = [p for p in souls if items[p]]
    giving = day.givers(s, armed) if armed else armed
    if giving:
        out += [day.UNEQUIP(p) for p in giving]
        out += day.transfers(s, giving)
    # Most souls give no day action of their own (``Traits.acts``): the five listings of those
    # are skipped, one flag per soul asked instead of a walk each.
    traits, card = s.tables.traits, s.card
    acting = False
    for p in souls:  # (a loop, not ``any`` over a generator: once per listing)
        if traits[card[p]].acts:
            acting = True
            break
    if acting:
        out += card_moves.sacrifices(s, souls)
        out += card_moves.digs(s, souls)
        out += card_moves.donations(s, souls)
    if s.of_type("terrain_feature"):  # (an Avian Keeper's Den is one: no feature, no den)
        out += card_moves.imprisonments(s, souls)
    if acting:
        out += card_moves.carries(s, souls)
        out += card_moves.form_changes(s, souls)
    out += card_moves.exchanges(s, souls, spent)
    if armed:
        out += card_moves.burns(s, armed)
        out += crafted.shots(s, armed)
        out += crafted.hauls(s, armed)
    if s.carried or s.of_type("trap"):  # (no trap card laid or carried: nothing to shift)
        out += crafted.shifts(s, souls)
    if armed:
        out += crafted.launches(s, armed)
    out += day.reveals(s, pieces)
    reaches: day.Reaches = {}
    out += day.moves(s, souls, reaches, seen)
    if s.board.boats:
        out += boats.ferries(s, souls)
    if stands:
        out += attacks
        out += retreats
        out += groups
    # The negotiations over a rogue (#rouge): none while they are closed to the seat (every
    # candidate would be refused so, ``negotiation.closed``); no contention is owed here.
    if s.rogues and not negotiation.closed(s):
        out += negotiation.gifts(s, owed=False)
        out += negotiation.offers(s, owed=False)
    out.append(day.END if day.initiative_called(s) else day.CALL)
    # The move made from this list finds its way here instead of searching it again
    # (``day.listed_way``): kept with the list itself, valid for this position only.
    day.keep(out, reaches)
    return out

