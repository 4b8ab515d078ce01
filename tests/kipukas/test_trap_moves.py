"""Kipukas trap cards moved by a soul (#traps: "Once laid, these cards can be moved by a soul
unless otherwise stated. They remain unrevealed during movement.") and laid only by a soul
("These require a reasonable soul to lay them")."""

from __future__ import annotations

import random

import pytest

from soulforge.core import IllegalAction
from soulforge.games.kipukas import cards, hidden
from soulforge.games.kipukas.actions import Move, Play, Shift, TakeOver
from soulforge.games.kipukas.state import KipukasState

from .scenario import act, fresh, give, put
from .test_cards import name, said
from .test_render import assert_board_draws_click_paths

pytestmark = pytest.mark.usefixtures("checked_rules")
"""Each action applied checks its rule's listing against its checks (``conftest.py``)."""

TRAP = "freezing_of_the_heart"


def _picked_up() -> tuple[KipukasState, int, int]:
    """Seat 0's trap card lies face down in territory 2 with a soul of seat 0; the soul picks it up."""
    s = fresh()
    trap = put(s, 0, TRAP, "T2", revealed=False)
    carrier = put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    act(s, 0)
    assert Shift(carrier, trap) in s.legal_actions()
    assert_board_draws_click_paths(s)  # shift, trap:<n>
    s.apply(Shift(carrier, trap))
    return s, trap, carrier


def test_a_soul_picks_up_a_laid_trap_card_and_it_stays_unrevealed_traps() -> None:
    """#traps: the trap card rides with its soul, face down: the other seats' views and the
    public log never name it; its owner's do."""
    s, trap, carrier = _picked_up()
    assert s.carried == {trap: carrier} and not s.on_map[trap]
    assert s.view(0)["carried"] == [{"piece": trap, "owner": 0, "carrier": carrier, "card": TRAP}]
    for viewer in (1, None):
        assert s.view(viewer)["carried"] == [{"piece": trap, "owner": 0, "carrier": carrier, "card": None}]
        assert all(p["piece"] != trap for p in s.view(viewer)["pieces"])
    assert said(s, "picks up a face-down card") and not any(name(TRAP) in line for line in s.log(None))
    assert any(name(TRAP) in line for line in s.log(0))
    assert not any(name(TRAP) in line for line in s.log(1))


def test_a_carried_trap_card_is_laid_again_where_its_seat_holds_traps() -> None:
    """#traps: moved by a soul, the card is laid again, still face down, in the territory the
    soul stands in, which its seat holds (as a trap card is played, #placement)."""
    s, trap, carrier = _picked_up()
    act(s, 0)
    s.steps_used[carrier] = 0  # the next day: the step the pick-up spent is back
    s.apply(Move(carrier, "T1"))
    act(s, 0)
    s.steps_used[carrier] = 0  # and the day after, a step to lay it
    assert_board_draws_click_paths(s)  # trap:<n> of a carried card
    s.apply(Shift(carrier, trap))
    assert s.carried == {} and s.on_map[trap] and s.territory[trap] == 1
    assert s.stand[trap] == s.board.camp_of(1) and not s.knows(1, trap) and s.knows(0, trap)
    assert s.played[0] == 0  # moving a laid card is no play from the hand (#game_setup 8)


def test_moving_a_trap_card_spends_a_step_of_the_souls_day() -> None:
    """#traps, #equiping: picking a trap card up or laying it is part of the soul's movement,
    as picking up an item is. Hilbert (range 2) picks the card up and lays it again: no third
    move of it that day. Before, greedy play picked up and laid one card 24,000 times a day."""
    s, trap, carrier = _picked_up()
    assert s.steps_used[carrier] == 1
    act(s, 0)
    s.apply(Shift(carrier, trap))  # laid again in territory 2, which seat 0 holds
    assert s.steps_used[carrier] == 2 and s.on_map[trap]
    act(s, 0)
    assert Shift(carrier, trap) not in s.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        s.apply(Shift(carrier, trap))
    assert refused.value.rule == "traps" and "step of movement left" in str(refused.value)
    assert s.carried == {} and s.on_map[trap]


