"""Every Soulgiver's Abilities and Auras (rulebook 9, 5; clarifications: FAQ)."""

from __future__ import annotations

from soulforge.games.soulgivers.actions import Attack, PlayAnomaly, Step, UseAbility
from soulforge.games.soulgivers.board import HOLE, TILE_OF, WALL
from soulforge.games.soulgivers.consequences import MOD_CODE, push_mod
from soulforge.games.soulgivers.encoding import ABIL_SOUL
from soulforge.games.soulgivers.state import SoulgiversState

from .helpers import activate, blank, cell, piece, terrain

N, E, S, W = range(4)


def abilities(s: SoulgiversState, name: str) -> list[UseAbility]:
    s._legal = None
    return [a for a in s.legal_actions() if isinstance(a, UseAbility) and a.name == name]


def test_runner_leap_over_soulgivers_souls_and_black_holes() -> None:
    """9 Runner, Leap: lands on the first free cell after the elements it jumps; not over Walls."""
    s = blank()
    r = piece(s, 0, "runner", "A1")
    piece(s, 1, "blower", "B1")
    s.souls[12] = cell("C1")
    terrain(s, "D1", HOLE)
    terrain(s, "A3", WALL)
    piece(s, 1, "ghost", "A2")
    activate(s, r)
    assert UseAbility("leap", S, 0) not in abilities(s, "leap")
    s.apply(UseAbility("leap", E, 0))
    assert s.pos[r] == cell("E1") and s.essences == 2


def test_runner_leap_lands_on_a_patch() -> None:
    """9 Runner, Leap: "The Runner can leap over Soulgivers, non-Wall Modifiers, non-Patch
    Modifiers, and Souls": a Patch is a free cell (9 Patcher), so the leap lands on it."""
    s = blank()
    r = piece(s, 0, "runner", "A1")
    piece(s, 1, "blower", "B1")
    push_mod(s, cell("C1"), "patch")
    activate(s, r)
    s.apply(UseAbility("leap", E, 0))
    assert s.pos[r] == cell("C1")
    s = blank()
    r = piece(s, 0, "runner", "A1")
    push_mod(s, cell("B1"), "black_hole")
    activate(s, r)
    s.apply(UseAbility("leap", E, 0))
    assert s.pos[r] == cell("C1")


def test_runner_superluminal_speed_not_targeted() -> None:
    """9 Runner, Superluminal Speed: no targeted Abilities or Anomalies; area effects still apply."""
    s = blank()
    v = piece(s, 0, "volomancer", "C3")
    r = piece(s, 1, "runner", "C4")
    activate(s, v)
    assert not any(a.x == r for a in abilities(s, "mind_control"))
    s.hand[0] = ["temporal_suspension"]
    s2 = blank(player=1)
    piece(s2, 0, "protector", "A1")
    r2 = piece(s2, 1, "runner", "J10")
    s2.hand[0] = ["temporal_suspension"]
    activate(s2, r2)
    assert PlayAnomaly("temporal_suspension", r2) not in s2.legal_actions()


def test_protector_charge_and_recoil_into_a_black_hole() -> None:
    """9 Protector, Charge (range 3, card text): charge in line; the target recoils 1 cell."""
    s = blank()
    p = piece(s, 0, "protector", "A1")
    t = piece(s, 1, "blower", "A4", shields=15)
    terrain(s, "A5", HOLE)
    activate(s, p)
    s.apply(UseAbility("charge", t, 0))
    assert s.pos[p] == cell("A3") and s.pos[t] == -1 and s.souls[t] == cell("A5")


def test_protector_charge_keeps_the_carried_fragment() -> None:
    """Charge (card): the Fragment carried by the pushed piece is not lost."""
    s = blank()
    p = piece(s, 0, "protector", "A1")
    t = piece(s, 1, "blower", "C1")
    s.carrier, s.frag_tile = t, -1
    activate(s, p)
    s.apply(UseAbility("charge", t, 0))
    assert s.pos[t] == cell("D1") and s.carrier == t


def test_protector_sacred_ground() -> None:
    """9 Protector, Sacred Ground: allies on its tile cannot be destroyed by Attack: Destruction;
    the Protector itself can."""
    s = blank()
    a = piece(s, 0, "blower", "C2")
    piece(s, 1, "protector", "C4", shields=0)
    ally = piece(s, 1, "ghost", "C3", shields=0)
    activate(s, a)
    assert Attack(S) not in s.legal_actions()
    s.pos[ally], s.occ[cell("C3")], s.occ[cell("D3")] = cell("D3"), -1, ally
    s.pos[a], s.occ[cell("C2")], s.occ[cell("D2")] = cell("D2"), -1, a
    s._legal = None
    assert Attack(S) not in s.legal_actions()
    s.pos[a], s.occ[cell("D2")], s.occ[cell("B4")] = cell("B4"), -1, a
    s._legal = None
    assert Attack(E) in s.legal_actions()  # at the Protector itself


