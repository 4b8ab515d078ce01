"""What a position keeps from its listing for the move made from it, against working it out anew."""

from __future__ import annotations

import random

import pytest

import soulforge
from soulforge.games.kipukas.actions import Move
from soulforge.games.kipukas.encoding import DAY
from soulforge.games.kipukas.movement import reach
from soulforge.games.kipukas.rules import day
from soulforge.games.kipukas.state import KipukasState


@pytest.mark.parametrize(("board", "players", "seeds"), [("duel", 2, 12), ("grand", 3, 4)])
def test_the_reaches_kept_by_the_day_listing_are_the_reaches_of_the_position(
    board: str, players: int, seeds: int
) -> None:
    """At every day position of seeded playouts: the listing equals the rules' own, the reach
    it keeps for each soul it lists moves of is the soul's reach worked out anew, and a clone
    (the same position) finds the same way while a position moved on does not use it."""
    game = soulforge.load("kipukas", map=board)
    kept_moves = 0
    for seed in range(seeds):
        state = game.new_game(seed=seed, players=players)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == DAY:
                assert legal == state.flow.plain_legal(state)
                listed = {action.piece for action in legal if isinstance(action, Move)}
                kept = state._listed_reaches
                if kept and kept[0] is state._legal:
                    assert listed <= set(kept[1])  # (a soul may have range and nowhere to go)
                    for piece, found in kept[1].items():
                        assert found == reach(state, piece)
                else:  # (the contention owed: no move listed, nothing kept)
                    assert not listed
                for action in legal:
                    if isinstance(action, Move):
                        kept_moves += 1
                        way = day.listed_way(state.clone(), action.piece, action.stand)
                        assert way == reach(state, action.piece)[action.stand]
            action = chooser.choice(legal)
            state.apply(action)
            assert not state._listed_reaches or state._listed_reaches[0] is not state._legal
    assert kept_moves > 100 * seeds
