"""Band together (#playstyleoptions): two seats against the engine's autonomous party."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import JsonDict, Seat
from soulforge.core.text import count
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.encoding import OVER
from soulforge.games.kipukas.styles.base import Style, decide, held

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S


class BandTogether(Style):
    """Band together: two seats against the engine's autonomous party (a horde of rogues from
    the third deck); once the party is gone, the seat holding most territories wins; if the
    party clears every claim, both lose."""

    name = "band_together"
    title = "Band together"
    words = (
        "Players must work together to defeat a third party (i.e., ref, celebrity player, "
        "autonomous party, etc.), The player with the largest number of spaces held wins. If the "
        "third party dominates the kipuka then both players lose."
    )
    reads = ("party_souls",)
    # s.mark: the party's pieces

    def said(self, shown: JsonDict) -> str:
        return f"{self.title}: the autonomous party has {len(shown['party'])} souls at large"

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if players != 2:
            return f"players: Band together is two players against the party, got {players}"
        souls = [card for card in game.decks[2].cards if CARDS[card].soul]
        if len(souls) < int(game.setting("party_souls")):
            return f"style: the party's deck (deck2) holds {len(souls)} souls"
        return super().refusal(game, players)

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing while the party is at large."""
        self.after_action(s)

    def cycle_ended(self, s: S) -> None:
        """As the setup ends the party enters: ``party_souls`` souls of the third deck (its
        list's first), rogues, revealed, one on each free territory's camp (then on the others'
        movement stands, round); then each cycle's end is checked like an action's."""
        if s.cycle == 0 and not s.mark:
            from soulforge.games.kipukas.rogue import make_rogue
            from soulforge.games.kipukas.setup import new_piece

            souls = [card for card in s.game.decks[2].cards if CARDS[card].soul]
            souls = souls[: self.setting(s, "party_souls")]
            free = [s.board.camp_of(t) for t in s.board.holdable if s.holder[t - 1] < 0]
            free = free or sorted(st for st in s.board.stands if s.board.stands[st].kind == "movement")
            for n, card in enumerate(souls):
                piece = new_piece(s, 0, card, free[n % len(free)], revealed=True)
                s.mark.append(piece)
                make_rogue(s, piece)
            s.add_log(f"the autonomous party enters the kipuka with {count(len(souls), 'soul')}")
            return
        self.after_action(s)

    def at_large(self, s: S) -> list[int]:
        """The party's souls still its own (a tamed one has left it)."""
        return [p for p in s.mark if s.on_map[p] and p in s.rogues and p not in s.tamed]

    def defeated(self, s: S, piece: int, killer: int) -> None:
        """A party soul's card leaves the game (it is no seat's to draw again)."""
        if piece in s.mark:
            s.discard[0].remove(s.card[piece])

    def after_action(self, s: S) -> None:
        if not s.mark or s.phase == OVER:
            return
        if not any(h >= 0 for h in s.holder):
            s.dual_defeat = True
            cycle.finish(s, None, "Both players lose: the autonomous party cleared every claim.")
        elif not self.at_large(s):
            self.judge(s, "the autonomous party is defeated")

    def judge(self, s: S, why: str) -> None:
        """Spaces held decide once the party is gone; at the peace bound with the party at
        large, it was not defeated: both lose."""
        if self.at_large(s):
            s.dual_defeat = True
            cycle.finish(s, None, f"Both players lose ({why}): the autonomous party is still at large.")
            return
        decide(s, [held(s, seat) for seat in range(s.num_players)], why, "territories", "the band")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "party": self.at_large(s)}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The party's souls the seat defeated (the shared goal cancels between the seats: each
        is valued for its own part)."""
        return 3.0 * s.kills[seat]

