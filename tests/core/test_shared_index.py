"""The fixed action index is shared per game (issue 29, defect 2): built once per process for
a game and the options it reads, so that a table costs its state, not the whole index
(Kipukas' index alone holds ~146,000 actions, 17 MB)."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import pytest

import soulforge
import soulforge.games
from soulforge.core import game as core_game
from soulforge.core.options import Option, OptionValue


def other_decks_and_limits(game_id: str) -> dict[str, Any]:
    """Options of another table of ``game_id`` that its action index does not read: each
    deck option set to the next deck option's default (another built-in deck), and each
    ranged number the game leaves out of :attr:`~soulforge.core.game.Game.index_options`
    set to another value of its range (a game naming no ``index_options`` keeps them)."""
    specs = soulforge.games.game_class(game_id).option_specs
    kept = soulforge.games.game_class(game_id).index_options
    decks = [spec for spec in specs if spec.deck]
    other: dict[str, Any] = {spec.name: decks[(i + 1) % len(decks)].default for i, spec in enumerate(decks)}
    for spec in specs:
        ranged = spec.minimum is not None and spec.maximum is not None
        if ranged and kept is not None and spec.name not in kept:
            other[spec.name] = spec.minimum if spec.default != spec.minimum else spec.maximum
    return other


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_two_tables_of_a_game_share_one_action_index(game_id: str) -> None:
    """Two game objects (two tables), even with other decks or limits, hold the same index."""
    first = soulforge.load(game_id)
    second = soulforge.load(game_id, **other_decks_and_limits(game_id))
    assert first._action_table is second._action_table
    assert first._action_numbers is second._action_numbers


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_a_table_costs_well_under_a_megabyte_once_the_index_exists(game_id: str) -> None:
    """Creating a game and decoding and playing one move allocates under 1 MB (before the
    index was shared: 17.6 MB for Kipukas, 2 MB for Soul of Ankiril)."""
    warm = soulforge.load(game_id).new_game(seed=1)
    warm.game.prepare_action_index()
    move = warm.legal_actions()[0].to_json()
    gc.collect()
    tracemalloc.start()
    try:
        state = soulforge.load(game_id).new_game(seed=1)
        state.apply_json(move)
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert state.move_number == 1
    assert held < 1_000_000, f"{game_id}: a table holds {held / 1e6:.2f} MB"
    assert peak < 2_000_000, f"{game_id}: making a table peaked at {peak / 1e6:.2f} MB"


def test_the_index_cache_is_bounded_and_keyed_by_what_the_index_reads() -> None:
    """Data overrides make another index; the cache keeps at most INDEX_CACHE_SIZE of them."""
    plain = soulforge.load("five_realms")
    other = soulforge.load("five_realms", copies=1)  # five_realms reads every option
    assert plain.index_key() != other.index_key()
    for copies in (1, 2):
        soulforge.load("five_realms", copies=copies).prepare_action_index()
    assert len(core_game._INDEXES) <= core_game.INDEX_CACHE_SIZE


def _another_value(spec: Option, specs: tuple[Option, ...]) -> OptionValue:
    """A valid value of ``spec`` other than its default (another seat's deck for a deck; free
    text, which has no other value known to be valid, keeps its default)."""
    if spec.type is str and not spec.deck and not spec.choices:
        return spec.default
    if spec.deck:
        return next(s.default for s in specs if s.deck and s.default != spec.default)
    if spec.choices:
        return next(c for c in spec.choices if c != spec.default)
    if spec.type is bool:
        return not spec.default
    low, high = spec.minimum, spec.maximum
    assert low is not None and high is not None
    return low if spec.default != low else high


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_options_outside_the_index_key_leave_the_index_unchanged(game_id: str) -> None:
    """A game whose index key ignores an option must mean it: the index enumerated with every
    such option changed is the shared one, action for action."""
    plain = soulforge.load(game_id)
    specs = plain.option_specs
    ignored = {spec.name: _another_value(spec, specs) for spec in specs
               if soulforge.load(game_id, **{spec.name: _another_value(spec, specs)}).index_key()
               == plain.index_key()}
    if not ignored:
        pytest.skip("the index key reads every option: nothing to check")
    game = soulforge.load(game_id, **ignored)
    assert game.index_key() == plain.index_key()
    assert tuple(game._enumerate_actions()) == plain._action_table
