"""Special actions (rulebook 4.2): Anomalies, the Population Ability; modifiers (7); the end (8)."""

from __future__ import annotations

from typing import Any

from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers.actions import (
    Attack,
    DrawAnomaly,
    EndTurn,
    PlayAnomaly,
    PopPlace,
    Population,
    ReturnAnomaly,
    Step,
)
from soulforge.games.soulgivers.board import BORDER, DEAD, FREE, HOLE, HORIZON, INTER, TILE_CELLS, WALL
from soulforge.games.soulgivers.consequences import MOD_CODE, can_cover, push_mod

from .helpers import activate, blank, cell, kinds, piece, terrain

N, E, S, W = range(4)


def test_draw_anomaly_once_per_turn_blocked_by_interference() -> None:
    """4.2 Drawing an Anomaly: 1 Essence, once per turn, not while an opposing Soulgiver stands
    on an Interference cell."""
    s = blank()
    piece(s, 0, "protector", "A1")
    s.apply(DrawAnomaly())
    assert len(s.hand[0]) == 1 and s.essences == 2 and DrawAnomaly() not in s.legal_actions()
    s2 = blank()
    piece(s2, 0, "protector", "A1")
    terrain(s2, "J5", INTER)
    piece(s2, 1, "blower", "J5")
    assert DrawAnomaly() not in s2.legal_actions()


def test_hand_of_three_put_one_back() -> None:
    """4.2: up to 3 Anomalies; drawing a 4th, one goes back into the deck."""
    s = blank()
    s.hand[0] = ["silence", "stasis", "stasis"]
    s.pile.remove("silence")
    s.pile.remove("stasis")
    s.pile.remove("stasis")
    s.apply(DrawAnomaly())
    assert s.phase == en.RETURN and len(s.hand[0]) == 4
    s.apply(ReturnAnomaly("silence"))
    assert len(s.hand[0]) == 3 and s.phase == en.MAIN and len(s.pile) == 17


def test_anomaly_window_is_the_opponents_decision_after_a_declaration() -> None:
    """4.2 Playing an Anomaly: right after the activation is declared, before the first move;
    the opponent decides (current player); once per turn."""
    s = blank()
    a = piece(s, 0, "protector", "A1")
    b = piece(s, 0, "blower", "H8")
    s.hand[1] = ["stasis", "stasis"]
    activate(s, a)
    assert s.phase == en.RESPONSE and s.current_player == 1
    assert s.view(0)["teams"][1]["hand"] is None
    s.apply(PlayAnomaly("stasis", a))
    assert s.current_player == 0 and Step(S) not in s.legal_actions()
    activate(s, b)
    assert s.phase == en.MAIN  # only one Anomaly per turn


def test_interference_blocks_playing_anomalies() -> None:
    """4.2 Interference cells: a Soulgiver there stops the opponent's Anomalies."""
    s = blank()
    terrain(s, "A5", INTER)
    a = piece(s, 0, "protector", "A5")
    s.hand[1] = ["stasis"]
    activate(s, a)
    assert s.phase == en.MAIN


def test_temporal_suspension_worked_example() -> None:
    """4.2 Example of how to play an Anomaly: the Volomancer at Decay 4 is targeted by Temporal
    Suspension, reaches 6, is destroyed leaving its Soul; the turn goes on with another."""
    s = blank()
    v = piece(s, 0, "volomancer", "C3", decay=4)
    other = piece(s, 0, "blower", "H8")
    s.hand[1] = ["temporal_suspension"]
    activate(s, v)
    s.apply(PlayAnomaly("temporal_suspension", v))
    assert s.pos[v] == -1 and s.souls[v] == cell("C3") and s.current_player == 0
    activate(s, other)
    assert s.active == other


def test_portal_piece_may_trigger_but_is_no_target() -> None:
    """4.2 Watch out: activating a Soulgiver on a Portal opens the window; it is no target."""
    s = blank()
    a = piece(s, 0, "protector", 0)
    piece(s, 0, "blower", "H8")
    s.hand[1] = ["stasis"]
    activate(s, a)
    assert s.phase == en.RESPONSE and PlayAnomaly("stasis", a) not in s.legal_actions()


def test_frattura_destroys_a_portal_next_to_your_soulgiver() -> None:
    """6 Destruction of a Portal: Frattura, with a Soulgiver next to the opposing Portal."""
    s = blank()
    a = piece(s, 0, "protector", "H3")
    piece(s, 1, "blower", "C1")
    s.hand[1] = ["frattura"]
    activate(s, a)
    s.apply(PlayAnomaly("frattura", 0))
    assert s.portals == [False, True, True, True]


