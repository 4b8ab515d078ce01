"""Gifting and trading cards in hand in the negotiations over a rogue (#rouge).

"You can also enter an agreement with your opponent to attack rouges in a certain order and/or
abstain from attacking each other until the rouge is defeated. Trading or gifting cards in hand
is acceptable for these negotiations (Your hand cannot have more than 3 cards, no exceptions!)
Dishonesty in these agreements is entirely possible, so be careful."

The agreements bind no one ("dishonesty ... is entirely possible"), so they are talk and no
move; the cards that change hands are the moves. Read (NOTES.md, Readings): while a rogue is
on the kipuka, a seat may, as one of its day actions and once a day, give a card of its hand to
another seat whose hand has room (``Gift``), or offer one for a card of another seat's hand
(``OfferTrade``): the offered card is shown to that seat, which gives one of its cards for it
(``AcceptTrade``) or declines (``DeclineTrade``) in the TRADE step. The offer is the offerer's
action; a 1-for-1 trade keeps both hands' sizes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Final, TypeVar

from soulforge.core import IllegalAction
from soulforge.core.flow import CheckedRule, ClickPath
from soulforge.core.interned import interning
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.actions import AcceptTrade, DeclineTrade, Gift, OfferTrade
from soulforge.games.kipukas.encoding import DAY, TRADE
from soulforge.games.kipukas.rules.day import owes_contention

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

_GIFT: Final = interning(Gift)
_OFFER: Final = interning(OfferTrade)
"""The listings' constructors, one object per distinct fields (``core.interned``)."""
Opened = TypeVar("Opened", Gift, OfferTrade)

SECTION = "rouge"


def at_large(s: S) -> bool:
    """A rogue is on the kipuka: the players may negotiate over it."""
    return any(s.on_map[p] for p in s.rogues)


def closed(s: S) -> str:
    """Why the negotiations are closed to the seat now ("" when open): no rogue on the kipuka,
    or the seat gave or offered a card today."""
    if not at_large(s):
        return "cards change hands only in the negotiations over a rogue on the kipuka"
    if s.negotiated[s.active] == s.cycle:
        return "one gift or trade offer a day"
    return ""


def _why_not(
    s: S, slot: int, to: int, *, gift: bool, owed: bool | None = None, shut: str | None = None
) -> str:
    """Why the gift or offer is refused, "" if it is not (``owed``: ``owes_contention``, and
    ``shut``: ``closed``, when the caller knows them already: the same for every candidate)."""
    seat = s.active
    if why := (closed(s) if shut is None else shut):
        return why
    if not 0 <= slot < len(s.hand[seat]):
        return f"your hand has no card {slot + 1}"
    if to == seat or not 0 <= to < s.num_players or s.beaten_by[to] >= 0:
        return f"seat {to} is not another player in the game"
    if gift and len(s.hand[to]) >= (most := s.tables.play.hand):
        return f"seat {to}'s hand is full (your hand cannot have more than {most} cards, no exceptions)"
    if not gift and not s.hand[to]:
        return f"seat {to} has no card in hand to trade"
    if owed is None:

        owed = owes_contention(s)
    if owed:
        return "contention carried over is owed first (#day 2)"
    return ""


def _candidates(s: S) -> Iterator[tuple[int, int]]:
    if not s.rogues:
        return
    for slot in range(len(s.hand[s.active])):
        for to in range(s.num_players):
            yield slot, to


def gifts(s: S, owed: bool | None = None) -> list[Gift]:
    """The gifts open now (``owed``: whether contention is owed, when the caller knows it: the
    fast listing asks that first; whether the negotiations are closed is asked once)."""
    return _open(s, _GIFT, gift=True, owed=owed)


def offers(s: S, owed: bool | None = None) -> list[OfferTrade]:
    """The trade offers open now (as ``gifts``)."""
    return _open(s, _OFFER, gift=False, owed=owed)


