"""Affinity, loyalty and tameability progress across games (#affinity, #tameability, #taming).

#affinity: "Your affinity for an Archetypal Adaptation grows each time you declare it at the
start of a game (once per day ...). Each time you play a specific Character or Species card in
combat, that card's loyalty counter increases (once per day per card) ... Both affinity and
loyalty are limited to once per day". "When loyalty, affinity, and play effect bonuses stack
greater than the species card's tameability, the card will be tamed" (equal is enough:
NOTES.md, Readings; the engine's ``taming.tames``).
"""

from __future__ import annotations

import datetime
import json
import random

import pytest

import soulforge
from soulforge.core.errors import OptionError
from soulforge.games.kipukas import affinity, taming
from soulforge.games.kipukas.affinity import GameGrowth, Progress
from soulforge.games.kipukas.data import CARDS
from soulforge.games.kipukas.game import Kipukas
from soulforge.games.kipukas.rules.day import untameable_by

from .scenario import fresh, put

DAY = datetime.date(2026, 11, 27)
NEXT = DAY + datetime.timedelta(days=1)


def test_affinity_grows_once_a_day_whatever_is_declared() -> None:
    """#affinity "once per day": the day's second declaration changes the crux (whose souls
    get +1) but counts nothing; the next day's counts again."""
    p = Progress()
    assert affinity.declare(p, "Avian", DAY) and p.affinity == {"Avian": 1} and p.crux == "Avian"
    assert not affinity.declare(p, "Avian", DAY) and p.affinity == {"Avian": 1}
    assert not affinity.declare(p, "Brutal", DAY) and p.crux == "Brutal" and "Brutal" not in p.affinity
    assert affinity.declare(p, "Avian", NEXT) and p.affinity == {"Avian": 2}
    with pytest.raises(ValueError, match="not an archetypal adaptation"):
        affinity.declare(p, "Dragon", NEXT)


def test_loyalty_grows_once_a_day_per_card() -> None:
    p = Progress()
    assert affinity.fought(p, "hilbert_king_of_avian_frogs", DAY)
    assert affinity.fought(p, "tira_marvelous_myriad", DAY), "another card, the same day: it counts"
    assert not affinity.fought(p, "hilbert_king_of_avian_frogs", DAY)
    assert affinity.fought(p, "hilbert_king_of_avian_frogs", NEXT)
    assert p.loyalty == {"hilbert_king_of_avian_frogs": 2, "tira_marvelous_myriad": 1}
    with pytest.raises(ValueError, match="not a character or species"):
        affinity.fought(p, "cartesian_sea", DAY)


def test_a_species_is_tamed_when_affinity_and_loyalty_stack_to_its_tameability() -> None:
    """#tameability: "A species becomes tame once player affinity and card effects stack
    equally with the species tameability"; the level of its gene plus its loyalty."""
    species = sorted((c for c in CARDS.values() if c.card_type == "species" and c.tameability),
                     key=lambda c: c.tameability or 0)
    card = next(c for c in species if (c.tameability or 0) >= 2)
    gene = card.archetypal_gene or ""
    p = Progress()
    for day in range(card.tameability or 0):
        affinity.declare(p, gene, DAY + datetime.timedelta(days=day))
    progress = {row["card"]: row for row in affinity.tameability_progress(p)}
    assert progress[card.id]["control"] == card.tameability and progress[card.id]["tame"]
    p.affinity[gene] -= 1
    assert not {r["card"]: r for r in affinity.tameability_progress(p)}[card.id]["tame"]
    affinity.fought(p, card.id, DAY)
    assert affinity.control(p, card) == card.tameability, "a day of loyalty makes up the level lost"
    untameable = [r for r in affinity.tameability_progress(p) if r["tameability"] is None]
    assert untameable and not any(r["tame"] for r in untameable), "no bonus tames a species with none"


def test_a_record_is_read_back_checked_and_bounded() -> None:
    p = Progress()
    affinity.declare(p, "Avian", DAY)
    affinity.fought(p, "hilbert_king_of_avian_frogs", DAY)
    assert affinity.from_json(json.dumps(p.to_json())) == p
    for bad, why in [
        ("x" * (affinity.MAX_PROGRESS_TEXT + 1), "longer than"),
        ("[1, 2]", "must be an object"),
        ("{", "not JSON"),
        ('{"affinity": {"Dragon": 1}}', "unknown entries"),
        ('{"affinity": {"Avian": -1}}', "whole number"),
        ('{"affinity": {"Avian": true}}', "whole number"),
        ('{"loyalty": {"cartesian_sea": 1}}', "unknown entries"),
        ('{"declared_on": "yesterday"}', "a day like"),
        ('{"crux": "Dragon"}', "not an archetypal"),
        ('{"level": 3}', "unknown fields"),
    ]:
        with pytest.raises(ValueError, match=why):
            affinity.from_json(bad)


