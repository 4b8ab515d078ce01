"""Tira Marvelous Myriad's option to re-roll, a choice of her owner (#attack, #defense: "The
attacking die (dice) will be determined by the attacking card"; her card: "D6-D6 (Option to
Re-roll)").

The owner throws, sees the throw, and may throw once more, the second throw counting (even
when it is worse): the ``REROLL`` step pauses the bout or the Final Blow's round for it. Where
no seat decides the throw (a rogue's fight) the option is taken by rule: when the throw loses.
Before, the engine threw twice and kept the better, leaving nothing to decide.
"""

from __future__ import annotations

import pytest
from rich.console import Group

from soulforge.agents import for_level
from soulforge.agents.greedy import GreedyAgent
from soulforge.core import IllegalAction
from soulforge.games.kipukas import rogue
from soulforge.games.kipukas.actions import FinalBlow, KeepRoll, Reroll
from soulforge.games.kipukas.encoding import PRESS, REROLL
from soulforge.games.kipukas.render_svg import render
from soulforge.games.kipukas.render_text import render as render_text
from soulforge.games.kipukas.state import KipukasState

from .scenario import fresh, put
from .test_cards import Loaded, attack_on_t6, name, said

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

TIRA, HILBERT = "tira_marvelous_myriad", "hilbert_king_of_avian_frogs"


def tira_attacks(*rolls: int) -> tuple[KipukasState, int, int]:
    """Seat 0's Tira (m6) attacks seat 1's Hilbert on territory 6's camp (his Plains: +2 to
    his throw; her Mechanized Swiftness against his King's Mojo: +2 to hers), the dice
    showing ``rolls``: her 2 D6, then his."""
    s = fresh()
    tira, hilbert = put(s, 0, TIRA, "m6"), put(s, 1, HILBERT, "T6")
    s.rng = Loaded(*rolls)
    attack_on_t6(s, tira, hilbert)
    return s, tira, hilbert


def test_tira_sees_her_throw_then_rerolls_once_and_the_second_throw_counts() -> None:
    """#attack: her 2 (+2) against his 3 (+2) would lose; the bout waits for her owner, who
    sees both throws (every seat does: dice on the table), re-rolls 11 and wins; the option is
    once per throw: the bout then goes on (pressing)."""
    s, tira, hilbert = tira_attacks(1, 1, 1, 2, 5, 6)
    assert s.phase == REROLL and s.current_player == 0
    assert s.legal_actions() == [Reroll(), KeepRoll()]
    assert "re-roll its throw" in s.prompt()
    for viewer in (0, 1, None):
        shown = s.view(viewer)["fight"]["reroll"]
        assert shown == {"piece": tira, "side": "attacker", "during": "bout", "totals": [4, 5],
                         "rounds": None}
    assert said(s, f"{name(TIRA)} (Mechanized Swiftness): 2 thrown")
    assert sum(s.injuries[hilbert]) == 0, "nothing is settled before she decides"
    s.apply(Reroll())
    assert isinstance(s.rng, Loaded) and s.rng.rolls == [], "six D6: hers, his, hers again"
    assert said(s, f"seat 0's {name(TIRA)} re-rolls") and said(s, "attack 13 against defence 5")
    assert sum(s.injuries[hilbert]) == 1 and s.phase == PRESS
    assert "reroll" not in (s.view(0)["fight"] or {})


def test_the_second_throw_counts_even_when_worse() -> None:
    """The option is a re-roll, not the better of two: her 11 re-rolled to 2 loses the bout."""
    s, tira, hilbert = tira_attacks(5, 6, 1, 2, 1, 1)
    s.apply(Reroll())
    assert said(s, "attack 4 against defence 5: the defence wins")
    assert sum(s.injuries[hilbert]) == 0 and s.spent_cycle[tira] == s.cycle


def test_kept_throw_settles_the_bout_with_no_second_throw() -> None:
    s, _, hilbert = tira_attacks(5, 6, 1, 2)
    draws = s.rng.draws
    s.apply(KeepRoll())
    assert s.rng.draws == draws, "keeping throws nothing"
    assert said(s, f"seat 0 keeps the throw of seat 0's {name(TIRA)}")
    assert said(s, "attack 13 against defence 5: the attack wins") and sum(s.injuries[hilbert]) == 1


