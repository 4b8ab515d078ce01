"""Values the state keeps across positions instead of scanning for them (issue 32), proven
equal to the same values computed afresh at every position of seeded random and greedy
playouts, on the state, its clone and its copy restored from bytes."""

from __future__ import annotations

import random
from collections.abc import Iterator

from soulforge.agents import load
from soulforge.games.soulgivers.encoding import PORTAL, TEAM_PIECES, TEAMS, position_masks
from soulforge.games.soulgivers.flow import FLOW
from soulforge.games.soulgivers.state import SoulgiversState

from .helpers import GAME, blank, cell, piece


def random_positions(seeds: range) -> Iterator[SoulgiversState]:
    for seed in seeds:
        s = GAME.new_game(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            yield s
            s.apply(rng.choice(s.legal_actions()))
        yield s


def greedy_positions(seeds: range) -> Iterator[SoulgiversState]:
    for seed in seeds:
        s = GAME.new_game(seed=seed)
        agents = [load("greedy", seed=seed), load("greedy", seed=seed + 1)]
        while not s.is_over and s.move_number < 60:
            yield s
            seat = s.current_player
            assert seat is not None
            s.apply(agents[seat].act(s, seat))
        yield s


def assert_kept_equal_fresh(s: SoulgiversState) -> None:
    """The masks of the pieces in play and on the board, as kept, are those ``pos`` gives; the
    team lists read from them are the scans of ``pos`` they replace."""
    assert (s.in_play, s.on_board) == position_masks(s.pos)
    for team in TEAMS:
        assert s.team_pieces(team) == [p for p in TEAM_PIECES[team] if s.pos[p] >= 0]
        assert s.board_pieces(team) == [p for p in TEAM_PIECES[team] if 0 <= s.pos[p] < PORTAL]


def test_kept_masks_equal_fresh_ones_in_random_playouts_clones_and_restored_copies() -> None:
    checked = 0
    for s in random_positions(range(12)):
        assert_kept_equal_fresh(s)
        copy = s.clone()
        assert_kept_equal_fresh(copy)
        assert copy.legal_actions() == s.legal_actions()
        if checked % 4 == 0:
            restored = GAME.state_from_bytes(s.to_bytes())
            assert_kept_equal_fresh(restored)
            assert restored.legal_actions() == s.legal_actions()
        checked += 1
    assert checked > 2000


def test_kept_masks_equal_fresh_ones_in_greedy_playouts() -> None:
    checked = 0
    for s in greedy_positions(range(1)):
        assert_kept_equal_fresh(s)
        assert_kept_equal_fresh(s.clone())
        checked += 1
    assert checked > 50


def test_the_fast_listing_reads_the_kept_masks_as_the_rules_read_positions() -> None:
    """The main phase's listing (declarable Soulgivers, from the masks) equals the rules' own
    at every position of seeded games, in the same order (agents pick by position)."""
    for s in random_positions(range(6)):
        if not s.is_over and FLOW.step(s).fast_legal is not None:
            assert s.legal_actions() == FLOW.plain_legal(s)


def test_a_position_built_by_hand_is_recounted() -> None:
    """Tests that write ``pos`` directly call ``recount``; ``set_position`` keeps the masks."""
    s = blank()
    a = piece(s, 0, "architect", "A1")
    b = piece(s, 1, "architect", 2)
    assert_kept_equal_fresh(s)
    s.pos[a], s.occ[cell("A1")] = -1, -1
    assert (s.in_play, s.on_board) != position_masks(s.pos)
    s.recount()
    assert_kept_equal_fresh(s)
    assert s.team_pieces(0) == [] and s.team_pieces(1) == [b] and s.board_pieces(1) == []