def _open(s: S, make: Callable[[int, int], Opened], gift: bool, owed: bool | None) -> list[Opened]:
    """Each candidate (slot, recipient) that passes the negotiation's checks, made by ``make``."""
    shut = closed(s)
    if shut:
        return []
    seat = s.active  # (the seat itself is no recipient: skipped before its refusal is worded)
    return [make(slot, to) for slot, to in _candidates(s)
            if to != seat and not _why_not(s, slot, to, gift=gift, owed=owed, shut=shut)]


class GiftRule(CheckedRule["S", Gift]):
    """#rouge: gift a card of your hand in the negotiations over a rogue (a button: no path)."""

    action = Gift
    section = SECTION

    def candidates(self, s: S) -> Iterator[Gift]:
        return (Gift(slot, to) for slot, to in _candidates(s))

    def reason(self, s: S, action: Gift) -> IllegalAction | None:
        why = _why_not(s, action.slot, action.to, gift=True)
        return IllegalAction(f"cannot gift: {why} (#rouge)", rule=SECTION) if why else None

    def apply(self, s: S, action: Gift) -> None:
        seat = s.active
        s.hand[action.to].append(s.hand[seat].pop(action.slot))
        s.negotiated[seat] = s.cycle
        s.mark_revealed()
        s.add_log(f"{s.seat_name(seat)} gives a card of its hand to {s.seat_name(action.to)}")
        cycle.end_action(s, seat)


class OfferRule(CheckedRule["S", OfferTrade]):
    """#rouge: offer a card of your hand for one of another player's hand (a button)."""

    action = OfferTrade
    section = SECTION

    def candidates(self, s: S) -> Iterator[OfferTrade]:
        return (OfferTrade(slot, to) for slot, to in _candidates(s))

    def reason(self, s: S, action: OfferTrade) -> IllegalAction | None:
        why = _why_not(s, action.slot, action.to, gift=False)
        return IllegalAction(f"cannot offer a trade: {why} (#rouge)", rule=SECTION) if why else None

    def apply(self, s: S, action: OfferTrade) -> None:
        seat = s.active
        s.negotiated[seat] = s.cycle
        s.offer = [seat, action.slot, action.to]
        s.phase, s.active = TRADE, action.to
        s.add_log(f"{s.seat_name(seat)} offers {s.seat_name(action.to)} a card of its hand in trade")


def _close(s: S) -> None:
    seat = s.offer[0]
    s.offer = []
    s.phase = DAY
    cycle.end_action(s, seat)


class AcceptRule(CheckedRule["S", AcceptTrade]):
    """#rouge: take the offered card for one of your hand."""

    action = AcceptTrade
    section = SECTION

    def candidates(self, s: S) -> Iterator[AcceptTrade]:
        return (AcceptTrade(slot) for slot in range(len(s.hand[s.active])))

    def reason(self, s: S, action: AcceptTrade) -> IllegalAction | None:
        if 0 <= action.slot < len(s.hand[s.active]):
            return None
        return IllegalAction(f"your hand has no card {action.slot + 1} (#rouge)", rule=SECTION)

    def apply(self, s: S, action: AcceptTrade) -> None:
        giver, slot, taker = s.offer
        mine, theirs = s.hand[taker], s.hand[giver]
        mine[action.slot], theirs[slot] = theirs[slot], mine[action.slot]
        s.mark_revealed()
        s.add_log(f"{s.seat_name(taker)} accepts the trade: one card of each hand changes hands")
        _close(s)

    def path(self, action: AcceptTrade) -> ClickPath:
        return (f"hand:{action.slot}",)


class DeclineRule(CheckedRule["S", DeclineTrade]):
    action = DeclineTrade
    section = SECTION

    def candidates(self, s: S) -> Iterator[DeclineTrade]:
        yield DeclineTrade()

    def reason(self, s: S, action: DeclineTrade) -> IllegalAction | None:
        return None

    def apply(self, s: S, action: DeclineTrade) -> None:
        s.add_log(f"{s.seat_name(s.active)} declines the trade")
        _close(s)
