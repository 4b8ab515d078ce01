"""The styles judged after a fixed number of diel cycles (#playstyleoptions): The ends must justify
the means and Coastal war (The hunt is ``hunt.py``)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from soulforge.core import JsonDict, Seat
from soulforge.games.kipukas.styles.base import Style, after_cycles, decide, held

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S


class EndsJustifyMeans(Style):
    """The ends must justify the means: after ``style_cycles`` diel cycles, the most territory
    gained to souls lost wins."""

    name = "ends_justify_means"
    title = "The ends must justify the means"
    words = ("The player with the most territory gained to souls lost after a fixed number of "
             "diel cycles wins.")
    reads = ("style_cycles",)

    def said(self, shown: JsonDict) -> str:
        ratios = " to ".join(shown["ratio"])
        cycles = shown["cycles"]
        return f"{self.title}: territory gained per soul lost {ratios}; judged after {cycles} diel cycles"

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the cycles decide."""

    def cycle_ended(self, s: S) -> None:
        """The territories each seat held as the first cycle began (its setup claims) are
        its start; the count is judged once ``style_cycles`` cycles are over."""
        if s.cycle == 0:
            s.mark = [held(s, seat) for seat in range(s.num_players)]
            return
        after_cycles(s, self)

    def ratio(self, s: S, seat: int) -> Fraction:
        """Territory gained (held now less held at the start: it may be negative) to souls lost;
        read: a seat that lost none counts as having lost one (a ratio to none is no number)."""
        start = s.mark[seat] if s.mark else held(s, seat)
        return Fraction(held(s, seat) - start, max(1, s.lost[seat]))

    def judge(self, s: S, why: str) -> None:
        decide(s, [self.ratio(s, seat) for seat in range(s.num_players)], why,
               "territory gained per soul lost", "the ends")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "start": list(s.mark), "lost": list(s.lost),
                          "ratio": [str(self.ratio(s, seat)) for seat in range(s.num_players)],
                          "cycles": self.setting(s, "style_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        return 4.0 * float(self.ratio(s, seat))


class CoastalWar(Style):
    """Coastal war: after ``style_cycles`` diel cycles, the most coastline held wins (the map's
    ``coastline``, authored)."""

    name = "coastal_war"
    title = "Coastal war"
    words = "The player to control the most coastline after a fixed number of diel cycles is the victor."
    reads = ("style_cycles",)

    def said(self, shown: JsonDict) -> str:
        held = " to ".join(str(n) for n in shown["held"])
        return f"{self.title}: coastline held {held}; judged after {shown['cycles']} diel cycles"

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if any(game.board.coastline):
            return super().refusal(game, players)
        return f"style: the {game.board.name} map has no coastline"

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory ends nothing: the cycles decide."""

    def coast(self, s: S, seat: int) -> int:
        """The coastline of the territories the seat holds."""
        return sum(n for t, n in enumerate(s.board.coastline, 1) if s.holder[t - 1] == seat)

    def cycle_ended(self, s: S) -> None:
        after_cycles(s, self)

    def judge(self, s: S, why: str) -> None:
        decide(s, [self.coast(s, seat) for seat in range(s.num_players)], why, "coastline", "the coast")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        return {"style": {"name": self.name, "coastline": list(s.board.coastline),
                          "held": [self.coast(s, seat) for seat in range(s.num_players)],
                          "cycles": self.setting(s, "style_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """Coast held, and the seat's souls near the coast it does not hold."""
        value = 3.0 * self.coast(s, seat)
        coast = enumerate(s.board.coastline, 1)
        shores = [s.board.camp_of(t) for t, n in coast if n and s.holder[t - 1] != seat]
        if shores:
            for p in s.live():
                if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                    value += 0.5 / (1 + min(s.board.spans[s.stand[p]][shore] for shore in shores))
        return value

