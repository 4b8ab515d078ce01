"""The turn flow: the Engage step's fast listing equals the rules' own (CONTRIBUTING.md,
"The turn flow"), refusals name the rulebook, click paths name board handles."""

from __future__ import annotations

import random

import pytest

from soulforge import IllegalAction
from soulforge.games.soulshards.rules import FLOW
from tests.soulshards.helpers import new_game, table


def test_engage_fast_listing_equals_the_rules_listing() -> None:
    for seed in range(6):
        s = new_game(seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.step == "engage":
                assert s.legal_actions() == FLOW.plain_legal(s)
            s.apply(rng.choice(s.legal_actions()))


def test_out_of_step_refusal_names_the_order_of_play() -> None:
    s = table()
    with pytest.raises(IllegalAction, match="order of play"):
        s.apply_json({"type": "end_deploy"})


def test_every_board_move_has_a_click_path() -> None:
    """Every move is made by clicking the board: card, hand, Home, Stockpile, Attribute handles."""
    buttons = {"keep_deck", "mulligan", "keep_hand", "end_deploy", "skip_stockpile", "end_turn", "charge",
               "end_blocks", "pass", "demoralize", "sabotage", "zealous_move", "skip_trigger",
               "use_trigger"}
    for seed in range(3):
        s = new_game(seed)
        rng = random.Random(seed)
        while not s.is_over and s.move_number < 300:
            for action in s.legal_actions():
                path = s.click_path(action)
                assert path or action.kind in buttons, action
            s.apply(rng.choice(s.legal_actions()))