def _play_on_activation(card: str, target: str) -> tuple[Any, int, int, int]:
    """Seat 1 answers seat 0's activation of a Confuser with ``card`` on ``target``
    ("active", "mine" for seat 1's Blower, or "none"); returns the state, both pieces and
    the Confuser's movement range before the card."""
    s = blank()
    active = piece(s, 0, "confuser", "A1", shields=15)
    mine = piece(s, 1, "blower", "J10", decay=4)
    s.hand[1] = [card]
    activate(s, active)
    before = s.move_range(active)
    s.apply(PlayAnomaly(card, {"active": active, "mine": mine, "none": -1}[target]))
    return s, active, mine, before


def test_anomaly_stasis() -> None:
    """Authored Anomaly Stasis (anomalies.toml): an opposing Soulgiver cannot move this turn."""
    s, active, _, _ = _play_on_activation("stasis", "active")
    assert s.move_range(active) == 0 and not kinds(s.legal_actions()) & {"step"}


def test_anomaly_glass_body() -> None:
    """Authored Anomaly Glass Body: an opposing Soulgiver has no shields this turn."""
    s, active, _, _ = _play_on_activation("glass_body", "active")
    assert s.shields_of(active) == 0
    s.apply(EndTurn())
    assert s.shields_of(active) == 15 and s.glass == 0


def test_anomaly_essence_drain() -> None:
    """Authored Anomaly Essence Drain: the opponent loses 1 Tribute Essence this turn."""
    s, _, _, _ = _play_on_activation("essence_drain", "none")
    assert s.essences == 2


def test_anomaly_soul_echo() -> None:
    """Authored Anomaly Soul Echo: one of your Soulgivers reduces its Decay by 2."""
    s, _, mine, _ = _play_on_activation("soul_echo", "mine")
    assert s.decay[mine] == 2


def test_anomaly_silence() -> None:
    """Authored Anomaly Silence: an opposing Soulgiver cannot use its Abilities this turn."""
    s, _, _, _ = _play_on_activation("silence", "active")
    assert not kinds(s.legal_actions()) & {"ability"}
    s.apply(EndTurn())
    assert s.silenced == 0


def test_anomaly_slow_time() -> None:
    """Authored Anomaly Slow Time: an opposing Soulgiver moves 2 cells less this turn."""
    s, active, _, before = _play_on_activation("slow_time", "active")
    assert s.move_range(active) == max(before - 2, 0)
    s.apply(EndTurn())
    assert s.slowed == 0


def test_collapse_and_dimensional_shift() -> None:
    """Authored: Collapse destroys a tile (4.2 Destruction of a tile: it cannot be crossed);
    Dimensional Shift turns a tile with what is on it."""
    s = blank()
    a = piece(s, 0, "architect", "A2")
    terrain(s, "G5", WALL)
    s.hand[1] = ["collapse", "dimensional_shift"]
    activate(s, a)
    s.apply(PlayAnomaly("collapse", 5))
    assert all(s.eff[c] == DEAD for c in TILE_CELLS[5])
    assert Step(S) not in s.legal_actions() and Step(E) in s.legal_actions()
    s.anomaly_played = False
    s.declared, s.active, s._legal = 0, -1, None
    activate(s, a)
    s.apply(PlayAnomaly("dimensional_shift", 13))
    assert s.printed[cell("H5")] == WALL


def test_population_ability_once_from_the_second_turn_and_anomaly_first() -> None:
    """4.2 Population Ability: once per game after an activation, not on either first turn;
    the opponent may answer with an Anomaly, which resolves first."""
    s = blank(turn=2, population=True)
    a = piece(s, 0, "protector", "A1")
    activate(s, a)
    assert Population() not in s.legal_actions()
    s = blank(turn=3, population=True)
    a = piece(s, 0, "protector", "A1")
    s.hand[1] = ["essence_drain"]
    s.pop_used[1] = True
    s.anomaly_played = True  # the window was declined already
    activate(s, a)
    s.anomaly_played = False
    s._legal = None
    s.apply(Population())
    assert s.phase == en.RESPONSE and s.current_player == 1
    s.apply(PlayAnomaly("essence_drain", -1))
    assert s.essences == 2 and s.phase == en.POP and s.current_player == 0
    for _ in range(6):
        s.apply(next(x for x in s.legal_actions() if isinstance(x, PopPlace)))
    assert s.phase == en.MAIN and Population() not in s.legal_actions()
    assert sum(1 for c in range(100) if s.eff[c] == BORDER) == 6


def test_border_is_a_wall_for_specters_shells_pass_but_do_not_stop() -> None:
    """Glossary, The Border; clarifications: Border Modifiers are walls for Specters only;
    Shells go through but cannot stop on them; they cannot be covered."""
    s = blank()
    push_mod(s, cell("A2"), "border")
    shell = piece(s, 0, "architect", "A1")
    specter = piece(s, 1, "architect", "B1")
    activate(s, shell)
    s.apply(Step(S))
    assert s.must_continue
    s.apply(Step(S))
    assert s.pos[shell] == cell("A3")
    assert not can_cover(s, cell("A2"))
    assert s.pos[specter] == cell("B1")


