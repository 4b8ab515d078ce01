"""Helpers that build Soulshards positions directly, for rule scenarios.

``table()`` gives a game past setup at seat 0's Engage phase, with empty hands and nothing in
play (each Arsenal still holds its deck); ``put()`` places a card in a Battlefield (``"b"``) or
Keep (``"k"``); ``act()`` applies the legal action with that label, so tests pin labels too.
"""

from __future__ import annotations

from typing import Any

import soulforge
from soulforge.core import Action
from soulforge.games.soulshards import sequence
from soulforge.games.soulshards.conditions import set_fatigue
from soulforge.games.soulshards.frames import SeatTask
from soulforge.games.soulshards.state import ShardsState, Unit


def new_game(seed: int = 0, **options: Any) -> ShardsState:
    state = soulforge.load("soulshards", **options).new_game(seed=seed)
    assert isinstance(state, ShardsState)
    return state


def table(seed: int = 0, **options: Any) -> ShardsState:
    s = new_game(seed, **options)
    for p in range(2):
        s.arsenal[p] = sorted(s.arsenal[p] + s.hand[p])
        s.hand[p] = []
        s.pool[p] = [0, 0, 0, 0]
    s.resolve = [s.cities[0].resolve, s.cities[1].resolve]
    s.stack = [SeatTask("engage", 0)]
    s.step, s.decider, s.active, s.turn, s.starter = "engage", 0, 0, 1, 0
    s.triggers = []
    s.forget_listing()
    return s


def put(s: ShardsState, seat: int, zone: str, name: str, fatigue: int = 0) -> Unit:
    u = s.new_unit(seat, name)
    if zone == "b":
        s.zones[seat][1].remove(u.uid)
        s.zones[seat][0].append(u.uid)
    set_fatigue(s, u, fatigue)
    s.forget_listing()
    return u


def give(s: ShardsState, seat: int, might: int = 0, finesse: int = 0, sorcery: int = 0,
         strategy: int = 0) -> None:
    s.pool[seat] = [might, finesse, sorcery, strategy]
    s.forget_listing()


def hand(s: ShardsState, seat: int, *names: str) -> None:
    s.hand[seat] = list(names)
    s.forget_listing()


def spot(s: ShardsState, u: Unit) -> str:
    return s.spot_of(u)


def labels(s: ShardsState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def act(s: ShardsState, label: str) -> Action:
    """Apply the legal action whose label is ``label``."""
    for action in s.legal_actions():
        if str(action) == label:
            s.apply(action)
            return action
    raise AssertionError(f"{label!r} is not legal; legal: {labels(s)}")


def run(s: ShardsState) -> None:
    sequence.run(s)
    s.forget_listing()


def step_to(s: ShardsState, step: str, choose: str = "pass") -> None:
    """Apply ``choose`` (or the first legal action) until the game reaches ``step``."""
    for _ in range(50):
        if s.step == step:
            return
        legal = s.legal_actions()
        pick = next((a for a in legal if str(a) == choose), legal[0])
        s.apply(pick)
    raise AssertionError(f"never reached {step}; at {s.step}")
