"""Actions in words by what stands where (issue 30, item 9): the log said "attack from cell 31
to cell 37", cells the board does not number; it names the pieces, and the terrains by the
coordinates the board shows (``Board.name``, drawn in an empty terrain)."""

from __future__ import annotations

import random

import soulforge
from soulforge.games.soul_of_ankiril import render_svg
from soulforge.games.soul_of_ankiril.actions import Attack, Move, Summon

from .helpers import arena, put


def test_an_attack_is_logged_by_the_pieces_names() -> None:
    """Combat: a Creature attacks an adjacent enemy; the log line names both and where."""
    state = arena()
    put(state, "Damsha", 0, 13)
    put(state, "Barush", 1, 7)
    name = state.board.name
    assert state.describe(Attack(13, 7)) == f"Damsha ({name(13)}) attacks Barush ({name(7)})"
    state.apply(Attack(13, 7))
    assert f"seat 0: Damsha ({name(13)}) attacks Barush ({name(7)})" in state.log(1)
    assert not any("cell 13" in line or "cell 7" in line for line in state.log(None))


def test_a_move_and_a_summon_name_the_terrain_the_board_draws() -> None:
    """An empty terrain shows its coordinates on the board: the label uses the same words."""
    state = arena()
    put(state, "Damsha", 0, 13)
    target = next(a.dst for a in state.legal_actions() if isinstance(a, Move) and a.src == 13)
    label = state.describe(Move(13, target))
    assert label == f"move Damsha ({state.board.name(13)}) to {state.board.name(target)}"
    svg = render_svg.render(state.view(0), [])
    assert f">{state.board.name(target)}</text>" in svg
    assert state.describe(Summon("Mullub", 26)) == f"summon Mullub at {state.board.name(26)}"


def test_no_label_says_cell_in_seeded_games() -> None:
    """Every legal action of two seeded random games reads without a cell number."""
    for seed in (1, 2):
        state = soulforge.load("soul_of_ankiril").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.move_number < 150:
            actions = state.legal_actions()
            assert not [state.describe(a) for a in actions if "cell" in state.describe(a)]
            state.apply(rng.choice(actions))
        assert not [line for line in state.log(None) if "cell" in line]