def test_event_horizon_worked_example() -> None:
    """4.2 Example of Event Horizon: Specter Modifiers on Black Holes attract and destroy the
    opposing Soulgivers next to them; they stay active until the Specters' next turn."""
    s = blank(turn=4, player=1, population=True)
    terrain(s, "C3", HOLE)
    terrain(s, "H8", HOLE)
    victim = piece(s, 0, "blower", "C4")
    safe = piece(s, 0, "protector", "A1")
    g = piece(s, 1, "ghost", "J10")
    s.pop_used[0] = True
    activate(s, g)
    s.apply(Population())
    s.apply(PopPlace(cell("C3")))
    assert s.pos[victim] == -1 and victim in s.souls
    assert s.pos[safe] == cell("A1")  # not next to it: not attracted
    s.apply(PopPlace(cell("H8")))
    assert s.phase == en.MAIN and s.eff[cell("H8")] == HORIZON
    a = piece(s, 0, "architect", "H6")
    s.deck[0] = []
    s.apply(EndTurn())
    assert s.eff[cell("H8")] == HORIZON  # still active in the Shells' turn
    activate(s, a)
    s.apply(Step(S))
    assert s.pos[a] == -1  # attracted when passing next to it
    s.apply(EndTurn())
    assert s.eff[cell("H8")] == HOLE  # removed at the start of the Specters' turn


def test_modifier_priorities() -> None:
    """7 Modifiers: Black Holes cover Patches and keep printed Walls; Patches cover Black Holes
    and cancel Walls; population Modifiers cannot be covered."""
    s = blank()
    terrain(s, "A1", WALL)
    push_mod(s, cell("A1"), "black_hole")
    assert s.eff[cell("A1")] == WALL
    push_mod(s, cell("A1"), "patch")
    assert s.eff[cell("A1")] == FREE
    push_mod(s, cell("A2"), "patch")
    push_mod(s, cell("A2"), "black_hole")
    assert s.eff[cell("A2")] == HOLE
    push_mod(s, cell("A3"), "horizon")
    assert not can_cover(s, cell("A3")) and s.mods[cell("A3")] == (MOD_CODE["horizon"],)


def test_conquest_tie_and_decay_endings() -> None:
    """8: Extermination tie when no Portal is left on the board (7.2); Defeat by Decay when both
    run out and a Portal stands; +3 Decay once the opponent has no characters left."""
    s = blank()
    a = piece(s, 0, "protector", "C3")
    piece(s, 1, "blower", "C4")
    s.deck = [[], []]
    s.portals = [False, False, False, False]
    activate(s, a)
    s.apply(Attack(S))
    assert s.is_over and s.returns() == [0.0, 0.0]
    # issue 30: who the ending favours first, then the ending
    assert s.outcome() == "Draw between seats 0 and 1: Tie by Extermination: no Portal is left on the board."
    s = blank()
    a = piece(s, 0, "protector", "C3", decay=5)
    s.deck = [[], []]
    s.apply(EndTurn())
    assert s.is_over and s.returns() == [-1.0, -1.0]
    assert s.outcome().startswith("Every player loses: Defeat by Decay")
    s = blank()
    a = piece(s, 0, "protector", "C3")
    piece(s, 1, "blower", "C4")
    s.deck = [list(range(2, 10)), []]
    activate(s, a)
    s.apply(Attack(S))
    assert not s.is_over and s.out_boost[0]
    s.apply(EndTurn())
    assert s.decay[a] == 4


def test_no_extermination_tie_while_a_portal_stands() -> None:
    """8, 7.2: "The players can try to tie by Extermination only if there are no more Portals on
    the board": survivors without a Portal facing a team out of characters whose Portals still
    stand take +3 Decay a turn (7.1) and, once out too, it is Defeat by Decay (7.3)."""
    s = blank()
    a = piece(s, 0, "protector", "C3", decay=2)
    piece(s, 1, "blower", "C4")
    s.deck = [[], []]
    s.portals = [False, False, True, True]
    activate(s, a)
    s.apply(Attack(S))
    assert not s.is_over and s.out_boost[0]
    s.apply(EndTurn())
    assert s.decay[a] == 5 and not s.is_over
    s.apply(EndTurn())  # seat 1 has nothing to do
    s.apply(EndTurn())
    assert s.is_over and s.returns() == [-1.0, -1.0]


def test_population_modifiers_may_cover_a_soul() -> None:
    """10 Remember: "Soulgiver and Modifiers can be placed on a cell where a Soul lays, but not
    where a Soulgiver is" (11, Anima: Souls do not occupy their cell): The Border may go there."""
    s = blank(population=True)
    s.pop_used[1] = True
    p = piece(s, 0, "protector", "J10")
    s.souls[12] = cell("A1")
    activate(s, p)
    s.apply(Population())
    assert PopPlace(cell("A1")) in s.legal_actions()
    assert PopPlace(cell("J10")) not in s.legal_actions()
