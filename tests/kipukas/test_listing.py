"""The fast day listing (``listing.day_listing``) against the day rules' own listing."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import soulforge
from soulforge.core import Action, Game
from soulforge.core.flow import CheckedRule
from soulforge.games.kipukas import cards, movement
from soulforge.games.kipukas.encoding import DAY, NIGHT, PUBLIC, TURNING
from soulforge.games.kipukas.game import Kipukas
from soulforge.games.kipukas.rules import FLOW, card_moves, day
from soulforge.games.kipukas.state import KipukasState
from tests import playouts


@pytest.mark.parametrize(("board", "players", "seeds"), [("duel", 2, 40), ("grand", 3, 8), ("grand", 4, 8)])
def test_the_fast_day_listing_is_the_rules_listing(board: str, players: int, seeds: int) -> None:
    """Equal as lists (same actions, same order) at every day position of seeded playouts."""
    game = soulforge.load("kipukas", map=board)
    checked = sum(1 for seed in range(seeds) for _ in checked_day_listings(game, seed, players))
    assert checked > 50 * seeds


@pytest.mark.slow
@pytest.mark.parametrize(
    ("board", "players", "first", "last"), [("duel", 2, 40, 400), ("grand", 3, 8, 60), ("grand", 4, 8, 60)]
)
def test_the_fast_day_listing_is_the_rules_listing_over_more_games(
    board: str, players: int, first: int, last: int
) -> None:
    """The same over many more games: the fast listing skips whole rules on cheap tests (no
    soul with an item, no trap card, no den, no rogue at large...), and the rare positions where
    those tests pass are the ones to compare."""
    game = soulforge.load("kipukas", map=board)
    checked = sum(1 for seed in range(first, last) for _ in checked_day_listings(game, seed, players))
    assert checked > 50 * (last - first)


def test_the_acting_trait_covers_every_card_the_skipped_listings_look_for() -> None:
    """The fast listing skips the sacrifice, dig, donation, carriage and form listings when no
    soul of the seat has ``Traits.acts``: every card those listings act on must have it."""
    game = soulforge.load("kipukas")
    assert isinstance(game, Kipukas)
    acting = {card_id for card_id, traits in game.traits.items() if traits.acts}
    diggers = {card_id for card_id, card in game.cards.items() if card.habitat == "Underground"}
    looked_for = card_moves._SACRIFICERS | card_moves._DONORS | card_moves._CARRIED | card_moves._FORMS
    assert diggers and looked_for
    assert (looked_for & game.cards.keys()) | diggers <= acting


def test_every_step_lists_what_its_rules_list() -> None:
    """Every step's listing (the day's fast listing; the other steps' the core's plain listing,
    compiled in ``core.listers``) equals the rules' own (``Flow.plain_legal``), as a list, at
    every position of seeded playouts."""
    game = soulforge.load("kipukas")
    phases = set()
    for seed in range(12):
        state = game.new_game(seed=seed)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal == FLOW.plain_legal(state), (seed, state.move_number, state.phase)
            phases.add(state.phase)
            state.apply(chooser.choice(legal))
    assert {DAY, NIGHT, TURNING} <= phases


def test_the_cycle_and_roll_traits_are_the_abilities() -> None:
    """``cards.on_cycle_start`` skips the pieces whose ``Traits.cycles`` is off and
    ``cards.diel_turns`` reads ``Traits.turns_roll``: both are the card's ability, for every card."""
    game = soulforge.load("kipukas")
    assert isinstance(game, Kipukas)
    for card_id, traits in game.traits.items():
        found = cards.ability(card_id)
        assert traits.cycles == (found.cycle is not None), card_id
        assert traits.turns_roll == found.turns_roll, card_id
    assert any(t.cycles for t in game.traits.values()) and any(t.turns_roll for t in game.traits.values())


def test_the_batched_soul_tests_are_the_single_ones() -> None:
    """``movement.free_souls`` and ``day.face_down`` (the listings' tests of every piece of a
    seat, the state's lists read once) keep exactly the pieces ``free_to_move`` and
    ``_face_down`` keep, in order, at every position of seeded playouts."""
    states = playouts.positions("kipukas", range(4), limit=10_000)
    for state in states:
        pieces = list(range(len(state.card)))
        free = [p for p in pieces if movement.free_to_move(state, p)]
        assert movement.free_souls(state, pieces) == free
        assert day.face_down(state, pieces) == [p for p in pieces if not state.known[p] & PUBLIC]
    assert len(states) > 400


def checked_day_listings(game: Game, seed: int, players: int = 2) -> Iterator[list[Action]]:
    """The fast listing of every day position of a seeded random playout, each checked equal
    to the rules' own listing."""
    state = game.new_game(seed=seed, players=players)
    assert isinstance(state, KipukasState)
    chooser = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase == DAY:
            assert legal == state.flow.plain_legal(state), (seed, state.move_number)
            yield legal
        state.apply(chooser.choice(legal))


def test_the_checked_rules_list_exactly_what_their_checks_let_through() -> None:
    """Issue 31: a rule written as named checks (``CheckedRule``) lists, with its own fast
    listing, exactly the candidates its checks let through, so the listing and the refusal are
    one statement. Checked at every position of seeded playouts, for the rules open there.
    Every rule of the game is one: none pairs a listing with a prose refusal of its own."""
    checked = [rule for rule in FLOW.rules if isinstance(rule, CheckedRule)]
    assert len(checked) == len(FLOW.rules) == 69
    assert not [type(rule).__name__ for rule in checked if "refusal" in type(rule).__dict__]
    game = soulforge.load("kipukas")
    positions = 0
    for seed in range(6):
        state = game.new_game(seed=seed)
        assert isinstance(state, KipukasState)
        chooser = random.Random(seed)
        while not state.is_over:
            positions += 1
            for rule in FLOW.step(state).rules:
                if isinstance(rule, CheckedRule):
                    listed = set(rule.legal(state))
                    passing = {a for a in rule.candidates(state) if rule.reason(state, a) is None}
                    assert listed == passing, (seed, type(rule).__name__)
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
    assert positions > 1000  # (6 games: every checked rule lists something in them)
