"""The hunt (#playstyleoptions): territories plus the +3 hunt bonus, judged after a fixed number of
diel cycles; the huntable type and counts are options."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from soulforge.core import JsonDict, Seat
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.styles.base import Style, after_cycles, decide, held

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S


class TheHunt(Style):
    """The hunt: after ``style_cycles`` diel cycles, territories held plus 3 for the seat that
    defeated most souls of the huntable type; each deck holds ``hunt_count`` of them, and they
    must be played, never put away."""

    name = "the_hunt"
    title = "The hunt"
    words = (
        "After a fixed number of diel cycles, the player with the most territories plus the hunt "
        "bonus (player with most souls with a certain type defeated receives a +3 bonus) wins. Both "
        "players must have an agreed number of those types in their decks. The huntable cards must "
        "be played and cannot be discarded. Additionally, an overall deck size must be agreed upon."
    )
    reads = ("style_cycles", "hunt_type", "hunt_count", "card_limit")
    BONUS: ClassVar[int] = 3

    def said(self, shown: JsonDict) -> str:
        hunted = " to ".join(str(n) for n in shown["hunted"])
        return (f"{self.title}: {shown['type']} souls defeated {hunted}; "
                f"judged after {shown['cycles']} diel cycles")

    def hunted(self, s: S, card: str) -> bool:
        """A soul of the huntable type (its archetypal gene, option ``hunt_type``)."""
        found = CARDS[card]
        return found.soul and found.archetypal_gene == s.game.setting("hunt_type")

    def refusal(self, game: Kipukas, players: int) -> str | None:
        kind, wanted = str(game.setting("hunt_type")), int(game.setting("hunt_count"))
        for seat, deck in enumerate(game.decks[:players]):
            have = sum(1 for card in deck.cards if CARDS[card].soul and CARDS[card].archetypal_gene == kind)
            if have < wanted:
                return f"style: seat {seat}'s deck holds {have} {kind} souls, the hunt wants {wanted}"
        return super().refusal(game, players)

    def deck(self, s: S, cards: list[str]) -> list[str]:
        """Exactly ``hunt_count`` huntable souls (the list's first), then the other cards in
        the list's order up to ``card_limit`` in all (0: the deck as built)."""
        wanted, limit = self.setting(s, "hunt_count"), self.setting(s, "card_limit")
        prey = [card for card in cards if self.hunted(s, card)][:wanted]
        rest = [card for card in cards if not self.hunted(s, card)]
        if limit:
            rest = rest[: max(0, limit - len(prey))]
        return prey + rest

    def keeps(self, s: S, seat: int, card: str) -> bool:
        return self.hunted(s, card)

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the cycles decide."""

    def prepare(self, s: S) -> None:
        s.mark = [0] * s.num_players  # huntable souls each seat defeated

    def defeated(self, s: S, piece: int, killer: int) -> None:
        if killer >= 0 and self.hunted(s, s.card[piece]):
            s.mark[killer] += 1

    def cycle_ended(self, s: S) -> None:
        after_cycles(s, self)

    def bonus(self, s: S) -> list[int]:
        """+3 to the one seat with most huntable souls defeated (read: none when tied, or none
        was defeated: the bonus goes to 'the player with most')."""
        best = max(s.mark)
        leaders = [seat for seat, n in enumerate(s.mark) if n == best]
        return [self.BONUS if best > 0 and leaders == [seat] else 0 for seat in range(s.num_players)]

    def judge(self, s: S, why: str) -> None:
        bonus = self.bonus(s)
        scores = [held(s, seat) + bonus[seat] for seat in range(s.num_players)]
        decide(s, scores, why, "territories and hunt bonus", "the hunt")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "type": s.game.setting("hunt_type"), "hunted": list(s.mark),
                          "bonus": self.bonus(s), "cycles": self.setting(s, "style_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        return 2.0 * self.bonus(s)[seat] + 1.0 * s.mark[seat]

