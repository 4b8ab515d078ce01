"""The opening's diel cycles are predetermined, not rolled: no card turns them.

#game_setup 9: "The first diel cycle is always day, followed by night, followed by day. In this
way, both players get the chance to play cards, refresh their hand and move once before diel
cycle rolling starts." #diel_cycle: "The first 3 turns are predetermined to always be day, then
night, then day to jump start the game. After these, the first thing the players need to do
before every turn is roll the diel die."

The cards that turn the roll act on a roll: Cartesian Sea "Play after the diel die roll ... For
this roll you can turn night to day, or day to night"; Rooster: Calling of Light "every other
turn you may turn a night dial roll to day"; Gray Wolf: Harbinger of Night "every other turn
you may turn a day dial roll to night". A card played in the opening waits for the first
roll (cycle 4): NOTES.md, "The opening cycles".
"""

from __future__ import annotations

import pytest

import soulforge
from soulforge.core import IllegalAction
from soulforge.games.kipukas.actions import KeepDiel, TurnDiel
from soulforge.games.kipukas.state import KipukasState
from soulforge.sim.runner import SimConfig, check_config

from .scenario import give, put, set_up
from .test_cards import Loaded, next_turn, said

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

DAY_FACE, NIGHT_FACE = 0, 3
"""Indices of a day and a night face of the diel die (rules.toml: day, day, day, night, night,
storm): the pick a :class:`Loaded` generator gives the cycle's roll."""


def _turns_offered(s: KipukasState) -> list[TurnDiel]:
    return [a for a in s.legal_actions() if isinstance(a, TurnDiel)]


def _set_up_holding_cartesian_sea(game: soulforge.Game | None = None) -> KipukasState:
    """The scenario's 2-player setup (``scenario.fresh``), both hands holding Cartesian Sea
    before the first cycle begins: day 1 then starts with the trap first in each hand (the
    hands are filled up after it)."""
    return set_up(game=game, hands=("cartesian_sea",))


def _roll_next(s: KipukasState, face: int) -> None:
    """End the turn; the next cycle's diel die shows ``face`` (an index of its faces)."""
    s.rng = Loaded(picks=(face,))
    next_turn(s)
    assert s.rng.picks == [], "the pick went to the diel roll"


def test_cartesian_sea_is_not_offered_on_the_opening_cycles_but_on_the_first_roll() -> None:
    """Cartesian Sea: "Play after the diel die roll, but before either player performs actions
    for their turn. For this roll you can turn night to day, or day to night": day 1, night 2
    and day 3 are not rolled (#game_setup 9, #diel_cycle), so neither hand's Cartesian Sea is
    offered on them; cycle 4 is the first roll: each seat in turn may keep the roll (the trap
    stays in its hand) or play the trap, which turns it and is discarded."""
    s = _set_up_holding_cartesian_sea()
    for cycle, diel in enumerate(("day", "night", "day"), start=1):
        assert (s.cycle, s.diel, s.phase) == (cycle, diel, diel), "no turning step in the opening"
        assert [hand[0] for hand in s.hand] == ["cartesian_sea", "cartesian_sea"]
        assert _turns_offered(s) == []
        with pytest.raises(IllegalAction):
            s.apply(TurnDiel(-1, 0))
        assert said(s, f"diel cycle {cycle}: {diel}") and not said(s, f"diel cycle {cycle}: {diel} is rolled")
        if cycle < 3:
            next_turn(s)
    _roll_next(s, NIGHT_FACE)
    assert (s.cycle, s.diel, s.phase) == (4, "night", "turning") and said(s, "diel cycle 4: night is rolled")
    first = s.current_player
    assert first is not None and TurnDiel(-1, 0) in _turns_offered(s)
    s.apply(KeepDiel())  # kept: the trap stays in the hand
    assert (s.phase, s.current_player) == ("turning", 1 - first) and s.hand[first][0] == "cartesian_sea"
    held = list(s.hand[1 - first])
    s.apply(TurnDiel(-1, 0))
    assert s.diel == "day" and s.phase == "day" and s.hand[1 - first] == held[1:]
    assert "cartesian_sea" in s.discard[1 - first] and "cartesian_sea" not in s.discard[first]


def test_a_shorter_authored_opening_lets_the_cards_turn_the_roll_sooner() -> None:
    """The opening is data (``rules.toml`` ``diel.opening``, #game_setup 9): the cards turn
    the first cycle that is rolled, whatever the opening's length."""
    game = check_config(SimConfig("kipukas", ("random", "random"), 1,
                                  overrides={"kipukas.rules.diel.opening": ["day"]}))
    s = _set_up_holding_cartesian_sea(game)
    assert (s.cycle, s.phase) == (1, "day") and _turns_offered(s) == []
    _roll_next(s, DAY_FACE)
    assert (s.cycle, s.diel, s.phase) == (2, "day", "turning") and TurnDiel(-1, 0) in _turns_offered(s)


def test_a_rooster_played_on_day_1_turns_the_first_rolled_night_not_the_openings() -> None:
    """Rooster: Calling of Light, on the map from day 1: night 2 is the opening's, not a roll
    (#game_setup 9, #diel_cycle), and stays night; the first rolled night (cycle 4) is hers to
    turn, then "every other turn": not the next rolled night, the one after."""
    s = _set_up_holding_cartesian_sea()
    give(s, 0)
    give(s, 1)
    rooster = put(s, 0, "rooster_calling_of_light", "T2", played_before=False)
    next_turn(s)
    assert (s.cycle, s.diel, s.phase) == (2, "night", "night") and _turns_offered(s) == []
    next_turn(s)
    assert (s.cycle, s.diel, s.phase) == (3, "day", "day")
    _roll_next(s, NIGHT_FACE)
    assert (s.cycle, s.diel, s.phase, s.current_player) == (4, "night", "turning", 0)
    assert _turns_offered(s) == [TurnDiel(rooster, -1)]
    s.apply(TurnDiel(rooster, -1))
    assert (s.diel, s.phase) == ("day", "day")
    assert said(s, "seat 0 turns the roll to day with Rooster: Calling of Light")
    _roll_next(s, NIGHT_FACE)
    assert (s.cycle, s.diel, s.phase) == (5, "night", "night"), "she turned the last turn"
    _roll_next(s, NIGHT_FACE)
    assert (s.cycle, s.phase) == (6, "turning") and _turns_offered(s) == [TurnDiel(rooster, -1)]


def test_a_gray_wolf_played_on_day_1_turns_the_first_rolled_day_not_day_3() -> None:
    """Gray Wolf: Harbinger of Night, on the map from day 1: day 3 is the opening's, not a roll
    (#game_setup 9, #diel_cycle), and stays day; the first rolled day (cycle 4) is his to turn
    to night."""
    s = _set_up_holding_cartesian_sea()
    give(s, 0)
    give(s, 1)
    wolf = put(s, 0, "gray_wolf_harbinger_of_night", "T2", played_before=False)
    next_turn(s)
    next_turn(s)
    assert (s.cycle, s.diel, s.phase) == (3, "day", "day") and _turns_offered(s) == []
    _roll_next(s, DAY_FACE)
    assert (s.cycle, s.diel, s.phase, s.current_player) == (4, "day", "turning", 0)
    assert _turns_offered(s) == [TurnDiel(wolf, -1)]
    s.apply(TurnDiel(wolf, -1))
    assert (s.diel, s.phase) == ("night", "night")
