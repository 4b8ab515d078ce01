"""Kipukas positions for scenario tests: a game set up by its own rules, then cards put
where a test needs them (the way a rulebook example lays out the table)."""

from __future__ import annotations

from typing import Any

import soulforge
from soulforge.core.game import Game
from soulforge.games.kipukas.actions import Affinity, Camp, Capital, KeepDiel, SetAside
from soulforge.games.kipukas.encoding import DAY, PUBLIC
from soulforge.games.kipukas.setup import new_piece
from soulforge.games.kipukas.state import KipukasState

CAPITALS = (1, 5)
CAMPS = ((2, 8), (6, 3))


def fresh(seed: int = 0, affinities: tuple[str, str] = ("Avian", "Decrepit"), game: Game | None = None,
          **options: Any) -> KipukasState:
    """A 2-player game on the duel map through its setup: seat 0 holds 1, 2, 8 (capital 1),
    seat 1 holds 5, 6, 3 (capital 5); both set their first deck card aside; day 1 begins.
    ``game``: a game built with data overrides (else the game with ``options``)."""
    state = set_up(seed, affinities, game, **options)
    while state.phase == "turning":  # a card that may turn the roll or suspend: not now
        state.apply(KeepDiel())
    assert state.phase == DAY
    return state


def set_up(seed: int = 0, affinities: tuple[str, str] = ("Avian", "Decrepit"), game: Game | None = None,
           hands: tuple[str, ...] | None = None, **options: Any) -> KipukasState:
    """:func:`fresh`'s setup, stopped before the first cycle's roll may be turned; ``hands``:
    each seat's hand is made exactly these cards before each card is set aside."""
    state = (game or soulforge.load("kipukas", **options)).new_game(seed=seed)
    assert isinstance(state, KipukasState)
    for affinity in affinities:
        state.apply(Affinity(affinity))
    while state.phase in ("capital", "camp"):
        claimer = state.current_player
        assert claimer is not None
        if state.phase == "capital":
            state.apply(Capital(CAPITALS[claimer]))
        else:
            held = sum(1 for h in state.holder if h == claimer)
            state.apply(Camp(CAMPS[claimer][held - 1]))
    while state.phase == "set_aside":
        if hands is not None:
            give(state, 0, *hands)
            give(state, 1, *hands)
        chooser = state.current_player
        assert chooser is not None
        state.apply(SetAside(sorted(set(state.deck[chooser]))[0]))
    return state


def put(state: KipukasState, seat: int, card_id: str, stand: str, *, revealed: bool = True,
        played_before: bool = True) -> int:
    """A card of ``seat`` on ``stand`` (revealed by default), played on an earlier day."""
    piece = new_piece(state, seat, card_id, stand, revealed=revealed)
    if played_before:
        state.played_cycle[piece] = state.cycle - 1
    if revealed:
        state.known[piece] |= PUBLIC
    state.moved()
    state._legal = None
    return piece


def give(state: KipukasState, seat: int, *cards: str) -> None:
    """``seat``'s hand becomes exactly ``cards``."""
    state.hand[seat] = list(cards)
    state._legal = None


def act(state: KipukasState, seat: int) -> None:
    """Make ``seat`` the one to act now in the current day or night."""
    state.active = seat
    state._legal = None


def clear_map(state: KipukasState) -> None:
    """No card on the map (the setup places none; a test may have)."""
    state.on_map = [False] * len(state.card)
    state.moved()
    state._legal = None
