"""Paired matches between two configurations of one level (``soulforge.sim.paired``), on the
toy game: the specs, the deals played from both seats, the tally, and a spec's parameters
changed in place (``with_params``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import soulforge
from soulforge.agents import level_spec, with_params
from soulforge.sim.paired import level_pair, match_config, play_match
from soulforge.sim.runner import load_results
from tests import toy


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    toy.register(monkeypatch)


def test_with_params_changes_a_parameter_in_place_and_adds_the_others() -> None:
    changed = with_params("ismcts:iterations=6,widen=2.5", "widen=1, seed=3")
    assert changed == "ismcts:iterations=6,widen=1,seed=3"
    assert with_params("ismcts:iterations=6", "") == "ismcts:iterations=6"
    with pytest.raises(ValueError, match="given twice"):
        with_params("ismcts", "iterations=2,iterations=3")


def test_level_pair_changes_the_level_as_the_game_declares_it() -> None:
    new, old = level_pair("tricks", "normal", "iterations=20", "iterations=2")
    assert new == with_params(level_spec("normal"), "iterations=20")
    assert old == with_params(level_spec("normal"), "iterations=2")
    assert level_pair("soul_of_ankiril", "hard", "iterations=9")[1] == level_spec(
        "hard", soulforge.load("soul_of_ankiril"))


def test_each_deal_is_played_from_both_seats_and_tallied_for_the_new_side(tmp_path: Path) -> None:
    new, old = "ismcts:iterations=10,rollout_depth=5", "random"
    config = match_config("tricks", new, old, deals=3, seed=7)
    result = play_match(config, tmp_path / "match.jsonl")
    rows = load_results(tmp_path / "match.jsonl")
    assert sorted((row["seed"], tuple(row["agents"])) for row in rows) == [
        (seed, seats) for seed in (7, 8, 9) for seats in ((new, old), (old, new))]
    won = sum(row["winner_agent"] == new for row in rows)
    lost = sum(row["winner_agent"] == old for row in rows)
    assert (result.games, result.wins, result.losses, result.draws) == (6, won, lost, 6 - won - lost)
    assert result.deals.deals == 3
    rate = result.win_rate()
    assert rate.successes == won and rate.low <= won / 6 <= rate.high
    assert result.describe().startswith(f"new won {won}, lost {lost}, drew {6 - won - lost} of 6 games")


def test_the_same_command_resumes_and_replays_the_same_games(tmp_path: Path) -> None:
    config = match_config("tricks", "greedy:follow=0", "random", deals=2, seed=1)
    first = play_match(config, tmp_path / "a.jsonl")
    again = play_match(config, tmp_path / "a.jsonl")  # every game is in the file: none is played
    fresh = play_match(config, tmp_path / "b.jsonl")
    assert first == again == fresh


def test_a_match_needs_a_deal() -> None:
    with pytest.raises(ValueError, match="deals"):
        match_config("tricks", "random", "greedy", deals=0)
