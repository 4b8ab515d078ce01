"""``view(player)``: what a seat (or a spectator, ``None``) knows, as JSON.

The keys are described in ``state.py``'s module docstring. An unrevealed card shows its
piece number, owner and place, never its card id; another seat's hand shows its size only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from soulforge.core import JsonDict, Seat
from soulforge.core.memo import PerObject
from soulforge.games.kipukas.cards import bundle_items, findable
from soulforge.games.kipukas.crafted import effect_of
from soulforge.games.kipukas.encoding import ASIDE, KEAL, PUBLIC, REROLL
from soulforge.games.kipukas.items import STICKY, immobile
from soulforge.games.kipukas.movement import is_downed

if TYPE_CHECKING:
    from soulforge.games.kipukas.board import KipukaMap, StandId, Territory
    from soulforge.games.kipukas.state import KipukasState as S


def _piece(s: S, viewer: Seat | None, p: int) -> JsonDict:
    known = s.knows(viewer, p)
    c = s.card_of(p)
    soul = known and c.soul
    return {
        "piece": p,
        "owner": s.owner[p] if s.owner[p] < s.num_players else None,
        "rogue": p in s.rogues,
        "stand": s.stand[p],
        "territory": s.territory[p],
        "kind": c.card_type if known else "card",
        "revealed": bool(s.known[p] & PUBLIC),
        "card": s.card[p] if known else None,
        "injuries": list(s.injuries[p]) if known else None,
        "downed": is_downed(s, p) if known and soul else None,
        "prisoner": s.prisoner[p],
        "items": list(s.items[p]) if known else [],
        # crafted items' marks (``crafted.py``): public once the soul is seen
        "immobilized": immobile(s, p) if known and soul else None,
        "sticky": bool(s.timers[p].get(STICKY)) if known and soul else None,
        "ranged": any(effect_of(i).ranged for i in s.items[p]) if known and soul else None,
    }


def _snares(s: S, viewer: Seat | None) -> list[JsonDict]:
    """The crafted traps: face down (no recipe) to every seat but their owner's until sprung."""
    return [
        {
            "snare": i,
            "owner": seat,
            "territory": territory or None,
            "carrier": carrier if carrier >= 0 else None,
            "recipe": recipe if viewer == seat or shown else None,
        }
        for i, (seat, territory, recipe, carrier, shown) in enumerate(s.snares)
    ]


def _carried(s: S, viewer: Seat | None) -> list[JsonDict]:
    """Trap cards carried by a soul: unrevealed while moved (#traps), named to their owner only."""
    return [
        {
            "piece": trap,
            "owner": s.owner[trap],
            "carrier": carrier,
            "card": s.card[trap] if s.knows(viewer, trap) else None,
        }
        for trap, carrier in sorted(s.carried.items())
    ]


def _player(s: S, viewer: Seat | None, seat: Seat) -> JsonDict:
    mine = viewer == seat
    return {
        "seat": seat,
        "affinity": s.affinity[seat] or None,
        "capital": s.first_capital(seat) if s.capital[seat] else None,
        "capitals": list(s.capital[seat]),
        "territories": [t for t in s.board.territories if s.holder[t - 1] == seat],
        "hand": list(s.hand[seat]) if mine else [None] * len(s.hand[seat]),
        "hand_size": len(s.hand[seat]),
        "deck_size": len(s.deck[seat]),
        "discard": list(s.discard[seat]),
        "aside": (s.aside[seat] or None) if mine else bool(s.aside[seat]),
        "personal_effect": s.personal[seat] or None,
        "aside_ready": bool(s.aside[seat]) and s.cycle > s.game.play.aside_cycles,
        "played_this_turn": s.played[seat],
        "done": s.done[seat],
        "defeated_by_rogue": s.beaten_by[seat] >= 0,
        "night_used": list(s.night_used[seat]),
        # The cards one may set aside (#personal_effects): the seat's own deck, while it chooses.
        "deck_cards": sorted(set(s.deck[seat])) if mine and s.phase == ASIDE else None,
    }


