"""The styles scored by souls defeated (#playstyleoptions): Highest body count and The cost is too
great."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import JsonDict, Seat
from soulforge.core.text import count
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import OVER
from soulforge.games.kipukas.styles.base import Style, decide, remove_seat

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S


class BodyCount(Style):
    """Highest body count: claims do not matter, capitals cannot be taken, the game ends when a
    player runs out of cards, the most souls defeated wins; the agreed soul and card limits."""

    name = "body_count"
    title = "Highest body count"
    words = (
        "Territory claims do not matter. Capitals cannot be taken. The game ends when either "
        "player runs out of cards. The victor is the player that managed to defeat the most soul cards."
    )
    reads = ("card_limit", "soul_limit")
    territory_worth = 0.25  # claims do not matter: a held territory only shelters from storms

    def said(self, shown: JsonDict) -> str:
        return f"{self.title}: souls defeated " + " to ".join(str(n) for n in shown["kills"])

    def deck(self, s: S, cards: list[str]) -> list[str]:
        """The deck list cut to the agreed limits: souls past ``soul_limit`` left out, then the
        list cut to ``card_limit`` cards (0: no limit), in the list's own order."""
        souls, cards_at_most = self.setting(s, "soul_limit"), self.setting(s, "card_limit")
        kept: list[str] = []
        taken = 0
        for card in cards:
            if CARDS[card].soul:
                if souls and taken >= souls:
                    continue
                taken += 1
            kept.append(card)
        return kept[:cards_at_most] if cards_at_most else kept

    def may_take_capital(self, s: S, seat: int, territory: int) -> bool:
        return False

    def claimed(self, s: S, seat: int) -> None:
        """Claims do not matter: holding every territory wins nothing."""

    def cycle_ended(self, s: S) -> None:
        """'The game ends when either player runs out of cards' (read: no card left in its deck,
        hand or set aside), checked as each diel cycle ends."""
        if s.cycle < 1:
            return
        empty = [seat for seat in range(s.num_players)
                 if not (s.deck[seat] or s.hand[seat] or s.aside[seat]) and not s.out[seat]]
        if empty:
            names = " and ".join(s.seat_name(seat) for seat in empty)
            self.judge(s, f"{names} ran out of cards")

    def judge(self, s: S, why: str) -> None:
        decide(s, s.kills, why, "souls defeated", "the body count")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "kills": list(s.kills), "lost": list(s.lost)}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """Each soul defeated is worth more than any territory; each lost counts against."""
        return 4.0 * s.kills[seat] - 1.0 * s.lost[seat]


class CostTooGreat(Style):
    """The cost is too great: Domination, and a seat whose defeated souls reach the limit is
    removed from the game."""

    name = "cost_too_great"
    title = "The cost is too great"
    words = (
        "This uses standard Domination rules, but in addition it imposes a soul defeat limit "
        "that if hit removes the player from the game."
    )
    reads = ("defeat_limit",)

    def said(self, shown: JsonDict) -> str:
        lost = " to ".join(str(n) for n in shown["lost"])
        return f"{self.title}: souls lost {lost}, the limit is {shown['limit']}"

    def after_action(self, s: S) -> None:
        """The limit is hit during an action (a fight, a storm): the seat is removed once the
        action is over, so no fight is cut short halfway."""
        limit = self.setting(s, "defeat_limit")
        for seat in range(s.num_players):
            if not s.out[seat] and s.lost[seat] >= limit and s.phase != OVER:
                remove_seat(s, seat, f"{count(s.lost[seat], 'soul')} defeated, the limit is {limit}")

    def cycle_ended(self, s: S) -> None:
        self.after_action(s)

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "lost": list(s.lost), "limit": self.setting(s, "defeat_limit"),
                          "out": list(s.out)}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """Souls lost bring the seat nearer its removal: each costs more as the limit nears."""
        limit = self.setting(s, "defeat_limit")
        return -3.0 * s.lost[seat] / max(1, limit - s.lost[seat]) if s.lost[seat] < limit else -50.0

