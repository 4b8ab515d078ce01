"""Statistics of simulation results (pure functions)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from soulforge.sim.stats import (
    DealStats,
    Proportion,
    compare,
    deal_stats,
    difference_interval,
    sign_test,
    summarize,
    two_proportion_z_test,
    wilson_interval,
    winner_of,
    z_value,
)


def test_wilson_interval_known_values() -> None:
    """Reference values (Wilson 1927 / Newcombe 1998 table I)."""
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson_interval(15, 148) == pytest.approx((0.0624, 0.1605), abs=1e-4)
    assert wilson_interval(0, 20) == pytest.approx((0.0, 0.1611), abs=1e-4)
    assert wilson_interval(1, 29) == pytest.approx((0.0061, 0.1718), abs=1e-4)


def test_wilson_interval_edges_and_symmetry() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and 0.69 < low < 0.73
    a = wilson_interval(3, 17)
    b = wilson_interval(14, 17)
    assert a[0] == pytest.approx(1 - b[1]) and a[1] == pytest.approx(1 - b[0])


def test_wilson_interval_narrows_with_more_games() -> None:
    small = wilson_interval(5, 10)
    large = wilson_interval(500, 1000)
    assert large[1] - large[0] < small[1] - small[0]
    assert small[0] < 0.5 < small[1] and large[0] < 0.5 < large[1]


def test_wilson_interval_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        z_value(1.5)


def test_z_value_other_confidence() -> None:
    assert z_value(0.99) == pytest.approx(2.5758, abs=1e-4)
    assert wilson_interval(5, 10, 0.99)[0] < wilson_interval(5, 10)[0]


def test_two_proportion_z_test() -> None:
    z, p = two_proportion_z_test(60, 100, 40, 100)
    assert z == pytest.approx(2.8284, abs=1e-4)
    assert p == pytest.approx(0.00468, abs=1e-4)
    z, p = two_proportion_z_test(50, 100, 50, 100)
    assert z == 0 and p == pytest.approx(1.0)
    assert two_proportion_z_test(0, 0, 1, 2) == (0.0, 1.0)
    assert two_proportion_z_test(5, 5, 7, 7) == (0.0, 1.0)


def test_difference_interval_newcombe_reference() -> None:
    """Newcombe (1998) example (a): 56/70 - 48/80 gives [0.0524, 0.3339]."""
    assert difference_interval(56, 70, 48, 80) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_winner_of() -> None:
    assert winner_of([1.0, -1.0]) == 0
    assert winner_of([-1.0, 1.0]) == 1
    assert winner_of([0.0, 0.0]) is None
    assert winner_of([1.0, 1.0, -1.0]) is None
    assert winner_of([]) is None


ROWS: list[dict[str, Any]] = [
    {"agents": ["ismcts", "random"], "winner": 0, "length": 10, "duration": 1.0},
    {"agents": ["random", "ismcts"], "winner": 1, "length": 20, "duration": 2.0},
    {"agents": ["ismcts", "random"], "winner": 1, "length": 30, "duration": 3.0},
    {"agents": ["random", "ismcts"], "winner": None, "length": 40, "duration": 4.0},
]


def test_summarize_counts_wins_draws_and_seats() -> None:
    s = summarize(ROWS)
    assert s.games == 4 and s.draws == 1
    ismcts, random = s.agent("ismcts"), s.agent("random")
    assert ismcts is not None and random is not None
    assert (ismcts.games, ismcts.wins, ismcts.draws, ismcts.losses) == (4, 2, 1, 1)
    assert (random.games, random.wins, random.draws, random.losses) == (4, 1, 1, 2)
    assert ismcts.win_rate == Proportion.of(2, 4)
    assert s.first_seat.successes == 1 and s.first_seat.trials == 3
    assert [p.successes for p in s.seat_wins] == [1, 2]
    assert s.mean_length == 25 and s.mean_duration == 2.5
    assert s.agent("greedy") is None


def test_summarize_empty() -> None:
    s = summarize([])
    assert s.games == 0 and s.mean_length == 0 and s.first_seat.trials == 0 and s.agents == ()


def test_compare_reports_each_shared_agent_and_first_seat() -> None:
    a = summarize(ROWS)
    b = summarize([{"agents": ["ismcts", "random"], "winner": 0, "length": 5}] * 8)
    rows = {c.name: c for c in compare(a, b)}
    assert set(rows) == {"win rate ismcts", "win rate random", "first seat"}
    ismcts = rows["win rate ismcts"]
    assert ismcts.difference == pytest.approx(2 / 4 - 8 / 8)
    assert ismcts.low < ismcts.difference < ismcts.high
    assert 0 <= ismcts.p_value <= 1
    assert not math.isnan(rows["first seat"].z)


def deal(seed: int, *winners: str | None) -> list[dict[str, Any]]:
    """A two-agent deal: ``winners[k]`` won the game with seating k (a then b, b then a)."""
    seatings = (["a", "b"], ["b", "a"])
    games = zip(seatings, winners, strict=False)  # a deal cut short has fewer winners
    return [{"seed": seed, "agents": seats, "length": 1,
             "winner": None if w is None else seats.index(w)} for seats, w in games]


def test_deals_count_sweeps_splits_and_skip_incomplete_deals() -> None:
    rows = deal(1, "a", "a") + deal(2, "a", "b") + deal(3, "b", "b") + deal(4, "a", None) + deal(5, "a")
    stats = deal_stats(rows)
    assert stats == DealStats(4, (("a", 1), ("b", 1)))
    assert stats.split == 2 and stats.sign_p == 1.0
    assert summarize(rows).deals == stats
    assert "4 deals played from every seat: a swept 1, b swept 1, 2 split" in stats.describe()


def test_runs_without_paired_deals_have_none() -> None:
    rows = [{"seed": i, "agents": ["a", "b"], "winner": 0, "length": 1} for i in range(6)]
    assert summarize(rows).deals.deals == 0


def test_three_agent_deals_need_all_three_rotations() -> None:
    rotations = (["x", "y", "z"], ["y", "z", "x"], ["z", "x", "y"])
    rows = [{"seed": 7, "agents": seats, "winner": seats.index("y")} for seats in rotations]
    stats = deal_stats(rows)
    assert stats.deals == 1 and dict(stats.sweeps) == {"x": 0, "y": 1, "z": 0}
    assert stats.sign_p is None, "the sign test is for two agents"
    assert deal_stats(rows[:2]).deals == 0


def test_starting_player_counts_only_rows_that_name_it() -> None:
    rows = [{"agents": ["a", "b"], "winner": w, "first_player": f, "length": 1}
            for w, f in ((0, 1), (1, 1), (1, 1), (0, None), (None, 0))]
    summary = summarize(rows)
    assert (summary.starter.successes, summary.starter.trials) == (2, 3)
    assert summarize(rows[3:]).starter.trials == 0
    names = [c.name for c in compare(summary, summarize(rows[:2]))]
    assert names[-1] == "starting player"
    assert "starting player" not in [c.name for c in compare(summary, summarize(rows[3:]))]


def test_sign_test_exact_values() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(6, 0) == pytest.approx(2 / 64)
    assert sign_test(7, 4) == pytest.approx(0.548828125), "2 * P(X <= 4), X ~ Bin(11, 1/2)"
    assert sign_test(10, 2) == sign_test(2, 10) == pytest.approx(0.0385742, abs=1e-6)
