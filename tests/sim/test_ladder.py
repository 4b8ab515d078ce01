"""Agent ladders: Elo from a round robin, with bootstrap intervals."""

from __future__ import annotations

from pathlib import Path

import pytest

from soulforge.sim.ladder import (
    HeadToHead,
    Rating,
    fit_elo,
    head_to_head,
    is_ordered,
    ladder,
    level_verdict,
    outcomes,
    play_round_robin,
)
from soulforge.sim.report import render_ladder


def games(a: str, b: str, a_wins: int, b_wins: int, draws: int = 0) -> list[dict[str, object]]:
    """Rows of ``a`` against ``b`` (seats alternating)."""
    results = [0] * a_wins + [1] * b_wins + [None] * draws
    rows: list[dict[str, object]] = []
    for i, result in enumerate(results):
        seats = [a, b] if i % 2 == 0 else [b, a]
        winner = None if result is None else seats.index([a, b][result])
        rows.append({"agents": seats, "winner": winner})
    return rows


def test_outcomes_score_each_pair_from_its_first_agent() -> None:
    assert outcomes(games("x", "a", 3, 1, 2)) == {("a", "x"): [0.0, 0.0, 0.0, 1.0, 0.5, 0.5]}


def test_an_even_pair_is_rated_even_and_a_stronger_agent_higher() -> None:
    even = fit_elo({("a", "b"): (10.0, 20)})
    assert even["a"] == pytest.approx(1500) and even["b"] == pytest.approx(1500)
    rows = games("hard", "easy", 16, 4) + games("hard", "normal", 12, 8) + games("normal", "easy", 13, 7)
    ratings = ladder(rows, resamples=100)
    assert [r.agent for r in ratings] == ["hard", "normal", "easy"]
    assert is_ordered(ratings, ["easy", "normal", "hard"])
    assert all(r.low <= r.elo <= r.high and r.games == 40 for r in ratings)
    assert sum(r.elo for r in ratings) / 3 == pytest.approx(1500)
    hard = ratings[0]
    assert hard.score == pytest.approx(28 / 40)
    assert render_ladder(ratings, "toy").count("data:image/png;base64,") == 1


@pytest.mark.usefixtures("toy_games")
def test_a_round_robin_plays_every_pair_on_paired_seeds(tmp_path: Path) -> None:
    rows = play_round_robin("tricks", ["random", "greedy", "greedy:follow=0"], 4, 5, tmp_path)
    assert len(rows) == 12 and len(list(tmp_path.glob("*.jsonl"))) == 3
    again = play_round_robin("tricks", ["random", "greedy", "greedy:follow=0"], 4, 5, tmp_path)
    assert len(again) == 12, "resumed: nothing played twice"
    assert {r.agent for r in ladder(rows, resamples=20)} == {"random", "greedy", "greedy:follow=0"}
    with pytest.raises(ValueError, match="different agents"):
        play_round_robin("tricks", ["random", "random"], 2, 0, tmp_path)


def test_a_clean_sweeps_collapsed_interval_still_plots() -> None:
    """Every pair swept: the bootstrap gives the fit itself, a rounding above or below it."""
    ratings = [Rating("hard", 1911.0, 1911.0000000001, 1911.0, 18, 1.0),
               Rating("random", 1089.0, 1089.0, 1088.9999999999, 18, 0.0)]
    assert render_ladder(ratings, "swept").count("data:image/png;base64,") == 1


def test_levels_are_ordered_only_when_adjacent_intervals_separate() -> None:
    """The ladder printed "ordered" while easy ranked below random with overlapping intervals."""
    close = games("hard", "easy", 16, 4) + games("hard", "normal", 11, 9) + games("normal", "easy", 11, 9)
    ratings = ladder(close, resamples=100)
    assert is_ordered(ratings, ["easy", "normal", "hard"]), "the point estimates are in order"
    verdict = level_verdict(ratings, ["easy", "normal", "hard"], head_to_head(close))
    assert verdict.word == "cannot tell"
    assert verdict.steps[0] == "easy vs normal: Elo intervals overlap; normal 11-9"
    far = games("hard", "easy", 40, 0) + games("hard", "normal", 38, 2) + games("normal", "easy", 38, 2)
    clear = level_verdict(ladder(far, resamples=100), ["easy", "normal", "hard"], head_to_head(far))
    assert clear.word == "ordered"
    assert clear.steps == ("easy < normal: told apart", "normal < hard: told apart")
    wrong = level_verdict(ladder(far, resamples=100), ["hard", "normal"], head_to_head(far))
    assert wrong.word == "NOT ordered"


def test_a_collapsed_interval_of_a_short_sweep_is_not_told_apart() -> None:
    """Every pair swept 2-0: the bootstrap interval collapses onto the fit, the head-to-head does not."""
    swept = games("b", "a", 2, 0)
    ratings = ladder(swept, resamples=50)
    assert ratings[0].low > ratings[1].high, "the bootstrap intervals separate"
    verdict = level_verdict(ratings, ["a", "b"], head_to_head(swept))
    assert verdict.word == "cannot tell"
    assert verdict.steps == ("a vs b: Elo intervals apart, but b 2-0 head to head "
                             "(34-100% of decisive games) holds 50%",)


def test_the_ladder_page_shows_the_head_to_head_matrix() -> None:
    rows = games("hard", "easy", 7, 2, 1) + games("hard", "normal", 5, 5)
    ratings = ladder(rows, resamples=20)
    records = head_to_head(rows)
    assert records[("hard", "easy")] == HeadToHead("hard", "easy", 7, 2, 1)
    verdict = level_verdict(ratings, ["easy", "normal", "hard"], records)
    page = render_ladder(ratings, "toy", records, verdict)
    assert "Head to head" in page and "<td>7-2-1 (77.8% [45.3%, 93.7%] of decisive)</td>" in page
    assert "<td>2-7-1 (" in page and f"levels: {verdict.word}" in page
