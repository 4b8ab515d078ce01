"""Conditions several places ask, each stated once: the rules (``rules/``) build their named
checks from them, and the order of play, the fast listings and the effects call them.

May Move (rulebook, "Deploy"; "CHARACTER KEYWORDS: Zealous, Mountable"; effects that Move a
card): a card Moves between its Battlefield and Keep when it is not pinned this turn and the
other Zone has room (the zone limit, NOTES.md); in the Deploy phase, once. The Deploy, Zealous
and Mount rules, the Deploy skip test and fast listing, and the ``move`` effect call these.

May attack (rulebook, "Attack"): the attack action once a turn; the Attack rule and the Engage
fast listing call it.

Ready (rulebook, "Fatigue"): a card with fewer Fatigue than ``max_fatigue`` (rules.toml); a
card at it is ``worn_out`` (discarded once the effect that caused it is complete). Stated once,
in ``set_fatigue``, the one write of a card's Fatigue, which keeps the card's Ready flag with
it; ``ready`` reads the flag. Every rule whose actor pays Fatigue (Attack, Join, Block, Guard,
Cast, an effect's Fatigue, Tactics, Mount), the order of play and the state's Fatigue call
``ready``; the Engage fast listing and the state's Fatigue and damage read its flag (as the
Deploy walk reads ``fresh``'s and ``free_to_move``'s).

Fatigued (rulebook, "UNBLOCKED: Ambush"): a Character with at least 1 Fatigue; Ambush and the
``fatigued_enemy`` target kind call it.

May block (rulebook, "Attack, step 2"): a Battlefield Character not blocking yet, Ready; an
Airborne attacker only by an Airborne or Ranged blocker. The Block rule's checks and
``sequence.block_options`` (its listing and skip test) call these.

May mount (rulebook, "CHARACTER KEYWORDS: Mountable"): the Mount rule and the Engage fast
listing call ``may_mount`` and ``may_ride``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from soulforge.games.soulshards.frames import AttackInProgress
    from soulforge.games.soulshards.state import ShardsState, Unit

T = TypeVar("T")

PLACES: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple((z, i) for i in range(64)) for z in (0, 1))
"""``PLACES[zone][index]`` is ``(zone, index)``: the places named by themselves (``deploy_places``)."""


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


@overload
def deploy_places(s: ShardsState, p: int) -> list[tuple[int, int]]: ...
@overload
def deploy_places(s: ShardsState, p: int, named: Sequence[Sequence[T]]) -> list[T]: ...
def deploy_places(s: ShardsState, p: int, named: Sequence[Sequence[Any]] = PLACES) -> list[Any]:
    """(zone, index) of each card of seat ``p`` that may Move in this Deploy phase (``fresh`` and
    ``may_move``), Battlefield then Keep, or ``named[zone][index]`` (the listing names each by
    its Move, taken as the walk goes): the Deploy listing, and its skip test when empty
    (``listing.skip_deploy``: the Deploy phase of a seat with no card that may Move is skipped).

    ``may_move``'s room is tested once a Zone; ``fresh`` and ``free_to_move`` are their flags
    read here (a call of each per card doubled the walk). The Move rule's checks call them:
    test_listing proves this walk lists what they pass, everywhere."""
    units, zones = s.units, s.zones[p]
    out = []
    for z in (0, 1):
        if not room_in(s, p, 1 - z):
            continue
        names = named[z]
        for i, uid in enumerate(zones[z]):
            u = units[uid]
            if not u.moved and not u.pinned:  # fresh(u) and free_to_move(u)
                out.append(names[i])
    return out


def may_attack(s: ShardsState) -> bool:
    """The attack action is chosen at most once a turn (an overwhelmed blocker or a Demoralize
    also ends the attacks)."""
    return not s.no_attack


def set_fatigue(s: ShardsState, u: Unit, fatigue: int) -> None:
    """Give ``u`` ``fatigue`` Fatigue: the one write of a card's Fatigue (gained, recovered, a
    new card's none), keeping its Ready flag with it. Ready: fewer Fatigue than ``max_fatigue``
    (it may attack, block, Guard, Cast, pay Fatigue)."""
    u.fatigue = fatigue
    u.ready = fatigue < s.game.max_fatigue


def ready(s: ShardsState, u: Unit) -> bool:
    """Ready (``set_fatigue`` keeps the flag): it may attack, block, Guard, Cast, pay Fatigue.
    An attribute read, not the comparison: the Engage walk and every Fatigue gained ask it."""
    return u.ready


def worn_out(s: ShardsState, u: Unit) -> bool:
    """At ``max_fatigue``: the card is discarded once the effect that caused it is complete."""
    return not ready(s, u)


def ready_character(s: ShardsState, u: Unit) -> bool:
    """A Ready Character (the actor of Attack, Join, Block, Guard, Cast, Tactics, Mount)."""
    return u.is_char and ready(s, u)


def may_mount(s: ShardsState, m: Unit) -> bool:
    """``m`` may carry a rider (rulebook, "CHARACTER KEYWORDS: Mountable"): Mountable, Ready, not
    pinned (both Move; the room for two in the other Zone is the caller's, once a Zone)."""
    return s.has(m, "mountable") and ready(s, m) and free_to_move(m)


def may_ride(s: ShardsState, m: Unit, r: Unit) -> bool:
    """``r`` may ride ``m``: another Ready Character, not pinned, of a lower Trait."""
    return r is not m and r.card.trait < m.card.trait and ready(s, r) and free_to_move(r)


def fatigued(u: Unit) -> bool:
    """A Character with at least 1 Fatigue (Ambush's target, the ``fatigued_enemy`` kind)."""
    return u.is_char and u.fatigue > 0


def may_block(s: ShardsState, f: AttackInProgress, b: Unit) -> bool:
    """``b`` may still block in the attack ``f``: a Ready Character, not Provoked into a block
    nor blocking already (where it stands, the Battlefield, is the caller's walk)."""
    return b.is_char and not b.provoked and b.uid not in f.blockers() and ready(s, b)


def reaches(s: ShardsState, b: Unit, a: Unit) -> bool:
    """Blocker ``b`` can reach attacker ``a``: an Airborne attacker only by Airborne or Ranged."""
    return not s.has(a, "airborne") or s.has(b, "airborne") or s.has(b, "ranged")
