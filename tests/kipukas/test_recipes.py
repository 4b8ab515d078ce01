"""Kipukas crafted recipes played beyond their wielder's rolls (``crafted.py``): traps (#traps),
ranged attacks, night moves by a light and the Bag on stick (#crafting, #recipes, #items)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from soulforge.games.kipukas import cards, crafted, cycle, items, render_svg, render_text
from soulforge.games.kipukas.actions import (
    Attack,
    Craft,
    Haul,
    Keal,
    Launch,
    Move,
    NightMove,
    Retreat,
    RetreatGroup,
    Shoot,
)
from soulforge.games.kipukas.data import Dice
from soulforge.games.kipukas.encoding import KEAL, NIGHT
from soulforge.games.kipukas.movement import can_move
from soulforge.games.kipukas.state import KipukasState

from .scenario import act, fresh, give, put
from .test_cards import Loaded, name, next_turn, said
from .test_render import assert_board_draws_click_paths

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

TRAPS = {
    "Sticky feather trap!": ("feathers", "honey"),
    "Snare Trap": ("sticks", "string"),
    "Stick-y feather pit trap?": ("feathers", "honey", "sticks"),
    "Baited snare trap": ("honey", "sticks", "string"),
}


def number(recipe: str) -> int:
    return next(n for n, found in enumerate(cards.RECIPES) if found.name == recipe)


def craft(s: KipukasState, recipe: str, piece: int, *ingredients: str) -> None:
    """Night 2: seat 0 crafts ``recipe`` for ``piece`` (#crafting)."""
    next_turn(s)
    assert s.diel == NIGHT
    act(s, 0)
    give(s, 0, *ingredients)
    assert Craft(number(recipe), piece) in s.legal_actions()
    s.apply(Craft(number(recipe), piece))


def laid_trap(recipe: str) -> tuple[KipukasState, int, int]:
    """Seat 0 crafts ``recipe`` at night 2 for a soul on its camp of territory 2; day 3 begins
    with seat 1 to act and a soul of seat 1 on the camp stand of territory 3, next to it."""
    s = fresh()
    layer = put(s, 0, "brox_the_defiant", "T2")
    walker = put(s, 1, "hilbert_king_of_avian_frogs", "T3")
    craft(s, recipe, layer, *TRAPS[recipe])
    next_turn(s)
    act(s, 1)
    return s, layer, walker


def test_every_recipe_is_craftable() -> None:
    """#crafting, #recipes: all 20 recipes of recipes.json have an effect the engine plays."""
    assert [r.name for r in cards.RECIPES if not r.playable] == []
    assert all(r.missing == "" for r in cards.RECIPES)


@pytest.mark.parametrize("recipe", sorted(TRAPS))
def test_a_crafted_trap_is_laid_face_down_where_its_soul_stands(recipe: str) -> None:
    """#traps, #crafting: a crafted trap is laid, face down, in the territory of the soul it is
    crafted for; other seats see a face-down trap, not which (view, log, board)."""
    s, _, _ = laid_trap(recipe)
    assert s.snares == [[0, 2, number(recipe), -1, 0]]
    assert s.view(0)["snares"][0]["recipe"] == number(recipe)
    for viewer in (1, None):
        assert s.view(viewer)["snares"] == [
            {"snare": 0, "owner": 0, "territory": 2, "carrier": None, "recipe": None}
        ]
        assert not any(recipe in line for line in s.log(viewer))
        assert recipe not in render_svg.render(s.view(viewer), [])
    assert any(recipe in line for line in s.log(0))
    assert "⚠ 1 trap" in render_svg.render(s.view(1), [])
    console = Console(record=True, width=200)
    console.print(render_text.render(s.view(1)))
    text = console.export_text()
    assert "seat 0's face-down trap in territory 2" in text and recipe not in text


def test_determinization_redraws_a_face_down_crafted_trap() -> None:
    """#traps (face-down cards), hidden information: seat 1 does not know which trap seat 0 laid,
    so its determinizations draw the recipe again; seat 0 keeps its own."""
    s, _, _ = laid_trap("Snare Trap")
    rng = random.Random(3)
    drawn = {s.determinize(1, rng).snares[0][crafted.RECIPE] for _ in range(40)}
    assert drawn == {number(r) for r in TRAPS}
    assert {s.determinize(0, rng).snares[0][crafted.RECIPE] for _ in range(10)} == {number("Snare Trap")}
    assert s.snares[0][crafted.RECIPE] == number("Snare Trap")


def test_a_trap_is_crafted_only_for_a_soul_in_a_territory_its_seat_holds() -> None:
    """#traps, #placement: traps are laid on territories you hold (read for crafted ones too)."""
    s = fresh()
    away = put(s, 0, "brox_the_defiant", "T3")  # territory 3 is seat 1's
    next_turn(s)
    act(s, 0)
    give(s, 0, "sticks", "string")
    assert Craft(number("Snare Trap"), away) not in s.legal_actions()
    assert Craft(number("Atlatl"), away) not in s.legal_actions()  # (needs feathers)
    give(s, 0, "feathers", "sticks")
    assert Craft(number("Atlatl"), away) in s.legal_actions()


def test_a_snare_trap_immobilizes_until_a_soul_of_its_seat_reaches_it() -> None:
    """Snare Trap: 'Immobilize target for until it can be rescued. Trap activates on D20: 3, 5,
    11' (#traps): a 3 springs it on the soul entering territory 2; it cannot move or retreat; a
    soul of its seat reaching its stand frees it (the reading); the trap's cards are discarded."""
    s, _, walker = laid_trap("Snare Trap")
    s.rng = Loaded(3)
    s.apply(Move(walker, "m2"))
    assert said(s, "a crafted trap springs: Snare Trap")
    assert not can_move(s, walker) and s.view(None)["pieces"][-1]["immobilized"]
    assert s.snares == [] and {"sticks", "string"} <= set(s.discard[0])
    shown = next(p for p in s.view(1)["pieces"] if p["piece"] == walker)
    assert "immobilized" in render_text.piece_label(shown)
    friend = put(s, 1, "artificer_of_the_salt_chancel", "T3")
    act(s, 1)
    s.apply(Move(friend, "m2"))
    assert said(s, "frees")
    assert not items.immobile(s, walker)


def test_a_snare_stops_a_move_where_it_springs() -> None:
    """Snare Trap (#traps, #movement): the soul caught on the first stand of territory 2 goes no
    further on its way (Hilbert, 2 spaces, bound for territory 2's camp)."""
    s, _, walker = laid_trap("Snare Trap")
    assert Move(walker, "T2") in s.legal_actions()
    s.rng = Loaded(11)
    s.apply(Move(walker, "T2"))
    assert s.stand[walker] == "m2" and items.immobile(s, walker)


@pytest.mark.parametrize(("roll", "sprung"), [(5, True), (7, False)])
def test_a_sticky_feather_trap_takes_1_from_rolls_until_water(roll: int, sprung: bool) -> None:
    """Sticky feather trap!: 'Take 1 damage from targets rolls until they attempt to swim in or
    cross water ... activates on D20: 3, 5, 11' (read: -1 to each of its rolls); stepping onto
    a water stand takes the feathers off."""
    s, layer, walker = laid_trap("Sticky feather trap!")
    s.rng = Loaded(roll)
    s.apply(Move(walker, "m2"))
    assert cards.roll_bonus(s, walker, layer) == (-1 if sprung else 0)
    assert (s.snares == []) is sprung  # a 7 neither springs nor detects it: it stays
    if sprung:
        cycle.place(s, walker, "m3")  # (set beside the water of territory 4)
        next_turn(s)
        while s.diel != "day":
            next_turn(s)
        act(s, 1)
        s.apply(Move(walker, "m4a"))
        assert said(s, "washes the sticky feathers off")
        assert cards.roll_bonus(s, walker, layer) == 0


def test_a_pit_trap_damages_sticks_and_resets() -> None:
    """Stick-y feather pit trap?: 'Target takes 1 damage. If target is not wasted, take 1
    damage from targets rolls ... Can be reset. Trap activates on D20: 3, 5, 11, 13' (read:
    reset, it stays laid once sprung, now known)."""
    s, layer, walker = laid_trap("Stick-y feather pit trap?")
    s.rng = Loaded(13)
    s.apply(Move(walker, "m2"))
    assert sum(s.injuries[walker]) == 1 and cards.roll_bonus(s, walker, layer) == -1
    assert len(s.snares) == 1 and s.view(1)["snares"][0]["recipe"] == number("Stick-y feather pit trap?")


def test_standard_detection_removes_a_crafted_trap() -> None:
    """#traps: 'Traps are detected if a 1,2,3, or 4 is rolled' (the Baited snare's 'Std
    detection'): a 2 removes it, its cards to its seat's discard."""
    s, _, walker = laid_trap("Baited snare trap")
    s.rng = Loaded(2)
    s.apply(Move(walker, "m2"))
    assert said(s, "detects a crafted trap, Baited snare trap")
    assert s.snares == [] and {"honey", "sticks", "string"} <= set(s.discard[0])
    assert not items.immobile(s, walker)


def test_a_baited_snare_holds_for_one_turn_and_catches_bugs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Baited snare trap: 'immobilize target for 1 turn ... Insect/Bug appearing things become
    trapped as soon they are in the same territory' (read: this cycle and the next; a bug-looking
    soul springs it whatever the roll)."""
    monkeypatch.setattr(items, "BUG_LOOKING", frozenset({"hilbert_king_of_avian_frogs"}))
    s, _, walker = laid_trap("Baited snare trap")
    s.rng = Loaded(20)  # no number of the trap's
    s.apply(Move(walker, "m2"))
    assert said(s, "a crafted trap springs: Baited snare trap")
    held = s.cycle
    assert items.immobile(s, walker)
    next_turn(s)
    assert s.cycle == held + 1 and items.immobile(s, walker)
    next_turn(s)
    assert not items.immobile(s, walker)


def _shooter(recipe: str, ingredients: tuple[str, ...], target_stand: str) -> tuple[KipukasState, int, int]:
    s = fresh()
    wielder = put(s, 0, "brox_the_defiant", "m2")
    target = put(s, 1, "hilbert_king_of_avian_frogs", target_stand)
    craft(s, recipe, wielder, *ingredients)
    next_turn(s)
    act(s, 0)
    return s, wielder, target


def test_an_atlatl_shoots_a_soul_one_movement_stand_away() -> None:
    """Atlatl: 'Wielder now has a ranged attack and can attack 1 movement stand away with
    Cenozoic D6 vs defender keal means' (#items, #ce_setup): the defender chooses its KEAL means,
    one bout, a win injures it; the target cannot answer; once a day."""
    s, wielder, target = _shooter("Atlatl", ("feathers", "sticks"), "T3")
    assert not any(isinstance(a, Shoot) for a in s.legal_actions()), "a camp stand: beyond an atlatl"
    cycle.place(s, wielder, "T2")
    cycle.place(s, target, "m3")
    s._legal = None
    assert not any(isinstance(a, Shoot) for a in s.legal_actions()), "m3 is 2 paths from T2"
    cycle.place(s, target, "m1")
    s._legal = None
    assert s.view(0)["pieces"][0]["ranged"]
    s.apply(Shoot(wielder, target))
    assert s.phase == KEAL and s.current_player == 1 and s.view(1)["fight"]["ranged"]
    s.rng = Loaded(6, 1, 1)  # the shot's D6, then Hilbert's 2 D6
    s.apply(Keal(0))
    assert said(s, "ranged, Cenozoic") and said(s, "the attack wins")
    assert s.injuries[target] == [1] and s.stand[wielder] == "T2" and s.phase == "day"
    act(s, 0)
    assert not any(isinstance(a, Shoot) for a in s.legal_actions()), "once a day"


def test_a_basic_bow_reaches_a_base_camp_with_one_d6() -> None:
    """Basic bow: '1 movement stand (or basecamp) away with Cenozoic D6-D6 (or D6 against soul in
    basecamp)' (read: 2 D6 at a movement stand, 1 D6 at a camp stand); a lost shot ends the
    wielder's attacks this cycle."""
    s, wielder, target = _shooter("Basic bow", ("feathers", "sticks", "string"), "T3")
    assert crafted.shot_dice(s, wielder, target) == Dice(("D6",), 0)
    s.apply(Shoot(wielder, target))
    s.rng = Loaded(1, 6, 6)
    s.apply(Keal(0))
    assert said(s, "the defence wins") and s.injuries[target] == [0]
    assert s.spent_cycle[wielder] == s.cycle
    cycle.place(s, wielder, "T2")
    cycle.place(s, target, "m1")
    assert crafted.shot_dice(s, wielder, target) == Dice(("D6", "D6"), 0)


