"""More rule scenarios: souls, wormholes, Event Horizon captives, responses, the decks."""

from __future__ import annotations

from soulforge.games.soulgivers import encoding as en
from soulforge.games.soulgivers.actions import (
    Absorb,
    Decline,
    DrawAnomaly,
    EndTurn,
    ExitHole,
    Pass,
    PlayAnomaly,
    PopPlace,
    Population,
    Step,
    UseAbility,
)
from soulforge.games.soulgivers.board import HOLE, TILE_CELLS
from soulforge.games.soulgivers.consequences import destroy, push_mod
from soulforge.games.soulgivers.encoding import ABIL_SOUL

from .helpers import activate, blank, cell, piece, terrain

N, E, S, W = range(4)


def test_soul_goes_to_the_next_tile_when_the_tile_is_full() -> None:
    """4.2 When a Soulgiver is destroyed, step 2: the Soul stays on its cell (here the tile is
    full of Soulgivers only after removal it is free, so it stays); with no free cell on the
    tile it goes to a next tile."""
    s = blank()
    t = piece(s, 1, "blower", "A1")
    destroy(s, t)
    assert s.souls[t] == cell("A1")
    s = blank()
    for name, where in (("runner", "C3"), ("protector", "D3"), ("architect", "C4"), ("ghost", "D4")):
        piece(s, 0, name, where)
    from soulforge.games.soulgivers.consequences import place_soul

    place_soul(s, 15, -1, 6)
    assert s.souls[15] not in TILE_CELLS[6]


def test_collapse_destroys_the_souls_on_the_tile() -> None:
    """4.2 Destruction of a Soul: only an effect that says so (Collapse) removes a Soul."""
    s = blank()
    a = piece(s, 0, "architect", "J10")
    s.souls[3] = cell("G3")
    s.hand[1] = ["collapse"]
    activate(s, a)
    s.apply(PlayAnomaly("collapse", 8))
    assert 3 not in s.souls


def test_wormhole_blocked_by_a_holemaker_standing_on_the_exit() -> None:
    """9 Holemaker, Antigravitonic: standing on a Black Hole it stops the Spacewalker using it."""
    s = blank()
    w = piece(s, 0, "spacewalker", "A1")
    terrain(s, "A2", HOLE)
    terrain(s, "H8", HOLE)
    terrain(s, "C8", HOLE)
    piece(s, 1, "holemaker", "H8")
    activate(s, w)
    s.apply(Step(S))
    assert s.phase == en.EXIT
    assert ExitHole(cell("H8")) not in s.legal_actions() and ExitHole(cell("C8")) in s.legal_actions()


def test_event_horizon_captive_is_destroyed_at_the_end_of_the_turn() -> None:
    """Glossary, Event Horizon; clarifications: a Holemaker or Spacewalker attracted is unharmed
    but cannot move off; stuck at the end of the turn it is destroyed and its Soul removed."""
    s = blank(turn=4, player=1, population=True)
    terrain(s, "C3", HOLE)
    h = piece(s, 0, "holemaker", "C4")
    piece(s, 0, "protector", "J1")
    piece(s, 0, "architect", "J2")
    g = piece(s, 1, "ghost", "J10")
    s.pop_used[0] = True
    activate(s, g)
    s.apply(Population())
    s.apply(PopPlace(cell("C3")))
    assert s.pos[h] == cell("C3")
    s.apply(EndTurn())
    assert s.pos[h] == -1 and h not in s.souls


def test_population_ability_in_answer_to_an_activation() -> None:
    """Clarifications: a Population Ability may be played in response to an opposing activation."""
    s = blank(turn=3, population=True)
    a = piece(s, 0, "architect", "A1")
    activate(s, a)
    assert s.phase == en.RESPONSE and Population() in s.legal_actions()
    terrain(s, "H8", HOLE)
    s._legal = None
    s.apply(Population())
    assert s.phase == en.POP and s.current_player == 1
    s.apply(PopPlace(cell("H8")))
    assert s.current_player == 0 and s.phase == en.MAIN and s.pop_used[1]


def test_declining_the_window() -> None:
    """4.2: the opponent may let the activation go on."""
    s = blank()
    a = piece(s, 0, "architect", "A1")
    s.hand[1] = ["stasis"]
    activate(s, a)
    s.apply(Decline())
    assert s.phase == en.MAIN and s.current_player == 0 and s.hand[1] == ["stasis"]


def test_border_is_a_wall_for_the_other_population() -> None:
    """Glossary, The Border: Specters cannot cross it, and it blocks their line of sight."""
    s = blank(player=1)
    push_mod(s, cell("A2"), "border")
    sp = piece(s, 1, "architect", "A1")
    piece(s, 1, "blower", "A4")
    s.carrier, s.frag_tile = sp, -1
    activate(s, sp)
    assert Step(S) not in s.legal_actions() and Pass(S) not in s.legal_actions()


def test_anomaly_deck_is_rebuilt_from_used_cards() -> None:
    """4.2 Drawing: with no cards left, the used Anomalies make a new deck."""
    s = blank()
    s.discard, s.pile = s.pile, []
    s.apply(DrawAnomaly())
    assert len(s.hand[0]) == 1 and len(s.pile) == 19 and s.discard == []


def test_no_ability_of_a_soul_absorbed_after_paying_for_abilities() -> None:
    """5.1: a Soul absorbed after an Ability was paid gives its Aura, not its Ability, this turn."""
    s = blank()
    c = piece(s, 0, "confuser", "A1")
    piece(s, 1, "blower", "H8")
    s.souls[8] = cell("B2")
    activate(s, c)
    s.apply(UseAbility("vertigo", 1, 0))
    s.apply(Absorb(8))
    assert s.done & ABIL_SOUL and s.caps(c).antigravitonic
    assert not any(isinstance(x, UseAbility) for x in s.legal_actions())
