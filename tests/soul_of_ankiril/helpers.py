"""Scenario helpers: a game in its Strategy and Combat phase with a battlefield set by hand.

Cells (see board.toml): seat 1's Emanations are on 7, 9, 11 and its deployment terrains
2, 3; seat 0's Emanations on 33, 35, 37 and deployment terrains 41, 42; the Anomaly is 22;
34 and 36 are Raised terrains. Row by row: 0-5, 6-12, 13-18, 19-25, 26-31, 32-38, 39-44.
"""

from __future__ import annotations

from typing import Any

from soulforge.core.action import Action
from soulforge.games.soul_of_ankiril import SoulOfAnkiril, consequences
from soulforge.games.soul_of_ankiril.actions import PlaceLeader
from soulforge.games.soul_of_ankiril.model import EMPTY, Creature, replaced
from soulforge.games.soul_of_ankiril.state import AnkirilState


def new_game(seed: int = 1, **options: Any) -> AnkirilState:
    state = SoulOfAnkiril(**options).new_game(seed=seed)
    assert isinstance(state, AnkirilState)
    return state


def started(seed: int = 1, **options: Any) -> AnkirilState:
    """Both Leaders placed (on 41 and 2): the first turn has begun."""
    state = new_game(seed, **options)
    state.apply(PlaceLeader(41))
    state.apply(PlaceLeader(2))
    return state


def arena(player: int = 0, energy: int = 3, seed: int = 1, **options: Any) -> AnkirilState:
    """Turn 2, ``player`` to act with ``energy``; no Creature on the battlefield, empty hands."""
    state = started(seed, **options)
    for c in list(state.units.values()):
        state.occ[c.cell] = EMPTY
    state.units.clear()
    state.leader_uid = (-1, -1)
    state.hands = ((), ())
    state.turn, state.player = 2, player
    state.energy = replaced((0, 0), player, energy)
    state._legal = None
    return state


def put(state: AnkirilState, name: str, owner: int, cell: int, active: bool = True) -> Creature:
    """Place a Creature token (a Leader card becomes that seat's Leader)."""
    c = consequences.place(state, state.cards[name], owner, cell, active)
    if c.leader:
        state.leader_uid = replaced(state.leader_uid, owner, c.uid)
        state.arrow = replaced(state.arrow, owner, -1)
    state._legal = None
    return c


def legal_kinds(state: AnkirilState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def play(state: AnkirilState, *actions: Action) -> AnkirilState:
    for action in actions:
        state.apply(action)
    return state


