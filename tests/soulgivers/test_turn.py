"""The turn (rulebook 4): activation, free actions, tribute actions, ending the turn."""

from __future__ import annotations

import pytest

from soulforge.core import IllegalAction
from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers.actions import (
    Absorb,
    Attack,
    Collect,
    Declare,
    Decline,
    Drop,
    EndTurn,
    Enter,
    Pass,
    Rotate,
    Step,
    UseAbility,
)
from soulforge.games.soulgivers.board import HOLE, TILE_OF, WALL
from soulforge.games.soulgivers.encoding import PORTAL, at_portal, kind_of, piece_of
from soulforge.games.soulgivers.state import SoulgiversState

from .helpers import GAME, activate, blank, cell, kinds, piece, terrain

N, E, S, W = range(4)


def test_declare_each_soulgiver_once_and_no_going_back() -> None:
    """4: declare the Active Soulgiver; once each; the previous one can no longer act."""
    s = blank()
    a = piece(s, 0, "protector", "C3")
    b = piece(s, 0, "blower", "G3")
    activate(s, a)
    s.apply(Step(S))
    activate(s, b)
    assert s.active == b
    assert Declare(kind_of(a)) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="4 turn sequence"):
        s.apply(Declare(kind_of(a)))
    assert s.pos[a] == cell("C4")


def test_linear_movement_never_turns() -> None:
    """4.2 Types of movement: linear goes in one straight line."""
    s = blank()
    v = piece(s, 0, "volomancer", "C3")
    activate(s, v)
    s.apply(Step(S))
    assert Step(E) not in s.legal_actions() and Step(S) in s.legal_actions()


def test_perpendicular_movement_turns_and_range_is_a_maximum() -> None:
    """4.2: perpendicular movement turns 90 degrees; the range is the most cells moved."""
    s = blank()
    p = piece(s, 0, "protector", "C3")  # range 2
    activate(s, p)
    s.apply(Step(S))
    s.apply(Step(E))
    assert s.pos[p] == cell("D4")
    assert not any(isinstance(a, Step) for a in s.legal_actions())


def test_four_fundamental_rules_of_movement() -> None:
    """4.2: no going through Soulgivers or Walls; Souls can be crossed; a Black Hole destroys."""
    s = blank()
    r = piece(s, 0, "runner", "A1")
    piece(s, 1, "blower", "A2", shields=15)
    terrain(s, "B1", WALL)
    activate(s, r)
    assert Step(S) not in s.legal_actions() and Step(E) not in s.legal_actions()
    s2 = blank()
    r = piece(s2, 0, "architect", "A1")
    s2.souls[11] = cell("A2")
    terrain(s2, "A3", HOLE)
    activate(s2, r)
    s2.apply(Step(S))
    assert 11 in s2.souls  # not absorbed automatically
    s2.apply(Step(S))
    assert s2.pos[r] == -1 and s2.souls[r] == cell("A3")


def test_pause_movement_to_act_and_resume() -> None:
    """4.2: movement can be paused for other actions and then resumed."""
    s = blank()
    p = piece(s, 0, "architect", "E9")
    s.frag_tile = TILE_OF[cell("E9")]
    activate(s, p)
    s.apply(Collect())
    s.apply(Step(N))
    assert s.carrier == p and Step(N) in s.legal_actions()
    s.apply(Step(N))  # range 3 - 1 while carrying
    assert not any(isinstance(a, Step) for a in s.legal_actions())


def test_shield_rotation_at_the_end_of_movement() -> None:
    """4.2 Shield rotation: the shields turn when the movement ends (no more movement after)."""
    s = blank()
    p = piece(s, 0, "architect", "E5", shields=0b0001)
    activate(s, p)
    s.apply(Step(S))
    s.apply(Rotate(1))
    assert s.shields[p] == 0b0010
    assert not kinds(s.legal_actions()) & {"step", "rotate"}


def test_soul_acquisition_on_the_same_tile() -> None:
    """4.2 Soul acquisition: an allied Soul on the tile; Decay back to 1; abilities and aura."""
    s = blank()
    p = piece(s, 0, "architect", "E5", decay=4)
    s.souls[4] = cell("F6")  # allied Spacewalker's Soul, same tile
    s.souls[14] = cell("E6")  # opposing Soul: not absorbable
    activate(s, p)
    assert Absorb(14) not in s.legal_actions()
    s.apply(Absorb(4))
    assert s.soul[p] == 4 and s.decay[p] == 1 and s.caps(p).wormhole
    assert any(isinstance(a, UseAbility) and a.name == "teleport" for a in s.legal_actions()) is False
    piece(s, 0, "blower", "A1")
    s._legal = None
    assert any(isinstance(a, UseAbility) and a.name == "teleport" for a in s.legal_actions())


def test_fragment_collection_costs_essence_shields_lost_and_slower() -> None:
    """4.2 Fragment collection: same tile, 1 Tribute Essence, no shields, movement -1."""
    s = blank()
    p = piece(s, 0, "protector", "E5", shields=15)
    activate(s, p)
    s.apply(Collect())
    assert s.carrier == p and s.essences == 2 and s.shields_of(p) == 0 and s.move_range(p) == 1