def test_architect_mold_slides_a_row_and_cannot_be_undone_next_turn() -> None:
    """9 Architect, Mold: a row or column slides, the tile leaving comes back on the other
    side; the next player cannot undo it with their Architect."""
    s = blank()
    a = piece(s, 0, "architect", "A1")
    b = piece(s, 1, "architect", "J10")
    piece(s, 1, "blower", "J9")
    piece(s, 1, "ghost", "J8")
    terrain(s, "J1", WALL)
    activate(s, a)
    s.apply(UseAbility("mold", 0, 0))
    assert s.pos[a] == cell("C1") and s.printed[cell("B1")] == WALL
    from soulforge.games.soulgivers.actions import EndTurn

    s.apply(EndTurn())
    activate(s, b)
    assert UseAbility("mold", 0, 1) not in abilities(s, "mold")
    assert UseAbility("mold", 0, 0) in abilities(s, "mold")
    assert not any(a.x in (2, 7) for a in abilities(s, "mold"))  # the Mother tile is fixed


def test_volomancer_mind_control_moves_and_turns_any_soulgiver() -> None:
    """9 Volomancer, Mind Control: move any Soulgiver up to the range and rotate its shields."""
    s = blank()
    v = piece(s, 0, "volomancer", "C3")
    t = piece(s, 1, "blower", "D3", shields=0b0001)
    s.carrier, s.frag_tile = t, -1
    activate(s, v)
    s.apply(UseAbility("mind_control", t, cell("F3") * 4 + 2))
    assert s.pos[t] == cell("F3") and s.shields[t] == 0b0100 and s.carrier == t


def test_volomancer_acquiescence_takes_the_fragment() -> None:
    """9 Volomancer, Acquiescence: forced pass from an opposing carrier; carried at once."""
    s = blank()
    v = piece(s, 0, "volomancer", "C3")
    t = piece(s, 1, "blower", "D5")
    s.carrier, s.frag_tile = t, -1
    activate(s, v)
    s.apply(UseAbility("acquiescence", t, 0))
    assert s.carrier == v


def test_spacewalker_teleport_drops_the_fragment_and_not_with_portal_allies() -> None:
    """9 Spacewalker, Teleport: swap with an ally; a carried Fragment drops on its tile first;
    never with an ally still on a Portal."""
    s = blank()
    w = piece(s, 0, "spacewalker", "A1")
    ally = piece(s, 0, "blower", "H8")
    waiting = piece(s, 0, "ghost", 0)
    s.carrier, s.frag_tile = w, -1
    activate(s, w)
    assert UseAbility("teleport", waiting, 0) not in abilities(s, "teleport")
    s.apply(UseAbility("teleport", ally, 0))
    assert s.pos[w] == cell("H8") and s.pos[ally] == cell("A1") and s.frag_tile == 0


def test_spacewalker_wormhole() -> None:
    """9 Spacewalker, Wormhole: Black Holes are linked and harmless; the Fragment is dropped
    before entering; the exit is free."""
    s = blank()
    w = piece(s, 0, "spacewalker", "A1")
    terrain(s, "A2", HOLE)
    terrain(s, "H8", HOLE)
    s.carrier, s.frag_tile = w, -1
    activate(s, w)
    s.apply(Step(S))
    assert s.frag_tile == 0 and s.carrier == -1
    from soulforge.games.soulgivers.actions import ExitHole

    assert ExitHole(cell("H8")) in s.legal_actions()
    s.apply(ExitHole(cell("H8")))
    assert s.pos[w] == cell("H8") and s.steps == 1


def test_confuser_chaos_swaps_two_tiles_with_everything() -> None:
    """9 Confuser, Chaos: two tiles swap with what is on them, rotated as chosen."""
    s = blank()
    c = piece(s, 0, "confuser", "A1")
    terrain(s, "C1", WALL)
    activate(s, c)
    s.apply(UseAbility("chaos", 0 * 25 + 1, 0))
    assert s.pos[c] == cell("C1") and s.printed[cell("A1")] == WALL


def test_confuser_vertigo_turns_all_opposing_shields() -> None:
    """9 Confuser, Vertigo: all opposing Soulgivers turn, open to Attack: Destruction."""
    s = blank()
    c = piece(s, 0, "confuser", "A1")
    t1 = piece(s, 1, "blower", "E5", shields=0b0001)
    t2 = piece(s, 1, "runner", "H8", shields=0b0011)
    activate(s, c)
    s.apply(UseAbility("vertigo", 2, 0))
    assert s.shields[t1] == 0b0100 and s.shields[t2] == 0b1100


def test_blower_tornado_pushes_and_drops_soul_and_fragment() -> None:
    """9 Blower, Tornado: opposing Soulgivers on the four tiles next to it are pushed away up to
    the range; absorbed Souls and the Fragment drop first; the Blower's own tile is immune."""
    s = blank()
    b = piece(s, 0, "blower", "E5")
    east = piece(s, 1, "ghost", "G5")
    same = piece(s, 1, "runner", "F6")
    south = piece(s, 1, "architect", "E7")
    s.soul[east] = 13
    s.carrier, s.frag_tile = south, -1
    piece(s, 0, "protector", "E8")
    activate(s, b)
    s.apply(UseAbility("tornado", 0, 0))
    assert s.pos[east] == cell("I5") and s.souls[13] == cell("G5") and s.soul[east] == -1
    assert s.pos[same] == cell("F6")
    assert s.pos[south] == cell("E7") and s.frag_tile == TILE_OF[cell("E7")]


