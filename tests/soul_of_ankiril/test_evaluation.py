"""The fitted value of a turn's start (``SoulOfAnkiril.turn_value``, ``evaluation.toml``).

The rulebook's Goal ("deactivate your opponent's Emanations, while protecting your own")
and End of the Game (the third Emanation ends it at once) are what the value weighs: the
Emanations fallen and the Attack standing ready next to the active ones."""

from __future__ import annotations

from soulforge.games.soul_of_ankiril.game import SoulOfAnkiril
from soulforge.games.soul_of_ankiril.heuristic import FEATURES, load_weights
from soulforge.games.soul_of_ankiril.model import replaced
from soulforge.games.soul_of_ankiril.state import AnkirilState

from .helpers import arena, put

ENEMY_EMANATION = 7
"""Seat 1's first Emanation (``ema_hp[3]``); cell 13 is next to it."""


def value(state: AnkirilState, seat: int = 0) -> float:
    game = state.game
    assert isinstance(game, SoulOfAnkiril)
    return game.turn_value(state, seat)


def far_cell(state: AnkirilState) -> int:
    """An empty terrain at distance 3 or more from every Emanation of seat 1."""
    board = state.board
    return next(c for c in range(board.size)
                if state.occ[c] == -1 and min(board.distance[c][e] for e in board.emanation_cells[1]) >= 3)


def test_every_feature_has_a_fitted_weight() -> None:
    bias, weights = load_weights()
    assert set(weights) == set(FEATURES) and bias != 0


def test_having_the_move_is_worth_something_on_an_empty_battlefield() -> None:
    state = arena()
    assert 0 < value(state, 0) < 1


def test_attack_ready_next_to_an_enemy_emanation_is_worth_more_than_far_from_it() -> None:
    """Goal: the mover's Attack next to an active enemy Emanation threatens it this turn."""
    far, near = arena(), arena()
    put(far, "Damsha", 0, far_cell(far))
    put(near, "Damsha", 0, 13)
    assert value(near) > value(far)


def test_an_emanation_that_can_fall_now_is_worth_more() -> None:
    """End of the Game: an Emanation the adjacent Attack can deactivate is nearly gone."""
    healthy, weak = arena(), arena()
    for state in (healthy, weak):
        put(state, "Damsha", 0, 13)
    weak.ema_hp = replaced(weak.ema_hp, 3, 2)
    assert value(weak) > value(healthy)


def test_a_deactivated_enemy_emanation_counts_and_an_own_one_costs() -> None:
    base, won, lost = arena(), arena(), arena()
    won.ema_hp = replaced(won.ema_hp, 3, 0)
    lost.ema_hp = replaced(lost.ema_hp, 0, 0)
    assert value(lost) < value(base) < value(won)


def test_a_finished_game_is_worth_its_result() -> None:
    state = arena()
    state.ema_hp = (*state.ema_hp[:3], 0, 0, 0)
    state.stage, state.winner = "over", 0
    assert (value(state, 0), value(state, 1)) == (1.0, -1.0)