def _map(s: S, viewer: Seat | None) -> JsonDict:
    board = s.board
    fixed = _fixed(board)
    territories = []
    for t in board.territories:
        capital_of = s.capital_of(t)
        territories.append(
            {
                "number": t,
                "geography": "Wasteland" if s.wasteland[t - 1] else board.geography[t - 1],
                "transit": t in board.transit,
                "holder": s.holder[t - 1] if s.holder[t - 1] >= 0 else None,
                "capital_of": capital_of if capital_of >= 0 else None,
                "protected": s.protected[t - 1] >= s.cycle > 0,
                "dropped": [bundle_items(s.dropped[t - 1][i]) for i in findable(s, viewer, t)],
                "stands": list(fixed.stands_of[t]),
            }
        )
    return {
        "name": board.name,
        "territories": territories,
        "stands": [dict(stand) for stand in fixed.stands],
        "paths": [[a, b, tunnel] for a, b, tunnel in board.paths] + [[a, b, True] for a, b in s.tunnels],
        "boats": [
            {"boat": b, "stand": s.boat_at[b], "capacity": spec.capacity, "distance": spec.distance,
             "crossed_today": s.boat_used[b] == s.cycle}
            for b, spec in enumerate(board.boats)
        ],
    }


class _Fixed(NamedTuple):
    """What views show of a map that never changes: its stands."""

    stands_of: dict[Territory, tuple[StandId, ...]]
    """Per territory, its stands' ids, sorted."""
    stands: tuple[JsonDict, ...]
    """Every stand as a view shows it (copied into each view: a caller may change its own)."""


def _fixed_of(board: KipukaMap) -> _Fixed:
    stands = board.stands.values()
    return _Fixed(
        {t: tuple(sorted(st.id for st in stands if st.territory == t)) for t in board.territories},
        tuple({"id": st.id, "territory": st.territory, "kind": st.kind, "dock": st.dock} for st in stands),
    )


_fixed: Final[PerObject[KipukaMap, _Fixed]] = PerObject(_fixed_of, size=16)
"""Per map, once (a map is frozen, shared by its game's states): every view showed each
territory's stands by reading every stand of the map again."""


def _fight(s: S, viewer: Seat | None) -> JsonDict | None:
    if s.attacker < 0 or s.phase not in ("target", "keal", "press", "respond", "challenge", REROLL):
        return None
    sides = (s.attacker, s.defender)
    hidden_choice = s.phase == KEAL and s.secret
    means: list[Any] = []
    for side, piece in enumerate(sides):
        own = piece >= 0 and viewer == s.owner[piece]
        shown = s.means[side] >= 0 and (own or not hidden_choice) and not (s.shooting and side == 0)
        means.append(s.means[side] if shown else None)
    return {
        "attacker": s.attacker,
        "defender": s.defender if s.defender >= 0 else None,
        "stand": s.fight_stand,
        "means": means,
        "chosen": [m >= 0 for m in s.means],
        "ranged": s.shooting,
        "retreat": {"piece": s.retreat_piece, "to": s.retreat_to} if s.retreat_piece >= 0 else None,
    } | ({"reroll": _reroll(s)} if s.reroll else {})


def _reroll(s: S) -> JsonDict:
    """The throw open to a re-roll (public, as dice on the table are): the soul whose owner
    decides, whether it attacks or defends, the totals as they stand, the Final Blow's rounds."""
    kind, side, attack, defence = s.reroll[:4]
    return {
        "piece": (s.attacker, s.defender)[side],
        "side": ("attacker", "defender")[side],
        "during": "final_blow" if kind else "bout",
        "totals": [attack, defence],
        "rounds": s.reroll[6:8] if kind else None,
    }


def build(s: S, viewer: Seat | None) -> JsonDict:
    pieces = [_piece(s, viewer, p) for p in s.live() if s.on_map[p]]
    return {
        "map": _map(s, viewer),
        "pieces": pieces,
        "players": [_player(s, viewer, seat) for seat in range(s.num_players)],
        "diel": s.diel or None,
        "cycle": s.cycle,
        "initiative": s.initiative,
        "called": s.called if s.called >= 0 else None,
        "phase": s.phase,
        "active_player": s.active,
        "fight": _fight(s, viewer),
        "suspended": s.suspended or None,
        "exchange": list(s.exchange),
        "winner": s.winner,
        "snares": _snares(s, viewer),
        "carried": _carried(s, viewer),
        "bombs": [{"owner": seat, "territory": t, "cycles": n} for seat, t, n, _ in s.bombs],
    } | (_offer(s, viewer) if s.offer else {}) | s.game.style.view(s, viewer)


def _offer(s: S, viewer: Seat | None) -> JsonDict:
    """A trade offered (#rouge): the card is seen by the two seats trading only."""
    giver, slot, taker = s.offer
    card = s.hand[giver][slot] if viewer in (giver, taker) else None
    return {"offer": {"from": giver, "to": taker, "slot": slot, "card": card}}
