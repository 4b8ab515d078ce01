"""King of the hill (#playstyleoptions): a random territory held for a number of diel cycles; what
'adjacent' means on the authored maps (``hill_neighbours``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from soulforge.core import JsonDict, Seat
from soulforge.core.text import count
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.styles.base import Style, decide

if TYPE_CHECKING:
    from soulforge.games.kipukas.board import KipukaMap
    from soulforge.games.kipukas.game import Kipukas
    from soulforge.games.kipukas.state import KipukasState as S


def hill_neighbours(board: KipukaMap, hill: int) -> list[int]:
    """The territories 'adjacent' to the hill (King of the hill): holdable territories a path
    that is no underground tunnel joins to the hill's stands."""
    near = set()
    for a, b, tunnel in board.paths:
        one, two = board.stands[a].territory, board.stands[b].territory
        if not tunnel and hill in (one, two) and one != two:
            near.add(two if one == hill else one)
    return sorted(t for t in near if t in board.holdable)


def hills(board: KipukaMap, players: int) -> list[int]:
    """The territories that may be the hill: holdable, with a territory adjacent for each
    player's capital."""
    return [t for t in board.holdable if len(hill_neighbours(board, t)) >= players]


class KingOfTheHill(Style):
    """King of the hill: a random territory must be claimed and held for ``hill_cycles`` diel
    cycles; players start with only a capital, in territories adjacent to the hill."""

    name = "king_of_the_hill"
    title = "King of the hill"
    words = (
        "A territory is selected either randomly or by a ref that must be claimed and held for a "
        "certain number of diel cycles to meet the victory condition. Players start with only a "
        "capital in adjacent territories."
    )
    reads = ("hill_cycles",)

    def said(self, shown: JsonDict) -> str:
        holder = shown["holder"]
        held = f"seat {holder} has held it {shown['held']} of {shown['needed']}" if holder is not None else (
            f"hold it {shown['needed']} diel cycles to win")
        return f"{self.title}: the hill is territory {shown['hill']}; {held}"

    def refusal(self, game: Kipukas, players: int) -> str | None:
        if hills(game.board, players):
            return super().refusal(game, players)
        name = game.board.name
        return f"style: no territory of the {name} map has {players} adjacent ones for the capitals"

    def prepare(self, s: S) -> None:
        """The engine picks the hill at random among those with room for every capital (public:
        the players must know what to claim)."""
        choices = hills(s.board, s.num_players)
        hill = choices[s.rng.randrange(len(choices))]
        s.mark = [hill, -1, 0]
        cycles = count(self.setting(s, "hill_cycles"), "diel cycle")
        s.add_log(f"the hill is territory {hill}: hold it {cycles} to win")

    def starting_territories(self, s: S) -> int:
        return 1

    def capital_allowed(self, s: S, territory: int) -> bool:
        return territory in hill_neighbours(s.board, s.mark[0])

    def claimed(self, s: S, seat: int) -> None:
        """Holding every territory wins nothing by itself: the hill decides."""

    def cycle_ended(self, s: S) -> None:
        """Each diel cycle the hill's holder holds it counts; a new holder starts again."""
        if s.cycle < 1:
            return
        hill, holder, held = s.mark
        now = s.holder[hill - 1]
        held = held + 1 if now >= 0 and now == holder else (1 if now >= 0 else 0)
        s.mark = [hill, now, held]
        needed = self.setting(s, "hill_cycles")
        if now >= 0 and held >= needed:
            cycle.finish(s, now, f"Seat {now} wins: it held the hill, territory {hill}, "
                                 f"for {count(held, 'diel cycle')}.")

    def judge(self, s: S, why: str) -> None:
        """The peace bound: the seat on the hill wins (none: a tie)."""
        hill, _, held = s.mark
        scores = [held if seat == s.holder[hill - 1] else 0 for seat in range(s.num_players)]
        decide(s, scores, why, "diel cycles on the hill", "the hill")

    def view(self, s: S, viewer: Seat | None) -> JsonDict:
        hill, holder, held = s.mark
        return {"style": {"name": self.name, "hill": hill, "holder": holder if holder >= 0 else None,
                          "held": held, "needed": self.setting(s, "hill_cycles")}}

    def goal(self, s: S, seat: int, viewer: int) -> float:
        """The hill held (more for each cycle held), and the seat's souls near it."""
        hill, _, held = s.mark
        value = (6.0 + 3.0 * held) if s.holder[hill - 1] == seat else 0.0
        camp = s.board.camp_of(hill)
        for p in s.live():
            if s.owner[p] == seat and s.on_map[p] and s.card_of(p).soul and not s.prisoner[p]:
                value += 1.0 / (1 + s.board.spans[s.stand[p]][camp])
        return value

