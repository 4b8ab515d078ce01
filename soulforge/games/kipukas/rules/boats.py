"""Boats (#geography): "Boats are played from the hand at docks. Boats can ferry a specified
number of souls a given distance over a day. Once launched they can make land and be embarked
from the last spot they landed. Either player may use a boat landed in an uncontended spot."

No boat card exists in the Founder's Deck, so the boats are the map's (``maps.toml``,
AUTHORED: one per water territory, launched from the land dock beside it, with its capacity
and distance). Read: a day action (``Ferry``) of a seat whose souls stand on the boat's stand
while no enemy it sees stands there; up to the boat's capacity of them (by piece number: the
whole party with the authored capacity of 3, a seat's most in a territory) that may still move
and have not moved this day embark, cross at most the boat's distance over water and docks,
and land on a dock free of enemies it sees with room for them. The crossing is their day's
movement (they are revealed, as any move reveals), and the boat crosses once a day.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from soulforge.core.flow import Check, CheckedRule, ClickPath
from soulforge.games.kipukas import cycle
from soulforge.games.kipukas.actions import Ferry, stand_label
from soulforge.games.kipukas.movement import DAY_SPENT, can_move, enemies_at, room_in
from soulforge.games.kipukas.rules.day import NO_CONTENTION_OWED, owes_contention, own_souls

if TYPE_CHECKING:
    from soulforge.games.kipukas.state import KipukasState as S

SECTION = "geography"


def riders(s: S, boat: int, souls: list[int]) -> list[int]:
    """The seat's souls that would embark: on the boat's stand, not moved today, free to move."""
    stand = s.boat_at[boat]
    aboard = [p for p in souls if s.stand[p] == stand and s.steps_used[p] == 0 and can_move(s, p)]
    return aboard[: s.board.boats[boat].capacity]


def _boat_free(s: S, boat: int) -> bool:
    """A boat of the map that has not crossed today, on a stand with no enemy of the seat's."""
    if not 0 <= boat < len(s.board.boats):
        return False
    return s.boat_used[boat] != s.cycle and not enemies_at(s, s.boat_at[boat], s.active)


def _lands(s: S, boat: int, there: str, party: list[int]) -> bool:
    """``there`` is a landing within the boat's distance, free of enemies, with room for the party."""
    seat = s.active
    if there not in s.board.landings(s.boat_at[boat], s.board.boats[boat].distance):
        return False
    territory = s.board.stands[there].territory
    return not enemies_at(s, there, seat) and all(room_in(s, territory, seat, p) for p in party)


def ferries(s: S, souls: list[int]) -> list[Ferry]:
    """The crossings open to the seat (``FerryRule``'s predicates); ``souls``: ``day.own_souls``."""
    out: list[Ferry] = []
    boat_at = s.boat_at
    for boat, spec in enumerate(s.board.boats):
        stand = boat_at[boat]
        if not _seat_on(s, stand):
            continue  # no soul of the seat aboard (the common case: no rider, no crossing)
        if not _boat_free(s, boat):
            continue
        party = riders(s, boat, souls)
        if party:
            out += [Ferry(boat, there) for there in s.board.landings(stand, spec.distance)
                    if _lands(s, boat, there, party)]
    return out


def _seat_on(s: S, stand: str) -> bool:
    """A soul of the seat's (on the map, not a prisoner: every soul ``ferries`` is given is one)
    stands on ``stand``: the pieces index's few souls there asked, not every soul of the seat."""
    owner, seat = s.owner, s.active
    for p in s.souls_on(stand):  # noqa: SIM110 (a loop: compiled, ``any`` is a generic call)
        if owner[p] == seat:
            return True
    return False


class FerryRule(CheckedRule["S", Ferry]):
    """#geography: a boat ferries the seat's souls from its stand to a dock over a day."""

    action = Ferry
    section = SECTION

    checks = (
        NO_CONTENTION_OWED,
        Check("a boat free to cross", lambda s, a: _boat_free(s, a.boat),
              "a boat crosses once a day, from a stand with no enemy on it"),
        Check("souls aboard", lambda s, a: bool(riders(s, a.boat, own_souls(s))),
              "no soul of yours on the boat's stand that has not moved today"),
        Check("a landing", lambda s, a: _lands(s, a.boat, a.to, riders(s, a.boat, own_souls(s))),
              "the boat lands within its distance, on a dock free of enemies and with room for your souls"),
    )

    def legal(self, s: S) -> list[Ferry]:
        if not s.board.boats or owes_contention(s):
            return []
        return ferries(s, own_souls(s))

    def candidates(self, s: S) -> Iterable[Ferry]:
        """Every boat to every stand."""
        return (Ferry(boat, there) for boat in range(len(s.board.boats)) for there in s.board.stands)

    def apply(self, s: S, action: Ferry) -> None:

        seat = s.active
        party = riders(s, action.boat, own_souls(s))
        for p in party:
            cycle.reveal(s, p)
            cycle.place(s, p, action.to)
            s.steps_used[p] = DAY_SPENT  # the crossing is the soul's movement for the day
        s.boat_at[action.boat], s.boat_used[action.boat] = action.to, s.cycle
        names = ", ".join(s.piece_name(p) for p in party)
        s.add_log(f"{s.seat_name(seat)}'s boat ferries {names} to {stand_label(action.to)}")
        cycle.end_action(s, seat)

    def path(self, action: Ferry) -> ClickPath:
        return (f"boat:{action.boat}", f"stand:{action.to}")