def test_a_basic_bow_launches_a_bee_bomb_that_bursts_where_it_lands() -> None:
    """Basic bow: 'Wielder can also launch small things (i.e. Bee bomb)'; Bee Bomb!: 'After 3
    diel cycles, all souls in the territory lose a keal means' (read: the launched bomb lies in
    the territory of a stand 1 path away and bursts there when its 3 cycles are up)."""
    s = fresh()
    archer = put(s, 0, "brox_the_defiant", "m2")
    enemy = put(s, 1, "hilbert_king_of_avian_frogs", "T3")
    bow, bomb = f"recipe:{number('Basic bow')}", f"recipe:{number('Bee Bomb!')}"
    s.items[archer] = ["feathers", "sticks", "string", bow, "cloth", "honey", bomb]
    act(s, 0)
    assert {a.stand for a in s.legal_actions() if isinstance(a, Launch)} == {"T2", "T3"}
    assert_board_draws_click_paths(s)  # shoot, launch: on the board
    s.apply(Launch(archer, "T3"))
    assert s.items[archer] == ["feathers", "sticks", "string", bow]
    assert s.view(1)["bombs"] == [{"owner": 0, "territory": 3, "cycles": 0}]
    act(s, 0)
    assert not any(isinstance(a, Shoot | Launch) for a in s.legal_actions()), "its shot of the day"
    for _ in range(2):
        next_turn(s)
    assert s.bombs and s.injuries[enemy] == [0]
    next_turn(s)
    assert said(s, "the Bee Bomb bursts in territory 3") and sum(s.injuries[enemy]) == 1
    assert s.bombs == [] and {"cloth", "honey"} <= set(s.discard[0])


