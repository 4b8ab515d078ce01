"""The optional "challenging BS" rule (#BS, ``rules.play.challenge_bs``) on crafts at night
(#crafting): called out, the crafter takes the craft back or stands by it; a crafted trap, laid
face down (#traps), is not open to a call."""

from __future__ import annotations

import pytest

from soulforge.games.kipukas import cards
from soulforge.games.kipukas.actions import CallBS, Craft, LetItStand, StandBy, Withdraw
from soulforge.games.kipukas.encoding import BS_ANSWER, BS_CALL, NIGHT
from soulforge.games.kipukas.state import KipukasState
from soulforge.sim.runner import SimConfig, check_config

from .scenario import act, fresh, give, put
from .test_cards import next_turn, said
from .test_recipes import TRAPS, number
from .test_render import assert_board_draws_click_paths

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

BOW = "Basic bow"


def _crafted(recipe: str = BOW, bs: int = 1) -> tuple[KipukasState, int]:
    """With the rule on (``bs``), seat 0 crafts ``recipe`` at night 2 for Hilbert (territory 2)."""
    game = check_config(SimConfig("kipukas", ("random", "random"), 1,
                                  overrides={"kipukas.rules.play.challenge_bs": bs}))
    s = fresh(game=game)
    hilbert = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    next_turn(s)
    assert s.diel == NIGHT
    act(s, 0)
    n = number(recipe)
    give(s, 0, *cards.RECIPES[n].ingredients)
    s.apply(Craft(n, hilbert))
    return s, hilbert


def test_a_craft_is_open_to_a_call_BS() -> None:
    """#BS 1 'Call them out before the effect is used': right after a craft, the other seat
    may call it out or let it stand."""
    s, _ = _crafted()
    assert s.phase == BS_CALL and s.current_player == 1
    assert set(s.legal_actions()) == {CallBS(), LetItStand()}
    assert_board_draws_click_paths(s)
    s.apply(LetItStand())
    assert s.phase == NIGHT and s.current_player == 1


def test_a_craft_called_and_conceded_is_taken_back_BS() -> None:
    """#BS 3 'One player must concede': the crafter concedes: the items leave the soul for the
    hand and the night's craft is not counted (it may craft again)."""
    s, hilbert = _crafted()
    s.apply(CallBS())
    assert s.phase == BS_ANSWER and s.current_player == 0 and said(s, f"calls BS on {BOW} crafted for")
    s.apply(Withdraw())
    ingredients = cards.RECIPES[number(BOW)].ingredients
    assert s.items[hilbert] == [] and sorted(s.hand[0]) == sorted(ingredients)
    assert "craft" not in s.night_used[0] and s.phase == NIGHT and said(s, "concedes")
    act(s, 0)
    assert Craft(number(BOW), hilbert) in s.legal_actions()


def test_a_craft_stood_by_stays_BS() -> None:
    """#BS 3: the crafter stands by the craft; the challenger concedes; the craft stays."""
    s, hilbert = _crafted()
    s.apply(CallBS())
    s.apply(StandBy())
    assert f"recipe:{number(BOW)}" in s.items[hilbert] and "craft" in s.night_used[0]
    assert s.phase == NIGHT and said(s, "seat 1 concedes")


def test_a_trap_craft_is_not_open_to_a_call_BS() -> None:
    """#BS, #traps: a crafted trap is laid face down; a call would need its recipe shown to
    the challenger, so play goes on at once and the recipe stays hidden."""
    trap = sorted(TRAPS)[0]
    s, _ = _crafted(trap)
    assert s.phase == NIGHT and not [a for a in s.legal_actions() if isinstance(a, CallBS)]
    assert not any(trap in line for line in s.log(1))


def test_crafts_are_not_called_with_the_rule_off_BS() -> None:
    """#BS is optional and off by default: a craft passes the action on."""
    s, _ = _crafted(bs=0)
    assert s.phase == NIGHT and not [a for a in s.legal_actions() if isinstance(a, CallBS)]
