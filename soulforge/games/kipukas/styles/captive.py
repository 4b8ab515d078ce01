"""Captive (#playstyleoptions): each seat's soul shuffled unrevealed into the other's deck, led
home to win; hidden from everyone but its holder until revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import JsonDict, Seat
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import OVER
from soulforge.games.kipukas.styles.base import Style

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S


class Captive(Style):
    """Captive: each seat's soul (the first of its deck list the other's lacks) is shuffled into
    the other's deck, played unrevealed once drawn; revealed, it is its giver's again, and the
    first to lead its soul to its capital wins."""

    name = "captive"
    title = "Captive"
    words = (
        "Each player gives the other a soul card, which they shuffle into their deck. Once drawn, "
        "the player must play the card unrevealed. The first player to reveal and lead their soul "
        "back to their capital wins"
    )
    # s.mark: per seat, its soul's piece once revealed and its own again (-1 before)

    def said(self, shown: JsonDict) -> str:
        freed = [f"seat {seat}'s soul is #{p}" for seat, p in enumerate(shown["freed"]) if p is not None]
        return f"{self.title}: " + ("; ".join(freed) if freed else "no captive soul revealed yet")

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if players != 2:
            return f"players: Captive is for two players, got {players}"
        for seat in range(2):
            if self.captive_of([list(deck.cards) for deck in game.decks[:2]], seat) is None:
                return f"style: seat {seat}'s deck has no soul the other deck lacks, to give"
        return super().refusal(game, players)

    @staticmethod
    def captive_of(decklists: list[list[str]], giver: int) -> str | None:
        """The soul ``giver`` gives: the first of its deck list the other's list lacks (read: the
        engine gives for the players; a card the holder has no copy of stays one of a kind)."""
        other = set(decklists[1 - giver])
        return next((card for card in decklists[giver] if CARDS[card].soul and card not in other), None)

    def prepare(self, s: S) -> None:
        """Each gives the other its soul, shuffled into the other's deck (before any card is
        drawn or set aside)."""
        s.mark = [-1, -1]
        for giver in range(2):
            card = str(self.captive_of(s.decklists, giver))
            s.deck[giver].remove(card)
            holder = s.deck[1 - giver]
            holder.insert(s.rng.randrange(len(holder) + 1), card)
        s.add_log("each player gives the other a soul card, shuffled into the other's deck")

    def given_to(self, s: S, seat: int, card: str) -> bool:
        """``card`` is the soul the other seat gave ``seat``."""
        return 0 <= seat < 2 and card == self.captive_of(s.decklists, 1 - seat)

    def face_down(self, s: S, seat: int, card: str) -> bool:
        return self.given_to(s, seat, card)

    def keeps(self, s: S, seat: int, card: str) -> bool:
        """'Once drawn, the player must play the card': it may not be put away or set aside."""
        return self.given_to(s, seat, card)

    def revealed(self, s: S, piece: int) -> None:
        """Revealed, the captive is its giver's soul again (the giver leads it home)."""
        holder = s.owner[piece]
        if 0 <= holder < 2 and s.mark[1 - holder] < 0 and self.given_to(s, holder, s.card[piece]):
            giver = 1 - holder
            s.owner[piece], s.mark[giver] = giver, piece
            s.moved()
            name = s.seat_name(giver)
            s.add_log(f"{s.card_of(piece).name} is {name}'s captive soul: it follows {name} again")

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the captive decides."""

    def after_action(self, s: S) -> None:
        for seat, piece in enumerate(s.mark):
            if piece >= 0 and s.on_map[piece] and s.owner[piece] == seat and s.phase != OVER:
                homes = {s.board.camp_of(t) for t in s.capital[seat]}
                if s.stand[piece] in homes:
                    cycle.finish(s, seat, f"Seat {seat} wins: it led its soul {s.card_of(piece).name} "
                                          "back to its capital.")

    def cycle_ended(self, s: S) -> None:
        self.after_action(s)

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        """The souls freed (public); a captive still hidden shows nowhere."""
        return {"style": {"name": self.name, "freed": [p if p >= 0 else None for p in s.mark]}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The seat's soul freed, and nearer its capital."""
        piece = s.mark[seat]
        if piece < 0 or not s.on_map[piece] or not s.capital[seat]:
            return 0.0
        home = s.board.camp_of(s.capital[seat][0])
        return 6.0 + 6.0 / (1 + s.board.spans[s.stand[piece]][home])