def test_a_sweet_candle_moves_a_soul_at_night_and_is_wasted() -> None:
    """Sweet candle: 'Prolongs day, move 1 soul at night. If movement causes contention, you
    attack first and add 1 to attack roll. Items are wasted after use.' (read: contention is
    carried to the day, owed first by the mover's seat, its attacks +1)."""
    s = fresh()
    wielder = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    enemy = put(s, 1, "brox_the_defiant", "m2")
    craft(s, "Sweet candle", wielder, "honey", "string")
    act(s, 0)
    assert NightMove(wielder, "m2") in s.legal_actions()
    assert_board_draws_click_paths(s)
    s.apply(NightMove(wielder, "m2"))
    assert s.stand[wielder] == "m2" and s.items[wielder] == []
    assert {"honey", "string"} <= set(s.discard[0])
    assert said(s, "seat 0 attacks first, +1, by day")
    act(s, 0)
    assert not any(isinstance(a, NightMove) for a in s.legal_actions()), "once a night"
    act(s, 1)
    next_turn(s)  # seat 1 calls initiative: it would open day 3
    assert s.diel == "day" and s.initiative == 1
    assert s.current_player == 0 and said(s, "souls came by a light")
    assert all(isinstance(a, Attack | Retreat | RetreatGroup) for a in s.legal_actions())
    s.apply(Attack(wielder, enemy))
    assert crafted.lit_bonus(s, wielder) == 1 and crafted.lit_bonus(s, enemy) == 0