def test_patcher_patch_covers_a_black_hole_and_cancels_a_wall() -> None:
    """9 Patcher, Patch; 7 Patch Modifiers: the cell becomes an empty cell."""
    s = blank()
    p = piece(s, 0, "patcher", "A1")
    terrain(s, "A2", HOLE)
    activate(s, p)
    s.apply(UseAbility("patch", cell("A2"), 0))
    assert s.patches_left[0] == 1
    s.apply(Step(S))
    assert s.pos[p] == cell("A2")


def test_patcher_update_moves_any_patch() -> None:
    """9 Patcher, Update: reposition a Patch (the opponent's too); what was under it is active again."""
    s = blank()
    p = piece(s, 0, "patcher", "A1")
    terrain(s, "H8", WALL)
    push_mod(s, cell("H8"), "patch")
    activate(s, p)
    s.apply(UseAbility("update", cell("H8"), cell("B2")))
    assert s.eff[cell("H8")] == WALL and s.mods[cell("B2")] == (MOD_CODE["patch"],)


def test_patcher_hush() -> None:
    """9 Patcher, Hush: an opposing Soulgiver activated in its range cannot use Abilities (an
    already Active one entering the range is not affected)."""
    s = blank()
    a = piece(s, 0, "architect", "A1")
    piece(s, 1, "patcher", "A3")
    activate(s, a)
    assert abilities(s, "mold") == []
    s2 = blank()
    a2 = piece(s2, 0, "architect", "A1")
    piece(s2, 1, "patcher", "A5")
    activate(s2, a2)
    s2.apply(Step(S))
    assert abilities(s2, "mold")


def test_holemaker_black_void_and_antigravitonic() -> None:
    """9 Holemaker: one Black Hole Modifier on a cell free of Soulgivers, not Interference;
    Black Holes are normal cells for the Holemaker."""
    s = blank()
    h = piece(s, 0, "holemaker", "A1")
    activate(s, h)
    s.apply(UseAbility("black_void", cell("A2"), 0))
    assert s.eff[cell("A2")] == HOLE and s.holes_left[0] == 3
    s.apply(Step(S))
    s.apply(Step(S))
    assert s.pos[h] == cell("A3")


def test_ghost_eradicate_and_rejection() -> None:
    """9 Ghost, Eradicate: absorb an opposing Soul through obstacles, Decay not reset;
    Rejection: abandon it for 1 Decay, it can be absorbed again."""
    s = blank()
    g = piece(s, 0, "ghost", "A1", decay=3)
    piece(s, 1, "blower", "A2")
    s.souls[12] = cell("A3")
    activate(s, g)
    s.apply(UseAbility("eradicate", 12, 0))
    assert s.soul[g] == 12 and s.decay[g] == 3 and s.done & ABIL_SOUL


def test_ghost_rejection_costs_decay() -> None:
    s = blank()
    g = piece(s, 0, "ghost", "A1", decay=3)
    s.soul[g] = 15
    activate(s, g)
    s.apply(UseAbility("rejection", 0, 0))
    assert s.soul[g] == -1 and s.souls[15] == cell("A1") and s.decay[g] == 4 and s.essences == 3


def test_ghost_incorporeal_goes_through_soulgivers_not_the_barrier() -> None:
    """9 Ghost, Incorporeal: through Soulgivers and Shell Modifiers, never the Barrier."""
    s = blank(barrier=True)
    g = piece(s, 0, "ghost", "A1")
    piece(s, 1, "blower", "A2")
    activate(s, g)
    s.apply(Step(S))
    assert s.must_continue and [a.kind for a in s.legal_actions()] == ["step", "step", "step"]
    s.apply(Step(S))
    assert s.pos[g] == cell("A3") and not s.must_continue
    s2 = blank(barrier=True)
    g2 = piece(s2, 0, "ghost", "E4")
    activate(s2, g2)
    assert Step(S) not in s2.legal_actions()


def test_double_soul_two_abilities_for_one_essence() -> None:
    """5.1: a Double Soul piece uses one Ability of each character for 1 Tribute Essence."""
    s = blank()
    c = piece(s, 0, "confuser", "A1")
    s.soul[c] = 8  # the Holemaker's Soul
    piece(s, 1, "blower", "H8")
    activate(s, c)
    s.apply(UseAbility("vertigo", 1, 0))
    assert s.essences == 2
    s.apply(UseAbility("black_void", cell("B2"), 0))
    assert s.essences == 2 and abilities(s, "chaos") == []


def test_double_soul_aura_of_the_absorbed_soul() -> None:
    """5.1: a Double Soul with the Holemaker's Soul is not destroyed by Black Holes."""
    s = blank()
    a = piece(s, 0, "architect", "A1")
    s.soul[a] = 8
    terrain(s, "A2", HOLE)
    activate(s, a)
    s.apply(Step(S))
    assert s.pos[a] == cell("A2")
