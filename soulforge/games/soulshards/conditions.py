"""Conditions several places ask, each stated once: the rules (``rules/``) build their named
checks from them, and the order of play, the fast listings and the effects call them.

May Move (rulebook, "Deploy"; "CHARACTER KEYWORDS: Zealous, Mountable"; effects that Move a
card): a card Moves between its Battlefield and Keep when it is not pinned this turn and the
other Zone has room (the zone limit, NOTES.md); in the Deploy phase, once. The Deploy, Zealous
and Mount rules, the Deploy skip test and fast listing, and the ``move`` effect call these.

May attack (rulebook, "Attack"): the attack action once a turn; the Attack rule and the Engage
fast listing call it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from soulforge.games.soulshards.state import ShardsState, Unit


def room_in(s: ShardsState, seat: int, zone: int, count: int = 1) -> bool:
    """Seat ``seat``'s Zone ``zone`` (0 Battlefield, 1 Keep) has room for ``count`` more cards."""
    return len(s.zones[seat][zone]) + count <= s.game.zone_limit


def free_to_move(u: Unit) -> bool:
    """Not pinned this turn (an effect's "cannot Move")."""
    return not u.pinned


def may_move(s: ShardsState, u: Unit, count: int = 1) -> bool:
    """May Move: free to move, with room in the other Zone (for ``count`` cards Moving there
    together, as a Mount and its rider)."""
    return free_to_move(u) and room_in(s, u.owner, 1 - s.zone_of(u), count)


def fresh(u: Unit) -> bool:
    """Not Moved yet this Deploy phase (each card Moves once in it)."""
    return not u.moved


def deploy_places(s: ShardsState, p: int) -> list[tuple[int, int]]:
    """(zone, index) of each card of seat ``p`` that may Move in this Deploy phase (``fresh`` and
    ``may_move``), Battlefield then Keep: the Deploy listing, its rule's and its skip test."""
    units, zones = s.units, s.zones[p]
    out = []
    for z in (0, 1):
        if not room_in(s, p, 1 - z):  # ``may_move``'s room, tested once for the Zone
            continue
        for i, uid in enumerate(zones[z]):
            u = units[uid]
            if fresh(u) and free_to_move(u):
                out.append((z, i))
    return out


def may_attack(s: ShardsState) -> bool:
    """The attack action is chosen at most once a turn (an overwhelmed blocker or a Demoralize
    also ends the attacks)."""
    return not s.no_attack