def test_a_games_growth_is_each_seats_crux_and_the_souls_it_fought_with() -> None:
    """A seeded random game to its first fights: each seat's growth names the crux it declared
    in the game and only souls of its own seen in a bout; applied twice the same day, the
    second adds nothing."""
    game = soulforge.load("kipukas")
    state = game.new_game(seed=3)
    rng = random.Random(3)
    fights = 0
    while not state.is_over and state.move_number < 3000 and fights < 4:
        state.apply(rng.choice(state.legal_actions()))
        fights += state.attacker >= 0 and state.defender >= 0
    assert fights, "the seeded game reached a fight"
    growth = affinity.game_growth(state.record())
    assert set(growth) == {0, 1}
    assert [g.crux for g in growth.values()] == state.affinity
    fought = [card for g in growth.values() for card in g.fought]
    assert fought and all(CARDS[c].soul for c in fought)
    p = Progress()
    grew = affinity.grow(p, growth[0], DAY)
    assert grew and p.crux == growth[0].crux and p.affinity == {growth[0].crux: 1}
    assert affinity.grow(p, growth[0], DAY) == []
    assert affinity.grow(Progress(), GameGrowth(None, ()), DAY) == []


def test_the_progress_option_adds_each_seats_record_to_its_control() -> None:
    """A table with the ``progress`` option (off by default): a seat's control over a species
    is its declared affinity (+1 on the gene) plus its record's affinity level for the gene and
    the card's loyalty (#tameability, #taming "the player's base affinity level"). Myrthvither
    Raven (Avian, tameability 2): seat 0, crux Avian, controls 1 of it without a record and
    would play it untamed; one day of its loyalty tames it."""
    plain = fresh()
    assert plain.game.progress == () and taming.control_over(plain, 0, "Avian", "myrthvither_raven") == 1
    plain.active = 0
    assert untameable_by(plain, "myrthvither_raven")
    records = [{"loyalty": {"myrthvither_raven": 1}}, {"affinity": {"Magic": 3}}]
    s = fresh(progress=json.dumps(records))
    s.active = 0
    assert taming.control_over(s, 0, "Avian", "myrthvither_raven") == 2
    assert not untameable_by(s, "myrthvither_raven"), "within control: played tame, not offered untamed"
    assert taming.control_over(s, 1, "Magic", "allele_sect_explorer") == 3, "level 3, crux Decrepit: +0"
    assert Kipukas(progress=json.dumps([None])).progress == (None,)
    for bad in ("{", '{"a": 1}', json.dumps([{}] * 5), json.dumps([{"affinity": {"Dragon": 1}}])):
        with pytest.raises(OptionError, match="option 'progress'"):
            soulforge.load("kipukas", progress=bad)


def test_a_rogues_fight_leaves_a_loyalty_trace_for_the_seat_it_attacked() -> None:
    """#affinity: "Each time you play a specific Character or Species card in combat, that
    card's loyalty counter increases"; a rogue's fight (#rouge) is settled inside one action,
    so the engine keeps the trace (``state.fought``): the seat's soul attacked by the rogue
    counts, the rogue's own card is no seat's."""
    from soulforge.games.kipukas import rogue

    from .test_cards import Loaded

    s = fresh()
    sboi = put(s, 0, "sboi_threat_plus_plus", "T6")
    rogue.make_rogue(s, sboi)
    put(s, 1, "hilbert_king_of_avian_frogs", "T6")
    s.rng = Loaded(1, 1, 1, 1, 6, 6)  # the rogue throws low: it loses its one bout
    rogue.rampage(s, sboi)
    assert s.attacker == s.defender == -1, "settled inside the action: no fight left to see"
    assert s.fought == [[], ["hilbert_king_of_avian_frogs"]]


def test_a_games_growth_counts_the_souls_a_rogue_fought() -> None:
    """A seeded random game where a rogue attacks seat 1's Hilbert and no fight the seats
    decide ever shows him: reading the fights after each action missed him (the fight is over
    within the action); the engine's trace gives him his loyalty."""
    game = soulforge.load("kipukas")
    state = game.new_game(seed=6)
    rng = random.Random(6)
    seen_after_actions: set[tuple[int, str]] = set()
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        for p in (state.attacker, state.defender) if min(state.attacker, state.defender) >= 0 else ():
            seen_after_actions.add((state.owner[p], state.card[p]))
    hilbert = "hilbert_king_of_avian_frogs"
    log = [str(line) for line in state.log(None)]
    assert any(line.startswith("the rogue ") and f"attacks seat 1's {CARDS[hilbert].name}" in line
               for line in log)
    assert (1, hilbert) not in seen_after_actions
    growth = affinity.game_growth(state.record())
    assert hilbert in growth[1].fought
    p = Progress()
    assert f"{CARDS[hilbert].name}'s loyalty is now 1" in affinity.grow(p, growth[1], DAY)