def test_barrier_keeps_the_fragment_until_destroyed() -> None:
    """3 step 6, 4.2 Destroying the Barrier: an Attack: Destruction next to it removes it."""
    s = blank(barrier=True)
    p = piece(s, 0, "protector", "E4")
    activate(s, p)
    assert Step(S) not in s.legal_actions()
    s.apply(Attack(S))
    assert not s.barrier
    s.apply(Step(S))
    assert Collect() in s.legal_actions()


def test_passing_exactly_three_linear_cells_with_clear_sight() -> None:
    """4.2 Passing the Fragment: 3 exact linear cells; Souls and Black Holes do not block,
    Soulgivers and Walls do; the receiver carries it at once."""
    s = blank()
    a = piece(s, 0, "protector", "C3")
    b = piece(s, 0, "blower", "C6")
    piece(s, 0, "architect", "F3")
    s.carrier, s.frag_tile = a, -1
    s.souls[15] = cell("C4")
    terrain(s, "C5", HOLE)
    activate(s, a)
    assert Pass(S) in s.legal_actions() and Pass(E) in s.legal_actions()
    s.apply(Pass(S))
    assert s.carrier == b and s.essences == 2
    s2 = blank()
    a = piece(s2, 0, "protector", "C3")
    piece(s2, 0, "blower", "C6")
    piece(s2, 1, "ghost", "C4")
    piece(s2, 0, "architect", "C5")
    s2.carrier, s2.frag_tile = a, -1
    activate(s2, a)
    assert Pass(S) not in s2.legal_actions()


def test_dropping_the_fragment() -> None:
    """4.2 Dropping the Fragment: 1 Essence; it goes to the centre of the carrier's tile."""
    s = blank()
    p = piece(s, 0, "protector", "A1")
    s.carrier, s.frag_tile = p, -1
    activate(s, p)
    s.apply(Drop())
    assert s.carrier == -1 and s.frag_tile == 0


def test_attack_destruction_and_shields() -> None:
    """4.2 Attack: Destruction: perpendicular next to it; a shield facing the attack stops it."""
    s = blank()
    a = piece(s, 0, "protector", "C3")
    shielded = piece(s, 1, "blower", "D3", shields=0b1000)  # faces west, toward the attacker
    open_ = piece(s, 1, "ghost", "C4", shields=0b0100)
    activate(s, a)
    assert Attack(E) not in s.legal_actions()
    s.apply(Attack(S))
    assert s.pos[open_] == -1 and s.souls[open_] == cell("C4") and s.pos[shielded] == cell("D3")
    assert Attack(E) not in s.legal_actions()  # one attack per activation


def test_double_soul_loses_the_absorbed_soul_first() -> None:
    """4.2 Destruction in Double Soul: the first Attack removes the absorbed Soul only."""
    s = blank()
    a = piece(s, 0, "protector", "C3")
    t = piece(s, 1, "blower", "D3")
    s.soul[t] = 19
    activate(s, a)
    s.apply(Attack(E))
    assert s.pos[t] == cell("D3") and s.soul[t] == -1 and 19 not in s.souls


def test_destroyed_carrier_drops_the_fragment_at_the_tile_centre() -> None:
    """4.2 Watch out: destroyed while carrying, the Fragment is dropped on that tile."""
    s = blank()
    a = piece(s, 0, "protector", "C3")
    t = piece(s, 1, "blower", "D3", shields=15)
    s.carrier, s.frag_tile = t, -1
    activate(s, a)
    s.apply(Attack(E))
    assert s.carrier == -1 and s.frag_tile == TILE_OF[cell("D3")]


def test_three_tribute_essences_per_turn() -> None:
    """4.2: three Tribute Essences a turn; with none left no Tribute action is offered."""
    s = blank()
    p = piece(s, 0, "protector", "E5")
    s.essences = 0
    activate(s, p)
    assert not kinds(s.legal_actions()) & {"collect", "attack", "ability", "draw"}


def test_black_hole_destroys_double_soul_and_removes_the_absorbed_soul() -> None:
    """4.2 Watch out / 5.1: on a Black Hole the Soulgiver is destroyed, its absorbed Soul
    removed from the game, its own Soul left on the tile."""
    s = blank()
    p = piece(s, 0, "architect", "A1")
    s.soul[p] = 6
    terrain(s, "A2", HOLE)
    activate(s, p)
    s.apply(Step(S))
    assert s.pos[p] == -1 and 6 not in s.souls and s.souls[p] == cell("A2")


def test_ending_the_turn_decay() -> None:
    """4.3: every Soulgiver +1 Decay, +1 more if it used Tribute Essences; destroyed at 6."""
    s = blank()
    a = piece(s, 0, "protector", "C3", decay=2)
    b = piece(s, 0, "blower", "H8", decay=2)
    c = piece(s, 0, "architect", "A9", decay=5)
    s.frag_tile = TILE_OF[cell("C3")]
    activate(s, a)
    s.apply(Collect())
    s.apply(EndTurn())
    assert s.decay[a] == 4 and s.decay[b] == 3
    assert s.pos[c] == -1 and c in s.souls
    assert s.player == 1 and s.turn == 4