def test_a_carried_trap_card_is_not_laid_where_its_seat_does_not_hold_traps() -> None:
    """#traps, #placement: traps go to territories the seat holds; the refusal names #traps and
    changes nothing."""
    s, trap, carrier = _picked_up()
    act(s, 0)
    s.holder[1] = -1  # territory 2 is no longer seat 0's
    s._legal = None
    assert Shift(carrier, trap) not in s.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        s.apply(Shift(carrier, trap))
    assert refused.value.rule == "traps" and s.carried == {trap: carrier}


def test_a_carried_trap_card_does_not_activate_traps() -> None:
    """#traps, #card_activation: carried, the card lies in no territory: an enemy entering the
    carrier's territory rolls no D20 for it."""
    s, _, _ = _picked_up()
    walker = put(s, 1, "hilbert_king_of_avian_frogs", "T3")
    act(s, 1)
    moves = [a for a in s.legal_actions() if isinstance(a, Move) and a.piece == walker
             and s.board.stands[a.stand].territory == 2]
    assert moves
    s.apply(moves[0])
    assert not said(s, "the D20 for traps")


def test_a_wasted_carrier_loses_its_trap_card_traps() -> None:
    """#traps: a carried trap card is lost with its carrier, to its owner's discard."""
    s, trap, carrier = _picked_up()
    cards.waste(s, carrier)
    assert s.carried == {} and not s.on_map[trap] and s.discard[0].count(TRAP) == 1


def test_one_trap_card_at_a_time_and_none_picked_up_once_revealed_traps() -> None:
    """#traps: a soul carries one trap card; a revealed trap card is no longer moved
    ('They remain unrevealed during movement')."""
    s, _, carrier = _picked_up()
    other = put(s, 0, "feeding_the_piffions", "T2", revealed=False)
    act(s, 0)
    assert Shift(carrier, other) not in s.legal_actions()
    second = put(s, 0, "brox_the_defiant", "T2")
    assert Shift(second, other) in s.legal_actions()
    s.known[other] |= 1 << 8
    s._legal = None
    assert Shift(second, other) not in s.legal_actions()


def test_determinization_keeps_a_carried_trap_card_a_trap_traps() -> None:
    """#traps: another seat's determinization deals the carried card again among trap cards
    (only a trap card can be moved); its owner's keeps it."""
    s, trap, _ = _picked_up()
    s.deck[0] += ["feeding_the_piffions", "hilbert_king_of_avian_frogs"]
    dealt = set()
    for seed in range(20):
        guess = s.clone()
        hidden.resample(guess, 1, random.Random(seed))
        assert guess.game.cards[guess.card[trap]].card_type == "trap"
        dealt.add(guess.card[trap])
        own = s.clone()
        hidden.resample(own, 0, random.Random(seed))
        assert own.card[trap] == TRAP
    assert len(dealt) > 1


def test_a_trap_card_is_laid_only_where_a_soul_of_the_seat_stands_traps() -> None:
    """#traps: 'These require a reasonable soul to lay them': a trap card is played on a
    territory of the seat's where one of its souls stands."""
    s = fresh()
    act(s, 0)
    give(s, 0, TRAP)
    assert not [a for a in s.legal_actions() if isinstance(a, Play)]
    put(s, 0, "hilbert_king_of_avian_frogs", "T2")
    trap_plays = {a.stand for a in s.legal_actions() if isinstance(a, Play)}
    assert trap_plays == {"T2"}


def test_the_text_board_names_a_carried_trap_card_to_its_owner_only_traps() -> None:
    """#traps: the text renderer shows a carried card face down to other seats."""
    from rich.console import Console

    from soulforge.games.kipukas import render_text

    s, _, carrier = _picked_up()
    for viewer, shown in ((0, name(TRAP)), (1, "face-down card")):
        console = Console(width=200, record=True)
        console.print(render_text.render(s.view(viewer)))
        text = console.export_text()
        assert f"{shown} carried by #{carrier}" in text
        assert viewer == 0 or name(TRAP) not in text


