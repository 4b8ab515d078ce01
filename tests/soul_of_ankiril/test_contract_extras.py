"""Refusals name the rule, prompts, clones, the action index and the heuristic (DESIGN.md)."""

from __future__ import annotations

import random

import pytest

from soulforge.core.errors import IllegalAction
from soulforge.games.soul_of_ankiril import SoulOfAnkiril
from soulforge.games.soul_of_ankiril.actions import Activate, Attack, Cast, DrawCard, Move, PlaceLeader
from soulforge.games.soul_of_ankiril.model import Creature, creature_slots, replaced

from .helpers import arena, new_game, put, started


@pytest.mark.parametrize(("action", "rule"), [
    (Move(21, 22), "Make Creatures Take Action"),
    (Attack(27, 21), "Make Creatures Take Action"),
    (Cast("Sprint", -1, 21), "Cast a Spell"),
    (DrawCard(), "Energy"),
    (PlaceLeader(41), "Setup"),
    (Activate(21, -1, 0), "Make Creatures Take Action"),
])
def test_refusals_name_the_rule(action: object, rule: str) -> None:
    """State.apply: a refused action raises IllegalAction naming the rule; nothing changes."""
    state = arena(energy=0)
    before = state.view(0)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)  # type: ignore[arg-type]
    assert err.value.rule == rule
    assert state.view(0) == before


def test_inactive_creature_refusal() -> None:
    """Creatures' Status: an Inactive Creature cannot take any action."""
    state = arena()
    put(state, "Shekun", 0, 27, active=False)
    with pytest.raises(IllegalAction, match="Inactive"):
        state.apply(Move(27, 21))


def test_prompt_says_what_is_decided() -> None:
    assert "Leader" in new_game().prompt()
    state = arena()
    assert "Strategy and Combat" in state.prompt() and "3 Energy" in state.prompt()


def test_clone_copies_everything() -> None:
    """clone(): an independent copy with equal views, rng and history."""
    state = started(seed=5)
    rng = random.Random(1)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.clone()
    assert twin.view(0) == state.view(0) and twin.view(1) == state.view(1)
    assert twin.rng.getstate() == state.rng.getstate() and twin.history == state.history
    assert twin.log(0) == state.log(0) and twin.undo_floor == state.undo_floor
    for uid in twin.units:  # changed through unit(): the Creatures are copy-on-write
        twin.unit(uid).hp = 99
    assert all(c.hp != 99 for c in state.units.values())
    assert all(c.hp == 99 for c in twin.units.values())


def test_action_index_is_fixed() -> None:
    """Bounded parameters: every legal action has a place in the fixed index."""
    game = SoulOfAnkiril()
    state = game.new_game(seed=2)
    rng = random.Random(2)
    while not state.is_over and state.move_number < 300:
        for action in state.legal_actions():
            assert game.action_at(game.action_index(action)) == action
        state.apply(rng.choice(state.legal_actions()))


def test_heuristic_in_range_and_sensible() -> None:
    """Game.heuristic: in [-1, 1]; losing Emanations looks bad."""
    game = SoulOfAnkiril()
    state = arena()
    assert game.heuristic(state, 0) == 0.0
    state.ema_hp = replaced(state.ema_hp, 0, 0)
    assert -1.0 <= game.heuristic(state, 0) < 0 < game.heuristic(state, 1) <= 1.0


def test_out_of_board_cells_are_refused() -> None:
    """Malformed actions are refused as an action format error, never a crash."""
    state = arena()
    for bad in ({"type": "attack", "src": 3, "dst": -7}, {"type": "move", "src": 99, "dst": 1}):
        with pytest.raises(IllegalAction, match="action format"):
            state.apply_json(bad)


def test_creature_copy_copies_every_slot() -> None:
    """Creature.copy copies every slot, each set here to a value its constructor does not
    give (a slot added later and not copied fails here): the twin is independent. Compiled,
    the attributes are those mypyc found (``__mypyc_attrs__``: a native class drops
    ``__slots__``)."""
    slots = creature_slots()
    state = arena()
    c = put(state, "Shekun", 0, 21)
    fresh = Creature(c.uid, c.card, c.owner, c.cell)
    changed: dict[str, object] = {"card": state.cards["Offspring"], "element": "elsewhere", "klass": "Odd",
                                  "home": object()}
    for name in slots:
        value = getattr(fresh, name)
        if name not in changed:
            changed[name] = (not value) if isinstance(value, bool) else value + 7
        setattr(c, name, changed[name])
    twin = c.copy()
    assert twin is not c
    assert {name: getattr(twin, name) for name in slots} == changed
    assert all(changed[name] != getattr(fresh, name) for name in slots)
    twin.hp = 99
    assert c.hp != 99