def test_replacement_draw_two_keep_one_and_enter_or_be_destroyed() -> None:
    """4.2 Destruction steps 4-5: fewer than 3 in the game: draw 2, keep 1, put it on a
    Portal; it must enter before the turn ends or it is destroyed."""
    s = blank(turn=2, player=1)
    piece(s, 0, "protector", "C3")
    piece(s, 1, "blower", "C8")
    piece(s, 1, "ghost", "F8")
    s.apply(EndTurn())  # seat 1 ends; seat 0 has one piece: replacements
    assert s.phase == en.KEEP and s.current_player == 0 and len(s.pair[0]) == 2
    v1 = s.view(1)
    assert v1["teams"][0]["drawn"] is None and v1["teams"][0]["drawn_count"] == 2
    kept = s.pair[0][0]
    s.apply(s.legal_actions()[0])
    assert s.phase == en.REFILL and kept not in s.deck[0]
    s.apply(s.legal_actions()[0])
    assert s.phase == en.KEEP  # second replacement
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.phase == en.MAIN and len(s.team_pieces(0)) == 3
    first = piece_of(0, kept)
    activate(s, first)
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Enter)))
    s.apply(EndTurn())
    assert s.pos[first] >= 0 and len(s.board_pieces(0)) == 2


def test_portal_return_only_with_the_fragment_is_conquest() -> None:
    """6 and 8 (7.1): a Soulgiver returns to its own Portal only carrying the Fragment: Conquest."""
    s = blank()
    p = piece(s, 0, "architect", "C1")  # portal 0 stands north of tile 1 (cells C1, D1)
    activate(s, p)
    assert Step(N) not in s.legal_actions()
    s.carrier, s.frag_tile = p, -1
    s._legal = None
    s.apply(Step(N))
    assert s.is_over and s.returns() == [1.0, -1.0]


def test_cannot_enter_the_other_population_portal() -> None:
    """6: a Soulgiver cannot enter the Portal of a different population."""
    s = blank()
    p = piece(s, 0, "architect", "C10")
    s.carrier, s.frag_tile = p, -1
    activate(s, p)
    assert Step(S) not in s.legal_actions()


def test_starting_soulgivers_may_wait_on_a_portal() -> None:
    """6 Portals and 4.2 Watch out ("When a Soulgiver is on a Portal, they are not considered in
    the game, but their activation can be used to play an Anomaly card"): a starting Soulgiver
    may stay on its Portal; only a replacement must enter the turn it arrives (4.2 Destruction,
    step 5). Not in the game, it gains no Decay."""
    s = started_game()
    waiting = [p for p in s.team_pieces(0) if s.pos[p] >= PORTAL]
    assert len(waiting) == 3
    s.apply(EndTurn())
    assert all(s.pos[p] >= PORTAL and s.decay[p] == 1 for p in waiting)
    s.apply(EndTurn())  # seat 1 ends too; seat 0's three are still there, no replacement
    assert s.player == 0 and s.phase == en.MAIN
    assert all(s.pos[p] >= PORTAL for p in waiting)
    activate(s, waiting[0])  # declared on the Portal, it still need not enter
    if s.phase == en.RESPONSE:
        s.apply(Decline())
    s.apply(EndTurn())
    assert s.pos[waiting[0]] >= PORTAL


def test_replacement_left_on_the_portal_is_destroyed() -> None:
    """4.2 Destruction, step 5: "The new Soulgiver must enter the board before your turn ends or
    the new Soulgiver is destroyed instantly"; a Soulgiver already waiting on a Portal stays."""
    s = blank(turn=2, player=1)
    waiting = piece(s, 0, "protector", 0)
    piece(s, 0, "runner", "C3")
    piece(s, 1, "blower", "C8")
    s.apply(EndTurn())  # seat 0 has two in the game: one replacement
    assert s.phase == en.KEEP
    s.apply(s.legal_actions()[0])
    place = s.legal_actions()[0]
    s.apply(place)
    new = [p for p in s.team_pieces(0) if s.arrivals & (1 << p)]
    assert len(new) == 1 and s.pos[new[0]] >= PORTAL
    s.apply(EndTurn())
    assert s.pos[new[0]] == -1 and new[0] in s.souls
    assert s.pos[waiting] == at_portal(0)


def started_game() -> SoulgiversState:
    """A fresh game played through setup (no swaps), at seat 0's first main phase."""
    from soulforge.games.soulgivers.actions import Place, SkipSwap

    s = GAME.new_game(seed=3)
    s.apply(SkipSwap())
    s.apply(SkipSwap())
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    while s.phase == en.PLACE:
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Place)))
    assert s.phase == en.MAIN and s.player == 0
    return s