def test_a_soul_taken_over_by_the_breachs_holder_loses_its_trap_card_traps() -> None:
    """#traps: a carried card belongs to its first owner; its carrier passing under another
    seat's control (What Do You See in the Breach) loses it to the owner's discard."""
    from soulforge.games.kipukas.rules import breach

    s, _, carrier = _picked_up()
    s.prisoner[carrier] = True
    s.dealing = [1, 0, 2, 0]
    breach.TakeOverRule().apply(s, TakeOver(carrier))
    assert s.carried == {} and s.discard[0].count(TRAP) == 1 and s.owner[carrier] == 1


def test_a_face_down_soul_does_not_pick_up_a_trap_card_traps() -> None:
    """#traps, #summoning_sickness: a face-down card is 'of no immediate consequence': only a
    revealed soul picks a trap card up (carrying would show the card to be a soul)."""
    s = fresh()
    trap = put(s, 0, TRAP, "T2", revealed=False)
    hidden_soul = put(s, 0, "hilbert_king_of_avian_frogs", "T2", revealed=False)
    act(s, 0)
    assert Shift(hidden_soul, trap) not in s.legal_actions()


def test_determinization_of_a_carried_card_depends_only_on_the_view_traps() -> None:
    """#traps: two states seat 1 cannot tell apart (the carried card's identity differs)
    determinize alike: nothing of the card leaks."""
    s, trap, _ = _picked_up()
    s.deck[0] += ["feeding_the_piffions"]
    other = s.clone()
    other.deck[0][-1], other.card[trap] = TRAP, "feeding_the_piffions"
    one, two = s.determinize(1, random.Random(5)), other.determinize(1, random.Random(5))
    assert one.view(1) == two.view(1) and one.card[trap] == two.card[trap]
    assert one.deck[0] == two.deck[0]


def test_a_carrier_leaving_the_map_loses_both_its_traps_traps() -> None:
    """#traps, Bag on stick: a Bag wielder carries a trap card (any soul may) and a crafted trap
    (the bag's '1 reasonable trap'); leaving the map in any way (here recalled, not wasted), it
    loses both to its seat's discard."""
    from soulforge.games.kipukas import crafted
    from soulforge.games.kipukas.actions import Haul

    from .test_cards import next_turn
    from .test_recipes import craft, number

    s, trap, carrier = _picked_up()
    s.items[carrier] = ["cloth", "sticks", f"recipe:{number('Bag on stick')}"]
    craft(s, "Snare Trap", carrier, "sticks", "string")
    next_turn(s)
    act(s, 0)
    s.apply(Haul(carrier, 0))
    assert s.snares[0][crafted.CARRIER] == carrier and s.carried == {trap: carrier}
    cards.take_off(s, carrier)
    assert s.snares == [] and s.carried == {} and TRAP in s.discard[0]
    assert {"sticks", "string"} <= set(s.discard[0])


def test_the_board_never_names_a_carried_card_to_another_seat_traps() -> None:
    """#traps: 'They remain unrevealed during movement': the SVG board of seat 1 and of a
    spectator shows no name of the carried card; its owner's offers the clicks to lay it."""
    import xml.etree.ElementTree as ET

    from soulforge.games.kipukas import render_svg

    s, trap, _ = _picked_up()
    act(s, 0)
    legal = [a.to_json() for a in s.legal_actions()]
    for viewer in (1, None):
        svg = render_svg.render(s.view(viewer), legal)
        assert name(TRAP) not in " ".join(ET.fromstring(svg).itertext()) and f"trap:{trap}" not in svg
    assert f'data-handle="trap:{trap}"' in render_svg.render(s.view(0), legal)
