"""How a Kipukas game ended, in words (``State.outcome``): the true cause, said once, the
winner's score first (issue 30, item 8)."""

from __future__ import annotations

from soulforge.games.kipukas import cards, cycle
from soulforge.games.kipukas.movement import is_downed

from .scenario import fresh
from .test_rules import end_turn
from .test_taming import _rogue_otter_in_territory_3


def test_a_rogue_wasted_by_a_storm_is_the_cause_told() -> None:
    """#rouge: 'the other player must defeat or tame the rouge soul'; #storm: a downed soul
    caught outside a capital or base camp is wasted. A Kipukas game said "it defeated or tamed
    the rogue" where the log showed a storm wasting it: the outcome says the storm did."""
    s = fresh(affinities=("Endothermic", "Avian"))
    otter = _rogue_otter_in_territory_3(s)
    s.holder[6 - 1] = s.holder[5 - 1] = s.holder[3 - 1] = -1
    s.capital[1] = []
    cycle.defeated_by_rogue(s, 1, otter)
    while not is_downed(s, otter):
        cards.injure_any(s, otter)
    cycle.storm(s)
    assert not s.on_map[otter]
    cycle.rogue_avenged(s)
    assert s.is_over and s.returns() == [1.0, -1.0]
    assert s.outcome() == ("Seat 0 wins: the rogue Frost Tipped Arctic Otter that defeated seat 1 is wasted "
                           "(the storm wastes the rogue Frost Tipped Arctic Otter).")
    assert "tamed" not in s.outcome()


def test_the_end_is_said_once_not_in_the_prompt_too() -> None:
    """The result was printed three times (the log, the prompt, the page's result): the log
    has its line once and the prompt of a finished game is empty (the page shows the outcome)."""
    s = fresh(seed=0, peace_after=3)
    while not s.is_over:
        end_turn(s)
    assert s.prompt() == "" and s.view(0)["prompt"] == ""
    assert sum(s.outcome() in line for line in s.log(0)) == 1


def test_the_peace_score_puts_the_winner_first() -> None:
    """#discarding_runout, 'Keep the peace': Five Realms said "(11 to 16)" in seat order for
    seat 1's win; a peace won by seat 1 reads its 4 territories first."""
    s = fresh(seed=0, peace_after=3)
    s.holder[1 - 1] = s.holder[2 - 1] = 1
    while not s.is_over:
        end_turn(s)
    assert s.returns() == [-1.0, 1.0]
    assert s.outcome() == "Seat 1 wins the peace (3 diel cycles played): 5 to 1 territories."