def test_defending_tiras_owner_decides_in_the_attackers_bout() -> None:
    """#defense: her dice defend too; seat 0 attacks, the bout waits for seat 1 (her owner):
    his 3 (+2 typing) against her 3, she re-rolls 8."""
    s = fresh()
    tira, hilbert = put(s, 1, TIRA, "T6"), put(s, 0, HILBERT, "m6")
    s.rng = Loaded(1, 2, 2, 1, 5, 3)
    attack_on_t6(s, hilbert, tira)
    assert s.phase == REROLL and s.current_player == 1
    assert s.view(0)["fight"]["reroll"]["side"] == "defender"
    s.apply(Reroll())
    assert said(s, f"{name(TIRA)} (Mechanized Swiftness): 8 thrown") and sum(s.injuries[tira]) == 0


def test_a_final_blow_round_waits_for_her_choice() -> None:
    """#final_blow: the Final Blow's rolls are the souls' dice too; each round with her throw
    waits for her owner, the round's count kept across the pause (the view shows it)."""
    s, _, hilbert = tira_attacks(1, 1, 1, 2, 5, 6)
    s.apply(Reroll())  # his one KEAL means injured: he is downed
    assert said(s, f"{name(HILBERT)} is downed") and FinalBlow() in s.legal_actions()
    s.rng = Loaded(6, 6, 1, 1)
    s.apply(FinalBlow())
    shown = s.view(1)["fight"]["reroll"]
    assert s.phase == REROLL and shown["during"] == "final_blow" and shown["rounds"] == [0, 0]
    s.apply(KeepRoll())
    assert said(s, f"the Final Blow wastes seat 1's {name(HILBERT)}") and not s.on_map[hilbert]


def test_rerolling_out_of_step_is_refused_naming_the_section() -> None:
    s = fresh()
    put(s, 0, TIRA, "T2")
    with pytest.raises(IllegalAction) as refused:
        s.apply(Reroll())
    assert refused.value.rule == "attack" and "(#attack)" in str(refused.value)
    assert "Option to Re-roll" in str(refused.value)


def test_a_rogue_tira_takes_the_option_by_rule_when_her_throw_loses() -> None:
    """#rouge: a rogue's fight is settled within one action (no seat decides): her losing
    throw (2 + 2 against his 3 + 2) is re-rolled for her, and the second (11) counts."""
    s = fresh()
    tira, hilbert = put(s, 0, TIRA, "T6"), put(s, 1, HILBERT, "T6")
    rogue.make_rogue(s, tira)
    s.rng = Loaded(1, 1, 1, 2, 5, 6)
    assert rogue.rampage(s, tira), "she won: the rogue goes on"
    assert said(s, f"the rogue {name(TIRA)} re-rolls") and s.phase != REROLL
    assert said(s, "attack 13 against defence 5: the attack wins") and sum(s.injuries[hilbert]) >= 1


def test_the_renderers_show_the_throw_and_the_web_offers_both_buttons() -> None:
    s, _, _ = tira_attacks(1, 1, 1, 2)
    view = s.view(0)
    shown = render_text(view)
    assert isinstance(shown, Group)
    text = str(shown.renderables[-2])
    assert "Re-roll? In the bout, attack 4 against defence 5" in text
    svg = render(view, [])
    assert "bout: attack 4 against defence 5; the attacker may re-roll once" in svg
    assert [str(a) for a in s.legal_actions()] == ["re-roll the throw", "keep the throw"]


@pytest.mark.parametrize(("rolls", "expected"), [((1, 1, 1, 2), Reroll()), ((6, 6, 6, 5), KeepRoll())])
def test_the_ai_rerolls_a_losing_throw_and_keeps_a_winning_one(rolls: tuple[int, ...],
                                                               expected: object) -> None:
    """The agents look one throw ahead in worlds of their own (the rng reseeded: the second
    throw is not peeked): her losing 4 against 5 is re-rolled (a second 2 D6 + 2 wins 11 times
    in 12); her winning 14 against 13 is kept (a re-roll would win once in 36)."""
    s, _, _ = tira_attacks(*rolls)
    assert s.phase == REROLL
    assert GreedyAgent(seed=1, samples=4).act(s, 0) == expected
    assert for_level("normal", seed=0, game=s.game).act(s, 0) == expected, "the normal level's search"
