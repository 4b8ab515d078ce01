"""What the apply and cycle path keeps or skips, against working it out anew at every position.

The grounds (``movement.Ground``) a move patches instead of rebuilding (``movement.shifted``),
the contested stands read from them, and the night listings that look at fewer pieces or
recipes than their checks' candidates: each equals the same function's answer on a position
with nothing kept, or the rule's plain listing (its candidates through its checks), at every
position of seeded random and greedy playouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import soulforge
from soulforge.agents import load
from soulforge.core import Action
from soulforge.core.flow import CheckedRule
from soulforge.games.kipukas import breach, cycle, movement
from soulforge.games.kipukas.actions import Move, Reveal
from soulforge.games.kipukas.encoding import NIGHT
from soulforge.games.kipukas.rules.night import CraftRule, TakeHoneyRule
from soulforge.games.kipukas.state import KipukasState

from .scenario import act, fresh, put

Chooser = Callable[[KipukasState, list[Action]], Action]


def _random(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda state, legal: rng.choice(legal)


def _greedy(seed: int) -> Chooser:
    agent = load("greedy:samples=1,follow=0", seed=seed)

    def choose(state: KipukasState, legal: list[Action]) -> Action:
        seat = state.current_player
        assert seat is not None
        return agent.act(state, seat)

    return choose


def _fresh(state: KipukasState) -> KipukasState:
    """The same position with no index and no grounds kept."""
    twin = state.clone()
    twin.moved()
    return twin


def _contested_anew(state: KipukasState, seat: int) -> list[str]:
    """``cycle.contested_stands`` as its docstring says it: the stands of the seat's pieces
    where ``enemies_at`` finds revealed enemies of the seat, asked of every such stand."""
    stands = {state.stand[p] for p in state.live() if state.owner[p] == seat}
    return sorted(stand for stand in stands if movement.enemies_at(state, stand, seat))


def _check_position(state: KipukasState) -> int:
    """Every ground kept in the index equals a fresh one, and so do the contested stands; the
    number of grounds compared."""
    kept = state._index
    compared = 0
    if kept is not None:
        for seat, seen in kept[3].items():
            assert seen == movement._ground(_fresh(state), seat), f"seat {seat}'s ground"
            compared += 1
    for seat in range(state.num_players):
        assert cycle.contested_stands(state, seat) == _contested_anew(state, seat)
    return compared


def _check_night(state: KipukasState) -> None:
    """The night listings that skip pieces or recipes list what the rule's checks let through."""
    rules: tuple[CheckedRule[KipukasState, Any], ...] = (TakeHoneyRule(), CraftRule())
    for rule in rules:
        plain: list[Any] = CheckedRule.legal(rule, state)
        assert rule.legal(state) == plain, type(rule).__name__


@pytest.mark.parametrize(
    ("board", "players", "seeds", "chooser"),
    [
        ("duel", 2, range(8), _random),
        ("grand", 3, range(2), _random),
        ("duel", 2, range(2), _greedy),
    ],
)
def test_kept_grounds_and_night_listings_equal_fresh_ones_at_every_position(
    board: str, players: int, seeds: range, chooser: Callable[[int], Chooser]
) -> None:
    """At every position (before and after its listing, which fills the grounds it asks for):
    the grounds patched move to move equal fresh ones (a soul's steps, a piece played or
    wasted, a reveal), and the shortened night listings equal the plain ones."""
    game = soulforge.load("kipukas", map=board)
    compared = patched = kept_through = nights = 0
    for seed in seeds:
        state = game.new_game(seed=seed, players=players)
        assert isinstance(state, KipukasState)
        choose = chooser(seed)
        while not state.is_over:
            compared += _check_position(state)
            legal = state.legal_actions()
            compared += _check_position(state)
            if state.phase == NIGHT:
                _check_night(state)
                nights += 1
            kept = state._index
            action = choose(state, legal)
            state.apply(action)
            now = state._index
            # a move that kept grounds through a relocation: the patched ones were compared
            patched += bool(kept and kept[3] and now and now is not kept and now[3])
            # ... through a piece played or wasted (``entered``, ``left``), or a reveal (``unveiled``)
            kept_through += bool(
                kept and kept[3] and now and now[3]
                and (len(now.live) != len(kept.live) or isinstance(action, Reveal))
            )
    assert compared > 100 * len(seeds)
    assert patched > 5 * len(seeds)
    assert kept_through > len(seeds)
    assert nights > 10 * len(seeds)


def test_a_hand_with_no_item_of_any_recipe_completes_none() -> None:
    """The craft listing's shortcut (no item of any recipe in hand) agrees with the recipes:
    a hand of every recipe's items lists each recipe the engine plays, a hand of none lists none."""
    from soulforge.games.kipukas.rules.night import recipes_in_hand

    state = soulforge.load("kipukas").new_game(seed=0)
    assert isinstance(state, KipukasState)
    items = sorted({item for _, needs in state.game.craftable for item in needs})
    state.hand[state.active] = [item for item in items for _ in range(3)]
    assert recipes_in_hand(state) == [n for n, _ in state.game.craftable]
    state.hand[state.active] = ["honey_comb_not_an_item"]
    assert recipes_in_hand(state) == []


@pytest.mark.parametrize("change", ["lay_waste", "breach"])
def test_kept_grounds_follow_a_capital_that_changes_hands(change: str) -> None:
    """The grounds read the holds: Unburdened Central lodged in an enemy capital is no enemy
    there ("cannot be engaged in battle", ``cards.lodged``), and once that territory is no
    longer the seat's capital she is one. A kept ground must not outlive the holds it read
    (#claiming_territories, #movement; the Breach, ``breach.succeed``)."""
    s = fresh()
    central = put(s, 0, "unburdened_central", "m5")
    act(s, 0)
    s.apply(Move(central, "T5"))  # seat 1's capital camp
    assert movement.enemies_at(s, "T5", 1) == []
    assert "T5" not in movement.ground(s, 1).enemy_stands  # kept in the index now
    if change == "lay_waste":
        cycle.lay_waste(s, 5, spare=central)
    else:
        breach.succeed(s, 0, 1, 5)
    assert movement.enemies_at(s, "T5", 1) == [central]
    assert movement.ground(s, 1) == movement._ground(_fresh(s), 1)
