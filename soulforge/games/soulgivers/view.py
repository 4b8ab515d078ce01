"""What a seat knows: ``view(state, player)``.

Hidden: the other seat's Anomaly hand, the order and content of the Anomaly deck, the other
seat's Soulgiver deck, its secretly chosen starting Soulgivers until they are placed, and
the two cards it drew to replace a Soulgiver (and the one it kept, until placed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soulforge.core import JsonDict
from soulforge.games.soulgivers.board import CELLS, DIR_NAMES, DIRECTIONS, TERRAIN_NAMES, cell_name, faces
from soulforge.games.soulgivers.consequences import MODS
from soulforge.games.soulgivers.data import DATA
from soulforge.games.soulgivers.encoding import (
    BIT,
    DONE_NAMES,
    KINDS,
    PHASE_NAMES,
    PIECES,
    PORTAL,
    REFILL,
    TEAMS,
    Piece,
    Team,
    members,
    piece_of,
    portal_at,
    team_of,
)

if TYPE_CHECKING:
    from soulforge.games.soulgivers.state import SoulgiversState

HIDDEN_KINDS = frozenset(("pick", "keep", "return"))
"""Actions whose parameters only their maker sees (the last move in the other's view)."""


def _piece(s: SoulgiversState, p: Piece) -> JsonDict:
    pos, char = s.pos[p], s.game.char_of[p]
    return {
        "id": p, "team": team_of(p), "kind": char.key, "name": char.name,
        "cell": pos if pos < PORTAL else None, "portal": portal_at(pos) if pos >= PORTAL else None,
        "shields": [DIR_NAMES[d] for d in DIRECTIONS if faces(s.shields_of(p), d)],
        "decay": s.decay[p], "soul": s.soul[p] if s.soul[p] >= 0 else None,
        "carrying": s.carrier == p, "move": char.move, "linear": char.linear,
        "must_enter": bool(s.arrivals & BIT[p]) and pos >= PORTAL,
    }


def _team(s: SoulgiversState, t: Team, player: int | None) -> JsonDict:
    mine = player == t
    pending_keep = s.phase == REFILL and s.player == t
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
        "revealed": [k for k in KINDS if s.revealed[piece_of(t, k)]],
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


CELL_NAMES = tuple(cell_name(c) for c in CELLS)
"""Every cell's name, in order (made once: every view lists them)."""


def view(s: SoulgiversState, player: int | None) -> JsonDict:
    board: dict[str, Any] = {
        "terrain": [TERRAIN_NAMES[e] for e in s.eff],
        # (most cells hold no modifier: an empty stack is a new empty list, nothing to read)
        "modifiers": [[MODS[m].key for m in stack] if stack else [] for stack in s.mods],
        "cell_names": list(CELL_NAMES),
    }
    return {
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "turn_limit": s.turn_limit,
        "in_turn": s.player,
        "board": board,
        "pieces": [_piece(s, p) for p in PIECES if s.pos[p] >= 0],
        "souls": [{"id": soul, "team": team_of(soul), "kind": s.game.char_of[soul].key, "cell": c}
                  for soul, c in sorted(s.souls.items())],
        "fragment": {"tile": s.frag_tile if s.carrier < 0 else None,
                     "carrier": s.carrier if s.carrier >= 0 else None},
        "barrier": s.barrier,
        "portals": [{"team": p.team, "tile": p.tile, "side": DIR_NAMES[p.side], "standing": s.portals[i],
                     "front": list(s.game.layout.fronts[i])} for i, p in enumerate(s.game.layout.portals)],
        "teams": [_team(s, t, player) for t in TEAMS],
        "anomaly_deck": len(s.pile),
        "anomaly_discard": list(s.discard),
        "active": s.active if s.active >= 0 else None,
        "turn_state": {
            "declared": members(s.declared), "essences": s.essences, "drew_anomaly": s.drew,
            "anomaly_played": s.anomaly_played, "steps": s.steps,
            "move_range": s.move_range(s.active) if s.active >= 0 else 0,
            "done": [name for bit, name in DONE_NAMES if s.done & bit],
            "hushed": s.hushed, "must_continue": s.must_continue, "essence_users": members(s.essence_users),
            "population_placing": s.pop_team if s.pop_team >= 0 else None, "population_left": s.pop_left,
        },
        "effects": {"stasis": members(s.stasis), "glass_body": members(s.glass),
                    "silence": members(s.silenced), "slow_time": members(s.slowed)},
        "mold_block": list(s.mold_block) if s.mold_block else None,
        "last": _last(s, player),
        "end_reason": s.end_reason or None,
    }