def test_a_torch_moves_its_wielder_and_two_souls_of_its_stand() -> None:
    """Torch: 'move up to 3 souls at night (must start and end at the same spot as the
    wielder)' (read: the wielder and the first 2 other souls of its stand, together)."""
    s = fresh()
    wielder = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    others = [put(s, 0, card, "T2") for card in ("brox_the_defiant", "artificer_of_the_salt_chancel")]
    craft(s, "Torch", wielder, "cloth", "honey", "sticks")
    act(s, 0)
    s.apply(NightMove(wielder, "m1"))
    assert [s.stand[p] for p in (wielder, *others)] == ["m1", "m1", "m1"]
    assert s.items[wielder] == [] and said(s, "Torch's light, 3 soul(s) move")


def test_a_bag_on_stick_carries_a_crafted_trap_to_another_held_territory() -> None:
    """Bag on stick: 'Wielder may move 3 reasonable items or 1 reasonable trap' (read: it bags a
    crafted trap of its seat from its territory and lays it again where its seat holds)."""
    s = fresh()
    layer = put(s, 0, "brox_the_defiant", "T2")
    bearer = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    s.items[bearer] = ["cloth", "sticks", f"recipe:{number('Bag on stick')}"]
    craft(s, "Snare Trap", layer, "sticks", "string")
    next_turn(s)
    act(s, 0)
    assert_board_draws_click_paths(s)  # haul, snare:0
    s.apply(Haul(bearer, 0))
    assert s.snares[0][crafted.CARRIER] == bearer and s.view(1)["snares"][0]["carrier"] == bearer
    assert crafted.armed_against(s, 1, 2) == []
    act(s, 0)
    s.apply(Move(bearer, "T1"))
    act(s, 0)
    s.apply(Haul(bearer, 0))
    assert s.snares == [[0, 1, number("Snare Trap"), -1, 0]]
    cards.waste(s, bearer)  # (a wasted carrier loses what it carries: nothing now)
    assert len(s.snares) == 1


def test_names_of_the_recipes_cards() -> None:
    """The ingredients (#recipes) are item cards."""
    assert {name(i) for i in TRAPS["Snare Trap"]} == {"Sticks", "String"}
