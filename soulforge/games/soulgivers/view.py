"""What a seat knows (``view``) and resampling what it does not (``resample``).

Hidden: the other seat's Anomaly hand, the order and content of the Anomaly deck, the other
seat's Soulgiver deck, its secretly chosen starting Soulgivers until they are placed, and
the two cards it drew to replace a Soulgiver (and the one it kept, until placed).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from soulforge.core import JsonDict
from soulforge.games.soulgivers import phases as ph
from soulforge.games.soulgivers.board import DIR_NAMES, TERRAIN_NAMES, cell_name
from soulforge.games.soulgivers.effects import DATA, MODS
from soulforge.games.soulgivers.movement import FRONTS
from soulforge.games.soulgivers.state import (
    ABIL_OWN,
    ABIL_SOUL,
    ABSORBED,
    ATTACKED,
    CHARS,
    COLLECTED,
    DROPPED,
    MOVE_ENDED,
    MOVED,
    PASSED,
    PORTAL,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

HIDDEN_KINDS = frozenset(("pick", "keep", "return"))
DONE_NAMES = ((MOVED, "moved"), (MOVE_ENDED, "movement ended"), (ABSORBED, "soul acquisition"),
              (COLLECTED, "fragment collection"), (PASSED, "passing"), (DROPPED, "dropping"),
              (ATTACKED, "attack"), (ABIL_OWN, "ability"), (ABIL_SOUL, "soul ability"))


def _bits(mask: int) -> list[int]:
    return [p for p in range(20) if mask & (1 << p)]


def _piece(s: SoulgiversState, p: int) -> JsonDict:
    pos = s.pos[p]
    return {
        "id": p, "team": p // 10, "kind": CHARS[p % 10].key, "name": CHARS[p % 10].name,
        "cell": pos if pos < PORTAL else None, "portal": pos - PORTAL if pos >= PORTAL else None,
        "shields": [DIR_NAMES[d] for d in range(4) if s.shields_of(p) & (1 << d)],
        "decay": s.decay[p], "soul": s.soul[p] if s.soul[p] >= 0 else None,
        "carrying": s.carrier == p, "move": CHARS[p % 10].move, "linear": CHARS[p % 10].linear,
        "must_enter": bool(s.arrivals & (1 << p)) and pos >= PORTAL,
    }


def _team(s: SoulgiversState, t: int, player: int | None) -> JsonDict:
    mine = player == t
    pending_keep = s.phase == ph.REFILL and s.player == t
    return {
        "population": DATA.populations[s.pop_of[t]].name,
        "population_ability": DATA.populations[s.pop_of[t]].ability_name,
        "population_used": s.pop_used[t],
        "hand": list(s.hand[t]) if mine else None,
        "hand_count": len(s.hand[t]),
        "deck": list(s.deck[t]) if mine else None,
        "deck_count": len(s.deck[t]),
        "picks": list(s.picks[t]) if mine else None,
        "picks_count": len(s.picks[t]),
        "drawn": list(s.pair[t]) if mine else None,
        "drawn_count": len(s.pair[t]),
        "kept": (s.keep_card if mine else None) if pending_keep else None,
        "revealed": [k for k in range(10) if s.revealed[t * 10 + k]],
        "black_holes_left": s.holes_left[t],
        "patches_left": s.patches_left[t],
        "decay_boost": s.out_boost[t],
    }


def _last(s: SoulgiversState, player: int | None) -> JsonDict | None:
    if s.last is None:
        return None
    actor, act, cells = s.last
    action = act.to_json()
    if action["type"] in HIDDEN_KINDS and (actor != player or s.seen_by not in (-1, actor)):
        action = {"type": action["type"]}
    return {"seat": actor, "action": action, "cells": list(cells)}


def view(s: SoulgiversState, player: int | None) -> JsonDict:
    board: dict[str, Any] = {
        "terrain": [TERRAIN_NAMES[e] for e in s.eff],
        "modifiers": [[MODS[m].key for m in stack] for stack in s.mods],
        "cell_names": [cell_name(c) for c in range(100)],
    }
    return {
        "phase": ph.NAMES[s.phase],
        "turn": s.turn,
        "turn_limit": s.turn_limit,
        "in_turn": s.player,
        "board": board,
        "pieces": [_piece(s, p) for p in range(20) if s.pos[p] >= 0],
        "souls": [{"id": soul, "team": soul // 10, "kind": CHARS[soul % 10].key, "cell": c}
                  for soul, c in sorted(s.souls.items())],
        "fragment": {"tile": s.frag_tile if s.carrier < 0 else None,
                     "carrier": s.carrier if s.carrier >= 0 else None},
        "barrier": s.barrier,
        "portals": [{"team": p.team, "tile": p.tile, "side": DIR_NAMES[p.side], "standing": s.portals[i],
                     "front": list(FRONTS[i])} for i, p in enumerate(DATA.portals)],
        "teams": [_team(s, t, player) for t in (0, 1)],
        "anomaly_deck": len(s.pile),
        "anomaly_discard": list(s.discard),
        "active": s.active if s.active >= 0 else None,
        "turn_state": {
            "declared": _bits(s.declared), "essences": s.essences, "drew_anomaly": s.drew,
            "anomaly_played": s.anomaly_played, "steps": s.steps,
            "move_range": s.move_range(s.active) if s.active >= 0 else 0,
            "done": [name for bit, name in DONE_NAMES if s.done & bit],
            "hushed": s.hushed, "must_continue": s.must_continue, "essence_users": _bits(s.essence_users),
            "population_placing": s.pop_team if s.pop_team >= 0 else None, "population_left": s.pop_left,
        },
        "effects": {"stasis": _bits(s.stasis), "glass_body": _bits(s.glass), "silence": _bits(s.silenced),
                    "slow_time": _bits(s.slowed)},
        "mold_block": list(s.mold_block) if s.mold_block else None,
        "last": _last(s, player),
        "end_reason": s.end_reason or None,
    }


def resample(s: SoulgiversState, player: int, rng: random.Random) -> None:
    """Deal again what ``player`` cannot see, from what it can (sorted pools: deterministic)."""
    other = 1 - player
    s.seen_by = player  # the last action, if secret, stays known only to ``player``'s own
    keep = [s.keep_card] if s.phase == ph.REFILL and s.player == other else []
    if not (keep or s.picks[other] or s.pair[other]):
        _resample_hand(s, other, rng)  # the deck is a set: nothing else to deal
        return
    pool = sorted(s.deck[other] + s.picks[other] + s.pair[other] + keep)
    rng.shuffle(pool)
    n_picks, n_pair = len(s.picks[other]), len(s.pair[other])
    s.picks[other] = sorted(pool[:n_picks])
    s.pair[other] = sorted(pool[n_picks:n_picks + n_pair])
    rest = pool[n_picks + n_pair:]
    if keep:
        s.keep_card = rest.pop()
    s.deck[other] = sorted(rest)
    _resample_hand(s, other, rng)


def _resample_hand(s: SoulgiversState, other: int, rng: random.Random) -> None:
    """The other seat's Anomaly hand, dealt again from it and the deck (the pile is unordered)."""
    if not s.hand[other]:
        return
    cards = sorted(s.pile + s.hand[other])
    rng.shuffle(cards)
    n_hand = len(s.hand[other])
    s.hand[other] = sorted(cards[:n_hand])
    s.pile = sorted(cards[n_hand:])
