"""The core contract, checked for every registered game (DESIGN.md, "The core contract").

Each later game gets these tests for free by being registered in ``soulforge.GAMES``.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import soulforge
from soulforge import IllegalAction, Record, State

GAME_IDS = soulforge.GAMES
PLAYOUT_SEEDS = range(12)


def seats(state: State) -> list[int | None]:
    return [*range(state.num_players), None]


def all_views(state: State) -> str:
    """Every seat's view and log, as one canonical JSON text."""
    return json.dumps([[state.view(p), state.log(p)] for p in seats(state)], sort_keys=True)


def playout(game_id: str, seed: int, stop_at: int | None = None) -> State:
    """A seeded random playout (to the end, or ``stop_at`` moves)."""
    game = soulforge.load(game_id)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_over and (stop_at is None or state.move_number < stop_at):
        state.apply(rng.choice(state.legal_actions()))
    played: State = state
    return played


def sampled_states(game_id: str, seeds: range = range(3), every: int = 7) -> list[State]:
    """Clones of mid-game states from a few seeded playouts."""
    found: list[State] = []
    for seed in seeds:
        state = soulforge.load(game_id).new_game(seed=seed)
        rng = random.Random(1000 + seed)
        while not state.is_over:
            if state.move_number % every == 0:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


@pytest.fixture(params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_random_playouts_end_within_bound(game_id: str) -> None:
    game = soulforge.load(game_id)
    for seed in PLAYOUT_SEEDS:
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert state.move_number < game.max_game_length, f"seed {seed} did not end"
            legal = state.legal_actions()
            assert legal, "legal_actions is empty only when the game is over"
            assert state.current_player in range(state.num_players)
            state.apply(rng.choice(legal))
        assert state.current_player is None
        assert state.legal_actions() == []
        assert len(state.returns()) == state.num_players


def test_every_legal_action_applies(game_id: str) -> None:
    for state in sampled_states(game_id, every=11):
        for action in state.legal_actions():
            twin = state.clone()
            twin.apply(action, player=state.current_player)
            assert twin.move_number == state.move_number + 1


def _an_illegal_action(state: State) -> soulforge.Action | None:
    legal = set(state.legal_actions())
    game = state.game
    for index in range(game.num_distinct_actions):
        if game.action_at(index) not in legal:
            return game.action_at(index)
    return None


def test_refused_actions_change_nothing(game_id: str) -> None:
    for state in sampled_states(game_id):
        before = all_views(state)
        if state.is_over:
            with pytest.raises(IllegalAction, match="game over"):
                state.apply(state.game.action_at(0))
            continue
        illegal = _an_illegal_action(state)
        if illegal is not None:
            with pytest.raises(IllegalAction):
                state.apply(illegal)
        kind = state.legal_actions()[0].kind
        malformed: list[object] = [{"type": "no-such-action"}, [], "x", {"type": kind, "zz": 1}]
        for bad in malformed:
            with pytest.raises(IllegalAction):
                state.apply_json(bad)
        if state.num_players > 1:
            other = (state.current_player + 1) % state.num_players  # type: ignore[operator]
            with pytest.raises(IllegalAction, match="turn order"):
                state.apply(state.legal_actions()[0], player=other)
        assert all_views(state) == before


def test_same_seed_and_actions_give_equal_views(game_id: str) -> None:
    first = playout(game_id, seed=5)
    second = soulforge.load(game_id).new_game(seed=5)
    for action in first.history:
        second.apply(action)
    assert all_views(first) == all_views(second)


def test_views_and_logs_are_json(game_id: str) -> None:
    for state in sampled_states(game_id, every=3):
        for player in seats(state):
            view = state.view(player)
            assert json.loads(json.dumps(view)) == view
            assert all(isinstance(line, str) for line in state.log(player))
            assert view["current_player"] == state.current_player


def test_determinize_keeps_the_view(game_id: str) -> None:
    for state in sampled_states(game_id):
        for player in range(state.num_players):
            world = state.determinize(player, random.Random(11))
            assert world.view(player) == state.view(player)
            assert world.log(player) == state.log(player)
            if state.current_player == player:
                assert world.legal_actions() == state.legal_actions()


def test_determinize_depends_only_on_the_view(game_id: str) -> None:
    """Two states a seat cannot tell apart determinize alike: nothing hidden leaks."""
    for state in sampled_states(game_id):
        for player in range(state.num_players):
            other_world = state.determinize(player, random.Random(99))
            one = state.determinize(player, random.Random(5))
            two = other_world.determinize(player, random.Random(5))
            assert all_views(one) == all_views(two)


def test_the_acting_seat_knows_its_legal_actions(game_id: str) -> None:
    """Two moves from one position that leave the next seat unable to tell them apart must
    leave it the same legal actions: otherwise its moves depend on something it cannot see
    (and OpenSpiel's IS-MCTS, which keys its tree by information state, breaks)."""
    for state in sampled_states(game_id, every=5):
        if state.is_over:
            continue
        seen: dict[str, list[str]] = {}
        for action in state.legal_actions()[:12]:
            child = state.clone()
            child.apply(action)
            seat = child.current_player
            if seat is None:
                continue
            known = json.dumps([seat, child.view(seat), child.log(seat)], sort_keys=True)
            legal = sorted(str(move) for move in child.legal_actions())
            assert seen.setdefault(known, legal) == legal, f"after {action} at move {state.move_number}"


def test_spectator_sees_no_more_than_any_seat(game_id: str) -> None:
    """Resampling what a seat cannot see never changes the spectator's view."""
    for state in sampled_states(game_id):
        for player in range(state.num_players):
            world = state.determinize(player, random.Random(3))
            assert world.view(None) == state.view(None)


def test_clone_is_independent(game_id: str) -> None:
    for state in sampled_states(game_id):
        if state.is_over:
            continue
        before = all_views(state)
        twin = state.clone()
        rng = random.Random(2)
        for _ in range(5):
            if twin.is_over:
                break
            twin.apply(rng.choice(twin.legal_actions()))
        assert all_views(state) == before


def test_first_player_once_known_is_a_seat_that_never_changes(game_id: str) -> None:
    """Simulations report the starting player's win rate from ``first_player``."""
    for seed in range(3):
        state = soulforge.load(game_id).new_game(seed=seed)
        rng, known = random.Random(seed), None
        while not state.is_over:
            first = state.first_player
            if known is not None:
                assert first == known, "the starter never changes once known"
            elif first is not None:
                assert 0 <= first < state.num_players
                known = first
            assert state.clone().first_player == first
            state.apply(rng.choice(state.legal_actions()))
        assert state.first_player == known


def test_records_round_trip_and_replay(game_id: str) -> None:
    for seed in range(3):
        state = playout(game_id, seed=seed, stop_at=None if seed == 0 else 25 * seed)
        text = json.dumps(state.record().to_json())
        again = Record.from_json(json.loads(text)).replay()
        assert all_views(again) == all_views(state)


def test_action_index_and_json_round_trip(game_id: str) -> None:
    game = soulforge.load(game_id)
    assert game.num_distinct_actions > 0
    for state in sampled_states(game_id, every=1, seeds=range(2)):
        for action in state.legal_actions():
            assert game.action_at(game.action_index(action)) == action
            assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
            assert str(action)
            assert hash(action) == hash(game.action_from_json(action.to_json()))


def test_unknown_option_is_refused_by_name(game_id: str) -> None:
    with pytest.raises(ValueError, match="no_such_option"):
        soulforge.load(game_id, no_such_option=1)


def test_player_counts_are_checked(game_id: str) -> None:
    game = soulforge.load(game_id)
    with pytest.raises(ValueError, match="players"):
        game.new_game(seed=1, players=game.max_players + 1)
    state = game.new_game(seed=1, players=game.min_players)
    assert state.num_players == game.min_players


@pytest.mark.parametrize("game_id", soulforge.GAMES)
def test_the_outcome_says_who_won_in_words(game_id: str) -> None:
    """Issue 16, the end: a finished game says who won and how; an unfinished one, nothing."""
    state = playout(game_id, 3, stop_at=4)
    assert state.outcome() == ""
    state = playout(game_id, 3)
    words = state.outcome()
    best = max(state.returns())
    winners = [seat for seat, value in enumerate(state.returns()) if value == best]
    assert words.endswith(".") and "returns" not in words
    if len(winners) == 1:
        assert f"Seat {winners[0]} wins" in words


SLOPPY_TEXT = re.compile(
    r"\(s\)|\b[Tt]he [Tt]he\b|\ban? [Aa]n?\b|\ba [AEIOU]\w|\b[a-z]+_[a-z_]+\b|\b(\w+) \1\b")
"""What a player-facing line must not hold: "card(s)", "the The", "a Imperial", an internal
id such as ``dimensional_shift``, a doubled word."""


def test_player_facing_text_is_clean(game_id: str) -> None:
    """Issue 16, "Text": articles, plurals, no doubled words, no internal ids, in every log
    line of every seat, every prompt and every action label of seeded playouts."""
    sloppy: set[str] = set()
    for seed in range(6):
        state = soulforge.load(game_id).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            sloppy |= {text for text in [state.prompt(), *map(str, legal)] if SLOPPY_TEXT.search(text)}
            state.apply(rng.choice(legal))
        lines = [str(line) for seat in seats(state) for line in state.log(seat)]
        sloppy |= {line for line in lines if SLOPPY_TEXT.search(line)}
    assert not sloppy, sorted(sloppy)[:10]
